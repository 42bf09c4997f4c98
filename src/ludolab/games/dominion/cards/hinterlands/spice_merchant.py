"""Spice Merchant (Hinterlands, both printings): you may trash a Treasure from your hand to
choose one: +2 Cards and +1 Action; or +1 Buy and +$2.

Decisions: trash (the Treasures in hand and -1; subject -1), then, a Treasure trashed, a mode
(0: +2 Cards and +1 Action, 1: +1 Buy and +$2). Official FAQ (Dominion Strategy wiki): with no
Treasure trashed nothing happens; the choice is made after the trash. Playbook, as DominionSim
plays it: trash a Copper (never a better Treasure), played only with one in hand; then the cards
unless there is nothing left to draw (deck and discard pile empty).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_CHOICE,
    H_ACTIONS,
    H_BUYS,
    H_COINS,
    H_NIDS,
    I64,
    K_MODE,
    K_TRASH,
    NONE,
    PS_DECKN,
    TY_TREASURE,
    Z_DISC,
    Z_HAND,
    ask,
    draw,
    emit,
    ids_o,
    in_opts,
    opts_list,
    pick_from_hand,
    so,
    trash_card,
    zo,
)

SPICE_MERCHANT = np.int64(card_id("Spice Merchant"))

PROMPTS = {"trash": "trash a Treasure (Spice Merchant)?", "mode": "choose one (Spice Merchant)"}
MODES = ("+2 Cards +1 Action", "+1 Buy +$2")


@inline
def spice_merchant_play(S, I, F, p):
    """Offer the Treasures in hand (and -1); a trashed one: the mode decision."""
    a = pick_from_hand(S, I, F, p, K_TRASH, SPICE_MERCHANT, TY_TREASURE)
    if a < 0:
        return
    trash_card(S, I, F, p, Z_HAND, a, I64(0))
    n = opts_list(I, I64(0), I64(1), NONE)
    m = ask(S, I, F, p, K_MODE, SPICE_MERCHANT, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, SPICE_MERCHANT, m)
    if m == 0:
        draw(S, I, p, I64(2))
        S[H_ACTIONS] += 1
    else:
        S[H_BUYS] += 1
        S[H_COINS] += 2


@inline
def nothing_to_draw(S, p):
    """Are seat ``p``'s deck and discard pile both empty?"""
    if S[so(S, p) + PS_DECKN] > 0:
        return False
    d = zo(S, p, Z_DISC)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        if S[d + S[io + i]] > 0:
            return False
    return True


@hook
def play(S, I, F, p, c, group, mask):
    spice_merchant_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's trash list, a Copper or nothing; the mode: the cards,
    unless there is nothing to draw."""
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return COPPER if in_opts(I, n, COPPER) else I64(-1)
    if kind == K_MODE:
        return I64(1) if nothing_to_draw(S, p) else I64(0)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing with a Copper in hand."""
    return I64(S[zo(S, p, Z_HAND) + COPPER] > 0)
