"""Gardens: worth 1 VP per 10 cards you have (round down).

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def gardens_vp(k, total):
    """The VP of ``k`` Gardens for a seat owning ``total`` cards (at scoring and for the ``vp``
    feature; bots buy Gardens from their buy list, there is no decision)."""
    return k * (total // 10)


@njit(cache=True, _nrt=False)
def vp(S, I, p, c, k, total):
    """Hook ``vp``: the VP of ``k`` copies owned by a seat owning ``total`` cards."""
    return gardens_vp(k, total)
