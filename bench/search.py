"""Search speed on one core: the compiled search (ludolab.players.compiled) against the
pure-Python players, and whole matches of search players.

Usage::

    python bench/search.py                  # about half a minute
    python bench/search.py --seconds 3      # a longer look at each figure

Pig: simulations/s of the ``mc`` and ``uct`` specs deciding at 40 vs 50 with 12 turn points,
through the compiled interface (the default) and through the generic Python API
(``engine=python``), and games/s of ``uct`` against ``hold:20`` to 100 played by
:class:`ludolab.core.Match` (the path ``ludolab pig match`` takes). The first call of each
compiled routine is made before the clock starts (a cold compile is not a rate). The figures are
only meaningful on an idle machine: print ``uptime`` with them.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ludolab.core import Match
from ludolab.games.pig import HoldAtPlayer, PigState
from ludolab.games.pig.players import make_player


def simulations_per_second(spec: str, seconds: float) -> tuple[float, float]:
    """Simulations/s of a Pig search player, and milliseconds per decision."""
    player = make_player(spec)
    state = PigState(scores=(40, 50), points=12, rolls=(10, 12))
    player.choose(state, 0, np.random.default_rng(0))  # compile or load the cache first
    start = time.perf_counter()
    sims = decisions = 0
    while time.perf_counter() - start < seconds:
        player.choose(state, 0, np.random.default_rng(decisions))
        sims += sum(n for n, _ in player.last_search.values())
        decisions += 1
    elapsed = time.perf_counter() - start
    return sims / elapsed, 1000 * elapsed / decisions


def games_per_second(spec: str, seconds: float) -> float:
    """Games/s of ``spec`` against hold-at-20 to 100, seats alternating."""
    player = make_player(spec)
    Match(PigState(), [player, HoldAtPlayer(20)], seed=0).run()  # warm up
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds or games < 2:
        seats = [player, HoldAtPlayer(20)] if games % 2 == 0 else [HoldAtPlayer(20), player]
        Match(PigState(), seats, seed=games // 2).run()
        games += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure")
    args = parser.parse_args()
    print("Pig, one decision at 40 vs 50 with 12 turn points:")
    for spec in ("uct", "uct:engine=python", "uct:horizon=none", "mc", "mc:engine=python",
                 "mc:horizon=none"):
        rate, ms = simulations_per_second(spec, args.seconds)
        print(f"  {spec:28s} {rate:12,.0f} simulations/s  {ms:8.2f} ms per decision")
    print("Pig to 100 against hold:20, one process:")
    for spec in ("uct", "uct:engine=python"):
        rate = games_per_second(spec, args.seconds * 3)
        print(f"  {spec:28s} {rate:12,.1f} games/s")


if __name__ == "__main__":
    main()
