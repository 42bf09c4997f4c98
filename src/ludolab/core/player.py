"""The player protocol: anything that picks a move for a seat."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from ludolab.core.game import GameState, Move


@runtime_checkable
class Player(Protocol):
    """Chooses moves. ``rng`` is the player's own keyed stream for this game and seat."""

    name: str

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        """Return one of ``state.legal_moves(seat)``; must not change ``state``."""
        ...
