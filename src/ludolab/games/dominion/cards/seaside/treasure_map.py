"""Treasure Map (Seaside, both printings): Trash this and a Treasure Map from your hand. If you
trashed two Treasure Maps, gain 4 Golds onto your deck.

The first
printing's words ("Trash this and another copy of Treasure Map from your hand. If you do trash
two Treasure Maps, gain 4 Gold cards, putting them on top of your deck") play the same.
Official FAQ (Dominion Strategy wiki): played without another Treasure Map in hand, it trashes
itself and gains nothing; the Golds come only if both were trashed, as many as the pile still
holds; under Throne Room the first play trashes it and a Map from hand (4 Golds), the second
cannot trash it again, so it trashes one more Map from hand and gains nothing.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    GOLD,
    I64,
    I_GFLAG_CAP,
    I_O_GFLAG,
    Z_HAND,
    Z_PLAY,
    gain,
    trash_card,
    zo,
)

TREASURE_MAP = np.int64(card_id("Treasure Map"))


@inline
def treasure_map_play(S, I, F, p, group):
    """Trash this Treasure Map from play once per play group (Throne Room's second play finds it
    gone), then a Treasure Map from hand if there is one; both trashed: gain 4 Golds onto the
    deck, one at a time (fewer if the pile runs out). No decision."""
    fo = I[I_O_GFLAG]
    gone = group < I[I_GFLAG_CAP] and I[fo + group] != 0
    this = False
    if not gone and S[zo(S, p, Z_PLAY) + TREASURE_MAP] > 0:
        trash_card(S, I, F, p, Z_PLAY, TREASURE_MAP, I64(1))
        this = True
        if group < I[I_GFLAG_CAP]:
            I[fo + group] = 1
    other = False
    if S[zo(S, p, Z_HAND) + TREASURE_MAP] > 0:
        trash_card(S, I, F, p, Z_HAND, TREASURE_MAP, I64(0))
        other = True
    if this and other:
        for _ in range(4):
            if not gain(S, I, F, p, GOLD, I64(2)):
                break


@hook
def play(S, I, F, p, c, group, mask):
    treasure_map_play(S, I, F, p, group)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: play it only with another Treasure Map in hand (two in hand counting
    this one); alone it would trash itself for nothing."""
    return I64(1) if S[zo(S, p, Z_HAND) + TREASURE_MAP] >= 2 else I64(0)
