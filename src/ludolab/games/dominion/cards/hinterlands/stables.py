"""Stables (Hinterlands, both printings): you may discard a Treasure, for +3 Cards and +1 Action.

A decision (discard: the Treasures in hand and -1, subject -1); a discarded Treasure gives
+3 Cards and +1 Action, no Treasure in hand or -1 gives nothing (official FAQ, Dominion Strategy
wiki: "You may discard a Treasure. If you do, you draw three cards and get +1 Action"; a
Treasure-Victory card may be discarded). The playbook, as DominionSim plays it: always discard,
the Treasure the general discard order puts first (Copper before Silver...); played only with a
Treasure in hand.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    H_ACTIONS,
    H_NTIDS,
    I64,
    K_DISCARD,
    NONE,
    TY_TREASURE,
    Z_HAND,
    discard_card,
    discard_pick,
    draw,
    is_treasure,
    pick_from_hand,
    tids_o,
    zo,
)

STABLES = np.int64(card_id("Stables"))

PROMPTS = {"discard": "discard a Treasure for +3 Cards and +1 Action (Stables)?"}


@inline
def stables_play(S, I, F, p):
    """Offer the Treasures in hand (and -1); a discarded one: +3 Cards, +1 Action."""
    x = pick_from_hand(S, I, F, p, K_DISCARD, STABLES, TY_TREASURE)
    if x < 0:
        return
    discard_card(S, I, F, p, Z_HAND, x, I64(0))
    draw(S, I, p, I64(3))
    S[H_ACTIONS] += 1


@inline
def hand_treasures(S, I, p):
    """How many Treasures seat ``p`` holds."""
    h = zo(S, p, Z_HAND)
    to = tids_o(S)
    k = I64(0)
    for i in range(S[H_NTIDS]):
        x = S[to + i]
        if is_treasure(I, x):
            k += S[h + x]
    return k


@hook
def play(S, I, F, p, c, group, mask):
    stables_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's discard list, the Treasure the general discard order
    puts first (never -1)."""
    if stage == 0 or kind != K_DISCARD:
        return NONE
    x, _rank = discard_pick(S, I, p, n)
    return x


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing with a Treasure in hand."""
    return I64(hand_treasures(S, I, p) > 0)
