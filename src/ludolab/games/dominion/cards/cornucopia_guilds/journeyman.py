"""Journeyman (Guilds, both printings): Name a card. Reveal cards from the top of your deck until
you reveal 3 cards that are not the named card. Put those cards into your hand and discard the
rest.

Official FAQ (Dominion Strategy wiki): the named cards revealed are discarded; if the deck and
discard pile run out first, the cards not named revealed so far go to the hand (the cards being
revealed are not shuffled in). Decision: the name (K_NAME, options every card of this game's
Supply). Playbook, as DominionSim names: the junk card (a Victory card that is not an Action, a
Curse) with the most copies in the draw pile and the discard pile, else Curse.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    EV_DISCARD,
    EV_DRAW,
    EV_REVEAL,
    H_NIDS,
    I64,
    K_NAME,
    NONE,
    PS_DECKN,
    PSZ,
    Z_ASIDE,
    Z_DISC,
    Z_HAND,
    emit,
    ids_o,
    is_junk,
    name_a_card,
    so,
    take_top,
    zo,
)

JOURNEYMAN = np.int64(card_id("Journeyman"))

PROMPTS = {"name": "name a card (Journeyman: the next 3 others go to your hand)"}


def choice_words(arg: int) -> str:
    """The log's words for its choice event (``arg``: the card named)."""
    return f"names {CARDS[arg].name}" if 0 <= arg < len(CARDS) else "names a card"


@inline
def journeyman_play(S, I, F, p):
    """Name a card; reveal until 3 others (to the hand); the named ones revealed: discarded."""
    named = name_a_card(S, I, F, p, JOURNEYMAN)
    aside = zo(S, p, Z_ASIDE)
    h = zo(S, p, Z_HAND)
    got = I64(0)
    while got < 3:
        x = take_top(S, I, p)
        if x < 0:
            break
        emit(I, EV_REVEAL, p, x, I64(0))
        if x == named:
            S[aside + x] += 1
        else:
            S[h + x] += 1
            emit(I, EV_DRAW, p, x, I64(0))
            got += 1
    k = S[aside + named]
    if k > 0:
        S[aside + named] = 0
        S[zo(S, p, Z_DISC) + named] += k
        for _ in range(k):
            emit(I, EV_DISCARD, p, named, I64(1))


@inline
def journeyman_name(S, I, p):
    """The junk card with the most copies in the draw pile and discard pile, else Curse."""
    s = so(S, p)
    d = zo(S, p, Z_DISC)
    io = ids_o(S)
    best = CURSE
    most = I64(0)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        if not is_junk(I, c):
            continue
        k = S[d + c]
        for j in range(S[s + PS_DECKN]):
            if S[s + PSZ + j] == c:
                k += 1
        if k > most:
            most = k
            best = c
    return best


@hook
def play(S, I, F, p, c, group, mask):
    journeyman_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the name (see the module docstring)."""
    if stage == 1 and kind == K_NAME:
        return journeyman_name(S, I, p)
    return NONE
