"""Conspirator (Intrigue): +$2. If you've played 3 or more Actions this turn (counting this),
+1 Card and +1 Action.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    H_ACTIONS,
    H_PLAYED,
    I64,
    cost,
    draw,
)

CONSPIRATOR = np.int64(card_id("Conspirator"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +$2 is in the card's row; the rest is judged once, when it is played
    (``H_PLAYED`` counts every play this turn, this one included: Throne Room's two plays of a
    card are two, the Throne Room one more)."""
    if S[H_PLAYED] >= 3:
        draw(S, I, p, I64(1))
        S[H_ACTIONS] += 1
    return I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: once two Actions were played this turn it is a cantrip (+1 Card +1 Action
    +$2) and goes with the non-terminals; before that it is a terminal Silver, played after the
    other terminals of its cost (each one played first may make it a cantrip)."""
    if S[H_PLAYED] >= 2:
        return 1000 + 10 * cost(S, I, CONSPIRATOR) + 1
    return 10 * cost(S, I, CONSPIRATOR) - 5
