"""Trade Route (Prosperity, first printing): +1 Buy. +$1 per token on the Trade Route mat. Trash a
card from your hand. Setup: put a token on each Victory card Supply pile; when a card is gained
from that pile, move the token to the Trade Route mat.

The +1 Buy is the card's row. The mat's tokens are ``S[H_TR_MAT]``.

Where the tokens are: the Supply's per-pile token region ``trt_o(S)`` (1 while a
Victory pile, Colony included, Curse and Platinum not, still holds the token the setup put on it)
and the mat's count ``S[H_TR_MAT]``. The ``gained`` hook moves a pile's token to the mat the first
time a card is gained from that pile, exactly as printed: a card Lurker trashes from the pile
moves nothing (a trash is not a gain), nor does a card gained from the trash (Lurker: its home
hides the pile's token from the hooks during that gain), nor a pile emptied some other way.
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
    FALSE,
    GAINED_ASK,
    H_COINS,
    H_NIDS,
    H_TR_MAT,
    I64,
    I_O_OPT,
    K_TRASH,
    NONE,
    Z_HAND,
    ask,
    emit,
    estate_trash_ok,
    ids_o,
    opts_zone,
    trash_card,
    trash_rank,
    trt_o,
    zo,
)

TRADE_ROUTE = np.int64(card_id("Trade Route"))


@inline
def trade_route_play(S, I, F, p):
    """+$1 per token on the mat, then trash a card from the hand (not optional; nothing with an
    empty hand): decision trash, source Trade Route."""
    k = S[H_TR_MAT]
    if k > 0:
        S[H_COINS] += k
        emit(I, EV_COINS_PLUS, p, TRADE_ROUTE, k)
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n > 0:
        a = ask(S, I, F, p, K_TRASH, TRADE_ROUTE, I64(-1), I64(-1), n)
        trash_card(S, I, F, p, Z_HAND, a, I64(0))


@inline
def trade_route_trash(S, I, n):
    """The card to trash: a Curse, an Estate while the game is young (estate_trash_ok), a
    Copper, then an Estate, then the general trash order (the cheapest)."""
    o = I[I_O_OPT]
    has_estate = False
    has_copper = False
    for i in range(n):
        x = I[o + i]
        if x == CURSE:
            return CURSE
        has_estate = has_estate or x == ESTATE
        has_copper = has_copper or x == COPPER
    if has_estate and estate_trash_ok(S):
        return ESTATE
    if has_copper:
        return COPPER
    if has_estate:
        return ESTATE
    best = I[o]
    for i in range(1, n):
        if trash_rank(S, I, I[o + i]) < trash_rank(S, I, best):
            best = I[o + i]
    return best


@inline
def trade_route_useful(S, I, p, basic):
    """Worth playing while the hand (this Trade Route aside, unless another card plays it)
    holds a Curse, an Estate or a Copper to trash, or nothing else at all."""
    h = zo(S, p, Z_HAND)
    others = I64(0)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        others += S[h + S[io + i]]
    if basic == 0:
        others -= 1
    if others <= 0:
        return True
    return S[h + CURSE] > 0 or S[h + ESTATE] > 0 or S[h + COPPER] > 0


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the coins and the trashing (the +1 Buy is the card's row)."""
    trade_route_play(S, I, F, p)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: ``c`` was gained from its Supply pile (a gain from the trash hides the
    pile's token, see the module's text): if the pile still holds its Trade Route token, the
    token moves to the mat. The gained card stays where it is. Asked whether it would act
    (kernel.GAINED_ASK): 0, the token moves in every order, so it is never ordered."""
    if where >= GAINED_ASK:
        return I64(0)
    t = trt_o(S) + c
    if S[t] != 0:
        S[t] = 0
        S[H_TR_MAT] += 1
    return where


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: :func:`trade_route_useful`."""
    return I64(1) if trade_route_useful(S, I, p, basic) else I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the trash (stage 1, after the bot's trash list)."""
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return trade_route_trash(S, I, n)
    return NONE
