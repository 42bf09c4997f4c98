"""Harbinger: +1 Card, +1 Action. Look through your discard pile; you may put a card from it onto
your deck.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
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

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def harbinger_play(S, I, F, p):
    """Decision: topdeck, the options are the discard pile's cards and ``-1`` (none). House
    policy: :func:`harbinger_topdeck` (after the bot's topdeck list)."""
    n = opts_zone(S, I, p, Z_DISC, I64(0), TRUE)
    a = ask(S, I, F, p, K_TOPDECK, HARBINGER, I64(-1), I64(-1), n)
    if a >= 0:
        S[zo(S, p, Z_DISC) + a] -= 1
        put_top(S, I, p, a, False)
        emit(I, EV_TOPDECK, p, a, I64(1))


@njit(cache=True, _nrt=False, inline="always")
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


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    harbinger_play(S, I, F, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's answer to a decision this card asks (stage 0: before
    the bot's lists, 1: after them); ``NONE``: no opinion, the general rule."""
    if stage == 0:
        return NONE
    if kind == K_TOPDECK:
        return harbinger_topdeck(S, I, n)
    return NONE
