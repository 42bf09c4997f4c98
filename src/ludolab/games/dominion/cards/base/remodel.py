"""Remodel: trash a card from your hand; gain a card costing up to $2 more.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    DUCHY,
    ESTATE,
    FALSE,
    GOLD,
    H_COINS,
    HDR,
    I64,
    K_GAIN,
    K_TRASH,
    NONE,
    PROVINCE,
    REMODEL,
    SILVER,
    Z_HAND,
    buy_with,
    gain_ok,
    gains_to_end,
    hand_coins,
    in_opts,
    lead_of,
    trash_then_gain,
    zo,
)


@inline
def remodel_play(S, I, F, p):
    """Trash (decision: trash, mandatory if the hand is not empty), then gain (decision: gain,
    cost cap the trashed card's cost + 2, argument the trashed card): :func:`trash_then_gain`.
    House policy: trash list, else :func:`remodel_trash`; gain: :func:`remodel_gain_first`,
    else gain list, buy list, default gain; played only when :func:`remodel_useful`."""
    trash_then_gain(S, I, F, p, REMODEL, I64(0), FALSE, I64(2), False, I64(0), I64(0))


@inline
def remodel_target(S, I, F, p):
    """The card Remodel's playbook trashes from hand, or -1 when no remodel is worth it:
    Curse; Gold into a Province once the bot's buy list would buy a Province with $8 without
    that Gold (its first-Province threshold, e.g. ``money >= 16``: earlier the Gold is worth
    more as money); late, a Silver into a Duchy when the buy list wants a Duchy at $5 and
    the Silver does not change this turn's buy; Estate; late (2 gains from the end) a
    Province into a Province while strictly ahead, to drain the pile."""
    h = zo(S, p, Z_HAND)
    if S[h + CURSE] > 0:
        return CURSE
    if (S[h + GOLD] > 0 and S[HDR + PROVINCE] > 0
            and buy_with(S, I, F, p, I64(8), GOLD) == PROVINCE):
        return GOLD
    if (S[h + SILVER] > 0 and S[HDR + DUCHY] > 0
            and buy_with(S, I, F, p, I64(5), SILVER) == DUCHY):
        pot = S[H_COINS] + hand_coins(S, I, p)
        if buy_with(S, I, F, p, pot - 2, I64(-1)) == buy_with(S, I, F, p, pot, I64(-1)):
            return SILVER
    if S[h + ESTATE] > 0:
        return ESTATE
    if S[h + PROVINCE] > 0 and S[HDR + PROVINCE] > 0 and gains_to_end(S) <= 2:
        if lead_of(S, I, p) > 0:
            return PROVINCE
    return -1


@inline
def remodel_useful(S, I, F, p):
    return remodel_target(S, I, F, p) >= 0


@inline
def remodel_trash(S, I, F, p, n):
    """The playbook's target when it is an option, else NONE (the general trash rule)."""
    t = remodel_target(S, I, F, p)
    if in_opts(I, n, t):
        return t
    return NONE


@inline
def remodel_gain_first(S, I, F, p, n, arg):
    """Asked before the bot's gain list: a remodelled Gold or Province becomes a Province."""
    if (arg == GOLD or arg == PROVINCE) and gain_ok(S, I, F, p, n, PROVINCE):
        return PROVINCE
    return NONE


@hook
def play(S, I, F, p, c, group, mask):
    remodel_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        if kind == K_GAIN:
            return remodel_gain_first(S, I, F, p, n, arg)
        return NONE
    if kind == K_TRASH:
        return remodel_trash(S, I, F, p, n)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: is playing this card worth it now (1) or not (0)? ``basic``: asked
    for a card another card would play (Throne Room, Vassal)."""
    return I64(remodel_useful(S, I, F, p))
