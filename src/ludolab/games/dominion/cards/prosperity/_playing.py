"""What several Prosperity Treasures share (helper PT1): digging for a Treasure (Loan, Venture)
and playing a card from somewhere other than the hand (Venture, Crystal Ball).

Not a card's home (the name starts with ``_``): compiled helpers the homes inline. A home that
inlines them lists this file in its :func:`ludolab.core.jitcache.guard` call.
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    COL_ACTIONS,
    COL_BUYS,
    COL_CARDS,
    COL_COINS,
    COL_SPECIAL,
    EV_PLAY,
    EV_REVEAL,
    EV_TREASURE,
    H_ACTIONS,
    H_BUYS,
    H_COINS,
    H_PLAYED,
    I64,
    I_ERROR,
    I_O_STACK,
    I_SP,
    Z_ASIDE,
    Z_PLAY,
    draw,
    effect,
    emit,
    is_treasure,
    new_group,
    play_treasure_effect,
    push_play,
    take_top,
    tcol,
    turn_o,
    zo,
)

_jitcache.guard(Path(__file__), [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def reveal_until_treasure(S, I, p):
    """Reveal cards from the top of ``p``'s deck until a Treasure turns up (Loan, Venture).

    Every revealed card waits in the set-aside zone, so a reshuffle in the middle takes only the
    discard pile, never the revealed cards (the FAQ). Returns the Treasure (still set aside),
    or -1 when the deck and the discard pile ran out without one; the other revealed cards are
    still set aside either way (the caller discards them, in the order its text says)."""
    aside = zo(S, p, Z_ASIDE)
    while True:
        x = take_top(S, I, p)
        if x < 0:
            return I64(-1)
        S[aside + x] += 1
        emit(I, EV_REVEAL, p, x, I64(0))
        if is_treasure(I, x):
            return x


@njit(cache=True, _nrt=False, inline="always")
def play_treasure_from(S, I, F, p, x, zone):
    """Seat ``p`` plays Treasure ``x`` from zone ``zone`` (set aside by Venture; -1: a card
    taken off the deck that is in no zone, Crystal Ball): into play, then what it does
    (:func:`~ludolab.games.dominion.engine.kernel.play_treasure_effect`: its coins and its
    own effect: a Venture played this way digs again)."""
    if zone >= 0:
        S[zo(S, p, zone) + x] -= 1
    S[zo(S, p, Z_PLAY) + x] += 1
    emit(I, EV_TREASURE, p, x, I64(1))
    play_treasure_effect(S, I, F, p, x)


@njit(cache=True, _nrt=False, inline="always")
def play_action_now(S, I, F, p, x):
    """Seat ``p`` plays Action ``x``, taken off its deck (in no zone), outside the action phase
    (Crystal Ball in the buy phase): it needs no Action and uses none. Into play, then the
    turn loop's own steps for each play on the play stack (so a Throne Room played this way
    plays its Action twice): counted among the Actions played this turn, its row's columns
    (+Cards, +Actions that the buy phase cannot use, +Buys, +$), then its effect."""
    S[zo(S, p, Z_PLAY) + x] += 1
    base = I[I_SP]
    push_play(S, I, x, new_group(S, I), I64(0))
    tu = turn_o(S)
    while I[I_SP] > base and I[I_ERROR] == 0:
        sp = I[I_SP] - 3
        I[I_SP] = sp
        o = I[I_O_STACK] + sp
        c = I[o]
        S[H_PLAYED] += 1
        S[tu + c] += 1
        emit(I, EV_PLAY, p, c, I[o + 2])
        k = tcol(I, c, COL_CARDS)
        if k > 0:
            draw(S, I, p, k)
        S[H_ACTIONS] += tcol(I, c, COL_ACTIONS)
        S[H_BUYS] += tcol(I, c, COL_BUYS)
        S[H_COINS] += tcol(I, c, COL_COINS)
        if tcol(I, c, COL_SPECIAL) != 0:
            effect(S, I, F, p, c, I[o + 1])
