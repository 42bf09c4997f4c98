"""Embassy (Hinterlands, first printing): +5 Cards. Discard 3 cards. When you gain this, each
other player gains a Silver.

+5 Cards are the card's row (drawn first); the home discards 3 (Warehouse's shape) and its
``gained`` hook gives the Silvers. Official FAQ (Dominion Strategy wiki): draw 5, then discard
any 3 (all of them with fewer); gaining an Embassy, however, makes each other player gain a
Silver, in turn order, while Silvers last; this is not an Attack.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    HDR,
    I64,
    SILVER,
    discard_cards,
    each_other_gains,
)

EMBASSY = np.int64(card_id("Embassy"))

PROMPTS = {"discard": "discard a card (Embassy: 3 in all)"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: discard 3 cards, one decision each (the bot's discard list, else the
    general discard order)."""
    discard_cards(S, I, F, p, I64(3), EMBASSY, I64(-1))
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: an Embassy gained gives each other seat a Silver, in turn order from
    the gainer's left; asked (``where >= GAINED_ASK``): 1 while Silvers are left."""
    if where >= GAINED_ASK:
        return I64(c == EMBASSY and S[HDR + SILVER] > 0)
    if c == EMBASSY:
        each_other_gains(S, I, F, p, SILVER)
    return where
