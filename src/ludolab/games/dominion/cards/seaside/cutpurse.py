"""Cutpurse (Seaside, both printings): +$2. Each other player discards a Copper (or reveals a
hand with no Copper).

The card's home in the engine: its effect, compiled on its own and reached through the kernel's
hook table (see ``docs/design/dominion-engine.md``). The +$2 is the card's row. No decision: a
victim with a Copper discards one; one without reveals its hand (every card of it is shown).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
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

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
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


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    cutpurse_play(S, I, F, p, mask)
    return I64(0)
