"""Collection (Prosperity, second printing): $2. +1 Buy. This turn, when you gain an Action
card, +1 VP.

The $2
and +1 Buy are its row's columns; the ``gained`` hook gives a VP token per Collection played
this turn (each play counts, Tiara's two included, even once it has left play) for every
Action card its player gains, bought or gained another way.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    H_CUR,
    I64,
    add_vpt,
    is_action,
    turn_o,
)

COLLECTION = np.int64(card_id("Collection"))


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: the player whose turn it is gained an Action card: +1 VP per Collection
    it played this turn (a card gained on another player's turn gets none)."""
    if p != S[H_CUR] or not is_action(I, c):
        return I64(0) if where >= GAINED_ASK else where
    k = S[turn_o(S) + COLLECTION]
    if where >= GAINED_ASK:  # asked whether it would act (kernel.GAINED_ASK)
        return I64(k > 0)
    if k > 0:
        add_vpt(S, I, p, k)
    return where


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place among the Treasures played one at a time (any time before
    buying, with the other Treasures that add money)."""
    return I64(100)
