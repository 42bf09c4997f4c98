"""Poker declares itself to the layers above: record schema, margin, task, options.

Game ``g`` of a run is deal ``g // games_per_deal`` in trial ``g % games_per_deal`` of the
schedule. Every game of a deal uses the deal's seed (``rng.game_seeds_at(seed, deal)``) and the
same button (seat ``deal % seats``, so the button rotates from deal to deal): the cards of each
SEAT are the same in every trial, and the schedule moves the bots through the seats (document
002's duplicate tournaments). The result is ``margin``, the small bets won per seat; ``score``
is the pot share (1 to the seat that takes the pot, ``1/k`` each to ``k`` seats splitting it, 0 to
the others), so win rates and ratings read "hands won", a secondary figure.

Bots: :func:`resolve_players` asks ``ludolab.games.poker.bots.resolve_bots`` (engineer F2's bot
library: names, files) when that module exists; the baselines ``call``, ``raise`` and
``random[:F:C]`` always work.

>>> SPEC.unit, SPEC.min_seats, SPEC.max_seats
('small bets', 2, 10)
>>> check_options({"rules": "acpc-heads-up"})
{'rules': 'acpc-heads-up'}
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ludolab.core import rng as _rng
from ludolab.core.game import GameState
from ludolab.core.paths import is_my_spec, my_bot_path
from ludolab.core.registry import BuiltTask, Column, GameSpec, TaskRequest
from ludolab.core.scoring import shared_win_points, unique_names
from ludolab.errors import LudolabError
from ludolab.games.poker.rules import ruleset
from ludolab.players.generic import is_generic_spec, make_generic_player, search_hint

__all__ = ["SPEC", "PokerTask", "build_task", "check_options", "pot_winners", "resolve_players",
           "score"]

OPTION_KEYS = ("rules",)

COLUMNS = (
    Column("index", "game", "global game (hand) index"),
    Column("deal", "game", "deal number: the hands of one deal share its cards seat by seat "
                           "(duplicate seating)"),
    Column("trial", "game", "trial within the deal (which seating of the schedule)"),
    Column("seed", "game", "deal seed (cards: engine deal slots keyed by this seed)"),
    Column("seating", "seat", "bot index in each seat"),
    Column("button", "game", "the button's seat (deal % seats)"),
    Column("won", "seat", "small bets won (+) or lost (-) by the seat", summary=True),
    Column("chips", "seat", "chips won (+) or lost (-) by the seat"),
    Column("invested", "seat", "chips the seat put in the pot"),
    Column("showdown", "game", "the hand reached a showdown"),
    Column("street", "game", "last street reached: 0 pre-flop, 1 flop, 2 turn, 3 river, "
                             "4 showdown"),
    Column("folded", "seat", "street on which the seat folded, -1 if it did not"),
    Column("value", "seat", "hand value shown at showdown (evaluator scale), -1 if not shown"),
    Column("raises", "seat", "bets and raises the seat made"),
    Column("decisions", "seat", "decisions the seat took"),
)


def pot_winners(records: Mapping[str, np.ndarray]) -> np.ndarray:
    """``[G, P]`` True for the seats that take (a share of) the pot: the last seat in, or the
    best hands shown."""
    value = np.asarray(records["value"])
    stayed = np.asarray(records["folded"]) < 0
    best = value == value.max(axis=1, keepdims=True)
    shown = np.asarray(records["showdown"], dtype=bool)[:, None]
    return stayed & (~shown | best)


def score(records: Mapping[str, np.ndarray]) -> np.ndarray:
    """Pot share: 1 for taking the pot alone, ``1/k`` for a ``k``-way split, 0 otherwise."""
    return shared_win_points(pot_winners(records))


def margin(records: Mapping[str, np.ndarray]) -> np.ndarray:
    """Small bets won by each seat (``won``)."""
    return np.asarray(records["won"], dtype=np.float64)


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Check a ``[poker]`` table: ``rules`` (a rule-set spec such as ``"limit,cap=3"``)."""
    for key in options:
        if key not in OPTION_KEYS:
            raise LudolabError(f"unknown key {key!r} in [poker]; valid: {', '.join(OPTION_KEYS)}")
    out = dict(options)
    rules = out.get("rules", "limit")
    if not isinstance(rules, str):
        raise LudolabError(f"rules must be a text such as 'limit', got {rules!r}")
    ruleset(rules)
    return out


_BASELINES = {"call": "call", "always-call": "call", "raise": "raise", "always-raise": "raise"}


def resolve_players(players: Sequence[str],
                    base_dir: Path | None = None) -> tuple[list[str], np.ndarray]:
    """Display names and the bot parameter matrix (one row per player) for ``players``.

    The player grammar shared by every game: a library name, a bot file, ``my:NAME`` (a file of
    My bots, :func:`ludolab.core.paths.my_bot_path`); the generic search players (``mc:``,
    ``uct:``) are seated by :func:`build_task`, and ``ismcts``/``mcts`` get a one-line hint."""
    players = [_player_text(p) for p in players]
    try:
        bots = importlib.import_module("ludolab.games.poker.bots")
    except ModuleNotFoundError as err:
        if err.name not in ("ludolab.games.poker.bots",):
            raise
        bots = None
    if bots is not None and hasattr(bots, "resolve_bots"):
        names, matrix = bots.resolve_bots(list(players), base_dir)
        return unique_names(list(names)), np.asarray(matrix, dtype=np.float64)
    from ludolab.games.poker.engine import baseline_bots  # lazy: compiles the engine

    kinds = []
    for p in players:
        key = str(p).strip().lower()
        if key in _BASELINES:
            kinds.append(_BASELINES[key])
        elif key.startswith("random"):
            kinds.append(key)
        else:
            raise LudolabError(f"unknown poker bot {p!r}; baselines: call, raise, random:F:C")
    return unique_names([str(p) for p in players]), baseline_bots(*kinds)


def _player_text(player: Any) -> Any:
    """A poker player as the bot library reads it: ``my:NAME`` becomes its file; a search
    name poker does not have is a one-line hint."""
    if is_my_spec(player):
        return str(my_bot_path(player))
    if (hint := search_hint(player, "poker")) is not None:
        raise LudolabError(f"poker player {str(player).strip()!r}: {hint}")
    return player


def _seatings(schedule: Any, deals: np.ndarray, trials: np.ndarray) -> np.ndarray:
    table = getattr(schedule, "trials", ())
    if getattr(schedule, "kind", "") != "independent" and table:
        return np.asarray(table, dtype=np.int64)[trials]
    return np.array([schedule.seating(int(t), int(d)) for d, t in zip(deals, trials, strict=True)],
                    dtype=np.int64)


@dataclass
class PokerTask:
    """A picklable chunk runner: plays the hands whose global indices it is given."""

    bots: np.ndarray
    rules_spec: str
    seed: int
    schedule: Any

    preferred_chunk_size = 50_000

    def run(self, indices: np.ndarray) -> dict[str, np.ndarray]:
        """Play hands ``indices`` and return their records (column name -> array)."""
        from ludolab.games.poker.engine import Engine  # lazy: the kernel compiles on first use

        indices = np.asarray(indices, dtype=np.int64)
        deals, trials = np.divmod(indices, self.schedule.games_per_deal)
        seating = _seatings(self.schedule, deals, trials)
        n = seating.shape[1]
        rules = ruleset(self.rules_spec)
        seeds = _rng.game_seeds_at(self.seed, deals)
        buttons = deals % n
        rec = Engine(rules, n).play(self.bots, seeds, buttons, seating)
        return {
            "index": indices, "deal": deals, "trial": trials, "seed": seeds,
            "seating": seating.astype(np.int16), "button": buttons.astype(np.int8),
            "won": rec.chips / rules.small_bet, "chips": rec.chips.astype(np.int32),
            "invested": rec.invested.astype(np.int32), "showdown": rec.showdown,
            "street": rec.street, "folded": rec.folded, "value": rec.values,
            "raises": rec.raises,
            "decisions": rec.decisions,
        }


def new_state(seats: int, seed: int) -> GameState:
    """A hand of limit hold'em through the generic API, the button moving with the seed."""
    from ludolab.games.poker.adapter import PokerState  # lazy: the evaluator builds its tables

    return PokerState(seats, button=seed % seats)


def build_task(request: TaskRequest) -> BuiltTask:
    """Resolve the bots and rules and build the :class:`PokerTask`."""
    options = check_options(request.options)
    rules = str(options.get("rules", "limit"))
    seats = int(getattr(request.schedule, "num_seats", 2))
    ruleset(rules).check_seats(seats)
    players = list(request.players)
    if any(is_generic_spec(p) for p in players):
        return _generic_task(players, rules, request)
    names, matrix = resolve_players(players, request.base_dir)
    keys: dict[bytes, int] = {}
    identity = tuple(keys.setdefault(row.tobytes(), len(keys)) for row in matrix)
    task = PokerTask(matrix, rules, request.seed, request.schedule)
    return BuiltTask(task, tuple(names), identity, {"rules": ruleset(rules).spec()})


def _generic_task(players: list[Any], rules: str, request: TaskRequest) -> BuiltTask:
    """A table with a generic search player (``mc:``, ``uct:``): every hand through the generic
    API (:mod:`ludolab.games.poker.generic`), the bots asking their compiled kernel."""
    from ludolab.games.poker.generic import BotSeat, GenericPokerTask  # lazy: rare, slow path

    bots = [p for p in players if not is_generic_spec(p)]
    bot_names, matrix = resolve_players(bots, request.base_dir) if bots else ([], None)
    seated: list[Any] = []
    names: list[str] = []
    keys: dict[object, int] = {}
    identity = []
    row = 0
    for i, p in enumerate(players):
        if is_generic_spec(p):
            player = make_generic_player(p)
            identity.append(keys.setdefault(("search", i), len(keys)))  # its own stream
        else:
            assert matrix is not None
            player = BotSeat(matrix[row], bot_names[row])
            identity.append(keys.setdefault(matrix[row].tobytes(), len(keys)))
            row += 1
        seated.append(player)
        names.append(player.name)
    task = GenericPokerTask(seated, rules, request.seed, request.schedule)
    return BuiltTask(task, tuple(unique_names(names)), tuple(identity),
                     {"rules": ruleset(rules).spec()})


SPEC = GameSpec(
    name="poker",
    title="Fixed-limit Texas hold'em",
    min_seats=2,
    max_seats=10,
    columns=COLUMNS,
    unit="small bets",
    score=score,
    margin=margin,
    build_task=build_task,
    option_keys=OPTION_KEYS,
    check_options=check_options,
    description="fixed-limit hold'em for 2-10 seats on a compiled engine, duplicate deals",
    examples=("call", "raise"),
    new_state=new_state,
)
