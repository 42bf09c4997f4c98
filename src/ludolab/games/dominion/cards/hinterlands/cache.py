"""Cache (Hinterlands, first printing): $3. When you gain this, gain two Coppers.

$3 is the card's row; the home is its ``gained`` hook. Official FAQ (Dominion Strategy wiki):
however the Cache is gained (bought or otherwise), its owner also gains two Coppers from the
Supply, to the discard pile; with fewer Coppers left, as many as there are. Not optional; no
decision. A bot buys it from its buy list.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import COPPER, GAINED_ASK, HDR, I64, gain

CACHE = np.int64(card_id("Cache"))


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: a Cache gained gains its owner two Coppers; asked (``where >=
    GAINED_ASK``): 1 while Coppers are left."""
    if where >= GAINED_ASK:
        return I64(c == CACHE and S[HDR + COPPER] > 0)
    if c == CACHE:
        gain(S, I, F, p, COPPER, I64(0))
        gain(S, I, F, p, COPPER, I64(0))
    return where
