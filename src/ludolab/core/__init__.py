"""The generic game API: states, chance, players, matches and keyed randomness.

Nothing here knows any particular game. See :mod:`ludolab.core.game` for the conventions.
"""

from ludolab.core.conformance import ConformanceError, check_game
from ludolab.core.game import GameState, Move, Outcome, pick_outcome
from ludolab.core.match import ChanceRecord, Match, MatchResult, MoveRecord
from ludolab.core.player import Player

__all__ = [
    "ChanceRecord",
    "ConformanceError",
    "GameState",
    "Match",
    "MatchResult",
    "Move",
    "MoveRecord",
    "Outcome",
    "Player",
    "check_game",
    "pick_outcome",
]
