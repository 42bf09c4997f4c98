"""Mine: trash a Treasure from your hand; gain a Treasure costing up to $3 more, to hand.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    GOLD,
    H_EDITION,
    HDR,
    I64,
    K_TRASH,
    MINE,
    NONE,
    SILVER,
    TY_TREASURE,
    Z_HAND,
    in_opts,
    trash_then_gain,
    zo,
)


@inline
def mine_play(S, I, F, p):
    """Trash (decision: trash, Treasures; second edition: ``-1`` declines), then gain a
    Treasure to hand (decision: gain, cost cap the trashed card's cost + 3):
    :func:`trash_then_gain`. House policy: trash list, else :func:`mine_trash`; gain: gain list,
    buy list, default gain; played only when :func:`mine_useful`."""
    trash_then_gain(S, I, F, p, MINE, TY_TREASURE, S[H_EDITION] == 2, I64(3), False,
                    TY_TREASURE, I64(1))


@inline
def mine_useful(S, p):
    """Worth playing when a Silver can become a Gold or a Copper a Silver."""
    h = zo(S, p, Z_HAND)
    return (S[h + SILVER] > 0 and S[HDR + GOLD] > 0) or (
        S[h + COPPER] > 0 and S[HDR + SILVER] > 0
    )


@inline
def mine_trash(S, I, n):
    """Silver while Gold is left, else Copper while Silver is left, else stop when allowed (second
    edition); NONE otherwise (the general trash rule)."""
    if in_opts(I, n, SILVER) and S[HDR + GOLD] > 0:
        return SILVER
    if in_opts(I, n, COPPER) and S[HDR + SILVER] > 0:
        return COPPER
    if in_opts(I, n, I64(-1)):
        return I64(-1)
    return NONE


@hook
def play(S, I, F, p, c, group, mask):
    mine_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return mine_trash(S, I, n)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: is playing this card worth it now (1) or not (0)? ``basic``: asked
    for a card another card would play (Throne Room, Vassal)."""
    return I64(mine_useful(S, p))
