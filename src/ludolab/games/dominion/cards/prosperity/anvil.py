"""Anvil (Prosperity, second printing): $1. You may discard a Treasure to gain a card costing
up to $4.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COL_SPECIAL,
    FALSE,
    H_COINS,
    I64,
    I_O_OPT,
    K_DISCARD,
    K_GAIN,
    NONE,
    TY_TREASURE,
    Z_HAND,
    ask,
    buy_with,
    card_opt,
    cost,
    discard_card,
    gain,
    hand_coins,
    opts_supply,
    pick_from_hand,
    tcol,
)

ANVIL = np.int64(card_id("Anvil"))

# Its bot option (bot files: ``[options] anvil = 1``), read with card_opt(..., ANVIL, 0)
OPTIONS = (
    ("anvil", 0.0, (0, 2),
     "Anvil's discard: 0 the playbook (the cheapest plain Treasure, when its coins do not change "
     "this turn's buy or the buy costs $4 or less anyway), 1 always the cheapest plain Treasure, "
     "2 never"),
)


@inline
def anvil_play(S, I, F, p):
    """One decision: discard a Treasure from hand (options: the Treasures in hand, then -1: none;
    source Anvil). A discarded one buys a gain (decision: gain, cost cap 4, no stop: a card must
    be gained while one costs $4 or less). No Treasure in hand: nothing. House policy:
    :func:`anvil_discard`; the gain: the bot's gain list, else its buy list, else the default
    gain."""
    x = pick_from_hand(S, I, F, p, K_DISCARD, ANVIL, TY_TREASURE)
    if x < 0:
        return
    discard_card(S, I, F, p, Z_HAND, x, I64(0))
    n = opts_supply(S, I, I64(4), I64(0), FALSE)
    a = ask(S, I, F, p, K_GAIN, ANVIL, I64(4), I64(-1), n)
    if a >= 0:
        gain(S, I, F, p, a, I64(0))


@inline
def anvil_discard(S, I, F, p, n):
    """The Treasure to discard, or -1 (bot option ``anvil``: 1 always the cheapest plain
    Treasure, 2 never; 0 the playbook). Only a plain Treasure (a special one is worth more than
    its printed coins) and only the cheapest: the one with the fewest coins. Only when the
    bot's lists want a card costing up to $4 at all, and only when the coins it costs do not
    change this turn's buy, or when the buy with every coin is a card costing $4 or less anyway
    (then the gain is worth at least that buy): the simulator's test of buying power."""
    mode = np.int64(card_opt(I, F, p, ANVIL, I64(0)))
    if mode == 2:
        return I64(-1)
    o = I[I_O_OPT]
    best = I64(-1)
    bv = I64(1 << 30)
    for i in range(n):
        x = I[o + i]
        if x < 0 or tcol(I, x, COL_SPECIAL) != 0:
            continue
        v = tcol(I, x, COL_COINS)
        if v < bv:
            bv = v
            best = x
    if best < 0 or mode == 1:
        return best
    want = buy_with(S, I, F, p, I64(4), I64(-1))
    if want < 0:
        return I64(-1)
    coins = S[H_COINS] + hand_coins(S, I, p)
    full = buy_with(S, I, F, p, coins, I64(-1))
    if buy_with(S, I, F, p, coins - bv, I64(-1)) == full:
        return best
    if full < 0 or cost(S, I, full) <= 4:
        return best
    return I64(-1)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its $1 is its row's)."""
    anvil_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0 and kind == K_DISCARD:
        return anvil_discard(S, I, F, p, n)
    return NONE


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default Treasure order (higher first): first of all,
    while the hand still holds the Treasures it may discard."""
    return I64(2000)
