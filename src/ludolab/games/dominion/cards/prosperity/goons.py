"""Goons (Prosperity, first printing): +1 Buy, +$2. Each other player discards down to 3 cards in
hand. While this is in play, when you buy a card, +1 VP.

The +1 Buy and +$2 are
the card's row.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    Z_HAND,
    Z_PLAY,
    add_vpt,
    discard_cards,
    zo,
    zone_size,
)

GOONS = np.int64(card_id("Goons"))


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` discards down to 3 cards in hand, one decision per card
    (discard; subject: the cards still to go, argument: the Goons' player), as Militia. The +1
    Buy and +$2 are the card's row."""
    discard_cards(S, I, F, q, zone_size(S, q, Z_HAND) - 3, GOONS, p)
    return I64(0)


@hook
def bought(S, I, F, p, c, r):
    """Hook ``bought``: seat ``p`` buys ``c``: +1 VP token per Goons card ``p`` has in play (a
    Goons played twice by Throne Room or three times by King's Court is one card in play: one
    token a buy, per the FAQ); nothing for a card gained without buying it."""
    k = S[zo(S, p, Z_PLAY) + GOONS]
    if k > 0:
        add_vpt(S, I, p, k)
    return I64(0)
