"""Patrol (Intrigue): +3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and
Curses into your hand. Put the rest back in any order.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    FALSE,
    I64,
    K_TOPDECK,
    NONE,
    TY_CURSE,
    TY_VICTORY,
    Z_HAND,
    extreme_cost,
    reveal_and_sort,
)

PATROL = np.int64(card_id("Patrol"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: reveal the top 4 cards (after the row's draw); the Victory cards and Curses go
    to the hand, the rest back in the order chosen, a topdeck decision per place from the top
    (``kernel.reveal_and_sort``)."""
    reveal_and_sort(S, I, F, p, PATROL, TY_VICTORY | TY_CURSE, I64(4), Z_HAND, I64(-1), False)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the card to put back on top next, after the bot's topdeck list: the
    dearest (the best card is drawn first)."""
    if stage == 0:
        return NONE
    if kind == K_TOPDECK:
        return extreme_cost(S, I, n, FALSE)
    return NONE
