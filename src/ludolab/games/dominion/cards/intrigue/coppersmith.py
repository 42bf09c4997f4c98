"""Coppersmith (Intrigue, first printing): Copper produces an extra $1 this turn.

How it is paid: each play counts in ``H_COPPERSMITH`` (reset at the start and the end of every
turn), and the ``buy_start`` hook pays ``H_COPPERSMITH`` x the Coppers in play once every
Treasure has been played (the kernel plays them all at the start of the buy phase, after every
Action). A hook rather than a test in the kernel's Treasure loop: a game without Coppersmith
has no ``buy_start`` hook to call (the hook list is empty), so it pays nothing per turn beyond
the two resets, and base-set games play identically.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_COINS_PLUS,
    H_COINS,
    H_COPPERSMITH,
    I64,
    Z_HAND,
    Z_PLAY,
    emit,
    want_buy_start,
    zo,
)

COPPERSMITH = np.int64(card_id("Coppersmith"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: count the play (twice under Throne Room: each Copper then makes $3)."""
    S[H_COPPERSMITH] += 1
    want_buy_start(S)
    return I64(0)


@hook
def buy_start(S, I, F, p, c):
    """Hook ``buy_start``: +$1 per Coppersmith play for every Copper played this turn."""
    k = S[H_COPPERSMITH] * S[zo(S, p, Z_PLAY) + COPPER]
    if k > 0:
        S[H_COINS] += k
        emit(I, EV_COINS_PLUS, p, COPPERSMITH, k)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing with a Copper in hand (without one it makes nothing: the
    Coppers the turn could still draw are not counted). Which terminal goes first is the default
    action order's (by cost)."""
    return I64(S[zo(S, p, Z_HAND) + COPPER] >= 1)
