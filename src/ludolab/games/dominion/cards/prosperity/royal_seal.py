"""Royal Seal (Prosperity, first printing): $2. While this is in play, when you gain a card,
you may put that card onto your deck.

Its
``gained`` hook offers the topdeck for every card its owner gains while a Royal Seal is in
play (bought or gained another way), one question however many Royal Seals are in play.
``gained_topdeck`` and ``topdeck_worth_it`` are shared with Tiara, which offers the same.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_TOPDECK,
    GAINED_ASK,
    H_CUR,
    I64,
    I_O_OPT,
    K_TOPDECK,
    NONE,
    Z_DISC,
    Z_HAND,
    Z_PLAY,
    ask,
    card_opt,
    emit,
    is_junk,
    put_top,
    turn_o,
    zo,
)

ROYAL_SEAL = np.int64(card_id("Royal Seal"))
TIARA = np.int64(card_id("Tiara"))

OPTIONS = (
    ("royal_seal", 0.0, (0, 2),
     "The cards Royal Seal puts onto the deck: 0 the playbook (every gained card but Copper, "
     "Curses and cards that are only Victory), 1 every card, 2 none"),
)


@inline
def topdeck_worth_it(I, c, mode):
    """Should a card just gained go onto the deck (drawn next turn) rather than stay where it
    is? ``mode`` 1: always, 2: never; 0 (the playbook, as strong players and Geronimoo's
    simulator do): every card worth drawing, i.e. all but Copper, Curses and cards that are
    only Victory (those would take a place in the next hand)."""
    if mode == 1:
        return True
    if mode == 2:
        return False
    return c != COPPER and not is_junk(I, c)


@inline
def gained_topdeck(S, I, F, p, c, source, where):
    """Offer seat ``p`` to put the card ``c`` it just gained onto its deck (decision: topdeck,
    options ``c`` and -1, subject ``c``), if it is still where it was gained (discard pile or
    hand: a card already on the deck or gone is lost track of). Returns where ``c`` is now;
    asked whether it would act (``where >= GAINED_ASK``): 1 if the card is there, else 0."""
    if where >= GAINED_ASK:
        w = where - GAINED_ASK
        z = Z_DISC if w == 0 else Z_HAND
        return I64((w == 0 or w == 1) and S[zo(S, p, z) + c] > 0)
    if where != 0 and where != 1:
        return where
    z = Z_DISC if where == 0 else Z_HAND
    if S[zo(S, p, z) + c] <= 0:  # no longer there: nothing to move
        return where
    o = I[I_O_OPT]
    I[o] = c
    I[o + 1] = -1
    a = ask(S, I, F, p, K_TOPDECK, source, c, I64(-1), I64(2))
    if a != c:
        return where
    S[zo(S, p, z) + c] -= 1
    put_top(S, I, p, c, True)
    emit(I, EV_TOPDECK, p, c, I64(1) if where == 0 else I64(0))
    return I64(2)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: ``p`` gained ``c``; with a Royal Seal of its own in play it may put
    the card onto its deck. When Tiara was played this turn its own hook (called first, in id
    order) has already offered the same choice, so Royal Seal does not ask twice."""
    if p != S[H_CUR] or S[zo(S, p, Z_PLAY) + ROYAL_SEAL] == 0 or S[turn_o(S) + TIARA] > 0:
        return I64(0) if where >= GAINED_ASK else where
    return gained_topdeck(S, I, F, p, c, ROYAL_SEAL, where)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the topdeck playbook (:func:`topdeck_worth_it`, bot option
    ``royal_seal``), after the bot's topdeck list."""
    if stage == 0 or kind != K_TOPDECK:
        return NONE
    mode = np.int64(card_opt(I, F, p, ROYAL_SEAL, I64(0)))
    return subject if topdeck_worth_it(I, subject, mode) else I64(-1)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place among the Treasures played one at a time (any time before
    buying: with the other Treasures that only add money)."""
    return I64(100)
