"""Bring your bots: read Geronimoo's DominionSim bot XML into ludolab bot specs.

DominionSim keeps its bots in XML (``DomBots.xml``, or one ``<player>`` saved by its editor)::

    <player name="Smithy" author="..." description="...">
        <type name="BigMoney"/>
        <board contents="Smithy"/>
        <buy name="Province">
            <condition>
                <left type="getTotalMoney"/>
                <operator type="greaterThan"/>
                <right type="constant" attribute="15.0"/>
            </condition>
        </buy>
        <buy name="Smithy">
            <condition>
                <left type="countCardsInDeck" attribute="Smithy"/>
                <operator type="smallerThan"/>
                <right type="countAllCardsInDeck"/>
                <extra_operation type="divideBy" attribute="11.0"/>
            </condition>
        </buy>
        ...
    </player>

A ``<buy>`` rule buys its card when every ``<condition>`` holds; a condition compares ``left``
with ``right`` after the extra operation is applied to ``right`` (``right / 11`` above). Each
function becomes a feature of the condition language (:data:`FUNCTIONS`); the conditions of a
rule are joined with ``and``. The bot types that change play map to options (``AppliesPPR`` to
``penultimate_province``); DominionSim's anti-suicide check is our default
``never_lose_by_ending``. What cannot be mapped makes the bot *not importable* and is reported
with its element and line (a card ludolab does not have yet, a function with no equivalent, a
shuffle type, a start state); what is mapped with a difference is reported as a note. Nothing
is dropped silently.

The XML is a user's file: it is parsed by ``defusedxml`` (no DTD, no entities, no external
references, so no network and no entity bombs), and a malformed file is one
:class:`~ludolab.errors.BotFileError` naming the line.
"""

from __future__ import annotations

import math
import re
import xml.sax
from dataclasses import dataclass, field

import defusedxml.sax
from defusedxml import DefusedXmlException

from ludolab.errors import BotFileError, LudolabError, text_problem
from ludolab.games.dominion.bots.fileformat import check_spec
from ludolab.games.dominion.bots.spec import BotSpec, Entry
from ludolab.games.dominion.cards import CARDS, card_id

#: DominionSim function -> our expression; ``{card}`` takes the card of its ``attribute``.
FUNCTIONS: dict[str, str] = {
    "countCardsInDeck": "count({card})",
    "countCardsInDeckNoMats": "count({card})",  # no mats in ludolab's sets
    "countCardsInSupply": "supply({card})",
    "countCardsInHand": "in_hand({card})",
    "countCardsInPlay": "in_play({card})",
    "countAllCardsInDeck": "deck_size",
    "countAvailableMoney": "coins",
    "countTurns": "turn",
    "gainsNeededToEndGame": "gains_to_end",
    "isActionPhase": "action_phase",
    "countEmptyPiles": "empty_piles",
    "countBuysLeft": "buys",
    "actionsLeft": "actions",
    "getTotalMoney": "total_money",
    "getTotalMoneyExcludingMats": "total_money",
    "countVP": "vp",
    "countMAXOpponentVP": "(vp - lead)",
    "countCardsLeftInDrawDeck": "(draw_pile + discard_pile)",
    "countCardsLeftInSmallestPile": "low_pile",
}
_TAKES_CARD = {"countCardsInDeck", "countCardsInDeckNoMats", "countCardsInSupply",
               "countCardsInHand", "countCardsInPlay"}
#: ``countCardTypeInDeck`` types -> our expression
CARD_TYPES: dict[str, str] = {
    "Action": "actions_owned",
    "Treasure": "treasures_owned",
    "Victory": "victory_owned",
    "Curse": "count(Curse)",
    "Terminal": "terminals_owned",
    "Village": "villages_owned",
}
COMPARATORS = {"equalTo": "==", "smallerThan": "<", "smallerOrEqualThan": "<=",
               "greaterThan": ">", "greaterOrEqualThan": ">="}
OPERATORS = {"plus": "+", "minus": "-", "multiplyWith": "*", "divideBy": "/"}
#: bot types that only describe a bot (kept in its description)
TAG_TYPES = {"Favorite", "Generated", "UserCreated", "BigMoney", "Attacking", "Engine", "Combo",
             "SingleCard", "Province", "TwoPlayer", "ThreePlayer", "FourPlayer",
             "AnnotatedGames", "Competitive", "Casual", "Fun", "Optimized"}
#: the largest XML file read (DomBots.xml, 198 bots, is about 0.5 MB)
MAX_BYTES = 20_000_000


@dataclass
class ImportedBot:
    """One ``<player>``: its spec when importable, and what the import has to say about it."""

    name: str
    line: int
    spec: BotSpec | None
    #: why the bot is not importable: ``line N: <element>: problem``
    problems: list[str] = field(default_factory=list)
    #: mapped, with a difference worth knowing
    notes: list[str] = field(default_factory=list)
    #: the kingdom the bot implies: its ``<board>`` (ludolab's cards), else the kingdom cards
    #: its buy list names
    kingdom: list[str] = field(default_factory=list)


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[_Node] = field(default_factory=list)

    def describe(self) -> str:
        shown = " ".join(f'{k}="{v}"' for k, v in list(self.attrs.items())[:2])
        return f"<{self.tag}{' ' + shown if shown else ''}>"


class _TreeBuilder(xml.sax.ContentHandler):
    """Elements with their attributes and line numbers (text content is not used)."""

    def __init__(self) -> None:
        super().__init__()
        self.root: _Node | None = None
        self.stack: list[_Node] = []
        self.locator: xml.sax.xmlreader.Locator | None = None

    def setDocumentLocator(self, locator: xml.sax.xmlreader.Locator) -> None:
        self.locator = locator

    def line(self) -> int:
        return self.locator.getLineNumber() if self.locator is not None else 1

    def startElement(self, name: str, attrs: xml.sax.xmlreader.AttributesImpl) -> None:
        node = _Node(name, {k: attrs[k] for k in attrs.getNames()}, self.line())
        if self.stack:
            self.stack[-1].children.append(node)
        else:
            self.root = node
        self.stack.append(node)

    def endElement(self, name: str) -> None:
        self.stack.pop()


def parse_xml(data: bytes, path: str | None = None) -> _Node:
    """The element tree of ``data``, parsed safely; a malformed file raises
    :class:`BotFileError` with the line."""
    if len(data) > MAX_BYTES:
        raise BotFileError(f"the file is {len(data):,} bytes; at most {MAX_BYTES:,}", path, None)
    handler = _TreeBuilder()
    try:
        defusedxml.sax.parseString(data, handler, forbid_dtd=True, forbid_entities=True,
                                   forbid_external=True)
    except xml.sax.SAXParseException as exc:
        column = exc.getColumnNumber() + 1
        raise BotFileError(f"malformed XML: {exc.getMessage()} (column {column})", path,
                           exc.getLineNumber()) from None
    except DefusedXmlException as exc:
        kind = type(exc).__name__.replace("Forbidden", "").replace("Reference", " reference")
        raise BotFileError(f"{kind.lower()} declarations are not allowed in a bot file "
                           "(no DTD, no entities)", path, handler.line()) from None
    except (ValueError, UnicodeError) as exc:
        raise BotFileError(f"unreadable XML: {exc}", path, handler.line()) from None
    if handler.root is None:
        raise BotFileError("no XML element in the file", path, 1)
    return handler.root


def _card(raw: str | None) -> tuple[str | None, str | None]:
    """A DominionSim card name (``Council_Room``, ``King$s_Court``) -> (our card name, problem)."""
    if raw is None or not raw.strip():
        return None, "no card named"
    words = raw.strip().replace("$", "'").replace("_", " ")
    try:
        cid = card_id(words)
    except LudolabError:
        return None, f"card {words!r} is not in ludolab yet"
    from ludolab.games.dominion.engine.hooks import has_rules  # lazy: the card homes

    if not has_rules(cid):
        return None, f"card {CARDS[cid].name!r} is not playable in ludolab yet (no rules)"
    return CARDS[cid].name, None


def _bane(raw: str, where: str, notes: list[str]) -> str | None:
    """A ``bane`` attribute (Young Witch's Bane pile) as a ludolab card name; a card ludolab
    lacks is noted and left out (None)."""
    card, problem = _card(raw.strip().replace(" ", "_"))
    if card is None:
        notes.append(f"{where}: the bane ({raw}) is Young Witch's: {problem}; the kingdom draws "
                     "one")
    return card


def _number(raw: str | None) -> tuple[str | None, str | None]:
    try:
        v = float(raw) if raw is not None else math.nan
    except ValueError:
        v = math.nan
    if not math.isfinite(v):
        return None, f"{raw!r} is not a number"
    return _fmt(v), None


def _fmt(v: float) -> str:
    return str(int(v)) if v.is_integer() else repr(v)


def _operand(node: _Node) -> tuple[str | None, str | None]:
    """``<left>``/``<right>`` -> (expression, problem)."""
    fn = node.attrs.get("type")
    attr = node.attrs.get("attribute")
    if fn is None:
        return None, "no function ('type')"
    if fn == "constant":
        return _number(attr)
    if fn == "countCardTypeInDeck":
        if attr in CARD_TYPES:
            return CARD_TYPES[attr], None
        return None, f"countCardTypeInDeck of type {attr!r} has no equivalent in ludolab"
    if fn not in FUNCTIONS:
        return None, f"function {fn!r} has no equivalent in ludolab"
    text = FUNCTIONS[fn]
    if fn in _TAKES_CARD:
        name, problem = _card(attr)
        if problem:
            return None, problem
        text = text.format(card=name)
    return text, None


def _condition(node: _Node, fail: list[str]) -> str | None:
    """One ``<condition>`` -> a condition text, or None (problems appended to ``fail``)."""
    parts: dict[str, _Node] = {}
    for child in node.children:
        if child.tag not in ("left", "operator", "right", "extra_operation"):
            fail.append(f"line {child.line}: {child.describe()}: unknown element in a condition")
            return None
        parts[child.tag] = child
    for need in ("left", "operator", "right"):
        if need not in parts:
            fail.append(f"line {node.line}: <condition>: no <{need}>")
            return None
    left, p1 = _operand(parts["left"])
    right, p2 = _operand(parts["right"])
    comp = COMPARATORS.get(parts["operator"].attrs.get("type", ""))
    for part, problem in ((parts["left"], p1), (parts["right"], p2)):
        if problem:
            fail.append(f"line {part.line}: {part.describe()}: {problem}")
    if comp is None:
        op = parts["operator"]
        fail.append(f"line {op.line}: {op.describe()}: unknown comparison (valid: "
                    f"{', '.join(COMPARATORS)})")
    extra_op, extra_num = None, None
    if "extra_operation" in parts:
        ex = parts["extra_operation"]
        extra_op = OPERATORS.get(ex.attrs.get("type", ""))
        extra_num, p3 = _number(ex.attrs.get("attribute"))
        if extra_op is None:
            fail.append(f"line {ex.line}: {ex.describe()}: unknown operation (valid: "
                        f"{', '.join(OPERATORS)})")
        elif p3:
            fail.append(f"line {ex.line}: {ex.describe()}: {p3}")
        elif extra_op == "/" and float(extra_num) == 0:
            fail.append(f"line {ex.line}: {ex.describe()}: divideBy 0")
    if left is None or right is None or comp is None or (
            "extra_operation" in parts and (extra_op is None or extra_num is None)):
        return None
    lfn = parts["left"].attrs.get("type")
    rfn = parts["right"].attrs.get("type")
    if lfn == "countVP" and rfn == "countMAXOpponentVP" and extra_op in (None, "+", "-"):
        # my VP against the best opponent's (+/- k): my lead against +/- k
        k = 0.0 if extra_op is None else float(extra_num) * (1 if extra_op == "+" else -1)
        return f"lead {comp} {_fmt(k + 0.0)}"
    if extra_op is not None and not (extra_op in "+-" and float(extra_num) == 0):
        if extra_op in ("*", "/") and re.search(r"[+-] ", right) and not right.startswith("("):
            right = f"({right})"
        right = f"{right} {extra_op} {extra_num}"
    return f"{left} {comp} {right}"


def _player(node: _Node) -> ImportedBot:
    name = node.attrs.get("name", "").strip()
    fail: list[str] = []
    notes: list[str] = []
    shown = name or f"(no name, line {node.line})"
    problem = text_problem(name, name=True) if name else "has no name"
    if problem:
        fail.append(f"line {node.line}: <player>: the name {problem}")
    tags: list[str] = []
    options: dict[str, float] = {"never_lose_by_ending": 1.0}
    board: list[str] = []
    bane: str | None = None  # Young Witch's Bane (a board's or a buy rule's bane attribute)
    buy: list[Entry] = []
    for child in node.children:
        where = f"line {child.line}: {child.describe()}"
        if child.tag == "type":
            t = child.attrs.get("name", "")
            if t == "AppliesPPR":
                options["penultimate_province"] = 1.0
            elif t in ("ShuffleOverhand", "RiffleShuffle"):
                fail.append(f"{where}: a bot that shuffles by hand has no equivalent in ludolab "
                            "(its shuffles are uniform)")
            elif t == "Colony":
                notes.append(f"{where}: made for Colony games (rules colony=yes; colony=auto "
                             "adds Platinum and Colony when a bot names them)")
            elif t == "SilverHater":
                notes.append(f"{where}: only changes how Amulet is played (not in ludolab)")
            elif t in TAG_TYPES:
                tags.append(t)
            else:
                notes.append(f"{where}: unknown bot type, ignored (DominionSim ignores it too)")
        elif child.tag == "board":
            missing = []
            for raw in re.split(r",", child.attrs.get("contents", "")):
                if not raw.strip():
                    continue
                card, problem = _card(raw.strip().replace(" ", "_"))
                if card is None:
                    missing.append(raw.strip())
                elif card not in board:
                    board.append(card)
            if missing:
                notes.append(f"{where}: board cards not in ludolab, left out of the kingdom: "
                             f"{', '.join(missing)}")
            if child.attrs.get("bane"):
                bane = _bane(child.attrs["bane"], where, notes) or bane
            for key, value in child.attrs.items():
                if key not in ("contents", "bane") and value.strip().lower() not in (
                        "", "0", "0.0", "false"):
                    notes.append(f"{where}: board setting {key}={value!r} has no equivalent "
                                 "in ludolab (its games start with 7 Copper and 3 Estate)"
                                 if key == "Shelters" else
                                 f"{where}: board setting {key}={value!r} has no equivalent "
                                 "in ludolab")
        elif child.tag == "start_state":
            fail.append(f"{where}: a start state is not part of a ludolab bot (write it as a "
                        "start file: ludolab dominion start)")
        elif child.tag == "buy":
            card, problem = _card(child.attrs.get("name"))
            if problem:
                fail.append(f"{where}: {problem}")
            if child.attrs.get("bane"):
                bane = _bane(child.attrs["bane"], where, notes) or bane
            strategy = child.attrs.get("strategy")
            if strategy and strategy != "standard" and card is not None:
                notes.append(f"{where}: play strategy {strategy!r} is not mapped: ludolab plays "
                             f"{card} by its own playbook (docs/cards.md)")
            conds = []
            for cnode in child.children:
                if cnode.tag != "condition":
                    fail.append(f"line {cnode.line}: {cnode.describe()}: unknown element in "
                                "a buy rule")
                    continue
                text = _condition(cnode, fail)
                if text is not None:
                    conds.append(text)
            if card is not None:
                buy.append(Entry(card, " and ".join(conds) if conds else None, None, child.line))
        else:
            fail.append(f"{where}: unknown element in a player")
    if not buy and not fail:
        fail.append(f"line {node.line}: <player>: no <buy> rule")
    kingdom = board or sorted(
        {e.card for e in buy if CARDS[card_id(e.card)].is_kingdom}, key=str.lower)
    if bane is not None and "Young Witch" in kingdom and bane not in kingdom:
        kingdom.append(f"bane={bane}")  # Young Witch's Bane pile: the kingdom spec's entry
    if fail:
        return ImportedBot(shown, node.line, None, fail, notes, kingdom)
    author = node.attrs.get("author", "").strip()
    desc = " ".join(node.attrs.get("description", "").split())
    description = desc or f"DominionSim bot {name}" + (f" ({', '.join(tags)})" if tags else "")
    source = "DominionSim (Geronimoo)" + (f", by {author}" if author else "")
    spec = BotSpec(name=name, description=description[:4000], source=source[:4000], buy=buy,
                   options=options)
    try:
        spec = check_spec(spec)
    except LudolabError as exc:  # a condition our grammar refuses: a bug here, reported
        return ImportedBot(shown, node.line, None, [f"line {node.line}: <player>: {exc}"],
                           notes, kingdom)
    return ImportedBot(name, node.line, spec, [], notes, kingdom)


def import_geronimoo(data: bytes | str, path: str | None = None) -> list[ImportedBot]:
    """Every ``<player>`` of DominionSim bot XML ``data`` (a ``<playerCollection>`` or one
    ``<player>``), in file order, each with its spec or why it is not importable.

    Raises :class:`BotFileError` (with the line) for a file that is not such XML.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    root = parse_xml(data, path)
    if root.tag == "player":
        players = [root]
    elif root.tag == "playerCollection":
        players = []
        for child in root.children:
            if child.tag != "player":
                raise BotFileError(f"expected <player> in <playerCollection>, got <{child.tag}>",
                                   path, child.line)
            players.append(child)
    else:
        raise BotFileError(f"expected <playerCollection> or <player> (DominionSim bot XML), "
                           f"got <{root.tag}>", path, root.line)
    if not players:
        raise BotFileError("no <player> in the file", path, root.line)
    return [_player(p) for p in players]


def file_stem(name: str) -> str:
    """A file name for a bot name: lower case, words joined by '-'."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return stem or "bot"
