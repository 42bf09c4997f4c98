"""Venture (Prosperity, first printing): $1. When you play this, reveal cards from your deck
until you reveal a Treasure. Discard the other cards. Play that Treasure.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.prosperity._playing import (
    play_treasure_from,
    reveal_until_treasure,
)
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    I64,
    Z_ASIDE,
    discard_all,
    zo,
)

VENTURE = np.int64(card_id("Venture"))


@inline
def venture_play(S, I, F, p):
    """Dig for a Treasure (:func:`reveal_until_treasure`), discard the other revealed cards,
    then play the Treasure (it must be played, whatever it is: a Venture found this way digs
    again, a Loan trashes or discards, a Bank counts the Treasures in play by then). No
    Treasure: every revealed card is discarded. No decision of its own."""
    x = reveal_until_treasure(S, I, p)
    if x >= 0:
        S[zo(S, p, Z_ASIDE) + x] -= 1  # the Treasure stays apart while the others go
        discard_all(S, I, F, p, Z_ASIDE, I64(1))
        S[zo(S, p, Z_ASIDE) + x] += 1
        play_treasure_from(S, I, F, p, x, Z_ASIDE)
    else:
        discard_all(S, I, F, p, Z_ASIDE, I64(1))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its $1 is its row's)."""
    venture_play(S, I, F, p)
    return I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default Treasure order (higher first): after Loan and
    Crystal Ball, before Bank (a Bank it finds counts more the later it is played)."""
    return I64(200)
