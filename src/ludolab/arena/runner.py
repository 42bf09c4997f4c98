"""Run many games on every core of a machine or on a Ray cluster.

A run is the games ``0 .. n_games-1``, numbered by their *global index*. A :class:`GameTask` plays
any set of them and returns their records as a :class:`RecordBatch`; since game *g* draws all its
luck from the seed of its index (``ludolab.core.rng.game_seeds(master, g, 1)``, or the seed of
its deal for duplicate seating), the records of a game never depend on which process played it
or which other games shared its chunk. :func:`run_games` splits the indices into chunks and plays
them:

* ``workers=1``: in this process, chunk after chunk (no pool, nothing pickled);
* ``backend="local"``: in worker processes (``concurrent.futures.ProcessPoolExecutor``);
* ``backend="ray"``: as Ray tasks, on an existing cluster (``address``) or on a local one started
  for the run (Ray is the optional extra ``ludolab[ray]``).

Whatever the backend, worker count or chunk size, the returned records are the same, sorted by
index. A worker process that dies (a segfault, the out-of-memory killer, ``os._exit``) is replaced
and its chunk replayed, at most ``max_retries`` times; a chunk is accepted only once, so no game
is lost or counted twice. Ctrl-C stops the run and returns the finished games with
``interrupted=True``. With ``results_file`` every finished chunk is appended to an append-only
file as it arrives, and ``resume=True`` continues a stopped run where it left off.

The worker processes stay alive between runs (until :func:`shutdown_workers` or the end of the
program), so a caller that runs many short batches -- a genetic algorithm scoring each
generation -- pays the start of its workers (imports, numba loading compiled code) only once.

Process start method: the pool uses ``forkserver`` where the platform has it, else ``spawn``.
Both start workers from a clean interpreter rather than forking the caller, which matters here:
the caller may hold Ray's background threads, numba's thread pools or open locks, and forking a
threaded process can deadlock the child. ``forkserver`` keeps ``spawn``'s clean state but starts
workers faster (they are forked from a small single-threaded server that has already imported
numpy, numba and this module). Either way the task must be picklable: a dataclass of
module-level functions or classes, not lambdas or closures.

The pieces live in their own modules, re-exported here: :mod:`~ludolab.arena.records` (the
record batches), :mod:`~ludolab.arena.resultsfile` (the append-only results file),
:mod:`~ludolab.arena.chunks` (chunking, and the collector that every backend hands its finished
chunks to), :mod:`~ludolab.arena.pool` (the kept process pool and crash recovery) and
:mod:`~ludolab.arena.ray_backend`; this module is the front door that ties them into a run. The
imports point one way: runner -> pool, ray_backend -> chunks -> resultsfile, records.

>>> import numpy as np
>>> class Squares:
...     def run(self, indices):
...         return RecordBatch({"index": indices, "square": indices**2})
>>> result = run_games(Squares(), 5, workers=1, chunk_size=2)
>>> result.records["square"].tolist(), result.completed, result.interrupted
([0, 1, 4, 9, 16], 5, False)
"""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np

from ludolab.arena.chunks import CHUNKS_PER_WORKER, MAX_AUTO_CHUNK, Collector, auto_chunk, split
from ludolab.arena.pool import (
    INLINE_TASK_BYTES,
    WorkerCrashError,
    run_pool,
    shutdown_workers,
    task_ref,
)
from ludolab.arena.ray_backend import RAY_MISSING, import_ray, run_ray
from ludolab.arena.records import RecordBatch
from ludolab.arena.resultsfile import (
    FileDamage,
    RecordsFile,
    ResultsFileWarning,
    read_records_file,
    run_fingerprint,
)
from ludolab.core import rng as _rng
from ludolab.errors import LudolabError

__all__ = [
    "CHUNKS_PER_WORKER",
    "INLINE_TASK_BYTES",
    "MAX_AUTO_CHUNK",
    "RAY_MISSING",
    "FileDamage",
    "GameTask",
    "RecordBatch",
    "ResultsFileWarning",
    "RunResult",
    "WorkerCrashError",
    "game_seeds_for",
    "read_records_file",
    "run_games",
    "shutdown_workers",
]




#: The seeds of games (or deals) at any indices: one function, in :mod:`ludolab.core.rng`
#: (kept under this name for callers of the runner).
game_seeds_for = _rng.game_seeds_at


# --------------------------------------------------------------------------------------------
# Task protocol and result


@runtime_checkable
class GameTask(Protocol):
    """What :func:`run_games` plays: a picklable object with ``run(indices) -> RecordBatch``.

    ``run`` plays exactly the games whose global indices are given (sorted ``int64``) and
    returns one record per game. A game's records must depend on its index only (its seed comes
    from the index, its seating from the task's schedule), never on the other indices of the
    call: this is what makes results independent of chunking and backend.

    Optional attributes a task may define:

    * ``preferred_chunk_size: int`` -- the automatic chunk size (a compiled engine wants big
      chunks, a slow search player small ones);
    * ``fingerprint() -> str`` -- identifies the run in a results file (default: a hash of the
      pickled task), so that ``resume`` never mixes games of two different runs.
    """

    def run(self, indices: np.ndarray) -> RecordBatch:
        """Play the games at ``indices`` and return their records."""
        ...


@dataclass
class RunResult:
    """What :func:`run_games` returns.

    ``records`` holds every finished game of the run sorted by index (including games loaded
    from the results file when resuming); ``completed`` is their number; ``interrupted`` is True
    when Ctrl-C stopped the run; ``seconds`` is the wall time of this call; ``resumed`` is the
    number of games taken from the results file; ``retries`` counts chunks replayed after a
    worker died (local backend; Ray retries inside the cluster).
    """

    records: RecordBatch
    completed: int
    interrupted: bool
    seconds: float
    resumed: int = 0
    retries: int = 0
    damage: str = ""
    """When resuming: a line saying what a damaged results file lost (empty: nothing)."""


# --------------------------------------------------------------------------------------------
# Running


def _default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _check_count(name: str, value: Any, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise LudolabError(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        bound = "0 or more" if minimum == 0 else f"at least {minimum}"
        raise LudolabError(f"{name} must be {bound}, got {value}")




def run_games(
    task: GameTask,
    n_games: int,
    *,
    workers: int | None = None,
    backend: Literal["local", "ray"] = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], Any] | None = None,
    results_file: str | os.PathLike[str] | None = None,
    resume: bool = False,
    max_retries: int = 2,
    on_batch: Callable[[RecordBatch], Any] | None = None,
) -> RunResult:
    """Play games ``0 .. n_games-1`` of ``task`` and return their records sorted by index.

    ``workers``: processes (local) or concurrent Ray tasks; ``None`` means every core (local) or
    the whole cluster (Ray); ``1`` runs in this process. ``chunk_size``: games per chunk
    (``None``: the task's ``preferred_chunk_size`` or about eight chunks per worker, at most
    :data:`MAX_AUTO_CHUNK`). ``progress(done, total)`` is called in this process at the start
    and after each chunk, and with worker processes also every :data:`~.chunks.HEARTBEAT` seconds
    while no chunk finishes (the same count again); a callback that raises ``KeyboardInterrupt``
    stops the run like Ctrl-C. ``results_file``: append each finished chunk to this file;
    ``resume=True`` loads it and plays only the games it lacks (an existing file without
    ``resume`` is an error, so a finished run is never overwritten by accident).
    ``max_retries``: how often a chunk whose worker died is replayed before
    :class:`WorkerCrashError`. ``on_batch(batch)`` is called in this process with each finished
    chunk's records, just before its progress report (a page that shows results while the run
    goes; it may raise ``KeyboardInterrupt`` as ``progress`` may). An exception raised by the
    task itself is not retried: it propagates (finished chunks stay in the results file).
    """
    started = time.perf_counter()
    _check_count("n_games", n_games, 0)
    if workers is not None:
        _check_count("workers", workers, 1)
    if chunk_size is not None:
        _check_count("chunk_size", chunk_size, 1)
    _check_count("max_retries", max_retries, 0)
    if backend not in ("local", "ray"):
        raise LudolabError(f"unknown backend {backend!r}; choose 'local' or 'ray'")
    if address is not None and backend != "ray":
        raise LudolabError("address is only used with backend='ray'")
    if resume and results_file is None:
        raise LudolabError("resume=True needs a results_file")
    if not callable(getattr(task, "run", None)):
        raise TypeError(f"{type(task).__name__} is not a GameTask: it has no run(indices) method")
    ray = import_ray() if backend == "ray" else None

    task_bytes: bytes | None = None
    if backend == "ray" or (workers or _default_workers()) > 1:
        try:
            task_bytes = pickle.dumps(task, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            raise TypeError(
                f"the task must be picklable to run in other processes (use module-level "
                f"functions and classes, not lambdas or closures): {exc}"
            ) from exc

    store = None
    if results_file is not None:
        store = RecordsFile(Path(results_file), run_fingerprint(task), resume)
    try:
        previous = RecordBatch.empty()
        if store is not None and len(store.previous):
            previous = store.previous.take(store.previous.index < n_games)
        remaining = np.arange(n_games, dtype=np.int64)
        if len(previous):  # resuming: only the games the file lacks (a set difference costs a sort)
            remaining = np.setdiff1d(remaining, previous.index)
        n_workers = workers or (_default_workers() if backend == "local" else 0)
        collector = Collector(store, progress, done=len(previous), total=n_games,
                              on_batch=on_batch)
        interrupted = False
        try:
            collector.start()
            if len(remaining):
                if backend == "ray":
                    run_ray(
                        ray, task, remaining, chunk_size, collector, workers, address, max_retries
                    )
                else:
                    size = chunk_size or auto_chunk(task, len(remaining), n_workers)
                    chunks = split(remaining, size)
                    if n_workers == 1:
                        for chunk in chunks:
                            collector.accept(chunk, task.run(chunk))
                    else:
                        assert task_bytes is not None
                        ref, tmp = task_ref(task_bytes)
                        try:
                            run_pool(ref, chunks, collector, n_workers, max_retries)
                        finally:
                            if tmp is not None:
                                os.unlink(tmp)
        except KeyboardInterrupt:
            interrupted = True
    finally:
        if store is not None:
            store.close()
    records = RecordBatch.concat([previous, *collector.batches]).sort_by_index()
    return RunResult(
        records=records,
        completed=len(records),
        interrupted=interrupted,
        seconds=time.perf_counter() - started,
        resumed=len(previous),
        retries=collector.retries,
        damage=store.damage.describe(store.path) if store is not None else "",
    )


