"""Poker's fitness task: evolved bots against opponents in heads-up duplicate matches.

Every deal is played twice with the same cards in each seat and the same button, the bots
swapped: the seatings of the arena's heads-up duplicate schedule
(:func:`ludolab.arena.schedules.rotation` of two bots), which is what ``ludolab poker sim`` plays
by default. So a deal with its two hands is one duplicate unit, the unit of every interval
(:func:`ludolab.evolve.fitness.summarize` takes the two games of a deal together). A game is
played as the registered poker task plays it (deal seed -> every seat's cards and the board,
button ``deal % 2``), and its result is read with the registry's ``margin`` (small bets won)
and ``score`` (pot share: the outcome).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ludolab.arena.runner import RecordBatch
from ludolab.arena.schedules import rotation
from ludolab.core import registry
from ludolab.games.poker.rules import ruleset

__all__ = ["PokerMatchTask"]

_ENGINES: dict[str, Any] = {}


def _engine(rules: str) -> Any:
    """One heads-up engine per rule set and process."""
    eng = _ENGINES.get(rules)
    if eng is None:
        from ludolab.games.poker.engine import Engine  # lazy: compiles the engine on first use

        eng = _ENGINES[rules] = Engine(ruleset(rules), 2)
    return eng


@dataclass
class PokerMatchTask:
    """Candidate rows against opponent rows, every deal in both seatings (picklable).

    The indexing of :class:`ludolab.evolve.fitness.MatchTask`: game ``j`` of a pairing is deal
    ``j // 2`` (``seeds[j // 2]``) in trial ``j % 2`` of the duplicate schedule, which puts the
    candidate in seat ``j % 2``. Records: ``index``, ``margin`` (the candidate's small bets won),
    ``outcome`` (2 took the pot alone, 1 split it, 0 lost it), ``turns`` (its decisions).
    """

    candidates: np.ndarray
    opponents: np.ndarray
    rules: str
    seeds: np.ndarray
    games: int

    @property
    def total(self) -> int:
        """Number of games (hands) of the whole task."""
        return len(self.candidates) * len(self.opponents) * self.games

    def run(self, indices: np.ndarray) -> Any:
        """Play the games ``indices`` (any subset, any order); their records as a RecordBatch."""
        return RecordBatch(self.play(indices))

    def play(self, indices: np.ndarray) -> dict[str, np.ndarray]:
        """Play the games ``indices`` and return their records as a dict of arrays."""
        idx = np.asarray(indices, dtype=np.int64)
        spec = registry.get("poker")
        schedule = rotation(2)
        pairing, j = np.divmod(idx, self.games)
        deal, trial = np.divmod(j, schedule.games_per_deal)
        seating = np.asarray(schedule.trials, dtype=np.int64)[trial]  # bot 0 is the candidate
        n = len(idx)
        out = {"index": idx, "margin": np.zeros(n), "outcome": np.zeros(n, np.int8),
               "turns": np.zeros(n, np.int32)}
        engine = _engine(self.rules)
        nopp = len(self.opponents)
        for p in np.unique(pairing):
            rows = np.nonzero(pairing == p)[0]
            bots = np.stack([self.candidates[p // nopp], self.opponents[p % nopp]])
            d = deal[rows]
            rec = engine.play(bots, np.ascontiguousarray(self.seeds[d], np.uint64), d % 2,
                              np.ascontiguousarray(seating[rows]))
            records = {"won": rec.chips / engine.rules.small_bet, "value": rec.values,
                       "folded": rec.folded, "showdown": rec.showdown}
            seat = trial[rows]  # the candidate's seat: trial 0 seats it first, trial 1 second
            at = np.arange(len(rows))
            out["margin"][rows] = spec.margin(records)[at, seat]
            share = spec.score(records)[at, seat]
            out["outcome"][rows] = np.where(share >= 1.0, 2, np.where(share > 0.0, 1, 0))
            out["turns"][rows] = np.asarray(rec.decisions)[at, seat]
        return out
