"""Moneylender: you may trash a Copper from your hand for +$3 (first edition: you must).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_COINS_PLUS,
    H_COINS,
    H_EDITION,
    I64,
    K_YESNO,
    MONEYLENDER,
    NONE,
    Z_HAND,
    ask,
    emit,
    opts_list,
    trash_card,
    zo,
)

PROMPTS = {"yesno": "trash a Copper for +$3 (Moneylender)?"}


@inline
def moneylender_play(S, I, F, p):
    """Second edition: a yes/no decision (subject Copper); first edition: the Copper is
    trashed whenever there is one. House policy: yes; played only when
    :func:`moneylender_useful`."""
    if S[zo(S, p, Z_HAND) + COPPER] > 0:
        yes = True
        if S[H_EDITION] == 2:
            n = opts_list(I, I64(1), I64(0), NONE)
            yes = ask(S, I, F, p, K_YESNO, MONEYLENDER, COPPER, I64(-1), n) == 1
        if yes:
            trash_card(S, I, F, p, Z_HAND, COPPER, I64(0))
            S[H_COINS] += 3
            emit(I, EV_COINS_PLUS, p, MONEYLENDER, I64(3))


@inline
def moneylender_useful(S, p):
    """Worth playing with a Copper in hand (the yes/no answer is the general one: yes)."""
    return S[zo(S, p, Z_HAND) + COPPER] > 0


@hook
def play(S, I, F, p, c, group, mask):
    moneylender_play(S, I, F, p)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: is playing this card worth it now (1) or not (0)? ``basic``: asked
    for a card another card would play (Throne Room, Vassal)."""
    return I64(moneylender_useful(S, p))
