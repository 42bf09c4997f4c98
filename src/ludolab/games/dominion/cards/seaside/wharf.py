"""Wharf (Seaside, both printings): Now and at the start of your next turn: +2 Cards and +1 Buy.

The card's home in the engine (a reference Duration): the row gives the +2 Cards and
+1 Buy now; the play registers the waiting effect (kernel ``stay``)
and the ``duration`` hook gives them again at the start of the next turn (before the action
phase: the extra Buy is this turn's). No decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import H_BUYS, I64, draw, stay


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the same again at the start of the next turn (the row gave it now)."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn: +2 Cards, +1 Buy."""
    draw(S, I, p, I64(2))
    S[H_BUYS] += 1
    return I64(0)
