"""Oasis (Hinterlands, both printings): +1 Card, +1 Action, +$1. Discard a card.

+1 Card, +1 Action and +$1 are the card's row (drawn first); the home discards one card from
the hand (official FAQ, Dominion Strategy wiki: draw first, then discard; a card with nothing
left in hand discards nothing). The discard is the bot's discard list, else the general order
(Curses, Victory cards, dead terminals, Copper, then the cheapest), as DominionSim plays it.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import I64, discard_cards

OASIS = np.int64(card_id("Oasis"))

PROMPTS = {"discard": "discard a card (Oasis)"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: discard one card from hand (decision: discard, subject 1)."""
    discard_cards(S, I, F, p, I64(1), OASIS, I64(-1))
    return I64(0)
