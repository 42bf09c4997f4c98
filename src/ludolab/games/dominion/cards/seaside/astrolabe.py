"""Astrolabe (Seaside, second printing): Treasure-Duration. Now and at the start of your next
turn: $1, +1 Buy.

$1 and +1 Buy now are its row's columns
(applied when it is played in the buy phase, like any Treasure's); its ``play`` hook registers
the waiting effect (:func:`~ludolab.games.dominion.engine.kernel.stay`: it stays in play until the
clean-up of the next turn) and ``duration`` gives $1 and +1 Buy at the start of that turn. A
Treasure with a home makes the game play Treasures one at a time (``H_TFX``); the default plays
it with the others. A card that plays a Treasure twice (Tiara) plays both halves twice.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import EV_COINS_PLUS, H_BUYS, H_COINS, I64, emit, stay

ASTROLABE = np.int64(card_id("Astrolabe"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: $1 and +1 Buy now are the row's; the next turn's part waits."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn, $1 and +1 Buy."""
    S[H_COINS] += 1
    S[H_BUYS] += 1
    emit(I, EV_COINS_PLUS, p, ASTROLABE, I64(1))
    return I64(0)
