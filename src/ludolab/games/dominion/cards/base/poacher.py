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
    I64,
    POACHER,
    discard_cards,
    empty_piles,
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def poacher_play(S, I, F, p):
    """One discard decision per empty supply pile (subject: the discards still to go),
    mandatory while the hand has cards. House policy: as a Militia victim (discard list, else
    :func:`discard_rank`)."""
    discard_cards(S, I, F, p, empty_piles(S), POACHER, I64(-1))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    poacher_play(S, I, F, p)
    return I64(0)
