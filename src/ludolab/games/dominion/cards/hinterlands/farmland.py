"""Farmland (Hinterlands, both printings): 2 VP. When you gain this, trash a card from your hand
and gain a non-Farmland card costing exactly $2 more than it. (First printing: when you buy this,
trash a card from your hand; gain a card costing exactly $2 more than the trashed card.)

2 VP is the card's row. Which text plays is ``S[H_EDITION]``: the second printing through the
``gained`` hook (however Farmland is gained; the card gained may not be a Farmland), the first
through the ``bought`` hook (only when bought, before it is gained; a Farmland may be the gain).
Official FAQ (Dominion Strategy wiki): the trash is not optional while the hand has a card (an
empty hand: nothing); costs are compared as they are now; with no card at exactly that cost
nothing is gained. Decisions: trash (the hand, subject -1), gain (subject the exact cost,
argument the trashed card).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    FALSE,
    GAINED_ASK,
    H_EDITION,
    H_NIDS,
    I64,
    I_O_OPT,
    K_GAIN,
    K_TRASH,
    NONE,
    Z_HAND,
    ask,
    buy_with,
    cost_rec,
    gain,
    ids_o,
    opts_supply_exact,
    opts_zone,
    trash_card,
    trash_rank,
    zo,
)

FARMLAND = np.int64(card_id("Farmland"))

PROMPTS = {"trash": "trash a card from your hand (Farmland)",
           "gain": "gain a card costing exactly ${subject} (Farmland)"}


@inline
def farmland_remodel(S, I, F, p):
    """Trash a card from the hand (decision: trash), then gain a card costing exactly $2 more
    (decision: gain; second printing: not a Farmland)."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    a = ask(S, I, F, p, K_TRASH, FARMLAND, I64(-1), I64(-1), n)
    trash_card(S, I, F, p, Z_HAND, a, I64(0))
    k = cost_rec(S, I, a) + 2
    n = opts_supply_exact(S, I, k, I64(0))
    if S[H_EDITION] != 1:  # the second printing: a non-Farmland card
        o = I[I_O_OPT]
        m = I64(0)
        for i in range(n):
            x = I[o + i]
            if x != FARMLAND:
                I[o + m] = x
                m += 1
        n = m
    if n > 0:
        b = ask(S, I, F, p, K_GAIN, FARMLAND, k, a, n)
        gain(S, I, F, p, b, I64(0))


@inline
def farmland_trash(S, I, F, p):
    """The card to trash, as DominionSim plays it: in the general trash order (Curse, Estate,
    Copper, then by cost), the first whose cost + $2 is exactly what the bot's buy list would buy
    with that many coins (Estate into a $4, Gold into a Province); else the first in that order
    (the gain then follows the lists)."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    first = I64(-1)
    fr = I64(1 << 40)
    best = I64(-1)
    br = I64(1 << 40)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] == 0:
            continue
        r = trash_rank(S, I, x)
        if r < fr:
            fr = r
            first = x
        k = cost_rec(S, I, x) + 2
        w = buy_with(S, I, F, p, k, x)
        if w >= 0 and cost_rec(S, I, w) == k and (w != FARMLAND or S[H_EDITION] == 1) and r < br:
            br = r
            best = x
    return best if best >= 0 else first


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained`` (second printing): a Farmland gained, however, remodels a card of the
    hand; asked (``where >= GAINED_ASK``): 1 when the hand has a card."""
    acts = c == FARMLAND and S[H_EDITION] != 1
    if where >= GAINED_ASK:  # asked: counted without touching the option buffer
        h = zo(S, p, Z_HAND)
        io = ids_o(S)
        k = I64(0)
        for i in range(S[H_NIDS]):
            k += S[h + S[io + i]]
        return I64(acts and k > 0)
    if acts:
        farmland_remodel(S, I, F, p)
    return where


@hook
def bought(S, I, F, p, c, r):
    """Hook ``bought`` (first printing): buying a Farmland remodels a card of the hand."""
    if c == FARMLAND and S[H_EDITION] == 1:
        farmland_remodel(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the trash after the bot's trash list (:func:`farmland_trash`)."""
    if stage == 0 or kind != K_TRASH:
        return NONE
    return farmland_trash(S, I, F, p)
