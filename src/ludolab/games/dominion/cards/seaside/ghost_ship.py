"""Ghost Ship (Seaside, first printing only): +2 Cards. Each other player with 4 or more cards
in hand puts cards from their hand onto their deck until they have 3 cards in hand.

+2
Cards is the card's row (drawn first). Official FAQ (Dominion Strategy wiki): the victim
chooses the cards and the order they go on the deck (one at a time: the last one put is on
top); the cards are not revealed; a victim with 3 cards or fewer does nothing.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    EV_TOPDECK,
    FALSE,
    H_NIDS,
    I64,
    I_ERROR,
    I_O_OPT,
    K_TOPDECK,
    NONE,
    Z_HAND,
    ask,
    buy_tier,
    dead_terminals,
    discard_rank,
    emit,
    ids_o,
    is_treasure,
    opts_zone,
    put_top,
    tcol,
    zo,
    zone_size,
)

GHOST_SHIP = np.int64(card_id("Ghost Ship"))


@inline
def top3_coins(S, I, q, skip):
    """The coins of the 3 richest Treasures in ``q``'s hand, one copy of ``skip`` left out
    (-1: none): what a 3-card hand kept from it can pay at most."""
    h = zo(S, q, Z_HAND)
    io = ids_o(S)
    a = I64(0)
    b = I64(0)
    c = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[h + x] - (1 if x == skip else 0)
        if k <= 0 or not is_treasure(I, x):
            continue
        v = tcol(I, x, COL_COINS)
        for _ in range(min(k, I64(3))):
            if v > a:
                c = b
                b = a
                a = v
            elif v > b:
                c = b
                b = v
            elif v > c:
                c = v
    return a + b + c


@inline
def ghost_ship_putback(S, I, q, n):
    """The victim's card to put back: the 3 cards it keeps should still pay for the best buy
    its hand's Treasures allow with 3 cards (the buy tier of its 3 richest); of the cards it
    can spare for that, the most valuable goes back (by the general discard order: it is drawn
    next turn, so it should be worth drawing), rather than junk that would spoil the next hand
    too. None can be spared: the one it misses least."""
    o = I[I_O_OPT]
    target = buy_tier(S, I, top3_coins(S, I, q, I64(-1)))
    dead = dead_terminals(S, I, q)
    best = I64(-1)
    br = I64(-1)
    low = I64(-1)
    lr = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        r = discard_rank(S, I, x, dead)
        if r < lr:
            lr = r
            low = x
        if buy_tier(S, I, top3_coins(S, I, q, x)) == target and r > br:
            br = r
            best = x
    return best if best >= 0 else low


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q``, with 4 or more cards in hand, puts one card at a time from
    its hand onto its deck (decision: topdeck, subject the cards still to go, argument the Ghost
    Ship's player) until 3 remain. The +2 Cards are the card's row."""
    h = zo(S, q, Z_HAND)
    while zone_size(S, q, Z_HAND) > 3 and I[I_ERROR] == 0:
        n = opts_zone(S, I, q, Z_HAND, I64(0), FALSE)
        x = ask(S, I, F, q, K_TOPDECK, GHOST_SHIP, zone_size(S, q, Z_HAND) - 3, p, n)
        S[h + x] -= 1
        put_top(S, I, q, x, FALSE)
        emit(I, EV_TOPDECK, q, x, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the victim's topdeck list, :func:`ghost_ship_putback`."""
    if stage == 0 or kind != K_TOPDECK:
        return NONE
    return ghost_ship_putback(S, I, p, n)
