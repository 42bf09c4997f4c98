"""How long the ``ludolab`` command takes to start: wall seconds of whole commands, and where the
imports spend it.

Usage::

    python bench/startup.py                # wall time, median of 5, of each command below
    python bench/startup.py --repeat 9     # more runs per command
    python bench/startup.py --imports      # also: import time by top-level package, per command

Each command runs as its own process (``python -m ludolab.cli.main ...``), as a user's shell
would start it, with stdout and stderr to /dev/null; one untimed run first loads numba's disk
cache, so the figures are those of a warm start (a first run compiles, and says so). The load
average is printed before and after: on a shared machine the wall times grow with it, while
``--imports`` (``python -X importtime``, self time summed by top-level package, so it does not
depend on which module imports a package first) moves much less and is the figure to compare
between commits. The targets: ``ludolab --help`` at most 0.3 s and a warm ``ludolab dominion
sim`` (10,000 games, the default bots) at most 1.0 s on an idle machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (label, arguments after ``ludolab``)
COMMANDS: tuple[tuple[str, list[str]], ...] = (
    ("ludolab --help", ["--help"]),
    ("ludolab dominion --help", ["dominion", "--help"]),
    ("ludolab dominion sim", ["dominion", "sim"]),
    ("ludolab pig match -n 200",
     ["pig", "match", "--p1", "hold:20", "--p2", "hold:25", "-n", "200"]),
    ("ludolab poker sim -n 200", ["poker", "sim", "-n", "200"]),
)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH"))
                                        if p)
    return env


def _argv(args: list[str], *python_flags: str) -> list[str]:
    return [sys.executable, *python_flags, "-m", "ludolab.cli.main", *args]


def wall(args: list[str]) -> float:
    """Seconds of one run of ``ludolab <args>``, start to exit."""
    start = time.perf_counter()
    done = subprocess.run(_argv(args), env=_env(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"ludolab {' '.join(args)} exited with {done.returncode}")
    return seconds


def imports(args: list[str]) -> dict[str, float]:
    """Import seconds of ``ludolab <args>`` by top-level package (self times summed)."""
    done = subprocess.run(_argv(args, "-X", "importtime"), env=_env(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    totals: dict[str, float] = defaultdict(float)
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _cumulative, name = line[len("import time:"):].split("|")
        totals[name.strip().split(".")[0]] += int(self_us) / 1e6
    return dict(totals)


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per command (median)")
    ap.add_argument("--imports", action="store_true",
                    help="print the import time by top-level package of each command")
    ap.add_argument("--top", type=int, default=8, help="packages shown with --imports")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; load average at start: {_load()}")
    for label, argv in COMMANDS:
        wall(argv)  # untimed: numba's cache loaded (or compiled) once
        times = sorted(wall(argv) for _ in range(args.repeat))
        print(f"{label:28s} median {statistics.median(times):5.2f} s "
              f"(min {times[0]:.2f}, max {times[-1]:.2f}, {args.repeat} runs)")
        if args.imports:
            totals = imports(argv)
            top = sorted(totals.items(), key=lambda kv: -kv[1])[:args.top]
            print(f"{'':28s} imports {sum(totals.values()):.2f} s: "
                  + ", ".join(f"{name} {sec:.2f}" for name, sec in top))
    print(f"load average at end: {_load()}")


if __name__ == "__main__":
    main()
