"""Small helpers shared by the CLI modules."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

# Wide tables stay readable when the output is a file or a pipe (rich would assume 80 columns).
console = Console(width=None if sys.stdout.isatty() else 140)
err_console = Console(stderr=True, width=None if sys.stderr.isatty() else 140)


#: The exit code of a run stopped by Ctrl-C (128 + SIGINT, the shell's convention) after it has
#: printed and written what finished: scripts can tell a stopped run from a complete one.
INTERRUPTED = 130


def fail(message: str) -> NoReturn:
    """Print a one-line usage error and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    sys.exit(2)


@contextlib.contextmanager
def stdout_to_stderr(active: bool = True) -> Iterator[None]:
    """Send everything written to standard output inside the block to standard error.

    ``--json`` promises that stdout carries only the JSON: Ray's notices, its workers' forwarded
    output and any C-level write to file descriptor 1 during the run go to stderr instead.
    """
    if not active:
        yield
        return
    sys.stdout.flush()
    saved_fd = os.dup(1)
    saved = sys.stdout
    try:
        os.dup2(2, 1)
        sys.stdout = sys.stderr
        yield
    finally:
        sys.stdout.flush()
        sys.stdout = saved
        os.dup2(saved_fd, 1)
        os.close(saved_fd)


def check_resume(results: Path | None, resume: bool, first: Path | None = None) -> None:
    """``--results FILE`` / ``--resume``: refuse a resume with no file, and a new run that would
    write over a saved one (``first`` is the file checked for that, default ``results``)."""
    if resume and results is None:
        fail("--resume needs --results FILE (the results file of the run to continue)")
    saved = first or results
    if results is not None and not resume and saved is not None and saved.exists():
        fail(f"{results} already holds a run: pass --resume to continue it, or choose a new file")
    if results is not None:  # like --parquet: an unwritable results file fails before any game
        from ludolab.arena.results import check_output  # lazy: pyarrow, fast CLI start

        check_output(results, force=True)  # force: an existing one is the run to resume


def check_positive(name: str, value: int, allow_zero: bool = False) -> int:
    """Reject a negative (or zero) count with a one-line error."""
    if value < 0 or (value == 0 and not allow_zero):
        bound = "0 or more" if allow_zero else "at least 1"
        fail(f"{name} must be {bound}, got {value}")
    return value


class DelayedProgress:
    """A rich progress bar on stderr that appears only once a run has taken a second.

    Call it as ``progress(done, total)`` (the runners' callback); ``close()`` removes it.
    """

    def __init__(self, label: str) -> None:
        self.label = label
        self.start = time.perf_counter()
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.perf_counter() - self.start < 1.0 or done >= total:
                return
            self.bar = Progress(TextColumn(self.label), BarColumn(), MofNCompleteColumn(),
                                TimeRemainingColumn(), console=err_console, transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def run_plan(
    plan: Any,
    *,
    label: str,
    unit: str,
    as_json: bool,
    workers: int | None,
    backend: str,
    address: str | None,
    results: Path | None,
    resume: bool,
) -> Any:
    """Run a prepared simulation (``plan.run``) the way every ``sim`` command does: a delayed
    progress bar, stdout kept for the JSON under ``--json``, then the results file's damage and
    the resumed count (``unit``: "games", "hands") on stderr."""
    bar = DelayedProgress(label)
    try:
        with stdout_to_stderr(as_json):  # --json: stdout carries only the JSON
            result = plan.run(workers=workers, backend=backend, address=address,
                              progress=None if as_json else bar, results_file=results,
                              resume=resume)
    finally:
        bar.close()
    if result.damage:
        err_console.print(result.damage, markup=False, highlight=False)
    if result.resumed and not as_json:
        err_console.print(f"resumed: {result.resumed:,} {unit} read from {results}")
    return result
