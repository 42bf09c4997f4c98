"""Game-independent players, written against :mod:`ludolab.core` only.

* :class:`RandomPlayer` -- a uniformly random legal move;
* :class:`MonteCarloPlayer` -- flat Monte Carlo (simulations, time cap, horizon + heuristic,
  rollout policy, moves compared on common dice);
* :class:`UCTPlayer` -- Monte Carlo tree search with UCB1, chance drawn by its probabilities,
  values backed up per seat (any number of players), regret matching at simultaneous moves;
* :class:`~ludolab.players.base.Judge` -- how both value the end of a simulation: returns or
  win/loss, a heuristic at the horizon, optionally only at "quiet" states;
* :mod:`ludolab.players.spec` -- the parser of player specs (``uct:simulations=500,c=1.4``);
* :mod:`ludolab.players.compiled` -- the same flat Monte Carlo and UCT compiled with numba, run
  inside any game that hands them its compiled interface (Pig does).

Every player draws its randomness from the ``rng`` handed to ``choose`` (the keyed stream of its
game and seat), so a match is reproducible whenever no time cap is set.
"""

from ludolab.players.base import Heuristic, Judge, RandomPlayer, outcome_values, playout
from ludolab.players.montecarlo import MonteCarloPlayer
from ludolab.players.spec import Param, PlayerFactory, PlayerRegistry
from ludolab.players.uct import UCTPlayer

__all__ = [
    "Heuristic",
    "Judge",
    "MonteCarloPlayer",
    "Param",
    "PlayerFactory",
    "PlayerRegistry",
    "RandomPlayer",
    "UCTPlayer",
    "outcome_values",
    "playout",
]
