"""Workshop: gain a card costing up to $4.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    FALSE,
    I64,
    K_GAIN,
    WORKSHOP,
    ask,
    gain,
    opts_supply,
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def workshop_play(S, I, F, p):
    """Decision: gain, cost cap 4. House policy: the gain list, else the buy list, else the
    default gain (:func:`default_gain`)."""
    n = opts_supply(S, I, I64(4), I64(0), FALSE)
    a = ask(S, I, F, p, K_GAIN, WORKSHOP, I64(4), I64(-1), n)
    if a >= 0:
        gain(S, I, F, p, a, I64(0))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    workshop_play(S, I, F, p)
    return I64(0)
