"""Hoard (Prosperity): $2. This turn, when you gain a Victory card, if you bought it, gain a
Gold. (First printing: while this is in play, when you buy a Victory card, gain a Gold.)

The $2
is its row's column. Which text plays is ``S[H_EDITION]``: the second printing (2022 errata)
through the ``gained`` hook, a Gold per Hoard *played* this turn (each play counts, Tiara's
two included, even once Hoard has left play); the first printing through the ``bought`` hook,
a Gold per Hoard *in play* when the Victory card is bought (before it is gained).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    GOLD,
    H_BUYING,
    H_CUR,
    H_EDITION,
    I64,
    Z_PLAY,
    gain,
    is_victory,
    turn_o,
    zo,
)

HOARD = np.int64(card_id("Hoard"))


@inline
def hoard_golds(S, I, F, p, k):
    """Seat ``p`` gains ``k`` Golds (as many as the pile still has), each to its discard pile
    with the game's ``gained`` hooks (Royal Seal or Tiara may put it onto the deck)."""
    for _ in range(k):
        if not gain(S, I, F, p, GOLD, I64(0)):
            break


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained`` (second printing): the player whose turn it is gained a Victory card it
    bought (``H_BUYING``): a Gold per Hoard played this turn. A Victory card gained any other
    way gains nothing; where the card went since does not matter."""
    if S[H_EDITION] == 1 or p != S[H_CUR] or S[H_BUYING] != c or not is_victory(I, c):
        return I64(0) if where >= GAINED_ASK else where
    if where >= GAINED_ASK:  # asked whether it would act (kernel.GAINED_ASK)
        return I64(S[turn_o(S) + HOARD] > 0)
    hoard_golds(S, I, F, p, S[turn_o(S) + HOARD])
    return where


@hook
def bought(S, I, F, p, c, r):
    """Hook ``bought`` (first printing): ``p`` buys a Victory card: a Gold per Hoard it has in
    play (a Hoard trashed earlier this turn, by Mint for instance, no longer counts)."""
    if S[H_EDITION] != 1 or not is_victory(I, c):
        return I64(0)
    hoard_golds(S, I, F, p, S[zo(S, p, Z_PLAY) + HOARD])
    return I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place among the Treasures played one at a time (any time before
    buying, with the other Treasures that add money)."""
    return I64(100)
