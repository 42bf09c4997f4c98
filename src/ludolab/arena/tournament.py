"""Tournament files: a whole experiment in one readable TOML file, run by ``ludolab arena run``.

.. code-block:: toml

    name = "Smithy BM against BMU"
    game = "dominion"                  # dominion | pig
    players = ["Smithy Big Money", "Big Money Ultimate"]   # bot names/files, or pig player specs
    schedule = "rotation"              # rotation | all-permutations | williams | round-robin
                                       # | independent | table-8.1 | five-vs-five
    seats = 2                          # default: one per player (2 in a round robin)
    games = 20000                      # the most games to play
    seed = 1

    [dominion]                         # game options
    kingdom = "auto"
    rules = "official"

    [pig]
    goal = 100

    [stop]                             # optional: stop as soon as the answer is clear (2 bots)
    test = "sprt"
    alpha = 0.05
    beta = 0.05
    p0 = 0.50                          # H0: the first player's expected score
    p1 = 0.55                          # H1
    batch = 2000                       # games between two looks at the data

    [output]                           # optional files, relative to the tournament file
    json = "out/summary.json"
    parquet = "out/games.parquet"
    report = "out/report.html"         # Dominion: tables and per-turn figures

Every game of a deal is played from the deal's seed in each seating of the schedule (duplicate
seating), so the luck stays with the seat while the bots move. For two bots, the report gives the
paired (pentanomial) score with the number of independent games it is worth; for more bots,
Bradley-Terry ratings on the Elo scale and the win-rate matrix.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import ludolab.games  # noqa: F401  (registers the games with the registry, lazily)
from ludolab.arena.ratings import PairwiseResults, bradley_terry, by_deal, win_rate_matrix
from ludolab.arena.runner import run_games
from ludolab.arena.schedules import SCHEDULE_KINDS, Schedule, build_schedule
from ludolab.arena.sequential import (
    first_bot_scores,
    per_bot,
    points,
    run_sequential,
    whole_deal_records,
)
from ludolab.arena.simulation import MAX_GAMES, RecordsTask, build
from ludolab.arena.sprt import SPRT
from ludolab.arena.stats import (
    DealGroups,
    cluster_mean,
    cluster_proportion,
    deal_totals,
    group_by_deal,
    paired_summary,
)
from ludolab.core import registry
from ludolab.core.registry import TaskRequest
from ludolab.core.rng import SEED_MAX
from ludolab.core.tomlfile import deepest_line
from ludolab.errors import LudolabError, nearest, text_problem

#: The registered games (a tournament file's ``game``; each has its own options table).
GAMES = registry.names()
TOP_KEYS = ("name", "game", "players", "schedule", "seats", "games", "seed", *GAMES,
            "stop", "output")
STOP_KEYS = ("test", "alpha", "beta", "p0", "p1", "batch")
OUTPUT_KEYS = ("json", "parquet", "report")


class _GameKeys(Mapping[str, tuple[str, ...]]):
    """Option keys of each game's table, read from its spec on first use."""

    def __getitem__(self, game: str) -> tuple[str, ...]:
        return registry.get(game).option_keys

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


GAME_KEYS: Mapping[str, tuple[str, ...]] = _GameKeys()


@dataclass(frozen=True)
class StopRule:
    """A sequential probability ratio test on the first player's expected score."""

    alpha: float = 0.05
    beta: float = 0.05
    p0: float = 0.5
    p1: float = 0.55
    batch: int = 2000


@dataclass
class Tournament:
    """A parsed tournament file."""

    name: str
    game: str
    players: list[str]
    schedule: str = "rotation"
    seats: int | None = None
    games: int = 10_000
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    stop: StopRule | None = None
    output: dict[str, Path] = field(default_factory=dict)
    path: Path | None = None


def _line_of(text: str, key: str) -> int | None:
    """The first line (1-based) where ``key`` is assigned or opened as a table."""
    for no, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith(f"[{key}]") or stripped.split("=", 1)[0].strip() == key:
            return no
    return None


def load_tournament(path: str | Path) -> Tournament:
    """Read and check a tournament file; every mistake is one line naming the file and line."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise LudolabError(f"cannot read tournament file {p}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        line = p.read_bytes()[: exc.start].count(b"\n") + 1
        raise LudolabError(f"{p}:{line}: not UTF-8 text (byte {exc.start + 1})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LudolabError(f"{p}: not valid TOML: {exc}") from None
    except RecursionError:
        line = deepest_line(text)
        where = f"{p}:{line}" if line is not None else f"{p}"
        raise LudolabError(f"{where}: arrays or tables are nested too deeply") from None
    return parse_tournament(data, text, p)


def parse_tournament(data: dict[str, Any], text: str = "", path: Path | None = None) -> Tournament:
    """Check a tournament given as a dict (``text`` is the file, for line numbers)."""
    where = str(path) if path else "tournament"

    def fail(message: str, key: str | None = None) -> LudolabError:
        line = _line_of(text, key) if key else None
        return LudolabError(f"{where}:{line}: {message}" if line else f"{where}: {message}")

    def typed(table: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any,
              label: str | None = None) -> Any:
        value = table.get(key, default)
        ok = isinstance(value, kind) and not (isinstance(value, bool) and kind in (int, float,
                                                                                   (int, float)))
        if value is not default and not ok:
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__
                                                                             for k in kind)
            raise fail(f"{label or key} must be {names}, got {value!r}", key)
        return value

    for key in data:
        if key not in TOP_KEYS:
            hint = nearest(key, TOP_KEYS)
            extra = f" (did you mean {hint!r}?)" if hint else ""
            raise fail(f"unknown key {key!r}{extra}; valid keys: {', '.join(TOP_KEYS)}", key)
    game = typed(data, "game", str, None)
    if game is None:
        raise fail(f"missing key 'game' (one of {', '.join(GAMES)})")
    if game not in GAMES:
        raise fail(f"unknown game {game!r}; choose from {', '.join(GAMES)}", "game")
    players = typed(data, "players", list, None)
    if not players or not all(isinstance(x, str) and x.strip() for x in players):
        raise fail("players must be a non-empty list of names", "players")
    schedule = typed(data, "schedule", str, "rotation")
    if schedule not in SCHEDULE_KINDS:
        hint = nearest(schedule, SCHEDULE_KINDS)
        extra = f" (did you mean {hint!r}?)" if hint else ""
        raise fail(f"unknown schedule {schedule!r}{extra}; choose from "
                   f"{', '.join(SCHEDULE_KINDS)}", "schedule")
    seats = typed(data, "seats", int, None)
    games = typed(data, "games", int, 10_000)
    if games < 1:
        raise fail(f"games must be at least 1, got {games}", "games")
    if games > MAX_GAMES:
        raise fail(f"games must be at most {MAX_GAMES:,} in one run (records are kept in memory), "
                   f"got {games:,}", "games")
    seed = typed(data, "seed", int, 0)
    if not 0 <= seed <= SEED_MAX:
        raise fail(f"seed must be a whole number from 0 to {SEED_MAX}, got {seed}", "seed")
    options: dict[str, Any] = {}
    for g in GAMES:
        if g in data:
            table = typed(data, g, dict, None, f"[{g}]")
            if g != game:
                raise fail(f"table [{g}] does not apply to game {game!r}", g)
            for key in table:
                if key not in GAME_KEYS[g]:
                    raise fail(f"unknown key {key!r} in [{g}]; valid: {', '.join(GAME_KEYS[g])}",
                               key)
            options = dict(table)
    spec = registry.get(game)
    if spec.check_options is not None:
        try:
            spec.check_options(options)
        except LudolabError as exc:
            bad = next((k for k in options if str(exc).startswith(k)
                        or f" {k} " in f" {exc} "), None)
            raise fail(str(exc), bad) from None
    stop = None
    if "stop" in data:
        table = typed(data, "stop", dict, None, "[stop]")
        for key in table:
            if key not in STOP_KEYS:
                raise fail(f"unknown key {key!r} in [stop]; valid: {', '.join(STOP_KEYS)}", key)
        if table.get("test", "sprt") != "sprt":
            raise fail(f"unknown test {table['test']!r}; the only test is 'sprt'", "test")
        values = {}
        for key in ("alpha", "beta", "p0", "p1"):
            v = typed(table, key, (int, float), getattr(StopRule, key))
            values[key] = float(v)
        for key in ("alpha", "beta"):
            if not 0.0 < values[key] < 0.5:
                raise fail(f"{key} must lie strictly between 0 and 0.5, got {values[key]}", key)
        for key in ("p0", "p1"):
            if not 0.0 < values[key] < 1.0:
                raise fail(f"{key} must lie strictly between 0 and 1, got {values[key]}", key)
        if values["p0"] == values["p1"]:
            raise fail("p0 and p1 must differ", "p1")
        batch = typed(table, "batch", int, StopRule.batch)
        if batch < 1:
            raise fail(f"batch must be at least 1, got {batch}", "batch")
        stop = StopRule(batch=batch, **values)
    output: dict[str, Path] = {}
    if "output" in data:
        table = typed(data, "output", dict, None, "[output]")
        base = path.parent if path else Path()
        for key, value in table.items():
            if key not in OUTPUT_KEYS:
                raise fail(f"unknown key {key!r} in [output]; valid: {', '.join(OUTPUT_KEYS)}",
                           key)
            if not isinstance(value, str) or not value:
                raise fail(f"output {key} must be a file path", key)
            output[key] = base / value
    name = typed(data, "name", str, path.stem if path else "tournament")
    if problem := text_problem(name, name=True):
        raise fail(f"'name' {problem}", "name")
    t = Tournament(name, game, [x.strip() for x in players], schedule, seats, games, seed,
                   options, stop, output, path)
    # the schedule must fit the players and the game
    try:
        sched = make_schedule(t)
    except LudolabError as exc:  # point at the key the message is about, where it is written
        message = str(exc)
        key = ("seats" if "seats" in message and "seats" in data
               else "players" if "bots" in message else "schedule")
        raise fail(message, key if key in data else "players") from None
    limits = (spec.min_seats, spec.max_seats)
    if not limits[0] <= sched.num_seats <= limits[1]:
        span = (f"is a {limits[0]}-player game" if limits[0] == limits[1]
                else f"seats {limits[0]} to {limits[1]} players")
        raise fail(f"{game} {span}; schedule {schedule!r} seats {sched.num_seats}",
                   "seats" if seats else "schedule")
    if stop is not None and (len(players) != 2 or sched.num_seats != 2):
        raise fail("a sequential test compares two players in two-seat games", "stop")
    return t


def make_schedule(t: Tournament) -> Schedule:
    """The schedule a tournament asks for."""
    return build_schedule(t.schedule, len(t.players), t.seats, seed=t.seed)


def _request(t: Tournament, schedule: Schedule, turn_stats: bool) -> TaskRequest:
    return TaskRequest(tuple(t.players), schedule, t.seed, dict(t.options),
                       t.path.parent if t.path else None, turn_stats)


def _player_line(text: str, player: str) -> int | None:
    """The line (1-based) of the ``players`` entry ``player``, a quoted string in the list."""
    start = _line_of(text, "players")
    if start is None:
        return None
    lines = text.splitlines()
    for no in range(start, len(lines) + 1):
        line = lines[no - 1]
        if f'"{player}"' in line or f"'{player}'" in line:
            return no
        if no > start and "=" in line.split("#", 1)[0]:
            break  # the next key: the list has ended
    return start


def _refused_player(t: Tournament, exc: LudolabError) -> LudolabError:
    """``exc`` (the game refused a player while the task was built) with the file and line of
    that player's entry: each player is tried alone in every seat to find which one it was."""
    if t.path is None:
        return exc
    try:
        text = t.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return exc
    spec = registry.get(t.game)
    players = list(dict.fromkeys(t.players))  # each distinct player once, in file order
    refused = []
    for player in players:
        alone = Tournament(t.name, t.game, [player] * len(t.players), t.schedule, t.seats,
                           t.games, t.seed, t.options, None, {}, t.path)
        try:
            spec.build_task(_request(alone, make_schedule(alone), False))  # type: ignore[misc]
        except LudolabError:
            refused.append(player)
    if len(refused) == len(players) > 1:  # every one fails: the options, not a player
        return LudolabError(f"{t.path}: {exc}")
    line = _player_line(text, refused[0]) if refused else _line_of(text, "players")
    return LudolabError(f"{t.path}:{line}: {exc}" if line else f"{t.path}: {exc}")


def build_task(t: Tournament, schedule: Schedule, turn_stats: bool = False) -> tuple[Any,
                                                                                    list[str]]:
    """The runner task of a tournament (on exactly ``schedule``) and the players' names."""
    spec = registry.get(t.game)
    if spec.build_task is None:
        raise LudolabError(f"{spec.title} cannot be played by the arena (no task builder)")
    built = spec.build_task(_request(t, schedule, turn_stats))
    return RecordsTask(built.task), list(built.names)


def build_tournament(t: Tournament, turn_stats: bool = False) -> tuple[Any, list[str], Schedule]:
    """The runner task, the players' names and the schedule played: the tournament's schedule,
    with trials that only swap identical players dropped (each distinct game played once)."""
    try:
        built, schedule = build(registry.get(t.game), _request(t, make_schedule(t), turn_stats))
    except LudolabError as exc:  # a player the game does not know: name its file and line
        raise _refused_player(t, exc) from None
    return RecordsTask(built.task), list(built.names), schedule


def margins(records: Mapping[str, np.ndarray], game: str) -> np.ndarray:
    """Per game and seat: the seat's result minus the best other seat's, in the game's unit
    (the game's registered margin)."""
    spec = registry.get(game)
    if spec.margin is None:
        raise LudolabError(f"{spec.title} games have no margin")
    return spec.margin(records)


@dataclass
class TournamentResult:
    """Records and statistics of a finished (or stopped) tournament.

    ``records`` hold whole deals only: games of a deal the run did not finish (Ctrl-C, a stop
    between looks, a game count that is not a multiple of the games per deal) are counted in
    ``set_aside`` and left out, since duplicate statistics need every seating of a deal.
    Every interval is computed over deals, the independent units (:mod:`ludolab.arena.stats`).
    """

    tournament: Tournament
    names: list[str]
    schedule: Schedule
    records: dict[str, np.ndarray]
    interrupted: bool = False
    sprt: Any = None
    seconds: float = 0.0
    set_aside: int = 0
    _groups: tuple[np.ndarray, DealGroups] | None = field(default=None, repr=False,
                                                          compare=False)

    @property
    def games(self) -> int:
        return len(self.records.get("index", ()))

    @property
    def deal_groups(self) -> DealGroups:
        """The games grouped by deal, built once (linear time) and shared by every statistic."""
        deals = self.records["deal"] if self.games else np.zeros(0, dtype=np.int64)
        if self._groups is None or self._groups[0] is not deals:
            self._groups = (deals, DealGroups(deals))
        return self._groups[1]

    @property
    def deals(self) -> int:
        """Deals in the statistics."""
        return self.deal_groups.count

    def points(self) -> np.ndarray:
        """Per game and seat: the game's score (1 sole win, 1/k shared, 0 loss)."""
        return points(self.records, self.tournament.game)

    def margins(self) -> np.ndarray:
        """Per game and seat: the game's margin."""
        return margins(self.records, self.tournament.game)

    def bot_rows(self) -> list[dict[str, Any]]:
        """Per bot: seat-games, wins/ties/losses, win rate with a Wilson-type interval on the
        effective games of its deals, mean score, and margin with a t interval over deals."""
        seating = self.records["seating"].astype(np.int64)
        deals = self.deal_groups
        pts = self.points()
        mar = self.margins()
        rows = []
        for b, name in enumerate(self.names):
            mask = seating == b
            p = pts[mask]
            n = int(p.size)
            wins = int(np.isclose(p, 1.0).sum())
            losses = int((p == 0).sum())
            ties = n - wins - losses
            row: dict[str, Any] = {"bot": name, "seat_games": n, "wins": wins, "ties": ties,
                                   "losses": losses}
            if n:
                row.update(win_rate=wins / n, score=float(p.mean()))
                won = np.isclose(pts, 1.0)
                totals, sizes = deal_totals(deals, won, mask)
                if (sizes > 0).sum() >= 2:
                    iv = cluster_proportion(totals, sizes).interval
                    row.update(win_ci=(iv.low, iv.high), deals=int((sizes > 0).sum()))
                    m = cluster_mean(*deal_totals(deals, mar, mask))
                    row.update(margin=m.estimate, margin_ci=(m.interval.low, m.interval.high))
            rows.append(row)
        return rows

    def paired(self) -> dict[str, Any] | None:
        """Two bots: the first bot's score and margin per deal, with the duplicate gain."""
        if len(self.names) != 2 or not self.games:
            return None
        seating = self.records["seating"].astype(np.int64)
        out: dict[str, Any] = {}
        for label, values in (("score", self.points()), ("margin", self.margins())):
            a = per_bot(values, seating, 0)
            by_deal = group_by_deal(self.deal_groups, self.records["trial"], a,
                                    self.schedule.games_per_deal)
            if len(by_deal) < 2:
                return None
            out[label] = paired_summary(by_deal)
        return out

    def ratings(self) -> Any:
        """Bradley-Terry ratings (Elo scale) from every pair of seats in every game, with
        intervals over deals (the cluster-robust covariance of :func:`ratings.by_deal`)."""
        if len(self.names) < 3 or not self.games:
            return None
        pts = self.points()
        results = PairwiseResults.from_returns(self.names, self.records["seating"], pts)
        fitted = bradley_terry(results, prior_games=1.0)
        if self.deals < 2:
            return fitted
        return by_deal(fitted, self.records["seating"], pts, self.deal_groups,
                       prior_games=1.0)

    def win_matrix(self) -> np.ndarray | None:
        if len(self.names) < 2 or not self.games:
            return None
        return win_rate_matrix(PairwiseResults.from_returns(self.names, self.records["seating"],
                                                            self.points()))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        t = self.tournament
        out: dict[str, Any] = {
            "name": t.name, "game": t.game, "players": self.names, "schedule": str(self.schedule),
            "games": self.games, "deals": self.deals, "set_aside": self.set_aside,
            "max_games": t.games, "seed": t.seed, "options": t.options,
            "interrupted": self.interrupted, "seconds": round(self.seconds, 3),
            "by_bot": [_plain(r) for r in self.bot_rows()],
        }
        paired = self.paired()
        if paired:
            out["paired"] = {
                k: {"mean": v.mean.estimate, "ci": [v.mean.low, v.mean.high],
                    "independent_ci": [v.independent.low, v.independent.high],
                    "deals": v.deals, "effective_games": _finite(v.effective_games),
                    "variance_reduction": _finite(v.factor)}
                for k, v in paired.items()
            }
        if self.sprt is not None:
            lo, hi = self.sprt.bounds
            out["sprt"] = {"status": self.sprt.status, "llr": self.sprt.llr, "bounds": [lo, hi],
                           "alpha": self.sprt.alpha, "beta": self.sprt.beta,
                           "p0": self.sprt.p0, "p1": self.sprt.p1, "pairs": self.sprt.n}
        ratings = self.ratings()
        if ratings is not None:
            out["ratings"] = [{"bot": r.name, "elo": r.elo,
                               "ci": [r.interval.low, r.interval.high]}
                              for r in ratings.ratings]
        matrix = self.win_matrix()
        if matrix is not None:
            out["win_matrix"] = [[_finite(x) for x in row] for row in matrix.tolist()]
        return out


def _finite(x: float) -> float | None:
    return None if (isinstance(x, float) and not math.isfinite(x)) else x


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in row.items()}


def run_tournament(
    t: Tournament,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int, int], Any] | None = None,
    on_look: Callable[[Any, int], Any] | None = None,
    results_file: str | Path | None = None,
    resume: bool = False,
) -> TournamentResult:
    """Play a tournament; with a stop rule, look at the data every ``batch`` games and stop as
    soon as the sequential test decides. Ctrl-C returns what finished.

    With ``results_file`` finished chunks are saved as they arrive (with a stop rule, look ``k``
    in ``FILE.lookK``, since each look is its own run) and ``resume=True`` continues a stopped
    tournament: finished games are read back, not replayed, and the test reaches the same looks.
    """
    turn_stats = "report" in t.output and any(
        c.shape == "seat-turn" for c in registry.get(t.game).columns)
    task, names, schedule = build_tournament(t, turn_stats=turn_stats)
    per_deal = schedule.games_per_deal
    if t.stop is None:
        run = run_games(task, t.games, workers=workers, backend=backend,  # type: ignore[arg-type]
                        address=address, progress=progress, results_file=results_file,
                        resume=resume)
        records, set_aside = whole_deal_records(run.records.as_dict(), per_deal)
        return TournamentResult(t, names, schedule, records, run.interrupted, None,
                                run.seconds, set_aside)
    test = SPRT(t.stop.alpha, t.stop.beta, t.stop.p0, t.stop.p1, paired=per_deal == 2)
    run = run_sequential(task, t.games, per_deal=per_deal, look=t.stop.batch, test=test,
                         outcomes=lambda data: first_bot_scores(data, per_deal, t.game),
                         workers=workers, backend=backend,  # type: ignore[arg-type]
                         address=address, progress=progress, on_look=on_look,
                         results_file=results_file, resume=resume)
    return TournamentResult(t, names, schedule, run.records, run.interrupted, test, run.seconds,
                            run.set_aside)
