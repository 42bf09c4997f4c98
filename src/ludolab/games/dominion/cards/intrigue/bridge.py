"""Bridge (Intrigue): +1 Buy, +$1. This turn, cards (everywhere) cost $1 less.

The card's home in the engine: its effect, compiled on its own and reached through the kernel's
hook table (see ``docs/design/dominion-engine.md``). The +1 Buy and +$1 are the card's row.
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import H_COST_DOWN, I64

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])

#: this card changes what cards cost (``kernel.H_COSTS``): a game without such a card reads every
#: cost from the card table alone
CHANGES_COSTS = True


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: every card costs $1 less until the end of the turn (``H_COST_DOWN``, read
    by ``kernel.cost`` wherever a cost matters: buying, gain caps, exact costs; never below
    $0). Each play counts: under Throne Room, $2 less. No decision."""
    S[H_COST_DOWN] += 1
    return I64(0)
