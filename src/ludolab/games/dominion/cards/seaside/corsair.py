"""Corsair (Seaside, second printing): +$2. At the start of your next turn, +1 Card. Until then,
each other player trashes the first Silver or Gold they play each turn.

The card's home in the engine (see ``docs/design/dominion-engine.md``): the +$2 is the card's
row; the ``play`` hook registers the waiting effect with the seats the Attack affects (those
that did not reveal Moat, or were not protected by a Lighthouse, when it was played); the
``played`` hook trashes, from play, the first Silver or Gold an affected seat plays in a turn
while a Corsair effect against it waits (the Treasure's $ is already counted: it is trashed
after it was played; a Silver played first is trashed and a Gold after it is not; several
Corsairs, of one player or several, still trash only the first one: the official FAQ); the
``duration`` hook gives +1 Card at the start of the owner's next turn, which ends the attack.
A game with Corsair plays Treasures one at a time (a ``played`` hook), so the order is real:
the default plays Copper, then Silver, then Gold (a Silver is lost before a Gold).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    GOLD,
    H_NP,
    I64,
    SILVER,
    Z_PLAY,
    draw,
    stay,
    trash_card,
    turn_o,
    wait_at,
    wait_n,
    zo,
)

CORSAIR = np.int64(card_id("Corsair"))


@inline
def under_attack(S, q):
    """Does another seat have a Corsair effect waiting whose Attack affects seat ``q``?"""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        r = (q + i) % n_pl
        for j in range(wait_n(S, r)):
            k = wait_at(S, r, j)
            if S[k] == CORSAIR and (S[k + 1] >> q) & 1:
                return True
    return False


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the effect waits, remembering the seats the Attack affects."""
    stay(S, I, F, p, c, group, mask)
    return I64(0)


@hook
def played(S, I, F, p, c, r):
    """Hook ``played``: seat ``p`` played ``c``. The first Silver or Gold it plays this turn
    (the turn's play counters, which already count this one) is trashed from play if a Corsair
    effect against ``p`` waits."""
    if c != SILVER and c != GOLD:
        return I64(0)
    tu = turn_o(S)
    if S[tu + SILVER] + S[tu + GOLD] != 1 or S[zo(S, p, Z_PLAY) + c] <= 0:
        return I64(0)
    if under_attack(S, p):
        trash_card(S, I, F, p, Z_PLAY, c, I64(1))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: +1 Card (and the attack ends)."""
    draw(S, I, p, I64(1))
    return I64(0)
