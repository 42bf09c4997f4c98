"""Everything the poker pages call below the web layer, in one place.

The pages (:mod:`.pages`) import nothing from ``ludolab.games.poker``, ``ludolab.arena`` or
``ludolab.report`` directly: they call the functions here. Experiments run through
:mod:`ludolab.poker`, the same code as ``ludolab poker sim``; one hand is replayed by
:func:`ludolab.poker.trace_hand` and written by the renderer of
``ludolab poker log`` (:mod:`ludolab.games.poker.log`).

Bots reach the engine only as library names, baselines or the generic search specs (``mc:``,
``uct:``, parsed by the CLI's parser), checked here: the page never names a file, so nothing here
reads or writes a path the page gave.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ludolab.arena.results import write_parquet
from ludolab.arena.runner import RecordBatch
from ludolab.arena.stats import deal_totals
from ludolab.errors import LudolabError, nearest
from ludolab.games.poker.bots import PokerBot, library, load_bot
from ludolab.games.poker.rules import PRESETS, ruleset
from ludolab.players.generic import is_generic_spec, make_generic_player
from ludolab.poker import (
    DEFAULT_LOOK,
    DEFAULT_SPRT_MIN,
    SCHEDULES,
    TEN_SEAT_SCHEDULES,
    PokerResult,
    PreparedPoker,
    prepare,
    trace_hand,
)
from ludolab.report.poker import write_simulation_report

GAME = "poker"
#: The most deals one simulation from the page may ask for.
MAX_DEALS = 200_000
#: The most hands (deals x seatings) one simulation from the page may play.
MAX_HANDS = 2_000_000
#: The most hands a simulation with a search seat (``mc:``, ``uct:``) may play: such a table plays
#: hand by hand in Python, about 14 hands a second, so 1,000 hands is about a minute.
MAX_SEARCH_HANDS = 1_000
#: Schedules offered on the page, with what each does.
SCHEDULE_CHOICES: tuple[tuple[str, str], ...] = (
    ("duplicate", "duplicate: every deal in every seating of the bots"),
    ("table-8.1", "Table 8.1: ten seats, every deal ten times (document 002)"),
    ("five-vs-five", "five vs five: five copies of each of 2 bots at ten seats"),
    ("independent", "independent: every hand its own deal (no duplicate seating)"),
)
#: Rule-set presets, with their one-line description.
RULE_PRESETS: tuple[tuple[str, str], ...] = tuple((k, r.describe()) for k, r in PRESETS.items())
assert all(s in SCHEDULES for s, _ in SCHEDULE_CHOICES)


# -- bots ---------------------------------------------------------------------------------------
def bot_names() -> list[str]:
    """The library's bot names, sorted."""
    return [b.name for b in library()]


def library_bot(name: str) -> PokerBot:
    """A library bot by its name (any case); anything else (a file path, a baseline spec) is an
    unknown bot, since the page never reads files on the server."""
    key = str(name).strip().lower()
    for b in library():
        if b.name.lower() == key:
            return b
    hint = nearest(str(name), bot_names())
    more = f"; did you mean {hint!r}?" if hint else ""
    raise LudolabError(f"unknown poker bot {str(name)!r}{more}")


def _not_a_file(text: str) -> None:
    if "/" in text or "\\" in text or text.lower().endswith(".toml"):
        raise LudolabError(f"player {text!r} names a file; the page takes no file paths")


def check_player(spec: str) -> None:
    """A tournament player from the page: a library name, a baseline (``call``, ``raise``,
    ``random:F:C``) or a generic search (``mc:...``, ``uct:...``, checked by the CLI's parser),
    never a file (one-line error otherwise)."""
    text = str(spec).strip()
    _not_a_file(text)
    if is_generic_spec(text):
        make_generic_player(text)  # a bad parameter: the parser's one line
        return
    load_bot(text)  # an unknown name: one line naming the nearest library bot


#: The baseline players every poker page takes besides the library (``ludolab poker sim``'s).
BASELINES = ("call", "raise", "random:0.2:0.3")


def player(spec: str, search: bool = False) -> str:
    """A seat's player as the engine takes it: a library bot by its name (any case), a
    baseline spec (``call``, ``raise``, ``random:F:C``) or, with ``search``, a generic search
    (``mc:...``, ``uct:...``, checked by the CLI's parser); never a file (one-line error)."""
    text = str(spec).strip()
    _not_a_file(text)
    if is_generic_spec(text):
        if not search:
            raise LudolabError(f"{text!r} is a search player: the hand page replays compiled "
                               "bots only; run searches on the Simulate page")
        make_generic_player(text)  # a bad parameter: the parser's one line
        return text
    for b in library():
        if b.name.lower() == text.lower():
            return b.name
    if text.lower() in ("call", "raise", "always-call", "always-raise") or \
            text.lower().startswith("random:"):
        check_player(text)
        return text
    return library_bot(text).name  # the unknown-bot message, with the nearest name


@dataclass(frozen=True)
class BotInfo:
    name: str
    summary: str
    source: str
    kind: str
    text: str
    words: str
    slug: str


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")


def words(b: PokerBot) -> str:
    """The bot's ``describe()``, its file named by the library's file name rather than by its
    place on the server's disk."""
    text = b.describe()
    return text.replace(f"file: {b.path}", f"file: {b.path.name} (bot library)") if b.path \
        else text


def _info(b: PokerBot) -> BotInfo:
    return BotInfo(b.name, b.summary, b.source, b.kind, b.text, words(b), _slug(b.name))


def bots() -> list[BotInfo]:
    """Every library bot with its summary, source, file text and parameters in words."""
    return [_info(b) for b in library()]


def bot_by_slug(slug: str) -> BotInfo | None:
    """One library bot by the slug of its name (the detail page's address), or None."""
    for b in library():
        if _slug(b.name) == slug:
            return _info(b)
    return None


# -- simulation ---------------------------------------------------------------------------------
def check_simulation(names: list[str], seats: int | None, deals: int, schedule: str, rules: str,
                     seed: int, sprt: tuple[float, float] | None = None, look: int = DEFAULT_LOOK,
                     sprt_min: int = DEFAULT_SPRT_MIN) -> PreparedPoker:
    """Check every setting (one :class:`LudolabError` per mistake) and return the plan.

    ``sprt=(d0, d1)``: stop when the sequential test of the first bot's small bets per hand
    minus the second's decides between H0 ``d0`` and H1 ``d1`` (alpha = beta = 0.05), looking
    every ``look`` deals and not deciding before ``sprt_min`` deals, or at ``deals``."""
    bot_list = [player(n, search=True) for n in names]
    if not bot_list:
        raise LudolabError("choose at least one bot")
    if not 1 <= deals <= MAX_DEALS:
        raise LudolabError(f"deals must be 1 to {MAX_DEALS:,}, got {deals:,}")
    plan = prepare(bot_list, deals, seed, seats=seats, schedule=schedule or None,
                   rules=rules or "limit", sprt=sprt, look=look, sprt_min=sprt_min)
    if plan.games > MAX_HANDS:
        raise LudolabError(f"{deals:,} deals x {plan.schedule.games_per_deal} hands is "
                           f"{plan.games:,} hands; the page plays at most {MAX_HANDS:,}")
    if any(is_generic_spec(n) for n in bot_list) and plan.games > MAX_SEARCH_HANDS:
        raise LudolabError(f"{deals:,} deals x {plan.schedule.games_per_deal} hands is "
                           f"{plan.games:,} hands; with a search seat (about 14 hands a second) "
                           f"the page plays at most {MAX_SEARCH_HANDS:,}")
    return plan


def default_seats(schedule: str, bots: int) -> int:
    """The seats a schedule takes when the form leaves them empty."""
    return 10 if schedule in TEN_SEAT_SCHEDULES else max(2, bots)


def _chunk(hands: int) -> int:
    """Chunks small enough for a few progress updates a second, large enough to stay fast."""
    return int(min(20_000, max(200, hands // 40)))


def run_simulation(plan: PreparedPoker, progress: Any, workers: int | None) -> PokerResult:
    """Play the hands through the arena's runner; a cancel keeps the finished whole units."""
    chunk = getattr(plan.task, "preferred_chunk_size", None) or _chunk(plan.games)
    result = plan.run(workers=workers or os.cpu_count() or 1, chunk_size=chunk,
                      progress=progress)
    assert isinstance(result, PokerResult)
    return result


def _finite(x: Any) -> float | None:
    return float(x) if x is not None and math.isfinite(float(x)) else None


def _nice(x: float) -> float:
    """The smallest of 1, 2, 5 times a power of ten at or above ``x`` (an axis end)."""
    if x <= 0:
        return 1.0
    p = 10.0 ** math.floor(math.log10(x))
    return next(m * p for m in (1, 2, 5, 10) if m * p >= x)


def _bars(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Geometry of the small-bets bars: a symmetric axis around 0, in percent of its width."""
    ends = [abs(v) for r in rows for v in (r["sb_per_hand"], *r["sb_ci"])
            if v is not None and math.isfinite(v)]
    top = _nice(max(ends, default=0.0) * 1.05)

    def pos(v: float) -> float:
        return round(50.0 + 50.0 * max(-top, min(top, v)) / top, 3)

    out = []
    for r in rows:
        mean, (lo, hi) = r["sb_per_hand"], r["sb_ci"]
        if mean is None or not math.isfinite(mean):
            out.append({"bot": r["bot"], "empty": True})
            continue
        bar = {"bot": r["bot"], "empty": False, "mean": mean,
               "left": min(pos(0.0), pos(mean)), "width": abs(pos(mean) - pos(0.0)),
               "sign": "up" if mean >= 0 else "down", "mark": pos(mean), "ci": None}
        if math.isfinite(lo) and math.isfinite(hi):
            bar["ci"] = {"low": lo, "high": hi, "left": pos(lo), "width": pos(hi) - pos(lo),
                         "sure": lo > 0 or hi < 0}
        out.append(bar)
    return {"top": top, "bars": out}


def _running(result: PokerResult, bot: int) -> tuple[Any, Any]:
    """``bot``'s small bets per hand over the first ``k`` units, ``k`` = 1 .. all (units in
    deal order; a ``k`` before the bot's first hand is left out): ``(k, mean)``."""
    values = result.per_bot(bot)
    present = ~np.isnan(values)  # the bot played the hand
    totals, sizes = deal_totals(result.records["deal"], np.where(present, values, 0.0),
                                present)
    n = np.cumsum(sizes)
    ok = n > 0
    return np.arange(1, len(totals) + 1)[ok], np.cumsum(totals)[ok] / n[ok]


def _running_chart(result: PokerResult) -> dict[str, Any] | None:
    """Each bot's small bets per hand over the first k units (at most 400 points)."""
    if result.deals < 2:
        return None
    units = result.deals
    step = max(1, units // 400)
    xs = list(range(step, units + 1, step))
    if xs[-1] != units:
        xs.append(units)
    series = []
    for b, name in enumerate(result.bots):
        k, mean = _running(result, b)
        by_k = dict(zip(k.tolist(), mean.tolist(), strict=True))
        series.append({"label": name,
                       "data": [round(by_k[x], 5) if x in by_k else None for x in xs]})
    return {"x": xs, "series": series}


def _worth(x: float) -> str:
    """What an interval is worth in independent hands, in words."""
    if x != x:
        return "-"
    return "all luck removed" if x == math.inf else f"{x:,.0f}"


def _clean(row: dict[str, Any]) -> dict[str, Any]:
    """A row for the page: NaN (no data) as None, which the page shows as "-"."""
    out: dict[str, Any] = {}
    for k, v in row.items():
        if isinstance(v, float) and v != v:
            v = None
        elif isinstance(v, tuple):
            v = tuple(None if isinstance(x, float) and x != x else x for x in v)
        out[k] = v
    if "effective_hands" in row:
        out["worth"] = _worth(row["effective_hands"])
    return out


def result_view(result: PokerResult) -> dict[str, Any]:
    """What the result panel shows: the summary, bot and seat rows, bars, the running chart."""
    rows = result.bot_rows()
    versus = result.versus()
    return {"summary": result.to_dict(), "bots": [_clean(r) for r in rows],
            "positions": [_clean(r) for r in result.position_rows()],
            "versus": _clean(versus) if versus else None, "bars": _bars(rows),
            "chart": _running_chart(result), "rules_text": ruleset(result.rules).describe(),
            "sprt": _sprt_view(result)}


def _sprt_view(result: PokerResult) -> dict[str, Any] | None:
    """The sequential test in words (first bot minus second, small bets per hand)."""
    t = result.sprt
    if t is None:
        return None
    first, second = result.bots[:2]
    verdict = {"H1": f"H1 accepted: {first} minus {second} is {t.d1:g} rather than {t.d0:g} "
                     "sb/hand",
               "H0": f"H0 accepted: {first} minus {second} is {t.d0:g} rather than {t.d1:g} "
                     "sb/hand",
               "continue": "not decided (the deal limit or Stop came first)"}[t.status]
    return {"status": t.status, "verdict": verdict, "line": t.summary(), "units": t.n,
            "decided_at": t.decided_at, "min_units": t.min_units}


def summary_json(result: PokerResult) -> dict[str, Any]:
    """The JSON download: the experiment's summary (what ``ludolab poker sim --json`` prints)."""
    return result.to_dict()


def parquet_bytes(result: PokerResult) -> bytes:
    """One Parquet row per hand, the summary in the file's metadata."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.parquet"
        write_parquet(path, RecordBatch(result.records), meta=result.to_dict())
        return path.read_bytes()


def report_html(result: PokerResult) -> bytes:
    """The single-file HTML report of ``ludolab poker sim --report``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "report.html"
        write_simulation_report(path, result)
        return path.read_bytes()


def save_simulation(result: PokerResult, folder: Path, stem: str) -> list[Path]:
    """Write the JSON summary and the Parquet hands of a finished simulation to ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    js = folder / f"{stem}.json"
    js.write_text(json.dumps(summary_json(result), indent=2), encoding="utf-8")
    pq = folder / f"{stem}.parquet"
    pq.write_bytes(parquet_bytes(result))
    return [js, pq]


# -- one hand -----------------------------------------------------------------------------------
@dataclass
class Hand:
    """One hand's history: the lines of ``ludolab poker log``, and where the hand comes from."""

    names: list[str]
    deal: int
    trial: int
    button: int
    lines: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _render(plan: PreparedPoker, deal: int, trial: int, button: int | None) -> Hand:
    from ludolab.games.poker.log import hand_history  # lazy: builds the evaluator tables

    history = trace_hand(plan, deal, trial, button)
    return Hand(list(plan.names), deal, trial, history.button,
                hand_history(history, plan.names, deal, trial))


def hand(names: list[str], seats: int | None, schedule: str, rules: str, seed: int, deal: int,
         trial: int, button: int | None = None) -> Hand:
    """Hand ``trial`` of deal ``deal`` of the run these settings make, as ``poker log`` plays
    it (``button`` moves the button away from the run's seat ``deal`` mod the seats)."""
    bot_list = [player(n, search=True) for n in names]
    if not bot_list:
        raise LudolabError("choose at least one bot")
    if deal < 0:
        raise LudolabError(f"the deal must be 0 or more, got {deal}")
    plan = prepare(bot_list, deal + 1, seed, seats=seats, schedule=schedule or None,
                   rules=rules or "limit")
    return _render(plan, deal, trial, button)


def simulated_hand(result: PokerResult, plan: PreparedPoker, index: int) -> Hand:
    """Hand number ``index`` of a finished simulation, replayed from its deal and seating."""
    if any(is_generic_spec(n) for n in plan.names):
        raise LudolabError("a run with a search seat (mc:, uct:) is not replayed hand by hand: "
                           "the hand page replays compiled bots only")
    rec = result.records
    if not result.hands:
        raise LudolabError("no hand of this simulation finished")
    pos = (rec["index"] == index).nonzero()[0]
    if not len(pos):
        raise LudolabError(f"hand {index} is not among the {result.hands:,} hands kept "
                           f"(0 to {int(rec['index'].max())})")
    p = int(pos[0])
    return _render(plan, int(rec["deal"][p]), int(rec["trial"][p]), None)
