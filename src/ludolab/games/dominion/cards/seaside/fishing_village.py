"""Fishing Village (Seaside): +2 Actions, +$1. At the start of your next turn: +1 Action and +$1.

The card's home in the engine: its effect, compiled on its own and reached through the kernel's
hook table (see ``docs/design/dominion-engine.md``). +2 Actions and +$1 now are its row's
columns; ``play`` registers the waiting effect (:func:`~ludolab.games.dominion.engine.kernel.stay`)
and ``duration`` gives +1 Action and +$1 at the start of the next turn. Both printings read the
same. The default play order treats it as a village (non-terminal, played before terminals).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    H_ACTIONS,
    H_COINS,
    I64,
    emit,
    stay,
)

FISHING_VILLAGE = np.int64(card_id("Fishing Village"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +2 Actions and +$1 now are the row's; the next turn's part waits."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@njit(cache=True, _nrt=False)
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn, +1 Action and +$1."""
    S[H_ACTIONS] += 1
    S[H_COINS] += 1
    emit(I, EV_COINS_PLUS, p, FISHING_VILLAGE, I64(1))
    return I64(0)
