"""The Dominion pages: simulate, a game turn by turn, bots and cards, evolve, play.

Everything below the web layer is reached through :mod:`.adapter`.
"""

from __future__ import annotations

from ludolab.web.games.dominion.pages import (
    GAME,
    NAV,
    check_players,
    library_bots,
    player_texts,
    router,
)

__all__ = ["GAME", "NAV", "check_players", "library_bots", "player_texts", "router"]
