"""Militia: +$2; each other player discards down to 3 cards in hand.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    Z_HAND,
    discard_cards,
    zone_size,
)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` discards down to 3 cards in hand, one decision per card
    (discard, subject the cards still to go, argument the Militia's player). House policy: the
    victim's discard list, else the general discard order (:func:`discard_rank`: Curses,
    Victory cards, dead terminals cheapest first, Copper, then the cheapest). The +$2 is the
    card's row."""
    discard_cards(S, I, F, q, zone_size(S, q, Z_HAND) - 3, c, p)
    return I64(0)
