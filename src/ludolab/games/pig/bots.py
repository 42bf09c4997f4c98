"""Simple Pig bots: hold once the turn's points reach a threshold."""

from __future__ import annotations

import numpy as np

from ludolab.core.game import GameState, Move
from ludolab.games.pig.game import HOLD, ROLL


class HoldAtPlayer:
    """Rolls until the turn's points reach ``n``, then holds (and holds when the goal is reached).

    Hold-at-20 is the classic benchmark: it maximises the expected points of one turn.
    """

    def __init__(self, n: int = 20) -> None:
        if n < 1:
            raise ValueError(f"hold-at-N needs N >= 1, got {n}")
        self.n = int(n)
        self.name = f"hold:{self.n}"

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        """``"roll"`` while the turn's points are below ``n``, else ``"hold"`` (when legal)."""
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        return ROLL if state.points < self.n else HOLD  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"HoldAtPlayer({self.n})"
