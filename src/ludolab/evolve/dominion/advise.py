"""The kingdom advisor: the strongest plan this engine finds for ten given kingdom cards.

Five stages, every deal keyed by ``(seed, purpose, stage)`` so a run is a pure function of its
settings and of its budget in evaluations:

1. **Candidates**: every bot that fits the kingdom (its kingdom cards all in it): the library's,
   the user's (a folder of bot files), ``--against`` bots, the X-bot of each kingdom card
   (:mod:`ludolab.games.dominion.bots.xbots`) and bots of promising pairs (a village with a draw
   card, a trasher with a payload card, an attack bought twice) built on Big Money Ultimate.
2. **Ranking**: each candidate plays Big Money Ultimate on common deals, every deal in every seat
   (a short screen); the best ``pool`` then play a round robin, again duplicate-seated, and are
   ranked by their mean score (win 1, shared win 1/2, loss 0) over all their opponents.
3. **Tuning**: the best candidate's numbers (condition thresholds, copy limits) one step at a
   time against the field, a step kept only when it wins clearly twice on fresh deals.
4. **Search**: the genetic algorithm of :mod:`ludolab.evolve.ga` over the kingdom's cards (buy
   ranks, cut-offs, copy limits, play and trash orders), its first population seeded with the
   genomes nearest to the best candidates, its fitness the **score** against a *field*: the
   strongest candidates plus Big Money Ultimate (not the VP margin against one bot: a margin
   rewards crushing weak play and can pull away from winning). The budget is a number of
   evaluations (one genome's games against the field); a time budget is turned into evaluations
   before the search starts, from the measured speed of this machine, so ``evaluations=N`` with
   the same seed replays a timed run exactly.
5. **Final**: the champion against the tuned bot, the best candidates and Big Money Ultimate on
   deals no earlier stage saw (their own purpose key), every deal in every seat, in batches;
   each opponent's games stop when a sequential test decides (two players: the arena's paired
   SPRT, score 0.50 against 0.55; more: the 95% interval clear of 0.50), the whole final at
   ``final_deals``. If the contender (the tuned bot, else the best candidate) beats the
   champion head to head, it is recommended instead and plays the same final on its own fresh
   deals. Intervals are over deals (a deal's games share its luck).

The recommendation comes with per-card statistics (what it and the runner-up bought, when, and
what they played; :mod:`ludolab.games.dominion.cardstats`) from their final games.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ludolab.arena.sprt import SPRT
from ludolab.arena.stats import cluster_proportion, deal_totals, paired_summary
from ludolab.core import rng as krng
from ludolab.errors import LudolabError
from ludolab.evolve import ga
from ludolab.evolve.dominion import fitness as fit
from ludolab.evolve.dominion.genome import (
    Genome,
    Layout,
    genome_from_lists,
    layout_for,
    random_genome,
)
from ludolab.evolve.dominion.problem import DominionProblem
from ludolab.evolve.fitness import scores
from ludolab.games.dominion.bots import (
    BotSpec,
    Entry,
    compile_bot,
    library_specs,
    load_spec,
    read_bot_file,
    render_bot,
)
from ludolab.games.dominion.bots.xbots import BASE_BOT, xbot_cards, xbot_spec
from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.cardstats import card_rows
from ludolab.games.dominion.kingdom import colony_rules, resolve_kingdom
from ludolab.games.dominion.rules import MAX_PLAYERS, ruleset

__all__ = ["Advice", "AdviseSettings", "Candidate", "advise", "candidates_for",
           "check_request", "genome_from_spec"]

PURPOSE_RANK = krng.purpose("advise/rank")
PURPOSE_ROBIN = krng.purpose("advise/robin")
PURPOSE_CALIBRATE = krng.purpose("advise/calibrate")
PURPOSE_FINAL = krng.purpose("advise/final")
PURPOSE_TUNE = krng.purpose("advise/tune")

#: the default time budget when neither minutes nor evaluations are given
DEFAULT_MINUTES = 5.0
#: the share of the time left that a time budget plans evaluations for (see :func:`_search`)
TIME_SHARE = 0.6
#: the largest evaluation budget (a typo with extra zeros is an error, not a run of weeks)
MAX_EVALUATIONS = 10_000_000

#: Cards that trash cards from their player's hand to thin a deck (the "trasher" of a pair).
TRASHERS = frozenset({
    "Chapel", "Steward", "Trading Post", "Lookout", "Forge", "Moneylender", "Remodel", "Replace",
    "Salvager", "Ambassador", "Sentry", "Upgrade", "Masquerade", "Junk Dealer",
})


@dataclass(frozen=True)
class AdviseSettings:
    """The sizes of each stage (the defaults are the command's; tests use smaller ones).

    Game counts are per pairing and must be multiples of the player count: every deal is played
    once with the candidate in each seat.
    """

    screen_games: int = 200
    """each candidate against Big Money Ultimate (stage 2's screen)"""
    pool: int = 12
    """candidates kept for the round robin"""
    robin_games: int = 100
    """each pair of the round robin"""
    field: int = 4
    """the strongest candidates in the search's field (with Big Money Ultimate)"""
    population: int = 40
    fitness_games: int = 100
    """each genome against each field bot, per evaluation"""
    check_games: int = 400
    """a generation's best against each field bot on the fixed check deals"""
    finalists: int = 3
    """the best candidates the champion meets in the final (with Big Money Ultimate)"""
    final_deals: int = 1000
    """at most this many deals per final opponent"""
    final_batch: int = 100
    """deals per opponent between two looks at the final's data"""
    stat_deals: int = 300
    """deals of the final against the runner-up replayed for the per-card statistics"""
    max_pairs: int = 16
    """at most this many pair bots"""
    tune_rounds: int = 4
    """rounds of tuning the best candidate's numbers (0: no tuning)"""

    @classmethod
    def small(cls) -> AdviseSettings:
        """Sizes for examples and tests: a run of a few seconds (figures with wide intervals)."""
        return cls(screen_games=40, pool=5, robin_games=20, field=2, population=8,
                   fitness_games=20, check_games=40, finalists=2, final_deals=100,
                   final_batch=50, stat_deals=50, tune_rounds=2)


@dataclass
class Candidate:
    """A bot that fits the kingdom, where it came from, and its ranking scores."""

    spec: BotSpec
    origin: str  # library, user, against, x-bot, pair
    screen: float = math.nan  # score against Big Money Ultimate
    robin: float = math.nan  # mean score in the round robin

    @property
    def name(self) -> str:
        return self.spec.name


@dataclass
class Advice:
    """What :func:`advise` found.

    ``bot`` is the recommended bot and ``text`` its file; ``rates`` one row per final opponent
    (``opponent``, ``games``, ``deals``, ``score`` and ``score_ci``, ``win_rate`` and
    ``win_ci``, ``tie_rate``, ``margin`` and ``margin_ci``, ``test``: how its games stopped);
    ``card_stats`` the per-card rows of the recommended bot and the runner-up from their final
    games (:func:`ludolab.games.dominion.cardstats.card_rows`). ``evaluations`` is the search's
    budget as run: ``advise(..., evaluations=N, seed=S)`` replays it.
    """

    bot: BotSpec
    text: str
    rates: list[dict[str, Any]]
    card_stats: list[dict[str, Any]]
    kingdom: list[str]
    rules: str
    players: int
    seed: int
    evaluations: int
    source: str  # "search" or the recommended candidate's origin
    runner_up: str | None
    candidates: list[Candidate] = field(default_factory=list)
    field_names: list[str] = field(default_factory=list)
    interrupted: bool = False
    stage: str = "done"  # where an interrupted run stopped
    seconds: float = 0.0
    minutes: float | None = None
    per_evaluation: float | None = None
    """seconds an evaluation took when a time budget was turned into evaluations"""
    tuned: BotSpec | None = None
    """the best candidate with its numbers tuned (None when no step helped)"""
    warm_up: float = 0.0
    """seconds spent compiling (or loading from numba's cache) the engine before the budget's
    clock started"""

    def summary(self) -> str:
        """The rates table as plain text."""
        lines = [f"{self.bot.name}: {self.players} players, rules {self.rules}, seed {self.seed},"
                 f" {self.evaluations:,} evaluations"]
        for r in self.rates:
            lines.append(rate_line(r))
        return "\n".join(lines)

    def plan(self) -> str:
        """The plan in two lines from the final's games: what it buys per game (most first,
        with the mean turn of its first buy) and when it greens (its Victory cards' first
        buys); empty when it bought nothing there."""
        mine = [r for r in self.card_stats if r["bot"] == self.bot.name and r["bought"] > 0]
        if not mine:
            return ""

        def turn(x: float) -> str:
            return "-" if x != x else f"{x:.0f}"

        buys = ", ".join(f"{r['card']} {r['bought']:.1f} (first on turn {turn(r['first_buy'])})"
                         for r in mine if not CARDS[card_id(r["card"])].is_victory)
        greens = sorted((r for r in mine if CARDS[card_id(r["card"])].is_victory),
                        key=lambda r: r["first_buy"])
        green = "; ".join(f"{r['card']} {r['bought']:.1f} a game, the first on turn "
                          f"{turn(r['first_buy'])} on average" for r in greens)
        return (f"In its final games it buys per game: {buys or 'nothing but Victory cards'}.\n"
                f"It greens with: {green or 'no Victory card'}.")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (intervals as lists; a figure that does not exist, such as the
        first buy's turn of a card never bought, as None)."""
        return _plain({
            "bot": self.bot.name, "text": self.text, "rates": self.rates,
            "card_stats": self.card_stats, "kingdom": self.kingdom, "rules": self.rules,
            "players": self.players, "seed": self.seed, "evaluations": self.evaluations,
            "source": self.source, "runner_up": self.runner_up, "field": self.field_names,
            "interrupted": self.interrupted, "stage": self.stage,
            "candidates": [{"name": c.name, "origin": c.origin, "screen": c.screen,
                            "robin": c.robin} for c in self.candidates]})


def _plain(x: Any) -> Any:
    """``x`` with tuples as lists and NaN or infinite floats as None (strict JSON)."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, float) and not math.isfinite(x):
        return None
    return x


def rate_line(r: dict[str, Any]) -> str:
    """One final row in words."""
    lo, hi = r["score_ci"]
    wlo, whi = r["win_ci"]
    return (f"vs {r['opponent']}: score {100 * r['score']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}],"
            f" win {100 * r['win_rate']:.1f}% [{100 * wlo:.1f}, {100 * whi:.1f}], tie "
            f"{100 * r['tie_rate']:.1f}%, margin {r['margin']:+.2f} over {r['games']:,} games "
            f"({r['deals']:,} deals; {r['test']})")


# -- checking a request ----------------------------------------------------------------------
@dataclass(frozen=True)
class Request:
    """A checked request: the kingdom's card ids, the rules' spec, the budget."""

    kingdom: tuple[int, ...]
    rules: str
    players: int
    minutes: float | None
    evaluations: int | None
    seed: int


def check_request(kingdom: str | Sequence[str], *, players: int = 2, rules: str = "official",
                  minutes: float | None = None, evaluations: int | None = None,
                  seed: int = 0) -> Request:
    """Every user mistake as one :class:`LudolabError` before anything plays: a kingdom that is
    not ten kingdom piles (an unknown card names the nearest), a player count outside 2-6, a
    budget of zero (or negative, or not a number) minutes or evaluations, a bad rule set."""
    if not _whole(players) or not 2 <= players <= MAX_PLAYERS:
        raise LudolabError(f"players must be 2 to {MAX_PLAYERS}, got {players}")
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, (int, float))
                                or not 0 < minutes <= ga.MAX_MINUTES):  # nan fails too
        raise LudolabError(f"minutes must be more than 0 and at most {ga.MAX_MINUTES:,}, "
                           f"got {minutes}")
    if evaluations is not None and (not _whole(evaluations)
                                    or not 1 <= evaluations <= MAX_EVALUATIONS):
        raise LudolabError(f"evaluations must be a whole number from 1 to "
                           f"{MAX_EVALUATIONS:,}, got {evaluations}")
    seed = krng.check_seed(seed)
    if kingdom is None or (isinstance(kingdom, str) and kingdom.strip().lower() in ("", "auto")):
        raise LudolabError("give the kingdom: a preset (first-game, ...), ten cards, or "
                           "random:sets=...:SEED")
    ids = resolve_kingdom(kingdom)
    if len(ids) != 10:
        raise LudolabError(f"a kingdom is ten kingdom piles; {kingdom!r} gives {len(ids)} "
                           f"({', '.join(CARDS[c].name for c in ids)})")
    rs = colony_rules(ruleset(rules), kingdom)
    rs.check_players(players)
    from ludolab.games.dominion.engine import hooks  # lazy: the card homes import the kernel

    missing = [CARDS[c].name for c in ids if not hooks.has_rules(c)]
    if missing:
        raise LudolabError(f"{', '.join(missing)} has no rules in the engine yet")
    return Request(tuple(ids), rs.spec(), players, minutes, evaluations, seed)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# -- candidates ------------------------------------------------------------------------------
def _fits(spec: BotSpec, kingdom: set[int], colony: bool) -> bool:
    """Whether every card the bot names is in this game's supply."""
    try:
        needed = compile_bot(spec).cards_needed
    except LudolabError:
        return False
    extra = {card_id("Platinum"), card_id("Colony")}
    for c in needed:
        if CARDS[c].is_kingdom and c not in kingdom:
            return False
        if c in extra and not colony:
            return False
    return True


def _behaviour(spec: BotSpec) -> tuple[Any, ...]:
    """What a bot does (its lists and options), ignoring its name."""
    lists = tuple(tuple((e.card, e.condition, e.limit) for e in getattr(spec, k))
                  for k in ("buy", "play", "trash", "discard", "topdeck", "gain", "order"))
    return (*lists, tuple(sorted(spec.options.items())))


def _base() -> BotSpec:
    return load_spec(BASE_BOT)


def _with_entries(name: str, description: str, entries: Sequence[Entry],
                  before: str = "Gold", play: Sequence[str] = ()) -> BotSpec:
    """Big Money Ultimate with ``entries`` inserted before its unconditional ``before``."""
    base = _base()
    at = next(i for i, e in enumerate(base.buy) if e.card == before and e.condition is None)
    buy = [*base.buy[:at], *entries, *base.buy[at:]]
    return BotSpec(name=name, description=description,
                   source="generated by ludolab dominion advise from Big Money Ultimate",
                   buy=[Entry(e.card, e.condition, e.limit) for e in buy],
                   play=[Entry(c) for c in play], options=dict(base.options))


def pair_bots(kingdom: Sequence[int], limit: int = 16) -> list[BotSpec]:
    """Bots of promising pairs of kingdom cards, on Big Money Ultimate: a village with a
    terminal draw card (draw cards up to one more than villages, 4 of each at most), a trasher
    bought once in the opening with a payload card ($4 or more, two copies), an attack bought
    twice (Double Witch's shape). At most ``limit``, in that order."""
    cards = [CARDS[c] for c in sorted(kingdom)]
    villages = [c for c in cards if c.is_action and c.actions >= 2]
    draws = [c for c in cards if c.is_action and c.cards >= 2 and c.actions == 0]
    trashers = [c for c in cards if c.name in TRASHERS]
    payloads = [c for c in cards if c.cost >= 4 and c.name not in TRASHERS
                and (c.is_action or c.is_treasure) and not c.is_victory]
    attacks = [c for c in cards if c.is_attack]
    out: list[BotSpec] = []
    for v in villages:
        for d in draws:
            out.append(_with_entries(
                f"{v.name}/{d.name}",
                f"{d.name} draw with {v.name} to play it: up to 4 of each, a {d.name} first.",
                [Entry(d.name, f"count({_q(d.name)}) < 1 + count({_q(v.name)})", 4),
                 Entry(v.name, f"count({_q(v.name)}) < count({_q(d.name)})", 4)],
                before="Silver", play=[v.name, d.name]))
    for t in trashers:
        for p in payloads:
            out.append(_with_entries(
                f"{t.name} + {p.name}",
                f"One {t.name} in the opening to thin the deck, two {p.name} as payload.",
                [Entry(t.name, "turn <= 2", 1), Entry(p.name, None, 2)], before="Silver",
                play=[p.name, t.name]))
    for a in attacks:
        out.append(_with_entries(
            f"Double {a.name}", f"Big Money with two {a.name} bought over Gold.",
            [Entry(a.name, None, 2)], before="Gold"))
    return out[:limit]


def _q(name: str) -> str:
    """A card name as a condition argument (quoted when it has spaces or an apostrophe)."""
    return name if re.fullmatch(r"[A-Za-z]+", name) else '"' + name.replace('"', '\\"') + '"'


def candidates_for(kingdom: Sequence[int], rules: str, *, against: Sequence[str] = (),
                   bots_dir: str | Path | None = None, pairs: int = 16,
                   notes: list[str] | None = None) -> list[Candidate]:
    """Every bot that fits the kingdom: ``against`` bots (an error when one does not fit), the
    user's bot files in ``bots_dir`` (a file that cannot be read or does not fit is skipped and
    noted), the library's, the X-bots of the kingdom cards and the pair bots. One candidate per
    behaviour (the first of those that play alike)."""
    have = set(kingdom)
    colony = ruleset(rules).colony == "yes"
    out: list[Candidate] = []
    seen: set[tuple[Any, ...]] = set()

    def add(spec: BotSpec, origin: str) -> None:
        key = _behaviour(spec)
        if key in seen or any(c.name == spec.name for c in out):
            return
        seen.add(key)
        out.append(Candidate(spec, origin))

    for who in against:
        spec = load_spec(who)
        if not _fits(spec, have, colony):
            raise LudolabError(f"--against {spec.name!r} names cards this kingdom does not have")
        add(spec, "against")
    if bots_dir is not None:
        folder = Path(bots_dir).expanduser()
        if not folder.is_dir():
            raise LudolabError(f"--bots {folder}: not a folder of bot files")
        for path in sorted(folder.glob("*.toml")):
            try:
                spec = read_bot_file(path)
            except LudolabError as exc:
                if notes is not None:
                    notes.append(f"skipped {path.name}: {exc}")
                continue
            if _fits(spec, have, colony):
                add(spec, "user")
    for spec in library_specs():
        if _fits(spec, have, colony):
            add(spec, "library")
    playable = set(xbot_cards())
    for c in sorted(kingdom):
        if CARDS[c].name in playable:
            add(xbot_spec(CARDS[c].name), "x-bot")
    for spec in pair_bots(kingdom, pairs):
        if _fits(spec, have, colony):
            add(spec, "pair")
    return out


# -- genomes near a bot ----------------------------------------------------------------------
_LEFT = re.compile(r"\b(?:gains_to_end|low_victory_pile|third_low_pile|supply\(\s*\"?Province"
                   r"\"?\s*\))\s*(<=|<)\s*(\d+)")
_SHARE = re.compile(r"^share\(\s*\"?([^)\"]+)\"?\s*\)\s*<\s*([0-9.]+)$")


def genome_from_spec(spec: BotSpec, layout: Layout) -> Genome:
    """The genome nearest to a bot: its buy list card by card (a card's first entry) with its
    copy limit, a condition on the cards left to the end (``gains_to_end <= 4`` and the like) as
    the cards-left cut-off, a share condition as the share cut-off, any other condition dropped
    (the entry always buys); its play and trash lists. Cards outside the layout are skipped."""
    have = set(layout.names)
    buy: list[tuple[str, str, float] | tuple[str, str, float, int]] = []
    seen: set[str] = set()
    for e in spec.buy:
        name = CARDS[card_id(e.card)].name
        if name not in have or name in seen:
            continue
        seen.add(name)
        kind, value = "share", 1.0
        cond = (e.condition or "").strip()
        m = _LEFT.search(cond)
        s = _SHARE.match(cond)
        if m:
            t = int(m.group(2)) - (1 if m.group(1) == "<" else 0)
            kind, value = "left", min(12.0, max(2.0, t + 0.5))
        elif s and CARDS[card_id(s.group(1))].name == name:
            value = min(1.0, max(0.0, float(s.group(2))))
        if e.limit is not None:
            buy.append((name, kind, value, min(10, max(1, e.limit))))
        else:
            buy.append((name, kind, value))
    actions = {layout.names[i] for i in layout.actions}
    play = list(dict.fromkeys(CARDS[card_id(e.card)].name for e in spec.play))
    trash = list(dict.fromkeys(CARDS[card_id(e.card)].name for e in spec.trash))
    return genome_from_lists(layout, buy, [p for p in play if p in actions],
                             [t for t in trash if t in have])


# -- tuning a bot's numbers -----------------------------------------------------------------
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def neighbours(spec: BotSpec) -> list[tuple[int, BotSpec]]:
    """The bots one step from ``spec``: each number of a buy condition one up or down (0.05 for
    a decimal), each copy limit one up or down (at least 1, at most 10); with the index of the
    buy entry that changed."""
    out: list[tuple[int, BotSpec]] = []
    for i, e in enumerate(spec.buy):
        cond = e.condition or ""
        for m in _NUMBER.finditer(cond):
            text = m.group(0)
            decimal = "." in text
            for step in (-1, 1):
                value = float(text) + step * (0.05 if decimal else 1)
                if value < 0:
                    continue
                new = f"{value:.2f}" if decimal else str(int(value))
                changed = cond[:m.start()] + new + cond[m.end():]
                out.append((i, _with_entry(spec, i, Entry(e.card, changed, e.limit))))
        if e.limit is not None:
            for step in (-1, 1):
                if 1 <= e.limit + step <= 10:
                    out.append((i, _with_entry(spec, i, Entry(e.card, e.condition,
                                                              e.limit + step))))
    return out


def _with_entry(spec: BotSpec, i: int, entry: Entry) -> BotSpec:
    buy = [Entry(e.card, e.condition, e.limit) for e in spec.buy]
    buy[i] = entry
    return replace(spec, buy=buy)


def _tune(state: _State, spec: BotSpec, field_specs: Sequence[BotSpec]) -> tuple[BotSpec,
                                                                                   list[str]]:
    """Hill-climb a bot's numbers against the field: each round, the bot and its neighbours
    play the field on the round's fresh common deals; the best neighbour replaces the bot only
    when its mean score per deal beats the bot's by more than two standard errors of the paired
    difference, there and again on twice as many other fresh deals (the best of many noisy
    figures is lucky: a confirmation on new deals is not). Returns the bot and its changed buy
    entries in words ("Duchy if gains_to_end <= 6 (was Duchy if gains_to_end <= 4)")."""
    req, st = state.req, state.settings
    p = req.players
    n = _round(st.fitness_games, p)
    original = list(spec.buy)
    changed: set[int] = set()
    state.stage = "tune"
    for r in range(st.tune_rounds):
        near = neighbours(spec)
        if not near:
            break
        variants = [spec] + [v for _, v in near]
        seeds = _seeds(req, PURPOSE_TUNE, r, n // p)
        rec = _play(state, variants, field_specs, seeds, n)
        # per variant and deal: the mean score over the deal's seats and every field bot
        sc = scores(rec["outcome"]).reshape(len(variants), len(field_specs), n // p, p)
        per_deal = sc.mean(axis=(1, 3))
        diff = per_deal[1:] - per_deal[0]
        mean = diff.mean(axis=1)
        k = int(np.argmax(mean))
        state.tell(r + 1, st.tune_rounds)
        if not _clearly_better(diff[k]):
            break
        # the best of a dozen is lucky too: it must win again on other fresh deals, twice as many
        i, step = near[k]
        seeds = _seeds(req, PURPOSE_TUNE, 1_000_000 + r, 2 * n // p)
        rec = _play(state, [spec, step], field_specs, seeds, 2 * n)
        sc = scores(rec["outcome"]).reshape(2, len(field_specs), 2 * n // p, p).mean(axis=(1, 3))
        if not _clearly_better(sc[1] - sc[0]):
            break
        spec = step
        changed.add(i)
    state.tell(st.tune_rounds, st.tune_rounds)
    words = []
    for i in sorted(changed):
        now, was = spec.buy[i], original[i]
        if (now.condition, now.limit) != (was.condition, was.limit):
            words.append(f"{_entry_words(now)} (was {_entry_words(was)})")
    return spec, words


def _clearly_better(diff: np.ndarray) -> bool:
    """Whether paired per-deal differences are above 0 by more than two standard errors."""
    if diff.size < 2:
        return False
    se = float(diff.std(ddof=1)) / math.sqrt(diff.size)
    return float(diff.mean()) > 2 * se and float(diff.mean()) > 0


def _entry_words(e: Entry) -> str:
    limit = f" limit {e.limit}" if e.limit is not None else ""
    cond = f" if {e.condition}" if e.condition else ""
    return f"{e.card}{limit}{cond}"


# -- the search's problem --------------------------------------------------------------------
class FieldProblem(DominionProblem):
    """Dominion's GA problem with a given field of opponents (bot specs, not names) and any
    player count: a genome's games put it in each seat in turn, the field bot in the others."""

    def __init__(self, config: ga.EvolveConfig, field_specs: Sequence[BotSpec],
                 players: int) -> None:
        self.config = config
        self.unit = "score"
        self.layout = layout_for(config.cards)
        self.kingdom = list(self.layout.kingdom)
        self.base_names = [s.name for s in field_specs]
        self.base_bots = [compile_bot(s) for s in field_specs]
        self.players = players

    def describe(self, generation: int) -> str:
        c = self.config
        return (f"Found by 'ludolab dominion advise' (seed {c.seed}, generation {generation}) "
                f"against {', '.join(self.base_names)}. Kingdom: "
                f"{', '.join(CARDS[k].name for k in self.kingdom)} (simulate it with --kingdom "
                "set to these cards).")

    def behaviour(self, bot: BotSpec) -> tuple[Any, ...]:
        """What a bot does, copy limits included (two genomes that differ only in a limit play
        differently: the check of one must not stand for the other)."""
        return tuple(tuple((e.card, e.condition, e.limit) for e in lst)
                     for lst in (bot.buy, bot.play, bot.trash))

    def match_task(self, candidates: Sequence[Any], opponents: Sequence[Any],
                   seeds: np.ndarray, games: int) -> fit.MatchTask:
        return fit.MatchTask(list(candidates), list(opponents), self.kingdom, self.config.rules,
                             seeds, games, self.players)


# -- the run ---------------------------------------------------------------------------------
Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``: stage ``rank`` (games), ``tune`` (rounds), ``calibrate``,
``search`` (evaluations) or ``final`` (games)."""


@dataclass
class _State:
    req: Request
    settings: AdviseSettings
    runner: fit.Runner
    progress: Progress | None
    started: float
    candidates: list[Candidate] = field(default_factory=list)
    ranked: list[Candidate] = field(default_factory=list)
    best: BotSpec | None = None  # the best bot so far
    stage: str = "candidates"
    per_evaluation: float | None = None  # measured seconds per evaluation (a time budget)
    tuned: BotSpec | None = None  # the best candidate with its numbers tuned
    warm_up: float = 0.0

    def tell(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(self.stage, done, total)


def _seeds(req: Request, purpose: int, stage: int, deals: int) -> np.ndarray:
    return fit.deal_seeds(req.seed, purpose, stage, deals)


def _round(games: int, players: int) -> int:
    """``games`` rounded up to whole deals (a multiple of the player count, at least one deal)."""
    return max(players, -(-games // players) * players)


def _play(state: _State, cands: Sequence[BotSpec], opps: Sequence[BotSpec], seeds: np.ndarray,
          games: int) -> dict[str, np.ndarray]:
    req = state.req
    task = fit.MatchTask([compile_bot(s) for s in cands], [compile_bot(s) for s in opps],
                         list(req.kingdom), req.rules, seeds, games, req.players)
    return _run(state, task)


#: Tasks of fewer games than this play in this process even with workers: a call to the worker
#: pool costs about as much as a few thousand games (measured on a busy 2-core machine, where
#: the ranking's hundred small calls took 4x longer through the pool than in one process).
SMALL_TASK = 8000


def _run(state: _State, task: fit.MatchTask) -> dict[str, np.ndarray]:
    """Play a task: in this process when it is small, else as the runner says (the records are
    the same either way)."""
    if task.total < SMALL_TASK:
        return task.play(np.arange(task.total, dtype=np.int64))
    return state.runner.play(task)


def _rank(state: _State) -> None:
    """Stage 2: the screen against Big Money Ultimate, then the round robin of the best."""
    req, st = state.req, state.settings
    p = req.players
    state.stage = "rank"
    cands = state.candidates
    n = _round(st.screen_games, p)
    seeds = _seeds(req, PURPOSE_RANK, 0, n // p)
    base = _base()
    pool_size = min(st.pool, len(cands))
    robin_n = _round(st.robin_games, p)
    pairs = pool_size * (pool_size - 1) // 2
    total = len(cands) * n + pairs * robin_n
    done = 0
    for c in cands:  # one candidate at a time: Ctrl-C keeps the ones ranked so far
        rec = _play(state, [c.spec], [base], seeds, n)
        c.screen = float(scores(rec["outcome"]).mean())
        done += n
        state.tell(done, total)
        state.best = max((x for x in cands if not math.isnan(x.screen)),
                         key=lambda x: x.screen).spec
    forced = [c for c in cands if c.origin == "against"]
    order = sorted(cands, key=lambda c: (-c.screen, c.name))
    pool = (forced + [c for c in order if c not in forced])[:max(pool_size, len(forced))]
    robin: dict[str, list[float]] = {c.name: [] for c in pool}
    rseeds = _seeds(req, PURPOSE_ROBIN, 0, robin_n // p)
    for i, a in enumerate(pool):
        for b in pool[i + 1:]:
            rec = _play(state, [a.spec], [b.spec], rseeds, robin_n)
            s = float(scores(rec["outcome"]).mean())
            robin[a.name].append(s)
            if p == 2:  # b sat in the other seat of every game: its score is the rest
                robin[b.name].append(1.0 - s)
            else:  # b alone against copies of a: the same deals the other way round
                rec = _play(state, [b.spec], [a.spec], rseeds, robin_n)
                robin[b.name].append(float(scores(rec["outcome"]).mean()))
            done += robin_n
            state.tell(done, total)
    for c in pool:
        c.robin = float(np.mean(robin[c.name])) if robin[c.name] else c.screen
    state.ranked = sorted(pool, key=lambda c: (-c.robin, c.name))
    state.best = state.ranked[0].spec


def _calibrate(state: _State, problem: FieldProblem, config: ga.EvolveConfig) -> float:
    """Seconds one evaluation takes here and now: a few random genomes' games against the field
    on deals of their own (the results are thrown away)."""
    rnd = random.Random(state.req.seed)
    genomes = []
    for c in state.ranked[:4]:  # the first population's kind of genomes: near the candidates
        try:
            genomes.append(genome_from_spec(c.spec, problem.layout))
        except LudolabError:
            continue
    genomes += [random_genome(problem.layout, rnd) for _ in range(8 - len(genomes))]
    k = len(genomes)
    seeds = _seeds(state.req, PURPOSE_CALIBRATE, 0, config.games)
    bots = [problem.compile(problem.decode(g, "calibration", 0)) for g in genomes]
    task = problem.match_task(bots, problem.base_bots, seeds, config.games)
    # a first, untimed call: what happens once per process (worker start, engine set-up, the
    # first games of new bots) is not an evaluation's cost
    state.runner.play(task)
    t = time.perf_counter()
    bots = [problem.compile(problem.decode(g, "calibration", 0)) for g in genomes]
    state.runner.play(problem.match_task(bots, problem.base_bots, seeds, config.games))
    # (through the runner, as the search's generations are: their cost is what is measured)
    return (time.perf_counter() - t) / k


def _search(state: _State, evaluations: int | None, minutes: float | None,
            estimate_final: Callable[[float], float], name: str) -> tuple[Any, int]:
    """Stage 3: the genetic algorithm against the field; returns (its result, evaluations run).

    ``minutes`` (with or without ``evaluations``) is turned into a number of evaluations from
    the measured speed and the time already spent, keeping the final's estimated time aside;
    with both, the smaller number. The evaluations run are ``population x generations``, the
    population being at most ``settings.population``: running again with that number as
    ``evaluations`` gives the same population and generations, hence the same champion.
    """
    req, st = state.req, state.settings
    p = req.players
    field_specs = _field(state)
    cards = tuple(CARDS[c].name for c in req.kingdom)
    config = ga.EvolveConfig(
        cards=cards, against=tuple(s.name for s in field_specs), coevolve=False,
        population=st.population, generations=1, tournament=min(4, st.population),
        elites=min(3, st.population - 1), games=_round(st.fitness_games, p),
        check_games=_round(st.check_games, p), validate_games=2, seed=req.seed,
        rules=req.rules, workers=state.runner.workers, backend=state.runner.backend,
        address=state.runner.address, fitness="score")
    problem = FieldProblem(config, field_specs, p)
    if minutes is not None:
        state.stage = "calibrate"
        per_eval = _calibrate(state, problem, config)
        left = 60.0 * minutes - (time.perf_counter() - state.started)
        left -= estimate_final(per_eval)
        state.per_evaluation = per_eval
        # a new best genome's check games come on top of the evaluations, and the search's
        # evaluations ran 25-70% slower than the calibration's on the busy 2-core machine (two-
        # minute runs): plan for 60% of the time left; at least one generation
        timed = min(MAX_EVALUATIONS, max(st.population, int(TIME_SHARE * left
                                                            / max(per_eval, 1e-6))))
        evaluations = timed if evaluations is None else min(evaluations, timed)
    assert evaluations is not None
    pop = max(2, min(st.population, evaluations))
    generations = max(1, evaluations // pop)
    config = replace(config, population=pop, generations=generations,
                     tournament=min(4, pop), elites=min(3, pop - 1))
    problem.config = config
    initial: list[Genome] = []
    for c in state.ranked[: pop // 2]:
        try:
            initial.append(genome_from_spec(c.spec, problem.layout))
        except LudolabError:
            continue
    state.stage = "search"
    total = generations * pop

    def on_generation(h: ga.GenerationStats) -> None:
        state.tell(h.generation * pop, total)

    result = ga.evolve(config, None, initial=initial, progress=on_generation, problem=problem,
                       validate=False)
    if result.champion_spec is not None:
        state.best = replace(result.champion_spec, name=name, source="ludolab dominion advise")
    return result, generations * pop


def _field(state: _State) -> list[BotSpec]:
    """The search's opponents: the strongest candidates (``against`` bots always) and Big Money
    Ultimate."""
    st = state.settings
    forced = [c.spec for c in state.ranked if c.origin == "against"]
    rest = [c.spec for c in state.ranked if c.origin != "against"]
    specs = forced + rest[: max(0, st.field - len(forced))]
    if not any(s.name == BASE_BOT for s in specs):
        specs.append(_base())
    return specs


def _final(state: _State, bot: BotSpec, opponents: Sequence[BotSpec],
           stage: int) -> tuple[list[dict[str, Any]], dict[str, dict[str, np.ndarray]]]:
    """Stage 4: ``bot`` against each opponent on fresh deals, in batches until each opponent's
    test decides or ``final_deals``; one row per opponent and the records by opponent."""
    req, st = state.req, state.settings
    p = req.players
    state.stage = "final"
    deals = _seeds(req, PURPOSE_FINAL, stage, st.final_deals)
    batch = max(1, st.final_batch)
    recs: dict[str, list[dict[str, np.ndarray]]] = {o.name: [] for o in opponents}
    tests = {o.name: SPRT(0.05, 0.05, 0.5, 0.55, paired=True) if p == 2 else None
             for o in opponents}
    open_ = list(opponents)
    done_deals = {o.name: 0 for o in opponents}
    total = len(opponents) * st.final_deals * p
    played = 0
    start = 0
    while open_ and start < st.final_deals:
        k = min(batch, st.final_deals - start)
        seeds = deals[start:start + k]
        for o in list(open_):
            rec = _play(state, [bot], [o], seeds, k * p)
            recs[o.name].append(rec)
            done_deals[o.name] += k
            played += k * p
            state.tell(played, total)
            test = tests[o.name]
            if test is not None:
                test.update(scores(rec["outcome"]).reshape(-1, 2))
                if test.status != "continue":
                    open_.remove(o)
            else:
                all_rec = _join(recs[o.name])
                lo, hi = _score_interval(all_rec, p)
                if done_deals[o.name] >= 2 * batch and (lo > 0.5 or hi < 0.5):
                    open_.remove(o)
        start += k
    rows = []
    joined = {}
    for o in opponents:
        rec = _join(recs[o.name])
        joined[o.name] = rec
        test = tests[o.name]
        if test is not None:
            how = {"H1": "SPRT: better (score 0.55 over 0.50)",
                   "H0": "SPRT: not better (score 0.50 over 0.55)"}.get(
                test.status, "SPRT undecided at the deal limit")
        else:
            how = "interval clear of 50%" if o not in open_ else "deal limit"
        rows.append(_row(o.name, rec, p, how))
    return rows, joined


def _join(parts: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    return {k: np.concatenate([r[k] for r in parts]) for k in parts[0]}


def _score_interval(rec: dict[str, np.ndarray], players: int) -> tuple[float, float]:
    s = scores(rec["outcome"]).reshape(-1, players)
    if s.shape[0] < 2:
        return (0.0, 1.0)
    iv = paired_summary(s).mean
    return (iv.low, iv.high)


def _row(name: str, rec: dict[str, np.ndarray], players: int, how: str) -> dict[str, Any]:
    """An opponent's final figures, every interval over deals (a deal's games are one unit)."""
    outcome = rec["outcome"]
    g = len(outcome)
    deal = np.arange(g) // players
    s = scores(outcome)
    by_deal = s.reshape(-1, players)
    lo, hi = _score_interval(rec, players)
    won = cluster_proportion(*deal_totals(deal, (outcome == 2).astype(float))).interval
    m = rec["margin"].astype(np.float64).reshape(-1, players)
    ms = paired_summary(m).mean if m.shape[0] >= 2 else None
    return {"opponent": name, "games": g, "deals": int(by_deal.shape[0]),
            "score": float(s.mean()), "score_ci": (lo, hi),
            "win_rate": float((outcome == 2).mean()), "win_ci": (won.low, won.high),
            "tie_rate": float((outcome == 1).mean()), "margin": float(m.mean()),
            "margin_ci": (ms.low, ms.high) if ms is not None else (math.nan, math.nan),
            "test": how}


def _card_stats(state: _State, bot: BotSpec, other: BotSpec, stage: int) -> list[dict[str, Any]]:
    """What the recommended bot and the runner-up bought, gained, played and trashed, and when,
    in their final games (the first ``stat_deals`` deals, replayed with the engine's counters)."""
    req, st = state.req, state.settings
    p = req.players
    k = min(st.stat_deals, st.final_deals)
    if k < 1:
        return []
    seeds = _seeds(req, PURPOSE_FINAL, stage, k)
    engine = fit._engine(list(req.kingdom), req.rules, p)
    a, b = compile_bot(bot), compile_bot(other)
    counts, first, seating = [], [], []
    for s in range(p):
        bots = [b] * p
        bots[s] = a
        rec = engine.play(bots, seeds, card_stats=True)
        counts.append(rec.card_counts)
        first.append(rec.card_first)
        seat_row = np.ones(p, np.int64)
        seat_row[s] = 0
        seating.append(np.tile(seat_row, (k, 1)))
    names = [CARDS[c].name for c in engine.card_ids]
    records = {"card_count": np.concatenate(counts), "card_first": np.concatenate(first),
               "seating": np.concatenate(seating)}
    other_name = other.name if other.name != bot.name else other.name + " (runner-up)"
    return card_rows(records, [bot.name, other_name], names)


def advise(
    kingdom: str | Sequence[str],
    *,
    minutes: float | None = None,
    evaluations: int | None = None,
    players: int = 2,
    rules: str = "official",
    against: Sequence[str] = (),
    bots_dir: str | Path | None = None,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    settings: AdviseSettings | None = None,
    progress: Progress | None = None,
    notes: list[str] | None = None,
) -> Advice:
    """Find the strongest bot for a kingdom (see the module docstring for the stages).

    The budget: ``evaluations`` (reproducible with ``seed``), else ``minutes`` (default
    :data:`DEFAULT_MINUTES`) turned into evaluations from the measured speed; with both, the
    evaluations (``minutes`` then only caps them). Ctrl-C returns the best bot found so far with
    ``interrupted=True`` and the stage it stopped in.
    """
    st = settings or AdviseSettings()
    if minutes is None and evaluations is None:
        minutes = DEFAULT_MINUTES
    for name in ("screen_games", "robin_games", "fitness_games", "check_games", "final_deals",
                 "final_batch", "population"):
        if getattr(st, name) < (2 if name == "population" else 1):
            raise LudolabError(f"advise setting {name} must be at least 1, got "
                               f"{getattr(st, name)}")
    req = check_request(kingdom, players=players, rules=rules, minutes=minutes,
                        evaluations=evaluations, seed=seed)
    runner = fit.Runner(workers, backend, address)
    cands = candidates_for(req.kingdom, req.rules, against=against, bots_dir=bots_dir,
                           pairs=st.max_pairs, notes=notes)
    warm = warm_up(req, cands)  # before the clock: a first compile is no part of the budget
    state = _State(req, st, runner, progress, time.perf_counter())
    state.candidates = cands
    state.warm_up = warm
    ran = 0
    source = "search"
    rates: list[dict[str, Any]] = []
    stats: list[dict[str, Any]] = []
    runner_up: str | None = None
    interrupted = False
    final_opps = 0
    try:
        _rank(state)
        top = state.ranked[0].spec
        runner_up = top.name
        tuned, changes = _tune(state, top, _field(state)) if st.tune_rounds else (top, [])
        contender, contender_origin = top, state.ranked[0].origin
        if changes:  # the best candidate with its numbers tuned: a contender of its own
            contender = replace(tuned, name=f"{top.name} (tuned)", description=(
                f"{top.description} Tuned for this kingdom by ludolab dominion advise: "
                + "; ".join(changes) + ".").strip(), source="ludolab dominion advise")
            contender_origin = f"tuned {contender_origin}"
            state.tuned = contender
        finalists = [c.spec for c in state.ranked[: st.finalists]]
        forced = [c.spec for c in state.ranked if c.origin == "against"
                  and c.spec not in finalists]
        opponents = _dedupe([*([contender] if changes else []), *finalists, *forced, _base()])
        final_opps = len(opponents)
        runner_up = contender.name

        def estimate_final(per_eval: float) -> float:
            # an evaluation plays fitness_games against each field bot; the final's games cost
            # their share of that (at most: the final usually stops early)
            field_size = len(_field(state))
            games = (final_opps * st.final_deals + st.stat_deals) * req.players
            return per_eval * games / (field_size * _round(st.fitness_games, req.players))

        result, ran = _search(state, evaluations, minutes, estimate_final,
                              _advised_name(kingdom))
        if result.interrupted or state.best is None:
            raise KeyboardInterrupt
        champion = state.best
        rates, _ = _final(state, champion, opponents, 0)
        bot = champion
        if rates and rates[0]["score"] < 0.5 and rates[0]["opponent"] == contender.name:
            # the best candidate (tuned) beats the search's champion head to head: recommend it
            others = _dedupe([champion, *[o for o in opponents if o.name != contender.name]])
            rates, _ = _final(state, contender, others, 1)
            bot, source = contender, contender_origin
            runner_up = champion.name
            state.best = contender
        stats_other = next((o for o in [*opponents, champion] if o.name == runner_up), champion)
        state.stage = "card statistics"
        stats = _card_stats(state, bot, stats_other, 0 if source == "search" else 1)
    except KeyboardInterrupt:
        interrupted = True
        bot = state.best or _base()
    return Advice(
        bot=bot, text=render_bot(bot), rates=rates, card_stats=stats,
        kingdom=[CARDS[c].name for c in req.kingdom], rules=req.rules, players=req.players,
        seed=req.seed, evaluations=ran, source=source, runner_up=runner_up,
        candidates=_all_ranked(state),
        field_names=[s.name for s in _field(state)] if state.ranked else [],
        interrupted=interrupted, stage=state.stage if interrupted else "done",
        seconds=time.perf_counter() - state.started, minutes=minutes,
        per_evaluation=state.per_evaluation, tuned=state.tuned, warm_up=state.warm_up)


def warm_up(req: Request, candidates: Sequence[Candidate]) -> float:
    """Compile (or load from numba's cache) the engine and what this kingdom's cards run, in
    this process, by playing one game of every candidate against Big Money Ultimate; returns
    the seconds it took. A cold compile can take minutes on a busy machine: a time budget
    starts after it."""
    from ludolab.games.dominion.engine import Engine  # lazy: heavy

    t = time.perf_counter()
    Engine.compile()
    engine = fit._engine(list(req.kingdom), req.rules, req.players)
    base = compile_bot(_base())
    seed = _seeds(req, PURPOSE_CALIBRATE, 1, 1)
    for c in candidates:
        bots = [base] * req.players
        bots[0] = compile_bot(c.spec)
        engine.play(bots, seed)
    return time.perf_counter() - t


def _all_ranked(state: _State) -> list[Candidate]:
    """Every candidate: the round robin's in its order, then the rest by their screen."""
    rest = [c for c in state.candidates if c not in state.ranked]
    rest.sort(key=lambda c: (math.isnan(c.screen), -c.screen if c.screen == c.screen else 0,
                             c.name))
    return [*state.ranked, *rest]


def _dedupe(specs: Sequence[BotSpec]) -> list[BotSpec]:
    out: list[BotSpec] = []
    for s in specs:
        if all(o.name != s.name for o in out):
            out.append(s)
    return out


def _advised_name(kingdom: str | Sequence[str]) -> str:
    """The recommended bot's name: "Advised for <the kingdom spec>" (short)."""
    text = kingdom if isinstance(kingdom, str) else ", ".join(kingdom)
    text = " ".join(text.split())
    if len(text) > 60:
        text = text[:57] + "..."
    return f"Advised for {text}"
