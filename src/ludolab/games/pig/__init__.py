"""Pig, the dice game of Ludorum's tutorial: rules, hold-at-N bots and the optimal policy.

>>> from ludolab.core import Match
>>> result = Match(PigState(goal=30), [HoldAtPlayer(20), OptimalPlayer()], seed=1).run()
>>> result.final_state.is_terminal()
True
"""

from ludolab.games.pig.bots import HoldAtPlayer
from ludolab.games.pig.game import (
    DIE_OUTCOMES,
    HOLD,
    ROLL,
    SEAT_NAMES,
    PigState,
    held_difference,
    score_difference,
)
from ludolab.games.pig.optimal import OptimalPlayer, solve, win_probability_function

__all__ = [
    "DIE_OUTCOMES",
    "HOLD",
    "ROLL",
    "SEAT_NAMES",
    "HoldAtPlayer",
    "OptimalPlayer",
    "PigState",
    "held_difference",
    "score_difference",
    "solve",
    "win_probability_function",
]
