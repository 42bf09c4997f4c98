"""Lookout (Seaside, both printings): +1 Action. Look at the top 3 cards of your deck. Trash one
of them. Discard one of them. Put the other one back on top of your deck.

The +1 Action
is the card's row. Official FAQ (Dominion Strategy wiki): the steps go in order, so with one
card to look at (after shuffling) it is trashed, with two one is trashed and the other
discarded; the cards looked at are not revealed to the other players.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    EV_TOPDECK,
    FALSE,
    H_NIDS,
    I64,
    I_O_OPT,
    K_DISCARD,
    K_TRASH,
    NONE,
    Z_ASIDE,
    Z_HAND,
    Z_OWN,
    Z_PLAY,
    ask,
    copper_trash_ok,
    cost,
    discard_card,
    discard_pick,
    emit,
    estate_trash_ok,
    ids_o,
    is_junk,
    opts_zone,
    put_top,
    take_top,
    trash_card,
    zo,
)

LOOKOUT = np.int64(card_id("Lookout"))


@inline
def lookout_play(S, I, F, p):
    """Set aside the top 3 cards (one at a time, shuffling when the deck runs out; fewer if the
    deck and discard pile hold fewer), then trash one of them (decision: trash, no -1), discard
    one of the rest (decision: discard), and put the last one back on top (only its owner
    knows what it is: nothing was revealed)."""
    aside = zo(S, p, Z_ASIDE)
    k = 0
    for _ in range(3):
        x = take_top(S, I, p)
        if x < 0:
            break
        S[aside + x] += 1
        k += 1
    if k == 0:
        return
    n = opts_zone(S, I, p, Z_ASIDE, I64(0), FALSE)
    t = ask(S, I, F, p, K_TRASH, LOOKOUT, I64(-1), I64(-1), n)
    trash_card(S, I, F, p, Z_ASIDE, t, I64(2))
    if k == 1:
        return
    n = opts_zone(S, I, p, Z_ASIDE, I64(0), FALSE)
    d = ask(S, I, F, p, K_DISCARD, LOOKOUT, I64(-1), I64(-1), n)
    discard_card(S, I, F, p, Z_ASIDE, d, I64(1))
    if k == 2:
        return
    n = opts_zone(S, I, p, Z_ASIDE, I64(0), FALSE)
    x = I[I[I_O_OPT]]
    S[aside + x] -= 1
    put_top(S, I, p, x, FALSE)
    emit(I, EV_TOPDECK, p, x, I64(2))


@inline
def lookout_trash_rank(S, I, p, c):
    """Lower = trash first: a Curse; an Estate while Estates are worth trashing (early); a
    Copper the money can spare; then an Estate, a Copper; then the cheapest other card, Victory
    cards worth more than an Estate last (Geronimoo's simulator sorts by its trash order)."""
    if c == CURSE:
        return I64(0)
    if c == ESTATE and estate_trash_ok(S):
        return I64(1)
    if c == COPPER and copper_trash_ok(S, I, p):
        return I64(2)
    if c == COPPER:
        return I64(3)
    if c == ESTATE:
        return I64(4)
    if is_junk(I, c):
        return 200 + cost(S, I, c)
    return 10 + cost(S, I, c)


@inline
def lookout_trash_pick(S, I, p, n):
    """The option to trash: the lowest :func:`lookout_trash_rank` (the discard is the kernel's
    :func:`discard_pick`; the card kept on top is the one left, the best)."""
    o = I[I_O_OPT]
    best = I64(-1)
    br = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        r = lookout_trash_rank(S, I, p, x)
        if r < br:
            br = r
            best = x
    return best


@hook
def play(S, I, F, p, c, group, mask):
    lookout_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's trash and discard lists, trash the worst card (Curse,
    Estate early, spare Copper, ...) and discard the worse of the other two, keeping the best
    one on top of the deck."""
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return lookout_trash_pick(S, I, p, n)
    if kind == K_DISCARD:
        a, _rank = discard_pick(S, I, p, n)
        return a
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: play it while at least 15% of the cards not in hand or play are junk to
    trash (Curses, Estates, Coppers): otherwise it may have to trash a good card (Geronimoo's
    simulator's rule for Lookout)."""
    own = zo(S, p, Z_OWN)
    h = zo(S, p, Z_HAND)
    pl = zo(S, p, Z_PLAY)
    total = I64(0)
    junk = I64(0)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[own + x] - S[h + x] - S[pl + x]
        if k <= 0:
            continue
        total += k
        if x == CURSE or x == ESTATE or x == COPPER:
            junk += k
    if total == 0:
        return I64(0)
    return I64(1) if junk * 100 >= 15 * total else I64(0)
