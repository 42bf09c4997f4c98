"""Warehouse (Seaside, both printings): +3 Cards, +1 Action. Discard 3 cards.

+3 Cards and +1 Action are the card's row
(drawn first). Official FAQ (Dominion Strategy wiki): draw, then discard 3 cards (any 3, the
ones just drawn or others); with fewer than 3 cards in hand, discard them all.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    H_NIDS,
    I64,
    I_O_OPT,
    K_DISCARD,
    NONE,
    PS_DECKN,
    Z_DISC,
    Z_HAND,
    dead_terminals,
    discard_cards,
    discard_rank,
    ids_o,
    so,
    zo,
)

WAREHOUSE = np.int64(card_id("Warehouse"))
TREASURE_MAP = np.int64(card_id("Treasure Map"))


@inline
def warehouse_play(S, I, F, p):
    """Discard 3 cards from hand, one decision each (discard; subject: the cards still to go).
    House policy: the bot's discard list, else :func:`warehouse_discard`."""
    discard_cards(S, I, F, p, I64(3), WAREHOUSE, I64(-1))


@inline
def warehouse_discard(S, I, p, n):
    """The general discard order (Curses, Victory cards, dead terminals, Copper, then the
    cheapest), except that Treasure Maps are a pair or nothing: two or more in hand are kept
    (they look like two terminals, but one play trashes both for 4 Golds - the reason to pair
    Warehouse with Treasure Map), a lone one goes with the Victory cards."""
    o = I[I_O_OPT]
    maps = S[zo(S, p, Z_HAND) + TREASURE_MAP]
    dead = dead_terminals(S, I, p) and maps < 2
    best = I64(NONE)
    br = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        r = discard_rank(S, I, x, dead)
        if x == TREASURE_MAP:
            r = I64(5000) if maps >= 2 else I64(100)
        if r < br:
            br = r
            best = x
    return best


@hook
def play(S, I, F, p, c, group, mask):
    warehouse_play(S, I, F, p)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: play it unless the deck and discard pile hold fewer than 2 cards (it
    would only shrink the hand: Geronimoo's simulator's rule)."""
    d = zo(S, p, Z_DISC)
    k = S[so(S, p) + PS_DECKN]
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        k += S[d + S[io + i]]
    return I64(1) if k >= 2 else I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's discard list, :func:`warehouse_discard`."""
    if stage == 0 or kind != K_DISCARD:
        return NONE
    return warehouse_discard(S, I, p, n)
