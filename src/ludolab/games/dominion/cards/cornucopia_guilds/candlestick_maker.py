"""Candlestick Maker (Guilds, both printings): +1 Action, +1 Buy, +1 Coffers.

+1 Action and +1 Buy are the card's row; the home adds the Coffers (a Coffers card: the Buy
phase of its games offers to spend them, ``COFFERS``). No decision.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import I64, add_coffers

CANDLESTICK_MAKER = np.int64(card_id("Candlestick Maker"))

COFFERS = True


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +1 Coffers."""
    add_coffers(S, I, p, CANDLESTICK_MAKER, I64(1))
    return I64(0)
