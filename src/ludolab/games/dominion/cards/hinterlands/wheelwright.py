"""Wheelwright (Hinterlands, second printing): +1 Card, +1 Action. You may discard a card to gain
an Action card costing as much as it or less.

+1 Card and +1 Action are the card's row (drawn first). The discard is optional; a discarded
card gains an Action card from the Supply, to the discard pile, costing at most what the
discarded card costs now (none left at that cost: nothing is gained, the discard stands).
Decisions: discard (the hand and -1, subject -1), then gain (subject the cap, argument the
discarded card: the Supply's Action cards up to it).

Playbook (DominionSim has no Wheelwright): the bot's discard list, else the dearest card dead in
hand (a Curse, a Victory-only card) when an Action card costs no more than it; the gain: the
bot's gain list, else its buy list at that cap, else the default gain (the dearest Action).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    FALSE,
    H_NAIDS,
    HDR,
    I64,
    I_O_OPT,
    K_DISCARD,
    NONE,
    TY_ACTION,
    Z_HAND,
    aids_o,
    cost,
    cost_rec,
    discard_card,
    gain,
    gain_choice,
    is_junk,
    pick_from_hand,
)

WHEELWRIGHT = np.int64(card_id("Wheelwright"))

PROMPTS = {"discard": "discard a card to gain an Action costing as much or less (Wheelwright)?",
           "gain": "gain an Action card costing up to ${subject} (Wheelwright)"}


@inline
def cheapest_action(S, I):
    """The lowest cost of an Action card left in the Supply (1 << 20: none)."""
    ao = aids_o(S)
    best = I64(1 << 20)
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        if S[HDR + x] > 0 and cost(S, I, x) < best:
            best = cost(S, I, x)
    return best


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: may discard a card; a discarded one gains an Action costing up to it."""
    x = pick_from_hand(S, I, F, p, K_DISCARD, WHEELWRIGHT, I64(0))
    if x < 0:
        return I64(0)
    discard_card(S, I, F, p, Z_HAND, x, I64(0))
    b = gain_choice(S, I, F, p, WHEELWRIGHT, cost_rec(S, I, x), TY_ACTION, FALSE, x)
    if b >= 0:
        gain(S, I, F, p, b, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's discard list, the dearest dead card an Action card costs
    no more than; else none."""
    if stage == 0 or kind != K_DISCARD:
        return NONE
    low = cheapest_action(S, I)
    o = I[I_O_OPT]
    best = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x >= 0 and is_junk(I, x) and cost(S, I, x) >= low:
            if best < 0 or cost(S, I, x) > cost(S, I, best):
                best = x
    return best
