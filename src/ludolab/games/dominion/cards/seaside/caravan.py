"""Caravan (Seaside, both printings): +1 Card, +1 Action. At the start of your next turn, +1 Card.

The card's home in the engine (a reference Duration): +1 Card and +1 Action are the
card's row; its play registers the waiting effect (kernel ``stay``),
which keeps it in play until the clean-up of the next turn, and its ``duration`` hook draws the
card then. Played by Throne Room: two effects wait (two cards next turn), one Caravan and the
Throne Room stay in play (the wiki's Duration rules). No decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import I64, draw, stay


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +1 Card at the start of the next turn (the row gave the rest)."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn: +1 Card."""
    draw(S, I, p, I64(1))
    return I64(0)
