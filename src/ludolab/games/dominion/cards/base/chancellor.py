"""Chancellor: you may put your deck into your discard pile.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CHANCELLOR,
    COL_COINS,
    EV_DECK_DISCARD,
    I64,
    K_YESNO,
    NONE,
    PS_DECKN,
    PSZ,
    Z_DISC,
    ask,
    emit,
    forget_pile,
    is_treasure,
    money_of,
    opts_list,
    owned_total,
    so,
    tcol,
    zo,
)

PROMPTS = {"yesno": "put your deck into your discard pile (Chancellor)?"}


@inline
def chancellor_play(S, I, F, p):
    """With a non-empty draw pile, a yes/no decision (discard the draw pile?). House policy:
    :func:`chancellor_yesno`."""
    s = so(S, p)
    if S[s + PS_DECKN] > 0:
        n = opts_list(I, I64(1), I64(0), NONE)
        if ask(S, I, F, p, K_YESNO, CHANCELLOR, I64(-1), I64(-1), n) == 1:
            nd = S[s + PS_DECKN]
            d = zo(S, p, Z_DISC)
            for i in range(nd):
                S[d + S[s + PSZ + i]] += 1
            S[s + PS_DECKN] = 0
            forget_pile(S, s)
            emit(I, EV_DECK_DISCARD, p, I64(-1), nd)


@inline
def chancellor_yesno(S, I, p):
    """Discard the draw pile when it is no richer in coins per card than the whole deck."""
    s = so(S, p)
    nd = S[s + PS_DECKN]
    dm = 0
    for i in range(nd):
        x = S[s + PSZ + i]
        if is_treasure(I, x):
            dm += tcol(I, x, COL_COINS)
    return I64(1) if dm * owned_total(S, p) <= money_of(S, I, p) * nd else I64(0)


@hook
def play(S, I, F, p, c, group, mask):
    chancellor_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return chancellor_yesno(S, I, p)
    return NONE
