"""The whole simulation path against the kernel, measured in one run (issue 8's ratios).

Usage::

    python bench/path.py                 # 200,000 games a measurement; 1,000,000 for 2 workers
    python bench/path.py --games 50000 --scaling-games 200000

For the Big Money and the Witch Big Money mirrors it prints games/s of the kernel alone
(``Engine.play`` on one batch of seeds, one core) and of ``ludolab.dominion.simulate`` with one
worker (the arena's task, runner, records and statistics: what ``ludolab dominion sim`` does),
and their ratio; then the Witch mirror with two workers against one, on the same games. Each
figure is the best of ``--repeat`` timings; ratios come from the same run, so a shared machine's
load moves both sides alike. Mirror matches are played once per deal (copies of the same game
are not replayed), so the simulation's games are the kernel's games.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from ludolab import dominion
from ludolab.arena.runner import shutdown_workers
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.engine import Engine
from ludolab.games.dominion.kingdom import resolve_kingdom


def best(fn, repeat: int) -> float:
    """The shortest of ``repeat`` timings of ``fn()``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def kernel_rate(bot: str, games: int, repeat: int) -> float:
    compiled = load_bot(bot)
    kingdom = resolve_kingdom("auto", {bot: compiled.cards_needed})
    engine = Engine(kingdom, 2, "official")
    seeds = np.arange(games, dtype=np.uint64)
    engine.play([compiled, compiled], seeds[:10])  # loaded or compiled before timing
    return games / best(lambda: engine.play([compiled, compiled], seeds), repeat)


def path_rate(bot: str, games: int, workers: int, repeat: int) -> float:
    # warm: one chunk (20,000 games) per worker, so every worker has loaded the compiled kernel
    dominion.simulate([bot, bot], games=min(games, 20_000 * workers), seed=1, workers=workers)
    return games / best(lambda: dominion.simulate([bot, bot], games=games, seed=1,
                                                  workers=workers), repeat)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--scaling-games", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()}")
    for bot in ("Big Money", "Witch Big Money"):
        k = kernel_rate(bot, args.games, args.repeat)
        p = path_rate(bot, args.games, 1, args.repeat)
        print(f"{bot} mirror, {args.games:,} games: kernel {k:,.0f} games/s, "
              f"simulate (1 worker) {p:,.0f} games/s, ratio {p / k:.1%}")
    one = path_rate("Witch Big Money", args.scaling_games, 1, 1)
    two = path_rate("Witch Big Money", args.scaling_games, 2, 1)
    shutdown_workers()
    print(f"Witch Big Money mirror, {args.scaling_games:,} games: 1 worker {one:,.0f} games/s, "
          f"2 workers {two:,.0f} games/s, ratio {two / one:.2f}x")
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
