"""Footpad (Cornucopia & Guilds, second printing): +2 Coffers. Each other player discards down to
3 cards in hand. In games using this, when you gain a card in an Action phase, +1 Card.

Official FAQ (Dominion Strategy wiki): the last sentence is a rule for every player in a game
with Footpad in the Supply, whether or not anyone played it: a card gained in an Action phase
(any player's: a Curse another player's Witch gives counts for its victim) draws its gainer a
card; gains in the Buy phase or in clean-up do not. The discards are Militia's (one decision per
card, the victim's discard list, else the general discard order). The draw is the ``gained``
hook of every card of the game (so in any game dealing Footpad).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    H_PHASE,
    I64,
    PH_ACTION,
    Z_HAND,
    add_coffers,
    discard_cards,
    draw,
    each_attacked,
    zone_size,
)

FOOTPAD = np.int64(card_id("Footpad"))

COFFERS = True


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +2 Coffers, then the Attack on each seat it affects."""
    add_coffers(S, I, p, FOOTPAD, I64(2))
    if mask != 0:
        each_attacked(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` discards down to 3 cards in hand."""
    discard_cards(S, I, F, q, zone_size(S, q, Z_HAND) - 3, FOOTPAD, p)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: a card gained in an Action phase draws its gainer a card; asked
    (``where >= GAINED_ASK``): 1 in an Action phase."""
    if where >= GAINED_ASK:
        return I64(S[H_PHASE] == PH_ACTION)
    if S[H_PHASE] == PH_ACTION:
        draw(S, I, p, I64(1))
    return where
