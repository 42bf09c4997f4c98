"""Blockade (Seaside, second printing): Gain a card costing up to $4, setting it aside. At the
start of your next turn, put it into your hand. While it's set aside, when another player gains
a copy of it on their turn, they gain a Curse.

The card's home in the engine (see ``docs/design/dominion-engine.md``): the ``play`` hook asks
the gain (a gain decision over the piles costing up to $4) and gains the card through the
kernel's ``gain`` (so every ``gained`` hook sees the gain: Watchtower may trash it, Sailor may
play it, Monkey draws); if the card is still where it was gained after those hooks, it is set
aside (``Z_HAVEN``) and the effect waits, its argument the card's id plus the seats the Attack
affects (``mask << 16``: who did not reveal Moat, who had no Lighthouse in play, at the time
Blockade was played). If the card did not end up set aside, nothing further happens and Blockade
is discarded this turn (official FAQ); with no card to gain it does nothing. The ``gained`` hook:
when a seat gains a card during its own turn and another seat has a Blockade effect waiting on a
copy of that card, still set aside, whose Attack affects it, it gains a Curse (one per such
effect). The ``duration`` hook puts the card into the owner's hand. Throne Room on Blockade: two
cards set aside, two effects.

The playbook: the card gained is the bot's gain list's, else its buy list's, else the general
gain (Silver first); played like any terminal of its cost.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.seaside._waiting import GAINED_ASK
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    FALSE,
    H_CUR,
    H_NP,
    HDR,
    I64,
    I_ERROR,
    K_GAIN,
    Z_DISC,
    Z_HAVEN,
    ask,
    gain,
    opts_supply,
    set_aside,
    stay,
    take_aside,
    wait_at,
    wait_n,
    zo,
)

BLOCKADE = np.int64(card_id("Blockade"))
CARD_BITS = 0xFFFF  # the argument's low 16 bits: the card set aside; above them, the seats hit


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: gain a card costing up to $4 and set it aside (if the gain's hooks left it
    in the discard pile); the effect waits only then."""
    n = opts_supply(S, I, I64(4), I64(0), FALSE)
    if n == 0:
        return I64(0)
    a = ask(S, I, F, p, K_GAIN, BLOCKADE, I64(4), I64(-1), n)
    d = zo(S, p, Z_DISC) + a
    before = S[d]
    if not gain(S, I, F, p, a, I64(0)) or S[d] <= before:
        return I64(0)  # not gained, or a hook moved it (trashed, played): nothing set aside
    S[d] -= 1
    set_aside(S, I, p, a)
    stay(S, I, F, p, c, group, a | (mask << 16))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the card set aside goes into the hand."""
    a = arg & CARD_BITS
    take_aside(S, I, p, a)  # (into the hand; nothing if it is no longer set aside)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: seat ``p`` gained ``c`` on its own turn: a Curse for each Blockade effect
    of another seat waiting on a set-aside copy of ``c`` whose Attack affects ``p``."""
    asked = where >= GAINED_ASK
    if S[H_CUR] != p:
        return I64(0) if asked else where
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if S[zo(S, q, Z_HAVEN) + c] <= 0:
            continue
        for j in range(wait_n(S, q)):
            k = wait_at(S, q, j)
            if (S[k] == BLOCKADE and (S[k + 1] & CARD_BITS) == c
                    and (S[k + 1] >> (16 + p)) & 1 and I[I_ERROR] == 0):
                if asked:
                    return I64(1) if S[HDR + CURSE] > 0 else I64(0)
                gain(S, I, F, p, CURSE, I64(0))
    return I64(0) if asked else where
