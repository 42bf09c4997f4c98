"""Take your bots back: write ludolab bots as Geronimoo's DominionSim bot XML.

The inverse of :mod:`.geronimoo`: each buy entry becomes a ``<buy>`` rule, each ``and`` of its
condition a ``<condition>`` (``left OPERATOR right [extra_operation]``), each feature the
DominionSim function the importer reads as it (:data:`geronimoo.FUNCTIONS`, read backwards),
a copy limit ``N`` the condition ``countCardsInDeck(C) < N`` (ludolab's limit counts the copies
owned), ``penultimate_province`` the type ``AppliesPPR``. So every bot the importer could have
produced exports to XML that imports back to the same bot.

What DominionSim's XML cannot say is left out and listed, per bot, in the export's **notes**
(also written as XML comments above the bot): the play, trash, discard, topdeck, gain and
order lists (DominionSim plays cards by its own rules), options other than the two it has, and
a condition with no DominionSim function or shape (``or``, ``not``, ``!=``, ``share(C)``,
arithmetic on the left side, ...): that condition part is dropped, so the exported bot buys
that card more often than ours, and the note names it. ``money`` (the coins of the Treasures
owned) is written as ``getTotalMoney``, which also counts Actions' +$: noted too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

from ludolab.games.dominion.bots.geronimoo import CARD_TYPES, COMPARATORS, FUNCTIONS, OPERATORS
from ludolab.games.dominion.bots.grammar import (
    BinOp,
    BoolOp,
    Compare,
    Feature,
    Node,
    Num,
    format_condition,
    parse_condition,
)
from ludolab.games.dominion.bots.options import all_general_options
from ludolab.games.dominion.bots.spec import BotSpec, Entry
from ludolab.games.dominion.cards import CARDS, card_id

__all__ = ["ExportedBot", "export_geronimoo", "import_equal", "normal_form"]

#: our feature (no card) -> DominionSim function (the first the importer maps to it)
_PLAIN: dict[str, str] = {}
#: our card feature -> DominionSim function taking the card
_CARDED: dict[str, str] = {}
for _fn, _text in FUNCTIONS.items():
    if "({card})" in _text:
        _CARDED.setdefault(_text.split("(")[0], _fn)
    elif _text.isidentifier():
        _PLAIN.setdefault(_text, _fn)
_TYPES = {v: k for k, v in CARD_TYPES.items() if v.isidentifier()}
_COMPARE = {v: k for k, v in COMPARATORS.items()}
_OPERATE = {v: k for k, v in OPERATORS.items()}
#: the options DominionSim has: penultimate_province (AppliesPPR) and its anti-suicide check,
#: which is always on there (never_lose_by_ending = 1)
#: our features DominionSim has only approximately: written as its function, with a note
_NEAR = {"money": ("getTotalMoney", "money (the coins of my Treasures) is written as "
                   "getTotalMoney, which also counts the +$ of Action cards")}
_PPR = "penultimate_province"
_NLBE = "never_lose_by_ending"


@dataclass
class ExportedBot:
    """One bot's ``<player>`` and what it could not carry."""

    name: str
    xml: str
    notes: list[str] = field(default_factory=list)


def _xml_card(name: str) -> str:
    """Our card name -> DominionSim's spelling (``Council_Room``, ``King$s_Court``)."""
    return name.replace("'", "$").replace(" ", "_")


def _num(v: float) -> str:
    return repr(float(v))


def _operand(node: Node) -> tuple[str, str | None] | None:
    """A side of a comparison -> (function, attribute), or None when XML has no such operand."""
    if isinstance(node, Num):
        return "constant", _num(node.value)
    if isinstance(node, Feature):
        if node.card is not None:
            if node.name in _CARDED:
                return _CARDED[node.name], _xml_card(node.card)
            return None
        if node.name in _TYPES:
            return "countCardTypeInDeck", _TYPES[node.name]
        if node.name in _PLAIN:
            return _PLAIN[node.name], None
        if node.name in _NEAR:
            return _NEAR[node.name][0], None
        return None
    if isinstance(node, BinOp):  # the two compound images of the importer
        if node.op == "-" and node.left == Feature("vp") and node.right == Feature("lead"):
            return "countMAXOpponentVP", None
        if (node.op == "+" and node.left == Feature("draw_pile")
                and node.right == Feature("discard_pile")):
            return "countCardsLeftInDrawDeck", None
    return None


def _side(tag: str, fn: str, attr: str | None) -> str:
    extra = f" attribute={quoteattr(attr)}" if attr is not None else ""
    return f"<{tag} type={quoteattr(fn)}{extra}/>"


def _comparison(node: Node) -> str | None:
    """One conjunct -> its ``<condition>`` element, or None when XML cannot say it."""
    if not isinstance(node, Compare) or len(node.ops) != 1 or node.ops[0] not in _COMPARE:
        return None
    op = _COMPARE[node.ops[0]]
    left, right = node.operands
    if left == Feature("lead") and isinstance(right, Num):  # my VP against the best other's
        parts = [_side("left", "countVP", None), f'<operator type="{op}"/>',
                 _side("right", "countMAXOpponentVP", None)]
        if right.value != 0:
            how = "plus" if right.value > 0 else "minus"
            parts.append(f'<extra_operation type="{how}" attribute="{_num(abs(right.value))}"/>')
        return "<condition>" + "".join(parts) + "</condition>"
    lhs = _operand(left)
    extra = None
    if isinstance(right, BinOp) and isinstance(right.right, Num) and right.op in _OPERATE \
            and _operand(right) is None:
        extra = (_OPERATE[right.op], right.right.value)
        right = right.left
    rhs = _operand(right)
    if lhs is None or rhs is None:
        return None
    parts = [_side("left", *lhs), f'<operator type="{op}"/>', _side("right", *rhs)]
    if extra is not None:
        parts.append(f'<extra_operation type="{extra[0]}" attribute="{_num(extra[1])}"/>')
    return "<condition>" + "".join(parts) + "</condition>"


def _features(node: Node) -> set[str]:
    """The feature names a condition reads."""
    if isinstance(node, Feature):
        return {node.name}
    out: set[str] = set()
    for child in getattr(node, "operands", ()) or ():
        out |= _features(child)
    for attr in ("left", "right", "operand"):
        child = getattr(node, attr, None)
        if child is not None:
            out |= _features(child)
    for child in getattr(node, "args", ()) or ():
        out |= _features(child)
    return out


def _conjuncts(node: Node) -> list[Node]:
    """The ``and`` parts of a condition; a chain ``3 <= coins <= 5`` is two parts."""
    if isinstance(node, BoolOp) and node.op == "and":
        return _conjuncts(node.left) + _conjuncts(node.right)
    if isinstance(node, Compare) and len(node.ops) > 1:
        return [Compare((op,), (node.operands[i], node.operands[i + 1]))
                for i, op in enumerate(node.ops)]
    return [node]


def _entry_conditions(entry: Entry) -> list[Node]:
    """The parts of an entry's buy rule: its condition's ``and`` parts, then its limit as
    ``count(C) < N``."""
    parts = _conjuncts(parse_condition(entry.condition)) if entry.condition else []
    if entry.limit is not None:
        parts.append(Compare(("<",), (Feature("count", entry.card), Num(float(entry.limit)))))
    return parts


def _defaults() -> dict[str, float]:
    return {o.name: float(o.default) for o in all_general_options()}


def _player(spec: BotSpec) -> ExportedBot:
    notes: list[str] = []
    lines = []
    for kind in ("play", "trash", "discard", "topdeck", "gain", "order"):
        entries = getattr(spec, kind)
        if entries:
            many = "entry" if len(entries) == 1 else "entries"
            notes.append(f"its {kind} list ({len(entries)} {many}"
                         f": {', '.join(e.card for e in entries[:6])}"
                         f"{', ...' if len(entries) > 6 else ''}) is not exported: DominionSim "
                         "plays, trashes and discards by its own rules")
    options = {**_defaults(), **{k: float(v) for k, v in spec.options.items()}}
    defaults = _defaults()
    if options.get(_NLBE, 1.0) != 1.0:
        notes.append(f"option {_NLBE} = false is not exported: DominionSim always avoids "
                     "ending a game it would lose")
    for key, value in sorted(options.items()):
        if key in (_NLBE, _PPR) or value == defaults.get(key, math.nan):
            continue
        notes.append(f"option {key} = {value:g} is not exported: DominionSim has no such setting")
    if options.get(_PPR, 0.0) == 1.0:
        lines.append('    <type name="AppliesPPR"/>')
    kingdom = sorted({e.card for e in spec.buy if CARDS[card_id(e.card)].is_kingdom},
                     key=str.lower)
    if kingdom:
        lines.append(f"    <board contents={quoteattr(','.join(_xml_card(c) for c in kingdom))}/>")
    for e in spec.buy:
        conds = []
        for part in _entry_conditions(e):
            xml = _comparison(part)
            near = [_NEAR[f][1] for f in _NEAR if f in _features(part)]
            if xml is not None and near:
                notes.append(f"buy {e.card}: {'; '.join(near)}")
            if xml is None:
                notes.append(f"buy {e.card}: the condition {format_condition(part)!r} has no "
                             "DominionSim equivalent and is left out (this rule buys more often)")
            else:
                conds.append(xml)
        body = "".join(f"\n        {c}" for c in conds)
        lines.append(f"    <buy name={quoteattr(_xml_card(e.card))}>{body}\n    </buy>"
                     if conds else f"    <buy name={quoteattr(_xml_card(e.card))}/>")
    head = (f"<player name={quoteattr(spec.name)} author=\"ludolab\" "
            f"description={quoteattr(' '.join(spec.description.split()))}>")
    comments = "".join(f"<!-- note: {n.replace('--', '- -')} -->\n" for n in notes)
    return ExportedBot(spec.name, comments + head + "\n" + "\n".join(lines) + "\n</player>",
                       notes)


def export_geronimoo(specs: Sequence[BotSpec]) -> tuple[str, list[ExportedBot]]:
    """DominionSim bot XML for ``specs`` (a ``<playerCollection>``, as ``DomBots.xml`` is) and
    each bot's export with its notes (what the XML could not carry)."""
    bots = [_player(s) for s in specs]
    body = "\n".join(b.xml for b in bots)
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n<!-- DominionSim bots written by ludolab '
            '(ludolab dominion export); notes above a bot say what it could not carry -->\n'
            f"<playerCollection>\n{body}\n</playerCollection>\n")
    return text, bots


def normal_form(spec: BotSpec) -> tuple[object, ...]:
    """What makes two bots the same bot for DominionSim's XML: the name, the description, the
    buy list with each copy limit written as its condition (``count(C) < N``) and every
    condition in canonical form (a chain ``3 <= coins <= 5`` as its two parts), the other
    lists, and the options with their defaults."""
    buy = []
    for e in spec.buy:
        parts = _entry_conditions(e)
        node = parts[0] if parts else None
        for p in parts[1:]:
            node = BoolOp("and", node, p)
        buy.append((e.card, format_condition(node) if node is not None else None))
    lists = tuple(tuple((e.card, e.condition, e.limit) for e in getattr(spec, k))
                  for k in ("play", "trash", "discard", "topdeck", "gain", "order"))
    options = {**_defaults(), **{k: float(v) for k, v in spec.options.items()}}
    return (spec.name, " ".join(spec.description.split()), tuple(buy), lists,
            tuple(sorted(options.items())))


def import_equal(a: BotSpec, b: BotSpec) -> bool:
    """Are ``a`` and ``b`` the same bot as far as DominionSim's XML goes (:func:`normal_form`)?"""
    return normal_form(a) == normal_form(b)
