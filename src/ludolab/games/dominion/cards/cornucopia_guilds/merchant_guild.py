"""Merchant Guild (Guilds, both printings): +1 Buy, +$1. Second printing (and the 2021 errata):
at the end of your Buy phase this turn, +1 Coffers per card you gained in it. First printing:
while this is in play, when you buy a card, +1 Coffers.

+1 Buy and +$1 are the card's row; ``edition`` picks the text. Official FAQ (Dominion Strategy
wiki), second printing: every card gained in the Buy phase counts, bought or gained otherwise
(a Stonemason overpaid for two Actions: three cards); cards gained in the Action phase do not;
it is cumulative, two plays (Throne Room) give +2 Coffers per card. The end of the Buy phase is
the start of clean-up here (``cleanup`` hook, once per copy in play: the first call pays for
every play this turn, ``H_BUY_GAINS`` the cards gained). First printing: one Coffers per card
bought per Merchant Guild in play (one played twice is one card in play), which the 2021
Coffers rule lets the player spend in that Buy phase. No decision.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    H_BUY_GAINS,
    H_CUR,
    H_EDITION,
    I64,
    Z_PLAY,
    add_coffers,
    turn_o,
    zo,
)

MERCHANT_GUILD = np.int64(card_id("Merchant Guild"))

COFFERS = True


@hook
def cleanup(S, I, F, p, r):
    """Hook ``cleanup`` (second printing): +1 Coffers per card gained in the Buy phase, per
    play of Merchant Guild this turn; paid once (the count is then spent)."""
    if S[H_EDITION] == 1:
        return I64(0)
    k = S[H_BUY_GAINS] * S[turn_o(S) + MERCHANT_GUILD]
    S[H_BUY_GAINS] = 0
    if k > 0:
        add_coffers(S, I, p, MERCHANT_GUILD, k)
    return I64(0)


@hook
def bought(S, I, F, p, c, r):
    """Hook ``bought`` (first printing): +1 Coffers per Merchant Guild the buyer has in play."""
    if S[H_EDITION] != 1 or p != S[H_CUR]:
        return I64(0)
    k = S[zo(S, p, Z_PLAY) + MERCHANT_GUILD]
    if k > 0:
        add_coffers(S, I, p, MERCHANT_GUILD, k)
    return I64(0)
