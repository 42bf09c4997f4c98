"""Council Room: +4 Cards, +1 Buy; each other player draws a card.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    H_NP,
    I64,
    draw,
)


@inline
def council_room_play(S, I, F, p):
    """Each other seat, in turn order, draws a card. No decision."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        draw(S, I, (p + i) % n_pl, I64(1))


@hook
def play(S, I, F, p, c, group, mask):
    council_room_play(S, I, F, p)
    return I64(0)
