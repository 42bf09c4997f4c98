"""Simulations of any registered game: run through the runner, keep whole deals, summarise.

A simulation is a line-up of bots (1 to the game's seat count) playing ``games`` games, every
bot in every game. The game is asked for its task, record schema, score and margin through
:mod:`ludolab.core.registry`; this module knows no game.

>>> result = simulate("dominion", ["Big Money", "Smithy Big Money"], games=400, seed=7)
>>> result.games, result.bots, result.settings["kingdom"]
(400, ['Big Money', 'Smithy Big Money'], ['Smithy'])

Seating: by default every deal (one seed) is played in every seating of the bots
(``seating="rotate"``: 2 games per deal for 2 bots, 6 for 3, 24 for 4), so each bot gets every
seat's luck; ``seating="fixed"`` keeps bot *i* in seat *i*. Bots that play identically (a
mirror match) are seated once per distinct arrangement
(:func:`ludolab.arena.schedules.without_copies`): the same game is never paid for twice, nor
counted twice. Game *g* is deal ``g // games_per_deal`` in trial ``g % games_per_deal``, so
results do not depend on how the games are split into chunks or processes.

Intervals: games that share a deal are not independent, so every interval here is computed over
deals (:func:`ludolab.arena.stats.cluster_proportion` for rates,
:func:`ludolab.arena.stats.cluster_mean` for margins), and only whole deals enter the statistics:
a run stopped mid-deal (Ctrl-C, or a game count that is not a multiple of the games per deal)
sets the partial deal's games aside and says how many (:attr:`SimulationResult.set_aside`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import ludolab.games  # noqa: F401  (registers the games with the registry, lazily)
from ludolab.arena.runner import RecordBatch, run_games
from ludolab.arena.schedules import Schedule, rotation, without_copies
from ludolab.arena.stats import (
    DealGroups,
    cluster_mean,
    cluster_proportion,
    deal_totals,
    whole_deals,
)
from ludolab.core import registry
from ludolab.core.registry import BuiltTask, GameSpec, TaskRequest
from ludolab.core.rng import check_seed
from ludolab.errors import LudolabError

#: The most games one run plays: its records are kept in memory (about 100 bytes a game and more
#: with per-turn statistics), so a larger count is refused up front rather than running out of
#: memory.
MAX_GAMES = 100_000_000

__all__ = [
    "SEATINGS",
    "OffsetTask",
    "PreparedSimulation",
    "RecordsTask",
    "SimulationResult",
    "build",
    "by_bot",
    "prepare",
    "simulate",
]

SEATINGS = ("rotate", "fixed")


@dataclass
class RecordsTask:
    """A game's task as the runner wants it: its columns come back as a ``RecordBatch``.

    Games return plain column mappings (they know no arena); ``preferred_chunk_size`` and
    ``fingerprint`` of the game's task are passed through.
    """

    inner: Any

    @property
    def preferred_chunk_size(self) -> int | None:
        """The game task's preferred chunk size, if it has one."""
        return getattr(self.inner, "preferred_chunk_size", None)

    def run(self, indices: np.ndarray) -> RecordBatch:
        """Play the games at ``indices`` through the game's task."""
        out = self.inner.run(indices)
        return out if isinstance(out, RecordBatch) else RecordBatch(out)


@dataclass
class OffsetTask:
    """Plays games ``offset + i`` of ``inner`` as games ``i``: one look of a sequential test is a
    run of its own, on the games that follow the looks before it."""

    inner: Any
    offset: int

    @property
    def preferred_chunk_size(self) -> int | None:
        return getattr(self.inner, "preferred_chunk_size", None)

    def run(self, indices: np.ndarray) -> RecordBatch:
        data = self.inner.run(np.asarray(indices, dtype=np.int64) + self.offset).as_dict()
        data["index"] = data["index"] - self.offset
        return RecordBatch(data)



def build(spec: GameSpec, request: TaskRequest) -> tuple[BuiltTask, Schedule]:
    """The game's task for ``request``, with identical bots seated once (see the module doc).

    Returns the built task and the schedule it plays (``request.schedule`` or its copy-free
    version when the game says two players are the same).
    """
    if spec.build_task is None:
        raise LudolabError(f"{spec.title} cannot be played by the arena (no task builder)")
    built = spec.build_task(request)
    schedule = request.schedule
    if built.identity is not None and isinstance(schedule, Schedule):
        reduced = without_copies(schedule, built.identity)
        if reduced is not schedule:
            schedule = reduced
            built = spec.build_task(TaskRequest(request.players, schedule, request.seed,
                                                request.options, request.base_dir,
                                                request.turn_stats))
    return built, schedule


def by_bot(records: Mapping[str, np.ndarray], key: str, bots: int | None = None) -> np.ndarray:
    """Per-seat column ``key`` rearranged by bot: ``out[g, b]`` is bot ``b``'s value in game ``g``.

    For schedules where every bot sits in every game: once (a simulation), or, when ``bots`` is
    fewer than the seats (a line-up filling the seats by repeating its bots), in several seats,
    whose values are then averaged (the bot's copies pooled).
    """
    seating = np.asarray(records["seating"])
    values = np.asarray(records[key])
    if bots is not None and seating.ndim == 2 and bots < seating.shape[1]:
        return _pooled_by_bot(seating.astype(np.intp), values, bots)
    if seating.ndim == 2 and (seating == np.arange(seating.shape[1])).all():
        return values.copy()  # bot i in seat i in every game (fixed seats, a mirror's one seating)
    seating = seating.astype(np.intp)
    out = np.empty_like(values)
    if values.ndim == 2:  # out[g, seating[g, s]] = values[g, s], the fast way
        np.put_along_axis(out, seating, values, axis=1)
    else:  # per-turn columns [G, P, T]
        out[np.arange(len(seating))[:, None], seating] = values
    return out


def _pooled_by_bot(seating: np.ndarray, values: np.ndarray, bots: int) -> np.ndarray:
    """``out[g, b]``: the mean of ``values[g, s]`` over the seats ``s`` bot ``b`` holds in game
    ``g`` (``values`` ``[G, P]`` or ``[G, P, T]``)."""
    g, p = seating.shape
    flat = (np.arange(g)[:, None] * bots + seating).reshape(-1)
    counts = np.bincount(flat, minlength=g * bots).astype(np.float64)
    v = values.reshape(g * p, -1).astype(np.float64)
    sums = np.zeros((g * bots, v.shape[1]))
    np.add.at(sums, flat, v)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = sums / counts[:, None]
    return out.reshape((g, bots, *values.shape[2:]))


def _pair(interval: Any) -> tuple[float, float]:
    return (interval.low, interval.high)


_NAN2 = (math.nan, math.nan)


@dataclass
class SimulationResult:
    """Per-game records of a simulation (whole deals only) and the summaries built from them.

    ``settings`` are the game's resolved settings (Dominion: ``rules``, ``kingdom``);
    ``set_aside`` counts finished games left out because their deal was not complete.
    """

    game: str
    bots: list[str]
    seed: int
    seating: str
    records: dict[str, np.ndarray]
    requested: int
    seconds: float = 0.0
    interrupted: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    set_aside: int = 0
    games_per_deal: int = 1
    meta: dict[str, Any] = field(default_factory=dict)
    resumed: int = 0
    """Games taken from a results file when resuming."""
    damage: str = ""
    """What a damaged results file lost (one line; empty when nothing)."""

    @property
    def spec(self) -> GameSpec:
        """The game's registered spec."""
        return registry.get(self.game)

    @property
    def games(self) -> int:
        """Games in the statistics (whole deals)."""
        return len(self.records.get("index", ()))

    def _cache(self, name: str) -> dict[Any, Any]:
        """A cache of values computed from the records, emptied when the records are replaced."""
        index = self.records.get("index")
        if self.meta.get("_cached_for") is not index:
            for key in ("_by_bot", "_rows"):
                self.meta.pop(key, None)
            groups = self.meta.get("_deal_groups")
            if groups is not None and groups[0] is not self.records.get("deal"):
                del self.meta["_deal_groups"]
            self.meta["_cached_for"] = index
        return self.meta.setdefault(name, {})

    @property
    def deal_groups(self) -> DealGroups:
        """The games grouped by deal, built once (linear time) and shared by every statistic;
        rebuilt only if ``records["deal"]`` is replaced."""
        deals = self.records["deal"] if self.games else np.zeros(0, dtype=np.int64)
        self._cache("_by_bot")
        cached = self.meta.get("_deal_groups")
        if cached is None or cached[0] is not deals:
            cached = (deals, DealGroups(deals))
            self.meta["_deal_groups"] = cached
        return cached[1]

    @property
    def deals(self) -> int:
        """Deals in the statistics: the independent units of every interval."""
        return self.deal_groups.count

    def bot_view(self, key: str) -> np.ndarray:
        """Per-seat column ``key`` by bot (``[G, bots]``), cached."""
        cache = self._cache("_by_bot")
        if key not in cache:
            cache[key] = by_bot(self.records, key, len(self.bots))
        return cache[key]

    def _by_seat(self, name: str, fn: Callable[[Mapping[str, np.ndarray]], np.ndarray] | None,
                 ) -> np.ndarray:
        """``fn(records)`` by seat (``[G, seats]``), computed once."""
        cache = self._cache("_by_bot")
        key = f"{name}_by_seat"
        if key not in cache:
            if fn is None:
                raise LudolabError(f"{self.spec.title} records have no {name}")
            cache[key] = fn(self.records)
        return cache[key]

    def _cached(self, name: str, fn: Callable[[Mapping[str, np.ndarray]], np.ndarray] | None,
                ) -> np.ndarray:
        cache = self._cache("_by_bot")
        if name not in cache:
            cache[name] = by_bot({"seating": self.records["seating"],
                                  name: self._by_seat(name, fn)}, name, len(self.bots))
        return cache[name]

    @property
    def pooled(self) -> bool:
        """Do the bots fill more seats than there are bots (``seats=``: each bot in several
        seats of every game)? Then a bot's row pools its copies' seat-games."""
        seating = self.records.get("seating")
        return seating is not None and seating.ndim == 2 and seating.shape[1] > len(self.bots)

    # -- summaries -----------------------------------------------------------------------------
    def scores(self) -> np.ndarray:
        """Per game and bot: 1 for a sole win, ``1/k`` for a shared one, 0 for a loss."""
        return self._cached("_score", self.spec.score)

    def margins(self, bot: int) -> np.ndarray:
        """Per game: this bot's result minus the best other bot's (in the game's unit)."""
        return self._cached("_margin", self.spec.margin)[:, bot]

    def _rate(self, mask: np.ndarray, confidence: float) -> tuple[float, tuple[float, float]]:
        n = len(mask)
        if not n:
            return math.nan, _NAN2
        if self.deals < 2:
            return float(mask.mean()), _NAN2
        s = cluster_proportion(*deal_totals(self.deal_groups, mask.astype(float)), confidence)
        return float(mask.mean()), _pair(s.interval)

    def _bot_mean(self, key: str, bot: int) -> float:
        """Mean of per-seat column ``key`` over the games, for ``bot`` wherever it sat.

        Integer columns (VP, turns) are summed for every bot in one pass: a sum of integers in
        float64 is exact in any order below 2**53, so this is ``bot_view(key)[:, bot].mean()``
        to the last bit without rearranging the column; other columns go through bot_view.
        """
        cache = self._cache("_by_bot")
        if ("_sum", key) not in cache:
            values = self.records[key]
            exact = (values.dtype.kind in "iub" and values.ndim == 2 and values.size
                     and int(np.abs(values).max()) * values.size < 2**53)
            cache[("_sum", key)] = np.bincount(
                np.asarray(self.records["seating"], dtype=np.intp).reshape(-1),
                weights=values.reshape(-1), minlength=len(self.bots)) if exact else None
        sums = cache[("_sum", key)]
        if sums is None:
            return float(self.bot_view(key)[:, bot].mean())
        return float(sums[bot] / self.games)

    def _memo(self, name: str, confidence: float,
              fn: Callable[[float], list[dict[str, Any]]]) -> list[dict[str, Any]]:
        """Rows computed once per confidence (a table, its caption and the JSON all ask), handed
        out as copies so a caller's edits never reach the next caller."""
        cache = self._cache("_rows")
        if (name, confidence) not in cache:
            cache[(name, confidence)] = fn(confidence)
        return [dict(r) for r in cache[(name, confidence)]]

    def bot_rows(self, confidence: float = 0.95) -> list[dict[str, Any]]:
        """One summary dict per bot: wins/ties/losses with intervals over deals, margin with a
        t interval over deals, and the mean of every summary column (Dominion: VP, turns)."""
        return self._memo("bot", confidence, self._bot_rows)

    def _bot_rows(self, confidence: float) -> list[dict[str, Any]]:
        if self.pooled and self.games:
            return self._pooled_rows(confidence)
        n = self.games
        summary_cols = [c.name for c in self.spec.columns if c.summary and c.name in self.records]
        rows = []
        for b, name in enumerate(self.bots):
            row: dict[str, Any] = {"bot": name, "games": n, "deals": self.deals}
            if n:
                pts = self.scores()[:, b]
                win, loss = np.isclose(pts, 1.0), pts == 0
                tie = ~win & ~loss
            else:
                win = tie = loss = np.zeros(0, dtype=bool)
            row.update(wins=int(win.sum()), ties=int(tie.sum()), losses=int(loss.sum()))
            for label, mask in (("win", win), ("tie", tie), ("loss", loss)):
                rate, ci = self._rate(mask, confidence)
                row[f"{label}_rate"], row[f"{label}_ci"] = rate, ci
            for col in summary_cols:
                row[f"mean_{col}"] = self._bot_mean(col, b) if n else math.nan
            margin = self.margins(b) if n else np.zeros(0)
            row["mean_margin"] = float(margin.mean()) if n else math.nan
            if self.deals >= 2:
                m = cluster_mean(*deal_totals(self.deal_groups, margin), confidence)
                row["margin_ci"] = _pair(m.interval)
            else:
                row["margin_ci"] = _NAN2
            rows.append(row)
        # the usual column order of the tables: VP before the margin, turns after it
        order = ["bot", "games", "deals", "wins", "ties", "losses", "win_rate", "win_ci",
                 "tie_rate", "tie_ci", "loss_rate", "loss_ci", "mean_vp", "mean_margin",
                 "margin_ci"]
        return [{k: r[k] for k in order if k in r} | r for r in rows]

    def _pooled_rows(self, confidence: float) -> list[dict[str, Any]]:
        """:meth:`bot_rows` when each bot holds several seats of every game: a bot's rates and
        means are over its seat-games (every copy, every seat), and their intervals over deals
        (a deal's total over all its games and the bot's seats is one cluster)."""
        seating = np.asarray(self.records["seating"])
        pts = self._by_seat("_score", self.spec.score)
        margins = self._by_seat("_margin", self.spec.margin)
        summary_cols = [c.name for c in self.spec.columns if c.summary and c.name in self.records]
        win, loss = np.isclose(pts, 1.0), pts == 0
        tie = ~win & ~loss
        rows = []
        for b, name in enumerate(self.bots):
            mine = seating == b
            seat_games = int(mine.sum())
            row: dict[str, Any] = {"bot": name, "games": self.games, "deals": self.deals,
                                   "seat_games": seat_games}
            row.update(wins=int((win & mine).sum()), ties=int((tie & mine).sum()),
                       losses=int((loss & mine).sum()))
            for label, hits in (("win", win), ("tie", tie), ("loss", loss)):
                row[f"{label}_rate"] = float(hits[mine].mean()) if seat_games else math.nan
                row[f"{label}_ci"] = _NAN2
                if self.deals >= 2 and seat_games:
                    s = cluster_proportion(*deal_totals(self.deal_groups, hits, mine),
                                           confidence)
                    row[f"{label}_ci"] = _pair(s.interval)
            for col in summary_cols:
                row[f"mean_{col}"] = (float(np.asarray(self.records[col])[mine].mean())
                                      if seat_games else math.nan)
            row["mean_margin"] = float(margins[mine].mean()) if seat_games else math.nan
            row["margin_ci"] = _NAN2
            if self.deals >= 2 and seat_games:
                m = cluster_mean(*deal_totals(self.deal_groups, margins, mine), confidence)
                row["margin_ci"] = _pair(m.interval)
            rows.append(row)
        order = ["bot", "games", "deals", "seat_games", "wins", "ties", "losses", "win_rate",
                 "win_ci", "tie_rate", "tie_ci", "loss_rate", "loss_ci", "mean_vp",
                 "mean_margin", "margin_ci"]
        return [{k: r[k] for k in order if k in r} | r for r in rows]

    def seat_rows(self, confidence: float = 0.95) -> list[dict[str, Any]]:
        """Win rate by seat over all bots (the first-player advantage), intervals over deals."""
        return self._memo("seat", confidence, self._seat_rows)

    def _seat_rows(self, confidence: float) -> list[dict[str, Any]]:
        n = self.games
        rows = []
        if n:
            seat_pts = self._by_seat("_score", self.spec.score)
        seats = self.records["seating"].shape[1] if n else len(self.bots)
        for s in range(seats):
            win = np.isclose(seat_pts[:, s], 1.0) if n else np.zeros(0, dtype=bool)
            tie = (seat_pts[:, s] > 0) & ~win if n else np.zeros(0, dtype=bool)
            rate, ci = self._rate(win, confidence)
            rows.append({"seat": s + 1, "games": n, "wins": int(win.sum()),
                         "ties": int(tie.sum()), "win_rate": rate, "win_ci": ci})
        return rows

    def category_shares(self, column: str) -> dict[str, float]:
        """Share of games per label of a coded column (every label, zeros included)."""
        labels = self.spec.categories[column]
        n = self.games
        codes = self.records[column] if n else np.zeros(0)
        return {name: float((codes == i).sum() / n) if n else math.nan
                for i, name in enumerate(labels)}

    def end_shares(self) -> dict[str, float]:
        """Share of games by how they ended (the game's ``end_reason`` labels); {} without."""
        if "end_reason" not in self.spec.categories:
            return {}
        return self.category_shares("end_reason")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        out: dict[str, Any] = {
            "game": self.game,
            "bots": self.bots,
            "games": self.games,
            "deals": self.deals,
            "requested": self.requested,
            "set_aside": self.set_aside,
            "interrupted": self.interrupted,
            "seed": self.seed,
            **self.settings,
            "seating": self.seating,
            "games_per_deal": self.games_per_deal,
            "seconds": round(self.seconds, 3),
            "by_bot": [_jsonable(r) for r in self.bot_rows()],
            "by_seat": [_jsonable(r) for r in self.seat_rows()],
        }
        ends = self.end_shares()
        if ends:
            out["ended_by"] = _jsonable(ends)
        if "turns" in self.records:
            out["mean_game_turns"] = (
                float(self.records["turns"].max(axis=1).mean()) if self.games else None
            )
        return out

    def to_frame(self) -> Any:
        """One row per game as a pandas DataFrame (:func:`ludolab.arena.results.records_frame`:
        per-seat columns by seat, ``bot_1 ..`` the bot in each seat)."""
        from ludolab.arena.results import records_frame  # lazy: workers need no pyarrow

        return records_frame(self.records, self.bots)


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in row.items():
        if isinstance(v, tuple):
            v = [None if (isinstance(x, float) and math.isnan(x)) else float(x) for x in v]
        elif isinstance(v, float) and math.isnan(v):
            v = None
        out[k] = v
    return out


@dataclass
class PreparedSimulation:
    """A checked simulation, ready to run (see :func:`prepare`)."""

    game: str
    names: list[str]
    seed: int
    seating: str
    games: int
    task: Any
    schedule: Schedule
    settings: dict[str, Any] = field(default_factory=dict)
    result_type: type[SimulationResult] = SimulationResult

    def run(
        self,
        *,
        workers: int = 1,
        backend: str = "local",
        address: str | None = None,
        chunk_size: int | None = None,
        progress: Callable[[int, int], None] | None = None,
        results_file: str | Path | None = None,
        resume: bool = False,
        on_batch: Callable[[RecordBatch], Any] | None = None,
    ) -> SimulationResult:
        """Play the games and return the result (Ctrl-C keeps the finished whole deals).

        With ``results_file`` every finished chunk is saved as it arrives; ``resume=True``
        continues a stopped run from that file, playing only the games it lacks.
        ``on_batch(batch)``: each finished chunk's records as it arrives (see
        :func:`~ludolab.arena.runner.run_games`); :meth:`result_of` summarises those seen so far.
        """
        if workers < 1:
            raise LudolabError(f"workers must be at least 1, got {workers}")
        run = run_games(RecordsTask(self.task), self.games, workers=workers,
                        backend=backend, address=address, chunk_size=chunk_size,
                        progress=progress, results_file=results_file, resume=resume,
                        on_batch=on_batch)
        result = self.result_of(run.records, run.seconds, run.interrupted)
        result.resumed, result.damage = run.resumed, run.damage
        return result

    def result_of(self, batch: RecordBatch, seconds: float = 0.0,
                  interrupted: bool = False) -> SimulationResult:
        """The result of the games in ``batch`` (records sorted by index): whole deals only,
        as :meth:`run` summarises a finished run; for the finished chunks of a run still going,
        this is the result so far, and for all of them it is the run's own result."""
        records = batch.as_dict()
        per_deal = self.schedule.games_per_deal
        set_aside = 0
        meta: dict[str, Any] = {}
        if "deal" in records:
            groups = DealGroups(records["deal"])
            keep = whole_deals(groups, records["trial"], per_deal)
            set_aside = int((~keep).sum())
            if set_aside:
                records = {k: v[keep] for k, v in records.items()}
            else:  # the grouping is the result's own: built once
                meta["_deal_groups"] = (records["deal"], groups)
        else:  # interrupted before the first chunk finished
            records = {}
        return self.result_type(self.game, self.names, self.seed, self.seating, records,
                                self.games, seconds, interrupted, dict(self.settings),
                                set_aside, per_deal, meta)


def _seat_span(spec: GameSpec) -> str:
    if spec.min_seats == spec.max_seats:
        return f"{spec.min_seats} bots"
    return f"{spec.min_seats} to {spec.max_seats} bots"


def prepare(
    game: str,
    bots: Sequence[Any],
    games: int = 10_000,
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    seating: str = "rotate",
    turn_stats: bool = False,
    result_type: type[SimulationResult] = SimulationResult,
    seats: int | None = None,
) -> PreparedSimulation:
    """Check everything a simulation needs (game, bots, options, counts) without playing.

    ``seats`` (default: one per bot) fills more seats by repeating the bots in turn: with
    ``seating="rotate"`` every seat is rotated through the line-up (so each bot holds every seat
    equally often) and each bot's row pools its copies (:attr:`SimulationResult.pooled`).
    Every user mistake surfaces here as one :class:`LudolabError`, before any game runs.
    """
    spec = registry.get(game)
    if seats is not None:
        if not spec.min_seats <= seats <= spec.max_seats:
            raise LudolabError(f"{spec.title} seats {_seat_span(spec).replace('bots', 'players')}"
                               f", got {seats} seats")
        if not 1 <= len(bots) <= seats:
            raise LudolabError(f"{len(bots)} bots do not fit {seats} seats")
    elif not spec.min_seats <= len(bots) <= spec.max_seats:
        raise LudolabError(f"{spec.title} takes {_seat_span(spec)}, got {len(bots)}")
    if games < 1:
        raise LudolabError(f"the number of games must be at least 1, got {games}")
    if games > MAX_GAMES:
        raise LudolabError(f"the number of games must be at most {MAX_GAMES:,} in one run "
                           f"(records are kept in memory; split a larger run), got {games:,}")
    seed = check_seed(seed)
    opts = dict(options or {})
    if spec.check_options is not None:
        opts = dict(spec.check_options(opts))
    n = len(bots)
    lineup = tuple(i % n for i in range(seats or n))
    if seating == "rotate":
        schedule = rotation(lineup if len(lineup) > n else n)
    elif seating == "fixed":
        schedule = Schedule(kind="fixed", num_bots=n, num_seats=len(lineup), trials=(lineup,),
                            blocks=(0,), lineup=lineup, description="fixed seats")
    else:
        raise LudolabError(f"unknown seating {seating!r}; choose from {', '.join(SEATINGS)}")
    built, schedule = build(spec, TaskRequest(tuple(bots), schedule, seed, opts,
                                              turn_stats=turn_stats))
    settings = dict(getattr(built, "settings", {}) or {})
    return PreparedSimulation(game, list(built.names), seed, seating, games, built.task, schedule,
                              settings, result_type)


def simulate(
    game: str,
    bots: Sequence[Any],
    games: int = 10_000,
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    seating: str = "rotate",
    turn_stats: bool = False,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    seats: int | None = None,
) -> SimulationResult:
    """Play ``games`` games of ``game`` between ``bots`` and return a :class:`SimulationResult`
    (``seats``: more seats than bots, filled by repeating them; see :func:`prepare`).

    ``workers`` > 1 or ``backend="ray"`` spread chunks over processes through
    :func:`ludolab.arena.runner.run_games`; the records are identical whatever the split.
    Ctrl-C returns the whole deals that finished, with ``interrupted=True``.
    """
    plan = prepare(game, bots, games, seed, options=options, seating=seating,
                   turn_stats=turn_stats, seats=seats)
    return plan.run(workers=workers, backend=backend, address=address, chunk_size=chunk_size,
                    progress=progress)
