"""Crossroads (Hinterlands, both printings): reveal your hand. +1 Card per Victory card revealed.
If this is the first time you played a Crossroads this turn, +3 Actions.

Official FAQ (Dominion Strategy wiki): reveal the hand first and draw a card per Victory card
revealed (a card with the Victory type among others counts; the revealed cards stay in hand),
then +3 Actions if this is the first Crossroads played this turn; later ones draw but give no
Actions, and a Throne Room'd Crossroads gives +3 Actions on its first play only. "First" reads
the turn's play counters (``turn_o``: the play itself is counted before its effect, so the
first play sees 1), kept in batch games too because the home declares ``COUNTS_PLAYS``. No
decision. Playbook (DominionSim's): the first Crossroads of a turn is a village, played before
the terminals; a later one is worth playing only with a Victory card in hand to draw for.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    H_ACTIONS,
    H_NIDS,
    I64,
    TY_VICTORY,
    Z_HAND,
    cost,
    draw,
    emit,
    ids_o,
    turn_o,
    types,
    zo,
)

CROSSROADS = np.int64(card_id("Crossroads"))

COUNTS_PLAYS = True


@inline
def victory_in_hand(S, I, p, trace):
    """How many Victory cards seat ``p`` holds (``trace``: a reveal event per card of the
    hand)."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    v = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[h + x]
        if k > 0:
            if trace:
                for _ in range(k):
                    emit(I, EV_REVEAL, p, x, I64(0))
            if (types(I, x) & TY_VICTORY) != 0:
                v += k
    return v


@inline
def crossroads_play(S, I, p):
    """Reveal the hand, draw one card per Victory card in it, then +3 Actions if this play is
    the turn's first of a Crossroads."""
    v = victory_in_hand(S, I, p, True)
    if v > 0:
        draw(S, I, p, v)
    if S[turn_o(S) + CROSSROADS] <= 1:
        S[H_ACTIONS] += 3


@hook
def play(S, I, F, p, c, group, mask):
    crossroads_play(S, I, p)
    return I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: the turn's first Crossroads is a village (after the other non-terminals
    of its cost, before every terminal); a later one draws like a terminal, by the Victory
    cards it would draw for."""
    v = victory_in_hand(S, I, p, False)
    if S[turn_o(S) + CROSSROADS] == 0:
        return 1000 + 10 * cost(S, I, CROSSROADS) + v
    return 10 * cost(S, I, CROSSROADS) + v


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: the first Crossroads of the turn always (+3 Actions); a later one with
    a Victory card in hand."""
    if S[turn_o(S) + CROSSROADS] == 0:
        return I64(1)
    return I64(victory_in_hand(S, I, p, False) > 0)
