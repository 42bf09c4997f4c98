"""Horn of Plenty (Cornucopia, both printings): $0. When you play this, gain a card costing up to $1
per differently named card you have in play (counting this). If it's a Victory card, trash this.

The home counts the names in play (the kernel's ``distinct_in``, Horn itself included), asks a
gain decision (subject the cap, argument -1) over the Supply piles costing up to that much,
gains the card, and trashes this Horn from play when the card gained is a Victory card
(official FAQ, Dominion Strategy wiki: Throne Room played counts once, Copper and Silver are
two names; the gain is not optional when a card can be gained; a card that is a Victory card
among other types, such as Harem, trashes it too; if the Horn is no longer in play, it is not
trashed).

The playbook: played after every other Treasure (the general order plays plain Treasures first;
its ``score`` puts it after special ones), so the most names are in play, as DominionSim; the
gain is the bot's gain list, else its buy list, else the default gain.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    Z_PLAY,
    distinct_in,
    gain,
    gain_choice,
    is_victory,
    trash_card,
    zo,
)

HORN = np.int64(card_id("Horn of Plenty"))

PROMPTS = {"gain": "gain a card costing up to ${subject} (Horn of Plenty)"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: gain a card costing up to $1 per name in play; a Victory card trashes
    this Horn (from play, if it is still there)."""
    k = distinct_in(S, p, Z_PLAY)
    x = gain_choice(S, I, F, p, HORN, k, I64(0), False, I64(-1))
    if x < 0:
        return I64(0)
    gain(S, I, F, p, x, I64(0))
    if is_victory(I, x) and S[zo(S, p, Z_PLAY) + HORN] > 0:
        trash_card(S, I, F, p, Z_PLAY, HORN, I64(1))
    return I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: last among the special Treasures (the names in play count)."""
    return I64(0)
