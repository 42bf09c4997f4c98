"""Background jobs of the web app: a bounded queue of long runs, with progress, Stop, and
finished results kept on disk.

A job runs one function in a daemon thread. At most ``max_running`` jobs run at once (each one
already uses every core through its process pool); the others wait in order as ``queued``. The
function reports progress through :meth:`Job.progress` (the arena runners' ``progress(done,
total)`` callback); :meth:`Job.cancel` makes the next progress call raise :class:`Cancelled`, a
``KeyboardInterrupt``, which the runners (:func:`ludolab.arena.runner.run_games`, the genetic
algorithm) already treat as Ctrl-C: they stop and return what finished, which the page shows.

Finished jobs live on disk, not in memory: each job is a folder under the store (by default
``$XDG_DATA_HOME/ludolab/web-jobs``, see :func:`default_data_dir`) holding ``meta.json`` (what
the job list shows) and ``payload.pickle`` (its result and the context its pages need), read
back on demand through a small cache of the last few. So the server's memory stays bounded
however many jobs it ran, and a restarted server shows every earlier result. Only this
program writes that folder (created private, mode 0700); the pickles are its own cache, never
a file a user or a page supplies. Old results go only by the limit the user sets (``keep``):
a removed job keeps a small tombstone so its page says it was removed (410) rather than "no
such job". With a results folder (chosen on the command line, never by the page) a finished
job is also written there in open formats.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import json
import logging
import os
import pickle
import secrets
import shutil
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludolab.errors import LudolabError

log = logging.getLogger("ludolab.web")

#: Job states, in the order a job goes through them.
STATES = ("queued", "running", "done", "cancelled", "failed")
FINAL = ("done", "cancelled", "failed")
#: Seconds a stopped job's thread may take to end before the job is given up (and its place in
#: the queue freed); the runners stop within a chunk, so this is only for a stuck pool.
STOP_GRACE = 20.0
#: Tombstones of removed jobs kept (beyond that, a removed job's id is simply unknown).
MAX_TOMBSTONES = 1000


def default_data_dir() -> Path:
    """Where the web app keeps its data: ``$LUDOLAB_DATA_DIR``, else
    ``$XDG_DATA_HOME/ludolab``, else ``~/.local/share/ludolab`` (the XDG base directory rule)."""
    env = os.environ.get("LUDOLAB_DATA_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "ludolab"


def _release_memory() -> None:
    """After a job's result left memory: collect its cycles and hand freed heap pages back to
    the system (glibc keeps them otherwise: a long-running server's size would follow its
    largest job, not what it holds). A no-op where there is no glibc."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


class Cancelled(KeyboardInterrupt):
    """Raised in a job's thread at its next progress report after a cancel request.

    A ``KeyboardInterrupt`` on purpose: the runners stop on it and keep the finished games.
    """


class NotFoundError(LudolabError):
    """No job (or live game) has this id."""


class QueueFullError(LudolabError):
    """As many jobs wait as the server allows (``--max-queued``): a new run is refused (429)."""


class GoneError(LudolabError):
    """The job existed, but its result was removed by the limit the user set (410)."""


class Job:
    """One background run: what it is, how far it got, and its result or error.

    ``result``, ``context`` (what the job's pages need beside the result: its settings, the
    prepared run) and ``series`` (live data a page draws while the job runs) stay in memory
    while the job runs; once it finished they are on disk and read back when asked for.
    """

    META = ("id", "kind", "title", "url", "status", "done", "total", "note", "error", "created",
            "started", "finished", "saved", "removed", "played")

    def __init__(self, id: str, kind: str, title: str, context: dict[str, Any] | None = None,
                 manager: JobManager | None = None) -> None:
        self.id = id
        self.kind = kind
        self.title = title
        self.url = str((context or {}).get("url", "/"))
        self.status = "queued"
        self.done = 0
        self.total = 0
        self.note = ""
        self.error: str | None = None
        self.created = time.time()
        self.started: float | None = None
        self.finished: float | None = None
        self.saved: list[str] = []
        self.removed = False
        self.played: int | None = None
        """What the finished run really played (games, hands), when it differs from the
        progress units: a tournament plays whole deals of every seating (3,990 of 4,000)."""
        self._payload: dict[str, Any] | None = {"result": None, "context": dict(context or {}),
                                                "series": []}
        self._manager = manager
        self._cancel = threading.Event()
        self._go_on = threading.Event()
        self._filed = threading.Event()  # set once a final job has been filed away (or kept)
        self.ask_after: float | None = manager.confirm_seconds if manager is not None else None
        """Pause and ask when the measured time left is longer (None: never ask)."""
        self.asking: dict[str, Any] | None = None
        """While paused for a confirmation: the estimate shown (seconds left, units measured)."""
        self._base: tuple[float, int] | None = None  # (time, done) at the first finished unit

    # -- what the pages read -------------------------------------------------------------------
    def _data(self) -> dict[str, Any]:
        p = self._payload
        if p is not None:
            return p
        if self._manager is None:
            return {"result": None, "context": {}, "series": []}
        return self._manager.payload(self)

    @property
    def result(self) -> Any:
        return self._data()["result"]

    @result.setter
    def result(self, value: Any) -> None:
        self._data()["result"] = value

    @property
    def context(self) -> dict[str, Any]:
        return self._data()["context"]

    @property
    def series(self) -> list[Any]:
        return self._data()["series"]

    def progress(self, done: int, total: int) -> None:
        """The runners' progress callback: records the count, raises :class:`Cancelled` if asked,
        and pauses for a confirmation when the run would take longer than ``ask_after``."""
        self.done, self.total = int(done), int(total)
        if done:
            self.note = ""
            if self._base is None:
                self._base = (time.time(), self.done)
        self.check()
        self._maybe_ask()

    @property
    def eta(self) -> float | None:
        """Seconds left at the rate measured since the first finished unit (None: not yet).

        The first unit's time is left out: it holds the start-up (a first run compiles)."""
        if self._base is None or not self.running:
            return None
        t0, d0 = self._base
        elapsed, units = time.time() - t0, self.done - d0
        if units <= 0 or elapsed < 0.5:
            return None
        return max(0, self.total - self.done) * elapsed / units

    def _maybe_ask(self) -> None:
        if self.ask_after is None or self._go_on.is_set():
            return
        left = self.eta
        if left is None:
            return
        if left <= self.ask_after:
            self._go_on.set()  # measured once: short enough, never ask again
            return
        self.asking = {"seconds": left, "measured": self.done - (self._base or (0, 0))[1]}
        try:
            while not self._go_on.wait(0.2):
                self.check()
        finally:
            self.asking = None
            if self._base is not None:  # the pause is no part of the rate
                self._base = (time.time(), self.done)

    def go_on(self) -> None:
        """The user confirmed a long run: it goes on (and is not asked again)."""
        self._go_on.set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if a cancel was requested."""
        if self._cancel.is_set():
            raise Cancelled

    def cancel(self) -> None:
        """Ask the job to stop at its next progress report (it keeps what finished); a queued
        job is dropped from the queue at once."""
        self._cancel.set()
        if self._manager is not None:
            self._manager._cancelled(self)

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    @property
    def running(self) -> bool:
        return self.status == "running"

    @property
    def active(self) -> bool:
        """Queued or running: its page keeps polling."""
        return self.status in ("queued", "running")

    @property
    def ahead(self) -> int:
        """Jobs waiting before this one (0 when it is not queued)."""
        return self._manager.ahead(self) if self._manager is not None else 0

    @property
    def complete(self) -> bool:
        """Every unit it was asked for has finished (a Stop after the last one changes nothing)."""
        return self.total > 0 and self.done >= self.total

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0

    @property
    def seconds(self) -> float:
        if self.started is None:
            return 0.0
        return (self.finished or time.time()) - self.started

    def meta(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.META}


Saver = Callable[[Job, Path], list[Path]]


class JobStore:
    """The folder of finished jobs: ``<id>/meta.json`` and ``<id>/payload.pickle``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)

    def _dir(self, job_id: str) -> Path:
        return self.folder / job_id

    def write_meta(self, job: Job) -> None:
        d = self._dir(job.id)
        d.mkdir(exist_ok=True, mode=0o700)
        tmp = d / "meta.json.tmp"
        tmp.write_text(json.dumps(job.meta()), encoding="utf-8")
        tmp.replace(d / "meta.json")

    def write_payload(self, job: Job, payload: dict[str, Any]) -> None:
        d = self._dir(job.id)
        d.mkdir(exist_ok=True, mode=0o700)
        tmp = d / "payload.pickle.tmp"
        with tmp.open("wb") as f:
            pickle.dump(payload, f, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(d / "payload.pickle")

    def read_payload(self, job_id: str) -> dict[str, Any] | None:
        path = self._dir(job_id) / "payload.pickle"
        try:
            with path.open("rb") as f:
                return pickle.load(f)  # our own cache file (see the module docstring)
        except FileNotFoundError:
            return None
        except Exception as exc:  # a damaged file costs that one result, never the server
            log.warning("cannot read %s: %s", path, exc)
            return None

    def drop_payload(self, job_id: str) -> None:
        (self._dir(job_id) / "payload.pickle").unlink(missing_ok=True)

    def delete(self, job_id: str) -> None:
        shutil.rmtree(self._dir(job_id), ignore_errors=True)

    def load(self) -> list[dict[str, Any]]:
        """Every stored job's metadata (unreadable ones skipped, with a warning)."""
        out = []
        for meta in self.folder.glob("*/meta.json"):
            try:
                data = json.loads(meta.read_text(encoding="utf-8"))
                if data.get("id") == meta.parent.name:
                    out.append(data)
            except (OSError, ValueError) as exc:
                log.warning("cannot read %s: %s", meta, exc)
        return out


class JobManager:
    """Starts jobs through a bounded queue and keeps every job (finished ones on disk)."""

    def __init__(self, results_dir: Path | None = None, store_dir: Path | None = None,
                 max_running: int = 1, keep: int | None = None, cache: int = 2,
                 confirm_seconds: float | None = None, max_queued: int | None = None) -> None:
        """``results_dir``: also write finished jobs there. ``store_dir``: the job store (None:
        results stay in memory, for scripts and tests). ``max_running``: jobs run at once.
        ``keep``: finished results kept (None: all). ``cache``: finished results held in memory.
        ``confirm_seconds``: a job whose measured time left is longer pauses and asks.
        ``max_queued``: jobs that may wait (None: no cap); one more is a :class:`QueueFullError`."""
        self.confirm_seconds = confirm_seconds
        if max_running < 1:
            raise LudolabError(f"jobs at once must be at least 1, got {max_running}")
        if keep is not None and keep < 1:
            raise LudolabError(f"--keep must be at least 1, got {keep}")
        if max_queued is not None and max_queued < 0:
            raise LudolabError(f"--max-queued must be at least 0, got {max_queued}")
        self.results_dir = results_dir
        self.max_running = max_running
        self.max_queued = max_queued
        self.keep = keep
        self.store = JobStore(store_dir) if store_dir is not None else None
        self._jobs: dict[str, Job] = {}
        self._queue: deque[tuple[Job, Callable[[Job], Any], Saver | None]] = deque()
        self._running = 0
        self._lock = threading.RLock()
        self._cache: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._cache_size = cache
        self._closing = False
        if self.store is not None:
            self._load()

    # -- the store ------------------------------------------------------------------------------
    def _load(self) -> None:
        assert self.store is not None
        for meta in sorted(self.store.load(), key=lambda m: m.get("created") or 0):
            job = Job(meta["id"], meta.get("kind", ""), meta.get("title", ""), manager=self)
            for k in Job.META:
                if k in meta and k not in ("id", "kind", "title"):
                    setattr(job, k, meta[k])
            if job.status not in FINAL:  # the server stopped while it was queued or running
                job.status = "failed"
                job.error = "the server stopped before this job finished"
                job.finished = job.finished or job.created
                self.store.write_meta(job)
            job._payload = None
            job._filed.set()
            self._jobs[job.id] = job

    def payload(self, job: Job) -> dict[str, Any]:
        """A finished job's result and context, from the cache or the disk."""
        with self._lock:
            p = self._cache.get(job.id)
            if p is not None:
                self._cache.move_to_end(job.id)
                return p
        p = None if self.store is None or job.removed else self.store.read_payload(job.id)
        if p is None:
            p = {"result": None, "context": {}, "series": []}
        with self._lock:
            self._remember(job.id, p)
        return p

    def _remember(self, job_id: str, payload: dict[str, Any]) -> None:
        self._cache[job_id] = payload
        self._cache.move_to_end(job_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def _file_away(self, job: Job) -> None:
        """Write a finished job to the store and let go of its payload (memory stays bounded)."""
        try:
            self._store_job(job)
        finally:
            job._filed.set()

    def _store_job(self, job: Job) -> None:
        if self.store is None:
            return
        payload = job._payload
        try:
            if payload is not None:
                self.store.write_payload(job, payload)
            self.store.write_meta(job)
        except Exception:  # unpicklable or a full disk: keep it in memory, say so in the log
            log.exception("could not store job %s; it stays in memory", job.id)
            return
        with self._lock:
            if payload is not None:
                self._remember(job.id, payload)
            job._payload = None
        self._apply_keep()
        _release_memory()

    def _apply_keep(self) -> None:
        if self.keep is None or self.store is None:
            return
        with self._lock:
            kept = [j for j in self._jobs.values()
                    if j.status in FINAL and not j.removed and j._payload is None]
            kept.sort(key=lambda j: j.finished or 0)
            gone = kept[: max(0, len(kept) - self.keep)]
            for j in gone:
                j.removed = True
                self._cache.pop(j.id, None)
            tombs = sorted((j for j in self._jobs.values() if j.removed),
                           key=lambda j: j.finished or 0)
            forget = tombs[: max(0, len(tombs) - MAX_TOMBSTONES)]
            for j in forget:
                del self._jobs[j.id]
        for j in gone:
            self.store.drop_payload(j.id)
            self.store.write_meta(j)
        for j in forget:
            self.store.delete(j.id)

    # -- running --------------------------------------------------------------------------------
    def start(self, kind: str, title: str, fn: Callable[[Job], Any],
              save: Saver | None = None, context: dict[str, Any] | None = None) -> Job:
        """Queue ``fn(job)`` to run in a background thread and return the job at once."""
        job = Job(secrets.token_hex(5), kind, title, context, manager=self)
        with self._lock:
            busy = self._running >= self.max_running
            if self.max_queued is not None and busy and len(self._queue) >= self.max_queued:
                raise QueueFullError(
                    f"the server's queue is full: {len(self._queue)} jobs wait (ludolab serve "
                    "--max-queued N); try again when one has started")
            self._jobs[job.id] = job
            self._queue.append((job, fn, save))
        if self.store is not None:
            try:
                self.store.write_meta(job)
            except OSError:
                log.exception("could not store job %s", job.id)
        self._pump()
        return job

    def _pump(self) -> None:
        with self._lock:
            while not self._closing and self._running < self.max_running and self._queue:
                job, fn, save = self._queue.popleft()
                self._running += 1
                job.status = "running"
                job.started = time.time()
                threading.Thread(target=self._run, args=(job, fn, save),
                                 name=f"job-{job.id}", daemon=True).start()

    def close(self, grace: float = 10.0) -> None:
        """The server is stopping: every queued or running job is stopped (a running one keeps
        what finished) and, unless it had finished all its units, filed as failed, "the server
        stopped before this job finished", never as done. Waits up to ``grace`` seconds for the
        running ones to be filed away."""
        with self._lock:
            self._closing = True
            queued = [j for j, _, _ in self._queue]
            self._queue.clear()
            running = [j for j in self._jobs.values() if j.status == "running"]
        for job in queued:
            job.status = "failed"
            job.error = "the server stopped before this job began"
            job.finished = time.time()
            self._file_away(job)
        for job in running:
            job._cancel.set()
        end = time.time() + grace
        for job in running:
            while not job._filed.is_set() and time.time() < end:
                time.sleep(0.02)

    def _run(self, job: Job, fn: Callable[[Job], Any], save: Saver | None) -> None:
        status = "failed"
        try:
            job.result = fn(job)
            # a Stop that came after the last unit finished leaves a complete run: done
            status = "cancelled" if job.cancel_requested and not job.complete else "done"
        except Cancelled:
            status = "cancelled"
        except LudolabError as exc:
            job.error = str(exc)
        except Exception as exc:  # a bug, not a user mistake: log it, show one line
            log.exception("job %s (%s) failed", job.id, job.kind)
            job.error = f"internal error: {type(exc).__name__}: {exc}"
        with self._lock:
            abandoned = job.status != "running"  # given up after a Stop that did not stop
            if not abandoned:
                self._running -= 1
            closing = self._closing
        if abandoned:
            return
        if closing and not (status == "done" and job.complete):
            status = "failed"  # cut off by the server's shutdown: never "done" nor "cancelled"
            job.error = (f"the server stopped before this job finished ({job.done:,} of "
                         f"{job.total:,} done)")
        if save is not None and self.results_dir is not None and job.result is not None:
            try:  # before the status changes, so a finished job is also a saved one
                job.saved = [str(p) for p in save(job, self.results_dir)]
            except Exception:
                log.exception("could not save job %s to %s", job.id, self.results_dir)
        job.finished = time.time()
        job.status = status
        self._file_away(job)
        self._pump()

    def _cancelled(self, job: Job) -> None:
        with self._lock:
            for i, (queued, _, _) in enumerate(self._queue):
                if queued is job:
                    del self._queue[i]
                    job.status = "cancelled"
                    job.finished = time.time()
                    break
            else:
                if job.status == "running":
                    timer = threading.Timer(STOP_GRACE, self._give_up, args=(job,))
                    timer.daemon = True
                    timer.start()
                return
        self._file_away(job)

    def _give_up(self, job: Job) -> None:
        """A stopped job whose thread still runs after :data:`STOP_GRACE`: mark it failed and
        free its place, so the queue moves on (its thread ends when it can, unheard)."""
        with self._lock:
            if job.status != "running":
                return
            job.status = "failed"
            job.error = f"the run did not stop within {STOP_GRACE:g} s of Stop; given up"
            job.finished = time.time()
            self._running -= 1
        log.error("job %s did not stop within %.0f s", job.id, STOP_GRACE)
        self._file_away(job)
        self._pump()

    # -- looking up -----------------------------------------------------------------------------
    def get(self, job_id: str, kind: str | None = None) -> Job:
        """The job with this id (and kind, if given); :class:`NotFoundError` otherwise,
        :class:`GoneError` when the limit on kept results removed it."""
        job = self._jobs.get(job_id)
        if job is None or (kind is not None and job.kind != kind):
            raise NotFoundError(f"no {kind + ' ' if kind else ''}job {job_id!r}")
        if job.removed:
            raise GoneError(f"job {job_id} was removed: the server keeps the last "
                            f"{self.keep} results (ludolab serve --keep N)")
        return job

    def ahead(self, job: Job) -> int:
        with self._lock:
            for i, (queued, _, _) in enumerate(self._queue):
                if queued is job:
                    return i + self._running
        return 0

    def list(self) -> list[Job]:
        """Every job, newest first."""
        return sorted(self._jobs.values(), key=lambda j: j.created, reverse=True)

    def wait(self, job_id: str, timeout: float = 60.0) -> Job:
        """Block until the job finishes (tests and scripts)."""
        job = self._jobs.get(job_id)
        if job is None:
            raise NotFoundError(f"no job {job_id!r}")
        end = time.time() + timeout
        while (job.active or not job._filed.is_set()) and time.time() < end:
            time.sleep(0.02)  # until it finished and was filed away (its payload let go)
        return job
