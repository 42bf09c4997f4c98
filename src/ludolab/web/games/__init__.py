"""Each game's pages: one sub-package ``ludolab.web.games.<game>`` per registered game.

A game's page package exposes ``GAME`` (its name and title for the start page), ``NAV`` (menu
entries ``(title, url, what the page does)``) and ``router`` (a FastAPI router under
``/<game>``), optionally ``check_players`` (which tournament players the page may use). The
app asks the game registry (:mod:`ludolab.core.registry`) which games exist and mounts the pages
of those that have a page package, so a new game adds its pages in its own package without
touching the others.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ludolab.core import registry


def _page_package(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        return None


def registered_games() -> tuple[str, ...]:
    """The registry's games (importing ``ludolab.games`` lets each game register itself)."""
    importlib.import_module("ludolab.games")
    return registry.names()


def game_pages() -> list[ModuleType]:
    """The page packages of the registered games, in the registry's order (a game without
    pages, such as Pig, has none)."""
    return [m for m in (_page_package(n) for n in registered_games()) if m is not None]
