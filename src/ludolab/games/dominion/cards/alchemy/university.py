"""University (Alchemy, $2P): +2 Actions. You may gain an Action card costing up to $5.

The +2 Actions are the card's row. "Costing up to $5" never reaches a card with a Potion in its
cost (Alchemy's rules: $5 is neither more nor less than $2P; ``kernel.within``). The gain is
optional.

Decision: gain (source University, subject the cap $5: the Action cards costing up to $5 with
cards left, then -1: none).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    I64,
    K_GAIN,
    TRUE,
    TY_ACTION,
    ask,
    gain,
    opts_supply,
)

UNIVERSITY = np.int64(card_id("University"))

PROMPTS = {"gain": "gain an Action card costing up to $5 (University)?"}


@inline
def university_play(S, I, F, p):
    """Decision: gain (cap $5, Actions, -1 declines). House policy: the gain list, else the
    buy list, else the general gain rule (the dearest non-Victory card)."""
    n = opts_supply(S, I, I64(5), TY_ACTION, TRUE)
    if n <= 1:
        return
    a = ask(S, I, F, p, K_GAIN, UNIVERSITY, I64(5), I64(-1), n)
    if a >= 0:
        gain(S, I, F, p, a, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: :func:`university_play`."""
    university_play(S, I, F, p)
    return I64(0)
