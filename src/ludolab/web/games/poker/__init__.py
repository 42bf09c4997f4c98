"""The poker pages: simulate (duplicate matches between library bots), one hand's history, the
bot library.

Everything below the web layer is reached through :mod:`.adapter`.
"""

from __future__ import annotations

from ludolab.web.games.poker.pages import GAME, NAV, check_players, library_bots, router

__all__ = ["GAME", "NAV", "check_players", "library_bots", "router"]
