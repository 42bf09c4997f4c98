"""Artisan: gain a card to hand costing up to $5; put a card from hand onto your deck.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    ARTISAN,
    COL_COINS,
    EV_TOPDECK,
    FALSE,
    H_ACTIONS,
    H_COINS,
    I64,
    I_O_OPT,
    K_GAIN,
    K_TOPDECK,
    NONE,
    Z_HAND,
    ask,
    buy_with,
    cost,
    emit,
    gain,
    hand_coins,
    is_action,
    is_junk,
    is_treasure,
    opts_supply,
    opts_zone,
    put_top,
    tcol,
    zo,
)


@inline
def artisan_play(S, I, F, p):
    """Gain to hand (decision: gain, cost cap 5), then put a card from hand onto the deck
    (decision: topdeck). House policy: the gain list, else the buy list, else the default gain
    (:func:`default_gain`); the topdeck list, else :func:`artisan_topdeck`."""
    n = opts_supply(S, I, I64(5), I64(0), FALSE)
    a = ask(S, I, F, p, K_GAIN, ARTISAN, I64(5), I64(-1), n)
    if a >= 0:
        gain(S, I, F, p, a, I64(1))
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    a = ask(S, I, F, p, K_TOPDECK, ARTISAN, I64(-1), I64(-1), n)
    if a >= 0:
        S[zo(S, p, Z_HAND) + a] -= 1
        put_top(S, I, p, a, False)
        emit(I, EV_TOPDECK, p, a, I64(0))


@inline
def artisan_topdeck(S, I, F, p, n):
    """The card to put back: the most expensive Action when no action is left to play it this
    turn; else the most valuable Treasure whose loss leaves this turn's buy unchanged (what the
    bot's buy list buys with the coins it will have, ``kernel.buy_with``); else a Victory card or
    Curse (dead in hand, and the buy stays); else the cheapest card; else the first option."""
    o = I[I_O_OPT]
    a = I64(NONE)
    if S[H_ACTIONS] == 0:
        bc = -1
        for i in range(n):
            x = I[o + i]
            if x >= 0 and is_action(I, x) and cost(S, I, x) > bc:
                bc = cost(S, I, x)
                a = x
    if a == NONE:
        pot = S[H_COINS] + hand_coins(S, I, p)
        want = buy_with(S, I, F, p, pot, I64(-1))
        bv = -1
        for i in range(n):
            x = I[o + i]
            if x >= 0 and is_treasure(I, x):
                v = tcol(I, x, COL_COINS)
                if v > bv and buy_with(S, I, F, p, pot - v, I64(-1)) == want:
                    bv = v
                    a = x
    if a == NONE:
        for i in range(n):
            x = I[o + i]
            if x >= 0 and is_junk(I, x):
                a = x
                break
    if a == NONE:
        bv = 1 << 30
        for i in range(n):
            x = I[o + i]
            if x >= 0 and cost(S, I, x) < bv:
                bv = cost(S, I, x)
                a = x
    if a == NONE:
        a = I[o]
    return a


@hook
def play(S, I, F, p, c, group, mask):
    artisan_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TOPDECK:
        return artisan_topdeck(S, I, F, p, n)
    return NONE
