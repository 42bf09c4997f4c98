"""Fool's Gold (Hinterlands, both printings): If this is the first time you played a Fool's Gold
this turn, +$1, otherwise +$4. When another player gains a Province, you may trash this from
your hand, to gain a Gold onto your deck.

The home: its ``play`` hook reads the turn's play counter of Fool's Gold (``kernel.turn_o``,
already counting this play): the first gives +$1, every later one +$4 (the first printing's
"worth $1 if it's the first time..." is the same amount). Its Reaction is its ``gained`` hook:
whenever a player gains a Province, each other player in turn order from the gainer's left may
trash Fool's Golds from the hand, one yes/no each (subject Province, argument the gainer), each
one trashed gaining a Gold onto that player's deck (none when the Golds are gone). Official FAQ
(Dominion Strategy wiki): it counts Fool's Golds played this turn, not those in play; the
reaction works on any way of gaining a Province, on another player's turn; each Fool's Gold
revealed gains its own Gold.

Playbook: trash a Fool's Gold that is alone in the hand (worth $1 there), keep two or more
(worth $5 together), as DominionSim plays it; option ``fools_gold``: 0 never trashes.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    GAINED_ASK,
    GOLD,
    H_COINS,
    H_NP,
    HDR,
    I64,
    I_ERROR,
    K_YESNO,
    NONE,
    PROVINCE,
    Z_HAND,
    ask,
    card_opt,
    emit,
    gain,
    opts_list,
    trash_card,
    turn_o,
    zo,
)

FOOLS_GOLD = np.int64(card_id("Fool's Gold"))

PROMPTS = {"yesno": "trash a Fool's Gold to gain a Gold onto your deck (seat {arg} gained a "
                    "Province)?"}
OPTIONS = (
    ("fools_gold", 1.0, (0, 1),
     "trash a Fool's Gold alone in the hand for a Gold when another player gains a Province (1, "
     "the playbook) or never (0)"),
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +$1 for the turn's first Fool's Gold, +$4 for each later one."""
    k = I64(1) if S[turn_o(S) + FOOLS_GOLD] <= 1 else I64(4)
    S[H_COINS] += k
    emit(I, EV_COINS_PLUS, p, FOOLS_GOLD, k)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: another player's Province gain: each other seat may trash its Fool's
    Golds for Golds onto its deck. Not an effect on the gained card (asked: 0)."""
    if where >= GAINED_ASK or c != PROVINCE:
        return I64(0) if where >= GAINED_ASK else where
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        h = zo(S, q, Z_HAND) + FOOLS_GOLD
        while S[h] > 0 and I[I_ERROR] == 0:
            n = opts_list(I, I64(1), I64(0), NONE)
            if ask(S, I, F, q, K_YESNO, FOOLS_GOLD, PROVINCE, p, n) != 1:
                break
            trash_card(S, I, F, q, Z_HAND, FOOLS_GOLD, I64(0))
            if S[HDR + GOLD] > 0:
                gain(S, I, F, q, GOLD, I64(2))
    return where


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: trash a lone Fool's Gold (module docstring)."""
    if stage != 0 or kind != K_YESNO:
        return NONE
    if card_opt(I, F, p, FOOLS_GOLD, I64(0)) == 0.0:
        return I64(0)
    return I64(1) if S[zo(S, p, Z_HAND) + FOOLS_GOLD] == 1 else I64(0)
