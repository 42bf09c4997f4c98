"""Militia: +$2; each other player discards down to 3 cards in hand.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    H_NP,
    I64,
    MILITIA,
    Z_HAND,
    discard_cards,
    zone_size,
)


@inline
def militia_play(S, I, F, p, mask):
    """Each seat in ``mask`` (not protected by a Moat), in turn order, discards one card per
    decision (discard, subject the cards still to go, argument the Militia's player). House
    policy: the victim's discard list, else the general discard order (:func:`discard_rank`:
    Curses, Victory cards, dead terminals cheapest first, Copper, then the cheapest)."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if (mask >> q) & 1:
            discard_cards(S, I, F, q, zone_size(S, q, Z_HAND) - 3, MILITIA, p)


@hook
def play(S, I, F, p, c, group, mask):
    militia_play(S, I, F, p, mask)
    return I64(0)
