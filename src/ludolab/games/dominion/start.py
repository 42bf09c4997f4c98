"""Start states: games that begin somewhere else than the usual deal.

A :class:`StartState` says how every game of a run begins:

* ``opening``: ``"5/2"`` or ``"4/3"``, the coins of each seat's first two hands (in either
  order, as the keyed shuffle falls): the deal is redrawn, keyed, until it splits so;
* ``bot_openings``: an opening per bot of the run (by its number in the line-up, whatever seat
  it sits in): ``"5/2"``, ``"4/3"``, ``"dealt"`` (as the shuffle falls) or None (``opening``),
  so one bot opens 5/2 while the other opens as dealt;
* ``deck``: each seat's starting deck instead of 7 Copper and 3 Estate (shuffled, keyed);
* ``seats``: given zones per seat (``hand``, ``draw`` from the top down, ``discard``) -- a game
  begun from given decks; a seat not listed gets the shuffled ``deck``;
* ``turn``: the turns every seat has already taken (a game begun at turn N);
* ``supply``: pile sizes that differ from the rule set's.

From a file (``ludolab dominion start FILE``, :func:`read_start`)::

    opening = "5/2"
    openings = ["", "dealt"]               # per bot, over ``opening``: the second as dealt
    deck = ["7 Copper", "3 Estate"]        # or one text: "7 Copper, 3 Estate"
    turn = 0

    [[seats]]                              # the first seat; [[seats]] again for the next
    hand = ["5 Copper"]
    draw = ["Silver", "2 Copper", "3 Estate"]

    [supply]
    Province = 6

Shuffles are keyed by (game seed, seat, a purpose of their own, attempt), so a start is the same
for a seat whoever sits beside it, and a run is reproducible. The rest of the game is the
engine's: every later shuffle is keyed as in any game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ludolab.core import rng
from ludolab.core.tomlfile import line_of, load_toml, locate
from ludolab.errors import BotFileError, LudolabError
from ludolab.games.dominion.cards import CARDS, card_id

OPENINGS = {"5/2": (2, 5), "4/3": (3, 4)}
#: a bot's opening that is not forced, whatever ``opening`` says (``bot_openings``)
DEALT = "dealt"
STANDARD_DECK = ("7 Copper", "3 Estate")
#: redeals tried for an opening before giving up (a 5/2 comes once in 6 deals of the usual deck)
MAX_REDEALS = 10_000
_START = rng.purpose("dominion.start")
_COUNTED = re.compile(r"\s*(\d+)\s*[x*]?\s+(.+?)\s*$")


def parse_cards(value: str | Sequence[str], what: str = "cards") -> list[int]:
    """``["7 Copper", "3 Estate"]`` or ``"7 Copper, 3 Estate"`` -> card ids (in order)."""
    items = value.split(",") if isinstance(value, str) else list(value)
    out: list[int] = []
    for item in items:
        if not isinstance(item, str):
            raise LudolabError(f"{what}: each entry is text like \"7 Copper\", got {item!r}")
        if not item.strip():
            continue
        m = _COUNTED.fullmatch(item)
        count, name = (int(m.group(1)), m.group(2)) if m else (1, item.strip())
        if count > 500:
            raise LudolabError(f"{what}: at most 500 copies of a card, got {count}")
        try:
            cid = card_id(name)
        except LudolabError as exc:
            raise LudolabError(f"{what}: {exc}") from None
        out.extend([cid] * count)
    return out


@dataclass(frozen=True)
class SeatStart:
    """A seat's given zones at the start: card ids, ``draw`` from the top down."""

    hand: tuple[int, ...] = ()
    draw: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()


@dataclass(frozen=True)
class StartState:
    """How the games of a run begin (see the module docstring)."""

    opening: str | None = None
    deck: tuple[int, ...] | None = None
    seats: tuple[SeatStart | None, ...] = ()
    turn: int = 0
    supply: dict[int, int] = field(default_factory=dict)
    bot_openings: tuple[str | None, ...] = ()
    """Per bot of the line-up: its forced opening, ``"dealt"`` or None (``opening``)."""

    def __post_init__(self) -> None:
        if self.opening is not None and self.opening not in OPENINGS:
            raise LudolabError(f"opening must be one of {', '.join(OPENINGS)}, got "
                               f"{self.opening!r}")
        for i, o in enumerate(self.bot_openings):
            if o is not None and o != DEALT and o not in OPENINGS:
                raise LudolabError(f"opening of bot {i + 1} must be one of "
                                   f"{', '.join(OPENINGS)} or {DEALT}, got {o!r}")
        if not 0 <= self.turn <= 1000:
            raise LudolabError(f"turn must be 0 to 1000, got {self.turn}")
        deck = self.deck if self.deck is not None else tuple(parse_cards(STANDARD_DECK))
        if len(deck) < 1:
            raise LudolabError("a starting deck needs at least one card")
        if (self.opening is not None or any(o in OPENINGS for o in self.bot_openings)) \
                and len(deck) < 10:
            raise LudolabError(f"an opening needs a deck of 10 cards or more, got {len(deck)}")
        for c, k in self.supply.items():
            if not 0 <= k <= 1000:
                raise LudolabError(f"supply of {CARDS[c].name}: 0 to 1000 cards, got {k}")

    def summary(self) -> str:
        """The start in one line, for result pages and downloads: ``opening 5/2; deck 8
        Copper, 2 Estate``."""
        parts = []
        if self.opening:
            parts.append(f"opening {self.opening}")
        if any(o is not None for o in self.bot_openings):
            parts.append("openings by bot: " + ", ".join(
                f"{i + 1} {'as dealt' if o == DEALT else o}"
                for i, o in enumerate(self.bot_openings) if o is not None))
        if self.deck is not None:
            counts: dict[int, int] = {}
            for c in self.deck:
                counts[c] = counts.get(c, 0) + 1
            parts.append("deck " + ", ".join(f"{k} {CARDS[c].name}" for c, k in counts.items()))
        if any(s is not None for s in self.seats):
            parts.append(f"given zones for {sum(s is not None for s in self.seats)} seat(s)")
        if self.turn:
            parts.append(f"from turn {self.turn + 1}")
        if self.supply:
            parts.append("supply " + ", ".join(f"{CARDS[c].name} {k}"
                                                for c, k in self.supply.items()))
        return "; ".join(parts) or "the usual start"

    def cards(self) -> set[int]:
        """Every card id this start puts somewhere (the game's supply must hold each)."""
        out = set(self.deck or parse_cards(STANDARD_DECK)) | set(self.supply)
        for s in self.seats:
            if s is not None:
                out |= set(s.hand) | set(s.draw) | set(s.discard)
        return out

    def opening_of(self, bot: int) -> str | None:
        """The forced opening of bot ``bot`` of the line-up (None: as dealt)."""
        own = self.bot_openings[bot] if 0 <= bot < len(self.bot_openings) else None
        if own == DEALT:
            return None
        return own or self.opening

    def deal(self, seed: int, players: int,
             lineup: Sequence[int] | None = None) -> dict[int, dict[str, Any]]:
        """Seat -> the zones of :meth:`DominionGame.setup` for game ``seed``; ``lineup[seat]``
        is the bot in each seat (for ``bot_openings``; None: bot ``seat`` in seat ``seat``)."""
        base = list(self.deck if self.deck is not None else parse_cards(STANDARD_DECK))
        out: dict[int, dict[str, Any]] = {}
        for seat in range(players):
            given = self.seats[seat] if seat < len(self.seats) else None
            if given is not None:
                zones = {"hand": list(given.hand), "deck": list(given.draw),
                         "discard": list(given.discard)}
            else:
                bot = int(lineup[seat]) if lineup is not None else seat
                order = self._shuffled(base, seed, seat, self.opening_of(bot))
                zones = {"hand": order[:5], "deck": order[5:], "discard": []}
            if self.turn:
                zones["turns"] = {seat: self.turn}
            out[seat] = zones
        if self.supply:
            out.setdefault(0, {})["supply"] = dict(self.supply)
        return out

    def _shuffled(self, cards: list[int], seed: int, seat: int,
                  opening: str | None) -> list[int]:
        want = OPENINGS.get(opening or "")
        for attempt in range(MAX_REDEALS if want else 1):
            state = rng.keyed_u64(seed, seat, _START, attempt)
            order = list(cards)
            for i in range(len(order) - 1, 0, -1):  # Fisher-Yates on a SplitMix64 sequence
                state, word = rng.splitmix_next(state)
                j = ((word >> 32) * (i + 1)) >> 32
                order[i], order[j] = order[j], order[i]
            if want is None or tuple(sorted((_coins(order[:5]), _coins(order[5:10])))) == want:
                return order
        raise LudolabError(f"no deal of this deck gives a {opening} opening "
                           f"(tried {MAX_REDEALS:,})")


def _coins(cards: Sequence[int]) -> int:
    return sum(CARDS[c].coins for c in cards if CARDS[c].is_treasure)


_KEYS = ("opening", "openings", "deck", "seats", "turn", "supply")
_SEAT_KEYS = ("hand", "draw", "discard")


def parse_start_text(text: str, path: str | None = None) -> StartState:
    """A start file's TOML text -> :class:`StartState`; errors name the file and line."""
    data = load_toml(text, path)
    lines = locate(text)

    def fail(message: str, *keys: str | int) -> BotFileError:
        return BotFileError(message, path, line_of(lines, keys) or 1)

    for key in data:
        if key not in _KEYS:
            raise fail(f"unknown key {key!r} (valid: {', '.join(_KEYS)})", key)

    def cards(value: object, *keys: str | int) -> tuple[int, ...]:
        if not isinstance(value, str | list):
            raise fail(f"{keys[-1]!s} must be a list of cards like [\"7 Copper\"]", *keys)
        try:
            return tuple(parse_cards(value, str(keys[-1])))
        except LudolabError as exc:
            raise fail(str(exc), *keys) from None

    seats: list[SeatStart | None] = []
    raw_seats = data.get("seats", [])
    if not isinstance(raw_seats, list):
        raise fail("'seats' must be [[seats]] tables, one per seat", "seats")
    for i, s in enumerate(raw_seats):
        if not isinstance(s, dict):
            raise fail("each [[seats]] entry is a table with hand, draw, discard", "seats", i)
        for key in s:
            if key not in _SEAT_KEYS:
                raise fail(f"unknown key {key!r} in [[seats]] (valid: {', '.join(_SEAT_KEYS)})",
                           "seats", i, key)
        seats.append(SeatStart(*(cards(s.get(k, []), "seats", i, k) for k in _SEAT_KEYS)))
    raw_supply = data.get("supply", {})
    if not isinstance(raw_supply, dict):
        raise fail("'supply' must be a table ([supply] Province = 6)", "supply")
    supply: dict[int, int] = {}
    for name, k in raw_supply.items():
        try:
            cid = card_id(name)
        except LudolabError as exc:
            raise fail(f"supply: {exc}", "supply", name) from None
        if isinstance(k, bool) or not isinstance(k, int):
            raise fail(f"supply of {name}: a whole number, got {k!r}", "supply", name)
        supply[cid] = k
    turn = data.get("turn", 0)
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise fail(f"'turn' must be a whole number, got {turn!r}", "turn")
    opening = data.get("opening")
    if opening is not None and not isinstance(opening, str):
        raise fail(f"'opening' must be text (\"5/2\" or \"4/3\"), got {opening!r}", "opening")
    raw_openings = data.get("openings", [])
    if not isinstance(raw_openings, list) or not all(isinstance(o, str) for o in raw_openings):
        raise fail("'openings' must be a list with one text per bot (\"5/2\", \"4/3\", "
                   "\"dealt\" or \"\" for the common opening)", "openings")
    deck = cards(data["deck"], "deck") if "deck" in data else None
    try:
        return StartState(opening=opening, deck=deck, seats=tuple(seats), turn=turn,
                          supply=supply, bot_openings=tuple(o or None for o in raw_openings))
    except LudolabError as exc:
        key = next((k for k in ("deck", "opening", "turn", "supply") if k in str(exc)), "")
        if str(exc).startswith("opening of bot"):
            key = "openings"
        raise fail(str(exc), key) from None


def read_start(path: str | Path) -> StartState:
    """Read a start file (see :func:`parse_start_text`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LudolabError(f"no such file: {p}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LudolabError(f"cannot read {p}: {exc}") from None
    return parse_start_text(text, str(p))


def play_from(engine: Any, bots: Sequence[Any], seeds: Sequence[int] | np.ndarray,
              start: StartState, lineup: Sequence[int] | None = None,
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play one game per seed from ``start`` with ``bots`` (compiled) in every seat of
    ``engine`` (an :class:`~ludolab.games.dominion.engine.Engine` whose supply holds every card
    the start uses); ``lineup[seat]`` is the number of the bot in each seat, for the start's
    ``bot_openings`` (None: bot ``seat``). Returns ``(vp, turns, outcome)``, each ``(games,
    seats)``."""
    missing = sorted(CARDS[c].name for c in start.cards() if c not in engine._supply)
    if missing:
        raise LudolabError(f"the kingdom lacks {', '.join(missing)}, which the start uses")
    n = len(seeds)
    p = engine.num_players
    vp = np.zeros((n, p), np.int32)
    turns = np.zeros((n, p), np.int32)
    out = np.zeros((n, p), np.int8)
    for i, seed in enumerate(seeds):
        g = engine.new_game(int(seed), list(bots), start=start.deal(int(seed), p, lineup))
        rec = g.records()
        vp[i], turns[i], out[i] = rec.vp[0], rec.turns[0], rec.outcome[0]
    return vp, turns, out
