"""What several Prosperity Treasures share: digging for a Treasure (Loan, Venture) and playing
a card from somewhere other than the hand (Venture, Crystal Ball).

Not a card's home (the name starts with ``_``): compiled helpers the homes inline (the layer's
guard finds this file among a home's dependencies by itself).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import inline
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    EV_TREASURE,
    I64,
    Z_ASIDE,
    Z_PLAY,
    emit,
    is_treasure,
    play_card,
    play_treasure_effect,
    take_top,
    zo,
)


@inline
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


@inline
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


@inline
def play_action_now(S, I, F, p, x):
    """Seat ``p`` plays Action ``x``, taken off its deck (in no zone), outside the action phase
    (Crystal Ball in the buy phase): it needs no Action and uses none. Into play, then the
    kernel's :func:`~ludolab.games.dominion.engine.kernel.play_card` (the turn loop's steps for
    each play it pushes: a Throne Room played this way plays its Action twice; counted among the
    Actions played this turn, its row's columns, its effect; a Duration stays)."""
    S[zo(S, p, Z_PLAY) + x] += 1
    play_card(S, I, F, p, x, I64(0))
