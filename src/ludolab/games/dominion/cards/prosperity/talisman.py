"""Talisman (Prosperity, first printing): $1. While this is in play, when you buy a card
costing $4 or less that is not a Victory card, gain a copy of it.

The $1
is its row's column; the ``bought`` hook gains a copy per Talisman in play. The cost is the
card's cost when it is bought (Bridge, Quarry and Peddler lower it: ``kernel.cost``); a card
that is a Victory card among other types (Great Hall, Farm) gets no copy.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    HDR,
    I64,
    Z_PLAY,
    gain,
    is_victory,
    within,
    zo,
)

TALISMAN = np.int64(card_id("Talisman"))


@inline
def talisman_copies(S, I, F, p, c):
    """``p`` buys ``c``: a copy per Talisman in play when ``c`` costs $4 or less now and is not
    a Victory card. The hook runs before the bought card leaves its pile, so a copy is gained
    only while the pile holds more than that card (buying the last one gains no copy)."""
    k = S[zo(S, p, Z_PLAY) + TALISMAN]
    if k == 0 or is_victory(I, c) or not within(S, I, c, I64(4)):
        return
    for _ in range(k):
        if S[HDR + c] <= 1:
            break
        gain(S, I, F, p, c, I64(0))


@hook
def bought(S, I, F, p, c, r):
    """Hook ``bought``: the copies of :func:`talisman_copies`."""
    talisman_copies(S, I, F, p, c)
    return I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place among the Treasures played one at a time (any time before
    buying, with the other Treasures that add money)."""
    return I64(100)
