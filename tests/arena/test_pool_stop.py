"""Stop always stops: a run with worker processes, stopped from its progress callback (as the web
page's Stop does, from a job thread), returns within a bound and keeps its finished chunks.

These are hang guards, not speed asserts: each run is made in a thread joined with a generous
timeout (60 s, for a stop that takes a few seconds even on a loaded machine); a run that does
not return by then has hung (before the fix, the job thread blocked forever in the pool's
shutdown when a worker was killed while its result was being read).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from ludolab.arena.runner import RecordBatch, run_games

#: Generous bound for a stop (the stop itself waits at most a few seconds).
HANG_GUARD = 60.0


class Stop(KeyboardInterrupt):
    """What the web job raises from its progress callback (``ludolab.web.jobs.Cancelled``)."""


@dataclass(frozen=True)
class BigResultTask:
    """Each game returns a wide record (1 MB per game), so a result takes long enough to cross
    the pipe that a stop often lands while one is being written and read."""

    width: int = 125_000

    def run(self, indices: np.ndarray) -> RecordBatch:
        wide = np.repeat(indices[:, None] * 3, self.width, axis=1)
        return RecordBatch({"index": indices, "wide": wide})


@dataclass(frozen=True)
class SlowTask:
    """Every chunk takes far longer than the hang guard."""

    seconds: float = 600.0

    def run(self, indices: np.ndarray) -> RecordBatch:
        time.sleep(self.seconds)
        return RecordBatch({"index": indices})


def _run_in_thread(**kwargs: Any) -> Any:
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["result"] = run_games(**kwargs)
        except BaseException as exc:  # reported below, in the test's thread
            box["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    assert not thread.is_alive(), f"the stopped run did not return within {HANG_GUARD:.0f} s"
    if "error" in box:
        raise box["error"]
    return box["result"]


@pytest.mark.parametrize("stop_at", [1, 2, 3, 5, 8])
def test_a_stop_at_any_moment_returns_and_keeps_the_finished_chunks(stop_at: int) -> None:
    def progress(done: int, total: int) -> None:
        if done >= stop_at:
            raise Stop

    result = _run_in_thread(task=BigResultTask(), n_games=40, workers=2, chunk_size=1,
                            progress=progress)
    assert result.interrupted
    # the chunk whose report raised was accepted before the report; later ones were abandoned
    assert stop_at <= result.completed < 40
    index = result.records["index"]
    assert np.array_equal(np.sort(index), index) and len(np.unique(index)) == result.completed
    assert np.array_equal(result.records["wide"][:, -1], index * 3)  # each kept game is whole


def test_a_stop_is_heard_while_a_long_chunk_plays() -> None:
    """No chunk finishes for ten minutes: the heartbeat report still lets the callback stop it."""
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        if time.monotonic() - started > 0.5:
            raise Stop

    result = _run_in_thread(task=SlowTask(), n_games=4, workers=2, chunk_size=1,
                            progress=progress)
    assert result.interrupted and result.completed == 0


ENDING = """
import sys, threading, time
from ludolab.arena.runner import run_games, shutdown_workers
from test_pool_stop import SlowTask
threading.Thread(target=run_games, args=(SlowTask(), 4), kwargs={"workers": 2, "chunk_size": 1},
                 daemon=True).start()
time.sleep(float(sys.argv[1]))
shutdown_workers(kill=True)  # what the CLI does on SIGTERM (ludolab serve with a job running)
"""


@pytest.mark.parametrize("after", [0.0, 3.0])
def test_a_program_ending_with_a_run_going_on_ends_with_its_workers(after: float) -> None:
    """SIGTERM of the web server while a job plays: the CLI kills the workers, which once
    blocked on the kept pool's lock (held by the job's run) and then on concurrent.futures'
    exit hook waiting for the running chunks. The program and every process below it end."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(here.parents[1] / "src"), str(here)]))
    proc = subprocess.Popen([sys.executable, "-c", ENDING, str(after)], env=env,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _, err = proc.communicate(timeout=HANG_GUARD)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)
    assert proc.returncode == 0, err
    time.sleep(1)
    leftovers = [line for line in Path("/proc").glob("[0-9]*/stat")
                 if _in_group(line, proc.pid)]
    assert not leftovers


def _in_group(stat: Any, group: int) -> bool:
    """Whether the process of this /proc/PID/stat is alive in process group ``group``."""
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z" and int(fields[2]) == group
