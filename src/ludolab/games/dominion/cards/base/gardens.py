"""Gardens: worth 1 VP per 10 cards you have (round down).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline


@inline
def gardens_vp(k, total):
    """The VP of ``k`` Gardens for a seat owning ``total`` cards (at scoring and for the ``vp``
    feature; bots buy Gardens from their buy list, there is no decision)."""
    return k * (total // 10)


@hook
def vp(S, I, p, c, k, total):
    """Hook ``vp``: the VP of ``k`` copies owned by a seat owning ``total`` cards."""
    return gardens_vp(k, total)
