"""Cartographer (Hinterlands, both printings): +1 Card, +1 Action. Look at the top 4 cards of
your deck. Discard any number of them, then put the rest back in any order.

+1 Card and +1 Action are the card's row (drawn first). Official FAQ (Dominion Strategy wiki):
you draw, then look at the top 4 (fewer if there are fewer, shuffling the discard pile in when
the deck runs out), discard any of them and put the rest back in any order; only you see them.
The looked-at cards wait in the set-aside zone while the decisions are asked. Decisions: discard
(the distinct cards still looked at, and -1 to stop; subject how many are left, argument -1),
one at a time; then topdeck (subject the place, 0 on top) among the cards still to place.

Playbook, as DominionSim plays it: the bot's discard list, else discard the cards dead in hand
(Curses, Victory-only cards); put the rest back dearest first.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DISCARD,
    EV_TOPDECK,
    FALSE,
    I64,
    I_ERROR,
    I_O_OPT,
    K_DISCARD,
    K_TOPDECK,
    NONE,
    Z_ASIDE,
    Z_DISC,
    ask,
    emit,
    extreme_cost,
    is_junk,
    put_top,
    take_top,
    zo,
)

CARTOGRAPHER = np.int64(card_id("Cartographer"))

PROMPTS = {"discard": "discard one of the cards looked at (Cartographer; {subject} left)?",
           "topdeck": "put a card back (Cartographer: place {subject} from the top)"}


@inline
def looked(x0, x1, x2, x3, j):
    return x0 if j == 0 else (x1 if j == 1 else (x2 if j == 2 else x3))


@inline
def cartographer_look(S, I, F, p):
    """Look at the top 4 (set aside meanwhile), discard any of them (a decision each), put the
    rest back in the chosen order (a decision per place from the top; a single card or copies
    of one card need none)."""
    aside = zo(S, p, Z_ASIDE)
    x0 = I64(-1)
    x1 = I64(-1)
    x2 = I64(-1)
    x3 = I64(-1)
    m = I64(0)
    for j in range(4):
        x = take_top(S, I, p)
        if x < 0:
            break
        S[aside + x] += 1
        m += 1
        if j == 0:
            x0 = x
        elif j == 1:
            x1 = x
        elif j == 2:
            x2 = x
        else:
            x3 = x
    o = I[I_O_OPT]
    # the cards still looked at: kept[j] (a bit per slot j)
    kept = (I64(1) << m) - 1
    left = m
    while left > 0 and I[I_ERROR] == 0:
        n = I64(0)
        for j in range(4):
            if (kept >> j) & 1:
                x = looked(x0, x1, x2, x3, j)
                dup = False
                for i in range(n):
                    if I[o + i] == x:
                        dup = True
                if not dup:
                    I[o + n] = x
                    n += 1
        I[o + n] = -1
        n += 1
        a = ask(S, I, F, p, K_DISCARD, CARTOGRAPHER, left, I64(-1), n)
        if a < 0:
            break
        for j in range(4):
            if ((kept >> j) & 1) and looked(x0, x1, x2, x3, j) == a:
                kept &= ~(I64(1) << j)
                break
        S[aside + a] -= 1
        S[zo(S, p, Z_DISC) + a] += 1
        emit(I, EV_DISCARD, p, a, I64(1))
        left -= 1
    # the order, from the top down; then back onto the deck from the bottom up
    t0 = I64(-1)
    t1 = I64(-1)
    t2 = I64(-1)
    t3 = I64(-1)
    for place in range(left):
        n = I64(0)
        for j in range(4):
            if (kept >> j) & 1:
                x = looked(x0, x1, x2, x3, j)
                dup = False
                for i in range(n):
                    if I[o + i] == x:
                        dup = True
                if not dup:
                    I[o + n] = x
                    n += 1
        a = ask(S, I, F, p, K_TOPDECK, CARTOGRAPHER, I64(place), I64(-1), n)
        for j in range(4):
            if ((kept >> j) & 1) and looked(x0, x1, x2, x3, j) == a:
                kept &= ~(I64(1) << j)
                break
        if place == 0:
            t0 = a
        elif place == 1:
            t1 = a
        elif place == 2:
            t2 = a
        else:
            t3 = a
    for j in range(3, -1, -1):
        x = looked(t0, t1, t2, t3, j)
        if x >= 0:
            S[aside + x] -= 1
            put_top(S, I, p, x, FALSE)
            emit(I, EV_TOPDECK, p, x, I64(2))


@hook
def play(S, I, F, p, c, group, mask):
    cartographer_look(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's lists, discard the dead cards (Curses, Victory-only
    cards) and stop; put back the dearest first."""
    if stage == 0:
        return NONE
    if kind == K_DISCARD:
        o = I[I_O_OPT]
        for i in range(n):
            x = I[o + i]
            if x >= 0 and is_junk(I, x):
                return x
        return I64(-1)
    if kind == K_TOPDECK:
        return extreme_cost(S, I, n, FALSE)
    return NONE
