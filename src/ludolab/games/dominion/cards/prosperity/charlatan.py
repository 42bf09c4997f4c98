"""Charlatan (Prosperity, second printing): +$3. Each other player gains a Curse. In games using
this, Curse is also a Treasure worth $1.

The +$3 is the card's row; Curse as a
Treasure worth $1 is the engine's (``H_CURSE_COIN``: set when Charlatan is in the game, so the
buy phase plays Curses like Coppers).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    H_NP,
    I64,
    I_ERROR,
    gain,
)


@inline
def charlatan_attack(S, I, F, p, mask):
    """Each seat in ``mask``, in turn order, gains a Curse while the Curse pile has one."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if ((mask >> q) & 1) != 0 and I[I_ERROR] == 0:
            gain(S, I, F, q, CURSE, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the attack (the +$3 is the card's row)."""
    charlatan_attack(S, I, F, p, mask)
    return I64(0)
