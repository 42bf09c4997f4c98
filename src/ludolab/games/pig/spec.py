"""Pig declares itself to the layers above: record schema, score, margin, task, options.

Pig has no compiled engine: its task is the generic :class:`ludolab.core.task.MatchTask`
(every game through :class:`~ludolab.core.match.Match`), with players from player specs
(``hold:20``, ``optimal``, ``uct``, ...: :func:`ludolab.games.pig.players.make_player`).

>>> SPEC.min_seats, SPEC.max_seats, SPEC.unit
(2, 2, 'points')
>>> check_options({"goal": 50})
{'goal': 50}
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import numpy as np

from ludolab.core.player import Player
from ludolab.core.registry import BuiltTask, Column, GameSpec, TaskRequest
from ludolab.core.scoring import lead_over_others, shared_win_points, unique_names
from ludolab.core.task import MatchTask
from ludolab.errors import LudolabError
from ludolab.games.pig.game import PigState
from ludolab.games.pig.players import make_player

__all__ = ["SPEC", "build_task", "check_options"]

OPTION_KEYS = ("goal",)

COLUMNS = (
    Column("index", "game", "global game index"),
    Column("deal", "game", "deal number: the games of one deal share its dice (duplicate seating)"),
    Column("trial", "game", "trial within the deal (which seating of the schedule)"),
    Column("block", "game", "schedule block of the trial (bot subset; 0 if none)"),
    Column("seed", "game", "game seed (the deal's)"),
    Column("seating", "seat", "bot index in each seat"),
    Column("returns", "seat", "the winner's score (capped at the goal) minus the loser's, "
                              "negated for the loser"),
    Column("winner", "seat", "True for the seat that won"),
    Column("steps", "game", "moves and dice rolls played"),
    Column("truncated", "game", "stopped by the step cap before the end"),
)


def score(records: Mapping[str, np.ndarray]) -> np.ndarray:
    """1 for the winner, 0 for the loser (from ``winner``)."""
    return shared_win_points(records["winner"])


def margin(records: Mapping[str, np.ndarray]) -> np.ndarray:
    """The seat's return minus the other seat's: twice the final lead, in points."""
    return lead_over_others(records["returns"])


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Check a ``[pig]`` table: ``goal``, a whole number of at least 1 (default 100)."""
    for key in options:
        if key not in OPTION_KEYS:
            raise LudolabError(f"unknown key {key!r} in [pig]; valid: {', '.join(OPTION_KEYS)}")
    goal = options.get("goal", 100)
    if isinstance(goal, bool) or not isinstance(goal, int) or goal < 1:
        raise LudolabError(f"goal must be a whole number of at least 1, got {goal!r}")
    return {"goal": goal}


def new_state(seats: int, seed: int) -> PigState:
    """A game to 100 through the generic API (two seats, nothing to draw before the first
    roll)."""
    return PigState()


def _state(goal: int, seed: int) -> PigState:
    return PigState(goal=goal)


def _player(spec: str) -> Player:
    return make_player(spec)


def build_task(request: TaskRequest) -> BuiltTask:
    """Check the player specs and build the :class:`~ludolab.core.task.MatchTask`."""
    goal = check_options(request.options)["goal"]
    specs = [str(s) for s in request.players]
    names = [getattr(_player(s), "name", s) for s in specs]  # validates every spec
    keys: dict[str, int] = {}
    identity = tuple(keys.setdefault(s.strip().lower(), len(keys)) for s in specs)
    task = MatchTask(partial(_state, goal), [partial(_player, s) for s in specs],
                     master_seed=request.seed, schedule=request.schedule,
                     preferred_chunk_size=200)
    return BuiltTask(task, tuple(unique_names(names)), identity, {"goal": goal})


SPEC = GameSpec(
    name="pig",
    title="Pig",
    min_seats=2,
    max_seats=2,
    columns=COLUMNS,
    unit="points",
    score=score,
    margin=margin,
    build_task=build_task,
    option_keys=OPTION_KEYS,
    check_options=check_options,
    description="the dice game of Ludorum's tutorial, played through core.Match",
    examples=("hold:20", "hold:10"),
    new_state=new_state,
)
