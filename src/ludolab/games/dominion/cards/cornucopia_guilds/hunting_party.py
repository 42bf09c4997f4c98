"""Hunting Party (Cornucopia, both printings): +1 Card, +1 Action. Reveal your hand. Reveal cards
from your deck until you reveal one that isn't a copy of one in your hand. Put it into your hand
and discard the rest.

+1 Card and +1 Action are the card's row (drawn first, so the card drawn is part of the hand
revealed); the home reveals the hand, then reveals from the deck (the discard pile shuffled in
when the deck runs out, the revealed cards not) until a card with no copy in the hand, which
goes to the hand; the others are discarded (official FAQ, Dominion Strategy wiki: if you run
out of cards without finding one, you discard everything revealed). No decision: the playbook
is the general play order (a cantrip).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_DRAW,
    EV_REVEAL,
    I64,
    Z_ASIDE,
    Z_HAND,
    discard_all,
    emit,
    reveal_zone,
    take_top,
    zo,
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: reveal the hand, then the deck until a card the hand has no copy of."""
    reveal_zone(S, I, p, Z_HAND)
    h = zo(S, p, Z_HAND)
    aside = zo(S, p, Z_ASIDE)
    while True:
        x = take_top(S, I, p)
        if x < 0:
            break
        emit(I, EV_REVEAL, p, x, I64(0))
        if S[h + x] == 0:
            S[h + x] += 1
            emit(I, EV_DRAW, p, x, I64(0))
            break
        S[aside + x] += 1
    discard_all(S, I, F, p, Z_ASIDE, I64(1))
    return I64(0)
