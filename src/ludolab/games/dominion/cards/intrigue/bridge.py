"""Bridge (Intrigue): +1 Buy, +$1. This turn, cards (everywhere) cost $1 less.

The +1 Buy and +$1 are the card's row.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import H_COST_DOWN, I64

#: this card changes what cards cost (``kernel.H_COSTS``): a game without such a card reads every
#: cost from the card table alone
CHANGES_COSTS = True


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: every card costs $1 less until the end of the turn (``H_COST_DOWN``, read
    by ``kernel.cost`` wherever a cost matters: buying, gain caps, exact costs; never below
    $0). Each play counts: under Throne Room, $2 less. No decision."""
    S[H_COST_DOWN] += 1
    return I64(0)
