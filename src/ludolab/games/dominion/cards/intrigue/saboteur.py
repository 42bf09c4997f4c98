"""Saboteur (Intrigue, first printing): Each other player reveals cards from the top of their deck
until revealing one costing $3 or more. They trash that card and may gain a card costing at most
$2 less than it. They discard the other revealed cards.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    I64,
    I_ERROR,
    K_GAIN,
    TRUE,
    Z_ASIDE,
    ask,
    cost,
    discard_all,
    emit,
    gain,
    opts_supply,
    take_top,
    trash_card,
    zo,
)

SABOTEUR = np.int64(card_id("Saboteur"))


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` reveals cards from its deck (set aside; a shuffle leaves them
    out) until one costs $3 or more now (Bridge counts), trashes it and may gain a card costing
    at most $2 less (decision: gain, subject the cap, argument the Saboteur's player; -1 for
    none; its gain or buy list, then the general gain order), then discards the other revealed
    cards. No such card in its deck and discard pile: everything revealed is discarded."""
    aside = zo(S, q, Z_ASIDE)
    while I[I_ERROR] == 0:
        x = take_top(S, I, q)
        if x < 0:
            break
        S[aside + x] += 1
        emit(I, EV_REVEAL, q, x, I64(0))
        k = cost(S, I, x)
        if k >= 3:
            trash_card(S, I, F, q, Z_ASIDE, x, I64(2))
            n = opts_supply(S, I, k - 2, I64(0), TRUE)
            g = ask(S, I, F, q, K_GAIN, SABOTEUR, k - 2, p, n)
            if g >= 0:
                gain(S, I, F, q, g, I64(0))
            break
    discard_all(S, I, F, q, Z_ASIDE, I64(1))
    return I64(0)
