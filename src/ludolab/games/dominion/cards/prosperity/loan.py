"""Loan (Prosperity, first printing): $1. When you play this, reveal cards from your deck until
you reveal a Treasure. Discard it or trash it. Discard the other cards.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import PLATINUM, card_id
from ludolab.games.dominion.cards.prosperity._playing import reveal_until_treasure
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    I64,
    K_TRASH,
    NONE,
    SILVER,
    Z_ASIDE,
    Z_OWN,
    ask,
    copper_trash_ok,
    discard_all,
    discard_card,
    opts_list,
    trash_card,
    zo,
)

LOAN = np.int64(card_id("Loan"))
VENTURE = np.int64(card_id("Venture"))
PLATINUM_ID = np.int64(PLATINUM)

# Words: its prompt (the Treasure it revealed: trash it, or "none": discard it)
PROMPTS = {"trash": "trash the {subject} Loan revealed (none: discard it)"}


@inline
def loan_play(S, I, F, p):
    """Dig for a Treasure (:func:`reveal_until_treasure`); then one decision: trash it (options:
    the Treasure, or -1: discard it; source Loan, subject the Treasure); then every other
    revealed card is discarded. No Treasure: every revealed card is discarded. House policy:
    :func:`loan_trashes`."""
    x = reveal_until_treasure(S, I, p)
    if x >= 0:
        n = opts_list(I, x, I64(-1), NONE)
        a = ask(S, I, F, p, K_TRASH, LOAN, x, I64(-1), n)
        if a == x:
            trash_card(S, I, F, p, Z_ASIDE, x, I64(2))
        else:
            discard_card(S, I, F, p, Z_ASIDE, x, I64(1))
    discard_all(S, I, F, p, Z_ASIDE, I64(1))


@inline
def loan_trashes(S, I, p, x):
    """Trash the revealed ``x``? A Curse (a Treasure in a game with Charlatan): yes. A Copper:
    while the Treasures owned keep $6 after it (``copper_trash_ok``). A Silver: once the deck
    has a Platinum, or more than three Ventures (Silver then dilutes; the simulator's rule). A
    Loan: once fewer than two Coppers are left for it to find. Anything else is discarded."""
    own = zo(S, p, Z_OWN)
    if x == CURSE:
        return True
    if x == COPPER:
        return copper_trash_ok(S, I, p)
    if x == SILVER:
        return S[own + PLATINUM_ID] > 0 or S[own + VENTURE] > 3
    if x == LOAN:
        return S[own + COPPER] < 2
    return False


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its $1 is its row's)."""
    loan_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return subject if loan_trashes(S, I, p, subject) else I64(-1)
    return NONE


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default Treasure order (higher first): before Venture,
    Crystal Ball and War Chest, whose digging it does not disturb; long before Bank."""
    return I64(300)
