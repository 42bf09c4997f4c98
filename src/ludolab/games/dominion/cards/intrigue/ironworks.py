"""Ironworks (Intrigue): gain a card costing up to $4. If the gained card is an... Action card,
+1 Action; Treasure card, +$1; Victory card, +1 Card.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    FALSE,
    H_ACTIONS,
    H_COINS,
    I64,
    K_GAIN,
    TY_ACTION,
    TY_TREASURE,
    TY_VICTORY,
    ask,
    draw,
    emit,
    gain,
    opts_supply,
    types,
)

IRONWORKS = np.int64(card_id("Ironworks"))


@inline
def ironworks_play(S, I, F, p):
    """Decision: gain, cost cap 4 (Bridge lowers every cost, so more cards fit). Then a bonus
    per type of the gained card, all that apply (Great Hall, Mill, Nobles: +1 Action and +1
    Card; Farm: +$1 and +1 Card; a Curse: none). Nothing gained (every pile empty): no bonus.
    House policy: the gain list, else the buy list, else the default gain."""
    n = opts_supply(S, I, I64(4), I64(0), FALSE)
    a = ask(S, I, F, p, K_GAIN, IRONWORKS, I64(4), I64(-1), n)
    if a >= 0 and gain(S, I, F, p, a, I64(0)):
        t = types(I, a)
        if (t & TY_ACTION) != 0:
            S[H_ACTIONS] += 1
        if (t & TY_TREASURE) != 0:
            S[H_COINS] += 1
            emit(I, EV_COINS_PLUS, p, IRONWORKS, I64(1))
        if (t & TY_VICTORY) != 0:
            draw(S, I, p, I64(1))


@hook
def play(S, I, F, p, c, group, mask):
    ironworks_play(S, I, F, p)
    return I64(0)
