"""Runner guards that need a real interpreter: a script read from standard input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import ludolab

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
