"""Council Room: +4 Cards, +1 Buy; each other player draws a card.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    H_NP,
    I64,
    draw,
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def council_room_play(S, I, F, p):
    """Each other seat, in turn order, draws a card. No decision."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        draw(S, I, (p + i) % n_pl, I64(1))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    council_room_play(S, I, F, p)
    return I64(0)
