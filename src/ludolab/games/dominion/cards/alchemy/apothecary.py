"""Apothecary (Alchemy, $2P): +1 Card, +1 Action. Reveal the top 4 cards of your deck. Put the
Coppers and Potions into your hand. Put the rest back in any order.

The +1 Card and +1 Action are the card's row (first, as the FAQ says). Rulings (official FAQ,
DominionStrategy wiki "Apothecary"): you draw and get the Action first; every revealed Copper and
Potion goes to the hand (not optional); the others go back in the order you choose.

Decisions: topdeck, one per place from the top among the cards still to put back (subject: the
place, 0 on top; ``kernel.reveal_and_sort_by``).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    FALSE,
    I64,
    K_TOPDECK,
    NONE,
    Z_HAND,
    extreme_cost,
    reveal_and_sort_by,
)

APOTHECARY = np.int64(card_id("Apothecary"))
POTION = np.int64(card_id("Potion"))

PROMPTS = {"topdeck": "card to put back {subject} from the top (Apothecary)"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: reveal the top 4 (after the row's draw); the Coppers and Potions go to
    the hand, the rest back in the order chosen (revealed: everyone knows them)."""
    reveal_and_sort_by(S, I, F, p, APOTHECARY, I64(0), COPPER, POTION, I64(4), Z_HAND, I64(-1),
                       True)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the card to put back next from the top, after the bot's topdeck list:
    the dearest (the best card is drawn first, as Patrol's playbook)."""
    if stage == 1 and kind == K_TOPDECK:
        return extreme_cost(S, I, n, FALSE)
    return NONE
