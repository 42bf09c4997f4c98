"""A 25,000-hand Table 8.1 tournament (2,500 deals x 10 seatings) on 2 worker processes.

Usage::

    PYTHONPATH=src python bench/poker_table.py            # the issue's target: under a minute
    PYTHONPATH=src python bench/poker_table.py --deals 25000 --workers 2

Times the whole experiment as a user runs it: ``ludolab poker sim`` in a fresh process (start-up,
imports, the process pool, the engine loaded from numba's cache in every worker, the statistics
and the table), then ``ludolab.poker.simulate`` in this process with 1 and 2 workers (cold: the
pool starts; the records are identical whatever the split). Ten different bots: call, raise and
eight keyed-random baselines, or with ``--library`` the nine library bots but Loki-1 Exact (Loki-1
and Loki-2 variants, whose decisions sample hand strength: far slower per hand; the first fills
the tenth seat). Prints seconds and
hands/s, then ``uptime`` (2 cores are shared: read the figures with the load).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from ludolab import poker

BASELINES = ["call", "raise", "random:0.05:0.6", "random:0.1:0.5", "random:0.15:0.5",
        "random:0.02:0.7", "random:0.2:0.4", "random:0.08:0.8", "random:0.3:0.3",
        "random:0.01:0.9"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2_500, help="deals (each played 10 times)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--library", action="store_true", help="the ten library bots")
    args = ap.parse_args()
    bots = BASELINES
    if args.library:
        from ludolab.games.poker.bots import library  # the merged bot library

        # Loki-1 Exact enumerates every opponent hand and card to come: a reference for the
        # sampled potential at 28 hands/s on ten seats, not a tournament bot
        bots = [b.name for b in library() if b.name != "Loki-1 Exact"]
    src = Path(__file__).resolve().parents[1] / "src"
    env = {**os.environ, "PYTHONPATH": str(src)}
    cmd = [sys.executable, "-m", "ludolab", "poker", "sim", *bots, "--schedule", "table-8.1",
           "--deals", str(args.deals), "--workers", str(args.workers), "--seed", "1"]
    subprocess.run(cmd, env=env, capture_output=True, check=True)  # warm numba's cache
    t = time.perf_counter()
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    cli = time.perf_counter() - t
    hands = args.deals * 10
    kind = "library" if args.library else "baseline"
    print(f"`ludolab poker sim` ({kind} bots, table-8.1, {hands:,} hands, {args.workers} workers), "
          f"whole command: {cli:.2f} s ({hands / cli:,.0f} hands/s)")
    print("  " + next(line for line in out.splitlines() if "hands/s" in line).strip())
    records = {}
    for workers in (1, args.workers):
        t = time.perf_counter()
        r = poker.simulate(bots, deals=args.deals, seed=1, schedule="table-8.1", workers=workers)
        wall = time.perf_counter() - t
        records[workers] = r.records
        print(f"ludolab.poker.simulate, {workers} worker(s): {wall:.2f} s "
              f"({hands / wall:,.0f} hands/s, pool start-up included)")
    same = all(np.array_equal(records[1][k], records[args.workers][k]) for k in records[1])
    print(f"records identical with 1 and {args.workers} workers: {same}")
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
