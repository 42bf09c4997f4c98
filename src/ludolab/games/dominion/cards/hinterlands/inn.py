"""Inn (Hinterlands, both printings): +2 Cards, +2 Actions. Discard 2 cards. When you gain this,
look through your discard pile, reveal any number of Action cards from it (which can include
this), and shuffle them into your deck.

+2 Cards and +2 Actions are the card's row (drawn first); the home discards 2 (the general
discard order) and its ``gained`` hook does the when-gain. Official FAQ (Dominion Strategy wiki,
2022): you look through your discard pile and shuffle any number of Action cards from it into
your deck, none if you like; the Inn just gained is in the discard pile and may be one of them;
the chosen cards are revealed. Other rulings: the deck is shuffled even when no card is chosen.
Decisions: reveal (subject the Inn, argument -1: the distinct Action cards still in the discard
pile and -1 to stop), one card at a time; the chosen ones wait set aside, then
``kernel.shuffle_into_deck``.

Playbook, as DominionSim plays it: the Actions worth playing (not junk) all go in; the discard:
the bot's discard list, else the general discard order.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    GAINED_ASK,
    I64,
    I_ERROR,
    I_O_OPT,
    K_REVEAL,
    NONE,
    TRUE,
    TY_ACTION,
    Z_ASIDE,
    Z_DISC,
    ask,
    discard_cards,
    emit,
    opts_zone,
    shuffle_into_deck,
    zo,
)

INN = np.int64(card_id("Inn"))

PROMPTS = {"discard": "discard a card (Inn: 2 in all)",
           "reveal": "reveal an Action card from your discard pile to shuffle into your deck "
                     "(Inn)?"}


@inline
def inn_gained(S, I, F, p):
    """Reveal Action cards from the discard pile one at a time (set aside meanwhile), then
    shuffle them into the deck."""
    d = zo(S, p, Z_DISC)
    a = zo(S, p, Z_ASIDE)
    while I[I_ERROR] == 0:
        n = opts_zone(S, I, p, Z_DISC, TY_ACTION, TRUE)
        if n <= 1:
            break
        x = ask(S, I, F, p, K_REVEAL, INN, INN, I64(-1), n)
        if x < 0:
            break
        S[d + x] -= 1
        S[a + x] += 1
        emit(I, EV_REVEAL, p, x, I64(0))
    shuffle_into_deck(S, I, p)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: discard 2 cards, one decision each."""
    discard_cards(S, I, F, p, I64(2), INN, I64(-1))
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: gaining an Inn shuffles the chosen Actions of the discard pile into the
    deck (the deck is shuffled whatever is chosen); asked (``where >= GAINED_ASK``): 1 for an
    Inn."""
    if where >= GAINED_ASK:
        return I64(c == INN)
    if c != INN:
        return where
    inn_gained(S, I, F, p)
    if where == 0 and S[zo(S, p, Z_DISC) + INN] == 0:
        return I64(3)  # the Inn went into the deck: the later effects lose track of it
    return where


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: every Action card offered that is not junk goes in (the first offered),
    then stop."""
    if stage == 0 or kind != K_REVEAL:
        return NONE
    o = I[I_O_OPT]
    for i in range(n):
        x = I[o + i]
        if x >= 0:
            return x
    return I64(-1)
