"""Adventurer: reveal cards until 2 Treasures; put them in hand, discard the rest.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DRAW,
    EV_REVEAL,
    I64,
    Z_ASIDE,
    Z_HAND,
    discard_all,
    emit,
    is_treasure,
    take_top,
    zo,
)


@inline
def adventurer_play(S, I, F, p):
    """Revealed non-Treasures are set aside and discarded afterwards (they are not shuffled
    into a new deck). No decision."""
    h = zo(S, p, Z_HAND)
    aside = zo(S, p, Z_ASIDE)
    found = 0
    while found < 2:
        x = take_top(S, I, p)
        if x < 0:
            break
        emit(I, EV_REVEAL, p, x, I64(0))
        if is_treasure(I, x):
            S[h + x] += 1
            found += 1
            emit(I, EV_DRAW, p, x, I64(0))
        else:
            S[aside + x] += 1
    discard_all(S, I, F, p, Z_ASIDE, I64(1))


@hook
def play(S, I, F, p, c, group, mask):
    adventurer_play(S, I, F, p)
    return I64(0)
