"""Apprentice (Alchemy, $5): +1 Action. Trash a card from your hand. +1 Card per $1 it costs.
+2 Cards if it has P in its cost.

The +1 Action is the card's row. Rulings (official FAQ, DominionStrategy wiki "Apprentice"): the
trash is not optional while the hand holds a card; the card's cost is what it costs when trashed
(a cost reduction counts); a card costing $3P draws 5; a Curse or Copper draws nothing.

Decision: trash (source Apprentice, every card in hand, no stop).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COPPER,
    CURSE,
    ESTATE,
    FALSE,
    H_COLONY,
    H_NIDS,
    I64,
    K_TRASH,
    NONE,
    Z_DISC,
    Z_HAND,
    Z_OWN,
    ask,
    cost,
    deck_n,
    draw,
    estate_trash_ok,
    ids_o,
    in_opts,
    is_victory,
    lead_of,
    money_of,
    opts_zone,
    potion_cost,
    tcol,
    trash_from,
    trash_rank,
    vp_of,
    zo,
    zone_size,
)

APPRENTICE = np.int64(card_id("Apprentice"))

PROMPTS = {"trash": "trash a card: +1 Card per $1 it costs, +2 if it costs a Potion "
                    "(Apprentice)"}


@inline
def apprentice_value(S, I, c):
    """The cards trashing ``c`` draws: its cost in coins now, +2 with a Potion in its cost."""
    return cost(S, I, c) + (I64(2) if potion_cost(I, c) > 0 else I64(0))


@inline
def apprentice_play(S, I, F, p):
    """Trash a card from the hand (decision: trash), then draw its value."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    a = ask(S, I, F, p, K_TRASH, APPRENTICE, I64(-1), I64(-1), n)
    if a < 0:
        return
    k = apprentice_value(S, I, a)  # before it leaves the hand: the cost now
    trash_from(S, I, p, Z_HAND, a, I64(0))
    if k > 0:
        draw(S, I, p, k)


@inline
def vp_loss(S, I, p, x):
    """The VP seat ``p`` loses with one ``x`` fewer (Gardens and Vineyard count)."""
    own = zo(S, p, Z_OWN)
    before = vp_of(S, I, p)
    S[own + x] -= 1
    after = vp_of(S, I, p)
    S[own + x] += 1
    return before - after


@inline
def apprentice_pick(S, I, p):
    """The playbook (after Geronimoo's): a Curse; an Estate while the game is young; else the
    first card in trash order (``trash_rank``) that draws something, whose coins the deck can
    spare (its Treasures keep $8, $11 with Colony) and whose VP do not hand the lead away; else
    the first card in trash order."""
    h = zo(S, p, Z_HAND)
    if S[h + CURSE] > 0:
        return CURSE
    if S[h + ESTATE] > 0 and estate_trash_ok(S):
        return ESTATE
    floor = I64(11) if S[H_COLONY] != 0 else I64(8)
    io = ids_o(S)
    best = I64(-1)
    first = I64(-1)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] <= 0:
            continue
        r = trash_rank(S, I, x)
        if first < 0 or r < trash_rank(S, I, first):
            first = x
        if apprentice_value(S, I, x) <= 0 or deck_n(S, p) + zone_size(S, p, Z_DISC) == 0:
            continue
        v = tcol(I, x, COL_COINS)
        if v > 0 and money_of(S, I, p) - v < floor:
            continue
        if is_victory(I, x) and x != ESTATE and lead_of(S, I, p) - vp_loss(S, I, p, x) < 0:
            continue
        if best < 0 or r < trash_rank(S, I, best):
            best = x
    return best if best >= 0 else first


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: :func:`apprentice_play`."""
    apprentice_play(S, I, F, p)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: not when nothing is left to draw and the card it would trash is better
    than a Copper (Geronimoo's)."""
    if deck_n(S, p) + zone_size(S, p, Z_DISC) > 0:
        return I64(1)
    x = apprentice_pick(S, I, p)
    return I64(1) if x < 0 or trash_rank(S, I, x) <= trash_rank(S, I, COPPER) else I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's trash list, :func:`apprentice_pick`."""
    if stage == 1 and kind == K_TRASH:
        x = apprentice_pick(S, I, p)
        if x >= 0 and in_opts(I, n, x):
            return x
    return NONE
