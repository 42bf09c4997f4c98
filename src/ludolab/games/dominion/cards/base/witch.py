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
    I64,
    gain,
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False)
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` gains a Curse while Curses remain. No decision. The +2 Cards
    are the card's row."""
    gain(S, I, F, q, CURSE, I64(0))
    return I64(0)
