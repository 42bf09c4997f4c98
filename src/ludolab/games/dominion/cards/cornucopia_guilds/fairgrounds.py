"""Fairgrounds (Cornucopia, both printings): Worth 2 VP for every 5 differently named cards you have
(round down).

The ``vp`` hook: the names among all the cards its owner has (the kernel's ``distinct_in`` over
the owned zone), 2 VP per full 5 (official FAQ, Dominion Strategy wiki: 0-4 names are 0 VP, 5-9
are 2 VP, 10-14 are 4 VP...; every card counts, Fairgrounds itself included). Bots buy it from
their buy list; there is no decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import Z_OWN, distinct_in


@hook
def vp(S, I, p, c, k, total):
    """Hook ``vp``: ``k`` Fairgrounds owned by seat ``p`` are worth 2 VP each per 5 names among
    its cards (round down)."""
    return k * 2 * (distinct_in(S, p, Z_OWN) // 5)
