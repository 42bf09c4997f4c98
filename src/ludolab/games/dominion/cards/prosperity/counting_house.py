"""Counting House (Prosperity, first printing): Look through your discard pile, reveal any number
of Coppers from it, and put them into your hand.

How many
Coppers is one decision (mode ``k``: take ``k`` of the Coppers in the discard pile; subject: how
many there are); only the Coppers taken are revealed.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_CHOICE,
    EV_REVEAL,
    I64,
    I_O_OPT,
    K_MODE,
    NONE,
    Z_DISC,
    Z_HAND,
    ask,
    emit,
    move,
    zo,
)

COUNTING_HOUSE = np.int64(card_id("Counting House"))
#: Options at most: every Copper of a two-player game (60 - 14 in the Supply, 14 owned) fits.
MAX_TAKE = 60

# Words: the names of its modes (mode k: take k Coppers), its prompts
MODES = tuple(f"take {k} Copper{'s' * (k != 1)}" for k in range(MAX_TAKE + 1))


def choice_words(arg: int) -> str:
    """The log's words for its choice event (``arg``: Coppers put into the hand)."""
    return f"puts {arg} Copper{'s' * (arg != 1)} from the discard pile into the hand"


@inline
def counting_house_play(S, I, F, p):
    """Decision (mode, options 0..k, k the Coppers in the discard pile, subject k): move that
    many Coppers from the discard pile to the hand, revealing them."""
    d = zo(S, p, Z_DISC)
    k = S[d + COPPER]
    if k > MAX_TAKE:
        k = I64(MAX_TAKE)
    o = I[I_O_OPT]
    for i in range(k + 1):
        I[o + i] = i
    t = ask(S, I, F, p, K_MODE, COUNTING_HOUSE, k, I64(-1), k + 1)
    if t < 0:
        t = I64(0)
    emit(I, EV_CHOICE, p, COUNTING_HOUSE, t)
    for _ in range(t):
        move(S, p, Z_DISC, Z_HAND, COPPER)
        emit(I, EV_REVEAL, p, COPPER, I64(0))


@inline
def counting_house_useful(S, p):
    """Worth playing when the discard pile holds a Copper."""
    return S[zo(S, p, Z_DISC) + COPPER] > 0


@hook
def play(S, I, F, p, c, group, mask):
    counting_house_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: take every Copper (each is $1 in the buy phase and goes back to the
    discard pile at clean-up anyway: taking fewer never helps a bot)."""
    if kind == K_MODE:
        return I[I[I_O_OPT] + n - 1]
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    return I64(1) if counting_house_useful(S, p) else I64(0)
