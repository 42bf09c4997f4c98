"""Witch: +2 Cards; each other player gains a Curse.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    H_NP,
    I64,
    gain,
)


@inline
def witch_play(S, I, F, p, mask):
    """Each seat in ``mask`` (not protected by a Moat), in turn order, gains a Curse while
    Curses remain. No decision."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if (mask >> q) & 1:
            gain(S, I, F, q, CURSE, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    witch_play(S, I, F, p, mask)
    return I64(0)
