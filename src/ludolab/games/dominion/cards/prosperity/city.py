"""City (Prosperity): +1 Card, +2 Actions. If there are one or more empty Supply piles, +1 Card.
If there are two or more, +1 Buy and +$1.

The +1 Card, +2 Actions are its
row's columns; the bonuses are this hook's, read from the empty piles when it is played (the
FAQ: a pile emptied later in the turn does not change a City already played).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    H_BUYS,
    H_COINS,
    I64,
    draw,
    emit,
    empty_piles,
)

CITY = np.int64(card_id("City"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: one empty Supply pile or more: +1 Card; two or more: also +1 Buy, +$1
    (no more for three; the trash is not a Supply pile)."""
    e = empty_piles(S)
    if e >= 1:
        draw(S, I, p, I64(1))
    if e >= 2:
        S[H_BUYS] += 1
        S[H_COINS] += 1
        emit(I, EV_COINS_PLUS, p, CITY, I64(1))
    return I64(0)
