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

>>> import numpy as np
>>> class Squares:
...     def run(self, indices):
...         return RecordBatch({"index": indices, "square": indices**2})
>>> result = run_games(Squares(), 5, workers=1, chunk_size=2)
>>> result.records["square"].tolist(), result.completed, result.interrupted
([0, 1, 4, 9, 16], 5, False)
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import math
import multiprocessing
import os
import pickle
import signal
import struct
import sys
import tempfile
import threading
import time
import warnings
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np

from ludolab import __version__
from ludolab.core import rng as _rng
from ludolab.errors import LudolabError

__all__ = [
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

#: The largest automatic chunk: small enough that Ctrl-C, resume and progress stay responsive.
MAX_AUTO_CHUNK = 2000
#: Automatic chunking aims at this many chunks per worker (load balance vs per-chunk overhead).
CHUNKS_PER_WORKER = 8

RAY_MISSING = "Ray is not installed: pip install 'ludolab[ray]'"


# --------------------------------------------------------------------------------------------
# Records


def _pad_value(dtype: np.dtype) -> Any:
    if dtype.kind == "i":
        return -1
    if dtype.kind in "fc":
        return np.nan
    if dtype.kind == "b":
        return False
    if dtype.kind in "US":
        return ""
    raise ValueError(f"cannot pad a column of dtype {dtype} (unsigned): trailing shapes differ")


class RecordBatch:
    """Per-game records: named numpy arrays whose first axis is the game.

    Always has an ``index`` column (``int64``, the global game index). Columns are numeric, bool
    or fixed-width string arrays (what ``.npz`` and Parquet store without pickling); per-seat
    values are ``[G, P]`` arrays, per-turn values ``[G, P, T]``.

    >>> b = RecordBatch({"index": [2, 0], "vp": [[3, 5], [7, 1]]})
    >>> len(b), b.columns, b.sort_by_index()["vp"].tolist()
    (2, ('index', 'vp'), [[7, 1], [3, 5]])
    """

    __slots__ = ("_data",)

    def __init__(self, columns: Mapping[str, Any]) -> None:
        if "index" not in columns:
            raise ValueError("a RecordBatch needs an 'index' column")
        data: dict[str, np.ndarray] = {}
        length: int | None = None
        for name in ["index", *[c for c in columns if c != "index"]]:
            arr = np.asarray(columns[name])
            if arr.ndim == 0:
                raise ValueError(f"column {name!r} must have a game axis, got a scalar")
            if arr.dtype.kind not in "biufUS":
                raise TypeError(
                    f"column {name!r} has dtype {arr.dtype}; use numeric, bool or fixed-width "
                    "string arrays"
                )
            if length is None:
                length = arr.shape[0]
            elif arr.shape[0] != length:
                raise ValueError(f"column {name!r} has {arr.shape[0]} games, 'index' has {length}")
            data[name] = arr
        index = data["index"]
        if index.ndim != 1 or (index.size and index.dtype.kind not in "iu"):
            raise ValueError(
                f"'index' must be a 1-D integer array, got {index.dtype} {index.shape}"
            )
        data["index"] = index.astype(np.int64, copy=False)
        self._data = data

    # -- access ------------------------------------------------------------------------------
    def __len__(self) -> int:
        return int(self._data["index"].shape[0])

    def __getitem__(self, name: str) -> np.ndarray:
        return self._data[name]

    def __contains__(self, name: object) -> bool:
        return name in self._data

    @property
    def columns(self) -> tuple[str, ...]:
        """Column names, ``index`` first."""
        return tuple(self._data)

    @property
    def index(self) -> np.ndarray:
        """The global game indices (``int64``)."""
        return self._data["index"]

    def as_dict(self) -> dict[str, np.ndarray]:
        """A new dict of the columns (the arrays are shared, not copied)."""
        return dict(self._data)

    def __repr__(self) -> str:
        cols = ", ".join(f"{k}: {v.dtype}{list(v.shape[1:]) or ''}" for k, v in self._data.items())
        return f"RecordBatch({len(self)} games; {cols})"

    def equals(self, other: RecordBatch) -> bool:
        """Same columns in the same order, same dtypes and shapes, same values (NaN equals NaN)."""
        if self.columns != other.columns:
            return False
        for name, a in self._data.items():
            b = other[name]
            if a.dtype != b.dtype or a.shape != b.shape:
                return False
            if not np.array_equal(a, b, equal_nan=a.dtype.kind in "fc"):
                return False
        return True

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def empty(cls) -> RecordBatch:
        """A batch with no games and only the ``index`` column."""
        return cls({"index": np.zeros(0, dtype=np.int64)})

    def take(self, positions: Any) -> RecordBatch:
        """The games at ``positions`` (integer positions or a boolean mask over this batch)."""
        pos = np.asarray(positions)
        return RecordBatch({k: v[pos] for k, v in self._data.items()})

    def sort_by_index(self) -> RecordBatch:
        """The same games ordered by global index (a stable sort)."""
        return self.take(np.argsort(self._data["index"], kind="stable"))

    @staticmethod
    def concat(batches: Iterable[RecordBatch]) -> RecordBatch:
        """Stack batches game-wise. Empty batches are skipped; the others need the same columns.

        Trailing axes of different lengths (per-turn arrays of chunks whose longest game
        differs) are padded to the longest: with -1 for integers, NaN for floats, False for
        bools and "" for strings -- the "-1 after the game ended" convention of per-turn arrays.
        """
        items = [b for b in batches if len(b)]
        if not items:
            return RecordBatch.empty()
        if len(items) == 1:
            return items[0]
        names = items[0].columns
        for b in items[1:]:
            if b.columns != names:
                raise ValueError(f"cannot concat batches with columns {names} and {b.columns}")
        out: dict[str, np.ndarray] = {}
        for name in names:
            arrays = [b[name] for b in items]
            ndims = {a.ndim for a in arrays}
            if len(ndims) != 1:
                raise ValueError(f"column {name!r} has different numbers of axes across batches")
            tails = {a.shape[1:] for a in arrays}
            if len(tails) > 1:
                target = tuple(max(s) for s in zip(*tails, strict=True))
                dtype = np.result_type(*arrays)
                fill = _pad_value(dtype)
                padded = []
                for a in arrays:
                    if a.shape[1:] != target:
                        p = np.full((a.shape[0], *target), fill, dtype=dtype)
                        p[tuple(slice(0, s) for s in a.shape)] = a
                        a = p
                    padded.append(a)
                arrays = padded
            out[name] = np.concatenate(arrays, axis=0)
        return RecordBatch(out)

    # -- bytes (one chunk of a results file) ----------------------------------------------------
    def to_bytes(self) -> bytes:
        """The batch as ``.npz`` bytes (no pickling)."""
        buf = io.BytesIO()
        np.savez(buf, **self._data)
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> RecordBatch:
        """Inverse of :meth:`to_bytes`."""
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            return cls({name: z[name] for name in z.files})


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


class WorkerCrashError(RuntimeError):
    """A chunk of games killed its worker process more often than ``max_retries`` allows."""


# --------------------------------------------------------------------------------------------
# Results file: append-only frames, a torn tail (a crash while writing) is dropped on resume.

_MAGIC = b"LUDOLAB RECORDS1"
_FRAME = struct.Struct("<4sQI")  # kind, payload length, crc32 of the payload
_HEAD = b"HEAD"
_RECS = b"RECS"


@dataclass(frozen=True)
class FileDamage:
    """What reading a results file set aside: damaged stretches and frames with bad contents."""

    dropped_frames: int = 0
    dropped_bytes: int = 0
    torn_tail: bool = False
    reasons: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.dropped_frames or self.dropped_bytes)

    def describe(self, path: Path) -> str:
        """One line for the user (empty when nothing intact was lost)."""
        if not self:
            return ""
        why = f" ({'; '.join(self.reasons[:3])})" if self.reasons else ""
        return (f"{path}: set aside {self.dropped_frames} damaged frame(s) and "
                f"{self.dropped_bytes:,} unreadable byte(s){why}; every intact frame was kept")


def _check_batch(batch: RecordBatch, schema: dict[str, tuple[str, tuple[int, ...]]] | None,
                 seen: set[int]) -> str | None:
    """Why a checksummed frame's records cannot be trusted, or None when they are sound."""
    idx = batch.index
    if idx.dtype != np.int64 or idx.ndim != 1 or not len(idx):
        return "an index column that is not a non-empty int64 vector"
    if (idx < 0).any() or (idx >= 2**62).any():
        return "game indices out of range"
    if len(np.unique(idx)) != len(idx) or any(int(g) in seen for g in idx):
        return "the same game twice"
    for name in batch.columns:
        if batch[name].dtype.kind not in "biufUS":
            return f"column {name!r} of an unsupported type"
    if schema is not None:
        got = {n: (batch[n].dtype.str, batch[n].shape[1:]) for n in batch.columns}
        if set(got) != set(schema) or any(
            got[n][0] != schema[n][0] or (len(got[n][1]) != len(schema[n][1])) for n in got
        ):
            return "columns that differ from the rest of the file"
    return None


def _read_frames(data: bytes, path: Path) -> tuple[dict, list[RecordBatch], FileDamage]:
    """The header, every sound batch, and what was set aside.

    A frame is sound when its kind, length and checksum agree and its contents make sense; a
    damaged stretch is skipped by finding the next sound frame, so one flipped byte costs one
    frame, not the rest of the file. A damaged stretch at the very end is a torn tail (a run
    killed while writing) and is not reported as lost data.
    """
    if not data.startswith(_MAGIC):
        raise LudolabError(f"{path}: not a ludolab results file")
    header: dict | None = None
    batches: list[RecordBatch] = []
    schema: dict[str, tuple[str, tuple[int, ...]]] | None = None
    seen: set[int] = set()
    dropped_frames = dropped_bytes = 0
    reasons: list[str] = []
    torn = False
    pos, n = len(_MAGIC), len(data)

    def frame_at(at: int) -> tuple[bytes, bytes] | None:
        if at + _FRAME.size > n:
            return None
        kind, length, crc = _FRAME.unpack_from(data, at)
        end = at + _FRAME.size + length
        if kind not in (_HEAD, _RECS) or end > n:
            return None
        payload = data[at + _FRAME.size:end]
        return (kind, payload) if zlib.crc32(payload) == crc else None

    while pos < n:
        found = frame_at(pos)
        if found is None:  # damaged: look for the next sound frame
            nxt = pos + 1
            while True:
                cands = [i for i in (data.find(_RECS, nxt), data.find(_HEAD, nxt)) if i >= 0]
                if not cands:
                    nxt = -1
                    break
                nxt = min(cands)
                if frame_at(nxt) is not None:
                    break
                nxt += 1
            if nxt < 0:
                torn = True
                break
            dropped_bytes += nxt - pos
            reasons.append(f"unreadable bytes at offset {pos:,}")
            pos = nxt
            continue
        kind, payload = found
        pos += _FRAME.size + len(payload)
        problem: str | None = None
        if kind == _HEAD:
            try:
                head = json.loads(payload.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                head = None
            if not isinstance(head, dict) or not isinstance(head.get("fingerprint"), str):
                problem = "a header that is not a ludolab header"
            elif header is None:
                header = head
            if problem:
                dropped_frames += 1
                reasons.append(problem)
            continue
        try:
            batch = RecordBatch.from_bytes(payload)
        except Exception:  # any undecodable payload is damage, whatever numpy raises
            problem = "records that cannot be decoded"
        else:
            problem = _check_batch(batch, schema, seen)
        if problem:
            dropped_frames += 1
            reasons.append(problem)
            continue
        if schema is None:
            schema = {c: (batch[c].dtype.str, batch[c].shape[1:]) for c in batch.columns}
        seen.update(int(g) for g in batch.index)
        batches.append(batch)
    if header is None:
        raise LudolabError(f"{path}: results file has no header (damaged); use a new file")
    return header, batches, FileDamage(dropped_frames, dropped_bytes, torn, tuple(reasons))


def read_records_file(path: str | os.PathLike[str]) -> RecordBatch:
    """All games stored in a results file written by :func:`run_games`, sorted by index.

    A torn last chunk (the run was killed while writing it) is ignored.
    """
    p = Path(path)
    if not p.is_file():
        raise LudolabError(f"{p}: no such results file")
    _, batches, damage = _read_frames(p.read_bytes(), p)
    if damage:
        warnings.warn(damage.describe(p), ResultsFileWarning, stacklevel=2)
    return _unique_sorted(RecordBatch.concat(batches))


class ResultsFileWarning(UserWarning):
    """A results file had damaged frames; the intact ones were read (the message says what)."""


def _unique_sorted(batch: RecordBatch) -> RecordBatch:
    if not len(batch):
        return batch
    _, first = np.unique(batch.index, return_index=True)
    return batch.take(np.sort(first)).sort_by_index()


class _RecordsFile:
    """The append-only results file of one run."""

    def __init__(self, path: Path, fingerprint: str, resume: bool) -> None:
        self.path = path
        self.previous = RecordBatch.empty()
        self.damage = FileDamage()
        if path.exists():
            if not resume:
                raise LudolabError(
                    f"{path}: results file exists; pass resume=True to continue that run, "
                    "or choose a new file"
                )
            header, batches, self.damage = _read_frames(path.read_bytes(), path)
            if header.get("fingerprint") != fingerprint:
                raise LudolabError(
                    f"{path}: results file belongs to a different run (another task, players or "
                    "seed); use a new file"
                )
            self.previous = _unique_sorted(RecordBatch.concat(batches))
            # Rewrite the intact frames into a fresh file (atomically), so damage is dropped
            # once and the appended chunks follow sound frames.
            tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
            self.f = tmp.open("wb")
            self.f.write(_MAGIC)
            self._write(_HEAD, json.dumps(header).encode("utf-8"))
            for batch in batches:
                self._write(_RECS, batch.to_bytes())
            os.replace(tmp, path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.f = path.open("wb")
            self.f.write(_MAGIC)
            head = {"format": 1, "fingerprint": fingerprint, "ludolab": __version__}
            self._write(_HEAD, json.dumps(head).encode("utf-8"))

    def _write(self, kind: bytes, payload: bytes) -> None:
        self.f.write(_FRAME.pack(kind, len(payload), zlib.crc32(payload)) + payload)
        self.f.flush()
        os.fsync(self.f.fileno())

    def append(self, batch: RecordBatch) -> None:
        self._write(_RECS, batch.to_bytes())

    def close(self) -> None:
        self.f.close()


def _fingerprint(task: Any) -> str:
    custom = getattr(task, "fingerprint", None)
    if callable(custom):
        return str(custom())
    return hashlib.sha256(pickle.dumps(task, protocol=4)).hexdigest()


# --------------------------------------------------------------------------------------------
# Running


class _Collector:
    """Accepts finished chunks exactly once: checks, saves, counts, reports progress."""

    def __init__(
        self,
        store: _RecordsFile | None,
        progress: Callable[[int, int], Any] | None,
        done: int,
        total: int,
    ) -> None:
        self.store = store
        self.progress = progress
        self.done = done
        self.total = total
        self.batches: list[RecordBatch] = []
        self.retries = 0

    def start(self) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total)

    def accept(self, chunk: np.ndarray, batch: Any) -> None:
        if not isinstance(batch, RecordBatch):
            raise TypeError(f"task.run must return a RecordBatch, got {type(batch).__name__}")
        got = np.sort(batch.index)
        if not np.array_equal(got, chunk):
            raise RuntimeError(
                f"task.run was asked for games {_span(chunk)} but returned records for "
                f"{len(got)} games ({_span(got)}); each index must give exactly one record"
            )
        if self.store is not None:
            self.store.append(batch)
        self.batches.append(batch)
        self.done += len(batch)
        if self.progress is not None:
            self.progress(self.done, self.total)


def _span(idx: np.ndarray) -> str:
    if not len(idx):
        return "none"
    return f"{int(idx[0])}..{int(idx[-1])}" if len(idx) > 1 else str(int(idx[0]))


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


def _import_ray() -> Any:
    try:
        import ray  # lazy: Ray is a heavy optional extra (ludolab[ray]), loaded only for a Ray run
    except ImportError:
        raise LudolabError(RAY_MISSING) from None
    return ray


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
) -> RunResult:
    """Play games ``0 .. n_games-1`` of ``task`` and return their records sorted by index.

    ``workers``: processes (local) or concurrent Ray tasks; ``None`` means every core (local) or
    the whole cluster (Ray); ``1`` runs in this process. ``chunk_size``: games per chunk
    (``None``: the task's ``preferred_chunk_size`` or about eight chunks per worker, at most
    :data:`MAX_AUTO_CHUNK`). ``progress(done, total)`` is called in this process at the start
    and after each chunk. ``results_file``: append each finished chunk to this file;
    ``resume=True`` loads it and plays only the games it lacks (an existing file without
    ``resume`` is an error, so a finished run is never overwritten by accident).
    ``max_retries``: how often a chunk whose worker died is replayed before
    :class:`WorkerCrashError`. An exception raised by the task itself is not retried: it
    propagates (finished chunks stay in the results file).
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
    ray = _import_ray() if backend == "ray" else None

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
        store = _RecordsFile(Path(results_file), _fingerprint(task), resume)
    try:
        previous = RecordBatch.empty()
        if store is not None and len(store.previous):
            previous = store.previous.take(store.previous.index < n_games)
        remaining = np.setdiff1d(np.arange(n_games, dtype=np.int64), previous.index)
        n_workers = workers or (_default_workers() if backend == "local" else 0)
        collector = _Collector(store, progress, done=len(previous), total=n_games)
        interrupted = False
        try:
            collector.start()
            if len(remaining):
                if backend == "ray":
                    _run_ray(
                        ray, task, remaining, chunk_size, collector, workers, address, max_retries
                    )
                else:
                    size = chunk_size or _auto_chunk(task, len(remaining), n_workers)
                    chunks = _split(remaining, size)
                    if n_workers == 1:
                        for chunk in chunks:
                            collector.accept(chunk, task.run(chunk))
                    else:
                        assert task_bytes is not None
                        ref, tmp = _task_ref(task_bytes)
                        try:
                            _run_pool(ref, chunks, collector, n_workers, max_retries)
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


def _task_ref(task_bytes: bytes) -> tuple[_TaskRef, str | None]:
    """The task as workers receive it; the temporary file to remove afterwards, if any."""
    key = hashlib.sha256(task_bytes).hexdigest()
    if len(task_bytes) <= INLINE_TASK_BYTES:
        return _TaskRef(key, data=task_bytes), None
    fd, path = tempfile.mkstemp(prefix="ludolab-task-", suffix=".pickle")
    with os.fdopen(fd, "wb") as f:
        f.write(task_bytes)
    return _TaskRef(key, path=path), path


def _auto_chunk(task: Any, n: int, workers: int) -> int:
    hint = getattr(task, "preferred_chunk_size", None)
    if isinstance(hint, (int, np.integer)) and not isinstance(hint, bool) and hint >= 1:
        return int(hint)
    return int(min(MAX_AUTO_CHUNK, max(1, math.ceil(n / (max(workers, 1) * CHUNKS_PER_WORKER)))))


def _split(indices: np.ndarray, size: int) -> list[np.ndarray]:
    return [indices[i : i + size] for i in range(0, len(indices), size)]


# -- local process pool ------------------------------------------------------------------------

#: A pickled task up to this size rides along with every chunk; a larger one (a big value
#: table, say) goes through a temporary file that each worker reads once.
INLINE_TASK_BYTES = 256 * 1024


@dataclass(frozen=True)
class _TaskRef:
    """How a worker gets the task of a run: its digest, and the pickle inline or in a file."""

    key: str
    data: bytes | None = None
    path: str | None = None


_worker_tasks: dict[str, Any] = {}


def _worker_init() -> None:
    """Pool initializer: Ctrl-C is the parent's business (the terminal sends SIGINT to the whole
    process group; the parent stops the workers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_run(ref: _TaskRef, indices: np.ndarray) -> RecordBatch:
    """Play one chunk in a pool worker. The task is unpickled once per worker and run (here, so
    that an unpickling error reaches the caller as an ordinary exception)."""
    task = _worker_tasks.get(ref.key)
    if task is None:
        data = ref.data if ref.data is not None else Path(str(ref.path)).read_bytes()
        task = pickle.loads(data)
        _worker_tasks.clear()  # keep only the current run's task
        _worker_tasks[ref.key] = task
    return task.run(indices)


_forkserver_ready = False
#: Imported once by the fork server, so that every worker forked from it starts with them loaded
#: (numba alone takes about a second to import).
_FORKSERVER_PRELOAD = ("numpy", "numba", "ludolab.arena.runner")


def _mp_context() -> Any:
    """forkserver where available (see the module docstring for why not fork), else spawn."""
    global _forkserver_ready
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        if not _forkserver_ready:
            ctx.set_forkserver_preload(list(_FORKSERVER_PRELOAD))
            _forkserver_ready = True
        return ctx
    return multiprocessing.get_context("spawn")  # pragma: no cover - Windows


# The pool is kept between runs: a worker's start (imports, numba loading its compiled code) is
# paid once per process, not once per run -- which matters to callers that run many short
# batches, such as a genetic algorithm scoring every generation. One run uses it at a time; a run
# that finds it busy (a run started from a progress callback, or from another thread) makes a
# private pool of its own.
_pool: ProcessPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def _check_main_importable() -> None:
    """Worker processes re-import the caller's main script; one read from standard input
    (``python - < script.py``) has no file to re-import, and every worker would die at start."""
    main_file = getattr(sys.modules.get("__main__"), "__file__", None)
    if main_file is not None and not os.path.isfile(main_file):
        raise LudolabError(
            f"worker processes cannot start from a script with no file ({main_file!r}, e.g. read "
            "from standard input): save it as a file and run that, or use workers=1"
        )


def _new_pool(size: int) -> ProcessPoolExecutor:
    _check_main_importable()
    return ProcessPoolExecutor(max_workers=size, mp_context=_mp_context(), initializer=_worker_init)


def _kill_pool(executor: ProcessPoolExecutor) -> None:
    """Stop a pool now: running chunks are abandoned (their games are not counted)."""
    for proc in list((getattr(executor, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):  # already gone
            proc.terminate()
    executor.shutdown(wait=True, cancel_futures=True)


class _PoolHandle:
    """The shared pool (or a private one when it is busy) for one run."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.shared = _pool_lock.acquire(blocking=False)
        self.executor: ProcessPoolExecutor | None = None

    def get(self) -> ProcessPoolExecutor:
        global _pool, _pool_size
        if self.executor is None:
            if not self.shared:
                self.executor = _new_pool(self.size)
            else:
                if _pool is not None and _pool_size != self.size:
                    _pool.shutdown(wait=True)
                    _pool = None
                if _pool is None:
                    _pool, _pool_size = _new_pool(self.size), self.size
                self.executor = _pool
        return self.executor

    def drop(self, kill: bool) -> None:
        """Discard the pool (after a worker died, or to stop at once)."""
        global _pool
        if self.executor is None:
            return
        if kill:
            _kill_pool(self.executor)
        else:
            self.executor.shutdown(wait=True)
        if self.shared:
            _pool = None
        self.executor = None

    def release(self) -> None:
        if self.shared:
            _pool_lock.release()
        elif self.executor is not None:
            self.executor.shutdown(wait=True)


def shutdown_workers(kill: bool = False) -> None:
    """Stop the worker processes that :func:`run_games` keeps between runs (they also stop when
    the program exits); ``kill=True`` terminates them at once (a program that is being ended)."""
    global _pool
    with _pool_lock:
        if _pool is not None:
            if kill:
                _kill_pool(_pool)
            else:
                _pool.shutdown(wait=True)
            _pool = None


def _run_pool(
    ref: _TaskRef,
    chunks: list[np.ndarray],
    collector: _Collector,
    workers: int,
    max_retries: int,
) -> None:
    """Play ``chunks`` in a process pool, replacing it when a worker dies.

    At most one chunk per worker is in flight, so when a worker dies the culprit is one of the
    in-flight chunks. Those become *suspects* and are replayed one at a time, alone in the pool:
    an innocent chunk then simply finishes, and a chunk that dies alone is the culprit and has
    one death counted against ``max_retries``.
    """
    n_workers = min(workers, len(chunks))
    pending = deque(range(len(chunks)))
    suspects: deque[int] = deque()
    deaths = [0] * len(chunks)
    in_flight: dict[Future, int] = {}
    pool = _PoolHandle(workers)

    def settle(fut: Future, alone: bool) -> None:
        cid = in_flight.pop(fut)
        exc = fut.exception()
        if exc is None:
            collector.accept(chunks[cid], fut.result())
            return
        if not isinstance(exc, BrokenProcessPool):
            raise exc
        if alone:
            deaths[cid] += 1
            if deaths[cid] > max_retries:
                raise WorkerCrashError(
                    f"a worker process died {deaths[cid]} times while playing games "
                    f"{_span(chunks[cid])} (max_retries={max_retries}); the task crashes its "
                    "process (a segfault, the out-of-memory killer or os._exit)"
                )
        collector.retries += 1
        suspects.append(cid)

    try:
        while pending or suspects or in_flight:
            executor = pool.get()
            broken = False
            queue = suspects if suspects else pending
            limit = 1 if suspects else n_workers
            while queue and len(in_flight) < limit:
                try:
                    fut = executor.submit(_worker_run, ref, chunks[queue[0]])
                except BrokenProcessPool:
                    broken = True
                    break
                in_flight[fut] = queue.popleft()
            if in_flight and not broken:
                done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
                for fut in done:
                    if isinstance(fut.exception(), BrokenProcessPool):
                        broken = True
                    else:
                        settle(fut, alone=False)
            if broken:
                alone = len(in_flight) == 1
                wait(list(in_flight))  # a broken pool fails every in-flight future
                for fut in list(in_flight):
                    settle(fut, alone)
                pool.drop(kill=False)
    except BaseException:
        pool.drop(kill=True)
        raise
    finally:
        pool.release()


# -- Ray ---------------------------------------------------------------------------------------


def _ray_chunk(task: Any, indices: np.ndarray) -> RecordBatch:
    """One chunk as a Ray task (module-level so that Ray workers import it by name)."""
    return task.run(indices)


def _driver_pythonpath() -> str:
    """This process's import path beyond the interpreter's own directories, for the workers of
    a local Ray cluster: they then import what the caller can (its scripts, test modules), as
    pool workers do. (A remote cluster must get the caller's code through its own runtime_env.)
    """
    prefixes = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    extra = []
    for entry in sys.path:
        path = os.path.realpath(entry or os.curdir)
        if not os.path.isdir(path) or any(path.startswith(pre + os.sep) for pre in prefixes):
            continue
        if path not in extra:
            extra.append(path)
    inherited = os.environ.get("PYTHONPATH", "")
    return os.pathsep.join([*extra, *([inherited] if inherited else [])])


def _run_ray(
    ray: Any,
    task: Any,
    remaining: np.ndarray,
    chunk_size: int | None,
    collector: _Collector,
    workers: int | None,
    address: str | None,
    max_retries: int,
) -> None:
    own_cluster = False
    if not ray.is_initialized():
        try:
            if address is not None:
                ray.init(address=address, log_to_driver=True)
            else:
                ray.init(
                    num_cpus=workers,
                    include_dashboard=False,
                    runtime_env={"env_vars": {"PYTHONPATH": _driver_pythonpath()}},
                )
        except ConnectionError as exc:
            raise LudolabError(f"cannot connect to the Ray cluster at {address}: {exc}") from None
        own_cluster = True
    refs: dict[Any, int] = {}
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        limit = workers if workers is not None else 2 * cpus
        size = chunk_size or _auto_chunk(task, len(remaining), workers or cpus)
        chunks = _split(remaining, size)
        remote = ray.remote(num_cpus=1, max_retries=max_retries, retry_exceptions=False)(_ray_chunk)
        task_ref = ray.put(task)
        pending = deque(range(len(chunks)))
        while pending or refs:
            while pending and len(refs) < limit:
                cid = pending.popleft()
                refs[remote.remote(task_ref, chunks[cid])] = cid
            ready, _ = ray.wait(list(refs), num_returns=1)
            for ref in ready:
                cid = refs.pop(ref)
                try:
                    batch = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    cause = getattr(exc, "cause", None)
                    if isinstance(cause, BaseException):
                        raise cause from None
                    raise
                except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError) as exc:
                    raise WorkerCrashError(
                        f"Ray workers died more than {max_retries} times while playing games "
                        f"{_span(chunks[cid])}: {type(exc).__name__}"
                    ) from None
                collector.accept(chunks[cid], batch)
    except BaseException:
        for ref in refs:
            with contextlib.suppress(Exception):  # already finished
                ray.cancel(ref, force=True)
        raise
    finally:
        if own_cluster:
            ray.shutdown()
