"""Native Village (Seaside, both printings): +2 Actions. Choose one: Put the top card of your deck
face down on your Native Village mat (you may look at those cards at any time); or put all the
cards from your mat into your hand.

The +2
Actions are the card's row; the mat is the seat's zone ``Z_MAT`` (still owned: scored at the end;
hidden from the other players).

Rulings (official FAQ, DominionStrategy wiki "Native Village"): either choice may be made with
an empty mat or an empty deck; an empty deck is first refilled by shuffling the discard pile; with
no cards at all nothing goes to the mat. Taking the mat takes every card on it, Native Village or
not. Throne Room: two choices, made one after the other.

Decision: the mode (``K_MODE``: 0 the top card to the mat, 1 the mat into the hand; ``MODES``).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_CARDS,
    EV_CHOICE,
    EV_MAT,
    H_ACTIONS,
    H_NAIDS,
    H_NIDS,
    I64,
    K_MODE,
    NONE,
    Z_HAND,
    Z_MAT,
    aids_o,
    ask,
    card_opt,
    emit,
    gains_to_end,
    ids_o,
    is_junk,
    is_terminal,
    is_treasure,
    opts_list,
    take_top,
    tcol,
    zo,
)

NATIVE_VILLAGE = np.int64(card_id("Native Village"))

#: Words: the modes (``K_MODE`` options 0 and 1) and the prompt.
MODES = ("the top card to the mat", "the mat into the hand")
PROMPTS = {"mode": "Native Village: set the top card aside or take the mat"}

#: Its bot options: the mode, and how many good cards on the mat make it worth taking.
OPTIONS = (
    ("native_village_mode", 0.0, (0, 2),
     "the choice: 0 the playbook, 1 always the top card to the mat, 2 always take the mat"),
    ("native_village_take", 3.0, (1, 30),
     "take the mat when it holds at least this many cards that are not Victory cards or Curses"),
)


@inline
def mat_counts(S, I, p):
    """The cards on ``p``'s mat: all of them, the good ones (not Victory-only, not Curses) and
    the Treasures among them."""
    m = zo(S, p, Z_MAT)
    io = ids_o(S)
    total = I64(0)
    good = I64(0)
    money = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[m + x]
        if k > 0:
            total += k
            if not is_junk(I, x):
                good += k
            if is_treasure(I, x):
                money += k
    return total, good, money


@inline
def native_village_play(S, I, F, p):
    """The choice (decision: mode), then the top card to the mat (a shuffle if the deck is
    empty) or every card of the mat into the hand."""
    n = opts_list(I, I64(0), I64(1), NONE)
    a = ask(S, I, F, p, K_MODE, NATIVE_VILLAGE, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, NATIVE_VILLAGE, a)
    m = zo(S, p, Z_MAT)
    if a == 0:
        c = take_top(S, I, p)
        if c >= 0:
            S[m + c] += 1
            emit(I, EV_MAT, p, c, I64(0))
        return
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[m + x]
        if k > 0:
            S[h + x] += k
            S[m + x] = 0
            for _ in range(k):
                emit(I, EV_MAT, p, x, I64(2))


@inline
def draw_waiting(S, I, p):
    """Does ``p``'s hand hold a terminal that draws (+2 Cards or more) it can still play?"""
    if S[H_ACTIONS] <= 0:
        return False
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        if S[h + x] > 0 and is_terminal(I, x) and tcol(I, x, COL_CARDS) >= 2:
            return True
    return False


@inline
def native_village_mode(S, I, F, p):
    """The playbook (the classic Native Village engine): take the mat when it holds good cards
    (not only Victory cards and Curses: a mat of junk stays put, Native Village as a sink) and
    either a draw card waits in hand to play this turn (the turn to go big), or the mat holds
    ``native_village_take`` good cards or more, or the game is near its end (3 gains or fewer)
    with a Treasure on the mat; else the top card goes to the mat (drawing is weak this turn, so
    the card is kept for a better one). Option ``native_village_mode`` forces a choice."""
    forced = card_opt(I, F, p, NATIVE_VILLAGE, I64(0))
    if forced == 1.0:
        return I64(0)
    if forced == 2.0:
        return I64(1)
    _total, good, money = mat_counts(S, I, p)
    if good == 0:
        return I64(0)
    if draw_waiting(S, I, p):
        return I64(1)
    if good >= card_opt(I, F, p, NATIVE_VILLAGE, I64(1)):
        return I64(1)
    if money > 0 and gains_to_end(S) <= 3:
        return I64(1)
    return I64(0)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the choice (the +2 Actions are the card's row)."""
    native_village_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the mode (stage 0: the bot's lists have no say in it)."""
    if kind == K_MODE:
        return native_village_mode(S, I, F, p)
    return NONE
