"""Cutpurse (Seaside, both printings): +$2. Each other player discards a Copper (or reveals a
hand with no Copper).

The +$2 is the card's row. No decision: a
victim with a Copper discards one; one without reveals its hand (every card of it is shown).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_DISCARD,
    EV_REVEAL,
    H_NIDS,
    H_NP,
    I64,
    Z_DISC,
    Z_HAND,
    emit,
    ids_o,
    zo,
)


@inline
def cutpurse_play(S, I, F, p, mask):
    """Each seat in ``mask`` (not protected by a Reaction), in turn order: discard a Copper
    from the hand, or reveal the hand (a reveal event per card)."""
    n_pl = S[H_NP]
    io = ids_o(S)
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if not (mask >> q) & 1:
            continue
        h = zo(S, q, Z_HAND)
        if S[h + COPPER] > 0:
            S[h + COPPER] -= 1
            S[zo(S, q, Z_DISC) + COPPER] += 1
            emit(I, EV_DISCARD, q, COPPER, I64(0))
            continue
        for j in range(S[H_NIDS]):
            x = S[io + j]
            for _ in range(S[h + x]):
                emit(I, EV_REVEAL, q, x, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    cutpurse_play(S, I, F, p, mask)
    return I64(0)
