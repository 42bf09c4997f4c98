"""Witch: +2 Cards; each other player gains a Curse.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    H_NP,
    I64,
    gain,
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def witch_play(S, I, F, p, mask):
    """Each seat in ``mask`` (not protected by a Moat), in turn order, gains a Curse while
    Curses remain. No decision."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if (mask >> q) & 1:
            gain(S, I, F, q, CURSE, I64(0))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    witch_play(S, I, F, p, mask)
    return I64(0)
