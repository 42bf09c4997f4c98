"""Nomads (Hinterlands, second printing): +1 Buy, +$2. When you gain or trash this, +$2.

+1 Buy and +$2 are the card's row; the home is its two triggers: its ``gained`` hook (bought or
gained otherwise, wherever it went) and its ``trashed`` hook (trashed from anywhere: the hand,
play, a gain that Watchtower trashes, the Supply by Lurker) each give +$2. The +$ is the
turn's: a Nomads gained or trashed on another player's turn gives its owner nothing to spend
(there is no Buy phase of theirs to spend it in). No decision; the default play order plays
it as a terminal +$2.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    GAINED_ASK,
    H_COINS,
    H_CUR,
    I64,
    emit,
)

NOMADS = np.int64(card_id("Nomads"))


@inline
def nomads_coins(S, I, p):
    """+$2 for seat ``p`` when it is its turn."""
    if p == S[H_CUR]:
        S[H_COINS] += 2
        emit(I, EV_COINS_PLUS, p, NOMADS, I64(2))


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: gaining a Nomads gives +$2 (bookkeeping every order agrees on: asked,
    it answers 0 and simply runs)."""
    if where >= GAINED_ASK:
        return I64(0)
    if c == NOMADS:
        nomads_coins(S, I, p)
    return where


@hook
def trashed(S, I, F, p, c, r, how):
    """Hook ``trashed``: trashing a Nomads gives +$2."""
    if c == NOMADS:
        nomads_coins(S, I, p)
    return I64(0)
