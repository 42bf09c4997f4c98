"""Pirate (Seaside, second printing): At the start of your next turn, gain a Treasure costing up
to $6 to your hand. When any player gains a Treasure, you may play this from your hand.

The card's home in the engine (see ``docs/design/dominion-engine.md``): the ``play`` hook
registers the waiting effect; the ``duration`` hook gains the Treasure to the hand (a gain
decision over the Treasure piles costing up to $6; none if there is none). The Reaction is its
``gained`` hook: whenever any player gains a Treasure (a Curse too while Charlatan makes it one),
each player holding a Pirate, in turn order from the player whose turn it is, may play it from
the hand (a yes/no decision per Pirate, subject the gained Treasure, argument the gaining
player), on any player's turn and in any phase; played that way it uses no Action, does
everything a play does (``play_card``), and its next-turn effect comes at the start of its
owner's next turn like any Duration's (official FAQ). Several Pirates may be played on the same
gain. Throne Room on Pirate: two Treasures next turn.

The playbook: always play it on a Treasure gain (option ``pirate``: 0 never); in the Action phase
it is played last of the terminals (a Pirate kept in hand is likely played for free on the next
Treasure gain, the player's own buy of a Silver or Gold included); the Treasure gained: the
bot's gain (else buy) list, else the general gain (Gold, then Silver).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.seaside._waiting import GAINED_ASK
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    FALSE,
    H_CUR,
    H_NP,
    I64,
    I_ERROR,
    K_GAIN,
    K_YESNO,
    NONE,
    TY_TREASURE,
    Z_HAND,
    Z_PLAY,
    ask,
    card_opt,
    gain,
    move,
    opts_list,
    opts_supply,
    play_card,
    stay,
    types,
    zo,
)

PIRATE = np.int64(card_id("Pirate"))

# Words: its prompts ({subject}: the Treasure gained, {arg}: the seat that gained it)
PROMPTS = {"yesno": "play Pirate from your hand (a {subject} was gained)?"}
OPTIONS = (
    ("pirate", 1.0, (0, 1),
     "play a Pirate from the hand when any player gains a Treasure (1, the playbook) or never "
     "(0: only in the Action phase)"),
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the effect waits until the start of ``p``'s next turn."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: gain a Treasure costing up to $6 to the hand (decision: gain)."""
    n = opts_supply(S, I, I64(6), TY_TREASURE, FALSE)
    if n > 0:
        a = ask(S, I, F, p, K_GAIN, PIRATE, I64(6), I64(-1), n)
        gain(S, I, F, p, a, I64(1))
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: seat ``p`` gained ``c``; if it is a Treasure, each seat holding Pirate,
    in turn order from the current player, may play one after another (yes/no each)."""
    asked = where >= GAINED_ASK
    if (types(I, c) & TY_TREASURE) == 0:
        return I64(0) if asked else where
    n_pl = S[H_NP]
    cur = S[H_CUR]
    if asked:
        for q in range(n_pl):
            if S[zo(S, q, Z_HAND) + PIRATE] > 0:
                return I64(1)
        return I64(0)
    for i in range(n_pl):
        q = (cur + i) % n_pl
        h = zo(S, q, Z_HAND)
        while S[h + PIRATE] > 0 and I[I_ERROR] == 0:
            n = opts_list(I, I64(1), I64(0), NONE)
            if ask(S, I, F, q, K_YESNO, PIRATE, c, p, n) != 1:
                break
            move(S, q, Z_HAND, Z_PLAY, PIRATE)
            play_card(S, I, F, q, PIRATE, I64(0))
    return where


@hook
def score(S, I, F, p, c):
    """Hook ``score``: last of the terminals in the Action phase (kept in hand, it is likely
    played for free on the next Treasure gain)."""
    return I64(1)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: play it on a Treasure gain (option ``pirate``)."""
    if stage == 0 or kind != K_YESNO:
        return NONE
    return I64(1) if card_opt(I, F, p, PIRATE, I64(0)) != 0.0 else I64(0)
