"""Merchant Ship (Seaside): Now and at the start of your next turn: +$2.

The +$2 now is its row's column; ``play``
registers the waiting effect (:func:`~ludolab.games.dominion.engine.kernel.stay`: the card stays
in play until the clean-up of the next turn) and ``duration`` pays the second +$2. Both printings
read the same. Throne Room on it: +$4 now and +$4 next turn, both cards stay in play.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import EV_COINS_PLUS, H_COINS, I64, emit, stay

MERCHANT_SHIP = np.int64(card_id("Merchant Ship"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the +$2 now is the row's; the next turn's +$2 waits."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn, +$2."""
    S[H_COINS] += 2
    emit(I, EV_COINS_PLUS, p, MERCHANT_SHIP, I64(2))
    return I64(0)
