"""Poacher: +1 Card +1 Action +$1; discard a card per empty supply pile.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    I64,
    POACHER,
    discard_cards,
    empty_piles,
)


@inline
def poacher_play(S, I, F, p):
    """One discard decision per empty supply pile (subject: the discards still to go),
    mandatory while the hand has cards. House policy: as a Militia victim (discard list, else
    :func:`discard_rank`)."""
    discard_cards(S, I, F, p, empty_piles(S), POACHER, I64(-1))


@hook
def play(S, I, F, p, c, group, mask):
    poacher_play(S, I, F, p)
    return I64(0)
