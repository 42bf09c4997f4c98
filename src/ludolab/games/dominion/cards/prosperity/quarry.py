"""Quarry (Prosperity): $1. While this is in play, Action cards cost $2 less.

The card's home in the engine (see ``docs/design/dominion-engine.md``). The $1 is the card's row;
the reduction is ``H_ACTION_DOWN`` ($2) per Quarry the current player has in play, which
``kernel.cost`` takes off every Action card's cost (never below $0; ``kernel.action_down``) and
the kernel zeroes at the start and the end of every turn. "While this is in play" is one card's
ability: two Quarries in play make Actions $4 less, one Quarry played twice (Tiara) $2, and a
Quarry trashed from play (gaining a Mint) stops lowering costs.
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import H_ACTION_DOWN, I64

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])

#: this card changes what cards cost (``kernel.H_COSTS``): a game without such a card reads every
#: cost from the card table alone
CHANGES_COSTS = True


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: Action cards cost $2 less per Quarry in play (the same $2 however often
    this Quarry is played)."""
    S[H_ACTION_DOWN] = 2
    return I64(0)
