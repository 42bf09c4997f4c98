"""Games declare themselves: what the arena, reports, CLI and web need to run a game unnamed.

A game package describes itself once in a :class:`GameSpec` (its seats, its record schema with the
meaning of every column, how a record becomes each seat's score and margin, and how to build a
runner task from a list of players). Layers above the games (``arena``, ``report``, ``cli``,
``web``) ask :func:`get` instead of branching on a game's name, so a new game is one new package
plus one line in :mod:`ludolab.games`.

Conventions the summaries read (names, not games): every game records ``index``, ``deal`` and
``trial`` (games of one deal share its luck and are one independent unit for intervals) and
``seating`` (the bot in each seat); a coded ``end_reason`` column with labels in
:attr:`GameSpec.categories` is reported as "Games ended by"; a per-seat ``turns`` column gives
the game's length.

Registration is lazy: ``ludolab.games`` names each game's spec as ``"module:attribute"`` and the
module is imported on the first :func:`get`, so listing games never compiles an engine.

>>> spec = GameSpec(name="toy", title="Toy", min_seats=2, max_seats=2,
...                 columns=(Column("index", "game", "global game index"),),
...                 unit="points", score=None, margin=None, build_task=None)
>>> register(spec)
>>> get("toy").title
'Toy'
>>> unregister("toy")
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

from ludolab.core.game import GameState
from ludolab.errors import LudolabError, nearest

__all__ = [
    "BuiltTask",
    "Column",
    "GameSpec",
    "TaskRequest",
    "get",
    "names",
    "register",
    "register_lazy",
    "unregister",
]

#: The shape of a record column: one value a game ``[G]``, one a seat ``[G, P]``, one a seat and
#: turn (or street) ``[G, P, T]``, one a seat, kind and card ``[G, P, K, C]`` (Dominion's card
#: statistics).
ColumnShape = Literal["game", "seat", "seat-turn", "seat-kind-card", "seat-turn-card",
                      "card", "seat-card"]


@dataclass(frozen=True)
class Column:
    """One column of a game's records, with its shape and what it means (shown in reports)."""

    name: str
    shape: ColumnShape
    meaning: str
    summary: bool = False
    """Averaged per bot in summaries (``mean_<name>``: Dominion's ``vp`` and ``turns``)."""


@dataclass(frozen=True)
class TaskRequest:
    """What a caller asks a game to play: players in the order of the schedule's bot numbers."""

    players: tuple[str, ...]
    """Bot names, bot files or player specs, as the user wrote them."""
    schedule: Any
    """A seating schedule (:class:`ludolab.arena.schedules.Schedule`; core knows no arena)."""
    seed: int
    """The master seed: game ``g`` draws all its luck from keyed streams of this seed."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The game's own settings (a tournament file's ``[game]`` table), keys already checked."""
    base_dir: Path | None = None
    """Where relative bot files resolve (a tournament file's folder); None: the working folder."""
    turn_stats: bool = False
    """Also record per-turn columns (reports and plots need them; they cost memory)."""


@dataclass(frozen=True)
class BuiltTask:
    """A runner task (``task.run(indices)`` -> the records of those games as a mapping of
    columns, picklable) and unique display names.

    ``identity`` numbers the players by behaviour: two players with the same number play
    identically (the same bot twice), so the arena plays each distinct seating once instead of
    paying for, and counting, copies of the same game. None: every player is distinct.
    """

    task: Any
    names: tuple[str, ...]
    identity: tuple[int, ...] | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    """The game's resolved settings, for summaries (Dominion: ``rules`` and ``kingdom``)."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the layers above need to know about one game.

    ``score`` and ``margin`` take a game's records (column name -> array, first axis the game)
    and return ``[G, P]`` float arrays by seat: ``score`` is 1 for a sole win, ``1/k`` for a
    ``k``-way shared win and 0 for a loss (None for games without winners, such as poker, whose
    result is only a margin); ``margin`` is the seat's result in :attr:`unit` (VP ahead of the
    best other seat, points, small bets won).
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    columns: tuple[Column, ...]
    unit: str
    score: Callable[[Mapping[str, np.ndarray]], np.ndarray] | None
    margin: Callable[[Mapping[str, np.ndarray]], np.ndarray] | None
    build_task: Callable[[TaskRequest], BuiltTask] | None
    option_keys: tuple[str, ...] = ()
    """Keys a tournament file's ``[game]`` table may hold."""
    check_options: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None
    """Validates and normalises options, raising :class:`LudolabError` naming the bad key."""
    description: str = ""
    examples: tuple[str, ...] = ()
    """Players for a quick match of ``min_seats`` or more (the generic conformance test plays
    every registered game with them through the arena)."""
    new_state: Callable[[int, int], GameState] | None = None
    """``new_state(seats, seed)``: the first state of a game through the generic API
    (:class:`~ludolab.core.game.GameState`), for generic players and the conformance check
    (``tests/core/test_registered_games.py`` runs :func:`~ludolab.core.conformance.check_game`,
    hidden-information contract included, on every registered game with it)."""
    categories: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Labels of coded columns: ``categories[column][code]`` names the code (Dominion's
    ``end_reason``), so reports show every category without knowing the game."""

    def column(self, name: str) -> Column:
        """The column called ``name``; KeyError if the game records no such column."""
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)


_SPECS: dict[str, GameSpec] = {}
_LAZY: dict[str, str] = {}


def register(spec: GameSpec) -> None:
    """Make ``spec`` known under ``spec.name`` (replacing a lazy entry of that name)."""
    _LAZY.pop(spec.name, None)
    _SPECS[spec.name] = spec


def register_lazy(name: str, target: str) -> None:
    """Name the spec of game ``name`` as ``"package.module:ATTRIBUTE"``, imported on first use."""
    if name not in _SPECS:
        _LAZY[name] = target


def unregister(name: str) -> None:
    """Forget game ``name`` (tests use it to clean up)."""
    _SPECS.pop(name, None)
    _LAZY.pop(name, None)


def names() -> tuple[str, ...]:
    """Every registered game's name, sorted."""
    return tuple(sorted({*_SPECS, *_LAZY}))


def get(name: str) -> GameSpec:
    """The spec of game ``name``; a one-line :class:`LudolabError` for an unknown name."""
    if name not in _SPECS and name in _LAZY:
        module, _, attr = _LAZY[name].partition(":")
        spec = getattr(importlib.import_module(module), attr)
        if not isinstance(spec, GameSpec) or spec.name != name:
            raise TypeError(f"{_LAZY[name]} is not the GameSpec of {name!r}")
        register(spec)
    try:
        return _SPECS[name]
    except KeyError:
        hint = nearest(name, names())
        known = ", ".join(names()) or "none"
        more = f" (did you mean {hint!r}?)" if hint else ""
        raise LudolabError(f"unknown game {name!r}{more}; games: {known}") from None
