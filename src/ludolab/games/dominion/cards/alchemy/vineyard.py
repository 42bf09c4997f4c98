"""Vineyard (Alchemy, cost P): worth 1 VP for every 3 Action cards you have (round down).

Rulings (official FAQ, DominionStrategy wiki "Vineyard"): counted at the end of the game over all
your cards; round down (11 Actions: 3 VP); a card with several types, one of them Action, counts;
8 Vineyards in the Supply with 2 players, else 12 (a Victory pile).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import TY_ACTION, count_types


@hook
def vp(S, I, p, c, k, total):
    """Hook ``vp``: the VP of ``k`` Vineyards for seat ``p``: ``k`` times a third of the Action
    cards it owns (round down). No decision; bots buy it from their buy list."""
    return k * (count_types(S, I, p, TY_ACTION) // 3)
