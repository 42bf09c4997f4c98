"""Magnate (Prosperity, second printing): Reveal your hand. +1 Card per Treasure in it.

A card
with several types one of which is Treasure (Farm) is a Treasure; each copy counts.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    H_NIDS,
    I64,
    Z_HAND,
    draw,
    emit,
    ids_o,
    is_treasure,
    zo,
)

MAGNATE = np.int64(card_id("Magnate"))


@inline
def treasures_in_hand(S, I, p, show):
    """The Treasure cards in ``p``'s hand (each copy; Treasure-Victory cards count); with
    ``show`` the whole hand is revealed (one trace event per card)."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    k = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        n = S[h + x]
        if n > 0:
            if show:
                for _ in range(n):
                    emit(I, EV_REVEAL, p, x, I64(0))
            if is_treasure(I, x):
                k += n
    return k


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: reveal the hand, draw one card per Treasure in it."""
    k = treasures_in_hand(S, I, p, True)
    if k > 0:
        draw(S, I, p, k)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing with a Treasure in hand (with none it draws nothing)."""
    return I64(1) if treasures_in_hand(S, I, p, False) > 0 else I64(0)
