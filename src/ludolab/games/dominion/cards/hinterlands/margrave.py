"""Margrave (Hinterlands, both printings): +3 Cards, +1 Buy. Each other player draws a card,
then discards down to 3 cards in hand.

+3 Cards and +1 Buy are the card's row; the home is the Attack's part for each seat it affects.
Official FAQ (Dominion Strategy wiki): drawing the card is not optional; a player left with 3
cards or fewer after drawing discards nothing; a Reaction drawn this way comes too late to be
revealed against this Attack (the Reactions were offered before the Attack did anything).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import I64, Z_HAND, discard_cards, draw, zone_size

PROMPTS = {"discard": "discard down to 3 cards ({subject} to go; Margrave)"}


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` draws a card, then discards down to 3, one decision per
    card (discard, subject the cards still to go, argument the Margrave's player). House
    policy: the victim's discard list, else the general discard order (Militia's)."""
    draw(S, I, q, I64(1))
    discard_cards(S, I, F, q, zone_size(S, q, Z_HAND) - 3, c, p)
    return I64(0)
