"""Background jobs of the web app: long runs in threads, with progress, cancel and kept results.

A job runs one function in a daemon thread. The function reports progress through
:meth:`Job.progress` (the arena runners' ``progress(done, total)`` callback); :meth:`Job.cancel`
makes the next progress call raise :class:`Cancelled`, a ``KeyboardInterrupt``, which the
runners (:func:`ludolab.arena.runner.run_games`, the genetic algorithm) already treat as Ctrl-C:
they stop and return what finished. A finished job keeps its result in memory under its id, so a
closed or reloaded page finds it again; with a results folder (chosen on the command line, never
by the page) a finished job is also written there.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludolab.errors import LudolabError

log = logging.getLogger("ludolab.web")

#: Job states, in the order a job goes through them.
STATES = ("running", "done", "cancelled", "failed")


class Cancelled(KeyboardInterrupt):
    """Raised in a job's thread at its next progress report after a cancel request.

    A ``KeyboardInterrupt`` on purpose: the runners stop on it and keep the finished games.
    """


class NotFoundError(LudolabError):
    """No job (or live game) has this id: it may come from before the server restarted."""


@dataclass
class Job:
    """One background run: what it is, how far it got, and its result or error."""

    id: str
    kind: str
    title: str
    status: str = "running"
    done: int = 0
    total: int = 0
    note: str = ""
    result: Any = None
    error: str | None = None
    started: float = field(default_factory=time.time)
    finished: float | None = None
    series: list[Any] = field(default_factory=list)
    """Live data a page draws while the job runs (the evolution's fitness per generation)."""
    context: dict[str, Any] = field(default_factory=dict)
    """What the job's pages need beside the result (its settings, the prepared run)."""
    saved: list[str] = field(default_factory=list)
    _cancel: threading.Event = field(default_factory=threading.Event, repr=False)

    def progress(self, done: int, total: int) -> None:
        """The runners' progress callback: records the count, raises :class:`Cancelled` if asked."""
        self.done, self.total = int(done), int(total)
        if done:
            self.note = ""
        self.check()

    def check(self) -> None:
        """Raise :class:`Cancelled` if a cancel was requested."""
        if self._cancel.is_set():
            raise Cancelled

    def cancel(self) -> None:
        """Ask the job to stop at its next progress report (it keeps what finished)."""
        self._cancel.set()

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    @property
    def running(self) -> bool:
        return self.status == "running"

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0

    @property
    def seconds(self) -> float:
        return (self.finished or time.time()) - self.started


Saver = Callable[[Job, Path], list[Path]]


class JobManager:
    """Starts jobs and keeps every job of this server's life, by id."""

    def __init__(self, results_dir: Path | None = None) -> None:
        self.results_dir = results_dir
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()

    def start(self, kind: str, title: str, fn: Callable[[Job], Any],
              save: Saver | None = None, context: dict[str, Any] | None = None) -> Job:
        """Run ``fn(job)`` in a background thread and return the job at once."""
        job = Job(id=secrets.token_hex(5), kind=kind, title=title, context=dict(context or {}))
        with self._lock:
            self._jobs[job.id] = job
        threading.Thread(target=self._run, args=(job, fn, save), name=f"job-{job.id}",
                         daemon=True).start()
        return job

    def _run(self, job: Job, fn: Callable[[Job], Any], save: Saver | None) -> None:
        status = "failed"
        try:
            job.result = fn(job)
            status = "cancelled" if job.cancel_requested else "done"
        except Cancelled:
            status = "cancelled"
        except LudolabError as exc:
            job.error = str(exc)
        except Exception as exc:  # a bug, not a user mistake: log it, show one line
            log.exception("job %s (%s) failed", job.id, job.kind)
            job.error = f"internal error: {type(exc).__name__}: {exc}"
        if save is not None and self.results_dir is not None and job.result is not None:
            try:  # before the status changes, so a finished job is also a saved one
                job.saved = [str(p) for p in save(job, self.results_dir)]
            except Exception:
                log.exception("could not save job %s to %s", job.id, self.results_dir)
        job.finished = time.time()
        job.status = status

    def get(self, job_id: str, kind: str | None = None) -> Job:
        """The job with this id (and kind, if given); :class:`NotFoundError` otherwise."""
        job = self._jobs.get(job_id)
        if job is None or (kind is not None and job.kind != kind):
            raise NotFoundError(
                f"no {kind + ' ' if kind else ''}job {job_id!r} (jobs live as long as the server)"
            )
        return job

    def list(self) -> list[Job]:
        """Every job, newest first."""
        return sorted(self._jobs.values(), key=lambda j: j.started, reverse=True)

    def wait(self, job_id: str, timeout: float = 60.0) -> Job:
        """Block until the job finishes (tests and scripts)."""
        job = self.get(job_id)
        end = time.time() + timeout
        while job.running and time.time() < end:
            time.sleep(0.02)
        return job
