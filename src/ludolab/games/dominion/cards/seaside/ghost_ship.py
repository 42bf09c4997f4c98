"""Ghost Ship (Seaside, first printing only): +2 Cards. Each other player with 4 or more cards
in hand puts cards from their hand onto their deck until they have 3 cards in hand.

The card's home in the engine: its effect and the victim's default playbook, compiled on their
own and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``). +2
Cards is the card's row (drawn first). Official FAQ (Dominion Strategy wiki): the victim
chooses the cards and the order they go on the deck (one at a time: the last one put is on
top); the cards are not revealed; a victim with 3 cards or fewer does nothing.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    EV_TOPDECK,
    FALSE,
    H_NP,
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
    hand_coins,
    is_treasure,
    opts_zone,
    put_top,
    tcol,
    zo,
    zone_size,
)

GHOST_SHIP = np.int64(card_id("Ghost Ship"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def ghost_ship_play(S, I, F, p, mask):
    """Each seat in ``mask`` (not protected by a Reaction) with 4+ cards in hand, in turn
    order, puts one card at a time from its hand onto its deck (decision: topdeck, subject the
    cards still to go, argument the Ghost Ship's player) until 3 remain."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if not (mask >> q) & 1:
            continue
        h = zo(S, q, Z_HAND)
        while zone_size(S, q, Z_HAND) > 3 and I[I_ERROR] == 0:
            n = opts_zone(S, I, q, Z_HAND, I64(0), FALSE)
            x = ask(S, I, F, q, K_TOPDECK, GHOST_SHIP, zone_size(S, q, Z_HAND) - 3, p, n)
            S[h + x] -= 1
            put_top(S, I, q, x, FALSE)
            emit(I, EV_TOPDECK, q, x, I64(0))


@njit(cache=True, _nrt=False, inline="always")
def ghost_ship_putback(S, I, q, n):
    """The victim's card to put back: one whose coins its next buy (this hand's Treasures) can
    spare best - the highest buy tier left - and of those the one it misses least (the general
    discard order: Curses, Victory cards, dead terminals, Copper, then the cheapest). So 3
    Treasures paying for the best card stay, and the junk goes on top of the deck."""
    o = I[I_O_OPT]
    coins = hand_coins(S, I, q)
    dead = dead_terminals(S, I, q)
    best = I64(-1)
    bt = I64(-(1 << 40))
    br = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        v = tcol(I, x, COL_COINS) if is_treasure(I, x) else I64(0)
        t = buy_tier(S, I, coins - v)
        r = discard_rank(S, I, x, dead)
        if t > bt or (t == bt and r < br):
            best = x
            bt = t
            br = r
    return best


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    ghost_ship_play(S, I, F, p, mask)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the victim's topdeck list, :func:`ghost_ship_putback`."""
    if stage == 0 or kind != K_TOPDECK:
        return NONE
    return ghost_ship_putback(S, I, p, n)
