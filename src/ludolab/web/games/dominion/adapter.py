"""Everything the Dominion pages call below the web layer, in one place.

The pages (:mod:`.pages`) import nothing from ``ludolab.games.dominion``, ``ludolab.arena``,
``ludolab.evolve`` or ``ludolab.report`` directly: they call the functions here, so when those
layers move an API (the simulation orchestration moving up to the arena, the runner split) the
imports are fixed in this one module.

Bots reach the engine only as library names or as text typed on the page, parsed by the bot
language's own parser (never evaluated); nothing here reads or writes a path the page gave.
"""

from __future__ import annotations

import functools
import html
import json
import math
import os
import re
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ludolab.arena.results import write_parquet
from ludolab.arena.runner import RecordBatch
from ludolab.arena.sequential import first_bot_scores, run_sequential
from ludolab.arena.simulation import (
    OffsetTask,
    PreparedSimulation,
    RecordsTask,
    SimulationResult,
    prepare,
)
from ludolab.arena.sprt import SPRT
from ludolab.core import rng as _rng
from ludolab.core.scoring import unique_names
from ludolab.errors import BotFileError, LudolabError, nearest
from ludolab.evolve.dominion.advise import Advice, AdviseSettings, advise, check_request
from ludolab.evolve.dominion.advise import Request as AdviseRequest
from ludolab.evolve.dominion.problem import DominionProblem
from ludolab.evolve.ga import DOC004_CARDS, EvolveConfig, evolve
from ludolab.games.dominion import botcode
from ludolab.games.dominion import log as dlog
from ludolab.games.dominion.bots import (
    BotSpec,
    compile_bot,
    describe_bot,
    grammar,
    library_names,
    library_path,
    library_specs,
    load_spec,
    parse_bot_text,
    render_bot,
    xbots,
)
from ludolab.games.dominion.bots.geronimoo import file_stem as geronimoo_file_stem
from ludolab.games.dominion.bots.geronimoo_export import export_geronimoo
from ludolab.games.dominion.cards import CARDS, SETS, CardType, card_id
from ludolab.games.dominion.cards.board import BOARD
from ludolab.games.dominion.deckstats import deck_summary, has_deck_stats
from ludolab.games.dominion.engine import DecisionKind, Engine, EventKind
from ludolab.games.dominion.engine.hooks import has_rules, playable
from ludolab.games.dominion.engine.hooks import prompt as hooks_prompt
from ludolab.games.dominion.kingdom import PRESETS, colony_rules, parse_card_list, resolve_kingdom
from ludolab.games.dominion.rules import MAX_PLAYERS, ruleset
from ludolab.games.dominion.search import (
    SEARCH_PLAYERS,
    DominionSearchPlayer,
    is_search_spec,
    make_search_player,
)
from ludolab.games.dominion.start import SeatStart, StartState, parse_cards
from ludolab.report.dominion import result_card_rows, write_simulation_report
from ludolab.report.plots import hit_rate_by_turn, mean_by_turn

#: The longest bot text the page accepts (a large library bot is about 2,000 characters).
MAX_BOT_CHARS = 20_000
#: A starting deck typed on Simulate: at most this much text and this many cards.
MAX_START_CHARS = 2_000
MAX_START_CARDS = 100
#: The most games one simulation from the page may ask for (per-turn data is kept in memory).
MAX_GAMES = 200_000
#: A per-turn curve stops where fewer than this share of a bot's games reached the turn.
MIN_SHARE = 0.05
#: The money thresholds of the "P($x) by turn" chart.
HIT_THRESHOLDS = (5, 6, 8)
KINGDOM_PRESETS = tuple(PRESETS)
#: The cards Evolve offers by default: document 004's list (its kingdom cards are shown).
EVOLVE_CARDS = tuple(DOC004_CARDS)
EVOLVE_KINGDOM = tuple(n for n in EVOLVE_CARDS if CARDS[card_id(n)].is_kingdom)
GAME = "dominion"


# -- bots and cards ----------------------------------------------------------------------------
def bot_names() -> list[str]:
    """The library's bot names, sorted."""
    return library_names()


def is_xbot(name: str) -> bool:
    """A generated "BMU + X" bot's name (its card is checked when the bot is loaded)."""
    return "+" in name and xbots.xbot_card(name) is not None


def library_bot(name: str) -> BotSpec:
    """A library bot (or a generated "BMU + X" bot) by name; anything else (a file path too)
    is an unknown bot, since the page never reads files on the server."""
    if not isinstance(name, str) or (library_path(name) is None and not is_xbot(name)):
        hint = nearest(str(name), library_names())
        more = f"; did you mean {hint!r}?" if hint else ""
        raise LudolabError(f"unknown library bot {name!r}{more}")
    return load_spec(name)


def refuse_paths(spec: str) -> None:
    """A player spec from the page never names a file on the server (one-line error)."""
    low = spec.lower()
    if library_path(spec) is not None:  # a library name such as "Chapel/Witch"
        return
    if "/" in spec or "\\" in spec or ".toml" in low or ".xml" in low:
        raise LudolabError(f"player {spec[:80]!r} names a file; the page takes no file paths "
                           "(load the file into My bots and use my:NAME)")


def search_player(spec: str) -> DominionSearchPlayer:
    """A search player (``mcts:simulations=50,rollout=Big Money``) from the page: its rollout
    bot is a library bot or ``random``, never a file."""
    _, _, rest = spec.partition(":")
    for item in rest.split(","):  # only the rollout names a bot (the rest are numbers, words)
        key, eq, value = item.partition("=")
        if eq and key.strip() == "rollout" and value.strip().lower() != "random":
            refuse_paths(value.strip())
            library_bot(value.strip())
    try:
        return make_search_player(spec)
    except LudolabError as exc:
        raise LudolabError(str(exc)) from None


def search_factories() -> list[dict[str, Any]]:
    """The search players and their settings, for the settings picker: name, help, and each
    parameter's name, default and help (read from the registry, so a new setting shows up)."""
    return factories_view(SEARCH_PLAYERS)


def factories_view(registry: Any) -> list[dict[str, Any]]:
    """A player registry's factories as plain data for the page's settings picker."""
    return [{"name": f.name, "help": f.help, "usage": f.usage(),
             "params": [{"name": p.name, "default": p.default, "help": p.help}
                        for p in f.params]}
            for f in registry.factories.values()]


def is_search(spec: str) -> bool:
    """Whether a player spec names the search player."""
    return is_search_spec(spec)


def player_text(player: Any) -> str:
    """What reproduces a player: a bot's text as written (an editor's, a file of My bots, a
    library file), else rendered, or a search player's spec."""
    if isinstance(player, DominionSearchPlayer):
        return player.name
    return getattr(player, "page_text", None) or bot_text(player)


def bot_from_text(text: str) -> BotSpec:
    """A bot from text, keeping the text as written for the downloads."""
    spec = parse_bot(text)
    spec.page_text = text  # type: ignore[attr-defined]
    return spec


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


def file_stem(name: str) -> str:
    """A download's file name for a bot name (the importer's: lower case, words joined by -)."""
    return geronimoo_file_stem(name)


def export_xml(specs: list[BotSpec]) -> tuple[str, list[str]]:
    """DominionSim bot XML for ``specs`` and the notes on what it could not carry (each
    "BOT: note"), from :mod:`ludolab.games.dominion.bots.geronimoo_export`."""
    text, bots = export_geronimoo(specs)
    return text, [f"{b.name}: {n}" for b in bots for n in b.notes]


@functools.cache
def editor_words() -> dict[str, list[str]]:
    """What the bot editor completes: every card name of the registry and the condition
    language's words (its features, functions and keywords, and an entry's ``limit``/``if``)."""
    words = {*botcode.FEATURES, *grammar.FUNCTIONS, *grammar.KEYWORDS, "limit", "if"}
    return {"cards": sorted((c.name for c in CARDS), key=str.lower),
            "words": sorted(words, key=str.lower)}


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
    category: str = ""


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
                           describe_bot(spec), _slug(spec.name), _category(kingdom)))
    return out


def _category(kingdom: list[str]) -> str:
    """A library bot's category from its kingdom cards: "money" (none), else the sets they come
    from ("Seaside", "Base + Intrigue"), read from the registry's set printings."""
    if not kingdom:
        return "money"
    sets: list[str] = []
    for name in kingdom:
        printing = _printings(_card_index(name))[0]
        title = dict(card_sets()).get(printing, printing).split(" (")[0]
        title = "Base" if title == "Dominion" else title
        if title not in sets:
            sets.append(title)
    return " + ".join(sets)


@functools.cache
def bot_catalog() -> dict[str, tuple[str, str]]:
    """Each library bot's category and description, for the seat pickers (read once: the
    library's files do not change while the server runs)."""
    return {b.name: (b.category, b.description) for b in library()}


def _card_index(name: str) -> int:
    for c in CARDS:
        if c.name == name:
            return c.id
    raise LudolabError(f"unknown card {name!r}")


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")


def card_types() -> list[CardType]:
    """Every card type the registry declares (``cards.CardType``), in the order a card's type
    line is written: Action first (as printed: "Action - Victory", "Action - Attack -
    Duration"), then the others in the registry's order. A type the registry adds (Night,
    Reserve...) appears in the card table and its filter with no page code."""
    return sorted(CardType, key=lambda t: (t is not CardType.ACTION, t.value))


def type_names(types: int) -> list[str]:
    """A card's types as words ("Action", "Duration"), from its type bits."""
    return [str(t.name).title() for t in card_types() if types & t]


def card_sets() -> list[tuple[str, str]]:
    """Every set printing of the card registry (``cards.SETS``), id and title, basic cards
    first: a set that lands appears on every page with no page code."""
    return [("basic", "Basic cards"), *((k, v[0]) for k, v in SETS.items())]


def _printings(card_id: int) -> list[str]:
    if CARDS[card_id].is_basic:
        return ["basic"]
    if not CARDS[card_id].is_kingdom:  # a non-Supply card (a Prize, a Reward): its row's printing
        return [CARDS[card_id].set]
    return [k for k, (_, ids) in SETS.items() if card_id in ids]


def card_rows(set_id: str = "", cost: str = "", kind: str = "",
              playable_only: bool = False) -> list[dict[str, Any]]:
    """The card table: name, cost, types, sets and text of every card of the registry,
    filtered by set printing, cost, type and whether the engine plays it (its rules landed)."""
    titles = dict(card_sets())
    engine = set(playable())
    rows = []
    for c in CARDS:
        sets = _printings(c.id)
        types = type_names(c.types)
        plays = c.is_basic or c.id in engine or (not c.is_kingdom and has_rules(c.id))
        if set_id and set_id not in sets:
            continue
        if cost.strip() and str(c.cost) != cost.strip():
            continue
        if kind and kind.title() not in types:
            continue
        if playable_only and not plays:
            continue
        rows.append({"name": c.name, "cost": c.cost, "cost_words": cost_words(c),
                     "types": " - ".join(types),
                     "set": ", ".join(titles.get(k, k) for k in sets), "text": c.text,
                     "playable": plays, "pile": c.pile})
    return rows


def card_filters() -> dict[str, Any]:
    """The choices of the card filters, read from the registry."""
    return {"sets": card_sets(), "costs": sorted({c.cost for c in CARDS}),
            "types": [str(t.name).title() for t in card_types()]}


def kingdom_choices() -> dict[str, Any]:
    """The kingdom picker: the presets with their cards, and each set printing's kingdom cards
    that the engine plays (``hooks.playable()``), so Intrigue shows up as its cards land."""
    engine = set(playable())
    sets = []
    for k, (title, ids) in SETS.items():
        cards = sorted((CARDS[i].name for i in ids if i in engine), key=str.lower)
        sets.append({"id": k, "title": title, "cards": cards,
                     "waiting": len(ids) - len(cards)})
    return {"presets": [{"name": k, "cards": list(v)} for k, v in PRESETS.items()],
            "sets": sets}


def check_kingdom(spec: Any) -> None:
    """A kingdom spec (text or card list) resolves, or a one-line error (the bots' own cards
    are added when the run builds its kingdom)."""
    try:
        resolve_kingdom(spec)
    except LudolabError as exc:
        raise LudolabError(f"kingdom: {exc}") from None


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
    start: StartState | None = None
    prepared: PreparedSimulation | None = field(default=None, repr=False)
    card_stats: bool = False
    """Record what each bot bought, gained, played and trashed (the batch engine only)."""
    card_stats_note: str = ""
    """Why the card statistics asked for are not recorded (a start state, a search player)."""
    deck_note: str = ""
    """Why the deck records asked for are not kept (a start state, a search player, a run
    too large)."""


def check_start(opening: str, deck: str,
                bot_openings: list[str] | None = None) -> StartState | None:
    """A start state from the Simulate form: a forced opening split (``5/2``, ``4/3``), a
    custom starting deck (``"8 Copper, 2 Estate"``) and an opening per bot (``bot_openings``,
    in the order of the seated bots: ``5/2``, ``4/3``, ``dealt`` or empty for the common
    opening); all empty is the usual start (None). Every mistake is one line naming its field
    (``opening``, ``starting deck``, ``opening of seat N``)."""
    opening, deck = opening.strip(), deck.strip()
    own = [o.strip() for o in (bot_openings or [])]
    for i, o in enumerate(own):
        if o and o != "dealt" and o not in ("5/2", "4/3"):
            raise LudolabError(f"opening of seat {i + 1}: 5/2, 4/3 or dealt, got {o[:20]!r}")
    if not opening and not deck and not any(own):
        return None
    if len(deck) > MAX_START_CHARS:
        raise LudolabError(f"starting deck: at most {MAX_START_CHARS:,} characters, got "
                           f"{len(deck):,}")
    cards = tuple(parse_cards(deck, "starting deck")) if deck else None
    if cards is not None and len(cards) > MAX_START_CARDS:
        raise LudolabError(f"starting deck: at most {MAX_START_CARDS} cards, got {len(cards)}")
    try:
        start = StartState(opening=opening or None, deck=cards,
                           bot_openings=tuple(o or None for o in own) if any(own) else ())
        n = max(1, len(own))
        start.deal(0, n, list(range(n)))  # a deck that never splits as asked fails here
    except LudolabError as exc:
        msg = str(exc)
        raise LudolabError(msg if msg.startswith("opening") else f"starting deck: {msg}") from None
    return start


#: Play's start-state fields: the form's name, the label its errors begin with.
PLAY_ZONES = (("start_hand", "your hand"), ("start_draw", "your draw pile"),
              ("start_discard", "your discard pile"))
#: The latest turn a game on Play may begin at.
MAX_START_TURN = 100


@dataclass(frozen=True)
class PlayStart:
    """Play's start state as the form gives it, before the person's seat is known: the start
    of every seat (:func:`check_start`'s opening and deck, the turn to begin at) and, if given,
    the person's own zones (their hand, draw pile from the top, discard pile)."""

    start: StartState
    mine: SeatStart | None = None

    def for_seat(self, seat: int) -> StartState:
        """The start with the person's zones in ``seat`` (the others' are dealt)."""
        if self.mine is None:
            return self.start
        seats: list[SeatStart | None] = [None] * seat + [self.mine]
        return StartState(opening=self.start.opening, deck=self.start.deck, seats=tuple(seats),
                          turn=self.start.turn, supply=dict(self.start.supply))


def check_play_start(opening: str, deck: str, turn: str, hand: str = "", draw: str = "",
                     discard: str = "") -> PlayStart | None:
    """Play's start state from its form: Simulate's opening and starting deck
    (:func:`check_start`), the turn the game begins at (``1``, or empty: the first) and the
    person's own hand, draw pile and discard pile (card lists like ``"5 Copper"``; given any,
    the person's seat begins with exactly these zones). All empty: the usual start (None).
    Every mistake is one line naming its field."""
    base = check_start(opening, deck)
    turn = turn.strip()
    begin = form_turn(turn) if turn else 1
    zones: list[tuple[int, ...]] = []
    for (_name, label), text in zip(PLAY_ZONES, (hand, draw, discard), strict=True):
        text = text.strip()
        if len(text) > MAX_START_CHARS:
            raise LudolabError(f"{label}: at most {MAX_START_CHARS:,} characters, got "
                               f"{len(text):,}")
        cards = tuple(parse_cards(text, label)) if text else ()
        if len(cards) > MAX_START_CARDS:
            raise LudolabError(f"{label}: at most {MAX_START_CARDS} cards, got {len(cards)}")
        zones.append(cards)
    mine = SeatStart(*zones) if any(zones) else None
    if mine is not None and not mine.hand and not mine.draw:
        raise LudolabError("your hand: give your hand or draw pile too (a discard pile alone "
                           "leaves nothing to draw)")
    if base is None and begin == 1 and mine is None:
        return None
    start = base or StartState()
    return PlayStart(StartState(opening=start.opening, deck=start.deck, turn=begin - 1), mine)


def form_turn(text: str) -> int:
    """The "begin at turn" field: a whole number from 1 to :data:`MAX_START_TURN`."""
    try:
        n = int(text)
    except ValueError:
        raise LudolabError(f"begin at turn: a whole number from 1 to {MAX_START_TURN}, got "
                           f"{text[:40]!r}") from None
    if not 1 <= n <= MAX_START_TURN:
        raise LudolabError(f"begin at turn: a whole number from 1 to {MAX_START_TURN}, got {n}")
    return n


#: Deck records are kept for runs of at most this many games from the page (a game's records
#: are seats x turns x cards counts: about 4 KB for two seats; 20,000 games are 90 MB).
MAX_DECK_GAMES = 20_000


def check_simulation(bots: list[BotSpec], games: int, seed: int, kingdom: str, rules: str,
                     seating: str, until_clear: bool, delta: float,
                     start: StartState | None = None, card_stats: bool = False,
                     deck_stats: bool = False) -> SimRequest:
    """Check every setting (one :class:`LudolabError` per mistake) before anything runs.
    With a ``start``, every game begins from it (played step-wise: no per-turn charts).
    ``card_stats`` records what each bot bought and when, where the batch engine plays the
    games (not from a start state, not with a search player: then ``card_stats_note`` says so)."""
    if not 1 <= games <= MAX_GAMES:
        raise LudolabError(f"games must be 1 to {MAX_GAMES:,}, got {games:,}")
    if until_clear:
        if len(bots) != 2:
            raise LudolabError(f"'until the winner is clear' compares 2 bots, got {len(bots)}")
        if seating != "rotate":
            raise LudolabError("'until the winner is clear' needs rotating seats (game pairs)")
        if not 0.001 <= delta <= 0.2:
            raise LudolabError(f"the score difference to detect must be 0.001 to 0.2, got {delta}")
    req = SimRequest(bots, games, seed, kingdom, rules, seating, until_clear, delta, start)
    options: dict[str, Any] = {"kingdom": kingdom or "auto", "rules": rules}
    if start is not None:
        options["start"] = start
    if card_stats:
        if start is not None or any(isinstance(b, DominionSearchPlayer) or (
                isinstance(b, str) and is_search_spec(b)) for b in bots):
            req.card_stats_note = ("Card statistics are not recorded for games from a start "
                                   "state or with a search player.")
        else:
            options["card_stats"] = True
            req.card_stats = True
    if deck_stats:
        if start is not None or any(isinstance(b, DominionSearchPlayer) or (
                isinstance(b, str) and is_search_spec(b)) for b in bots):
            req.deck_note = ("Decks and what is left are not recorded for games from a start "
                             "state or with a search player.")
        elif games > MAX_DECK_GAMES:
            req.deck_note = (f"Decks and what is left are recorded for runs of at most "
                             f"{MAX_DECK_GAMES:,} games (this one has {games:,}).")
        else:
            options["deck_stats"] = True
    req.prepared = prepare(GAME, bots, games, seed, options=options,
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
    players: list[dict[str, str]] = field(default_factory=list)
    """What reproduces each bot: its name and its file text (or a search player's spec)."""
    card_stats_note: str = ""
    """Why card statistics asked for were not recorded (shown on the result)."""
    deck_note: str = ""
    """Why deck records asked for were not kept (shown on the result)."""


#: The live results of a running simulation are refreshed at most this often (seconds).
LIVE_EVERY = 1.0


class LiveResults:
    """The results of a simulation while it runs (Dominiate's "win-o-meter"): every finished
    batch of games is kept, and at most once every :data:`LIVE_EVERY` seconds the win rates,
    their intervals and the table are recomputed over the whole deals so far, by the same
    summary as the finished run (:meth:`PreparedSimulation.result_of`), so the figures of all
    the batches are the run's own. Only the per-game and per-seat columns enter (not the
    per-turn or per-card ones), which keeps a refresh cheap; ``view`` is what the page shows,
    ``updates`` when and over how many games each refresh was made."""

    def __init__(self, plan: PreparedSimulation, publish: Any = None,
                 every: float = LIVE_EVERY) -> None:
        self.plan = plan
        self.publish = publish
        """Called with each new view (the job keeps it for its panel)."""
        self.every = every
        self.batches: list[RecordBatch] = []
        self.view: dict[str, Any] | None = None
        self.updates: list[tuple[float, int]] = []
        self._last = -math.inf

    def add(self, batch: RecordBatch) -> None:
        """One finished batch of games; refreshes the view when the last refresh is old enough."""
        keep = {k: batch[k] for k in batch.columns if np.ndim(batch[k]) <= 2}  # per game, seat
        self.batches.append(RecordBatch(keep))
        now = time.monotonic()
        if now - self._last >= self.every:
            self._last = now
            self.refresh()

    def refresh(self) -> dict[str, Any]:
        """Recompute the view over every batch so far (whole deals only)."""
        res = self.plan.result_of(RecordBatch.concat(self.batches).sort_by_index())
        self.view = live_view(res)
        self.updates.append((time.time(), res.games))
        if self.publish is not None:
            self.publish(self.view)
        return self.view


def live_view(res: SimulationResult) -> dict[str, Any]:
    """What a running simulation shows: the games counted so far and each bot's row (win,
    tie and loss rates with their intervals, VP, margin), as the finished result shows them."""
    return {"games": res.games, "deals": res.deals, "set_aside": res.set_aside,
            "bots": res.bot_rows() if res.games else []}


def run_simulation(req: SimRequest, progress: Any, workers: int | None,
                   live: LiveResults | None = None) -> SimOutcome:
    """Play the simulation through the arena's runner; a cancel keeps the finished games.
    ``live`` receives every finished batch (the results shown while the run goes)."""
    plan = req.prepared
    assert plan is not None
    if not req.until_clear:
        res = plan.run(workers=workers or _all_cores(), chunk_size=_chunk(req.games),
                       progress=progress, on_batch=live.add if live is not None else None)
        out = SimOutcome(res)
    else:
        out = _run_until_clear(plan, req, progress, workers, live)
    out.players = players_of(plan.names, req.bots)
    out.card_stats_note = req.card_stats_note
    out.deck_note = req.deck_note
    return out


def players_of(names: list[str], bots: list[Any]) -> list[dict[str, str]]:
    """Each bot's name and the text that reproduces it, for the downloads."""
    return [{"bot": n, "text": player_text(b)} for n, b in zip(names, bots, strict=True)]


def _all_cores() -> int:
    return os.cpu_count() or 1


#: The first look of "until the winner is clear", in games (10 game pairs): a clear winner is
#: seen after a few dozen pairs, so the run looks small first and doubles each look.
FIRST_LOOK = 20


def _run_until_clear(plan: PreparedSimulation, req: SimRequest, progress: Any,
                     workers: int | None, live: LiveResults | None = None) -> SimOutcome:
    """Look after 20 games, then after each look twice as large (up to ``2 * chunk``), with a
    paired SPRT of H0 "bot 1 scores 1/2 - delta" against H1 "1/2 + delta" (alpha = beta = 0.05):
    stopping on H1 says bot 1 is the winner, on H0 bot 2. Wald's test may look after every
    observation, so growing looks keep its error rates; they only stop a clear run sooner. A
    game pair (the same deal, seats swapped) is one observation, since its games share luck;
    only whole pairs are played. Each look is the arena's loop (:func:`run_sequential`) on the
    games from where the last one stopped."""
    test = SPRT(0.05, 0.05, 0.5 - req.delta, 0.5 + req.delta, paired=True)
    per_deal = plan.schedule.games_per_deal  # 2: two different bots, rotated
    total = req.games - req.games % per_deal
    size, top = FIRST_LOOK, max(FIRST_LOOK, 2 * _chunk(req.games))
    task = RecordsTask(plan.task)
    parts: list[RecordBatch] = []
    played, set_aside, seconds, interrupted = 0, 0, 0.0, False
    while played < total and test.status == "continue":
        n = min(size, total - played)
        base = played
        run = run_sequential(
            OffsetTask(task, base), n, per_deal=per_deal, look=n, test=test,
            outcomes=lambda data: first_bot_scores(data, per_deal, GAME),
            workers=workers or _all_cores(), chunk_size=min(_chunk(req.games), n),
            progress=(lambda d, _n, base=base: progress(base + d, total)) if progress else None)
        if run.records and len(run.records.get("index", ())):
            data = dict(run.records)
            data["index"] = data["index"] + base
            parts.append(RecordBatch(data))
            if live is not None:
                live.add(parts[-1])
        set_aside += run.set_aside
        seconds += run.seconds
        played += n
        size = min(2 * size, top)
        if run.interrupted:
            interrupted = True
            break
    records = RecordBatch.concat(parts).sort_by_index().as_dict() if parts else {}
    res = SimulationResult(GAME, plan.names, plan.seed, plan.seating, records, req.games,
                           seconds, interrupted, dict(plan.settings), set_aside, per_deal)
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
        "cards": result_card_rows(res) if res.games else [],
        "card_stats_note": getattr(outcome, "card_stats_note", ""),
    }
    view["card_chart"] = card_chart(view["cards"], res.bots)
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
    view["deck_note"] = getattr(outcome, "deck_note", "")
    if res.games and has_deck_stats(rec):
        view["decks"] = decks_view(deck_summary(rec, res.settings.get("deck_cards", ()),
                                                res.bots, MIN_SHARE))
    return view


#: The colours of the cards in the deck charts (by the card's place in the game's card list).
CARD_COLORS = ("#c9a227", "#8d99ae", "#e9c46a", "#2a9d8f", "#264653", "#1d3557", "#6a4c93",
               "#e76f51", "#457b9d", "#f4a261", "#9c6644", "#588157", "#bc4749", "#3a86ff",
               "#ff006e", "#8338ec", "#fb5607", "#06d6a0", "#118ab2", "#ef476f")


def decks_view(d: dict[str, Any]) -> dict[str, Any]:
    """The deck charts' data: per bot a stacked column per turn (each card's mean copies, the
    column's height the deck size) and its mean final deck; deck size and money density by
    turn as line charts; the supply piles left and the trash at the end."""
    cards = d["cards"]
    colors = {c: CARD_COLORS[i % len(CARD_COLORS)] for i, c in enumerate(cards)}
    top = max((max(b["size"], default=0.0) for b in d["bots"]), default=0.0) or 1.0
    bots = []
    for i, b in enumerate(d["bots"]):
        columns = []
        for t, row in enumerate(b["by_turn"]):
            segs = [{"card": c, "n": n, "h": round(100 * n / top, 2), "color": colors[c]}
                    for c, n in zip(cards, row, strict=True) if n > 0]
            columns.append({"turn": t + 1, "size": b["size"][t], "segs": segs})
        size = sum(b["final"]) or 1.0
        final = sorted(({"card": c, "n": n, "w": round(100 * n / size, 2), "color": colors[c]}
                        for c, n in zip(cards, b["final"], strict=True) if n > 0),
                       key=lambda x: -x["n"])
        bots.append({"bot": b["bot"], "index": i, "columns": columns, "final": final,
                     "final_size": round(sum(b["final"]), 2)})
    x = list(range(1, d["turns"] + 1))

    def curve(key: str) -> dict[str, Any]:
        return {"x": x, "series": [{"label": b["bot"],
                                    "data": b[key] + [None] * (d["turns"] - len(b[key]))}
                                   for b in d["bots"]]}

    most = max(d["supply"], default=0.0) or 1.0
    supply = [{"card": c, "left": v, "empty": e, "w": round(100 * v / most, 2)}
              for c, v, e in zip(cards, d["supply"], d["empty"], strict=True)]
    most_t = max(d["trash"], default=0.0) or 1.0
    trash = [{"card": c, "n": v, "w": round(100 * v / most_t, 2)}
             for c, v in zip(cards, d["trash"], strict=True) if v > 0]
    return {"cards": [{"card": c, "color": colors[c]} for c in cards], "bots": bots,
            "charts": {"size": curve("size"), "density": curve("density")},
            "supply": supply, "trash": trash, "games": d["games"]}


#: cards in the page's per-card chart (those bought most over all bots)
CARD_CHART_TOP = 12


def card_chart(rows: list[dict[str, Any]], bots: list[str]) -> list[dict[str, Any]]:
    """The per-card chart: for the cards bought most, each bot's buys per game as a share of
    the largest (the bar's width) and the mean turn of its first buy."""
    total: dict[str, float] = {}
    for r in rows:
        total[r["card"]] = total.get(r["card"], 0.0) + r["bought"]
    cards = [c for c, v in sorted(total.items(), key=lambda kv: -kv[1]) if v > 0]
    top = max((r["bought"] for r in rows), default=0.0) or 1.0
    by = {(r["bot"], r["card"]): r for r in rows}
    chart = []
    for c in cards[:CARD_CHART_TOP]:
        bars = []
        for i, b in enumerate(bots):
            r = by.get((b, c))
            bought = r["bought"] if r else 0.0
            first = r["first_buy"] if r and math.isfinite(r["first_buy"]) else None
            bars.append({"bot": b, "index": i, "bought": bought,
                         "width": round(100 * bought / top, 2), "first": first})
        chart.append({"card": c, "bars": bars})
    return chart


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
    rows = result_card_rows(outcome.result)
    if rows:  # what each bot bought (the page's table), as the CLI's --json has it
        out["card_stats"] = [{k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                              for k, v in r.items()} for r in rows]
    rec = outcome.result.records
    if outcome.result.games and has_deck_stats(rec):  # the deck charts' figures
        out["decks"] = deck_summary(rec, outcome.result.settings.get("deck_cards", ()),
                                    outcome.result.bots, MIN_SHARE)
    if outcome.sprt is not None:
        out["sprt"] = sprt_view(outcome.sprt, outcome.result.bots)
    out["players"] = list(getattr(outcome, "players", []))  # the bots' texts: reproducible
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
        page = path.read_bytes()
    players = list(getattr(outcome, "players", []))
    if not players:
        return page
    parts = ['<section id="bot-files"><h2>The bots (their files, to reproduce this run)</h2>']
    for p in players:
        parts.append(f"<h3>{html.escape(p['bot'])}</h3><pre>{html.escape(p['text'])}</pre>")
    block = ("".join(parts) + "</section>\n").encode("utf-8")
    at = page.rfind(b"</body>")
    return page[:at] + block + page[at:] if at >= 0 else page + block


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
    rounds: int = 0
    """Turns per player (the number in "Turn 3 - P2"), the last one reached."""


def _replay(compiled: list[Any], names: list[str], kingdom: list[int], rules: str,
            seed: int) -> Replay:
    engine = Engine(kingdom, len(compiled), ruleset(rules))
    events, notes = dlog.trace_game(engine, compiled, seed)  # search players too
    return _split_log(dlog.render(events, names, notes), names, seed,
                      [CARDS[c].name for c in kingdom], rules)


def _split_log(text: str, names: list[str], seed: int, kingdom: list[str],
               rules: str) -> Replay:
    """A rendered game log split into its header, turns and footer."""
    header: list[str] = []
    footer: list[str] = []
    turns: list[dict[str, Any]] = []
    for line in text.splitlines():
        if line.startswith("Turn "):
            label = line
            seat = int(line.rsplit("P", 1)[1]) - 1 if " - P" in line else 0
            head = line.split(" - ", 1)[0].split()
            number = int(head[1]) if len(head) > 1 and head[1].isdigit() else len(turns) + 1
            turns.append({"label": label, "seat": seat, "round": number, "lines": []})
        elif not line.strip():
            continue
        elif line.startswith("  ") and turns:
            turns[-1]["lines"].append(line.strip())
        elif turns:
            footer.append(line)
        else:
            header.append(line)
    return Replay(names, seed, kingdom, rules, header, turns, footer,
                  max((t["round"] for t in turns), default=0))


def replay_game(bots: list[Any], seed: int, kingdom: str, rules: str) -> Replay:
    """Play one game with tracing on, players (bots or search players) in seat order, and split
    its log into turns."""
    if not 1 <= len(bots) <= MAX_PLAYERS:
        raise LudolabError(f"Dominion takes 1 to {MAX_PLAYERS} bots, got {len(bots)}")
    ruleset(rules)
    compiled = [b if isinstance(b, DominionSearchPlayer) else compile_bot(b) for b in bots]
    names = unique_names([b.name for b in bots])
    needed = {n: c.cards_needed for n, c in zip(names, compiled, strict=True)}
    ids = resolve_kingdom(kingdom or "auto", needed)
    return _replay(compiled, names, ids, colony_rules(rules, kingdom, needed).spec(), seed)


def game_seating(outcome: SimOutcome, game: int) -> list[int]:
    """The bots (by number) in the seats of game ``game`` of a simulation."""
    rec = outcome.result.records
    pos = np.nonzero(rec["index"] == game)[0]
    return [int(b) for b in rec["seating"][int(pos[0])]] if len(pos) else []


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


# -- play against bots ---------------------------------------------------------------------------
@dataclass
class PlaySession:
    """A person's game against 1 to 3 players (bots or search players) through the engine's
    step-wise API. ``tape`` holds every answer from outside the compiled loop (the person's and
    the search players'), in order: the whole game's log is traced from it at the end."""

    game: Any
    names: list[str]
    human: int
    kingdom: list[str]
    seed: int
    seats: list[Any] = field(default_factory=list)
    """Each seat's player (None for the person), as the engine's trace takes them."""
    moves: int = 0
    news: list[str] = field(default_factory=list)
    tape: list[int] = field(default_factory=list)
    rules: str = "official"
    start: StartState | None = None
    """The start state the game began from (None: the usual deal)."""
    streams: dict[int, Any] = field(default_factory=dict, repr=False)
    """Each search player's keyed stream (game seed, its seat, PLAYER), as in simulations."""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    """Two tabs answering the same game at once take turns."""


def new_play(bots: list[Any], human_seat: int, seed: int, kingdom: str,
             rules: str, start: PlayStart | None = None) -> PlaySession:
    """Start a game of ``len(bots) + 1`` players: the person in ``human_seat`` (0-based), the
    bots (or search players) in the other seats, in order; from ``start`` if given (its cards
    join the kingdom, as on Simulate)."""
    if not 1 <= len(bots) <= 3:
        raise LudolabError(f"play against 1 to 3 opponents, got {len(bots)}")
    n = len(bots) + 1
    if not 0 <= human_seat < n:
        raise LudolabError(f"your seat must be 1 to {n}, got {human_seat + 1}")
    players = [b if isinstance(b, DominionSearchPlayer) else compile_bot(b) for b in bots]
    needs = {b.name: p.cards_needed for b, p in zip(bots, players, strict=True)}
    begin = start.for_seat(human_seat) if start is not None else None
    if begin is not None:
        needs["the start"] = [c for c in begin.cards() if CARDS[c].is_kingdom]
    key = kingdom.strip().lower()
    spec = f"random:{seed}" if key in ("random", "") else kingdom
    ids = resolve_kingdom(spec, needs)
    engine = Engine(ids, n, colony_rules(rules, spec, needs))
    dealt = None
    if begin is not None:
        missing = sorted(CARDS[c].name for c in begin.cards() if c not in engine._supply)
        if missing:
            raise LudolabError(f"the start uses {', '.join(missing)}, which this game's supply "
                               "lacks")
        dealt = begin.deal(seed, n)
    seats: list[Any] = list(players)
    seats.insert(human_seat, None)
    names = unique_names([b.name for b in bots])
    names.insert(human_seat, "You")
    bots_in = [None if s is None or isinstance(s, DominionSearchPlayer) else s for s in seats]
    session = PlaySession(engine.new_game(seed, bots_in, start=dealt), names, human_seat,
                          [CARDS[c].name for c in ids], seed, seats, rules=rules, start=begin)
    session.streams = {q: _rng.stream(int(seed), q, _rng.PLAYER)
                       for q, p in enumerate(seats) if isinstance(p, DominionSearchPlayer)}
    _search_moves(session)
    return session


def _search_moves(session: PlaySession) -> None:
    """Let the search players answer until the person is asked (or the game ends)."""
    g = session.game
    while not g.is_over():
        d = g.pending()
        player = session.seats[d.seat]
        if player is None:
            return
        a = player.choose(g, session.streams[d.seat])
        session.tape.append(int(a))
        g.answer(a)


def answer(session: PlaySession, option: int) -> None:
    """Answer the pending decision; note what the other players gained meanwhile."""
    g = session.game
    others = [q for q in range(len(session.names)) if q != session.human]
    before = {q: dict(g.zones(q)["owned"]) for q in others}
    turns = {q: int(g.counters().get(f"turns{q}", 0)) for q in others}
    g.answer(option)
    session.tape.append(int(option))
    _search_moves(session)
    session.moves += 1
    news = []
    for q in others:
        after = g.zones(q)["owned"]
        was = before[q]
        gained = [f"{k - was.get(c, 0)} {c}" if k - was.get(c, 0) > 1 else c
                  for c, k in after.items() if k > was.get(c, 0)]
        lost = [c for c, k in was.items() if after.get(c, 0) < k]
        now = int(g.counters().get(f"turns{q}", 0))
        if now > turns[q]:  # their turns, counted as the log counts them
            took = f"turn {now}" if now == turns[q] + 1 else f"turns {turns[q] + 1} to {now}"
            news.append(f"{session.names[q]} took {took}" + ("" if gained or lost
                                                              else ": gained nothing"))
        if gained:
            news.append(f"{session.names[q]} gained {', '.join(gained)}")
        if lost:
            news.append(f"{session.names[q]} no longer has {', '.join(lost)}")
    session.news = news


def _resolving_now(g: Any, me: int) -> bool:
    """Are the person's waiting effects resolving now (their turn is starting: the start phase,
    or the engine asks which waiting effect resolves next), not at their next turn?"""
    d = g.pending()
    if d is not None and d.seat == me and d.kind == DecisionKind.ORDER and d.subject < 0:
        return True
    c = g.counters()
    return c.get("phase") == "start" and c.get("seat") == me


def _counted(names: list[str]) -> list[tuple[str, int]]:
    """Names with their copies, in first-seen order: ["Wharf", "Wharf"] -> [("Wharf", 2)]."""
    out: dict[str, int] = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return list(out.items())


#: Decisions about cards whose cost helps the choice: each option shows it ("Gold ($6)").
_COSTED = (DecisionKind.BUY, DecisionKind.GAIN, DecisionKind.TRASH, DecisionKind.NAME)
_SEAT = re.compile(r"\bseat (\d+)")


def question_words(d: Any, names: list[str], me: int) -> str:
    """The pending decision in words for the person: the asking card's prompt, with other
    seats by their names ("Bishop of Big Money") and the engine's answer codes ("-1: none")
    left out (the buttons say them); a card's modes without a prompt as what to do with the
    card they are about ("Crystal Ball: what do you do with Copper?")."""
    src = CARDS[d.source].name if d.source >= 0 else ""
    subj = CARDS[d.subject].name if 0 <= d.subject < len(CARDS) else ""
    if d.kind == DecisionKind.MODE and not hooks_prompt(d.source, "mode"):
        text = (f"{src}: what do you do with {subj}?" if subj
                else f"{src}: choose one" if src else "choose one")
    else:
        text = d.describe().split(": ", 1)[1].rsplit(" [", 1)[0]
    text = re.sub(r";?\s*-1:\s*[^);]*", "", text)

    def seat(m: re.Match[str]) -> str:
        q = int(m.group(1))
        return ("you" if q == me else names[q]) if 0 <= q < len(names) else m.group(0)

    return _SEAT.sub(seat, text).replace("()", "").strip()


def plain_treasures(session: PlaySession) -> list[int]:
    """The Treasures the person may play now that ask nothing and do nothing but give their
    coins (no home in the registry: Copper, Silver, Gold, Platinum), as options of the pending
    Treasure decision; empty when the person is not asked to play a Treasure."""
    d = session.game.pending()
    if d is None or d.seat != session.human or d.kind != DecisionKind.TREASURE:
        return []
    return [o for o in d.options if o >= 0 and CARDS[o].is_treasure and not CARDS[o].special]


def play_all_treasures(session: PlaySession) -> int:
    """"Play all Treasures": play every plain Treasure in hand (:func:`plain_treasures`), one
    decision each, as every Dominion client's button does; the special ones (a choice or an
    effect: Bank, Venture, Contraband...) are left for the person. Returns how many it played."""
    played = 0
    while True:
        plain = plain_treasures(session)
        if not plain:
            return played
        answer(session, plain[0])
        played += 1


def play_log(session: PlaySession) -> Replay | None:
    """The game's log so far, turn by turn: the whole game once it is over; before that,
    everything up to the decision the person is asked, with what the others draw and the
    Masquerade passes between two others left out (their hands are hidden). The engine traces
    whole games, so the game is finished on a copy (every later decision answered with its
    first option) and the trace cut at the person's pending decision: nothing before the cut
    depends on the answers after it. None for a game begun from a start state (the trace
    replays the usual deal only)."""
    if session.start is not None:
        return None
    g = session.game
    bots = [None if s is None or isinstance(s, DominionSearchPlayer) else s
            for s in session.seats]
    if g.is_over():
        events = g.engine.trace(bots, session.seed, tape=session.tape)
    else:
        rest = g.clone()
        tape = list(session.tape)
        while not rest.is_over():
            d = rest.pending()
            tape.append(int(d.options[0]))
            rest.answer(d.options[0])
        events = g.engine.trace(bots, session.seed, tape=tape)
        cut, seen = len(events), 0
        for i, e in enumerate(events):
            if e.kind == EventKind.DECISION:
                if seen == len(session.tape):
                    cut = i
                    break
                seen += 1
        me = session.human  # others' draws and passes between others stay hidden
        events = [e for e in events[:cut]
                  if not (e.kind == EventKind.DRAW and e.seat != me)
                  and not (e.kind == EventKind.PASS and me not in (e.seat, e.arg))]
    return _split_log(dlog.render(events, session.names, []), session.names, session.seed,
                      session.kingdom, session.rules)


def _plural(n: int) -> str:
    return "" if n == 1 else "s"


def cost_words(card: Any, first: bool = True) -> str:
    """A card's cost written from the registry's cost components as the cards print it (``$4``;
    a Potion adds ``P``: ``$3P``, Transmute's ``P``; another component after a space): the
    first component always (unless it is 0 and another is not), the others where the card has
    them; ``first=False``: only the others (the board writes the coins itself, as they
    change)."""
    values = [int(getattr(card, k.field, 0) or 0) for k in BOARD.costs]
    text = ""
    for i, (k, v) in enumerate(zip(BOARD.costs, values, strict=True)):
        if i == 0 and (not first or (v == 0 and any(values[1:]))):
            continue
        if i > 0 and not v:
            continue
        if k.repeat:
            text += k.symbol * v
        else:
            text += (" " if text else "") + (f"{k.symbol}{v}" if k.prefix else f"{v}{k.symbol}")
    return text


def board_view(g: Any, me: int, zones: dict[str, Any], counters: dict[str, Any],
               kingdom: list[str]) -> dict[str, Any]:
    """The Play board's mats and tokens, read from the registry's declaration
    (:data:`ludolab.games.dominion.cards.board.BOARD`), with no code per card: the person's
    mats that hold cards, the person's seat tokens and the game's (a game-wide one shows when
    its card is in the kingdom), and per pile the words of the tokens on it."""
    mats = [{"id": m.zone, "title": m.title, "cards": zones.get(m.zone, {})}
            for m in BOARD.mats if zones.get(m.zone)]
    tokens = []
    on_piles: dict[str, list[dict[str, str]]] = {}
    for t in BOARD.tokens:
        piles: dict[str, int] = {}
        if t.piles:
            got = getattr(g, t.piles)()
            piles = dict(got) if isinstance(got, dict) else {p: 1 for p in got}
            for pile, n in piles.items():
                if n:
                    on_piles.setdefault(pile, []).append(
                        {"words": t.pile_words.format(n=n, s=_plural(n)), "title": t.pile_title})
        if t.scope == "seat":
            n = int(counters.get(f"{t.counter}{me}", 0))
            if n:
                tokens.append({"id": f"{t.key}-tokens", "text": t.mine.format(n=n, s=_plural(n))})
        elif t.scope == "game":
            n = int(counters.get(t.counter, 0))
            if n or (t.card is not None and t.card in kingdom):
                text = t.mine.format(n=n, s=_plural(n))
                left = [p for p, k in piles.items() if k]
                if t.piles_line and left:
                    text += " · " + t.piles_line.format(piles=", ".join(left))
                tokens.append({"id": t.key, "text": text})
    return {"mats": mats, "tokens": tokens, "pile_tokens": on_piles}


def play_view(session: PlaySession) -> dict[str, Any]:
    """The state a person sees: their cards, the supply, the decision and its options."""
    g = session.game
    me = session.human
    zones = g.zones(me)
    counters = g.counters()
    others = [q for q in range(len(session.names)) if q != me]
    view: dict[str, Any] = {
        "names": session.names, "human": me, "kingdom": session.kingdom, "seed": session.seed,
        "hand": zones["hand"], "play": zones["play"], "deck_size": len(zones["deck"]),
        "discard_size": sum(zones["discard"].values()), "owned": zones["owned"],
        "others": [{"name": session.names[q], "owned": g.zones(q)["owned"]} for q in others],
        "supply": [], "counters": counters, "vp": g.vp(), "news": session.news,
        "over": g.is_over(), "moves": session.moves, "texts": {},
        "start": session.start.summary() if session.start is not None else None,
        # the effects waiting for the person's next turn (mats and tokens: board_view)
        "waiting": zones.get("waiting", []),
        # waiting effects counted (two Fishing Villages are "2 x Fishing Village"), and said
        # to resolve now while the person's turn starts, else at the start of their next turn
        "waiting_counts": _counted(zones.get("waiting", [])),
        "waiting_now": _resolving_now(g, me),
        # each seat's VP tokens, counted in its score (the score line says so)
        "vp_tokens": [counters.get(f"vp_tokens{q}", 0) for q in range(len(session.names))],
    }
    for o, q in zip(view["others"], others, strict=True):
        zq = g.zones(q)
        o["waiting"] = zq.get("waiting", [])
        o["waiting_counts"] = _counted(zq.get("waiting", []))
        # the mats and tokens of the registry's declaration that the others show
        o["mats"] = [{"title": m.title, "cards": zq.get(m.zone, {})} for m in BOARD.mats
                     if m.public and zq.get(m.zone)]
        o["tokens"] = [t.other.format(n=counters.get(f"{t.counter}{q}", 0),
                                      s=_plural(counters.get(f"{t.counter}{q}", 0)))
                       for t in BOARD.tokens
                       if t.scope == "seat" and counters.get(f"{t.counter}{q}", 0)]
    view.update(board_view(g, me, zones, counters, session.kingdom))
    now = g.costs()  # what each card costs at this decision (Peddler, Quarry, Bridge)
    for name, left in g.supply().items():
        card = CARDS[_card_index(name)]
        view["supply"].append({"name": name, "left": left, "cost": now[name],
                               "printed": card.cost, "text": card.text,
                               "more_cost": cost_words(card, first=False),
                               "pile": BOARD.pile_kind(name).title})
    view["supply"].sort(key=lambda r: (r["printed"], r["name"]))
    view["pile_kinds"] = [k.title for k in BOARD.piles
                          if any(r["pile"] == k.title for r in view["supply"])]
    for c in CARDS:
        view["texts"][c.name] = f"{c.name} ({c.cost_text}): {c.text}" if c.text else \
            f"{c.name} ({c.cost_text})"
    d = g.pending()
    if d is not None:
        view["question"] = question_words(d, session.names, me)
        view["kind"] = DecisionKind(d.kind).name.lower()
        opts = []
        for o in d.options:
            label = d.option_name(o)
            if d.kind in _COSTED and o >= 0:
                label += f" (${now.get(CARDS[o].name, CARDS[o].cost)}{'P' * CARDS[o].potion})"
            opts.append({"value": o, "label": label})
        view["options"] = opts
        mine = [CARDS[o].name for o in plain_treasures(session)]
        view["plain_treasures"] = sum(zones["hand"].get(n, 0) for n in dict.fromkeys(mine))
    else:
        out = g.outcome()
        view["outcome"] = {2: "You won", 1: "You shared the win", 0: "You lost"}[out[me]]
        view["end_reason"] = str(g.end_reason().name.lower().replace("_", " "))
        view["turns"] = [counters.get(f"turns{q}", 0) for q in range(len(session.names))]
    return view


# -- evolve ----------------------------------------------------------------------------------------
def evolve_cards(text: str) -> tuple[str, ...]:
    """The cards a genome may buy: the basic cards and a preset's kingdom or a comma-separated
    list of kingdom cards (empty: document 004's 17 cards)."""
    text = text.strip()
    if not text:
        return tuple(EVOLVE_CARDS)
    basics = tuple(CARDS[c].name for c in range(len(CARDS)) if CARDS[c].is_basic)
    if text in PRESETS:
        return basics + tuple(PRESETS[text])
    return basics + tuple(CARDS[c].name for c in parse_card_list(text))


def evolve_config(against: list[str], cards: str, population: int, generations: int,
                  games: int, validate_games: int, seed: int, minutes: float | None,
                  workers: int | None) -> Any:
    """A checked genetic-algorithm configuration: opponents are library bots or files of the
    server's own workspace (the page checked them), the cards a preset or a list."""
    names = [a if Path(a).is_absolute() else library_bot(a).name for a in against]
    if not names:
        raise LudolabError("against: pick at least one opponent to evolve against")
    kingdom = evolve_cards(cards)
    if generations < 1:
        raise LudolabError(f"generations must be at least 1, got {generations}")
    config = EvolveConfig(against=tuple(names), cards=kingdom, population=population,
                          generations=generations, games=games,
                          check_games=max(2, min(1000, 10 * games)),
                          validate_games=validate_games, seed=seed, minutes=minutes,
                          workers=workers or _all_cores())
    try:  # opponents that need cards the list lacks: one line, before a job
        DominionProblem(config)
    except LudolabError as exc:
        raise LudolabError(str(exc).replace("add them to --cards",
                                            "add them to the cards field")) from None
    return config


def run_evolution(config: Any, on_generation: Any) -> Any:
    """Run the genetic algorithm; a cancel stops after the current generation (its champion is
    validated and kept)."""
    return evolve(config, progress=on_generation)


def generation_point(stats: Any) -> dict[str, Any]:
    return {"generation": stats.generation, "best": stats.best, "mean": stats.mean,
            "champion": stats.champion_margin, "champion_win": stats.champion_win_rate,
            "new_champion": stats.new_champion, "seconds": stats.seconds}


def champion_text(result: Any, name: str = "", description: str = "") -> str | None:
    """The evolved champion as a bot file (under ``name`` and ``description`` when given, so a
    champion kept in My bots says where it came from), or None if no generation finished."""
    spec = getattr(result, "champion_spec", None)
    if spec is None:
        return None
    if name:
        spec = replace(spec, name=name, description=description or spec.description)
    return render_bot(spec)


def champion_name(against: list[str], cards: str, seed: int, day: str) -> tuple[str, str]:
    """A champion's name and description from where it came from: its opponents, the cards it
    could buy (a preset's name, or how many kingdom cards), its seed and the day it was bred."""
    opponents = ", ".join(Path(a).stem if Path(a).is_absolute() else a for a in against)
    text = cards.strip()
    kingdom = (text if text in PRESETS else "document 004's cards" if not text
               else f"{len(parse_card_list(text))} cards")
    short = opponents if len(opponents) <= 30 else opponents[:28].rstrip(", ") + "…"
    name = f"Champion vs {short}, {kingdom}, seed {seed}, {day}"
    if len(name) > 80:  # the bot language's limit on a name
        name = f"Champion vs {short}, seed {seed}, {day}"[:80]
    desc = (f"Evolved by the genetic algorithm against {opponents} over {kingdom}"
            f"{'' if not text or text in PRESETS else ' (' + text + ')'}, seed {seed}, on {day}.")
    return name, desc


def evolve_history(result: Any, against: list[str], champion: str | None) -> dict[str, Any]:
    """A run's archive as JSON: its settings (the opponents as the page named them, never a
    server file), the fitness of every generation, the champion's validation and its file."""
    config = result.config.to_dict()
    config["against"] = list(against)
    config.pop("address", None)
    return {"config": config,
            "generations": [s.to_dict() for s in result.history],
            "validation": validation_view(result), "interrupted": bool(result.interrupted),
            "seconds": round(float(result.seconds), 3), "champion": champion}


def validation_header(result: Any) -> str:
    """Comment lines saying how the champion did on its validation games (top of its file)."""
    v = validation_view(result)
    if not v:
        return ""
    lo, hi = v["win_ci"]
    return (f"# Validation on {v['games']:,} fresh games: wins {100 * v['win_rate']:.1f}% "
            f"({100 * lo:.1f}-{100 * hi:.1f}%), margin {v['margin']:+.2f} VP "
            f"({v['margin_ci'][0]:+.2f} to {v['margin_ci'][1]:+.2f}).\n")


def champion_words(result: Any) -> str | None:
    spec = getattr(result, "champion_spec", None)
    return None if spec is None else describe_bot(spec)


def validation_view(result: Any) -> dict[str, Any] | None:
    v = getattr(result, "validation", None)
    return None if v is None else v.to_dict()


# -- advise ----------------------------------------------------------------------------------------
#: The advisor's stage sizes the page offers: "quick" (a run of a minute or so; wide intervals)
#: and "full" (the command's own sizes).
ADVISE_SIZES = {"quick": AdviseSettings.small(), "full": AdviseSettings()}
#: The page's default search budget in evaluations (quick sizes: well under a minute of search).
ADVISE_EVALUATIONS = 200


def check_advise(kingdom: str, players: int, rules: str, evaluations: int | None,
                 minutes: float | None, seed: int) -> AdviseRequest:
    """The advisor's own checks, before a job starts: one line for an unknown card, a kingdom
    that is not ten piles, a budget of zero, players outside 2-6, a bad rule set."""
    return check_request(kingdom, players=players, rules=rules, minutes=minutes,
                         evaluations=evaluations, seed=seed)


def run_advise(kingdom: str, req: AdviseRequest, size: str, workers: int,
               bots_dir: Path | None, progress: Any) -> Advice:
    """Run the advisor; ``progress(stage, done, total)`` as :func:`advise` calls it (a
    ``KeyboardInterrupt`` from it stops the run, which returns the best bot so far)."""
    return advise(kingdom, minutes=req.minutes, evaluations=req.evaluations,
                  players=req.players, rules=req.rules, bots_dir=bots_dir, seed=req.seed,
                  workers=workers, settings=ADVISE_SIZES[size], progress=progress)


def advised_name(kingdom: str, seed: int, day: str) -> tuple[str, str]:
    """The recommended bot's name and description saying where it came from: the kingdom (a
    preset's name, else its first cards), the seed and the day."""
    text = " ".join(kingdom.split())
    short = text if len(text) <= 40 else text[:38].rstrip(", ") + "…"
    name = f"Advised for {short}, seed {seed}, {day}"[:80]  # the bot language's limit
    desc = f"Recommended by the kingdom advisor for {text}, seed {seed}, on {day}."
    return name, desc


def advised_text(advice: Advice, name: str = "", description: str = "") -> str:
    """The recommended bot as a bot file, under ``name`` and ``description`` when given."""
    spec = advice.bot
    if name:
        if advice.interrupted:
            description = (f"{description} The run was stopped in its {advice.stage} stage: "
                           "the best bot found so far.")
        elif advice.source != "search":  # a candidate beat the search: say which, its idea
            description = (f"{description} It is the {advice.source} bot {spec.name}"
                           f"{': ' + spec.description if spec.description else '.'}").strip()
        spec = replace(spec, name=name, description=description or spec.description)
    return render_bot(spec)


def advice_view(advice: Advice) -> dict[str, Any]:
    """What the Advise page shows of a finished run: the rates table (percentages and
    intervals), the per-card table (one row per card, a column group per bot), the plan."""
    rates = [{"opponent": r["opponent"], "score": 100 * r["score"],
              "score_ci": [100 * x for x in r["score_ci"]], "win": 100 * r["win_rate"],
              "win_ci": [100 * x for x in r["win_ci"]], "tie": 100 * r["tie_rate"],
              "margin": r["margin"], "games": r["games"], "test": r["test"]}
             for r in advice.rates]
    bots = list(dict.fromkeys(r["bot"] for r in advice.card_stats))
    by = {(r["bot"], r["card"]): r for r in advice.card_stats}
    cards = []
    for c in dict.fromkeys(r["card"] for r in advice.card_stats):
        cells = []
        for b in bots:
            r = by.get((b, c))
            cells.append(None if r is None else {
                "bought": r["bought"], "played": r["played"],
                "first": None if r["first_buy"] != r["first_buy"] else r["first_buy"]})
        cards.append({"card": c, "cells": cells})
    where = ("the genetic search's champion" if advice.source == "search"
             else f"the {advice.source} bot: it beat the search's champion head to head")
    return {"rates": rates, "stat_bots": bots, "cards": cards, "plan": advice.plan(),
            "words": describe_bot(advice.bot), "where": where,
            "candidates": len(advice.candidates)}
