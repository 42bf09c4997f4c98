"""Mountebank (Prosperity, first printing): +$2. Each other player may discard a Curse. If they
don't, they gain a Curse and a Copper.

The
+$2 is the card's row.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    I64,
    K_YESNO,
    NONE,
    Z_HAND,
    ask,
    card_opt,
    discard_card,
    gain,
    opts_list,
    zo,
)

# Words: its prompt ({arg}: the Mountebank's player)
PROMPTS = {"yesno": "discard a Curse against seat {arg}'s Mountebank (else gain a Curse and a "
                    "Copper)?"}
OPTIONS = (
    ("mountebank", 0.0, (0, 1),
     "a victim holding a Curse: 0 discards it (the playbook), 1 keeps it and takes the Curse "
     "and the Copper"),
)

MOUNTEBANK = np.int64(card_id("Mountebank"))


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: holding a Curse, seat ``q`` chooses whether to discard one (decision:
    yes/no, subject Curse, argument the Mountebank's player); if it does not (or has none), it
    gains a Curse, then a Copper, each while its pile has one (an empty Curse pile still leaves
    the Copper). The +$2 is the card's row."""
    if S[zo(S, q, Z_HAND) + CURSE] > 0:
        n = opts_list(I, I64(1), I64(0), NONE)
        if ask(S, I, F, q, K_YESNO, MOUNTEBANK, CURSE, p, n) == 1:
            discard_card(S, I, F, q, Z_HAND, CURSE, I64(0))
            return I64(0)
    gain(S, I, F, q, CURSE, I64(0))
    gain(S, I, F, q, COPPER, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the victim discards its Curse (bot option ``mountebank`` 1: keeps it)."""
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return I64(0) if card_opt(I, F, p, MOUNTEBANK, I64(0)) == 1.0 else I64(1)
    return NONE
