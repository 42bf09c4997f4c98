"""Poker from Python, in a notebook: duplicate experiments between bots, in small bets per hand.

>>> from ludolab import poker
>>> result = poker.simulate(["raise", "call"], deals=500, seed=3)
>>> result.hands, result.deals, result.schedule_name
(1000, 500, 'duplicate')
>>> a, b = result.bot_rows()
>>> round(a["sb_per_hand"] + b["sb_per_hand"], 12)   # heads-up is zero-sum, hand by hand
0.0

This module is the Python entry of poker experiments, as :mod:`ludolab.dominion` is Dominion's,
and the library the ``ludolab poker`` command calls (so it sits just under ``cli`` and ``web``
in the layers, above ``arena``): it composes the arena's generic simulation
(:mod:`ludolab.arena.simulation`, poker through its registered spec), the schedules of
:mod:`ludolab.arena.schedules` and the statistics of :mod:`ludolab.arena.stats` and
:mod:`ludolab.arena.sprt`, and prints and plots through :mod:`ludolab.report`. The game package
(:mod:`ludolab.games.poker`) imports none of them.

Schedules (``schedule=``): ``"duplicate"`` plays every deal in every seating of the line-up
(heads-up: each deal twice with the seats, hence the cards, swapped; three and four seats: all
permutations; more: a Williams square); ``"table-8.1"`` is document 002's ten-seat table (every
deal ten times, every bot in every seat once, each bot directly behind each other once);
``"five-vs-five"`` seats five copies of the first bot against five of the second on that table;
``"independent"`` gives every hand its own deal and a keyed random seating (the baseline that
duplicate seating is measured against). Fewer bots than seats fill the seats in turn.

Results are small bets won per hand by each bot (its mean over the seats it holds). The hands of
one deal share its cards and are not independent: every interval is computed over **units** (a
deal with all its seatings; with ``"independent"``, one hand), never over the correlated hands
inside a unit (:func:`ludolab.arena.stats.cluster_mean`), and only whole units are counted.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ludolab.arena import simulation as _sim
from ludolab.arena.schedules import SCHEDULE_KINDS, Schedule, build_schedule
from ludolab.arena.sequential import run_sequential, whole_deal_records
from ludolab.arena.sprt import MeanSPRT
from ludolab.arena.stats import cluster_mean, deal_totals
from ludolab.core import registry
from ludolab.core.registry import TaskRequest
from ludolab.core.rng import check_seed, game_seeds_at
from ludolab.errors import LudolabError, nearest
from ludolab.games.poker.rules import ruleset
from ludolab.report.terminal import poker_text, print_poker

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["SCHEDULES", "PokerResult", "PreparedPoker", "card_luck", "prepare", "schedule_for",
           "simulate", "trace_hand"]

#: Schedule names: ``duplicate`` (the rotation of the line-up) and the arena's kinds.
SCHEDULES = ("duplicate", "table-8.1", "five-vs-five", "independent",
             *(k for k in SCHEDULE_KINDS if k not in ("table-8.1", "five-vs-five", "independent",
                                                      "round-robin")))
#: Schedules that need the ten seats of Table 8.1.
TEN_SEAT_SCHEDULES = ("table-8.1", "five-vs-five")
#: Deals per look of a sequential test when none is given.
DEFAULT_LOOK = 500
#: Deals a sequential test plays before it may decide (the normal approximation needs them:
#: docs/poker.md "Experiments" measures the early wrong decisions without).
DEFAULT_SPRT_MIN = 2_000


def schedule_for(schedule: str | None, bots: int, seats: int | None, seed: int = 0,
                 ) -> Schedule:
    """The arena schedule of ``schedule`` for ``bots`` bots at ``seats`` seats (one-line errors).

    ``None`` picks Table 8.1 at ten seats and ``duplicate`` otherwise; ``seats`` defaults to ten
    for the Table 8.1 schedules and to the number of bots (at least two) for the others.
    """
    name = schedule or ("table-8.1" if seats == 10 else "duplicate")
    if name not in SCHEDULES:
        hint = nearest(name, SCHEDULES)
        extra = f" (did you mean {hint!r}?)" if hint else ""
        raise LudolabError(f"unknown schedule {name!r}{extra}; choose from {', '.join(SCHEDULES)}")
    if seats is None:
        seats = 10 if name in TEN_SEAT_SCHEDULES else max(2, bots)
    if isinstance(seats, bool) or not 2 <= int(seats) <= 10:
        raise LudolabError(f"poker seats 2 to 10 players, got {seats}")
    seats = int(seats)
    if not 1 <= bots <= seats:
        raise LudolabError(f"{bots} bots do not fit {seats} seats" if bots else
                           "name at least one bot")
    if name in TEN_SEAT_SCHEDULES and seats != 10:
        raise LudolabError(f"schedule {name} needs 10 seats (document 002's table), got {seats}")
    if name == "five-vs-five" and bots != 2:
        raise LudolabError(f"schedule five-vs-five seats five copies of each of 2 bots, "
                           f"got {bots}")
    return build_schedule("rotation" if name == "duplicate" else name, bots, seats, seed=seed)


def _name_of(schedule: Schedule) -> str:
    return "duplicate" if schedule.kind == "rotation" else schedule.kind


@dataclass
class PokerResult(_sim.SimulationResult):
    """A poker experiment's records (whole units only) and its summaries in small bets per hand.

    ``hands`` counts the hands played, ``deals`` the independent units (a deal with all its
    seatings). ``sprt`` holds the sequential test when one was asked for.
    """

    schedule: Schedule | None = None
    sprt: MeanSPRT | None = None

    @property
    def hands(self) -> int:
        """Hands in the statistics."""
        return self.games

    @property
    def seats(self) -> int:
        """Seats at the table."""
        return self.schedule.num_seats if self.schedule is not None else len(self.bots)

    @property
    def schedule_name(self) -> str:
        """The schedule's name (``duplicate``, ``table-8.1``, ...)."""
        return _name_of(self.schedule) if self.schedule is not None else self.seating

    @property
    def rules(self) -> str:
        """The rule-set spec the hands were played under."""
        return str(self.settings.get("rules", "limit"))

    def per_bot(self, bot: int) -> np.ndarray:
        """Per hand: the small bets ``bot`` won, averaged over the seats it holds (NaN where it
        did not play)."""
        won = np.asarray(self.records["won"], dtype=np.float64)
        mask = np.asarray(self.records["seating"]) == bot
        count = mask.sum(axis=1)
        return np.where(count > 0, (won * mask).sum(axis=1) / np.maximum(count, 1), np.nan)

    def _unit_summary(self, values: np.ndarray, confidence: float) -> dict[str, Any]:
        """Mean per hand of ``values`` (NaN = absent) with its interval over units and the
        independent hands the same width would take."""
        present = ~np.isnan(values)
        v = np.where(present, values, 0.0)
        totals, sizes = deal_totals(self.deal_groups, v, present)
        units = int((sizes > 0).sum())
        out: dict[str, Any] = {"mean": float(v[present].mean()) if present.any() else math.nan,
                               "ci": (math.nan, math.nan), "units": units,
                               "effective_hands": math.nan}
        if units >= 2:
            s = cluster_mean(totals, sizes, confidence)
            var_hand = float(v[present].var())
            out["ci"] = (s.interval.low, s.interval.high)
            # One hand of independent seating has the variance of one hand of this run (each
            # seating of a unit is equally likely under independent seating): var / sem^2 such
            # hands give the same width (inf when the units cancel every bit of luck).
            out["effective_hands"] = var_hand / s.sem ** 2 if s.sem > 0 else math.inf
        return out

    def bot_rows(self, confidence: float = 0.95) -> list[dict[str, Any]]:
        """Per bot: hands, seat-hands, small bets per hand with its interval over units, the
        independent hands that interval is worth, and the share of pots it took."""
        rows = []
        seating = np.asarray(self.records.get("seating", np.zeros((0, self.seats))))
        pots = self.spec.score(self.records) if self.games else np.zeros((0, self.seats))
        for b, name in enumerate(self.bots):
            mask = seating == b
            hands = int(mask.any(axis=1).sum())
            row: dict[str, Any] = {"bot": name, "hands": hands, "seat_hands": int(mask.sum())}
            s = self._unit_summary(self.per_bot(b), confidence) if self.games else {
                "mean": math.nan, "ci": (math.nan, math.nan), "units": 0,
                "effective_hands": math.nan}
            row.update(sb_per_hand=s["mean"], sb_ci=s["ci"], units=s["units"],
                       effective_hands=s["effective_hands"],
                       pots_won=float(pots[mask].sum() / mask.sum()) if mask.any() else math.nan)
            rows.append(row)
        return rows

    def position_names(self) -> list[str]:
        """Names of the positions, counted clockwise from the button: heads-up (with the
        default reversed order) the button posts the small blind; otherwise the two seats after
        it post the blinds and the rest are named by their distance from the button."""
        n = self.seats
        if n == 2:
            reverse = ruleset(self.rules).reverse_heads_up
            return (["button (small blind)", "big blind"] if reverse
                    else ["button (big blind)", "small blind"])
        return ["button", "small blind", "big blind", *(f"button + {k}" for k in range(3, n))]

    def position_rows(self, confidence: float = 0.95) -> list[dict[str, Any]]:
        """Small bets per hand by position (distance from the button), all bots together,
        intervals over units: what sitting after the button is worth. (By seat number it would
        say nothing: the button moves one seat a deal, so every seat takes every position.)"""
        rows = []
        n = self.seats
        for pos, name in enumerate(self.position_names()):
            if self.games:
                won = np.asarray(self.records["won"], dtype=np.float64)
                seat = (np.asarray(self.records["button"], dtype=np.int64) + pos) % n
                values = won[np.arange(len(won)), seat]
                summ = self._unit_summary(values, confidence)
            else:
                summ = {"mean": math.nan, "ci": (math.nan, math.nan)}
            rows.append({"position": name, "sb_per_hand": summ["mean"], "sb_ci": summ["ci"]})
        return rows

    def versus(self, confidence: float = 0.95) -> dict[str, Any] | None:
        """Two bots: the first's small bets per hand minus the second's, hand by hand (each the
        mean over its seats), with the interval over units and what the schedule is worth in
        independent hands. ``None`` unless there are exactly two bots and two units."""
        if len(self.bots) != 2 or self.deals < 2:
            return None
        diff = self.per_bot(0) - self.per_bot(1)
        s = self._unit_summary(diff, confidence)
        lo, hi = s["ci"]
        verdict = ("first better" if lo > 0 else "second better" if hi < 0
                   else "no difference shown")
        return {"first": self.bots[0], "second": self.bots[1], "difference": s["mean"],
                "ci": s["ci"], "units": s["units"], "hands": self.hands,
                "effective_hands": s["effective_hands"],
                "variance_reduction": s["effective_hands"] / self.hands, "verdict": verdict}

    def showdown_share(self) -> float:
        """Share of hands that reached a showdown."""
        return float(np.mean(self.records["showdown"])) if self.games else math.nan

    def summary(self) -> str:
        """A plain-text result table (what the CLI prints, without colours)."""
        return poker_text(self)

    def print(self, console: Any = None) -> None:
        """Print the result tables with rich."""
        print_poker(self, console)

    def plot(self) -> Figure:
        """Each bot's small bets per hand over the deals so far, with its final 95% band."""
        if not self.deals:
            raise LudolabError("no whole deal finished: nothing to plot")
        from ludolab.report.poker import running_figure  # lazy: matplotlib, fast CLI start

        return running_figure(self)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (``unit``: small bets per hand)."""
        versus = self.versus()
        out: dict[str, Any] = {
            "game": self.game, "bots": self.bots, "seats": self.seats,
            "schedule": self.schedule_name,
            "schedule_text": str(self.schedule) if self.schedule is not None else "",
            "hands_per_deal": self.games_per_deal, "deals": self.deals, "hands": self.hands,
            "requested_hands": self.requested, "set_aside": self.set_aside,
            "interrupted": self.interrupted, "seed": self.seed, "rules": self.rules,
            "unit": "small bets per hand", "seconds": round(self.seconds, 3),
            "showdown_share": _finite(self.showdown_share()),
            "by_bot": [_jsonable(r) for r in self.bot_rows()],
            "by_position": [_jsonable(r) for r in self.position_rows()],
            "versus": _jsonable(versus) if versus else None,
        }
        if self.sprt is not None:
            out["sprt"] = self.sprt.to_dict()
        return out


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    """A row for JSON: tuples as lists, NaN and infinity (all luck removed) as null."""
    return {k: [_finite(float(x)) for x in v] if isinstance(v, tuple)
            else _finite(v) if isinstance(v, float) else v for k, v in row.items()}


@dataclass
class PreparedPoker(_sim.PreparedSimulation):
    """A checked poker experiment, ready to run (see :func:`prepare`)."""

    deals: int = 0
    sprt: tuple[float, float, float, float] | None = None
    look: int = DEFAULT_LOOK
    sprt_min: int = DEFAULT_SPRT_MIN

    def run(  # type: ignore[override]
        self,
        *,
        workers: int = 1,
        backend: str = "local",
        address: str | None = None,
        chunk_size: int | None = None,
        progress: Callable[[int, int], None] | None = None,
        results_file: str | Path | None = None,
        resume: bool = False,
    ) -> PokerResult:
        """Play the hands and return the result (Ctrl-C keeps the finished whole units).

        With a sequential test the hands are played in looks of ``look`` deals and the run stops
        at the first look where the test decides (``results_file`` is not used then).
        """
        if self.sprt is not None:
            if results_file is not None or resume:
                raise LudolabError("a sequential test plays in looks and keeps no results file; "
                                   "drop results_file/resume or the test")
            return self._run_sequential(workers, backend, address, chunk_size, progress)
        result = super().run(workers=workers, backend=backend, address=address,
                             chunk_size=chunk_size, progress=progress,
                             results_file=results_file, resume=resume)
        assert isinstance(result, PokerResult)
        result.schedule = self.schedule
        return result

    def _run_sequential(self, workers: int, backend: str, address: str | None,
                        chunk_size: int | None, progress: Callable[[int, int], None] | None,
                        ) -> PokerResult:
        d0, d1, alpha, beta = self.sprt  # type: ignore[misc]
        test = MeanSPRT(d0, d1, alpha, beta, self.sprt_min)
        per_deal = self.schedule.games_per_deal
        run = run_sequential(_sim.RecordsTask(self.task), self.games, per_deal=per_deal,
                             look=self.look * per_deal, test=test, outcomes=self._deal_means,
                             workers=workers, backend=backend,  # type: ignore[arg-type]
                             address=address, chunk_size=chunk_size, progress=progress)
        result = PokerResult(self.game, self.names, self.seed, self.seating, run.records,
                             self.games, run.seconds, run.interrupted, dict(self.settings),
                             run.set_aside, per_deal)
        result.schedule, result.sprt = self.schedule, test
        return result

    def _deal_means(self, data: dict[str, np.ndarray]) -> np.ndarray:
        """What the sequential test is fed: per whole deal of one look, the first bot's small
        bets per hand minus the second's (each the mean over the seats it holds)."""
        data, _ = whole_deal_records(data, self.schedule.games_per_deal)
        look = PokerResult(self.game, self.names, self.seed, self.seating, data, 0)
        look.schedule = self.schedule
        diff = look.per_bot(0) - look.per_bot(1)
        totals, sizes = deal_totals(data["deal"], diff)
        return totals / sizes


def prepare(
    bots: Sequence[str],
    deals: int = 10_000,
    seed: int = 0,
    *,
    seats: int | None = None,
    schedule: str | None = None,
    rules: str = "limit",
    sprt: tuple[float, float] | tuple[float, float, float, float] | None = None,
    look: int = DEFAULT_LOOK,
    sprt_min: int = DEFAULT_SPRT_MIN,
    base_dir: Path | None = None,
) -> PreparedPoker:
    """Check everything an experiment needs (bots, seats, schedule, rules, counts) without
    playing. Every user mistake surfaces here as one :class:`LudolabError`.

    ``sprt=(d0, d1)`` (or ``(d0, d1, alpha, beta)``, default errors 0.05) runs a sequential test
    of the first bot's small bets per hand minus the second's: H0 ``difference = d0`` against H1
    ``difference = d1``, looking every ``look`` deals (:class:`ludolab.arena.sprt.MeanSPRT`).
    """
    bots = [str(b) for b in bots]
    seed = check_seed(seed)
    rs = ruleset(rules)  # bad blinds, bets or caps: one line before anything else
    if isinstance(deals, bool) or not isinstance(deals, int | np.integer) or deals < 1:
        raise LudolabError(f"the number of deals must be at least 1, got {deals}")
    sched = schedule_for(schedule, len(bots), seats, seed)
    if int(deals) * sched.games_per_deal > _sim.MAX_GAMES:
        raise LudolabError(f"{deals:,} deals x {sched.games_per_deal} hands is more than "
                           f"{_sim.MAX_GAMES:,} hands in one run (records are kept in memory; "
                           "split a larger run)")
    test = None
    if sprt is not None:
        if len(bots) != 2:
            raise LudolabError(f"a sequential test compares 2 bots, got {len(bots)}")
        if len(sprt) not in (2, 4):
            raise LudolabError("sprt takes (d0, d1) or (d0, d1, alpha, beta)")
        test = tuple(float(x) for x in (*sprt, 0.05, 0.05)[:4])
        MeanSPRT(*test, min_units=sprt_min)  # checks the hypotheses, error rates, minimum
        if isinstance(look, bool) or look < 1:
            raise LudolabError(f"a look must be at least 1 deal, got {look}")
    spec = registry.get("poker")
    options = {"rules": rs.spec()}
    built, played = _sim.build(spec, TaskRequest(tuple(bots), sched, seed, options, base_dir))
    settings = dict(getattr(built, "settings", {}) or {})
    games = int(deals) * played.games_per_deal  # identical bots: each distinct seating once
    return PreparedPoker("poker", list(built.names), seed, _name_of(sched), games, built.task,
                         played, settings, PokerResult, int(deals), test, int(look),  # type: ignore[arg-type]
                         int(sprt_min))


def simulate(
    bots: Sequence[str],
    deals: int = 10_000,
    seed: int = 0,
    *,
    seats: int | None = None,
    schedule: str | None = None,
    rules: str = "limit",
    sprt: tuple[float, float] | tuple[float, float, float, float] | None = None,
    look: int = DEFAULT_LOOK,
    sprt_min: int = DEFAULT_SPRT_MIN,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PokerResult:
    """Play ``deals`` deals between ``bots`` on ``schedule`` and return a :class:`PokerResult`.

    ``bots``: names or files of the bot library, or the baselines ``call``, ``raise`` and
    ``random:F:C`` (fold and call probabilities). ``rules``: a rule-set spec such as ``"limit"``
    or ``"limit,cap=3"``. ``workers`` > 1 or ``backend="ray"`` spread chunks over processes; the
    records are identical whatever the split. Ctrl-C returns the whole units that finished.
    """
    plan = prepare(bots, deals, seed, seats=seats, schedule=schedule, rules=rules, sprt=sprt,
                   look=look, sprt_min=sprt_min)
    return plan.run(workers=workers, backend=backend, address=address, chunk_size=chunk_size,
                    progress=progress)


def trace_hand(plan: PreparedPoker, deal: int, trial: int, button: int | None = None) -> Any:
    """Hand ``trial`` (a seating of the schedule) of deal ``deal`` of ``plan``'s run, played
    again with tracing on: the run's cards (the deal's seed), seating and button (``deal`` mod
    the seats), unless ``button`` moves it. Returns the engine's ``HandHistory``
    (:mod:`ludolab.games.poker.log` writes it as ``ludolab poker log`` prints it).
    """
    from ludolab.games.poker.engine import Engine  # lazy: compiles the kernel

    per_deal = plan.schedule.games_per_deal
    n = plan.schedule.num_seats
    if isinstance(deal, bool) or deal < 0:
        raise LudolabError(f"the deal must be 0 or more, got {deal}")
    if not 0 <= trial < per_deal:
        raise LudolabError(f"the trial must be 0 to {per_deal - 1} for this schedule, "
                           f"got {trial}")
    if button is not None and not 0 <= button < n:
        raise LudolabError(f"the button must be seat 0 to {n - 1}, got {button}")
    seating = plan.schedule.seating(trial, deal)
    deal_seed = int(game_seeds_at(plan.seed, [deal])[0])
    engine = Engine(plan.task.rules_spec, n)
    return engine.trace(plan.task.bots, deal_seed, deal % n if button is None else button,
                        seating)


def card_luck(result: PokerResult, coefficient: float) -> np.ndarray:
    """Per hand and seat, the card luck of a value function fixed in advance (an AIVAT-style
    control variate with one chance event, the deal).

    The value of a seat's cards is ``coefficient * share``, ``share`` being the seat's part of
    the pot if every seat went to showdown with the whole board (1 for the best hand, ``1/k``
    for a ``k``-way tie). Every seat is dealt alike, so the expected share is exactly
    ``1 / seats``; the luck term ``coefficient * (share - 1/seats)`` has mean 0 whatever the
    bots do, and ``won - luck`` estimates the same small bets per hand with less variance when
    ``coefficient`` tracks how much the cards are worth. ``coefficient`` must be chosen before
    the run it corrects (from another seed), or the correction may be biased.
    """
    from ludolab.games.poker.engine import Engine  # lazy: compiles the kernel
    from ludolab.games.poker.evaluator import eval7_many  # lazy: builds the tables

    seeds = np.asarray(result.records["seed"], dtype=np.uint64)
    n = result.seats
    board, hole = Engine(result.rules, n).deals(seeds)
    hands = np.empty((len(seeds) * n, 7), np.int64)
    hands[:, :5] = np.repeat(board, n, axis=0)
    hands[:, 5:] = hole.reshape(-1, 2)
    values = np.empty(len(hands), np.int32)
    eval7_many(hands, values)
    values = values.reshape(len(seeds), n)
    best = values == values.max(axis=1, keepdims=True)
    share = best / best.sum(axis=1, keepdims=True)
    return coefficient * (share - 1.0 / n)
