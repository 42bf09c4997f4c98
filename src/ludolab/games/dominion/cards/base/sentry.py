"""Sentry: +1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or discard any number
of them. Put the rest back on top in any order.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    EV_TOPDECK,
    FALSE,
    I64,
    K_MODE,
    K_TOPDECK,
    LIST_DISCARD,
    LIST_TRASH,
    NONE,
    SENTRY,
    Z_ASIDE,
    ask,
    copper_trash_ok,
    discard_card,
    emit,
    estate_trash_ok,
    extreme_cost,
    is_junk,
    list_accepts,
    list_len,
    opts_list,
    put_top,
    reveal_two,
    trash_card,
    zo,
)

MODES = ("trash", "discard", "put back")


@inline
def sentry_play(S, I, F, p):
    """For each revealed card a mode (decision: mode, subject the card; 0 trash, 1 discard,
    2 keep); two different kept cards: which goes on top (decision: topdeck). House policy:
    :func:`sentry_mode`, :func:`sentry_topdeck`."""
    aside = zo(S, p, Z_ASIDE)
    x1, x2 = reveal_two(S, I, p)
    keep1 = I64(-1)
    keep2 = I64(-1)
    for j in range(2):
        x = x1 if j == 0 else x2
        if x < 0:
            continue
        n = opts_list(I, I64(0), I64(1), I64(2))
        m = ask(S, I, F, p, K_MODE, SENTRY, x, I64(-1), n)
        if m == 0:
            trash_card(S, I, F, p, Z_ASIDE, x, I64(2))
        elif m == 1:
            discard_card(S, I, F, p, Z_ASIDE, x, I64(1))
        elif keep1 < 0:
            keep1 = x
        else:
            keep2 = x
    if keep1 >= 0 and keep2 >= 0:
        top = keep1
        if keep1 != keep2:
            n = opts_list(I, keep1, keep2, NONE)
            top = ask(S, I, F, p, K_TOPDECK, SENTRY, I64(-1), I64(-1), n)
        other = keep2 if top == keep1 else keep1
        S[aside + other] -= 1
        put_top(S, I, p, other, False)
        emit(I, EV_TOPDECK, p, other, I64(2))
        S[aside + top] -= 1
        put_top(S, I, p, top, False)
        emit(I, EV_TOPDECK, p, top, I64(2))
    elif keep1 >= 0:
        S[aside + keep1] -= 1
        put_top(S, I, p, keep1, False)
        emit(I, EV_TOPDECK, p, keep1, I64(2))


@inline
def sentry_mode(S, I, F, p, c):
    """0 trash, 1 discard or 2 keep revealed card ``c``: trash what the trash list accepts,
    discard what the discard list accepts; else trash a Curse, an Estate early, a Copper the
    money can spare; discard other junk (Victory cards); keep the rest."""
    if list_len(I, p, LIST_TRASH) > 0 and list_accepts(S, I, F, p, LIST_TRASH, c):
        return I64(0)
    if list_len(I, p, LIST_DISCARD) > 0 and list_accepts(S, I, F, p, LIST_DISCARD, c):
        return I64(1)
    if c == CURSE or (c == ESTATE and estate_trash_ok(S)):
        return I64(0)
    if c == COPPER and copper_trash_ok(S, I, p):
        return I64(0)
    if is_junk(I, c):
        return I64(1)
    return I64(2)


@inline
def sentry_topdeck(S, I, n):
    """Of two kept cards, the more expensive goes on top (drawn first)."""
    return extreme_cost(S, I, n, FALSE)


@hook
def play(S, I, F, p, c, group, mask):
    sentry_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return sentry_mode(S, I, F, p, subject)
    if kind == K_TOPDECK:
        return sentry_topdeck(S, I, n)
    return NONE
