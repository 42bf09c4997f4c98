"""Grand Market (Prosperity): +1 Card, +1 Action, +1 Buy, +$2. You can't buy this if you have
any Coppers in play.

The card's home in the engine (see ``docs/design/dominion-engine.md``). The play is its row;
the buy restriction is the ``buyable`` hook (the kernel's buy options, the bots' buy and the
step-wise API all ask it). Gaining it otherwise (Workshop-like gains, Upgrade) is not buying:
allowed with Coppers in play. A game with Grand Market plays Treasures one at a time (the
kernel's ``H_TFX``), because holding Coppers back is the card's whole point; the playbook
(``answer`` for the Treasure decision) keeps the Coppers in hand when the bot's buy list would
buy Grand Market with what it holds and the other Treasures pay for it alone.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COPPER,
    H_COINS,
    HDR,
    I64,
    I_O_OPT,
    K_TREASURE,
    NONE,
    Z_HAND,
    Z_PLAY,
    buy_with,
    cost,
    hand_coins,
    in_opts,
    tcol,
    zo,
)

GRAND_MARKET = np.int64(card_id("Grand Market"))


@hook
def buyable(S, I, F, p, c):
    """Hook ``buyable``: not while ``p`` has a Copper in play."""
    return I64(0) if S[zo(S, p, Z_PLAY) + COPPER] > 0 else I64(1)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer`` (the Treasure decision, asked of the cards with a ``buyable`` hook before
    the bot's lists): hold the Coppers back when, with every Treasure in hand played, the bot
    would buy Grand Market (its buy list at that money, :func:`kernel.buy_with`) and the
    Treasures other than Copper pay for it; then play the other Treasures, and stop when only
    Coppers are left. Otherwise no opinion (the Coppers are played as usual)."""
    if kind != K_TREASURE or stage != 0 or not in_opts(I, n, COPPER):
        return NONE
    if S[zo(S, p, Z_PLAY) + COPPER] > 0 or S[HDR + GRAND_MARKET] <= 0:
        return NONE  # a Copper is in play already: Grand Market cannot be bought this turn
    coppers = S[zo(S, p, Z_HAND) + COPPER]
    every = S[H_COINS] + hand_coins(S, I, p)
    without = every - coppers * tcol(I, COPPER, COL_COINS)
    if without < cost(S, I, GRAND_MARKET) or buy_with(S, I, F, p, every, I64(-1)) != GRAND_MARKET:
        return NONE
    o = I[I_O_OPT]
    for i in range(n):
        x = I[o + i]
        if x >= 0 and x != COPPER:
            return x
    return I64(-1)
