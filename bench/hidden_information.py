"""What peeking was worth: the generic ``mc``/``uct`` player at a heads-up limit table, honest
(searching worlds resampled from its information state, as it plays now) against the same
player searching the true state (every generic search before hidden information was in the core
API), both against a calling station on the same duplicate deals.

Usage::

    python bench/hidden_information.py                        # mc, 100 deals, a few minutes
    python bench/hidden_information.py --player uct --deals 200 --simulations 300
    python bench/hidden_information.py --rollout random       # random rollouts (the default
                                                              # of the players)

Each deal is played twice per variant, the searcher in either seat (the button moves with the
deal); a deal's two hands are one unit for the 95% intervals (normal, over deals), and the
honest-minus-peeking difference is paired on the deal. Figures are small bets per hand.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from ludolab.core import Match
from ludolab.core import rng as _rng
from ludolab.games.poker.adapter import PokerState
from ludolab.games.poker.engine.layout import CALL
from ludolab.players import MonteCarloPlayer, UCTPlayer


class Peeking(PokerState):
    """The same hand falsely declared perfect-information: the search plays out the truth."""

    perfect_information = True


class CallingStation:
    """Checks or calls every time."""

    name = "call"

    def choose(self, state, seat, rng):
        return CALL


def play(kind: str, simulations: int, deals: int, seed: int, cls: type[PokerState],
         rollout: str) -> np.ndarray:
    """Small bets won per deal (the sum of the searcher's two seats' hands)."""
    out = np.zeros(deals)
    seeds = _rng.game_seeds(seed, 0, deals)
    for d in range(deals):
        for me in (0, 1):
            policy = CallingStation() if rollout == "call" else None
            player = (MonteCarloPlayer if kind == "mc" else UCTPlayer)(simulations=simulations,
                                                                       rollout=policy)
            players = [CallingStation(), CallingStation()]
            players[me] = player
            result = Match(cls(2, button=d % 2), players, seed=int(seeds[d])).run()
            out[d] += result.returns[me]
    return out


def interval(x: np.ndarray) -> str:
    half = 1.96 * x.std(ddof=1) / np.sqrt(len(x))
    return f"{x.mean():+.3f} ± {half:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--player", choices=("mc", "uct"), default="mc")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--simulations", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rollout", choices=("call", "random"), default="call",
                    help="the rollout policy of every seat (call: the opponent's own)")
    a = ap.parse_args()
    t = time.perf_counter()
    honest = play(a.player, a.simulations, a.deals, a.seed, PokerState, a.rollout) / 2
    peek = play(a.player, a.simulations, a.deals, a.seed, Peeking, a.rollout) / 2
    print(f"{a.player}:simulations={a.simulations},rollout={a.rollout} against always-call, "
          f"{a.deals} duplicate deals (small bets per hand, 95% interval over deals)")
    print(f"  honest (resampled worlds)  {interval(honest)}")
    print(f"  peeking (the true state)   {interval(peek)}")
    print(f"  peeking - honest (paired)  {interval(peek - honest)}")
    print(f"  {time.perf_counter() - t:.0f} s, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
