"""Souk (Hinterlands, second printing): +1 Buy, +$7. -$1 per card in your hand. (You can't go
below $0.) When you gain this, trash up to 2 cards from your hand.

+1 Buy is the card's row. Official FAQ (Dominion Strategy wiki): with 3 other cards in hand
Souk gives +$7 then -$3, a net +$4; the total can't go below $0 but may end below what it was
($2 before and 10 cards in hand: $0); gaining it, trash up to 2 cards from the hand, none if you
like. Decisions: two trash decisions (subject 0, then 1) over the hand and -1.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    EV_COINS_PLUS,
    GAINED_ASK,
    H_COINS,
    H_NIDS,
    I64,
    K_TRASH,
    NONE,
    TRUE,
    Z_HAND,
    ask,
    copper_trash_ok,
    emit,
    estate_trash_ok,
    ids_o,
    in_opts,
    opts_zone,
    trash_card,
    zo,
)

SOUK = np.int64(card_id("Souk"))

PROMPTS = {"trash": "trash a card from your hand (Souk; up to 2)?"}


@inline
def hand_size(S, p):
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    k = I64(0)
    for i in range(S[H_NIDS]):
        k += S[h + S[io + i]]
    return k


@inline
def souk_play(S, I, p):
    """+$7, then -$1 per card in hand, the total not below $0."""
    before = S[H_COINS]
    after = before + 7 - hand_size(S, p)
    S[H_COINS] = after if after > 0 else I64(0)
    emit(I, EV_COINS_PLUS, p, SOUK, S[H_COINS] - before)


@inline
def souk_trash(S, I, p, n):
    """After the bot's trash list: a Curse, an Estate while the game is young, a Copper the
    money can spare (``copper_trash_ok``), else none (DominionSim trashes junk while its money
    stays above $5)."""
    if in_opts(I, n, CURSE):
        return CURSE
    if in_opts(I, n, ESTATE) and estate_trash_ok(S):
        return ESTATE
    if in_opts(I, n, COPPER) and copper_trash_ok(S, I, p):
        return COPPER
    return I64(-1)


@hook
def play(S, I, F, p, c, group, mask):
    souk_play(S, I, p)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: gaining a Souk offers up to two cards of the hand to trash, one
    decision each (-1 stops); asked (``where >= GAINED_ASK``): 1 when the hand has a card."""
    if c != SOUK:
        return I64(0) if where >= GAINED_ASK else where
    if where >= GAINED_ASK:
        return I64(hand_size(S, p) > 0)
    for j in range(2):
        n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
        if n <= 1:
            break
        a = ask(S, I, F, p, K_TRASH, SOUK, I64(j), I64(-1), n)
        if a < 0:
            break
        trash_card(S, I, F, p, Z_HAND, a, I64(0))
    return where


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: :func:`souk_trash` after the bot's trash list."""
    if stage == 0 or kind != K_TRASH:
        return NONE
    return souk_trash(S, I, p, n)
