"""Harvest (Cornucopia, first printing): Reveal the top 4 cards of your deck, then discard them.
+$1 per differently named card revealed.

The home takes up to 4 cards off the deck (the discard pile shuffled in when the deck runs out),
revealed and set aside, counts their names (the kernel's ``distinct_in``), discards them and
gives +$1 per name (official FAQ, Dominion Strategy wiki: if fewer than 4 cards are left after
shuffling, reveal what you can; e.g. Copper, Copper, Silver, Estate is +$3). No decision: the
playbook is the general play order (a terminal, ranked by cost).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    EV_REVEAL,
    H_COINS,
    I64,
    Z_ASIDE,
    discard_all,
    distinct_in,
    emit,
    take_top,
    zo,
)

HARVEST = np.int64(card_id("Harvest"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: reveal the top 4, discard them, +$1 per differently named one."""
    aside = zo(S, p, Z_ASIDE)
    for _ in range(4):
        x = take_top(S, I, p)
        if x < 0:
            break
        S[aside + x] += 1
        emit(I, EV_REVEAL, p, x, I64(0))
    k = distinct_in(S, p, Z_ASIDE)
    discard_all(S, I, F, p, Z_ASIDE, I64(1))
    S[H_COINS] += k
    emit(I, EV_COINS_PLUS, p, HARVEST, k)
    return I64(0)
