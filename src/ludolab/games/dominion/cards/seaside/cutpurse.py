"""Cutpurse (Seaside, both printings): +$2. Each other player discards a Copper (or reveals a
hand with no Copper).

The +$2 is the card's row. No decision: a
victim with a Copper discards one; one without reveals its hand (every card of it is shown).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_REVEAL,
    H_NIDS,
    I64,
    Z_HAND,
    discard_card,
    emit,
    ids_o,
    zo,
)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` discards a Copper from its hand, or reveals the hand (a
    reveal event per card). The +$2 is the card's row."""
    h = zo(S, q, Z_HAND)
    if S[h + COPPER] > 0:
        discard_card(S, I, F, q, Z_HAND, COPPER, I64(0))
        return I64(0)
    io = ids_o(S)
    for j in range(S[H_NIDS]):
        x = S[io + j]
        for _ in range(S[h + x]):
            emit(I, EV_REVEAL, q, x, I64(0))
    return I64(0)
