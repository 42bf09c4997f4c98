"""The local process pool: workers kept between runs, crash recovery, chunking.

A worker that dies is replaced and its chunk replayed (suspects alone, to find the culprit);
a chunk is accepted once, so no game is lost or counted twice.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import hashlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import select
import signal
import sys
import tempfile
import threading
import time
import weakref
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ludolab.arena.chunks import Collector, span
from ludolab.arena.records import RecordBatch
from ludolab.errors import LudolabError

__all__ = ["SIGNAL_POLL", "WorkerCrashError", "run_pool", "shutdown_workers", "task_ref"]

log = logging.getLogger("ludolab.arena")



class WorkerCrashError(RuntimeError):
    """A chunk of games killed its worker process more often than ``max_retries`` allows."""



def task_ref(task_bytes: bytes) -> tuple[_TaskRef, str | None]:
    """The task as workers receive it; the temporary file to remove afterwards, if any."""
    key = hashlib.sha256(task_bytes).hexdigest()
    if len(task_bytes) <= INLINE_TASK_BYTES:
        return _TaskRef(key, data=task_bytes), None
    fd, path = tempfile.mkstemp(prefix="ludolab-task-", suffix=".pickle")
    with os.fdopen(fd, "wb") as f:
        f.write(task_bytes)
    return _TaskRef(key, path=path), path


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


def _worker_init(owner: int | None = None) -> None:
    """Pool initializer: Ctrl-C is the parent's business (the terminal sends SIGINT to the whole
    process group; the parent stops the workers itself); and a worker ends when the process that
    made the pool (``owner``) dies, even by ``kill -9``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if owner is not None:
        _exit_with(owner)


#: How often a worker without pidfd support looks whether the pool's owner still lives (s).
OWNER_POLL = 0.5


def _exit_with(owner: int) -> None:
    """End this process soon after process ``owner`` ends.

    A pool worker otherwise outlives a killed parent forever: it waits on a queue whose write end
    it holds itself, and while it lives the fork server and resource tracker (which wait for
    every holder of their pipes to end) live too. A daemon thread waits on a pidfd of the owner
    (Linux: woken the moment it ends, no pid-reuse race), else polls it every
    :data:`OWNER_POLL` seconds. On Linux the worker also asks the kernel for SIGKILL when its
    direct parent (the fork server) dies.
    """
    if os.name != "posix":  # pragma: no cover - Windows: os.kill(pid, 0) would terminate it
        return
    _kill_me_with_my_parent()

    def watch() -> None:
        try:
            fd = os.pidfd_open(owner)
        except ProcessLookupError:
            os._exit(1)
        except (AttributeError, OSError):  # no pidfd (old kernel, not Linux): poll
            while True:
                try:
                    os.kill(owner, 0)
                except ProcessLookupError:
                    os._exit(1)
                except PermissionError:  # alive, another user's (pid reused): keep going
                    pass
                time.sleep(OWNER_POLL)
        select.select([fd], [], [])  # readable once the owner has ended
        os._exit(1)

    threading.Thread(target=watch, name="ludolab-owner-watch", daemon=True).start()


def _kill_me_with_my_parent() -> None:
    """prctl(PR_SET_PDEATHSIG, SIGKILL) where the C library offers it (Linux); else nothing."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):  # no libc found: the watch thread still does the job
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)


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


#: Every pool made by this process (kept or private), so that the end of the program can stop
#: the busy ones.
_live_pools: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
#: Set once the program is ending: no run may start a pool any more.
_exiting = False


def _new_pool(size: int) -> ProcessPoolExecutor:
    if _exiting:
        raise KeyboardInterrupt  # the program is ending: the run stops like Ctrl-C
    _check_main_importable()
    executor = ProcessPoolExecutor(max_workers=size, mp_context=_mp_context(),
                                   initializer=_worker_init, initargs=(os.getpid(),))
    _live_pools.add(executor)
    return executor


def _kill_busy_pools_at_exit() -> None:
    """At the end of the program, kill the pools that a run still uses.

    A run in a daemon thread (a web job when the server gets SIGTERM) keeps its pool busy, and
    concurrent.futures' own exit hook then waits for the running chunks to finish (minutes of
    poker) before the process can end. Registered after that hook, so it runs before it. An
    idle kept pool closes the ordinary way.
    """
    global _exiting
    _exiting = True
    for executor in list(_live_pools):
        idle = executor is _pool and not _pool_lock.locked()
        if not idle and not getattr(executor, "_shutdown_thread", False):
            _kill_pool(executor)


# threading's exit hooks run before it joins the threads (concurrent.futures uses the same one)
getattr(threading, "_register_atexit", atexit.register)(_kill_busy_pools_at_exit)


#: How long stopping a pool waits at each step (workers after SIGTERM, workers after SIGKILL,
#: the pool's manager thread) before it moves on: a stop never blocks longer than about 3x this.
KILL_GRACE = 2.0


def _join_all(procs: list[Any], timeout: float) -> None:
    """Wait until every process in ``procs`` has ended, or ``timeout`` seconds have passed."""
    sentinels = []
    for proc in procs:
        with contextlib.suppress(Exception):  # never started, or already closed
            sentinels.append(proc.sentinel)
    deadline = time.monotonic() + timeout
    while sentinels and (left := deadline - time.monotonic()) > 0:
        ready = multiprocessing.connection.wait(sentinels, timeout=left)
        sentinels = [s for s in sentinels if s not in ready]


def _kill_pool(executor: ProcessPoolExecutor) -> None:
    """Stop a pool now, without ever blocking: running chunks are abandoned (their games are not
    counted; finished chunks were already accepted).

    ``executor.shutdown(wait=True)`` can block forever here: when a worker is killed while it
    writes a chunk's result, the pool's manager thread is left reading a half-written message
    from a pipe whose write end this process also holds, so no end of file ever comes (seen on
    the web page's Stop). So: shut down without waiting, SIGTERM then SIGKILL the workers (each
    step bounded by :data:`KILL_GRACE`), close this process's write end of the result pipe so a
    blocked read ends, and give the manager thread a bounded time to finish.
    """
    procs = list((getattr(executor, "_processes", None) or {}).values())
    result_queue = getattr(executor, "_result_queue", None)
    manager = getattr(executor, "_executor_manager_thread", None)
    with contextlib.suppress(Exception):
        executor.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        with contextlib.suppress(Exception):  # already gone
            proc.terminate()
    _join_all(procs, KILL_GRACE)
    for proc in procs:
        with contextlib.suppress(Exception):
            if proc.is_alive():
                proc.kill()
    _join_all(procs, KILL_GRACE)
    writer = getattr(result_queue, "_writer", None)
    if writer is not None:  # the workers are dead: end of file for a read of a cut message
        with contextlib.suppress(Exception):
            writer.close()
    if manager is not None:
        manager.join(KILL_GRACE)
        if manager.is_alive():  # pragma: no cover - not seen once the write end is closed
            log.warning("the worker pool's manager thread did not stop; going on without it")


#: How often the pool loop looks for a deferred signal while it waits for chunks (seconds).
SIGNAL_POLL = 0.2


class _DeferredSignals:
    """Hold SIGINT and SIGTERM while the pool loop runs, and act on them at a safe point.

    A ``KeyboardInterrupt`` raised asynchronously inside :func:`concurrent.futures.wait` can
    leave a future's lock held; the pool's manager thread then blocks on it forever and so does
    the shutdown (seen on a loaded CI machine: Ctrl-C during a two-worker run never returned).
    Here the handler only records the signal; :meth:`check`, called between waits, then runs
    the original Python handler (``KeyboardInterrupt``, or the CLI's SIGTERM exception) from
    ordinary code. Outside the main thread, or for a signal with no Python handler, nothing
    changes.
    """

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.previous: dict[int, Any] = {}
        self.pending: list[int] = []

    def __enter__(self) -> _DeferredSignals:
        if threading.current_thread() is threading.main_thread():
            for sig in self.SIGNALS:
                handler = signal.getsignal(sig)
                if callable(handler):
                    self.previous[sig] = signal.signal(sig, self._record)
        return self

    def _record(self, signum: int, frame: object) -> None:
        self.pending.append(signum)

    def check(self) -> None:
        """Run the first held signal's own handler now (it normally raises). Signals stay held
        until :meth:`__exit__`, so a second Ctrl-C cannot break the pool's shutdown either."""
        if self.pending:
            signum = self.pending.pop(0)
            self.previous.get(signum, signal.default_int_handler)(signum, None)

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)
        self.previous = {}


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
    the program exits); ``kill=True`` terminates them at once (a program that is being ended).

    ``kill=True`` also kills the pools of runs still going on in other threads (a web job when
    the server gets SIGTERM) without waiting for them, and no run may start a pool afterwards.
    """
    global _pool
    if kill:
        _kill_busy_pools_at_exit()
        for executor in list(_live_pools):  # the idle kept pool, too
            _kill_pool(executor)
        _pool = None
        return
    with _pool_lock:
        if _pool is not None:
            _pool.shutdown(wait=True)
            _pool = None


#: How long a run waits for the futures of a broken pool to fail before it kills the pool.
BROKEN_WAIT = 10.0


def _outcome(fut: Future) -> BaseException | None:
    """A future's exception without blocking: one that never finished (its pool was killed under
    it) or was cancelled counts as a chunk lost to a broken pool, to be replayed."""
    if not fut.done() or fut.cancelled():
        return BrokenProcessPool("the worker pool was stopped before this chunk finished")
    return fut.exception()


def run_pool(
    ref: _TaskRef,
    chunks: list[np.ndarray],
    collector: Collector,
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
        exc = _outcome(fut)
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
                    f"{span(chunks[cid])} (max_retries={max_retries}); the task crashes its "
                    "process (a segfault, the out-of-memory killer or os._exit)"
                )
        collector.retries += 1
        suspects.append(cid)

    with _DeferredSignals() as held:
        try:
            while pending or suspects or in_flight:
                held.check()
                executor = pool.get()
                broken = False
                queue = suspects if suspects else pending
                limit = 1 if suspects else n_workers
                while queue and len(in_flight) < limit:
                    try:
                        fut = executor.submit(_worker_run, ref, chunks[queue[0]])
                    except (BrokenProcessPool, OSError, RuntimeError):
                        # A worker died and the pool's manager thread is tearing it down: the
                        # submit sees it broken, or (a race) its pipes already closed while it
                        # starts a replacement worker ("handle is closed"), or shut down.
                        broken = True
                        break
                    in_flight[fut] = queue.popleft()
                if in_flight and not broken:
                    done, _ = wait(in_flight, timeout=SIGNAL_POLL, return_when=FIRST_COMPLETED)
                    for fut in done:
                        if isinstance(_outcome(fut), BrokenProcessPool):
                            broken = True
                        else:
                            settle(fut, alone=False)
                    if not done:
                        collector.heartbeat()  # a callback that raises to stop is heard now
                if broken:
                    alone = len(in_flight) == 1
                    # A broken pool fails every in-flight future; bounded, then killed, so a
                    # manager thread stuck on a cut message cannot hold the run (see _kill_pool).
                    wait(list(in_flight), timeout=BROKEN_WAIT)
                    pool.drop(kill=True)
                    for fut in list(in_flight):
                        settle(fut, alone)
            held.check()  # a signal during the last chunk still stops the run as interrupted
        except BaseException:
            pool.drop(kill=True)
            raise
        finally:
            pool.release()


# -- Ray ---------------------------------------------------------------------------------------


