"""Cellar: +1 Action. Discard any number of cards, then draw that many.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CELLAR,
    H_ACTIONS,
    I64,
    I_ERROR,
    I_O_OPT,
    K_DISCARD,
    LIST_DISCARD,
    NONE,
    TRUE,
    Z_HAND,
    ask,
    discard_card,
    discard_pick,
    draw,
    is_action,
    list_len,
    opts_zone,
)


@inline
def cellar_play(S, I, F, p):
    """Discard one card at a time (decision: discard, ``-1`` stops; the subject counts the cards
    discarded so far), then draw as many. House policy: :func:`cellar_discard`."""
    k = I64(0)
    while I[I_ERROR] == 0:
        n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
        a = ask(S, I, F, p, K_DISCARD, CELLAR, k, I64(-1), n)
        if a < 0:
            break
        discard_card(S, I, F, p, Z_HAND, a, I64(0))
        k += 1
    draw(S, I, p, k)


@inline
def cellar_discard(S, I, n, has_list, a, br):
    """The next card to discard (-1: stop), given the general discard order's first pick ``a``
    and its rank ``br`` (:func:`discard_pick`). A bot with a discard list discards only what
    the list names (it was asked first); otherwise Curses and Victory cards, then, when no
    action is left, an Action; the rest is kept."""
    if has_list:
        return I64(-1)
    if a != NONE and br > 100:
        a = -1
        if S[H_ACTIONS] == 0:
            o = I[I_O_OPT]
            for i in range(n):
                if I[o + i] >= 0 and is_action(I, I[o + i]):
                    a = I[o + i]
                    break
    if a == NONE:
        a = -1
    return a


@inline
def cellar_answer(S, I, p, n):
    """The general discard order's first pick (:func:`discard_pick`), then Cellar's rule."""
    a, br = discard_pick(S, I, p, n)
    return cellar_discard(S, I, n, list_len(I, p, LIST_DISCARD) > 0, a, br)


@hook
def play(S, I, F, p, c, group, mask):
    cellar_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_DISCARD:
        return cellar_answer(S, I, p, n)
    return NONE
