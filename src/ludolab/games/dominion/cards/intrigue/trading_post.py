"""Trading Post (Intrigue): trash 2 cards from your hand. If you did, gain a Silver to your hand.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    FALSE,
    I64,
    K_TRASH,
    SILVER,
    Z_HAND,
    ask,
    gain,
    opts_zone,
    trash_card,
    zo,
)

TRADING_POST = np.int64(card_id("Trading Post"))


@inline
def trading_post_play(S, I, F, p):
    """Two trash decisions (subject 0 then 1), mandatory while the hand has cards; a Silver to
    the hand only if two cards were trashed (one card in hand: it is trashed, no Silver; an
    empty Silver pile: no Silver). House policy: the bot's trash list, then the general trash
    order (Curse, Estate, Copper, then the cheapest)."""
    done = 0
    for j in range(2):
        n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
        if n == 0:
            break
        a = ask(S, I, F, p, K_TRASH, TRADING_POST, np.int64(j), I64(-1), n)
        trash_card(S, I, F, p, Z_HAND, a, I64(0))
        done += 1
    if done == 2:
        gain(S, I, F, p, SILVER, I64(1))


@inline
def trading_post_useful(S, p):
    """Worth playing with two junk cards in hand (Curses, Estates, Coppers): two Coppers
    become a Silver in hand, the same $2 this turn for one card fewer in the deck."""
    h = zo(S, p, Z_HAND)
    return S[h + CURSE] + S[h + ESTATE] + S[h + COPPER] >= 2


@hook
def play(S, I, F, p, c, group, mask):
    trading_post_play(S, I, F, p)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    return I64(trading_post_useful(S, p))
