"""Carnival (Cornucopia & Guilds, second printing): Reveal the top 4 cards of your deck. Put one of
each differently named card into your hand and discard the rest.

The home takes up to 4 cards off the deck (the discard pile shuffled in when the deck runs out),
revealed and set aside; one copy of each name goes to the hand, the other copies are discarded
(official FAQ, Dominion Strategy wiki: e.g. Copper, Copper, Silver, Estate puts Copper, Silver
and Estate into your hand and discards a Copper; with fewer than 4 cards, reveal what you can).
No decision: the playbook is the general play order (a terminal draw, ranked by cost).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_DRAW,
    EV_REVEAL,
    H_NIDS,
    I64,
    Z_ASIDE,
    Z_HAND,
    discard_all,
    emit,
    ids_o,
    take_top,
    zo,
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: reveal the top 4; one card of each name to the hand, the rest discarded."""
    aside = zo(S, p, Z_ASIDE)
    h = zo(S, p, Z_HAND)
    for _ in range(4):
        x = take_top(S, I, p)
        if x < 0:
            break
        S[aside + x] += 1
        emit(I, EV_REVEAL, p, x, I64(0))
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[aside + x] > 0:
            S[aside + x] -= 1
            S[h + x] += 1
            emit(I, EV_DRAW, p, x, I64(0))
    discard_all(S, I, F, p, Z_ASIDE, I64(1))
    return I64(0)
