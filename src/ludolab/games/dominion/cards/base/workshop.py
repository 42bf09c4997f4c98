"""Workshop: gain a card costing up to $4.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    FALSE,
    I64,
    K_GAIN,
    WORKSHOP,
    ask,
    gain,
    opts_supply,
)


@inline
def workshop_play(S, I, F, p):
    """Decision: gain, cost cap 4. House policy: the gain list, else the buy list, else the
    default gain (:func:`default_gain`)."""
    n = opts_supply(S, I, I64(4), I64(0), FALSE)
    a = ask(S, I, F, p, K_GAIN, WORKSHOP, I64(4), I64(-1), n)
    if a >= 0:
        gain(S, I, F, p, a, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    workshop_play(S, I, F, p)
    return I64(0)
