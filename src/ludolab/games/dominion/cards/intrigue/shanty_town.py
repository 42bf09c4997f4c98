"""Shanty Town (Intrigue): +2 Actions. Reveal your hand. If you have no Action cards in hand,
+2 Cards.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    H_NIDS,
    I64,
    TY_ACTION,
    Z_HAND,
    cost,
    draw,
    emit,
    ids_o,
    types,
    zo,
)

SHANTY_TOWN = np.int64(card_id("Shanty Town"))


@inline
def shanty_town_play(S, I, p):
    """Reveal the hand (a reveal event per card); no Action card in it (an Action-Victory card
    is an Action): +2 Cards. An empty hand has no Action card."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    actions = 0
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[h + x]
        if k > 0:
            for _ in range(k):
                emit(I, EV_REVEAL, p, x, I64(0))
            if (types(I, x) & TY_ACTION) != 0:
                actions += k
    if actions == 0:
        draw(S, I, p, I64(2))


@inline
def shanty_town_score(S, I, p):
    """Its place in the default action order: with no other Action in hand, first (it draws 2);
    with other Actions, after the other non-terminals (they may leave it a hand without
    Actions) but before every terminal (it gives the actions they need)."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    others = 0
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[h + x] - (1 if x == SHANTY_TOWN else 0)
        if k > 0 and (types(I, x) & TY_ACTION) != 0:
            others += k
    if others == 0:
        return 1000 + 10 * cost(S, I, SHANTY_TOWN) + 2
    return I64(950)


@hook
def play(S, I, F, p, c, group, mask):
    shanty_town_play(S, I, p)
    return I64(0)


@hook
def score(S, I, F, p, c):
    return shanty_town_score(S, I, p)
