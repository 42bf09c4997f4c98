"""Pawn (Intrigue): choose two: +1 Card; +1 Action; +1 Buy; +$1. The choices must be different.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_CHOICE,
    H_ACTIONS,
    H_BUYS,
    H_COINS,
    I64,
    I_O_OPT,
    K_MODE,
    NONE,
    OPT_EXTRA_BUYS,
    Z_DISC,
    action_waiting,
    ask,
    bot_opt,
    buy_with,
    card_opt,
    coins_help,
    cost,
    deck_n,
    draw,
    emit,
    hand_coins,
    in_opts,
    zone_size,
)

PAWN = np.int64(card_id("Pawn"))
CARD, ACTION, BUY, COIN = 0, 1, 2, 3

MODES = ("+1 Card", "+1 Action", "+1 Buy", "+$1")
OPTIONS = (
    ("pawn", 0.0, (0.0, 44.0),
     "Pawn's two choices as two digits, 1 +1 Card, 2 +1 Action, 3 +1 Buy, 4 +$1 (12: +1 Card "
     "and +1 Action); 0: the playbook (+1 Action when an Action waits in hand, +1 Buy when a "
     "second buy buys something, +$1 when it changes the buy, +1 Card, then +$1, +1 Buy)"),
)


@inline
def pawn_play(S, I, F, p):
    """Two mode decisions (first: the four choices; second: the other three, ``arg`` the first
    choice), both made before either is done (the FAQ: no drawing before the second choice)."""
    o = I[I_O_OPT]
    for i in range(4):
        I[o + i] = i
    a = ask(S, I, F, p, K_MODE, PAWN, I64(-1), I64(-1), I64(4))
    n = 0
    for i in range(4):
        if i != a:
            I[o + n] = i
            n += 1
    b = ask(S, I, F, p, K_MODE, PAWN, I64(-1), a, np.int64(n))
    emit(I, EV_CHOICE, p, PAWN, a)
    emit(I, EV_CHOICE, p, PAWN, b)
    for m in (a, b):
        if m == CARD:
            draw(S, I, p, I64(1))
        elif m == ACTION:
            S[H_ACTIONS] += 1
        elif m == BUY:
            S[H_BUYS] += 1
        else:
            S[H_COINS] += 1


@inline
def second_buy_buys(S, I, F, p):
    """Would a second buy buy something this turn (the bot's buy with what the first leaves)?"""
    if bot_opt(I, F, p, OPT_EXTRA_BUYS) == 0.0 or S[H_BUYS] > 1:
        return False
    c = S[H_COINS] + hand_coins(S, I, p)
    first = buy_with(S, I, F, p, c, I64(-1))
    if first < 0:
        return False
    return buy_with(S, I, F, p, c - cost(S, I, first), I64(-1)) >= 0


@inline
def pawn_choice(S, I, F, p, taken, n):
    """The choice to make (an option, never ``taken``, the first choice or -1). Bot option
    ``pawn`` (two digits) first, else the playbook (after Geronimoo's Pawn): +1 Action when an
    Action waits in hand with no action left; +1 Buy when a second buy would buy something;
    +$1 when it changes the buy; +1 Card while there are cards to draw; then +$1 (the card
    drawn may make it count; +1 Buy first cost BMU + Pawn 10.8 points: docs/bots.md), +1 Buy,
    +1 Action, +1 Card."""
    v = np.int64(card_opt(I, F, p, PAWN, I64(0)))
    if v > 0:
        d1 = v // 10 - 1
        d2 = v % 10 - 1
        if taken < 0 and 0 <= d1 <= 3:
            return d1
        if 0 <= d2 <= 3 and d2 != taken:
            return d2
        if taken >= 0 and 0 <= d1 <= 3 and d1 != taken:
            return d1
    if taken != ACTION and action_waiting(S, I, F, p):
        return ACTION
    if taken != BUY and second_buy_buys(S, I, F, p):
        return BUY
    if taken != COIN and coins_help(S, I, F, p, I64(1)):
        return COIN
    if taken != CARD and deck_n(S, p) + zone_size(S, p, Z_DISC) > 0:
        return CARD
    for m in (COIN, BUY, ACTION, CARD):
        if m != taken and in_opts(I, n, np.int64(m)):
            return np.int64(m)
    return NONE


@hook
def play(S, I, F, p, c, group, mask):
    pawn_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return pawn_choice(S, I, F, p, arg, n)
    return NONE


@hook
def score(S, I, F, p, c):
    """Hook ``score``: with the non-terminals (it can always take +1 Action, so it never
    blocks another Action), after the dearer ones."""
    return 1000 + 10 * cost(S, I, PAWN) + 1
