"""Border Village (Hinterlands, both printings): +1 Card, +2 Actions. When you gain this, gain a
cheaper card.

+1 Card, +2 Actions are the card's row; the home is its ``gained`` hook. The first printing's
"a card costing less than this" is the same rule. Official FAQ (Dominion Strategy wiki): the
cheaper card is gained after the Border Village (both to the discard pile), whether it was
bought or gained otherwise; "cheaper" compares costs now (with a cost reduction in force, both
cost less); a cost with a Potion is not cheaper than $6 (Alchemy's rule: no component more).
Decision: gain (the Supply piles costing less, subject the coins cap). Playbook: the bot's
gain list, else its buy list at that cap, else the default gain (as DominionSim plays it).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    H_NIDS,
    HDR,
    I64,
    K_GAIN,
    ask,
    cost,
    costs_less,
    gain,
    ids_o,
    opts_supply_less,
)

BORDER_VILLAGE = np.int64(card_id("Border Village"))

PROMPTS = {"gain": "gain a card cheaper than Border Village (Border Village)"}


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: gaining a Border Village gains a card costing less than it (none when
    no such pile has cards); asked (``where >= GAINED_ASK``): 1 when there is one."""
    if c != BORDER_VILLAGE:
        return I64(0) if where >= GAINED_ASK else where
    cap = cost(S, I, c) - 1
    if where >= GAINED_ASK:  # asked: counted without touching the option buffer
        io = ids_o(S)
        k = I64(0)
        for i in range(S[H_NIDS]):
            x = S[io + i]
            k += I64(S[HDR + x] > 0 and costs_less(S, I, x, c))
        return I64(k > 0)
    n = opts_supply_less(S, I, c, I64(0))
    if n > 0:
        a = ask(S, I, F, p, K_GAIN, BORDER_VILLAGE, cap, I64(-1), n)
        if a >= 0:
            gain(S, I, F, p, a, I64(0))
    return where
