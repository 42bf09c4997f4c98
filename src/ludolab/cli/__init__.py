"""The ``ludolab`` command line: thin typer apps that parse, call the library and print."""

from __future__ import annotations

import time

_started = [time.perf_counter()]  # when this command began (reset by each ``main`` call after
# the first, so a test running several commands in one process times each one)


def restart_clock(first: bool) -> None:
    """Start timing a command: the first ``main`` of a process keeps the time this package was
    imported (its imports are part of the wait), a later one starts now."""
    if not first:
        _started[0] = time.perf_counter()


def elapsed() -> float:
    """Wall seconds since the command started (imports and compiling included)."""
    return time.perf_counter() - _started[0]
