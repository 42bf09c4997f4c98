"""Harbinger: +1 Card, +1 Action. Look through your discard pile; you may put a card from it onto
your deck.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_TOPDECK,
    HARBINGER,
    I64,
    I_O_OPT,
    K_TOPDECK,
    NONE,
    TRUE,
    Z_DISC,
    ask,
    cost,
    emit,
    is_junk,
    opts_zone,
    put_top,
    zo,
)


@inline
def harbinger_play(S, I, F, p):
    """Decision: topdeck, the options are the discard pile's cards and ``-1`` (none). House
    policy: :func:`harbinger_topdeck` (after the bot's topdeck list)."""
    n = opts_zone(S, I, p, Z_DISC, I64(0), TRUE)
    a = ask(S, I, F, p, K_TOPDECK, HARBINGER, I64(-1), I64(-1), n)
    if a >= 0:
        S[zo(S, p, Z_DISC) + a] -= 1
        put_top(S, I, p, a, False)
        emit(I, EV_TOPDECK, p, a, I64(1))


@inline
def harbinger_topdeck(S, I, n):
    """The most expensive non-Victory card costing $3 or more; else nothing (-1)."""
    o = I[I_O_OPT]
    a = I64(-1)
    bc = 2
    for i in range(n):
        x = I[o + i]
        if x >= 0 and not is_junk(I, x) and cost(S, I, x) > bc:
            bc = cost(S, I, x)
            a = x
    return a


@hook
def play(S, I, F, p, c, group, mask):
    harbinger_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TOPDECK:
        return harbinger_topdeck(S, I, n)
    return NONE
