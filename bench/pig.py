"""Pig speed through the generic API: games/s and search simulations/s on one core.

Usage::

    python bench/pig.py                 # about fifteen seconds
    python bench/pig.py --seconds 2     # a longer look at each figure

Prints random-vs-random games/s played by :class:`ludolab.core.Match` (the general path every
game and player uses), the time to solve Pig to 100 by value iteration, and the simulations/s
of the flat Monte Carlo and UCT players from a mid-game position, with the ``ludolab pig``
defaults and a few variants (independent dice, random playouts, playouts to the end). The
figures are only meaningful on an idle machine.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ludolab.core import Match
from ludolab.games.pig import PigState
from ludolab.games.pig.optimal import solve
from ludolab.games.pig.players import make_player
from ludolab.players import RandomPlayer


def games_per_second(seconds: float) -> tuple[float, float]:
    """Random vs random games/s to 100, and mean steps (moves and dice) per game."""
    players = [RandomPlayer(), RandomPlayer()]
    start = time.perf_counter()
    games = steps = 0
    while time.perf_counter() - start < seconds:
        steps += Match(PigState(), players, seed=games).run().steps
        games += 1
    return games / (time.perf_counter() - start), steps / games


def simulations_per_second(spec: str, seconds: float) -> float:
    """Simulations/s of a search player deciding at 40 vs 50 with 12 turn points."""
    player = make_player(spec)
    state = PigState(scores=(40, 50), points=12)
    rng = np.random.default_rng(0)
    start = time.perf_counter()
    sims = 0
    while time.perf_counter() - start < seconds:
        player.choose(state, 0, rng)
        sims += sum(n for n, _ in player.last_search.values())
    return sims / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure")
    args = parser.parse_args()

    rate, steps = games_per_second(args.seconds * 3)
    print(f"random vs random, goal 100: {rate:,.0f} games/s ({steps:.0f} steps per game)")
    solve.cache_clear()
    start = time.perf_counter()
    sol = solve(100)
    print(
        f"value iteration to 100: {time.perf_counter() - start:.2f} s ({sol.sweeps} sweeps), "
        f"first player wins {sol.first_player_win_probability:.4f}"
    )
    for spec in (
        "mc",
        "mc:paired=no",
        "mc:rollout=random",
        "mc:horizon=none",
        "uct",
        "uct:paired=no",
        "uct:horizon=none",
    ):
        rate = simulations_per_second(spec, args.seconds)
        print(f"{spec:36s} {rate:10,.0f} simulations/s")


if __name__ == "__main__":
    main()
