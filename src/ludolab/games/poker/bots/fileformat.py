"""Poker bot files: TOML text -> :class:`PokerBot` (a parameter row), with file:line errors.

A bot file (``docs/poker-bots.md``) names its ``kind`` and gives every parameter of that kind;
nothing is defaulted, so a file is the whole account of its bot::

    name = "Loki-1"
    summary = "Loki-1 as published: income rates pre-flop, EHS thresholds after."
    source = "Loki-1 paper: Billings, Papp, Schaeffer, Szafron (AAAI-98)"
    kind = "loki1"

    [strength]
    potential = true       # EHS = HS^n + (1 - HS^n) * PPOT (false: EHS = HS^n)
    samples = 400          # Monte-Carlo potential samples; 0 = exact enumeration

    [preflop]              # income rates, milli-bets (a 10-seat all-call roll-out)
    make1 = 50
    make2 = 200
    make4 = 580
    position = 25          # added to each threshold per seat still to act

    [postflop]             # thresholds on EHS
    make1 = 0.5
    make2 = 0.85
    make4 = 0.97
    semi_bluff = 0.3       # PPOT to bet on a draw when nobody has bet
    pot_odds = true        # call when PPOT >= pot odds (flop, turn)
    showdown_odds = true   # call when HS^n >= pot odds (river)

Kinds: ``call``, ``raise``, ``random`` (a ``[random]`` table of ``fold``, ``call``, ``raise``
summing to 1), ``loki1`` (above) and ``loki2`` (``[strength]`` and a ``[triples]`` table: bucket
``edges`` and a list of (fold, call, raise) triples per street and ``free``/``bet``). Unknown
keys, wrong types, numbers out of range and probabilities that do not sum to 1 are refused with
:class:`~ludolab.errors.BotFileError` (``file:line: problem``).
"""

from __future__ import annotations

import itertools
import math
import numbers
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ludolab.core import tomlfile
from ludolab.core.tomlfile import line_of, load_toml, locate
from ludolab.errors import BotFileError, nearest, text_problem
from ludolab.games.poker.bots import row as R
from ludolab.games.poker.bots.describe import describe_bot

__all__ = ["KINDS", "STREETS", "PokerBot", "parse_bot_text", "read_bot_file"]

KINDS: dict[str, int] = {"call": R.KIND_CALL, "raise": R.KIND_RAISE, "random": R.KIND_RANDOM,
                         "loki1": R.KIND_LOKI1, "loki2": R.KIND_LOKI2}
STREETS = ("preflop", "flop", "turn", "river")
TOP_KEYS = ("name", "summary", "source", "kind")
TABLES: dict[str, tuple[str, ...]] = {
    "call": (), "raise": (), "random": ("random",),
    "loki1": ("strength", "preflop", "postflop"), "loki2": ("strength", "triples"),
}
PROB_TOLERANCE = 1e-6
"""How far a triple (or the random table) may sum from 1 (files write decimals)."""
MAX_SAMPLES = 100_000

# key -> (row offset, kind of value, low, high, meaning)
_FIELDS: dict[str, dict[str, tuple[int, str, float, float, str]]] = {
    "strength": {
        "potential": (R.P_POTENTIAL, "flag", 0, 1, "EHS uses the positive potential PPOT"),
        "samples": (R.P_SAMPLES, "int", 0, MAX_SAMPLES,
                    "Monte-Carlo samples of the potential (0 = exact)"),
    },
    "preflop": {
        "make1": (R.P_PF_MAKE1, "num", -1000, 3000, "income rate to call one bet"),
        "make2": (R.P_PF_MAKE2, "num", -1000, 3000, "income rate to raise to two bets"),
        "make4": (R.P_PF_MAKE4, "num", -1000, 3000, "income rate to raise to the cap"),
        "position": (R.P_PF_POSITION, "num", 0, 1000,
                     "income rate added per seat still to act"),
    },
    "postflop": {
        "make1": (R.P_MAKE1, "num", 0, 1, "EHS to bet, or call one bet"),
        "make2": (R.P_MAKE2, "num", 0, 1, "EHS to raise to two bets and call any"),
        "make4": (R.P_MAKE4, "num", 0, 1, "EHS to raise to the cap"),
        "semi_bluff": (R.P_SEMI_BLUFF, "num", 0, 1, "PPOT to bet a draw when nobody has bet"),
        "pot_odds": (R.P_POT_ODDS, "flag", 0, 1, "call when PPOT >= pot odds"),
        "showdown_odds": (R.P_SHOWDOWN_ODDS, "flag", 0, 1, "river: call when HS^n >= pot odds"),
    },
    "random": {
        "fold": (R.P_RANDOM_FOLD, "num", 0, 1, "probability of folding"),
        "call": (R.P_RANDOM_CALL, "num", 0, 1, "probability of checking or calling"),
        "raise": (-1, "num", 0, 1, "probability of betting or raising"),
    },
}


def _type_name(value: object) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number", str: "text",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


@dataclass(frozen=True, eq=False)
class PokerBot:
    """A poker bot: its names and words, and the parameter row the compiled kernel reads.

    ``row`` is ``float64[ROW_SIZE]`` (offsets in :mod:`ludolab.games.poker.bots.row`); ``path``
    is the file it came from (None for a spec such as ``random:0.2:0.5``), ``text`` its TOML.
    Equality is identity (the row is an array); compare ``row`` for sameness.
    """

    name: str
    summary: str
    source: str
    kind: str
    row: np.ndarray
    path: Path | None
    text: str

    def describe(self) -> str:
        """A readable multi-line account of the bot's parameters."""
        return describe_bot(self)


class _Ctx:
    """Where a file's values are: the path for messages and the line of each key path."""

    def __init__(self, text: str, path: str | None) -> None:
        self.path = path
        self.lines = locate(text)

    def fail(self, message: str, *keys: str | int) -> BotFileError:
        return BotFileError(message, self.path, line_of(self.lines, keys) or 1)


def _check_keys(ctx: _Ctx, table: dict[str, Any], valid: tuple[str, ...], where: str,
                *keys: str) -> None:
    for key in table:
        if key not in valid:
            hint = nearest(key, list(valid))
            extra = f"did you mean {hint!r}? " if hint else ""
            raise ctx.fail(f"unknown key {key!r} in {where}; {extra}(valid: {', '.join(valid)})",
                           *keys, key)


def _number(ctx: _Ctx, value: object, what: str, lo: float, hi: float, *keys: str | int) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ctx.fail(f"{what} must be a number, got {_type_name(value)}", *keys)
    v = float(value)
    if not math.isfinite(v) or not lo <= v <= hi:
        raise ctx.fail(f"{what} must be from {lo:g} to {hi:g}, got {value!r}", *keys)
    return v


def _field(ctx: _Ctx, table: str, key: str, value: object) -> float:
    _off, typ, lo, hi, _meaning = _FIELDS[table][key]
    what = f"{table}.{key}"
    if typ == "flag":
        if not isinstance(value, bool):
            raise ctx.fail(f"{what} must be true or false, got {_type_name(value)}", table, key)
        return 1.0 if value else 0.0
    if typ == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ctx.fail(f"{what} must be a whole number, got {_type_name(value)}", table, key)
        if not lo <= value <= hi:
            raise ctx.fail(f"{what} must be from {lo:g} to {hi:,}, got {value!r}", table, key)
        return float(value)
    return _number(ctx, value, what, lo, hi, table, key)


def _fields(ctx: _Ctx, data: dict[str, Any], table: str, row: np.ndarray) -> dict[str, float]:
    """Read every field of ``[table]`` (all required) into ``row``; return them by name."""
    raw = data.get(table)
    if raw is None:
        raise ctx.fail(f"missing table [{table}] (with {', '.join(_FIELDS[table])})", "kind")
    if not isinstance(raw, dict):
        raise ctx.fail(f"{table!r} must be a table ([{table}]), got {_type_name(raw)}", table)
    _check_keys(ctx, raw, tuple(_FIELDS[table]), f"[{table}]", table)
    out = {}
    for key, (off, *_rest) in _FIELDS[table].items():
        if key not in raw:
            raise ctx.fail(f"missing {key!r} in [{table}] ({_FIELDS[table][key][4]})", table)
        out[key] = _field(ctx, table, key, raw[key])
        if off >= 0:
            row[off] = out[key]
    return out


def _ordered(ctx: _Ctx, table: str, values: dict[str, float], keys: tuple[str, ...]) -> None:
    for a, b in itertools.pairwise(keys):
        if values[a] > values[b]:
            raise ctx.fail(f"{table}.{a} ({values[a]:g}) must not exceed {table}.{b} "
                           f"({values[b]:g})", table, b)


def _probabilities(ctx: _Ctx, item: object, what: str, *keys: str | int) -> tuple[float, ...]:
    if not isinstance(item, list) or len(item) != 3:
        shown = f"{len(item)} items" if isinstance(item, list) else _type_name(item)
        raise ctx.fail(f"{what} must be a triple [fold, call, raise], got {shown}", *keys)
    p = tuple(_number(ctx, v, what, 0, 1, *keys) for v in item)
    if abs(sum(p) - 1.0) > PROB_TOLERANCE:
        raise ctx.fail(f"{what} probabilities sum to {sum(p):.6g}, not 1", *keys)
    return p


def _triples(ctx: _Ctx, data: dict[str, Any], row: np.ndarray) -> None:
    raw = data.get("triples")
    if raw is None:
        raise ctx.fail("missing table [triples] (edges, and free/bet triples per street)", "kind")
    if not isinstance(raw, dict):
        raise ctx.fail(f"'triples' must be a table ([triples]), got {_type_name(raw)}", "triples")
    _check_keys(ctx, raw, ("edges", *STREETS), "[triples]", "triples")
    edges = raw.get("edges")
    if not isinstance(edges, list):
        raise ctx.fail("triples.edges must be a list of strength edges such as [0.5, 0.8]"
                       + ("" if edges is None else f", got {_type_name(edges)}"), "triples",
                       "edges")
    if len(edges) > R.MAX_BUCKETS - 1:
        raise ctx.fail(f"triples.edges has {len(edges)} edges; at most {R.MAX_BUCKETS - 1}",
                       "triples", "edges")
    prev = 0.0
    for i, e in enumerate(edges):
        v = _number(ctx, e, f"triples.edges[{i}]", 0, 1, "triples", "edges", i)
        if v <= prev or v >= 1.0:
            raise ctx.fail(f"triples.edges must increase strictly inside (0, 1), got {edges!r}",
                           "triples", "edges", i)
        row[R.P_EDGES + i] = prev = v
    nb = len(edges) + 1
    row[R.P_NBUCKETS] = nb
    for s, street in enumerate(STREETS):
        table = raw.get(street)
        if table is None:
            raise ctx.fail(f"missing triples.{street} (free = [...], bet = [...])", "triples")
        if not isinstance(table, dict):
            raise ctx.fail(f"triples.{street} must be a table with free and bet, got "
                           f"{_type_name(table)}", "triples", street)
        _check_keys(ctx, table, ("free", "bet"), f"triples.{street}", "triples", street)
        for facing, side in enumerate(("free", "bet")):
            triples = table.get(side)
            what = f"triples.{street}.{side}"
            if not isinstance(triples, list) or len(triples) != nb:
                got = (f"{len(triples)}" if isinstance(triples, list)
                       else "none" if triples is None else _type_name(triples))
                raise ctx.fail(f"{what} needs {nb} triples (one per strength bucket: "
                               f"{len(edges)} edges), got {got}", "triples", street,
                               *((side,) if side in table else ()))
            for b, item in enumerate(triples):
                p = _probabilities(ctx, item, f"{what}[{b}]", "triples", street, side, b)
                off = R.P_TRIPLES + ((s * 2 + facing) * R.MAX_BUCKETS + b) * 3
                row[off:off + 3] = p


def parse_bot_text(text: str, path: str | Path | None = None) -> PokerBot:
    """Parse and validate a bot file's text; :class:`BotFileError` (``file:line: problem``)
    for anything wrong. A file without ``name`` is named after the file."""
    where = None if path is None else str(path)
    data = load_toml(text, where)
    ctx = _Ctx(text, where)
    if "kind" not in data:
        raise BotFileError(f"missing 'kind' (one of {', '.join(KINDS)})", where, 1)
    kind = data["kind"]
    if not isinstance(kind, str) or kind.strip().lower() not in KINDS:
        hint = nearest(str(kind), list(KINDS)) if isinstance(kind, str) else None
        extra = f"did you mean {hint!r}? " if hint else ""
        raise ctx.fail(f"unknown kind {kind!r}; {extra}(valid: {', '.join(KINDS)})", "kind")
    kind = kind.strip().lower()
    valid = (*TOP_KEYS, *TABLES[kind])
    for key in data:
        if key not in valid:
            if any(key in t for t in TABLES.values()) or key == "triples":
                owners = [k for k, t in TABLES.items() if key in t]
                raise ctx.fail(f"[{key}] belongs to bots of kind {' or '.join(owners)}, "
                               f"not {kind}", key)
            hint = nearest(key, list(valid))
            extra = f"did you mean {hint!r}? " if hint else ""
            raise ctx.fail(f"unknown key {key!r}; {extra}(valid: {', '.join(valid)})", key)
    texts = {}
    for key in ("name", "summary", "source"):
        value = data.get(key, "")
        if not isinstance(value, str):
            raise ctx.fail(f"{key!r} must be text, got {_type_name(value)}", key)
        if "\n" in value.strip():
            raise ctx.fail(f"{key!r} must be one line", key)
        problem = text_problem(value.strip(), name=key == "name")
        if problem:
            raise ctx.fail(f"{key!r} {problem}", key)
        texts[key] = value.strip()
    if not texts["name"]:
        if where is None:
            raise BotFileError("missing 'name' (the bot's name)", where, 1)
        texts["name"] = Path(where).stem
    row = np.zeros(R.ROW_SIZE, np.float64)
    row[R.BOT_KIND] = KINDS[kind]
    if kind == "random":
        p = _fields(ctx, data, "random", row)
        total = p["fold"] + p["call"] + p["raise"]
        if abs(total - 1.0) > PROB_TOLERANCE:
            raise ctx.fail(f"random fold + call + raise sum to {total:.6g}, not 1", "random")
    if kind in ("loki1", "loki2"):
        _fields(ctx, data, "strength", row)
    if kind == "loki1":
        pre = _fields(ctx, data, "preflop", row)
        _ordered(ctx, "preflop", pre, ("make1", "make2", "make4"))
        post = _fields(ctx, data, "postflop", row)
        _ordered(ctx, "postflop", post, ("make1", "make2", "make4"))
    if kind == "loki2":
        _triples(ctx, data, row)
    return PokerBot(texts["name"], texts["summary"], texts["source"], kind, row,
                    None if path is None else Path(path), text)


def read_bot_file(path: str | Path) -> PokerBot:
    """Read and parse a bot file from disk (one-line errors for a missing or unreadable file)."""
    return tomlfile.read_bot_file(path, parse_bot_text)
