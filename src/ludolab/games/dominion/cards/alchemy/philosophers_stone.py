"""Philosopher's Stone (Alchemy, $3P): Treasure. When you play this, count your deck and discard
pile. Worth $1 per 5 cards total between them (round down).

Rulings (official FAQ, DominionStrategy wiki "Philosopher's Stone"): only the draw pile and the
discard pile count (not the hand, not the cards in play); counted when it is played, so it is
worth its amount at that moment; a game with it plays Treasures one at a time (``H_TFX``), so the
order of playing matters as printed.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    H_COINS,
    I64,
    Z_DISC,
    deck_n,
    emit,
    zone_size,
)

PHILOSOPHERS_STONE = np.int64(card_id("Philosopher's Stone"))


@inline
def stone_coins(S, p):
    """$1 per 5 cards in ``p``'s draw pile and discard pile together (round down)."""
    return (deck_n(S, p) + zone_size(S, p, Z_DISC)) // 5


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +$ by :func:`stone_coins`. No decision."""
    k = stone_coins(S, p)
    if k > 0:
        S[H_COINS] += k
        emit(I, EV_COINS_PLUS, p, PHILOSOPHERS_STONE, k)
    return I64(0)
