"""Nomad Camp (Hinterlands, first printing): +1 Buy, +$2. When you gain this, put it on top of
your deck.

+1 Buy and +$2 are the card's row; the home is its when-gain rule, the ``gained`` hook. Official
FAQ (Dominion Strategy wiki): the gained Nomad Camp goes onto the deck instead of the discard
pile, whether it was bought or gained another way; it is not optional. A Nomad Camp already
moved on when its turn comes (lost track: on the deck already, or gone) stays where it is.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_TOPDECK,
    GAINED_ASK,
    I64,
    Z_DISC,
    Z_HAND,
    emit,
    put_top,
    zo,
)

NOMAD_CAMP = np.int64(card_id("Nomad Camp"))


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: a Nomad Camp gained to the discard pile (0) or hand (1), still there,
    goes on top of its owner's deck (2); asked (``where >= GAINED_ASK``): 1 if it would."""
    w = where - GAINED_ASK if where >= GAINED_ASK else where
    z = Z_DISC if w == 0 else Z_HAND
    acts = c == NOMAD_CAMP and (w == 0 or w == 1) and S[zo(S, p, z) + c] > 0
    if where >= GAINED_ASK:
        return I64(acts)
    if not acts:
        return where
    S[zo(S, p, z) + c] -= 1
    put_top(S, I, p, c, True)
    emit(I, EV_TOPDECK, p, c, I64(1) if w == 0 else I64(0))
    return I64(2)
