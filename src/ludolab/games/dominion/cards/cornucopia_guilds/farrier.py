"""Farrier (Cornucopia & Guilds, second printing): +1 Card, +1 Action, +1 Buy. Overpay: +1 Card
at the end of this turn per $1 overpaid.

+1 Card, +1 Action and +1 Buy are the card's row. Official FAQ (Dominion Strategy wiki): the
extra cards are drawn with the next hand in clean-up (a hand of 5 plus the amount). Decision:
the overpay (K_OVERPAY, subject Farrier, options 0..the coins left). Playbook, as DominionSim:
overpay what the remaining buys leave (``overpay_spare``), at most the option ``farrier``.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    H_DRAW_NEXT,
    I64,
    K_OVERPAY,
    NONE,
    card_opt,
    overpay_spare,
)

FARRIER = np.int64(card_id("Farrier"))

OPTIONS = (("farrier", 5.0, (0, 20), "overpay for at most this many extra cards"),)


@hook
def overpay(S, I, F, p, c, x):
    """Hook ``overpay``: this turn's clean-up draws ``x`` more cards."""
    S[H_DRAW_NEXT] += x
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the overpay (see the module docstring)."""
    if stage == 0 or kind != K_OVERPAY:
        return NONE
    k = overpay_spare(S, I, F, p, n - 1)
    cap = I64(card_opt(I, F, p, FARRIER, 0))
    return k if k < cap else cap
