"""Watchtower (Prosperity): Draw until you have 6 cards in hand. When you gain a card, you may
reveal this from your hand, to either trash that card or put it onto your deck.

The card's home in the engine (see ``docs/design/dominion-engine.md``): the draw is its ``play``
hook; the Reaction is its ``gained`` hook, asked for every gain of a seat holding a Watchtower
(bought or not, in its own turn or another's: a Witch's Curse), wherever the gained card went
(discard, hand, deck), as the official FAQ says; a card already gone (trashed or moved by
another hook) is not touched ("lose track"). The question is a mode (0 trash it, 1 put it onto
your deck, 2 neither); one reveal per gain however many Watchtowers the hand holds, and the
Watchtower stays in hand.

The playbook (as the wiki's strategy text and DominionSim's Watchtower): trash a gained Curse,
and a gained Copper the seat did not buy and its lists do not ask for (Mountebank's, Ambassador's);
put any other card that is not a Victory card or Curse onto the deck (it is drawn next turn,
the "mini-Royal Seal"); leave Victory cards in the discard pile. A bot's lists reach it: a
gained card its trash list accepts (and it did not buy) is trashed, one its topdeck list accepts
is put onto the deck.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    EV_CHOICE,
    EV_REVEAL,
    EV_TOPDECK,
    GAINED_ASK,
    H_ACTIONS,
    H_BUYING,
    I64,
    K_MODE,
    LIST_BUY,
    LIST_GAIN,
    LIST_TOPDECK,
    LIST_TRASH,
    NONE,
    PS_DECKN,
    Z_DISC,
    Z_HAND,
    ask,
    draw,
    emit,
    gained_at,
    is_junk,
    list_accepts,
    list_names,
    opts_list,
    put_top,
    so,
    trash_card,
    zo,
    zone_size,
)

WATCHTOWER = np.int64(card_id("Watchtower"))

# Words: the names of its modes (decisions and logs) and its question
MODES = ("trash it", "put it onto your deck", "neither")
PROMPTS = {"mode": "reveal Watchtower for the {subject} you gained?"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: draw one card at a time until the hand holds 6 (none if it holds 6 or
    more; fewer if the deck and discard pile run out)."""
    while zone_size(S, p, Z_HAND) < 6:
        if draw(S, I, p, I64(1)) == 0:
            break
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing when it would draw (the hand, without it, holds < 6)."""
    held = zone_size(S, p, Z_HAND) - (0 if basic else 1)
    return I64(1) if held < 6 else I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: a terminal drawing 6 minus the hand it leaves (placed like the base
    set's terminal draw: after the non-terminals, first of the terminals while 2+ actions)."""
    draws = 7 - zone_size(S, p, Z_HAND)
    if draws < 0:
        draws = I64(0)
    bonus = 100 if S[H_ACTIONS] >= 2 and draws > 0 else 0
    return I64(bonus + 30 + draws)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: seat ``p`` holding a Watchtower may reveal it for the card it gained:
    trash it, or put it onto its deck (a decision: mode 0 trash, 1 deck, 2 neither)."""
    if where >= GAINED_ASK:  # asked whether it would act (kernel.GAINED_ASK)
        return I64(S[zo(S, p, Z_HAND) + WATCHTOWER] > 0 and gained_at(S, p, c, where - GAINED_ASK))
    if S[zo(S, p, Z_HAND) + WATCHTOWER] <= 0 or not gained_at(S, p, c, where):
        return where
    n = opts_list(I, I64(0), I64(1) if where != 2 else NONE, I64(2))
    a = ask(S, I, F, p, K_MODE, WATCHTOWER, c, where, n)
    if a == 2:
        return where
    emit(I, EV_REVEAL, p, WATCHTOWER, I64(0))
    emit(I, EV_CHOICE, p, WATCHTOWER, a)
    if a == 0:
        if where == 2:
            s = so(S, p)
            S[s + PS_DECKN] -= 1
            trash_card(S, I, F, p, I64(-1), c, I64(2))
        else:
            z = Z_DISC if where == 0 else Z_HAND
            trash_card(S, I, F, p, z, c, I64(0) if where == 1 else I64(2))
        return I64(3)
    z = Z_DISC if where == 0 else Z_HAND
    S[zo(S, p, z) + c] -= 1
    put_top(S, I, p, c, True)
    emit(I, EV_TOPDECK, p, c, I64(1) if where == 0 else I64(0))
    return I64(2)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook for its mode (see the module docstring); stage 0 reads the
    bot's trash and topdeck lists first."""
    if kind != K_MODE:
        return NONE
    c = subject
    bought = S[H_BUYING] == c
    if stage == 0:
        if not bought and list_accepts(S, I, F, p, LIST_TRASH, c):
            return I64(0)
        if arg != 2 and list_accepts(S, I, F, p, LIST_TOPDECK, c):
            return I64(1)
        return NONE
    if c == CURSE:
        return I64(0)
    if c == COPPER:
        wanted = bought or list_names(I, p, LIST_BUY, COPPER) or list_names(I, p, LIST_GAIN, COPPER)
        return I64(2) if wanted else I64(0)
    if is_junk(I, c) or arg == 2:
        return I64(2)
    return I64(1)
