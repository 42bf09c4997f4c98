"""Simulate many Dominion games between bots and summarise who wins, by how much, how sure.

>>> from ludolab.games import dominion
>>> result = dominion.simulate(["Big Money", "Smithy Big Money"], games=2_000, seed=7)
>>> result.games
2000
>>> sorted(result.bots)
['Big Money', 'Smithy Big Money']

Parallel runs go through :func:`ludolab.arena.runner.run_games` (imported when a simulation
starts): ``simulate`` is the notebook entry point the architecture promises in
``ludolab.games.dominion``, and the runner is the one piece of arena machinery it borrows.

Seating: by default every game seed is played in every seating of the bots
(``seating="rotate"``: 2 games per seed for 2 bots, 6 for 3, 24 for 4), so each bot gets every
seat's shuffles; ``seating="fixed"`` keeps bot *i* in seat *i* (as the documents' own
experiments did). Game *g* is deal ``g // seatings`` (seed ``rng.game_seeds_at(seed, deal)``)
in seating ``g % seatings``, so results do not depend on how the games are split into chunks or
processes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ludolab.core import rng as _rng
from ludolab.errors import LudolabError
from ludolab.games.dominion.botcode import CompiledBot
from ludolab.games.dominion.bots.spec import BotSpec
from ludolab.games.dominion.cards import CARDS

BotLike = str | BotSpec | CompiledBot
END_REASONS = ("provinces", "piles", "turn cap", "solo target")


def _lineup_trials(schedule: Any) -> np.ndarray | None:
    trials = getattr(schedule, "trials", ())
    if getattr(schedule, "kind", "") == "independent" or not trials:
        return None
    return np.asarray(trials, dtype=np.int64)


@dataclass
class DominionTask:
    """A picklable chunk runner: plays the games whose global indices it is given.

    ``schedule`` says who sits where (anything with ``games_per_deal``, ``num_seats`` and
    ``seating(trial, deal)``, such as :mod:`ludolab.arena.schedules`): game ``g`` is deal
    ``g // games_per_deal`` (seed ``rng.game_seeds_at(seed, deal)``) in trial
    ``g % games_per_deal``. Records are per *seat*, with ``seating[g, s]`` the bot in seat ``s``.
    Used by :func:`simulate` and ``ludolab arena``, in this process, worker processes or Ray.
    """

    bots: list[CompiledBot]
    kingdom: list[int]
    rules_spec: str
    seed: int
    schedule: Any
    turn_stats: bool = False

    preferred_chunk_size = 20_000

    def run(self, indices: np.ndarray) -> Any:
        """Play games ``indices`` and return their ``RecordBatch``."""
        from ludolab.arena.runner import RecordBatch
        from ludolab.games.dominion.engine import Engine
        from ludolab.games.dominion.rules import ruleset

        indices = np.asarray(indices, dtype=np.int64)
        per_deal = self.schedule.games_per_deal
        deals, trials = np.divmod(indices, per_deal)
        table = _lineup_trials(self.schedule)
        if table is not None:
            seating = table[trials]
        else:
            seating = np.array([self.schedule.seating(int(t), int(d))
                                for d, t in zip(deals, trials, strict=True)], dtype=np.int64)
        seats = seating.shape[1]
        engine = Engine(self.kingdom, seats, ruleset(self.rules_spec))
        seeds = _rng.game_seeds_at(self.seed, deals)
        g = len(indices)
        out: dict[str, np.ndarray] = {
            "index": indices,
            "deal": deals,
            "trial": trials,
            "seed": seeds,
            "seating": seating.astype(np.int16),
            "vp": np.zeros((g, seats), np.int32),
            "turns": np.zeros((g, seats), np.int32),
            "outcome": np.zeros((g, seats), np.int8),
            "end_reason": np.zeros(g, np.int8),
        }
        kinds, which = np.unique(seating, axis=0, return_inverse=True)
        for k, lineup in enumerate(kinds):
            rows = np.nonzero(which.reshape(-1) == k)[0]
            rec = engine.play([self.bots[b] for b in lineup], seeds[rows],
                              turn_stats=self.turn_stats)
            out["vp"][rows] = rec.vp
            out["turns"][rows] = rec.turns
            out["outcome"][rows] = rec.outcome
            out["end_reason"][rows] = rec.end_reason
            if self.turn_stats:
                for key in ("turn_coins", "turn_vp"):
                    arr = getattr(rec, key)
                    if key not in out:
                        out[key] = np.full((g, seats, arr.shape[2]), -1, np.int16)
                    elif arr.shape[2] > out[key].shape[2]:
                        pad = arr.shape[2] - out[key].shape[2]
                        out[key] = np.pad(out[key], ((0, 0), (0, 0), (0, pad)),
                                          constant_values=-1)
                    out[key][rows, :, : arr.shape[2]] = arr
        return RecordBatch(out)


def by_bot(records: dict[str, np.ndarray], key: str) -> np.ndarray:
    """Per-seat column ``key`` rearranged by bot: ``out[g, b]`` is bot ``b``'s value in game ``g``.

    Only for schedules where every bot sits exactly once in every game (a simulation).
    """
    seating = records["seating"].astype(np.int64)
    values = records[key]
    out = np.empty_like(values)
    rows = np.arange(len(seating))[:, None]
    out[rows, seating] = values
    return out


def resolve_bots(bots: Sequence[BotLike]) -> tuple[list[str], list[CompiledBot]]:
    """Names and compiled forms of bots given by name, path, spec or compiled form."""
    from ludolab.games.dominion.bots import compile_bot, load_spec

    names, compiled = [], []
    for b in bots:
        if isinstance(b, CompiledBot):
            names.append(b.name)
            compiled.append(b)
        else:
            spec = load_spec(b) if isinstance(b, str) else b
            names.append(spec.name)
            compiled.append(compile_bot(spec))
    seen: dict[str, int] = {}
    unique = []
    for n in names:  # a mirror match: "Big Money" and "Big Money #2"
        seen[n] = seen.get(n, 0) + 1
        unique.append(n if seen[n] == 1 else f"{n} #{seen[n]}")
    return unique, compiled


@dataclass
class SimulationResult:
    """Per-game records of a simulation, by bot, and the summaries built from them."""

    bots: list[str]
    kingdom: list[int]
    rules: str
    seed: int
    seating: str
    records: dict[str, np.ndarray]
    requested: int
    seconds: float = 0.0
    interrupted: bool = False
    meta: dict[str, Any] = field(default_factory=dict)

    def bot_view(self, key: str) -> np.ndarray:
        """Per-seat column ``key`` by bot (``[G, bots]``), cached."""
        cache = self.meta.setdefault("_by_bot", {})
        if key not in cache:
            cache[key] = by_bot(self.records, key)
        return cache[key]

    @property
    def games(self) -> int:
        """Games actually finished."""
        return len(self.records.get("index", ()))

    # -- summaries -----------------------------------------------------------------------------
    def margins(self, bot: int) -> np.ndarray:
        """Per game: this bot's VP minus the best other bot's VP."""
        vp = self.bot_view("vp").astype(np.int64)
        others = np.delete(vp, bot, axis=1)
        return vp[:, bot] - (others.max(axis=1) if others.shape[1] else 0)

    def bot_rows(self, confidence: float = 0.95) -> list[dict[str, Any]]:
        """One summary dict per bot: wins/ties/losses with Wilson intervals, VP, margin, turns."""
        from ludolab.arena.stats import mean_interval, wilson_interval

        def ci(k: int) -> tuple[float, float]:
            if not n:
                return (math.nan, math.nan)
            iv = wilson_interval(k, n, confidence)
            return (iv.low, iv.high)

        n = self.games
        rows = []
        for b, name in enumerate(self.bots):
            out = self.bot_view("outcome")[:, b]
            wins, ties = int((out == 2).sum()), int((out == 1).sum())
            losses = n - wins - ties
            margin = self.margins(b)
            if n > 1:
                m = mean_interval(margin, confidence).interval
                m_lo, m_hi = m.low, m.high
            else:
                m_lo = m_hi = math.nan
            rows.append({
                "bot": name,
                "games": n,
                "wins": wins,
                "ties": ties,
                "losses": losses,
                "win_rate": wins / n if n else math.nan,
                "win_ci": ci(wins),
                "tie_rate": ties / n if n else math.nan,
                "tie_ci": ci(ties),
                "loss_rate": losses / n if n else math.nan,
                "loss_ci": ci(losses),
                "mean_vp": float(self.bot_view("vp")[:, b].mean()) if n else math.nan,
                "mean_margin": float(margin.mean()) if n else math.nan,
                "margin_ci": (m_lo, m_hi),
                "mean_turns": float(self.bot_view("turns")[:, b].mean()) if n else math.nan,
            })
        return rows

    def seat_rows(self, confidence: float = 0.95) -> list[dict[str, Any]]:
        """Win rate by seat over all bots (the first-player advantage)."""
        from ludolab.arena.stats import wilson_interval

        n = self.games
        out = self.records["outcome"]
        rows = []
        for s in range(len(self.bots)):
            wins = int((out[:, s] == 2).sum())
            ties = int((out[:, s] == 1).sum())
            rows.append({
                "seat": s + 1,
                "games": n,
                "wins": wins,
                "ties": ties,
                "win_rate": wins / n if n else math.nan,
                "win_ci": (lambda iv: (iv.low, iv.high))(wilson_interval(wins, n, confidence))
                if n else (math.nan, math.nan),
            })
        return rows

    def end_shares(self) -> dict[str, float]:
        """Share of games by how they ended (Provinces, three piles, turn cap, solo target)."""
        n = self.games
        reasons = self.records["end_reason"]
        return {name: float((reasons == i).sum() / n) if n else math.nan
                for i, name in enumerate(END_REASONS)}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "bots": self.bots,
            "games": self.games,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "seed": self.seed,
            "rules": self.rules,
            "seating": self.seating,
            "kingdom": [CARDS[c].name for c in self.kingdom],
            "seconds": round(self.seconds, 3),
            "by_bot": [_jsonable(r) for r in self.bot_rows()],
            "by_seat": [_jsonable(r) for r in self.seat_rows()],
            "ended_by": self.end_shares(),
            "mean_game_turns": (
                float(self.records["turns"].max(axis=1).mean()) if self.games else None
            ),
        }

    def summary(self) -> str:
        """A plain-text result table (what the CLI prints, without colours)."""
        from rich.console import Console

        console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        self.print(console)
        return console.export_text()

    def print(self, console: Any = None) -> None:
        """Print the result tables with rich."""
        from rich.console import Console
        from rich.table import Table

        console = console or Console()
        kingdom = ", ".join(CARDS[c].name for c in self.kingdom) or "(basic cards only)"
        title = (f"{self.games:,} games" + (f" of {self.requested:,} (interrupted)"
                                            if self.interrupted else "")
                 + f", seed {self.seed}, rules {self.rules}, seating {self.seating}")
        t = Table(title=title, caption=f"Kingdom: {kingdom}", caption_justify="left")
        for col in ("bot", "win %", "95% CI", "tie %", "loss %", "avg VP", "margin", "95% CI",
                    "turns"):
            t.add_column(col, justify="left" if col == "bot" else "right")
        for r in self.bot_rows():
            t.add_row(
                r["bot"],
                f"{100 * r['win_rate']:.2f}",
                f"{100 * r['win_ci'][0]:.2f}-{100 * r['win_ci'][1]:.2f}",
                f"{100 * r['tie_rate']:.2f}",
                f"{100 * r['loss_rate']:.2f}",
                f"{r['mean_vp']:.2f}",
                f"{r['mean_margin']:+.2f}",
                f"{r['margin_ci'][0]:+.2f} to {r['margin_ci'][1]:+.2f}",
                f"{r['mean_turns']:.2f}",
            )
        console.print(t)
        s = Table(title="By seat (all bots)")
        for col in ("seat", "win %", "95% CI", "tie %"):
            s.add_column(col, justify="right")
        for r in self.seat_rows():
            s.add_row(str(r["seat"]), f"{100 * r['win_rate']:.2f}",
                      f"{100 * r['win_ci'][0]:.2f}-{100 * r['win_ci'][1]:.2f}",
                      f"{100 * r['ties'] / max(1, r['games']):.2f}")
        console.print(s)
        ends = self.end_shares()
        console.print(
            "Games ended by: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in ends.items() if v)
            + (f"  |  {self.games / self.seconds:,.0f} games/s" if self.seconds > 0 else "")
        )

    def plot_vp_by_turn(self) -> Any:
        """A matplotlib figure of average VP by turn per bot (needs ``turn_stats=True``)."""
        if "turn_vp" not in self.records:
            raise LudolabError("no per-turn data: run simulate(..., turn_stats=True)")
        from ludolab.report import plots

        return plots.plot_vp_by_turn(self.records["turn_vp"], self.records["seating"], self.bots,
                                     turns=self.records["turns"])


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in row.items():
        if isinstance(v, tuple):
            v = [None if (isinstance(x, float) and math.isnan(x)) else float(x) for x in v]
        elif isinstance(v, float) and math.isnan(v):
            v = None
        out[k] = v
    return out


def simulate(
    bots: Sequence[BotLike],
    games: int = 10_000,
    seed: int = 0,
    *,
    kingdom: str | Sequence[str] | None = None,
    rules: str = "official",
    seating: str = "rotate",
    turn_stats: bool = False,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games between ``bots`` and return a :class:`SimulationResult`.

    ``bots``: 1 to 4 bot names (the library), paths to bot files, ``BotSpec`` or ``CompiledBot``.
    ``kingdom``: see :func:`ludolab.games.dominion.kingdom.resolve_kingdom` (default: the cards the
    bots need). ``rules``: a rule-set spec such as ``"official"`` or ``"official,turn_cap=60"``.
    ``workers`` > 1 or ``backend="ray"`` spread chunks over processes through
    :func:`ludolab.arena.runner.run_games`; the records are identical whatever the split.
    Ctrl-C returns the games that finished, with ``interrupted=True``.
    """
    prepared = prepare(bots, games, seed, kingdom=kingdom, rules=rules, seating=seating,
                       turn_stats=turn_stats)
    return prepared.run(workers=workers, backend=backend, address=address,
                        chunk_size=chunk_size, progress=progress)


@dataclass
class PreparedSimulation:
    """A checked simulation, ready to run (see :func:`prepare`)."""

    names: list[str]
    kingdom: list[int]
    rules: str
    seed: int
    seating: str
    games: int
    task: DominionTask

    def run(
        self,
        *,
        workers: int = 1,
        backend: str = "local",
        address: str | None = None,
        chunk_size: int | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> SimulationResult:
        """Play the games and return the result (Ctrl-C keeps the finished games)."""
        from ludolab.arena.runner import run_games

        if workers < 1:
            raise LudolabError(f"workers must be at least 1, got {workers}")
        run = run_games(self.task, self.games, workers=workers,  # type: ignore[arg-type]
                        backend=backend, address=address, chunk_size=chunk_size,
                        progress=progress)
        records = run.records.as_dict()
        if "vp" not in records:  # interrupted before the first chunk finished
            records = {k: np.zeros((0, len(self.names)) if k in ("seating", "vp", "turns",
                                                                  "outcome") else 0, np.int32)
                       for k in ("index", "seed", "seating", "vp", "turns", "outcome",
                                 "end_reason")}
        return SimulationResult(self.names, self.kingdom, self.rules, self.seed, self.seating,
                                records, self.games, run.seconds, run.interrupted)


def prepare(
    bots: Sequence[BotLike],
    games: int = 10_000,
    seed: int = 0,
    *,
    kingdom: str | Sequence[str] | None = None,
    rules: str = "official",
    seating: str = "rotate",
    turn_stats: bool = False,
) -> PreparedSimulation:
    """Check everything a simulation needs (bots, kingdom, rules, counts) without playing.

    Every user mistake surfaces here as one :class:`LudolabError`, before any game runs.
    """
    from ludolab.arena.schedules import Schedule, rotation
    from ludolab.games.dominion.kingdom import resolve_kingdom
    from ludolab.games.dominion.rules import ruleset

    if not 1 <= len(bots) <= 4:
        raise LudolabError(f"Dominion takes 1 to 4 bots, got {len(bots)}")
    if games < 1:
        raise LudolabError(f"the number of games must be at least 1, got {games}")
    ruleset(rules)  # validate early, one-line error
    names, compiled = resolve_bots(bots)
    kingdom_ids = resolve_kingdom(kingdom, {n: b.cards_needed for n, b in zip(names, compiled,
                                                                                  strict=True)})
    n = len(compiled)
    if seating == "rotate":
        schedule = rotation(n)
    elif seating == "fixed":
        schedule = Schedule(kind="fixed", num_bots=n, num_seats=n, trials=(tuple(range(n)),),
                            blocks=(0,), lineup=tuple(range(n)), description="fixed seats")
    else:
        raise LudolabError(f"unknown seating {seating!r}; choose from rotate, fixed")
    task = DominionTask(compiled, kingdom_ids, rules, seed, schedule, turn_stats)
    return PreparedSimulation(names, kingdom_ids, rules, seed, seating, games, task)
