"""Mandarin (Hinterlands, first printing): +$3. Put a card from your hand on top of your deck.
When you gain this, put all Treasures you have in play on top of your deck in any order.

+$3 is the card's row. Official FAQ (Dominion Strategy wiki): the card put back is not optional
while the hand has one (an empty hand puts nothing back); gaining a Mandarin (bought or
otherwise), every Treasure you have in play goes onto the deck, in the order you choose (the
coins they made stay spent or available). Decisions: topdeck from the hand (subject -1); when
gained, topdeck (subject how many Treasures are still in play, argument -1): the Treasure put
onto the deck now, under the ones put after it, so the last one chosen ends on top (copies of
one card need no decision).

Playbook, as DominionSim plays it: put back an Action with no action left to play it, else a
card whose coins this turn's buy does not need (``kernel.putback_pick``); the gained Mandarin's
Treasures go on the cheapest first, so the dearest ends on top.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_TOPDECK,
    FALSE,
    GAINED_ASK,
    H_NIDS,
    I64,
    I_ERROR,
    K_TOPDECK,
    NONE,
    TRUE,
    TY_TREASURE,
    Z_HAND,
    Z_PLAY,
    ask,
    emit,
    extreme_cost,
    ids_o,
    is_treasure,
    opts_zone,
    put_top,
    putback_pick,
    zo,
)

MANDARIN = np.int64(card_id("Mandarin"))

PROMPTS = {"topdeck": "put a card onto your deck (Mandarin)"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: a card from the hand onto the deck (decision: topdeck, subject -1)."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n > 0:
        a = ask(S, I, F, p, K_TOPDECK, MANDARIN, I64(-1), I64(-1), n)
        S[zo(S, p, Z_HAND) + a] -= 1
        put_top(S, I, p, a, FALSE)
        emit(I, EV_TOPDECK, p, a, I64(0))
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: a Mandarin gained puts the gainer's Treasures in play onto its deck, one
    decision per card put (the last ends on top); asked (``where >= GAINED_ASK``): 1 when a
    Treasure is in play."""
    pl = zo(S, p, Z_PLAY)
    if where >= GAINED_ASK:
        if c != MANDARIN:
            return I64(0)
        return I64(opts_zone(S, I, p, Z_PLAY, TY_TREASURE, FALSE) > 0)
    if c != MANDARIN:
        return where
    io = ids_o(S)
    while I[I_ERROR] == 0:
        left = I64(0)
        for i in range(S[H_NIDS]):
            x = S[io + i]
            if is_treasure(I, x):
                left += S[pl + x]
        if left == 0:
            break
        n = opts_zone(S, I, p, Z_PLAY, TY_TREASURE, FALSE)
        a = ask(S, I, F, p, K_TOPDECK, MANDARIN, left, I64(-1), n)
        S[pl + a] -= 1
        put_top(S, I, p, a, TRUE)
        emit(I, EV_TOPDECK, p, a, I64(2))
    return where


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: from the hand :func:`putback_pick`; the Treasures in play cheapest
    first."""
    if stage == 0 or kind != K_TOPDECK:
        return NONE
    if subject < 0:
        return putback_pick(S, I, F, p, n)
    return extreme_cost(S, I, n, TRUE)
