"""Monument (Prosperity): +$2. +1 VP.

The +$2 is its row's column; the
VP token is this hook's.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import I64, add_vpt

MONUMENT = np.int64(card_id("Monument"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +1 VP token (each play: under King's Court, three)."""
    add_vpt(S, I, p, I64(1))
    return I64(0)
