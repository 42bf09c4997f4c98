"""Bot files: TOML text <-> :class:`BotSpec`, with validation and file:line errors.

A bot file (see ``docs/bots.md``)::

    name = "Smithy Big Money"
    description = "Big Money with up to three Smithies, one per 15 cards."
    source = "community classic"

    buy = [
        "Province if money >= 16",
        "Duchy if gains_to_end <= 4",
        "Gold",
        "Smithy limit 3 if count(Smithy) < deck_size / 15",
        "Silver",
    ]

    [[trash]]              # the table form of an entry: card, when, limit
    card = "Estate"
    when = "gains_to_end > 4"

    [options]
    never_lose_by_ending = true

A list is written either as an array of compact items ``"CARD [limit N] [if CONDITION]"`` or as
an array of tables (``[[buy]]`` with ``card``, ``when``, ``limit``); both can be mixed across
lists. :func:`render_bot` writes the compact form, and ``parse_bot_text(render_bot(s)) == s``.
"""

from __future__ import annotations

import numbers
import re
from pathlib import Path

from ludolab.core import tomlfile
from ludolab.core.tomlfile import line_of, load_toml, locate
from ludolab.errors import BotFileError, LudolabError, nearest, text_problem
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.bots.grammar import Node, parse_condition, quote_text
from ludolab.games.dominion.bots.options import find_option, option_info
from ludolab.games.dominion.bots.spec import BotSpec, Entry
from ludolab.games.dominion.cards import CARDS, card_id

LIST_KINDS: tuple[str, ...] = bc.LIST_NAMES
TOP_KEYS: tuple[str, ...] = ("name", "description", "source", *LIST_KINDS, "options")
ENTRY_KEYS: tuple[str, ...] = ("card", "when", "limit")
#: The largest copy limit: no game has more copies of a card (the compiled bot stores it as int32).
MAX_LIMIT = 1000

_COMPACT_IF = re.compile(r"(?:^|\s)if(?:\s|$)", re.IGNORECASE)
_COMPACT_LIMIT = re.compile(r"(.*?)\s+limit\s+(\S+)", re.IGNORECASE | re.DOTALL)


def _type_name(value: object) -> str:
    return {
        bool: "a boolean", int: "an integer", float: "a number", str: "text",
        list: "a list", dict: "a table",
    }.get(type(value), type(value).__name__)


def is_flag_option(name: str) -> bool:
    """True for an on/off option (allowed range 0..1), written ``true``/``false`` in files."""
    info = find_option(name)
    return info is not None and info.is_flag


# ----------------------------------------------------------------------------------------------
# validation shared by files and Python-built specs


def check_entry(
    kind: str,
    entry: Entry,
    path: str | None,
    card_line: int | None = None,
    cond_line: int | None = None,
) -> tuple[Entry, int, Node | None]:
    """Validate one entry of list ``kind``; return it with its canonical card name, the card id
    and the parsed condition. Errors carry ``path`` and the entry's line (or the more precise
    ``card_line``/``cond_line`` when known)."""

    def fail(message: str, line: int | None = None) -> BotFileError:
        return BotFileError(message, path, line or entry.line)

    if not isinstance(entry.card, str) or not entry.card.strip():
        raise fail(f"a {kind} entry needs a card name")
    try:
        cid = card_id(entry.card)
    except LudolabError as exc:
        raise fail(f"{kind} list: {exc}", card_line) from None
    card = CARDS[cid]
    if kind == "play" and not card.is_action and not (card.is_treasure and card.has_effect):
        raise fail(
            f"play list: {card.name!r} is not an Action card (only Actions and Treasures with "
            "an effect are played from the list; other Treasures are played automatically)",
            card_line,
        )
    limit = entry.limit
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, numbers.Integral) or limit < 0:
            raise fail(f"{kind} list: 'limit' must be a whole number of 0 or more, got {limit!r}")
        limit = int(limit)
        if limit > MAX_LIMIT:
            raise fail(f"{kind} list: 'limit' must be at most {MAX_LIMIT:,}, got {limit:,}")
    ast: Node | None = None
    condition = entry.condition
    if condition is not None:
        if not isinstance(condition, str):
            raise fail(f"{kind} list: a condition must be text, got {_type_name(condition)}")
        condition = condition.strip()
        if not condition:
            raise fail(
                f"{kind} list: empty condition for {card.name!r} (leave it out to mean always)",
                cond_line,
            )
        try:
            ast = parse_condition(condition)
        except BotFileError as exc:
            raise fail(f"{kind} list: {exc.detail}", cond_line) from None
    return Entry(card.name, condition, limit, entry.line), cid, ast


def check_option(name: object, value: object, path: str | None, line: int | None) -> float:
    """Validate one option (a general one or a card's own, see :mod:`.options`); return its
    value as a float."""
    try:
        info = option_info(name)
    except LudolabError as exc:
        raise BotFileError(str(exc), path, line) from None
    checked = info.check(value)
    if isinstance(checked, str):
        raise BotFileError(f"option {info.name!r} {checked}", path, line)
    return checked


def check_spec(spec: BotSpec) -> BotSpec:
    """Validate a whole spec (cards, conditions, limits, options); return a canonical copy.

    An empty buy list is allowed here (a bot that never buys, as a genome may decode to); a
    bot *file* must have one.

    Card names become their canonical spelling and conditions are stripped; anything wrong
    raises :class:`BotFileError` naming the file and line when known.
    """
    path = spec.path
    if not isinstance(spec.name, str) or not spec.name.strip():
        raise BotFileError("a bot needs a non-empty name", path, None)
    lists = {}
    for kind in LIST_KINDS:
        lists[kind] = [check_entry(kind, e, path)[0] for e in getattr(spec, kind)]
    options = {k: check_option(k, v, path, None) for k, v in spec.options.items()}
    return BotSpec(
        name=spec.name.strip(),
        description=spec.description,
        source=spec.source,
        options=options,
        path=path,
        **lists,
    )


# ----------------------------------------------------------------------------------------------
# parsing a file


def _parse_compact(item: str) -> tuple[str, int | None, str | None] | str:
    """``"CARD [limit N] [if COND]"`` -> (card, limit, condition), or an error message."""
    text = item.strip()
    m = _COMPACT_IF.search(text)
    condition: str | None = None
    left = text
    if m is not None:
        left = text[: m.start()].strip()
        condition = text[m.end() :].strip()
        if not left:
            return f"list item {quote_text(item)} names no card before 'if'"
        if not condition:
            return f"list item {quote_text(item)} has nothing after 'if'"
        if re.search(r"\blimit\s+\S+\s*$", condition, re.IGNORECASE):
            return (
                f"list item {quote_text(item)}: put 'limit N' before 'if', "
                f"as in \"{left} limit 2 if ...\""
            )
    if re.search(r"\s(when|unless)\s", f" {left} ", re.IGNORECASE):
        return f"list item {quote_text(item)}: write \"CARD if CONDITION\" (not 'when' or 'unless')"
    limit: int | None = None
    lm = _COMPACT_LIMIT.fullmatch(left)
    if lm is not None:
        left, raw = lm.group(1).strip(), lm.group(2)
        if not re.fullmatch(r"\d+", raw):
            return (f"list item {quote_text(item)}: 'limit' must be a whole number of 0 or more, "
                    f"got {quote_text(raw, 20)}")
        limit = int(raw)
        if limit > MAX_LIMIT:
            return (f"list item {quote_text(item)}: 'limit' must be at most {MAX_LIMIT:,}, "
                    f"got {limit:,}")
    if not left:
        return f"list item {quote_text(item)} names no card"
    return left, limit, condition


def parse_bot_text(text: str, path: str | None = None) -> BotSpec:
    """Parse and validate a bot file's TOML text into a :class:`BotSpec`.

    ``path`` (when the text came from a file) is used in error messages and stored in the spec;
    a file without ``name`` is named after the file. Raises :class:`BotFileError`
    (``file:line: problem``) for anything wrong.
    """
    data = load_toml(text, path)
    lines = locate(text)

    def fail(message: str, *keys: str | int) -> BotFileError:
        return BotFileError(message, path, line_of(lines, keys))

    for key in data:
        if key not in TOP_KEYS:
            hint = nearest(key, list(TOP_KEYS))
            extra = f"did you mean {hint!r}? " if hint else ""
            raise fail(f"unknown key {key!r}; {extra}(valid: {', '.join(TOP_KEYS)})", key)

    def text_field(key: str) -> str:
        value = data.get(key, "")
        if not isinstance(value, str):
            raise fail(f"{key!r} must be text, got {_type_name(value)}", key)
        problem = text_problem(value.strip(), name=key == "name")
        if problem:
            raise fail(f"{key!r} {problem}", key)
        return value.strip()

    name = text_field("name")
    if not name:
        if path is None:
            raise BotFileError("missing 'name' (the bot's name)", path, 1)
        name = Path(path).stem
    description = text_field("description")
    source = text_field("source")

    lists: dict[str, list[Entry]] = {}
    for kind in LIST_KINDS:
        raw = data.get(kind, [])
        if not isinstance(raw, list):
            raise fail(
                f"{kind!r} must be a list (buy = [\"Gold\", ...] or [[{kind}]] tables), "
                f"got {_type_name(raw)}",
                kind,
            )
        entries = []
        for i, item in enumerate(raw):
            line = line_of(lines, (kind, i))
            entries.append(_entry_from_item(kind, i, item, path, lines, line))
        lists[kind] = entries
    if not lists["buy"]:
        raise BotFileError(
            "a bot needs a buy list: add buy = [\"Gold\", ...] or [[buy]] entries",
            path,
            line_of(lines, ("buy",)) or 1,
        )

    raw_options = data.get("options", {})
    if not isinstance(raw_options, dict):
        raise fail(f"'options' must be a table ([options]), got {_type_name(raw_options)}",
                   "options")
    options = {
        k: check_option(k, v, path, line_of(lines, ("options", k)))
        for k, v in raw_options.items()
    }
    return BotSpec(
        name=name,
        description=description,
        source=source,
        options=options,
        path=path,
        **lists,
    )


def _entry_from_item(
    kind: str,
    i: int,
    item: object,
    path: str | None,
    lines: dict,
    line: int | None,
) -> Entry:
    if isinstance(item, str):
        parsed = _parse_compact(item)
        if isinstance(parsed, str):
            raise BotFileError(f"{kind} list: {parsed}", path, line)
        card, limit, condition = parsed
        entry = Entry(card, condition, limit, line)
    elif isinstance(item, dict):
        for key in item:
            if key not in ENTRY_KEYS:
                hint = nearest(key, list(ENTRY_KEYS))
                extra = f"did you mean {hint!r}? " if hint else ""
                raise BotFileError(
                    f"unknown key {key!r} in a {kind} entry; {extra}"
                    f"(valid: {', '.join(ENTRY_KEYS)})",
                    path,
                    line_of(lines, (kind, i, key)) or line,
                )
        if "card" not in item:
            raise BotFileError(f"a {kind} entry has no 'card'", path, line)
        card = item["card"]
        if not isinstance(card, str):
            raise BotFileError(
                f"{kind} list: 'card' must be text, got {_type_name(card)}",
                path,
                line_of(lines, (kind, i, "card")) or line,
            )
        condition = item.get("when")
        if condition is not None and not isinstance(condition, str):
            raise BotFileError(
                f"{kind} list: 'when' must be text (a condition), got {_type_name(condition)}",
                path,
                line_of(lines, (kind, i, "when")) or line,
            )
        limit = item.get("limit")
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 0
        ):
            raise BotFileError(
                f"{kind} list: 'limit' must be a whole number of 0 or more, got {limit!r}",
                path,
                line_of(lines, (kind, i, "limit")) or line,
            )
        entry = Entry(card, condition, limit, line)
        return check_entry(
            kind,
            entry,
            path,
            card_line=line_of(lines, (kind, i, "card")),
            cond_line=line_of(lines, (kind, i, "when")),
        )[0]
    else:
        raise BotFileError(
            f"each {kind} entry must be text like \"Gold if coins >= 6\" or a table with "
            f"card/when/limit, got {_type_name(item)}",
            path,
            line,
        )
    return check_entry(kind, entry, path)[0]


# ----------------------------------------------------------------------------------------------
# rendering


def toml_string(value: str) -> str:
    """A TOML string literal for ``value`` (a literal '...' string when that reads better)."""
    printable = all(ch >= " " and ch != "\x7f" for ch in value)
    if printable and '"' in value and "'" not in value:
        return f"'{value}'"
    out = []
    for ch in value:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch < " " or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def entry_text(entry: Entry) -> str:
    """The compact form of an entry: ``CARD [limit N] [if CONDITION]``."""
    text = entry.card
    if entry.limit is not None:
        text += f" limit {entry.limit}"
    if entry.condition is not None:
        text += f" if {entry.condition.strip()}"
    return text


def _option_text(name: str, value: float) -> str:
    info = find_option(name)
    if info is not None:
        return info.text(value)
    v = float(value)
    return str(int(v)) if v.is_integer() else repr(v)


def render_bot(spec: BotSpec) -> str:
    """The TOML text of a bot (compact list items); ``parse_bot_text`` reads it back equal."""
    out = [f"name = {toml_string(spec.name)}"]
    if spec.description:
        out.append(f"description = {toml_string(spec.description)}")
    if spec.source:
        out.append(f"source = {toml_string(spec.source)}")
    for kind in LIST_KINDS:
        entries: list[Entry] = getattr(spec, kind)
        if not entries:
            continue
        out.append("")
        out.append(f"{kind} = [")
        out.extend(f"    {toml_string(entry_text(e))}," for e in entries)
        out.append("]")
    if spec.options:
        out.append("")
        out.append("[options]")
        out.extend(f"{k} = {_option_text(k, v)}" for k, v in spec.options.items())
    return "\n".join(out) + "\n"


def read_bot_file(path: str | Path) -> BotSpec:
    """Read and parse a bot file from disk."""
    return tomlfile.read_bot_file(path, parse_bot_text)
