"""Poacher: +1 Card +1 Action +$1; discard a card per empty supply pile.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    EV_DISCARD,
    FALSE,
    I64,
    K_DISCARD,
    POACHER,
    Z_DISC,
    Z_HAND,
    ask,
    emit,
    empty_piles,
    move,
    opts_zone,
    zone_size,
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def poacher_play(S, I, F, p):
    """One discard decision per empty supply pile (subject: the discards still to go),
    mandatory while the hand has cards. House policy: as a Militia victim (discard list, else
    :func:`discard_rank`)."""
    k = empty_piles(S)
    for j in range(k):
        if zone_size(S, p, Z_HAND) == 0:
            break
        n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
        a = ask(S, I, F, p, K_DISCARD, POACHER, k - j, I64(-1), n)
        move(S, p, Z_HAND, Z_DISC, a)
        emit(I, EV_DISCARD, p, a, I64(0))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    poacher_play(S, I, F, p)
    return I64(0)
