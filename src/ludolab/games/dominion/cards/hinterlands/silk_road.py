"""Silk Road (Hinterlands, first printing): worth 1 VP for every 4 Victory cards you have (round
down).

The ``vp`` hook. Official FAQ (Dominion Strategy wiki): at the end of the game each Silk Road
counts the Victory cards in its owner's deck (all their cards), itself and the other Silk Roads
included; a card with two types, one of them Victory, is a Victory card; Curses are not.
Bots buy it from their buy list; there is no decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import TY_VICTORY, count_types


@hook
def vp(S, I, p, c, k, total):
    """Hook ``vp``: ``k`` Silk Roads owned by seat ``p`` are worth 1 VP each per 4 Victory
    cards it owns (round down)."""
    return k * (count_types(S, I, p, TY_VICTORY) // 4)
