"""Fitness, validation and challenges of evolved strategies, for any game with a match task.

Fitness (document 004): the mean margin (Dominion: my VP minus the best opponent's VP; poker:
small bets won per hand) over a number of games against each opponent. Games are played in
pairs: deal ``d`` (a keyed game seed) is played once with the candidate in seat 1 and once in
seat 2, so both seatings count equally and the seat advantage cancels inside the pair (poker's
duplicate unit). Every candidate of a generation plays the *same* deals
(common random numbers), so differences between candidates come from strategy, not luck.

The work is a game's picklable :class:`MatchTask` (built by the game's problem,
:mod:`ludolab.evolve.problem`) with a ``run(indices)`` method, the chunk protocol of
:func:`ludolab.arena.runner.run_games`: one process plays everything, or the runner spreads chunks
over local processes or Ray; results are identical whatever the split because game ``j`` of
pairing ``(candidate, opponent)`` always uses deal ``j // 2`` and seating ``j % 2``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ludolab.arena.runner import run_games
from ludolab.arena.sprt import SPRT
from ludolab.arena.stats import (
    cluster_proportion,
    deal_totals,
    mean_interval,
    paired_summary,
    win_tie_loss,
)
from ludolab.core import rng as krng
from ludolab.errors import LudolabError


def deal_seeds(seed: int, purpose: int, stage: int, deals: int) -> np.ndarray:
    """Seeds of ``deals`` deals for one stage of a run (a generation, the validation, ...).

    Keyed by ``(seed, purpose, stage)``: a generation's deals are fresh, the same for every
    candidate, and the same whatever the number of workers.
    """
    master = krng.keyed_u64(seed, krng.TABLE, purpose, stage)
    return krng.game_seeds(master, 0, deals)


class MatchTask(Protocol):
    """What a game's fitness task offers (Dominion's :class:`~ludolab.evolve.dominion.fitness.
    MatchTask`, poker's :class:`~ludolab.evolve.poker.fitness.PokerMatchTask`).

    Candidates against opponents in two-player games, each deal played in both seatings: game
    index ``i`` is game ``j = i % games`` of pairing ``p = i // games`` (candidate
    ``p // opponents``, opponent ``p % opponents``), and game ``j`` is deal ``j // 2`` with the
    candidate in seat ``j % 2``. ``play`` returns per-game arrays ``index``, ``margin`` (the
    candidate's result in the game's unit), ``outcome`` (the candidate's: 2 won, 1 shared,
    0 lost) and ``turns``; ``run`` wraps them for :func:`ludolab.arena.runner.run_games`.
    """

    games: int

    @property
    def total(self) -> int: ...

    def run(self, indices: np.ndarray) -> Any: ...

    def play(self, indices: np.ndarray) -> dict[str, np.ndarray]: ...


@dataclass
class Runner:
    """How games are spread: in this process, over local worker processes, or over Ray."""

    workers: int = 1
    backend: str = "local"
    address: str | None = None

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise LudolabError(f"workers must be at least 1, got {self.workers}")
        if self.backend not in ("local", "ray"):
            raise LudolabError(f"unknown backend {self.backend!r}; choose from local, ray")

    def play(self, task: MatchTask) -> dict[str, np.ndarray]:
        """All games of ``task``, ordered by game index (the same records whatever the split)."""
        total = task.total
        if self.workers == 1 and self.backend == "local":
            return task.play(np.arange(total, dtype=np.int64))

        # chunks of whole pairings where possible: a chunk plays a pairing in one engine call
        per_worker = max(1, math.ceil(total / (self.workers * 2)))
        chunk = max(task.games, (per_worker // task.games) * task.games) if task.games else 1
        run = run_games(task, total, workers=self.workers, backend=self.backend,
                        address=self.address, chunk_size=chunk)
        if getattr(run, "interrupted", False):
            raise KeyboardInterrupt
        return run.records.sort_by_index().as_dict()


def mean_margins(
    records: dict[str, np.ndarray], candidates: int, opponents: int, games: int
) -> np.ndarray:
    """Mean margin of each candidate over all its games (all opponents weigh the same)."""
    m = records["margin"].astype(np.float64).reshape(candidates, opponents * games)
    return m.mean(axis=1)


def worst_margins(
    records: dict[str, np.ndarray], candidates: int, opponents: int, games: int
) -> np.ndarray:
    """Each candidate's mean margin against its worst opponent (a maximin fitness: no opponent
    that gives much away can hide a loss to another)."""
    m = records["margin"].astype(np.float64).reshape(candidates, opponents, games)
    return m.mean(axis=2).min(axis=1)


def mean_scores(
    records: dict[str, np.ndarray], candidates: int, opponents: int, games: int
) -> np.ndarray:
    """Each candidate's mean score over all its games: a win 1, a shared win 1/2, a loss 0
    (what a player wants; unlike the VP margin, a big win counts no more than a narrow one)."""
    s = scores(records["outcome"])
    return s.reshape(candidates, opponents * games).mean(axis=1)


def scores(outcome: np.ndarray) -> np.ndarray:
    """Game scores from outcomes (2 won, 1 shared, 0 lost): 1, 1/2, 0."""
    o = np.asarray(outcome)
    return np.where(o == 2, 1.0, np.where(o == 1, 0.5, 0.0))


#: Fitness by name: how a candidate's margins against the opponents become one number.
FITNESS = {"mean": mean_margins, "min": worst_margins, "score": mean_scores}


def figure(v: Validation, how: str = "mean") -> float:
    """The figure of a validation that matches fitness ``how``: the mean margin over all
    opponents, the worst opponent's, or the score (wins plus half the ties, per game)."""
    if how == "min" and v.by_opponent:
        return min(float(r["margin"]) for r in v.by_opponent)
    if how == "score":
        return (v.wins + 0.5 * v.ties) / v.games if v.games else math.nan
    return v.margin


@dataclass
class Validation:
    """A strategy's results on a fresh sample: what to report (not the fitness it was chosen on).

    ``wins``/``ties``/``losses`` with 95% Wilson-type intervals on the deals' effective number of
    games, the mean margin with its interval from the variance of deal means (the two games of a
    deal share their luck), and per-opponent rows of the same figures.
    """

    games: int
    wins: int
    ties: int
    losses: int
    win_ci: tuple[float, float]
    tie_ci: tuple[float, float]
    loss_ci: tuple[float, float]
    margin: float
    margin_ci: tuple[float, float]
    by_opponent: list[dict[str, Any]] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """Wins over games."""
        return self.wins / self.games if self.games else math.nan

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready figures."""
        return {
            "games": self.games, "wins": self.wins, "ties": self.ties, "losses": self.losses,
            "win_rate": self.win_rate, "win_ci": list(self.win_ci), "tie_ci": list(self.tie_ci),
            "loss_ci": list(self.loss_ci), "margin": self.margin,
            "margin_ci": list(self.margin_ci), "by_opponent": self.by_opponent,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Validation:
        """Rebuild from :meth:`to_dict`."""
        return cls(
            int(d["games"]), int(d["wins"]), int(d["ties"]), int(d["losses"]),
            tuple(d["win_ci"]), tuple(d["tie_ci"]), tuple(d["loss_ci"]),  # type: ignore[arg-type]
            float(d["margin"]), tuple(d["margin_ci"]),  # type: ignore[arg-type]
            list(d.get("by_opponent", [])),
        )

    def line(self) -> str:
        """One line: win rate with its interval, tie and loss rates, margin with its interval."""
        return (
            f"win {100 * self.win_rate:.1f}% [{100 * self.win_ci[0]:.1f}, "
            f"{100 * self.win_ci[1]:.1f}], tie {100 * self.ties / self.games:.1f}%, "
            f"loss {100 * self.losses / self.games:.1f}%, margin {self.margin:+.2f} "
            f"[{self.margin_ci[0]:+.2f}, {self.margin_ci[1]:+.2f}] ({self.games:,} games)"
        )


def _figures(margin: np.ndarray, outcome: np.ndarray, per_deal: int = 2) -> dict[str, Any]:
    """Counts and intervals; with whole deals (``per_deal`` consecutive games share a deal's
    luck: its two seatings, against every opponent) the intervals are over deals
    (:func:`ludolab.arena.stats.cluster_proportion`), else per game."""
    wins, ties = int((outcome == 2).sum()), int((outcome == 1).sum())
    losses = int(len(outcome) - wins - ties)
    m = margin.astype(np.float64)
    if len(m) >= 2 * per_deal and len(m) % per_deal == 0:
        ci = paired_summary(m.reshape(-1, per_deal)).mean
        margin_ci = (ci.low, ci.high)
        deals = np.arange(len(m)) // per_deal
        win, tie, loss = (cluster_proportion(*deal_totals(deals, mask.astype(float))).interval
                          for mask in (outcome == 2, outcome == 1, outcome == 0))
    else:
        wtl = win_tie_loss(wins, ties, losses)
        win, tie, loss = wtl.win, wtl.tie, wtl.loss
        if len(m) >= 2:
            mi = mean_interval(m).interval
            margin_ci = (mi.low, mi.high)
        else:
            margin_ci = (math.nan, math.nan)
    return {
        "games": len(m), "wins": wins, "ties": ties, "losses": losses,
        "win_ci": (win.low, win.high), "tie_ci": (tie.low, tie.high),
        "loss_ci": (loss.low, loss.high), "margin": float(m.mean()) if len(m) else 0.0,
        "margin_ci": margin_ci,
    }


def summarize(
    records: dict[str, np.ndarray], opponent_names: Sequence[str], games: int
) -> Validation:
    """Figures for one candidate's records (``opponents x games`` games, in task order).

    Every opponent plays the same deals (as :func:`validate_task` sets them), so the pooled
    figures take a deal with all its games, against every opponent, as one unit."""
    margin = records["margin"]
    outcome = records["outcome"]
    by = []
    for o, name in enumerate(opponent_names):
        sl = slice(o * games, (o + 1) * games)
        f = _figures(margin[sl], outcome[sl])
        f["opponent"] = name
        by.append({k: (list(v) if isinstance(v, tuple) else v) for k, v in f.items()})
    n = len(opponent_names)
    if n > 1 and games % 2 == 0:
        # every opponent plays the same deals: the units of the pooled figures are whole deals
        order = np.arange(n * games).reshape(n, games // 2, 2).transpose(1, 0, 2).ravel()
        f = _figures(margin[order], outcome[order], per_deal=2 * n)
    else:
        f = _figures(margin, outcome)
    return Validation(by_opponent=by, **f)


def validate_task(
    task: MatchTask, opponent_names: Sequence[str], runner: Runner | None = None
) -> Validation:
    """Play a one-candidate task (``games`` games against each opponent) and summarise it."""
    if task.games < 2:
        raise LudolabError(f"validation needs at least 2 games, got {task.games}")
    records = (runner or Runner()).play(task)
    return summarize(records, opponent_names, task.games)


@dataclass
class Challenge:
    """The result of a sequential test of a candidate against one opponent."""

    opponent: str
    decision: str  # "better", "not better" or "undecided"
    games: int
    score: float  # candidate's mean score (win 1, tie 1/2, loss 0)
    score_ci: tuple[float, float]
    detail: str = ""

    @property
    def passed(self) -> bool:
        """True when the test concluded that the candidate is better."""
        return self.decision == "better"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready result."""
        return {"opponent": self.opponent, "decision": self.decision, "games": self.games,
                "score": self.score, "score_ci": list(self.score_ci), "detail": self.detail}


def challenge_task(
    make_task: Callable[[np.ndarray, int], MatchTask],
    opponent_name: str,
    seed: int,
    *,
    p0: float = 0.5,
    p1: float = 0.53,
    alpha: float = 0.05,
    beta: float = 0.05,
    max_games: int = 20_000,
    batch: int = 100,
    runner: Runner | None = None,
    stage: int = 0,
    on_batch: Callable[[int, float], None] | None = None,
) -> Challenge:
    """Sequential probability ratio test: is a candidate better than an opponent head to head?

    ``make_task(seeds, games)`` builds the game's task of the candidate against the opponent on
    those deals (``games`` games, both seatings of each deal).

    Plays game pairs (both seatings of a fresh deal) in batches and feeds them to the arena's
    paired (pentanomial) :class:`~ludolab.arena.sprt.SPRT` on the candidate's expected score per
    game (win 1, tie 1/2, loss 0): H0 score ``p0`` against H1 score ``p1``, error rates ``alpha``
    (a false "better") and ``beta`` (a missed "better"). The bounds are checked after every
    pair, so the stop is exact even inside a batch (the rest of that batch still counts in the
    reported score). Decision "better" (H1 accepted), "not better" (H0 accepted) or "undecided"
    after ``max_games``. The default H1, score 0.53 (about +21 Elo), asks for an edge a player
    would notice; the default H0 is equality.
    """

    test = SPRT(alpha=alpha, beta=beta, p0=p0, p1=p1, paired=True)
    batch = max(2, batch - batch % 2)
    played = 0
    chunk = 0
    while played < max_games and test.status == "continue":
        n = min(batch, max_games - played)
        n -= n % 2
        if n <= 0:
            break
        seeds = deal_seeds(seed, PURPOSE_CHALLENGE, stage * 1_000_003 + chunk, n // 2)
        task = make_task(seeds, n)
        rec = (runner or Runner()).play(task)
        s = np.where(rec["outcome"] == 2, 1.0, np.where(rec["outcome"] == 1, 0.5, 0.0))
        test.update(s.reshape(-1, 2))
        played += n
        chunk += 1
        if on_batch:
            on_batch(played, test.llr)
    decision = {"H1": "better", "H0": "not better"}.get(test.status, "undecided")
    sc = test.score()
    score_ci = (sc.low, sc.high) if sc is not None else (math.nan, math.nan)
    return Challenge(opponent_name, decision, played, sc.estimate if sc else math.nan, score_ci,
                     detail=test.summary())


PURPOSE_FITNESS = krng.purpose("evolve/fitness")
PURPOSE_CHECK = krng.purpose("evolve/check")
PURPOSE_VALIDATE = krng.purpose("evolve/validate")
PURPOSE_CHALLENGE = krng.purpose("evolve/challenge")
