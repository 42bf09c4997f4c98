"""Library: draw until 7 cards in hand, setting aside Actions you choose to; discard those.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_ASIDE,
    EV_DRAW,
    H_ACTIONS,
    I64,
    I_ERROR,
    K_YESNO,
    LIBRARY,
    NONE,
    Z_ASIDE,
    Z_HAND,
    ask,
    discard_all,
    emit,
    is_action,
    opts_list,
    take_top,
    zo,
    zone_size,
)

PROMPTS = {"yesno": "set aside {subject} (Library)?"}


@inline
def library_play(S, I, F, p):
    """Each Action drawn asks yes/no (set it aside?; the card is shown set aside while asked).
    House policy: :func:`library_yesno`."""
    h = zo(S, p, Z_HAND)
    aside = zo(S, p, Z_ASIDE)
    while zone_size(S, p, Z_HAND) < 7 and I[I_ERROR] == 0:
        x = take_top(S, I, p)
        if x < 0:
            break
        if is_action(I, x):
            S[aside + x] += 1
            n = opts_list(I, I64(1), I64(0), NONE)
            if ask(S, I, F, p, K_YESNO, LIBRARY, x, I64(-1), n) == 1:
                emit(I, EV_ASIDE, p, x, I64(0))
                continue
            S[aside + x] -= 1
        S[h + x] += 1
        emit(I, EV_DRAW, p, x, I64(0))
    discard_all(S, I, F, p, Z_ASIDE, I64(2))


@inline
def library_yesno(S):
    """Set an Action aside when no Action can be played any more."""
    return I64(1) if S[H_ACTIONS] == 0 else I64(0)


@hook
def play(S, I, F, p, c, group, mask):
    library_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return library_yesno(S)
    return NONE
