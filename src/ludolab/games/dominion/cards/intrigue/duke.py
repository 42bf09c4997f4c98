"""Duke (Intrigue): worth 1 VP per Duchy you have.

The card's home in the engine: its score, compiled on its own and reached through the kernel's
hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import DUCHY, Z_OWN, zo

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False)
def vp(S, I, p, c, k, total):
    """Hook ``vp``: ``k`` Dukes owned by seat ``p`` are worth 1 VP each per Duchy it owns (at
    scoring and for the ``vp`` feature; bots buy Dukes from their buy list, no decision)."""
    return k * S[zo(S, p, Z_OWN) + DUCHY]
