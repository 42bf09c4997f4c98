"""Advisor (Guilds, both printings): +1 Action. Reveal the top 3 cards of your deck. The player
to your left chooses one of them. Discard that card, and put the others into your hand.

+1 Action is the card's row. Official FAQ (Dominion Strategy wiki): with fewer than 3 cards
after shuffling, reveal what there is; the chosen card is discarded, the others go to the hand
(one revealed card: it is discarded). Decision: the left neighbour's discard (K_DISCARD, source
Advisor, argument the Advisor's player, options the revealed cards). Playbook of the chooser,
as DominionSim's opponents choose: the dearest card (the one the player would want most).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DISCARD,
    EV_DRAW,
    EV_REVEAL,
    FALSE,
    H_NIDS,
    H_NP,
    I64,
    K_DISCARD,
    NONE,
    Z_ASIDE,
    Z_DISC,
    Z_HAND,
    ask,
    emit,
    extreme_cost,
    ids_o,
    opts_zone,
    take_top,
    zo,
)

ADVISOR = np.int64(card_id("Advisor"))

PROMPTS = {"discard": "choose the card the Advisor's player discards (the others go to their "
                      "hand)"}


@inline
def advisor_play(S, I, F, p):
    """Reveal up to 3 (set aside), the left neighbour picks one to discard, the rest to hand."""
    aside = zo(S, p, Z_ASIDE)
    k = I64(0)
    for _ in range(3):
        x = take_top(S, I, p)
        if x < 0:
            break
        S[aside + x] += 1
        emit(I, EV_REVEAL, p, x, I64(0))
        k += 1
    if k == 0:
        return
    n = opts_zone(S, I, p, Z_ASIDE, I64(0), FALSE)
    q = (p + 1) % S[H_NP]
    d = ask(S, I, F, q, K_DISCARD, ADVISOR, I64(-1), p, n)
    S[aside + d] -= 1
    S[zo(S, p, Z_DISC) + d] += 1
    emit(I, EV_DISCARD, p, d, I64(1))
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        while S[aside + c] > 0:
            S[aside + c] -= 1
            S[h + c] += 1
            emit(I, EV_DRAW, p, c, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    advisor_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the chooser (before its own lists, which are for its own hand) takes
    the dearest revealed card."""
    if stage == 0 and kind == K_DISCARD and source == ADVISOR:
        return extreme_cost(S, I, n, FALSE)
    return NONE
