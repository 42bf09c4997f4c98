"""Feast (first edition): trash this card; gain a card costing up to $5.

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
    FEAST,
    I64,
    I_GFLAG_CAP,
    I_O_GFLAG,
    K_GAIN,
    Z_PLAY,
    ask,
    gain,
    opts_supply,
    trash_from,
    zo,
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def feast_play(S, I, F, p, group):
    """Trash the Feast from play once per play group (under Throne Room: trashed once, two
    gains), then gain (decision: gain, cost cap 5). House policy: the bot's gain list, else its
    buy list, else the default gain (:func:`default_gain`)."""
    fo = I[I_O_GFLAG]
    done = group < I[I_GFLAG_CAP] and I[fo + group] != 0
    if not done and S[zo(S, p, Z_PLAY) + FEAST] > 0:
        trash_from(S, I, p, Z_PLAY, FEAST, I64(1))
        if group < I[I_GFLAG_CAP]:
            I[fo + group] = 1
    n = opts_supply(S, I, I64(5), I64(0), FALSE)
    a = ask(S, I, F, p, K_GAIN, FEAST, I64(5), I64(-1), n)
    if a >= 0:
        gain(S, I, p, a, I64(0))



@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    feast_play(S, I, F, p, group)
    return I64(0)
