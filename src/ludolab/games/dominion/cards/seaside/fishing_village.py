"""Fishing Village (Seaside): +2 Actions, +$1. At the start of your next turn: +1 Action and +$1.

+2 Actions and +$1 now are its row's
columns; ``play`` registers the waiting effect (:func:`~ludolab.games.dominion.engine.kernel.stay`)
and ``duration`` gives +1 Action and +$1 at the start of the next turn. Both printings read the
same. The default play order treats it as a village (non-terminal, played before terminals).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    H_ACTIONS,
    H_COINS,
    I64,
    emit,
    stay,
)

FISHING_VILLAGE = np.int64(card_id("Fishing Village"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +2 Actions and +$1 now are the row's; the next turn's part waits."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn, +1 Action and +$1."""
    S[H_ACTIONS] += 1
    S[H_COINS] += 1
    emit(I, EV_COINS_PLUS, p, FISHING_VILLAGE, I64(1))
    return I64(0)
