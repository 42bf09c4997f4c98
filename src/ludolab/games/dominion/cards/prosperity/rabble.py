"""Rabble (Prosperity): +3 Cards. Each other player reveals the top 3 cards of their deck,
discards the Actions and Treasures, and puts the rest back in any order they choose.

The
+3 Cards are the card's row.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DISCARD,
    EV_REVEAL,
    EV_TOPDECK,
    H_NP,
    I64,
    I_ERROR,
    I_O_OPT,
    K_TOPDECK,
    NONE,
    TY_ACTION,
    TY_TREASURE,
    Z_ASIDE,
    Z_DISC,
    ask,
    cost,
    emit,
    put_top,
    take_top,
    types,
    zo,
)

RABBLE = np.int64(card_id("Rabble"))


@inline
def _slot(x0, x1, x2, j):
    return x0 if j == 0 else (x1 if j == 1 else x2)


@inline
def rabble_attack(S, I, F, p, mask):
    """Each seat in ``mask``, in turn order, reveals the top 3 cards of its deck (shuffling its
    discard pile when the deck runs out, never the cards already revealed; fewer when it has no
    more), discards those that are Actions or Treasures (a card of both kinds too: Harem, Great
    Hall), and puts the rest back in the order it chooses: one topdeck decision per place from
    the top (subject: the place, 0 on top; argument: the Rabble's player) among the cards still
    to place; a single card or copies of one card need no decision."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if ((mask >> q) & 1) == 0 or I[I_ERROR] != 0:
            continue
        aside = zo(S, q, Z_ASIDE)
        disc = zo(S, q, Z_DISC)
        x0 = I64(-1)
        x1 = I64(-1)
        x2 = I64(-1)
        for j in range(3):
            x = take_top(S, I, q)
            if x < 0:
                break
            S[aside + x] += 1
            emit(I, EV_REVEAL, q, x, I64(0))
            if j == 0:
                x0 = x
            elif j == 1:
                x1 = x
            else:
                x2 = x
        # the Actions and Treasures go to the discard pile; the rest wait to be put back
        k0 = I64(-1)
        k1 = I64(-1)
        k2 = I64(-1)
        k = 0
        for j in range(3):
            x = _slot(x0, x1, x2, j)
            if x < 0:
                continue
            if (types(I, x) & (TY_ACTION | TY_TREASURE)) != 0:
                S[aside + x] -= 1
                S[disc + x] += 1
                emit(I, EV_DISCARD, q, x, I64(1))
                continue
            if k == 0:
                k0 = x
            elif k == 1:
                k1 = x
            else:
                k2 = x
            k += 1
        # choose the order from the top down, then put them back from the bottom up
        o = I[I_O_OPT]
        t0 = I64(-1)
        t1 = I64(-1)
        t2 = I64(-1)
        for place in range(k):
            n = 0
            for j in range(3):
                x = _slot(k0, k1, k2, j)
                if x < 0:
                    continue
                placed = np.int64(t0 == x) + np.int64(t1 == x) + np.int64(t2 == x)
                if S[aside + x] - placed <= 0:
                    continue  # every copy of it already has its place
                dup = False
                for m in range(n):
                    if I[o + m] == x:
                        dup = True
                if not dup:
                    I[o + n] = x
                    n += 1
            a = ask(S, I, F, q, K_TOPDECK, RABBLE, I64(place), p, n)
            if place == 0:
                t0 = a
            elif place == 1:
                t1 = a
            else:
                t2 = a
        for j in range(2, -1, -1):
            x = _slot(t0, t1, t2, j)
            if x >= 0:
                S[aside + x] -= 1
                put_top(S, I, q, x, True)  # revealed: everyone saw them
                emit(I, EV_TOPDECK, q, x, I64(2))


@inline
def rabble_putback(S, I, n):
    """The victim's order: the card it values least on top (drawn first), the best last: the
    cheapest first (a Curse before an Estate before a Province), first option on ties."""
    o = I[I_O_OPT]
    best = I[o]
    for i in range(1, n):
        x = I[o + i]
        if cost(S, I, x) < cost(S, I, best):
            best = x
    return best


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the attack (the +3 Cards are the card's row)."""
    rabble_attack(S, I, F, p, mask)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the victim's put-back order (stage 1, after its topdeck list)."""
    if stage == 0:
        return NONE
    if kind == K_TOPDECK:
        return rabble_putback(S, I, n)
    return NONE
