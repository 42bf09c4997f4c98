"""A bot in words, in the style of the appendix of document 004.

::

    Play action cards in this order:
        Festival
    Buy these cards in this order of preference, under conditions:
        Province if the share of Province in my deck is less than 0.86
        Duchy if a single victory pile or three supply piles have 7 or fewer cards left
"""

from __future__ import annotations

from ludolab.errors import LudolabError
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.bots.fileformat import LIST_KINDS
from ludolab.games.dominion.bots.grammar import (
    BinOp,
    BoolOp,
    Call,
    Compare,
    Feature,
    Node,
    Num,
    Unary,
    format_condition,
    format_number,
    parse_condition,
)
from ludolab.games.dominion.bots.options import (
    OptionInfo,
    all_general_options,
    card_options,
    find_option,
)
from ludolab.games.dominion.bots.spec import BotSpec, Entry
from ludolab.games.dominion.cards import CARDS, card_id

#: feature -> (noun phrase, plural?)
_PHRASES: dict[str, tuple[str, bool]] = {
    "count": ("my {card} count", False),
    "share": ("the share of {card} in my deck", False),
    "in_hand": ("the {card} cards in my hand", True),
    "in_play": ("the {card} cards I have in play", True),
    "supply": ("the {card} pile", False),
    "opp_count": ("the most {card} cards an opponent owns", False),
    "money": ("my total money", False),
    "money_density": ("my money per card", False),
    "deck_size": ("my deck size", False),
    "draw_pile": ("my draw pile", False),
    "actions_owned": ("the Action cards I own", True),
    "treasures_owned": ("the Treasures I own", True),
    "victory_owned": ("the Victory cards I own", True),
    "empty_piles": ("the empty supply piles", True),
    "gains_to_end": ("the gains left to end the game", True),
    "turn": ("the turn number", False),
    "vp": ("my VP", False),
    "lead": ("my VP lead", False),
    "coins": ("my coins", True),
    "buys": ("my buys left", True),
    "actions": ("my actions left", True),
    "hand_size": ("my hand size", False),
    "players": ("the number of players", False),
    "low_victory_pile": ("the smallest victory pile", False),
    "third_low_pile": ("the third-smallest supply pile", False),
    "total_money": ("the coins printed on all my cards", True),
    "terminals_owned": ("the terminal Actions I own", True),
    "villages_owned": ("the villages I own", True),
    "action_phase": ("the action-phase flag", False),
    "discard_pile": ("my discard pile", False),
    "low_pile": ("the smallest supply pile", False),
    "coffers": ("my Coffers", True),
    "potions": ("my Potions", True),
    "cost": ("the cost of {card}", False),
    "potion_cost": ("the Potions in {card}'s cost", True),
}
assert set(_PHRASES) == set(bc.FEATURES), "every feature needs a phrase"

_VERBS = {
    "<": "less than", "<=": "at most", ">": "more than", ">=": "at least", "==": "exactly",
    "!=": "not",
}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}

_LIST_TITLES = {
    "play": "Play action cards in this order:",
    "buy": "Buy these cards in this order of preference, under conditions:",
    "gain": "Gain these cards (when a card gains one) in this order of preference:",
    "trash": "Trash these cards in this order:",
    "discard": "Discard these cards in this order:",
    "topdeck": "Put these cards back on top of the deck in this order:",
    "order": "Resolve these cards' waiting or when-gain effects first, in this order:",
}
_SILENT = {
    "play": "Play action cards in the default order (see docs/cards.md).",
    "gain": "Gain cards by the buy list.",
}


def _subject(node: Node) -> tuple[str, bool]:
    """A noun phrase for a value, and whether it takes a plural verb."""
    if isinstance(node, Feature):
        text, plural = _PHRASES[node.name]
        return text.format(card=node.card), plural
    return format_condition(node), False


def _value(node: Node) -> str:
    if isinstance(node, Num):
        return format_number(node.value)
    return _subject(node)[0]


def _is_const(node: Node) -> bool:
    return isinstance(node, Num) or (
        isinstance(node, Unary) and node.op == "-" and isinstance(node.operand, Num)
    )


def _comparison(left: Node, op: str, right: Node) -> str:
    if _is_const(left) and not _is_const(right):
        left, op, right = right, _FLIP[op], left
    subject, plural = _subject(left)
    verb = "are" if plural else "is"
    return f"{subject} {verb} {_VERBS[op]} {_value(right)}"


def _between(node: Node) -> str | None:
    """``a <= x <= b`` or ``x >= a and x <= b`` -> "x is between a and b"."""
    low = high = subject_node = None
    if isinstance(node, Compare) and node.ops == ("<=", "<=") and _is_const(node.operands[0]) \
            and _is_const(node.operands[2]):
        low, subject_node, high = node.operands
    elif isinstance(node, BoolOp) and node.op == "and":
        parts = []
        for side in (node.left, node.right):
            if not (isinstance(side, Compare) and len(side.ops) == 1):
                return None
            a, b = side.operands
            op = side.ops[0]
            if _is_const(a) and not _is_const(b):
                a, b, op = b, a, _FLIP[op]
            if not _is_const(b):
                return None
            parts.append((a, op, b))
        (x1, op1, c1), (x2, op2, c2) = parts
        if x1 != x2 or {op1, op2} != {">=", "<="}:
            return None
        subject_node = x1
        low, high = (c1, c2) if op1 == ">=" else (c2, c1)
    if subject_node is None:
        return None
    subject, plural = _subject(subject_node)
    verb = "are" if plural else "is"
    return f"{subject} {verb} between {_value(low)} and {_value(high)}"


def _pile_pattern(node: Node) -> str | None:
    """``low_victory_pile <= N or third_low_pile <= N`` in document 004's words."""
    if not (isinstance(node, BoolOp) and node.op == "or"):
        return None
    sides = {}
    for side in (node.left, node.right):
        if not (isinstance(side, Compare) and side.ops == ("<=",)):
            return None
        feat, bound = side.operands
        if not (isinstance(feat, Feature) and isinstance(bound, Num)):
            return None
        sides[feat.name] = bound.value
    if set(sides) != {"low_victory_pile", "third_low_pile"} or len(set(sides.values())) != 1:
        return None
    n = format_number(sides["low_victory_pile"])
    return f"a single victory pile or three supply piles have {n} or fewer cards left"


def describe_condition(condition: str | Node) -> str:
    """A condition in plain words ("my coins are between 3 and 5")."""
    node = parse_condition(condition) if isinstance(condition, str) else condition
    return _words(node)


def _words(node: Node) -> str:
    special = _pile_pattern(node) or _between(node)
    if special is not None:
        return special
    if isinstance(node, BoolOp):
        parts = []
        for side in (node.left, node.right):
            text = _words(side)
            if isinstance(side, BoolOp) and side.op != node.op and _pile_pattern(side) is None \
                    and _between(side) is None:
                text = f"({text})"
            parts.append(text)
        return f" {node.op} ".join(parts)
    if isinstance(node, Unary) and node.op == "not":
        return f"not ({_words(node.operand)})"
    if isinstance(node, Compare):
        parts = [
            _comparison(node.operands[k], op, node.operands[k + 1])
            for k, op in enumerate(node.ops)
        ]
        return " and ".join(parts)
    if isinstance(node, Feature | Num | BinOp | Call | Unary):
        subject, plural = _subject(node)
        return f"{subject} {'are' if plural else 'is'} not 0"
    raise TypeError(f"not a condition node: {node!r}")


def describe_entry(entry: Entry) -> str:
    """One entry in words: "Smithy (at most 3) if my Smithy count is less than ..."."""
    text = entry.card
    if entry.limit is not None:
        text += f" (at most {entry.limit})"
    if entry.condition:
        text += " if " + describe_condition(entry.condition)
    return text


def describe_bot(spec: BotSpec) -> str:
    """A bot in readable words: its lists in priority order with conditions, and its options."""
    lines = [f"Player Strategy: {spec.name}"]
    if spec.description:
        lines.append(spec.description)
    if spec.source:
        lines.append(f"Source: {spec.source}")
    for kind in ("play", "buy", "gain", "trash", "discard", "topdeck", "order"):
        entries: list[Entry] = getattr(spec, kind)
        if not entries:
            if kind in _SILENT:
                lines.append(_SILENT[kind])
            continue
        lines.append(_LIST_TITLES[kind])
        lines.extend("    " + describe_entry(e) for e in entries)
    silent = [k for k in LIST_KINDS if not getattr(spec, k) and k not in _SILENT]
    if silent:
        lines.append(
            "Default playbook (docs/cards.md) for: " + ", ".join(silent) + "."
        )
    lines.append("Options:")
    for info in _shown_options(spec):
        value = spec.options.get(info.name, info.default)
        shown = ("yes" if value else "no") if info.is_flag else format_number(float(value))
        mark = "" if info.name in spec.options else " (default)"
        lines.append(f"    {info.name} = {shown}{mark}: {info.meaning}")
    return "\n".join(lines)


def _shown_options(spec: BotSpec) -> list[OptionInfo]:
    """The general options, then the own options of each card the bot names (in any list) or
    sets an option of, in card order."""
    out = list(all_general_options())
    cards: set[int] = set()
    for kind in LIST_KINDS:
        for e in getattr(spec, kind):
            try:
                cards.add(card_id(e.card))
            except LudolabError:
                continue
    for name in spec.options:
        info = find_option(name)
        if info is not None and info.card is not None:
            cards.add(info.card)
    for cid in sorted(cards):
        if CARDS[cid].special:
            out.extend(card_options(cid))
    return out
