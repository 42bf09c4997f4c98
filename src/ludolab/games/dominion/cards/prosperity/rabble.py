"""Rabble (Prosperity): +3 Cards. Each other player reveals the top 3 cards of their deck,
discards the Actions and Treasures, and puts the rest back in any order they choose.

The
+3 Cards are the card's row.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    I64,
    I_O_OPT,
    K_TOPDECK,
    NONE,
    TY_ACTION,
    TY_TREASURE,
    Z_DISC,
    cost,
    reveal_and_sort,
)

RABBLE = np.int64(card_id("Rabble"))


@inline
def rabble_putback(S, I, n):
    """The victim's order: the card it values least on top (drawn first), the best last: the
    cheapest first (a Curse before an Estate before a Province), first option on ties."""
    o = I[I_O_OPT]
    best = I[o]
    for i in range(1, n):
        x = I[o + i]
        if cost(S, I, x) < cost(S, I, best):
            best = x
    return best


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` reveals the top 3 cards of its deck (shuffling its discard
    pile when the deck runs out, never the cards already revealed; fewer when it has no more),
    discards those that are Actions or Treasures (a card of both kinds too: Harem, Great Hall),
    and puts the rest back in the order it chooses (:func:`reveal_and_sort`: one topdeck
    decision per place from the top, subject the place, argument the Rabble's player). The +3
    Cards are the card's row."""
    reveal_and_sort(S, I, F, q, RABBLE, TY_ACTION | TY_TREASURE, I64(3), Z_DISC, p, True)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the victim's put-back order (stage 1, after its topdeck list)."""
    if stage == 0:
        return NONE
    if kind == K_TOPDECK:
        return rabble_putback(S, I, n)
    return NONE
