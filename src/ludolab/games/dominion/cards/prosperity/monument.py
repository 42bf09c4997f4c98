"""Monument (Prosperity): +$2. +1 VP.

The card's home in the engine: its effect, compiled on its own and reached through the
kernel's hook table (see ``docs/design/dominion-engine.md``). The +$2 is its row's column; the
VP token is this hook's.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import I64, add_vpt

MONUMENT = np.int64(card_id("Monument"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +1 VP token (each play: under King's Court, three)."""
    add_vpt(S, I, p, I64(1))
    return I64(0)
