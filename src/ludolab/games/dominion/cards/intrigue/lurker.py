"""Lurker (Intrigue): +1 Action. Choose one: Trash an Action card from the Supply; or gain an
Action card from the trash.

The +1 Action is the card's row.

Bot language: the mode is the home's bot option ``lurker`` (0 the playbook, 1 always trash from
the Supply, 2 always gain from the trash); the card trashed from the Supply is a TRASH decision
whose options are the Supply's Action piles, so the bot's trash list names it (``trash =
["Nobles", ...]``); the card gained from the trash is a GAIN decision whose options are the
Action cards in the trash, so the gain list (or, without one, the buy list) names it.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    ANY_COST,
    COL_VP,
    E_SIZE,
    EV_CHOICE,
    FALSE,
    H_END_PILES,
    H_NIDS,
    H_NP,
    HDR,
    HK_TRASHED,
    I64,
    I_O_BE,
    I_O_OPT,
    K_GAIN,
    K_MODE,
    K_TRASH,
    LIST_BUY,
    LIST_GAIN,
    NONE,
    TY_ACTION,
    Z_OWN,
    ask,
    card_opt,
    cond_true,
    emit,
    empty_piles,
    gain_from_trash,
    hook_list,
    ids_o,
    in_opts,
    is_action,
    lead_of,
    list_len,
    list_range,
    opts_list,
    opts_supply,
    opts_trash,
    run_trashed,
    tcol,
    trash_from_supply,
    trash_o,
    trt_o,
    zo,
)

LURKER = np.int64(card_id("Lurker"))

# Words: the names of its modes (decisions and logs), its prompts, its bot option
MODES = ("trash an Action from the Supply", "gain an Action from the trash")
PROMPTS = {"gain": "gain an Action card from the trash (Lurker)",
           "trash": "trash an Action card from the Supply (Lurker)"}
OPTIONS = (
    ("lurker", 0.0, (0, 2),
     "Lurker's choice: 0 the playbook (gain a wanted Action from the trash if there is one, "
     "else trash one from the Supply), 1 always trash from the Supply, 2 always gain from the "
     "trash"),
)


@inline
def lurker_play(S, I, F, p):
    """Decision: mode (0 trash from the Supply, 1 gain from the trash), always asked: either
    may be chosen when it does nothing (the wiki's rulings). Trash: a TRASH decision over the
    Supply's non-empty Action piles (mandatory; the pile shrinks, and an emptied pile counts for
    the three-pile ending; the card's when-trash effect happens, Nomads' +$2: the wiki's Lurker
rulings); gain: a GAIN decision over the Action cards in the trash (to the
    discard pile). An Action with other types (Nobles, Mill, Great Hall) is an Action card."""
    n = opts_list(I, I64(0), I64(1), NONE)
    m = ask(S, I, F, p, K_MODE, LURKER, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, LURKER, m)
    if m == 0:
        n = opts_supply(S, I, I64(ANY_COST), TY_ACTION, FALSE)
        if n > 0:
            a = ask(S, I, F, p, K_TRASH, LURKER, I64(-1), I64(-1), n)
            if trash_from_supply(S, I, p, a) and I[hook_list(I, HK_TRASHED)] != 0:
                run_trashed(S, I, F, p, a, I64(3))  # its when-trash happens (the wiki's Lurker)
    else:
        n = opts_trash(S, I, TY_ACTION)
        if n > 0:
            a = ask(S, I, F, p, K_GAIN, LURKER, I64(-1), I64(-1), n)
            # a card gained from the trash is not gained from its pile: the pile keeps its
            # Trade Route token (hidden from the gained hooks meanwhile)
            t = trt_o(S) + a
            k = S[t]
            S[t] = 0
            gain_from_trash(S, I, F, p, a)
            S[t] = k


@inline
def lurker_wants(S, I, F, p, c):
    """Does seat ``p`` want Action ``c`` now: an Action-Victory card (it scores and plays),
    or one its gain list (without one: its buy list) accepts now."""
    if tcol(I, c, COL_VP) > 0:
        return True
    lst = LIST_GAIN if list_len(I, p, LIST_GAIN) > 0 else LIST_BUY
    s0, e0 = list_range(I, p, lst)
    for r in range(s0, e0):
        if I[I[I_O_BE] + r * E_SIZE + 1] == c and cond_true(S, I, F, p, r):
            return True
    return False


@inline
def lurker_mode(S, I, F, p):
    """Bot option ``lurker`` (1 trash, 2 gain), else the playbook: gain when the trash holds an
    Action the seat wants (:func:`lurker_wants`), else trash from the Supply (Geronimoo's
    simulator plays Lurker the same way)."""
    opt = card_opt(I, F, p, LURKER, I64(0))
    if opt == 1.0:
        return I64(0)
    if opt == 2.0:
        return I64(1)
    t = trash_o(S)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        if S[t + c] > 0 and is_action(I, c) and lurker_wants(S, I, F, p, c):
            return I64(1)
    return I64(0)


@inline
def third_pile(S, c):
    """Would trashing ``c`` empty a third Supply pile (end the game at the end of this turn)?"""
    return S[H_END_PILES] != 0 and S[HDR + c] == 1 and empty_piles(S) == 2


@inline
def lurker_trash(S, I, F, p, n):
    """The Action to trash from the Supply, after the bot's trash list: the last card of a
    pile that ends the game on piles while strictly ahead; else never such a card while not
    ahead; else the first Action of the buy list (Lurker aside) that applies now (it waits in
    the trash for a later Lurker), else the Action an opponent owns most of (denial), from
    the largest pile on ties (the least help to a three-pile ending)."""
    o = I[I_O_OPT]
    ahead = lead_of(S, I, p) > 0
    for i in range(n):
        x = I[o + i]
        if third_pile(S, x) and ahead:
            return x
    s0, e0 = list_range(I, p, LIST_BUY)
    for r in range(s0, e0):
        c = I[I[I_O_BE] + r * E_SIZE + 1]
        if c == LURKER or not in_opts(I, n, c) or third_pile(S, c):
            continue
        if cond_true(S, I, F, p, r):
            return c
    best = I64(-1)
    bs = I64(-1)
    n_pl = S[H_NP]
    for i in range(n):
        x = I[o + i]
        if third_pile(S, x):
            continue
        most = I64(0)
        for q in range(n_pl):
            if q != p and S[zo(S, q, Z_OWN) + x] > most:
                most = S[zo(S, q, Z_OWN) + x]
        sc = 1000 * most + S[HDR + x]
        if sc > bs:
            bs = sc
            best = x
    if best >= 0:
        return best
    return NONE


@hook
def play(S, I, F, p, c, group, mask):
    lurker_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's answer to a decision this card asks (stage 0: before
    the bot's lists, 1: after them); ``NONE``: no opinion, the general rule. The gain from the
    trash follows the gain list, else the buy list, else the default gain (the most expensive
    non-Victory card, Action-Victory cards included)."""
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return lurker_mode(S, I, F, p)
    if kind == K_TRASH:
        return lurker_trash(S, I, F, p, n)
    return NONE
