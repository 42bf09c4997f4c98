"""Everything the Dominion pages call below the web layer, in one place.

The pages (:mod:`.pages`) import nothing from ``ludolab.games.dominion``, ``ludolab.arena``,
``ludolab.evolve`` or ``ludolab.report`` directly: they call the functions here, so when those
layers move an API (the simulation orchestration moving up to the arena, the runner split) the
imports are fixed in this one module.

Bots reach the engine only as library names or as text typed on the page, parsed by the bot
language's own parser (never evaluated); nothing here reads or writes a path the page gave.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ludolab.arena.results import write_parquet
from ludolab.arena.runner import RecordBatch
from ludolab.arena.sequential import first_bot_scores, run_sequential
from ludolab.arena.simulation import (
    PreparedSimulation,
    RecordsTask,
    SimulationResult,
    prepare,
)
from ludolab.arena.sprt import SPRT
from ludolab.core.scoring import unique_names
from ludolab.errors import BotFileError, LudolabError, nearest
from ludolab.evolve.ga import EvolveConfig, evolve
from ludolab.games.dominion import log as dlog
from ludolab.games.dominion.bots import (
    BotSpec,
    compile_bot,
    describe_bot,
    library_names,
    library_path,
    library_specs,
    load_spec,
    parse_bot_text,
    render_bot,
)
from ludolab.games.dominion.cards import CARDS, CardType
from ludolab.games.dominion.engine import DecisionKind, Engine
from ludolab.games.dominion.kingdom import PRESETS, resolve_kingdom
from ludolab.games.dominion.rules import MAX_PLAYERS, ruleset
from ludolab.report.dominion import write_simulation_report
from ludolab.report.plots import hit_rate_by_turn, mean_by_turn

#: The longest bot text the page accepts (a large library bot is about 2,000 characters).
MAX_BOT_CHARS = 20_000
#: The most games one simulation from the page may ask for (per-turn data is kept in memory).
MAX_GAMES = 200_000
#: A per-turn curve stops where fewer than this share of a bot's games reached the turn.
MIN_SHARE = 0.05
#: The money thresholds of the "P($x) by turn" chart.
HIT_THRESHOLDS = (5, 6, 8)
KINGDOM_PRESETS = tuple(PRESETS)
GAME = "dominion"


# -- bots and cards ----------------------------------------------------------------------------
def bot_names() -> list[str]:
    """The library's bot names, sorted."""
    return library_names()


def library_bot(name: str) -> BotSpec:
    """A library bot by name; anything else (a file path too) is an unknown bot, since the page
    never reads files on the server."""
    if not isinstance(name, str) or library_path(name) is None:
        hint = nearest(str(name), library_names())
        more = f"; did you mean {hint!r}?" if hint else ""
        raise LudolabError(f"unknown library bot {name!r}{more}")
    return load_spec(name)


def parse_bot(text: str) -> BotSpec:
    """Parse bot text typed on the page; :class:`BotFileError` carries the line of a mistake."""
    if len(text) > MAX_BOT_CHARS:
        raise BotFileError(f"the bot text is {len(text):,} characters; the limit is "
                           f"{MAX_BOT_CHARS:,}")
    spec = parse_bot_text(text)
    compile_bot(spec)  # anything the compiler refuses is a mistake in the text too
    return spec


def bot_text(spec: BotSpec) -> str:
    """A bot's file text: the library file as written (comments kept), else rendered."""
    path = library_path(spec.name) if spec.path else None
    if path is not None:
        return path.read_text(encoding="utf-8")
    return render_bot(spec)


def bot_words(spec: BotSpec) -> str:
    """The bot in readable words."""
    return describe_bot(spec)


@dataclass(frozen=True)
class BotInfo:
    name: str
    description: str
    kingdom: list[str]
    text: str
    words: str
    slug: str


def library() -> list[BotInfo]:
    """Every library bot with its kingdom cards, file text and description in words."""
    out = []
    for spec in library_specs():
        kingdom = []
        for e in spec.buy:
            c = CARDS[_card_index(e.card)]
            if c.is_kingdom and c.name not in kingdom:
                kingdom.append(c.name)
        out.append(BotInfo(spec.name, spec.description, kingdom, bot_text(spec),
                           describe_bot(spec), _slug(spec.name)))
    return out


def _card_index(name: str) -> int:
    for c in CARDS:
        if c.name == name:
            return c.id
    raise LudolabError(f"unknown card {name!r}")


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")


_SET_NAMES = {"basic": "Basic", "base2": "Base (2nd ed.)", "base1": "Base (1st ed.)",
              "intrigue2": "Intrigue (2nd ed.)", "intrigue1": "Intrigue (1st ed.)"}


def card_rows() -> list[dict[str, Any]]:
    """The card table: name, cost, types, set and text of every card."""
    order = ("ACTION", "ATTACK", "REACTION", "TREASURE", "VICTORY", "CURSE")
    return [{"name": c.name, "cost": c.cost,
             "types": " - ".join(n.title() for n in order if c.types & CardType[n]),
             "set": _SET_NAMES.get(c.set, c.set), "text": c.text} for c in CARDS]


# -- simulation ----------------------------------------------------------------------------------
@dataclass
class SimRequest:
    """A simulation asked for on the page, already checked."""

    bots: list[BotSpec]
    games: int
    seed: int
    kingdom: str
    rules: str
    seating: str
    until_clear: bool = False
    delta: float = 0.02
    prepared: PreparedSimulation | None = field(default=None, repr=False)


def check_simulation(bots: list[BotSpec], games: int, seed: int, kingdom: str, rules: str,
                     seating: str, until_clear: bool, delta: float) -> SimRequest:
    """Check every setting (one :class:`LudolabError` per mistake) before anything runs."""
    if not 1 <= games <= MAX_GAMES:
        raise LudolabError(f"games must be 1 to {MAX_GAMES:,}, got {games:,}")
    if until_clear:
        if len(bots) != 2:
            raise LudolabError(f"'until the winner is clear' compares 2 bots, got {len(bots)}")
        if seating != "rotate":
            raise LudolabError("'until the winner is clear' needs rotating seats (game pairs)")
        if not 0.001 <= delta <= 0.2:
            raise LudolabError(f"the score difference to detect must be 0.001 to 0.2, got {delta}")
    req = SimRequest(bots, games, seed, kingdom, rules, seating, until_clear, delta)
    req.prepared = prepare(GAME, bots, games, seed,
                           options={"kingdom": kingdom or "auto", "rules": rules},
                           seating=seating, turn_stats=True)
    if until_clear and req.prepared.schedule.games_per_deal != 2:
        raise LudolabError("'until the winner is clear' compares 2 different bots; these two "
                           "play the same strategy")
    return req


def needs_compile() -> bool:
    """True when the next game compiles the engine (about 45 s of CPU, once per install)."""
    return Engine.needs_compile()


def _chunk(games: int) -> int:
    """Chunks small enough for a few progress updates a second, large enough to stay fast."""
    return int(min(20_000, max(200, games // 40)))


@dataclass
class SimOutcome:
    """A finished simulation and, when it ran until the winner was clear, its sequential test."""

    result: SimulationResult
    sprt: SPRT | None = None


def run_simulation(req: SimRequest, progress: Any, workers: int | None) -> SimOutcome:
    """Play the simulation through the arena's runner; a cancel keeps the finished games."""
    plan = req.prepared
    assert plan is not None
    if not req.until_clear:
        res = plan.run(workers=workers or _all_cores(), chunk_size=_chunk(req.games),
                       progress=progress)
        return SimOutcome(res)
    return _run_until_clear(plan, req, progress, workers)


def _all_cores() -> int:
    return os.cpu_count() or 1


def _run_until_clear(plan: PreparedSimulation, req: SimRequest, progress: Any,
                     workers: int | None) -> SimOutcome:
    """Look every ``batch`` games with a paired SPRT of H0 "bot 1 scores 1/2 - delta" against
    H1 "1/2 + delta" (alpha = beta = 0.05): stopping on H1 says bot 1 is the winner, on H0 bot 2.
    A game pair (the same deal, seats swapped) is one observation, since its games share luck;
    only whole pairs are played. The loop is the arena's (:func:`run_sequential`)."""
    test = SPRT(0.05, 0.05, 0.5 - req.delta, 0.5 + req.delta, paired=True)
    per_deal = plan.schedule.games_per_deal  # 2: two different bots, rotated
    run = run_sequential(RecordsTask(plan.task), req.games - req.games % per_deal,
                         per_deal=per_deal, look=2 * _chunk(req.games), test=test,
                         outcomes=lambda data: first_bot_scores(data, per_deal, GAME),
                         workers=workers or _all_cores(), chunk_size=_chunk(req.games),
                         progress=progress)
    res = SimulationResult(GAME, plan.names, plan.seed, plan.seating, run.records, req.games,
                           run.seconds, run.interrupted, dict(plan.settings), run.set_aside,
                           per_deal)
    return SimOutcome(res, test)


def _nan_to_none(x: float) -> float | None:
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else float(x)


def _curves(mean: np.ndarray, count: np.ndarray, seat_games: list[int], names: list[str],
            scale: float = 1.0) -> dict[str, Any]:
    """Chart data: ``x`` the turns, one series per bot (None past the shown turns)."""
    keep_any = np.zeros(mean.shape[1], bool)
    series = []
    for b, name in enumerate(names):
        keep = (count[b] > 0) & (count[b] >= MIN_SHARE * max(1, seat_games[b]))
        keep_any |= keep
        series.append({"label": name,
                       "data": [round(float(v) * scale, 4) if k else None
                                for v, k in zip(mean[b], keep, strict=True)]})
    last = int(np.nonzero(keep_any)[0].max()) + 1 if keep_any.any() else 0
    return {"x": list(range(1, last + 1)),
            "series": [{"label": s["label"], "data": s["data"][:last]} for s in series]}


def result_view(outcome: SimOutcome) -> dict[str, Any]:
    """What the result page shows: tables, win bars, chart data, the sequential test."""
    res = outcome.result
    view: dict[str, Any] = {
        "summary": res.to_dict(),
        "bots": res.bot_rows(),
        "seats": res.seat_rows(),
        "ends": {k: v for k, v in res.end_shares().items() if v},
        "charts": {},
        "kingdom": list(res.settings.get("kingdom", ())),
        "rules": str(res.settings.get("rules", "official")),
    }
    rec = res.records
    if res.games and "turn_vp" in rec:
        seat = rec["seating"]
        n = len(res.bots)
        seat_games = [int((seat == b).sum()) for b in range(n)]
        vp, vc = mean_by_turn(rec["turn_vp"], seat, n, rec["turns"])
        coins, cc = mean_by_turn(rec["turn_coins"], seat, n, rec["turns"])
        view["charts"]["vp"] = _curves(vp, vc, seat_games, res.bots)
        view["charts"]["coins"] = _curves(coins, cc, seat_games, res.bots)
        for t in HIT_THRESHOLDS:
            rate, rc = hit_rate_by_turn(rec["turn_coins"], seat, n, t, rec["turns"])
            view["charts"][f"p{t}"] = _curves(rate, rc, seat_games, res.bots, 100.0)
    if outcome.sprt is not None:
        view["sprt"] = sprt_view(outcome.sprt, res.bots)
    return view


def sprt_view(test: SPRT, bots: list[str]) -> dict[str, Any]:
    """The sequential test in words."""
    lo, hi = test.bounds
    score = test.score()
    verdict = {"H1": f"{bots[0]} is the winner", "H0": f"{bots[1]} is the winner",
               "continue": "not clear yet (the game limit came first)"}[test.status]
    return {"status": test.status, "verdict": verdict, "llr": test.llr, "bounds": [lo, hi],
            "pairs": test.n, "decided_at": test.decided_at, "p0": test.p0, "p1": test.p1,
            "score": None if score is None else [score.estimate, score.low, score.high]}


def summary_json(outcome: SimOutcome) -> dict[str, Any]:
    """The JSON download: the simulation's summary (and its sequential test)."""
    out = outcome.result.to_dict()
    if outcome.sprt is not None:
        out["sprt"] = sprt_view(outcome.sprt, outcome.result.bots)
    return out


def parquet_bytes(outcome: SimOutcome) -> bytes:
    """One Parquet row per game, the summary in the file's metadata."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.parquet"
        write_parquet(path, RecordBatch(outcome.result.records), meta=summary_json(outcome))
        return path.read_bytes()


def report_html(outcome: SimOutcome) -> bytes:
    """The single-file HTML report (tables and figures)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "report.html"
        write_simulation_report(path, outcome.result)
        return path.read_bytes()


def save_simulation(outcome: SimOutcome, folder: Path, stem: str) -> list[Path]:
    """Write the JSON summary and the Parquet games of a finished simulation to ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    js = folder / f"{stem}.json"
    js.write_text(json.dumps(summary_json(outcome), indent=2), encoding="utf-8")
    pq = folder / f"{stem}.parquet"
    pq.write_bytes(parquet_bytes(outcome))
    return [js, pq]


# -- one game, turn by turn ------------------------------------------------------------------
@dataclass
class Replay:
    names: list[str]
    seed: int
    kingdom: list[str]
    rules: str
    header: list[str]
    turns: list[dict[str, Any]]
    footer: list[str]


def _replay(compiled: list[Any], names: list[str], kingdom: list[int], rules: str,
            seed: int) -> Replay:
    engine = Engine(kingdom, len(compiled), ruleset(rules))
    events, notes = dlog.trace_game(engine, compiled, seed)  # search players too
    text = dlog.render(events, names, notes)
    header: list[str] = []
    footer: list[str] = []
    turns: list[dict[str, Any]] = []
    for line in text.splitlines():
        if line.startswith("Turn "):
            label = line
            seat = int(line.rsplit("P", 1)[1]) - 1 if " - P" in line else 0
            turns.append({"label": label, "seat": seat, "lines": []})
        elif not line.strip():
            continue
        elif line.startswith("  ") and turns:
            turns[-1]["lines"].append(line.strip())
        elif turns:
            footer.append(line)
        else:
            header.append(line)
    return Replay(names, seed, [CARDS[c].name for c in kingdom], rules, header, turns, footer)


def replay_game(bots: list[BotSpec], seed: int, kingdom: str, rules: str) -> Replay:
    """Play one game with tracing on, bots in seat order, and split its log into turns."""
    if not 1 <= len(bots) <= MAX_PLAYERS:
        raise LudolabError(f"Dominion takes 1 to {MAX_PLAYERS} bots, got {len(bots)}")
    ruleset(rules)
    compiled = [compile_bot(b) for b in bots]
    names = unique_names([b.name for b in bots])
    ids = resolve_kingdom(kingdom or "auto", {n: c.cards_needed
                                              for n, c in zip(names, compiled, strict=True)})
    return _replay(compiled, names, ids, rules, seed)


def replay_simulated(outcome: SimOutcome, plan: PreparedSimulation, game: int) -> Replay:
    """Game number ``game`` of a finished simulation, replayed from its seed and seating."""
    rec = outcome.result.records
    if not outcome.result.games:
        raise LudolabError("no game of this simulation finished")
    idx = rec["index"]
    pos = np.nonzero(idx == game)[0]
    if not len(pos):
        raise LudolabError(f"game {game} is not among the {len(idx):,} games played "
                           f"(0 to {int(idx.max()) if len(idx) else -1})")
    p = int(pos[0])
    seating = [int(b) for b in rec["seating"][p]]
    compiled = [plan.task.bots[b] for b in seating]
    names = [plan.names[b] for b in seating]
    return _replay(compiled, names, plan.task.kingdom, plan.task.rules_spec, int(rec["seed"][p]))


# -- play against a bot ------------------------------------------------------------------------
@dataclass
class PlaySession:
    """A person's game against a bot through the engine's step-wise API."""

    game: Any
    names: list[str]
    human: int
    kingdom: list[str]
    seed: int
    moves: int = 0
    news: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    """Two tabs answering the same game at once take turns."""


def new_play(bot: BotSpec, human_seat: int, seed: int, kingdom: str, rules: str) -> PlaySession:
    """Start a 2-player game: the person in ``human_seat`` (0 or 1), the bot in the other."""
    if human_seat not in (0, 1):
        raise LudolabError(f"your seat must be 1 or 2, got {human_seat + 1}")
    compiled = compile_bot(bot)
    ids = resolve_kingdom(kingdom or "random", {bot.name: compiled.cards_needed})
    if kingdom.strip().lower() in ("random", ""):
        ids = resolve_kingdom(f"random:{seed}", {bot.name: compiled.cards_needed})
    engine = Engine(ids, 2, ruleset(rules))
    seats: list[Any] = [None, None]
    seats[1 - human_seat] = compiled
    names = ["You", bot.name] if human_seat == 0 else [bot.name, "You"]
    return PlaySession(engine.new_game(seed, seats), names, human_seat,
                       [CARDS[c].name for c in ids], seed)


def answer(session: PlaySession, option: int) -> None:
    """Answer the pending decision; note what the bot gained meanwhile."""
    g = session.game
    bot = 1 - session.human
    before = dict(g.zones(bot)["owned"])
    g.answer(option)
    session.moves += 1
    after = g.zones(bot)["owned"]
    gained = [f"{k - before.get(c, 0)} {c}" if k - before.get(c, 0) > 1 else c
              for c, k in after.items() if k > before.get(c, 0)]
    lost = [c for c, k in before.items() if after.get(c, 0) < k]
    news = []
    if gained:
        news.append(f"{session.names[bot]} gained {', '.join(gained)}")
    if lost:
        news.append(f"{session.names[bot]} no longer has {', '.join(lost)}")
    session.news = news


def play_view(session: PlaySession) -> dict[str, Any]:
    """The state a person sees: their cards, the supply, the decision and its options."""
    g = session.game
    me = session.human
    zones = g.zones(me)
    counters = g.counters()
    view: dict[str, Any] = {
        "names": session.names, "human": me, "kingdom": session.kingdom, "seed": session.seed,
        "hand": zones["hand"], "play": zones["play"], "deck_size": len(zones["deck"]),
        "discard_size": sum(zones["discard"].values()), "owned": zones["owned"],
        "bot_owned": g.zones(1 - me)["owned"], "supply": [],
        "counters": counters, "vp": g.vp(), "news": session.news, "over": g.is_over(),
        "moves": session.moves,
    }
    for name, left in g.supply().items():
        view["supply"].append({"name": name, "left": left, "cost": CARDS[_card_index(name)].cost})
    view["supply"].sort(key=lambda r: (r["cost"], r["name"]))
    d = g.pending()
    if d is not None:
        view["question"] = d.describe().split(": ", 1)[1].rsplit(" [", 1)[0]
        view["kind"] = DecisionKind(d.kind).name.lower()
        opts = []
        for o in d.options:
            label = d.option_name(o)
            if d.kind in (DecisionKind.BUY, DecisionKind.GAIN) and o >= 0:
                label += f" (${CARDS[o].cost})"
            opts.append({"value": o, "label": label})
        view["options"] = opts
    else:
        out = g.outcome()
        view["outcome"] = {2: "You won", 1: "You shared the win", 0: "You lost"}[out[me]]
        view["end_reason"] = str(g.end_reason().name.lower().replace("_", " "))
        view["turns"] = [counters.get(f"turns{q}", 0) for q in range(2)]
    return view


# -- evolve ----------------------------------------------------------------------------------------
def evolve_config(against: list[str], population: int, generations: int, games: int,
                  validate_games: int, seed: int, minutes: float | None,
                  workers: int | None) -> Any:
    """A checked genetic-algorithm configuration (library opponents only)."""
    names = [library_bot(a).name for a in against]
    if not names:
        raise LudolabError("pick at least one opponent to evolve against")
    if generations < 1:
        raise LudolabError(f"generations must be at least 1, got {generations}")
    return EvolveConfig(against=tuple(names), population=population, generations=generations,
                        games=games, check_games=max(2, min(1000, 10 * games)),
                        validate_games=validate_games, seed=seed, minutes=minutes,
                        workers=workers or _all_cores())


def run_evolution(config: Any, on_generation: Any) -> Any:
    """Run the genetic algorithm; a cancel stops after the current generation (its champion is
    validated and kept)."""
    return evolve(config, progress=on_generation)


def generation_point(stats: Any) -> dict[str, Any]:
    return {"generation": stats.generation, "best": stats.best, "mean": stats.mean,
            "champion": stats.champion_margin, "champion_win": stats.champion_win_rate,
            "new_champion": stats.new_champion, "seconds": stats.seconds}


def champion_text(result: Any) -> str | None:
    """The evolved champion as a bot file, or None if no generation finished."""
    spec = getattr(result, "champion_spec", None)
    return None if spec is None else render_bot(spec)


def champion_words(result: Any) -> str | None:
    spec = getattr(result, "champion_spec", None)
    return None if spec is None else describe_bot(spec)


def validation_view(result: Any) -> dict[str, Any] | None:
    v = getattr(result, "validation", None)
    return None if v is None else v.to_dict()
