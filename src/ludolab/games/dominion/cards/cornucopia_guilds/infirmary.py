"""Infirmary (Cornucopia & Guilds, second printing): +1 Card. You may trash a card from your hand.
Overpay: Play this once per $1 overpaid.

+1 Card is the card's row. Official rules (Dominion Strategy wiki, Overpay): overpaying happens
when the card is bought, before it is gained; Infirmary's overpay draws a card and lets the
player trash one from hand per $1 (it is played where it is, bought and not yet gained; its
plays need no Action). Decisions: a trash (the hand and -1, subject -1; per play of the
overpay the same); the overpay (K_OVERPAY, subject Infirmary). Playbook: trash a Curse, an
Estate while the game is young, a Copper the money can spare (Souk's rule), else nothing;
overpay what the buys leave, at most the cards in hand the playbook would trash.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    EV_PLAY,
    I64,
    K_OVERPAY,
    K_TRASH,
    NONE,
    TRUE,
    Z_HAND,
    copper_trash_ok,
    draw,
    emit,
    estate_trash_ok,
    in_opts,
    overpay_spare,
    trash_from_hand,
    zo,
)

INFIRMARY = np.int64(card_id("Infirmary"))

PROMPTS = {"trash": "trash a card from your hand (Infirmary)?"}


@inline
def trashable(S, I, p):
    """The cards in hand the playbook would trash."""
    h = zo(S, p, Z_HAND)
    k = S[h + CURSE]
    if estate_trash_ok(S):
        k += S[h + ESTATE]
    if copper_trash_ok(S, I, p):
        k += S[h + COPPER]
    return k


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the optional trash (the +1 Card is the row)."""
    trash_from_hand(S, I, F, p, INFIRMARY, I64(0), TRUE)
    return I64(0)


@hook
def overpay(S, I, F, p, c, x):
    """Hook ``overpay``: played ``x`` times where it is: +1 Card and the optional trash each."""
    for _ in range(x):
        emit(I, EV_PLAY, p, INFIRMARY, I64(0))
        draw(S, I, p, I64(1))
        trash_from_hand(S, I, F, p, INFIRMARY, I64(0), TRUE)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the trash list the playbook's trash; the overpay."""
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        if in_opts(I, n, CURSE):
            return CURSE
        if in_opts(I, n, ESTATE) and estate_trash_ok(S):
            return ESTATE
        if in_opts(I, n, COPPER) and copper_trash_ok(S, I, p):
            return COPPER
        return I64(-1)
    if kind == K_OVERPAY:
        k = overpay_spare(S, I, F, p, n - 1)
        t = trashable(S, I, p)
        return k if k < t else t
    return NONE
