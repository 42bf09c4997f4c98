"""Runner guards that need a real interpreter: a script read from standard input."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import ludolab
from signaltools import python_sigint

SCRIPT = """
from ludolab.dominion import simulate
simulate(["Big Money", "Smithy Big Money"], games=40, seed=1, workers=2)
"""


def test_workers_from_a_script_on_standard_input_fail_at_once_with_one_line(
    tmp_path: Path,
) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(ludolab.__file__).parents[1]))
    proc = subprocess.run([sys.executable, "-"], input=SCRIPT, text=True, capture_output=True,
                          cwd=tmp_path, env=env, timeout=300)
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines()[-1] == (
        "ludolab.errors.LudolabError: worker processes cannot start from a script with no file "
        "('<stdin>', e.g. read from standard input): save it as a file and run that, or use "
        "workers=1"
    )
    assert "died" not in proc.stderr  # detected before any worker started, not after retries


def test_signals_during_the_pool_loop_are_held_to_a_safe_point() -> None:
    """A SIGINT that lands while the pool loop waits is recorded, not raised where it lands (an
    asynchronous KeyboardInterrupt inside concurrent.futures can leave a lock held and hang the
    shutdown); check() raises it from ordinary code, and the handlers come back afterwards."""
    from ludolab.arena.pool import _DeferredSignals

    with python_sigint():  # the handler a Ctrl-C meets, even if pytest inherited SIGINT ignored
        before = signal.getsignal(signal.SIGINT)
        with _DeferredSignals() as held:
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # give the interpreter a few bytecodes to run the handler
                if held.pending:
                    break
            assert held.pending == [signal.SIGINT]
            with pytest.raises(KeyboardInterrupt):
                held.check()
            held.check()  # nothing left to act on
        assert signal.getsignal(signal.SIGINT) is before
