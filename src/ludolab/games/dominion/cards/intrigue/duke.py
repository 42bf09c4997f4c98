"""Duke (Intrigue): worth 1 VP per Duchy you have.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import DUCHY, Z_OWN, zo


@hook
def vp(S, I, p, c, k, total):
    """Hook ``vp``: ``k`` Dukes owned by seat ``p`` are worth 1 VP each per Duchy it owns (at
    scoring and for the ``vp`` feature; bots buy Dukes from their buy list, no decision)."""
    return k * S[zo(S, p, Z_OWN) + DUCHY]
