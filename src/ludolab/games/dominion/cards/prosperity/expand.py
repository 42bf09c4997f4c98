"""Expand (Prosperity): Trash a card from your hand. Gain a card costing up to $3 more than it.

Rulings
(official FAQ): Expand is not in the hand when it resolves, so it cannot trash itself; the gain
may cost less than the trashed card, or be a copy of it; with no card to trash nothing is
gained; the gain comes from the Supply to the discard pile; costs are the costs now (Bridge).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    FALSE,
    H_NIDS,
    I64,
    K_GAIN,
    K_TRASH,
    NONE,
    Z_HAND,
    buy_with,
    copper_trash_ok,
    cost,
    estate_trash_ok,
    gain_ok,
    ids_o,
    in_opts,
    trash_then_gain,
    zo,
)

EXPAND = np.int64(card_id("Expand"))
UP = np.int64(3)  # the gain costs up to $3 more


@inline
def expand_play(S, I, F, p):
    """Trash (decision: trash, mandatory if the hand is not empty), then gain (decision: gain,
    cost cap the trashed card's cost now + 3, argument the trashed card):
    :func:`trash_then_gain`."""
    trash_then_gain(S, I, F, p, EXPAND, I64(0), FALSE, UP, False, I64(0), I64(0))


@inline
def expand_value(S, I, F, p, x):
    """How good trashing ``x`` from hand is (-1: not worth it). The card the bot's buy list
    would buy at ``x``'s cost + 3, as if ``x`` were gone (so its conditions, e.g. a Province's
    money threshold, are read without ``x``), must cost more than ``x``; the dearer that gain
    the better (10 per $), less what ``x`` costs; a Curse always first, an Estate preferred while
    Estates are worth trashing, a Copper only while the money can spare it."""
    if x == COPPER and not copper_trash_ok(S, I, p):
        return I64(-1)
    g = buy_with(S, I, F, p, cost(S, I, x) + UP, x)
    if g < 0 or g == x or g == CURSE or cost(S, I, g) <= cost(S, I, x):
        return I64(1000) if x == CURSE else I64(-1)
    v = 10 * cost(S, I, g) - cost(S, I, x)
    if x == CURSE:
        v += 1000
    elif x == ESTATE and estate_trash_ok(S):
        v += 15
    return v


@inline
def expand_target(S, I, F, p):
    """The card the playbook trashes: the best :func:`expand_value` in hand (first by id on a
    tie), or -1 when none is worth it (after Geronimoo's "find card to remodel": a Curse first,
    then the dearest card the buy list wants one step up: a Province into a Colony, a Gold into
    a Province once the list would buy one without it, a Silver into a Gold, an Estate into a
    $5, a Copper into a Silver)."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    best = I64(-1)
    bv = I64(-1)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] <= 0:
            continue
        v = expand_value(S, I, F, p, x)
        if v > bv:
            bv = v
            best = x
    return best


@inline
def expand_gain(S, I, F, p, n, cap):
    """Asked before the bot's lists: what its buy list would buy with the cap (the trashed card
    is gone already), when that is an option and fine to gain; NONE: the lists decide."""
    g = buy_with(S, I, F, p, cap, I64(-1))
    if g >= 0 and in_opts(I, n, g) and gain_ok(S, I, F, p, n, g):
        return g
    return NONE


@hook
def play(S, I, F, p, c, group, mask):
    expand_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        if kind == K_GAIN:
            return expand_gain(S, I, F, p, n, subject)
        return NONE
    if kind == K_TRASH:
        t = expand_target(S, I, F, p)
        return t if in_opts(I, n, t) else NONE
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing when a card in hand is worth expanding."""
    return I64(1) if expand_target(S, I, F, p) >= 0 else I64(0)
