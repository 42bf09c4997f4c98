"""Plaza (Guilds, both printings): +1 Card, +2 Actions. You may discard a Treasure for +1
Coffers.

+1 Card and +2 Actions are the card's row. Official FAQ (Dominion Strategy wiki): first the
card and the Actions, then you may discard a Treasure (the card just drawn too); a discarded
Treasure gives +1 Coffers. Decision: discard (the Treasures in hand and -1, subject -1).
Playbook, as DominionSim plays it: discard a Copper, else nothing (a Coffers is worth the
Copper's $1 and may be spent in this very Buy phase, so the trade never costs coins).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_DISCARD,
    I64,
    K_DISCARD,
    NONE,
    TY_TREASURE,
    Z_DISC,
    Z_HAND,
    add_coffers,
    emit,
    in_opts,
    move,
    pick_from_hand,
)

PLAZA = np.int64(card_id("Plaza"))

COFFERS = True
PROMPTS = {"discard": "discard a Treasure for +1 Coffers (Plaza)?"}


@inline
def plaza_play(S, I, F, p):
    """Offer the Treasures in hand (and -1); a discarded one: +1 Coffers."""
    x = pick_from_hand(S, I, F, p, K_DISCARD, PLAZA, TY_TREASURE)
    if x < 0:
        return
    move(S, p, Z_HAND, Z_DISC, x)
    emit(I, EV_DISCARD, p, x, I64(0))
    add_coffers(S, I, p, PLAZA, I64(1))


@hook
def play(S, I, F, p, c, group, mask):
    plaza_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's discard list, a Copper, else none."""
    if stage == 0 or kind != K_DISCARD:
        return NONE
    return COPPER if in_opts(I, n, COPPER) else I64(-1)
