"""Spy: each player (you too) reveals their top card; you choose: discard or put back.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_REVEAL,
    EV_TOPDECK,
    H_NP,
    I64,
    K_YESNO,
    NONE,
    SPY,
    Z_ASIDE,
    ask,
    discard_card,
    emit,
    is_junk,
    opts_list,
    put_top,
    take_top,
    zo,
)

PROMPTS = {"yesno": "discard seat {arg}'s {subject} (Spy)? (no: put it back)"}


@inline
def spy_play(S, I, F, p, mask):
    """The Spy's player first, then each seat in ``mask`` (not protected by a Moat), reveals its
    top card; the Spy's player decides yes (discard) or no (put back), subject the card,
    argument its owner. House policy: :func:`spy_yesno`."""
    n_pl = S[H_NP]
    mask |= 1 << p
    for i in range(n_pl):
        q = (p + i) % n_pl
        if not (mask >> q) & 1:
            continue
        x = take_top(S, I, q)
        if x < 0:
            continue
        emit(I, EV_REVEAL, q, x, I64(0))
        aside = zo(S, q, Z_ASIDE)
        S[aside + x] += 1
        n = opts_list(I, I64(1), I64(0), NONE)
        discard = ask(S, I, F, p, K_YESNO, SPY, x, q, n) == 1
        S[aside + x] -= 1
        if discard:
            discard_card(S, I, F, q, I64(-1), x, I64(1))
        else:
            put_top(S, I, q, x, True)
            emit(I, EV_TOPDECK, q, x, I64(2))


@inline
def spy_yesno(I, p, x, q):
    """Discard my own junk and keep a good card on top; leave an opponent's junk on top and
    discard a good card (junk: Curse, Victory-only cards and Copper)."""
    junk = is_junk(I, x) or x == COPPER
    if q == p:
        return I64(1) if junk else I64(0)
    return I64(0) if junk else I64(1)


@hook
def play(S, I, F, p, c, group, mask):
    spy_play(S, I, F, p, mask)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return spy_yesno(I, p, subject, arg)
    return NONE
