"""Dominion's fitness task: evolved bots against opponents on the compiled engine.

:class:`MatchTask` plays candidates against opponents, every deal in both seatings, and returns
the per-game records the generic fitness (:mod:`ludolab.evolve.fitness`) summarises: the margin
is the candidate's VP minus its opponent's. :func:`validate` and :func:`challenge` are the
generic ones with Dominion's task.

Why its own task and not the registry's ``DominionTask``: evolved bots are compiled bot specs,
not names or files, and the games must stay exactly those of earlier runs (same seeds, same
champion): game ``j`` of a pairing is the engine's game of seed ``seeds[j // 2]`` with the
candidate in seat ``j % 2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ludolab.arena.runner import RecordBatch
from ludolab.evolve.fitness import (
    PURPOSE_CHALLENGE,
    PURPOSE_CHECK,
    PURPOSE_FITNESS,
    PURPOSE_VALIDATE,
    Challenge,
    Runner,
    Validation,
    challenge_task,
    deal_seeds,
    mean_margins,
    validate_task,
)
from ludolab.games.dominion.botcode import CompiledBot
from ludolab.games.dominion.bots import compile_bot, load_spec
from ludolab.games.dominion.bots.spec import BotSpec
from ludolab.games.dominion.engine import Engine
from ludolab.games.dominion.rules import ruleset

__all__ = [
    "PURPOSE_CHALLENGE", "PURPOSE_CHECK", "PURPOSE_FITNESS", "PURPOSE_VALIDATE", "Challenge",
    "MatchTask", "Runner", "Validation", "challenge", "compile_spec", "deal_seeds",
    "load_opponent", "mean_margins", "validate",
]

_ENGINES: dict[tuple[tuple[int, ...], str, int], Any] = {}


def _engine(kingdom: Sequence[int], rules: str, players: int = 2) -> Any:
    """One engine per (kingdom, rules, players) and process (building it is not free)."""
    key = (tuple(kingdom), rules, players)
    eng = _ENGINES.get(key)
    if eng is None:
        eng = _ENGINES[key] = Engine(list(kingdom), players, ruleset(rules))
    return eng


@dataclass
class MatchTask:
    """Candidates against opponents, every deal in every seat of the candidate (picklable).

    Game index ``i`` is game ``j = i % games`` of pairing ``p = i // games`` with candidate
    ``p // len(opponents)`` and opponent ``p % len(opponents)``; game ``j`` uses deal
    ``j // players`` (``seeds[j // players]``) with the candidate in seat ``j % players`` and the
    opponent in every other seat (``players`` 2, the default: two-player games in both
    seatings). ``run`` returns per-game arrays: ``index``, ``margin`` (candidate VP minus the
    best opponent seat's VP), ``outcome`` (the candidate's: 2 won, 1 shared the win, 0 lost),
    ``turns`` (the candidate's).
    """

    candidates: list[CompiledBot]
    opponents: list[CompiledBot]
    kingdom: list[int]
    rules: str
    seeds: np.ndarray
    games: int
    players: int = 2

    @property
    def total(self) -> int:
        """Number of games of the whole task."""
        return len(self.candidates) * len(self.opponents) * self.games

    def run(self, indices: np.ndarray) -> Any:
        """Play the games ``indices`` (any subset, any order); their records as a RecordBatch."""

        return RecordBatch(self.play(indices))

    def play(self, indices: np.ndarray) -> dict[str, np.ndarray]:
        """Play the games ``indices`` and return their records as a dict of arrays."""
        idx = np.asarray(indices, dtype=np.int64)
        p_n = self.players
        engine = _engine(self.kingdom, self.rules, p_n)
        pairing, j = np.divmod(idx, self.games)
        deal, seat = np.divmod(j, p_n)
        n = len(idx)
        out = {
            "index": idx,
            "margin": np.zeros(n, np.int32),
            "outcome": np.zeros(n, np.int8),
            "turns": np.zeros(n, np.int32),
        }
        key = pairing * p_n + seat
        for k in np.unique(key):
            rows = np.nonzero(key == k)[0]
            p, s = divmod(int(k), p_n)
            cand = self.candidates[p // len(self.opponents)]
            opp = self.opponents[p % len(self.opponents)]
            bots = [opp] * p_n
            bots[s] = cand
            rec = engine.play(bots, np.ascontiguousarray(self.seeds[deal[rows]], np.uint64))
            vp = np.asarray(rec.vp, dtype=np.int64)
            others = np.delete(vp, s, axis=1).max(axis=1)
            out["margin"][rows] = vp[:, s] - others
            out["outcome"][rows] = np.asarray(rec.outcome)[:, s]
            out["turns"][rows] = np.asarray(rec.turns)[:, s]
        return out


def compile_spec(spec: BotSpec) -> CompiledBot:
    """Compile a bot spec with the bot language's compiler."""

    return compile_bot(spec)


def load_opponent(name_or_path: str) -> BotSpec:
    """A bot of the library by name, or a bot file by path (one-line error when unknown)."""

    return load_spec(name_or_path)


def validate(
    bot: CompiledBot,
    opponents: Sequence[CompiledBot],
    opponent_names: Sequence[str],
    kingdom: Sequence[int],
    rules: str,
    games: int,
    seeds: np.ndarray,
    runner: Runner | None = None,
) -> Validation:
    """Play ``games`` games against each opponent on the given deals and summarise them."""
    task = MatchTask([bot], list(opponents), list(kingdom), rules, seeds, games)
    return validate_task(task, opponent_names, runner)


def challenge(
    bot: CompiledBot,
    opponent: CompiledBot,
    opponent_name: str,
    kingdom: Sequence[int],
    rules: str,
    seed: int,
    **options: Any,
) -> Challenge:
    """:func:`ludolab.evolve.fitness.challenge_task` of ``bot`` against ``opponent`` (same
    keyword options: ``p0``, ``p1``, ``alpha``, ``beta``, ``max_games``, ``batch``, ``runner``,
    ``stage``, ``on_batch``)."""
    def make(seeds: np.ndarray, n: int) -> MatchTask:
        return MatchTask([bot], [opponent], list(kingdom), rules, seeds, n)

    return challenge_task(make, opponent_name, seed, **options)
