"""Ctrl-C and SIGTERM on a real `ludolab dominion sim --workers 2`:
what finished is printed, the exit code says how the run ended, and no process outlives it."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ludolab
from signaltools import default_sigint

HEADER_BYTES = 1024  # a results file holds its magic and two header frames (~210 bytes) first


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (from /proc: parent links)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_keeps_what_finished_and_ends_every_process(
    tmp_path: Path, sig: signal.Signals, code: int
) -> None:
    results = tmp_path / "run.lrec"
    env = dict(os.environ, PYTHONPATH=str(Path(ludolab.__file__).parents[1]))
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludolab", "dominion", "sim", "-n", "5000000", "-w", "2",
         "--results", str(results)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=default_sigint)  # Ctrl-C acts even when pytest inherited it as ignored
    try:
        deadline = time.monotonic() + 600  # a cold numba compile comes first
        while not (results.exists() and results.stat().st_size > HEADER_BYTES):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no game finished in time"
            time.sleep(0.2)
        children = descendants(proc.pid)
        assert len(children) >= 3  # the fork server, the resource tracker and the workers
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == code, err
    assert "Traceback" not in err
    assert "games of 5,000,000 (interrupted)" in out
    assert "interrupted: " in err
    deadline = time.monotonic() + 30
    while any(alive(p) for p in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [p for p in children if alive(p)]


def test_kill_9_of_the_parent_ends_its_workers_and_helpers(tmp_path: Path) -> None:
    """`kill -9` of `dominion sim --workers 2` leaves no process behind: the workers see their
    owner end (a pidfd, or polling) and exit, and then the fork server and the resource tracker,
    whose pipes the workers held, end too. The bound is generous: the watch reacts at once."""
    results = tmp_path / "run.lrec"
    env = dict(os.environ, PYTHONPATH=str(Path(ludolab.__file__).parents[1]))
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludolab", "dominion", "sim", "-n", "50000000", "-w", "2",
         "--results", str(results)],
        cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)  # its own process group: the cleanup below reaches every one
    try:
        deadline = time.monotonic() + 600  # a cold numba compile comes first
        while not (results.exists() and results.stat().st_size > HEADER_BYTES):
            assert proc.poll() is None, "the run ended early"
            assert time.monotonic() < deadline, "no game finished in time"
            time.sleep(0.2)
        children = descendants(proc.pid)
        assert len(children) >= 4  # the fork server, the resource tracker and two workers
        proc.kill()
        proc.wait(timeout=60)
        deadline = time.monotonic() + 15
        while any(alive(p) for p in children) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [p for p in children if alive(p)]
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
