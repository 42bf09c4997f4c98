"""Nobles (Intrigue, Action-Victory): choose one: +3 Cards; or +2 Actions. 2 VP.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_CHOICE,
    H_ACTIONS,
    H_NAIDS,
    I64,
    K_MODE,
    NONE,
    Z_DISC,
    Z_HAND,
    action_waiting,
    aids_o,
    ask,
    card_opt,
    cost,
    deck_n,
    draw,
    emit,
    is_terminal,
    opts_list,
    zo,
    zone_size,
)
from ludolab.games.dominion.engine.kernel import (
    useful as worth_playing,
)

NOBLES = np.int64(card_id("Nobles"))

MODES = ("+3 Cards", "+2 Actions")
OPTIONS = (
    ("nobles", 0.0, (0.0, 2.0),
     "Nobles' mode: 1 always +3 Cards, 2 always +2 Actions; 0: the playbook (+2 Actions when "
     "an Action waits in hand with no action left, or nothing is left to draw; else +3 Cards)"),
)


@inline
def nobles_mode(S, I, F, p):
    """0 +3 Cards, 1 +2 Actions: bot option ``nobles`` first, else the playbook (after
    Geronimoo's Nobles)."""
    v = np.int64(card_opt(I, F, p, NOBLES, I64(0)))
    if v == 1:
        return I64(0)
    if v == 2:
        return I64(1)
    if deck_n(S, p) + zone_size(S, p, Z_DISC) == 0:
        return I64(1)
    if action_waiting(S, I, F, p):
        return I64(1)
    return I64(0)


@inline
def nobles_score(S, I, F, p):
    """Its place in the default action order: with one action left and another terminal worth
    playing in hand, first among the terminals (it will take +2 Actions: a village); else as a
    terminal that draws 3."""
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    others = 0
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        k = S[h + x] - (1 if x == NOBLES else 0)
        if k > 0 and is_terminal(I, x) and worth_playing(S, I, F, p, x):
            others += k
    if others > 0 and S[H_ACTIONS] == 1:
        return I64(900)
    bonus = 100 if S[H_ACTIONS] >= 2 else 0
    return bonus + 10 * cost(S, I, NOBLES) + 3


@hook
def play(S, I, F, p, c, group, mask):
    n = opts_list(I, I64(0), I64(1), NONE)
    m = ask(S, I, F, p, K_MODE, NOBLES, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, NOBLES, m)
    if m == 0:
        draw(S, I, p, I64(3))
    else:
        S[H_ACTIONS] += 2
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return nobles_mode(S, I, F, p)
    return NONE


@hook
def score(S, I, F, p, c):
    return nobles_score(S, I, F, p)
