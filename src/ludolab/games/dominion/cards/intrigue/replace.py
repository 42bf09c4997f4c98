"""Replace (Intrigue): trash a card from your hand. Gain a card costing up to $2 more than it.
If the gained card is an Action or Treasure, put it onto your deck; if it's a Victory card, each
other player gains a Curse.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    DUCHY,
    ESTATE,
    FALSE,
    GOLD,
    HDR,
    I64,
    K_GAIN,
    K_TRASH,
    NONE,
    PROVINCE,
    SILVER,
    TY_ACTION,
    TY_TREASURE,
    TY_VICTORY,
    Z_HAND,
    cost_rec,
    each_attacked,
    estate_trash_ok,
    gain,
    gain_choice,
    gain_ok,
    gains_to_end,
    in_opts,
    lead_of,
    trash_from_hand,
    types,
    zo,
)

REPLACE = np.int64(card_id("Replace"))


@inline
def replace_play(S, I, F, p, c, mask):
    """Trash (decision: trash, mandatory while the hand has a card), then gain (decision: gain,
    cost cap the trashed card's cost + 2, argument the trashed card). An Action or a Treasure
    goes onto the deck; a Victory card makes each other seat in ``mask`` (the Attack's targets:
    a Moat protects) gain a Curse (:func:`attack`), in turn order, while Curses last. A card of
    two of these types does both (Mill, Nobles, Great Hall, Farm). House policy:
    :func:`replace_target`, :func:`replace_gain_first`, then the gain list, the buy list, the
    default gain."""
    a = trash_from_hand(S, I, F, p, REPLACE, I64(0), FALSE)
    if a < 0:
        return
    b = gain_choice(S, I, F, p, REPLACE, cost_rec(S, I, a) + 2, I64(0), False, a)
    if b < 0:
        return
    t = types(I, b)
    topdeck = (t & (TY_ACTION | TY_TREASURE)) != 0
    if not gain(S, I, F, p, b, I64(2) if topdeck else I64(0)):
        return
    if (t & TY_VICTORY) != 0:
        each_attacked(S, I, F, p, c, mask)


@inline
def replace_target(S, I, p):
    """The card the playbook trashes, or -1 when none is worth it: a Curse (into an Estate: a
    Curse for each opponent); a Gold into a Province; an Estate (early: into a $4 on the deck;
    late: into another Estate and a Curse for each opponent); late (4 gains or fewer from the
    end) a Silver into a Duchy; late (2 or fewer) a Province into a Province while strictly
    ahead, or a Copper into an Estate."""
    h = zo(S, p, Z_HAND)
    g = gains_to_end(S)
    if S[h + CURSE] > 0:
        return CURSE
    if S[h + GOLD] > 0 and S[HDR + PROVINCE] > 0:
        return GOLD
    if S[h + ESTATE] > 0:
        return ESTATE
    if S[h + SILVER] > 0 and S[HDR + DUCHY] > 0 and g <= 4:
        return SILVER
    if g <= 2:
        if S[h + PROVINCE] > 0 and S[HDR + PROVINCE] > 0 and lead_of(S, I, p) > 0:
            return PROVINCE
        if S[h + COPPER] > 0 and S[HDR + ESTATE] > 0:
            return COPPER
    return I64(-1)


@inline
def replace_gain_first(S, I, F, p, n, arg):
    """Asked before the bot's gain list, by the card trashed (``arg``): a Gold or a Province
    becomes a Province; late, a Silver a Duchy; a Curse, a Copper, or a late Estate an Estate
    (each a Curse for every opponent). Otherwise NONE: the lists, then the default gain."""
    if (arg == GOLD or arg == PROVINCE) and gain_ok(S, I, F, p, n, PROVINCE):
        return PROVINCE
    if arg == SILVER and gains_to_end(S) <= 4 and gain_ok(S, I, F, p, n, DUCHY):
        return DUCHY
    late_estate = arg == ESTATE and not estate_trash_ok(S)
    if (arg == CURSE or arg == COPPER or late_estate) and gain_ok(S, I, F, p, n, ESTATE):
        return ESTATE
    return NONE


@hook
def play(S, I, F, p, c, group, mask):
    replace_play(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: (a Victory card was gained) seat ``q`` gains a Curse while Curses
    last."""
    gain(S, I, F, q, CURSE, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        if kind == K_GAIN:
            return replace_gain_first(S, I, F, p, n, arg)
        return NONE
    if kind == K_TRASH:
        t = replace_target(S, I, p)
        if t >= 0 and in_opts(I, n, t):
            return t
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing when :func:`replace_target` finds a card to trash."""
    return I64(replace_target(S, I, p) >= 0)
