"""Dominion declares itself to the layers above: record schema, score, margin, task, options.

>>> SPEC.unit, SPEC.max_seats, SPEC.column("outcome").shape
('VP', 6, 'seat')
>>> SPEC.categories["end_reason"][EndReason.VICTORY_PILE]
'victory pile'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ludolab.core.game import GameState
from ludolab.core.registry import BuiltTask, Column, GameSpec, TaskRequest
from ludolab.core.scoring import lead_over_others, shared_win_points
from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import CARDS
from ludolab.games.dominion.engine import EndReason, Engine
from ludolab.games.dominion.kingdom import colony_rules, resolve_kingdom
from ludolab.games.dominion.rules import MAX_PLAYERS, ruleset
from ludolab.games.dominion.task import DominionTask, bot_identity, resolve_bots

__all__ = ["END_REASON_LABELS", "SPEC", "build_task", "check_options"]

#: How a game ended, one label per :class:`EndReason` (a test checks none is missing).
END_REASON_LABELS: dict[EndReason, str] = {
    EndReason.PROVINCES: "provinces",
    EndReason.PILES: "piles",
    EndReason.TURN_CAP: "turn cap",
    EndReason.SOLO: "solo target",
    EndReason.VICTORY_PILE: "victory pile",
    EndReason.COLONIES: "colonies",
}

OPTION_KEYS = ("kingdom", "rules", "start", "card_stats", "deck_stats")

COLUMNS = (
    Column("index", "game", "global game index"),
    Column("deal", "game", "deal number: the games of one deal share its seed (duplicate seating)"),
    Column("trial", "game", "trial within the deal (which seating of the schedule)"),
    Column("seed", "game", "game seed (the deal's)"),
    Column("seating", "seat", "bot index in each seat"),
    Column("vp", "seat", "victory points at the end", summary=True),
    Column("turns", "seat", "turns the seat took", summary=True),
    Column("outcome", "seat", "2 won alone, 1 shared the win, 0 lost"),
    Column("end_reason", "game", "why the game ended (codes: categories['end_reason'])"),
    Column("turn_coins", "seat-turn", "coins generated each turn (-1 after the seat's last)"),
    Column("turn_vp", "seat-turn", "VP at the end of each turn (-1 after the seat's last)"),
    Column("card_count", "seat-kind-card", "card_stats: how many of each card the seat bought, "
           "gained (other than bought), played, trashed; cards: settings['card_stat_cards']"),
    Column("card_first", "seat-kind-card", "card_stats: the turn of the first of each (0: none)"),
    Column("deck", "seat-turn-card", "deck_stats: the cards the seat owned at the end of each "
           "of its turns (-1 after its last); cards: settings['deck_cards']"),
    Column("supply_end", "card", "deck_stats: each supply pile's cards at the end"),
    Column("trash_end", "card", "deck_stats: each card's copies in the trash at the end"),
    Column("deck_end", "seat-card", "deck_stats: the cards the seat owned at the end"),
)


def score(records: Mapping[str, np.ndarray]) -> np.ndarray:
    """1 for a sole win, ``1/k`` for a ``k``-way shared win, 0 for a loss (from ``outcome``)."""
    return shared_win_points(np.asarray(records["outcome"]) > 0)


def margin(records: Mapping[str, np.ndarray]) -> np.ndarray:
    """The seat's VP minus the best other seat's VP (a lone seat: its VP)."""
    return lead_over_others(records["vp"])


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Check a ``[dominion]`` table: ``kingdom`` (a spec string or a list of card names) and
    ``rules`` (a rule-set spec); unknown keys and bad rules are one-line errors."""
    for key in options:
        if key not in OPTION_KEYS:
            valid = ", ".join(OPTION_KEYS)
            raise LudolabError(f"unknown key {key!r} in [dominion]; valid: {valid}")
    out = dict(options)
    kingdom = out.get("kingdom")
    if kingdom is not None and not isinstance(kingdom, str) and not (
        isinstance(kingdom, Sequence) and all(isinstance(c, str) for c in kingdom)
    ):
        raise LudolabError(f"kingdom must be a text or a list of card names, got {kingdom!r}")
    rules = out.get("rules", "official")
    if not isinstance(rules, str):
        raise LudolabError(f"rules must be a text such as 'official', got {rules!r}")
    ruleset(rules)
    for key in ("card_stats", "deck_stats"):
        if not isinstance(out.get(key, False), bool):
            raise LudolabError(f"{key} must be true or false, got {out[key]!r}")
    start = out.get("start")
    if start is not None:
        from ludolab.games.dominion.start import StartState, parse_start_text  # lazy: engine

        if isinstance(start, str):  # a start file's TOML text
            out["start"] = parse_start_text(start, "start")
        elif not isinstance(start, StartState):
            raise LudolabError("start must be a StartState or a start file's TOML text, got "
                               f"{type(start).__name__}")
    return out


def new_state(seats: int, seed: int) -> GameState:
    """A game through the generic API: the official rules, a random kingdom keyed by the seed
    (``random:<seed>``) and the seed's shuffles; every seat answers from outside."""
    from ludolab.games.dominion.adapter import DominionState  # lazy: the search player's modules

    return DominionState.new(resolve_kingdom(f"random:{seed}"), seats, seed=seed)


def build_task(request: TaskRequest) -> BuiltTask:
    """Compile the bots, settle the kingdom and rules, and build the :class:`DominionTask`."""
    options = check_options(request.options)
    rules = str(options.get("rules", "official"))
    names, compiled = resolve_bots(list(request.players))
    start = options.get("start")
    needed = {n: b.cards_needed for n, b in zip(names, compiled, strict=True)}
    if start is not None:
        if any(not hasattr(b, "entries") for b in compiled):
            raise LudolabError("a start state takes bots, not search players")
        needed["the start"] = [c for c in start.cards() if CARDS[c].is_kingdom]
    kingdom = resolve_kingdom(options.get("kingdom"), needed)
    rules = colony_rules(rules, options.get("kingdom"), needed).spec()
    card_stats = bool(options.get("card_stats", False))
    if card_stats and (start is not None or any(not hasattr(b, "entries") for b in compiled)):
        raise LudolabError("card statistics are recorded by the batch engine: not with a start "
                           "state or a search player")
    deck_stats = bool(options.get("deck_stats", False))
    if deck_stats and (start is not None or any(not hasattr(b, "entries") for b in compiled)):
        raise LudolabError("deck records are kept by the batch engine: not with a start state "
                           "or a search player")
    task = DominionTask(compiled, kingdom, rules, request.seed, request.schedule,
                        request.turn_stats, start, card_stats, deck_stats)
    settings: dict[str, Any] = {"rules": rules, "kingdom": [CARDS[c].name for c in kingdom]}
    if ruleset(rules).bane:  # Young Witch's Bane: the eleventh pile, named in the header
        settings["bane"] = ruleset(rules).bane
    if card_stats:  # the card axis of card_count / card_first
        seats = int(getattr(request.schedule, "num_seats", 2))
        settings["card_stat_cards"] = [CARDS[c].name
                                  for c in Engine(kingdom, seats, ruleset(rules)).card_ids]
    if deck_stats:  # the card axis of deck / supply_end / trash_end
        seats = int(getattr(request.schedule, "num_seats", 2))
        settings["deck_cards"] = [CARDS[c].name
                                  for c in Engine(kingdom, seats, ruleset(rules)).card_ids]
    if start is not None:
        missing = sorted(CARDS[c].name for c in start.cards()
                         if not CARDS[c].is_kingdom and c not in Engine(kingdom, 2, rules)._supply)
        if missing:
            raise LudolabError(f"the kingdom lacks {', '.join(missing)}, which the start uses")
        settings["start"] = start.summary()
    return BuiltTask(task, tuple(names), bot_identity(compiled), settings)


SPEC = GameSpec(
    name="dominion",
    title="Dominion",
    min_seats=1,
    max_seats=MAX_PLAYERS,
    columns=COLUMNS,
    unit="VP",
    score=score,
    margin=margin,
    build_task=build_task,
    option_keys=OPTION_KEYS,
    check_options=check_options,
    description="Dominion base game: bots as data on a compiled engine",
    examples=("Big Money", "Smithy Big Money"),
    new_state=new_state,
    categories={"end_reason": tuple(END_REASON_LABELS[r] for r in sorted(EndReason))},
)
