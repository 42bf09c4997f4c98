"""Wishing Well (Intrigue): +1 Card, +1 Action. Name a card, then reveal the top card of your
deck. If you named it, put it into your hand.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DRAW,
    EV_REVEAL,
    I64,
    I_O_OPT,
    K_NAME,
    NONE,
    PS_DECKN,
    PSZ,
    Z_ASIDE,
    Z_DISC,
    Z_HAND,
    Z_OWN,
    Z_PLAY,
    card_opt,
    cost,
    deck_n,
    emit,
    is_junk,
    known_top,
    name_a_card,
    put_top,
    so,
    take_top,
    zo,
    zone_size,
)

WISHING_WELL = np.int64(card_id("Wishing Well"))

# Words: its prompt and its log line (the card named)
PROMPTS = {"name": "name a card (Wishing Well: if it is on top of your deck, it goes to hand)"}
OPTIONS = (
    ("wishing_well", 0.0, (0.0, 1.0),
     "The card Wishing Well names: 0 the card most likely on top of the deck (the top card when "
     "known, else the most copies left in the draw pile; ties: the dearer, Victory cards and "
     "Curses last); 1 the same among cards that are not only Victory or Curse"),
)


def choice_words(arg: int) -> str:
    """The log's words for its choice event (``arg``: the card named)."""
    return f"names {CARDS[arg].name}" if 0 <= arg < len(CARDS) else "names a card"


@inline
def wishing_well_play(S, I, F, p):
    """Name a card (decision: name, the options every card of this game's supply), reveal the
    top card (reshuffling if the deck is empty); the named card goes to hand, any other back
    on top (everyone saw it). Nothing to reveal: nothing named."""
    if deck_n(S, p) + zone_size(S, p, Z_DISC) == 0:
        return
    named = name_a_card(S, I, F, p, WISHING_WELL)
    x = take_top(S, I, p)
    if x < 0:
        return
    emit(I, EV_REVEAL, p, x, I64(0))
    if x == named:
        S[zo(S, p, Z_HAND) + x] += 1
        emit(I, EV_DRAW, p, x, I64(0))
    else:
        put_top(S, I, p, x, True)


@inline
def wishing_well_name(S, I, F, p, n):
    """The card to name: the top card of the draw pile when its owner knows it; else the card
    with the most copies in the pile as the player can count it (the cards owned less those in
    hand, discard pile, play and set aside: never the hidden order), or in the discard pile
    when the deck is empty (it is shuffled first); ties: the dearer, Victory cards and Curses
    last. Bot option ``wishing_well`` 1: never a card that is only Victory or Curse."""
    no_junk = card_opt(I, F, p, WISHING_WELL, I64(0)) == 1.0
    s = so(S, p)
    dn = S[s + PS_DECKN]
    if dn > 0 and known_top(S, s, False) > 0:
        top = S[s + PSZ + dn - 1]
        if not (no_junk and is_junk(I, top)):
            return top
    own = zo(S, p, Z_OWN)
    hand = zo(S, p, Z_HAND)
    disc = zo(S, p, Z_DISC)
    play = zo(S, p, Z_PLAY)
    aside = zo(S, p, Z_ASIDE)
    o = I[I_O_OPT]
    best = NONE
    best_score = -1
    for i in range(n):
        x = I[o + i]
        if dn > 0:
            k = S[own + x] - S[hand + x] - S[disc + x] - S[play + x] - S[aside + x]
        else:
            k = S[disc + x]
        junk = is_junk(I, x)
        if no_junk and junk:
            continue
        sc = k * 1000 + (0 if junk else 1 + cost(S, I, x))
        if sc > best_score:
            best_score = sc
            best = x
    return best


@hook
def play(S, I, F, p, c, group, mask):
    wishing_well_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_NAME:
        return wishing_well_name(S, I, F, p, n)
    return NONE
