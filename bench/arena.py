"""The arena runner's overhead: games/s through ``run_games`` with 1 and 2 workers.

Usage::

    python bench/arena.py      # Pig random vs random (if Pig is there) and a synthetic task
    python bench/arena.py --games 20000 --task pig

For each task it prints the games/s of the task's own loop (``task.run`` on all indices in this
process), of ``run_games`` with ``workers=1`` (in-process, chunked, with a results file) and with
``workers=2`` (a process pool: cold, including its start-up, then warm, the pool kept from the
cold run), and the warm 2-worker / 1-worker ratio. On a machine with 2 free cores the ratio
should approach 2; the 1-worker figure should be within a few per cent of the task's own loop.
The numbers are only meaningful on an otherwise idle machine.
``--task dominion`` measures the Big Money mirror through the Dominion task (the engine's own
loop is then the task's own loop), and ``--task doc003`` times document 003's experiment: Money
vs Steward vs Smithy, a million games (``--games`` to change), on every core.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import partial

import numpy as np

from ludolab.arena.core_task import CoreGameTask, unseeded
from ludolab.arena.runner import RecordBatch, game_seeds_for, run_games, shutdown_workers
from ludolab.core import rng


@dataclass(frozen=True)
class SpinTask:
    """A synthetic game: ``work`` keyed draws per game, summed; costs about ``2 * work`` us."""

    work: int = 200
    master_seed: int = 1

    def run(self, indices: np.ndarray) -> RecordBatch:
        seeds = game_seeds_for(self.master_seed, indices)
        out = np.zeros(len(indices), dtype=np.float64)
        for row, seed in enumerate(seeds.tolist()):
            out[row] = sum(rng.keyed_uniform(seed, 0, rng.DIE, k) for k in range(self.work))
        return RecordBatch({"index": indices, "seed": seeds, "total": out})


def pig_task() -> CoreGameTask | None:
    """Pig to 100, random vs random, through Match (None while Pig is not available)."""
    try:
        from ludolab.games.pig import PigState
        from ludolab.players import RandomPlayer
    except ImportError:
        return None
    return CoreGameTask(unseeded(partial(PigState, goal=100)), [RandomPlayer, RandomPlayer], 7)


def dominion_task() -> object:
    """The Big Money mirror, official rules, rotated seats (the Dominion engine's batch path)."""
    from ludolab.arena.simulation import RecordsTask
    from ludolab.dominion import prepare

    # a mirror match plays each deal once (identical bots are seated once): 1 game per deal
    task = RecordsTask(prepare(["Big Money", "Big Money"], 1, seed=7).task)
    task.run(np.arange(2, dtype=np.int64))  # compile or load the kernel outside the timings
    return task


def doc003(games: int) -> None:
    """Document 003's experiment through the public API, on every core."""
    from ludolab.dominion import simulate

    workers = os.cpu_count() or 1
    t0 = time.perf_counter()
    result = simulate(["Money", "Steward", "Smithy"], games, seed=3, rules="doc003",
                      seating="fixed", workers=workers)
    seconds = time.perf_counter() - t0
    print(f"\ndocument 003, Money vs Steward vs Smithy (doc003 rules, fixed seats): "
          f"{games:,} games on {workers} workers in {seconds:.1f} s ({games / seconds:,.0f}/s)")
    print(result.summary())


def measure(name: str, task: object, games: int) -> None:
    print(f"\n{name}: {games:,} games")
    t0 = time.perf_counter()
    direct = task.run(np.arange(games, dtype=np.int64))  # type: ignore[attr-defined]
    own = games / (time.perf_counter() - t0)
    print(f"  task's own loop (1 core)        {own:10,.0f} games/s")
    with tempfile.TemporaryDirectory() as tmp:
        one = run_games(task, games, workers=1, results_file=os.path.join(tmp, "one.lrec"))
        assert one.records.equals(direct.sort_by_index())
        rate1 = games / one.seconds
        share = rate1 / own
        print(f"  run_games, workers=1            {rate1:10,.0f} games/s  ({share:.1%} of own)")
        shutdown_workers()
        cold = run_games(task, games, workers=2)
        assert cold.records.equals(one.records)
        print(
            f"  run_games, workers=2, cold      {games / cold.seconds:10,.0f} games/s  (pool start)"
        )
        warm = run_games(task, games, workers=2)
        rate2 = games / warm.seconds
        print(f"  run_games, workers=2, warm      {rate2:10,.0f} games/s  (pool kept)")
    print(f"  ratio 2 workers (warm) / 1      {rate2 / rate1:10.2f}x")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="games per measurement")
    parser.add_argument("--task", choices=("all", "pig", "spin", "dominion", "doc003"),
                        default="all")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores visible")
    if args.task in ("all", "pig"):
        task = pig_task()
        if task is None:
            print("\nPig is not available yet: skipped")
        else:
            measure("Pig to 100, random vs random (CoreGameTask)", task, args.games or 1500)
    if args.task in ("all", "dominion"):
        measure("Dominion Big Money mirror (DominionTask)", dominion_task(),
                args.games or 400_000)
    if args.task == "doc003":
        doc003(args.games or 1_000_000)
    if args.task in ("all", "spin"):
        measure("synthetic task (200 keyed draws per game)", SpinTask(), args.games or 1500)


if __name__ == "__main__":
    main()
