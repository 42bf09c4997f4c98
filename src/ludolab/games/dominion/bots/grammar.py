"""The condition language of bot files: tokenizer, parser, formatter, evaluator, compiler.

A condition is a small expression over the feature vocabulary of
:data:`ludolab.games.dominion.botcode.FEATURES`, for example::

    coins >= 8 and share(Gold) < 0.3
    3 <= coins <= 5
    low_victory_pile <= 7 or third_low_pile <= 7
    count(Smithy) < 1 + deck_size / 15
    min(count(Witch), 2) < supply("Council Room")

Grammar (lowest precedence first; binary operators associate to the left)::

    expr       := or_expr
    or_expr    := and_expr ("or" and_expr)*
    and_expr   := not_expr ("and" not_expr)*
    not_expr   := "not" not_expr | comparison
    comparison := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)*   # chains like Python
    sum        := term (("+" | "-") term)*
    term       := unary (("*" | "/") unary)*
    unary      := "-" unary | primary
    primary    := NUMBER | "(" expr ")" | FEATURE | FEATURE "(" CARD ")"
                | ("min" | "max") "(" expr ("," expr)+ ")"

``a < b < c`` means ``a < b and b < c``. A card argument is written bare (``supply(Council
Room)``: everything up to the closing parenthesis) or quoted (``share("Council Room")``). Names
of features, keywords and cards are case-insensitive. Values are float64; comparisons and logic
give 1.0 or 0.0, and ``x / 0`` is 0 (as in the engine's stack machine).

The parser is ours (a tokenizer plus recursive descent); no text is ever handed to ``eval``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from ludolab.errors import BotFileError, LudolabError, nearest
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.cards import CARDS, card_id

__all__ = [
    "BinOp",
    "BoolOp",
    "Call",
    "Compare",
    "Feature",
    "Node",
    "Num",
    "Unary",
    "compile_ast",
    "compile_condition",
    "evaluate_condition",
    "format_condition",
    "parse_condition",
    "run_code",
]

# ----------------------------------------------------------------------------------------------
# AST


@dataclass(frozen=True, slots=True)
class Num:
    """A number literal."""

    value: float


@dataclass(frozen=True, slots=True)
class Feature:
    """A feature of the vocabulary, with its card (canonical name) when it takes one."""

    name: str
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Unary:
    """``-x`` (op ``"-"``) or ``not x`` (op ``"not"``)."""

    op: str
    operand: Node


@dataclass(frozen=True, slots=True)
class BinOp:
    """Arithmetic: op is one of ``+ - * /``."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class BoolOp:
    """Logic: op is ``and`` or ``or``."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Compare:
    """A comparison chain: ``operands[0] ops[0] operands[1] ops[1] operands[2] ...``."""

    ops: tuple[str, ...]
    operands: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Call:
    """``min(...)`` or ``max(...)`` with two or more arguments."""

    fn: str
    args: tuple[Node, ...]


Node = Num | Feature | Unary | BinOp | BoolOp | Compare | Call

COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
ARITHMETIC = ("+", "-", "*", "/")
KEYWORDS = ("and", "or", "not")
FUNCTIONS = ("min", "max")

_CMP_OPCODES = {
    "<": bc.OP_LT, "<=": bc.OP_LE, ">": bc.OP_GT, ">=": bc.OP_GE, "==": bc.OP_EQ, "!=": bc.OP_NE,
}
_ARITH_OPCODES = {"+": bc.OP_ADD, "-": bc.OP_SUB, "*": bc.OP_MUL, "/": bc.OP_DIV}

# ----------------------------------------------------------------------------------------------
# tokens

_NUMBER = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_OPCHARS = "<>=!&|"

#: operator spellings people try, and what to write instead
_BAD_OPERATORS = {
    "=": "'=' is not a comparison; use '==' to compare",
    "=>": "unknown operator '=>'; did you mean '>='?",
    "=<": "unknown operator '=<'; did you mean '<='?",
    "<>": "unknown operator '<>'; use '!=' for 'not equal'",
    "===": "unknown operator '==='; use '=='",
    "!": "unknown operator '!'; use 'not'",
    "&": "unknown operator '&'; use 'and'",
    "&&": "unknown operator '&&'; use 'and'",
    "|": "unknown operator '|'; use 'or'",
    "||": "unknown operator '||'; use 'or'",
}


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # NUM IDENT OP LP RP COMMA CARD END
    text: str
    col: int  # 1-based column of the first character


#: A condition is a short expression: longer or deeper ones are refused with a clear message
#: (instead of exhausting Python's recursion while parsing, printing or compiling them).
MAX_CONDITION_CHARS = 2000
MAX_CONDITION_TOKENS = 400
MAX_CONDITION_DEPTH = 40
#: The largest number a condition may hold (every feature is far below it).
MAX_CONDITION_NUMBER = 1e9


class _ConditionError(Exception):
    """Internal: a message about the condition, completed by :func:`parse_condition`."""


def _card_features() -> set[str]:
    return {name for name, (_fid, takes) in bc.FEATURES.items() if takes}


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    card_feats = _card_features()
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        col = i + 1
        if c.isdigit() or (c == "." and i + 1 < n and text[i + 1].isdigit()):
            m = _NUMBER.match(text, i)
            assert m is not None
            toks.append(_Tok("NUM", m.group(), col))
            i = m.end()
            continue
        if c.isalpha() or c == "_":
            m = _IDENT.match(text, i)
            assert m is not None
            word = m.group()
            toks.append(_Tok("IDENT", word, col))
            i = m.end()
            j = i
            while j < n and text[j].isspace():
                j += 1
            if word.lower() in card_feats and j < n and text[j] == "(":
                toks.append(_Tok("LP", "(", j + 1))
                i = _scan_card_argument(text, j + 1, word, toks)
            continue
        if c == "(":
            toks.append(_Tok("LP", c, col))
        elif c == ")":
            toks.append(_Tok("RP", c, col))
        elif c == ",":
            toks.append(_Tok("COMMA", c, col))
        elif c in "+-*/":
            pair = text[i : i + 2]
            if pair == "**":
                raise _ConditionError(
                    f"unknown operator '**' at column {col}; powers are not supported "
                    "(use * to multiply)"
                )
            if pair == "//":
                raise _ConditionError(
                    f"unknown operator '//' at column {col}; use '/' to divide"
                )
            toks.append(_Tok("OP", c, col))
        elif c in _OPCHARS:
            j = i
            while j < n and text[j] in _OPCHARS:
                j += 1
            op = text[i:j]
            if op in COMPARISONS:
                toks.append(_Tok("OP", op, col))
            elif op in _BAD_OPERATORS:
                raise _ConditionError(f"{_BAD_OPERATORS[op]} (column {col})")
            else:
                raise _ConditionError(
                    f"unknown operator {op!r} at column {col}; valid comparisons are "
                    + " ".join(COMPARISONS)
                )
            i = j
            continue
        elif c in "\"'":
            raise _ConditionError(
                f"quoted text at column {col} is only allowed as a card name, "
                'as in share("Council Room")'
            )
        elif c in "%^":
            raise _ConditionError(
                f"unknown operator {c!r} at column {col}; valid operators are + - * / "
                "< <= > >= == != and or not, and min(...) max(...)"
            )
        else:
            raise _ConditionError(f"unexpected character {c!r} at column {col}")
        i += 1
    toks.append(_Tok("END", "", n + 1))
    return toks


def _scan_card_argument(text: str, i: int, feature: str, toks: list[_Tok]) -> int:
    """Scan the card after ``feature(`` (``i`` just past the parenthesis); return the new index."""
    n = len(text)
    open_col = i  # column of '(' is i (1-based == index of '(' + 1)
    j = i
    while j < n and text[j].isspace():
        j += 1
    if j < n and text[j] in "\"'":
        quote = text[j]
        end = text.find(quote, j + 1)
        if end < 0:
            raise _ConditionError(f"the quoted card name at column {j + 1} is never closed")
        toks.append(_Tok("CARD", text[j + 1 : end], j + 1))
        return end + 1
    end = text.find(")", j)
    if end < 0:
        raise _ConditionError(
            f"unbalanced parenthesis: '(' at column {open_col} is never closed"
        )
    raw = text[j:end].strip()
    toks.append(_Tok("CARD", raw, j + 1))
    return end


def _check_parentheses(toks: list[_Tok]) -> None:
    stack: list[int] = []
    for t in toks:
        if t.kind == "LP":
            stack.append(t.col)
        elif t.kind == "RP":
            if not stack:
                raise _ConditionError(
                    f"unbalanced parenthesis: ')' at column {t.col} has no matching '('"
                )
            stack.pop()
    if stack:
        raise _ConditionError(
            f"unbalanced parenthesis: '(' at column {stack[-1]} is never closed"
        )


# ----------------------------------------------------------------------------------------------
# parser


def _describe(t: _Tok) -> str:
    return "the end" if t.kind == "END" else f"{t.text!r} at column {t.col}"


class _Parser:
    def __init__(self, toks: list[_Tok]) -> None:
        self.toks = toks
        self.pos = 0
        self.depth = 0

    def peek(self) -> _Tok:
        return self.toks[self.pos]

    def take(self) -> _Tok:
        t = self.toks[self.pos]
        self.pos += 1
        return t

    def is_word(self, word: str) -> bool:
        t = self.peek()
        return t.kind == "IDENT" and t.text.lower() == word

    def expect(self, kind: str, what: str) -> _Tok:
        t = self.peek()
        if t.kind != kind:
            raise _ConditionError(f"expected {what} but found {_describe(t)}")
        return self.take()

    def parse(self) -> Node:
        if self.peek().kind == "END":
            raise _ConditionError("empty condition")
        node = self.or_expr()
        t = self.peek()
        if t.kind != "END":
            if t.kind in ("NUM", "IDENT", "LP"):
                raise _ConditionError(
                    f"expected an operator but found {_describe(t)} "
                    "(join conditions with 'and' / 'or')"
                )
            raise _ConditionError(f"unexpected {_describe(t)}")
        return node

    def or_expr(self) -> Node:
        node = self.and_expr()
        while self.is_word("or"):
            self.take()
            node = BoolOp("or", node, self.and_expr())
        return node

    def and_expr(self) -> Node:
        node = self.not_expr()
        while self.is_word("and"):
            self.take()
            node = BoolOp("and", node, self.not_expr())
        return node

    def nest(self, t: _Tok) -> None:
        """Count one level of nesting (parenthesis, ``not``, unary minus) and refuse too many."""
        self.depth += 1
        if self.depth > MAX_CONDITION_DEPTH:
            raise _ConditionError(
                f"too deeply nested at column {t.col}: at most {MAX_CONDITION_DEPTH} levels of "
                "parentheses, 'not' and minus signs"
            )

    def not_expr(self) -> Node:
        if self.is_word("not"):
            self.nest(self.take())
            node = Unary("not", self.not_expr())
            self.depth -= 1
            return node
        return self.comparison()

    def comparison(self) -> Node:
        first = self.sum()
        ops: list[str] = []
        operands: list[Node] = [first]
        while self.peek().kind == "OP" and self.peek().text in COMPARISONS:
            ops.append(self.take().text)
            operands.append(self.sum())
        if not ops:
            return first
        return Compare(tuple(ops), tuple(operands))

    def sum(self) -> Node:
        node = self.term()
        while self.peek().kind == "OP" and self.peek().text in "+-":
            op = self.take().text
            node = BinOp(op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.unary()
        while self.peek().kind == "OP" and self.peek().text in "*/":
            op = self.take().text
            node = BinOp(op, node, self.unary())
        return node

    def unary(self) -> Node:
        t = self.peek()
        if t.kind == "OP" and t.text == "-":
            self.nest(self.take())
            node = Unary("-", self.unary())
            self.depth -= 1
            return node
        return self.primary()

    def primary(self) -> Node:
        t = self.peek()
        if t.kind == "NUM":
            self.take()
            value = float(t.text)
            if not value <= MAX_CONDITION_NUMBER:
                raise _ConditionError(
                    f"number {quote_text(t.text, 20)} at column {t.col} is too large "
                    f"(at most {MAX_CONDITION_NUMBER:,.0f})"
                )
            return Num(value)
        if t.kind == "LP":
            self.nest(self.take())
            node = self.or_expr()
            self.expect("RP", "')'")
            self.depth -= 1
            return node
        if t.kind == "IDENT":
            return self.name()
        raise _ConditionError(
            f"expected a number, a feature or '(' but found {_describe(t)}"
        )

    def name(self) -> Node:
        t = self.take()
        word = t.text.lower()
        if word in KEYWORDS:
            raise _ConditionError(
                f"expected a number, a feature or '(' but found {_describe(t)}"
            )
        if word in FUNCTIONS:
            return self.call(word, t)
        spec = bc.FEATURES.get(word)
        if spec is None:
            raise _ConditionError(_unknown_name_message(t.text, t.col))
        _fid, takes_card = spec
        if takes_card:
            if self.peek().kind != "LP":
                raise _ConditionError(
                    f"feature '{word}' needs a card: write {word}(Card), "
                    f"e.g. {word}(Gold) (column {t.col})"
                )
            self.take()
            arg = self.expect("CARD", "a card name")
            self.expect("RP", "')'")
            return Feature(word, _resolve_card(word, arg))
        if self.peek().kind == "LP":
            raise _ConditionError(
                f"feature '{word}' takes no card: write {word}, not {word}(...) "
                f"(column {t.col})"
            )
        return Feature(word)

    def call(self, fn: str, t: _Tok) -> Node:
        if self.peek().kind != "LP":
            raise _ConditionError(
                f"'{fn}' is a function: write {fn}(a, b) (column {t.col})"
            )
        self.take()
        args = [self.or_expr()]
        while self.peek().kind == "COMMA":
            self.take()
            args.append(self.or_expr())
        self.expect("RP", "',' or ')'")
        if len(args) < 2:
            raise _ConditionError(
                f"{fn}(...) needs at least 2 arguments, got 1 (column {t.col})"
            )
        return Call(fn, tuple(args))


def _resolve_card(feature: str, arg: _Tok) -> str:
    raw = arg.text
    if not raw.strip():
        raise _ConditionError(
            f"feature '{feature}' needs a card between the parentheses (column {arg.col})"
        )
    if "," in raw:
        raise _ConditionError(
            f"feature '{feature}' takes one card, got {raw!r} (column {arg.col})"
        )
    try:
        return CARDS[card_id(raw)].name
    except LudolabError as exc:
        raise _ConditionError(str(exc)) from None


def _unknown_name_message(word: str, col: int) -> str:
    try:
        card = CARDS[card_id(word)].name
    except LudolabError:
        card = None
    if card is not None:
        return (
            f"{card!r} is a card, not a feature (column {col}): use it inside a feature, "
            f"e.g. count({card}), share({card}), supply({card})"
        )
    vocabulary = [*bc.FEATURES, *FUNCTIONS, *KEYWORDS]
    hint = nearest(word, vocabulary)
    if hint is not None:
        return f"unknown feature {word!r} at column {col}; did you mean {hint!r}?"
    return (
        f"unknown feature {word!r} at column {col}; valid features: "
        + ", ".join(bc.FEATURES)
    )


def parse_condition(text: str) -> Node:
    """Parse a condition into its syntax tree.

    Raises :class:`~ludolab.errors.BotFileError` with a one-line message naming the condition
    and the problem (unknown card with the nearest name, unknown feature, missing card, bad
    operator, unbalanced parenthesis, ...).

    >>> parse_condition("coins >= 8")
    Compare(ops=('>=',), operands=(Feature(name='coins', card=None), Num(value=8.0)))
    """
    if not isinstance(text, str):
        raise BotFileError(f"a condition must be text, got {type(text).__name__}")
    try:
        if len(text) > MAX_CONDITION_CHARS:
            raise _ConditionError(
                f"too long: {len(text):,} characters, at most {MAX_CONDITION_CHARS:,}"
            )
        for i, c in enumerate(text):
            if not c.isascii():
                raise _ConditionError(
                    f"{c!r} at column {i + 1} is not allowed: conditions are ASCII text"
                )
        toks = _tokenize(text)
        if len(toks) > MAX_CONDITION_TOKENS + 1:  # + END
            raise _ConditionError(
                f"too long: {len(toks) - 1} words, numbers and signs, at most "
                f"{MAX_CONDITION_TOKENS}"
            )
        _check_parentheses(toks)
        return _Parser(toks).parse()
    except _ConditionError as exc:
        found = _COLUMN.search(str(exc))
        column = int(found.group(1)) if found else None
        raise BotFileError(f"condition {quote_text(text, column=column)}: {exc}") from None


_COLUMN = re.compile(r"column (\d+)")


def quote_text(text: str, width: int = 60, column: int | None = None) -> str:
    """The condition quoted for a message, cut to ``width`` characters (a message is one line).

    With ``column`` (1-based) past the first ``width`` characters, the quote is a window of
    ``width`` characters around that column, so the reader sees the place the message names.
    """
    if column is None or column <= width - 3 or len(text) <= width:
        text = " ".join(text.split())
        return repr(text if len(text) <= width else text[: width - 3] + "...")
    flat = "".join(" " if c.isspace() else c for c in text)  # one line, columns kept
    inner = width - 6  # room left by an ellipsis at each end
    start = max(0, column - 1 - inner // 2)
    end = start + inner
    if end >= len(flat):  # the window reaches the end: one ellipsis, at the front
        start, end = max(0, len(flat) - (width - 3)), len(flat)
    return repr(("..." if start > 0 else "") + flat[start:end] + ("..." if end < len(flat) else ""))


def _as_ast(text_or_ast: str | Node) -> Node:
    return parse_condition(text_or_ast) if isinstance(text_or_ast, str) else text_or_ast


# ----------------------------------------------------------------------------------------------
# formatting (AST -> text)

_PREC_OR, _PREC_AND, _PREC_NOT, _PREC_CMP, _PREC_SUM, _PREC_TERM, _PREC_UNARY, _PREC_ATOM = range(
    1, 9
)


def _prec(node: Node) -> int:
    if isinstance(node, BoolOp):
        return _PREC_OR if node.op == "or" else _PREC_AND
    if isinstance(node, Unary):
        return _PREC_NOT if node.op == "not" else _PREC_UNARY
    if isinstance(node, Compare):
        return _PREC_CMP
    if isinstance(node, BinOp):
        return _PREC_SUM if node.op in "+-" else _PREC_TERM
    if isinstance(node, Num) and node.value < 0:
        return _PREC_UNARY
    return _PREC_ATOM


def format_number(value: float) -> str:
    """A number as the grammar reads it back exactly (``3``, ``0.05``, ``1e-07``)."""
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def format_condition(node: str | Node, minimum: int = 0) -> str:
    """The text of a condition, with only the parentheses the grammar needs.

    ``parse_condition(format_condition(ast)) == ast`` for every tree the parser produces.
    """
    node = _as_ast(node)
    text = _format(node)
    return f"({text})" if _prec(node) < minimum else text


def _format(node: Node) -> str:
    f = format_condition
    if isinstance(node, Num):
        return format_number(node.value)
    if isinstance(node, Feature):
        return node.name if node.card is None else f"{node.name}({node.card})"
    if isinstance(node, Unary):
        if node.op == "not":
            return "not " + f(node.operand, _PREC_NOT)
        inner = f(node.operand, _PREC_UNARY)
        return ("- " if inner.startswith("-") else "-") + inner
    if isinstance(node, BinOp):
        p = _PREC_SUM if node.op in "+-" else _PREC_TERM
        return f"{f(node.left, p)} {node.op} {f(node.right, p + 1)}"
    if isinstance(node, BoolOp):
        p = _PREC_OR if node.op == "or" else _PREC_AND
        return f"{f(node.left, p)} {node.op} {f(node.right, p + 1)}"
    if isinstance(node, Compare):
        parts = [f(node.operands[0], _PREC_SUM)]
        for op, operand in zip(node.ops, node.operands[1:], strict=True):
            parts.append(f"{op} {f(operand, _PREC_SUM)}")
        return " ".join(parts)
    if isinstance(node, Call):
        return f"{node.fn}(" + ", ".join(f(a) for a in node.args) + ")"
    raise TypeError(f"not a condition node: {node!r}")


# ----------------------------------------------------------------------------------------------
# reference evaluator (pure Python)


def _truth(x: float) -> float:
    return 1.0 if x != 0.0 else 0.0


def _arith(op: str, x: float, y: float) -> float:
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    return x / y if y != 0.0 else 0.0


def _compare(op: str, x: float, y: float) -> float:
    result = {
        "<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y,
    }[op]
    return 1.0 if result else 0.0


def _min(x: float, y: float) -> float:
    return y if y < x else x


def _max(x: float, y: float) -> float:
    return y if y > x else x


FeatureValues = Mapping[str, "float | Callable[[str], float]"]


def evaluate_condition(text_or_ast: str | Node, features: FeatureValues) -> float:
    """Evaluate a condition in pure Python, the reference the bytecode is checked against.

    ``features`` maps a feature name to its value (``{"coins": 6}``) or, for features that take
    a card, to a function of the card's canonical name (``{"count": lambda c: 2}``). Returns a
    float: 1.0/0.0 for comparisons and logic (true when non-zero).

    >>> evaluate_condition("3 <= coins <= 5", {"coins": 4})
    1.0
    """
    return float(_eval(_as_ast(text_or_ast), features))


def _feature_value(node: Feature, features: FeatureValues) -> float:
    try:
        value = features[node.name]
    except KeyError:
        raise LudolabError(f"no value given for feature {node.name!r}") from None
    if node.card is not None:
        if not callable(value):
            raise LudolabError(f"feature {node.name!r} takes a card: give a function of it")
        return float(value(node.card))
    if callable(value):
        raise LudolabError(f"feature {node.name!r} takes no card: give a number")
    return float(value)


def _eval(node: Node, features: FeatureValues) -> float:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Feature):
        return _feature_value(node, features)
    if isinstance(node, Unary):
        x = _eval(node.operand, features)
        return -x if node.op == "-" else (1.0 if x == 0.0 else 0.0)
    if isinstance(node, BinOp):
        return _arith(node.op, _eval(node.left, features), _eval(node.right, features))
    if isinstance(node, BoolOp):
        x = _truth(_eval(node.left, features))
        y = _truth(_eval(node.right, features))
        if node.op == "and":
            return 1.0 if x and y else 0.0
        return 1.0 if x or y else 0.0
    if isinstance(node, Compare):
        values = [_eval(o, features) for o in node.operands]
        result = _compare(node.ops[0], values[0], values[1])
        for k in range(1, len(node.ops)):
            nxt = _compare(node.ops[k], values[k], values[k + 1])
            result = 1.0 if result != 0.0 and nxt != 0.0 else 0.0
        return result
    if isinstance(node, Call):
        fold = _min if node.fn == "min" else _max
        acc = _eval(node.args[0], features)
        for a in node.args[1:]:
            acc = fold(acc, _eval(a, features))
        return acc
    raise TypeError(f"not a condition node: {node!r}")


# ----------------------------------------------------------------------------------------------
# compiler (AST -> bytecode) and a Python run of the bytecode


def compile_ast(node: Node) -> np.ndarray:
    """The ``(m, 3)`` float64 bytecode of a parsed condition (see :mod:`botcode`)."""
    out: list[tuple[float, float, float]] = []
    _emit(node, out)
    return np.array(out, dtype=np.float64).reshape(-1, 3)


def compile_condition(text: str) -> np.ndarray:
    """Parse and compile a condition to ``(m, 3)`` float64 bytecode for the engine.

    >>> compile_condition("coins >= 8").tolist()
    [[1.0, 18.0, -1.0], [0.0, 8.0, 0.0], [10.0, 0.0, 0.0]]
    """
    return compile_ast(parse_condition(text))


def _emit(node: Node, out: list[tuple[float, float, float]]) -> None:
    if isinstance(node, Num):
        out.append((bc.OP_CONST, node.value, 0.0))
    elif isinstance(node, Feature):
        fid = bc.FEATURES[node.name][0]
        cid = card_id(node.card) if node.card is not None else -1
        out.append((bc.OP_FEAT, fid, cid))
    elif isinstance(node, Unary):
        if node.op == "-" and isinstance(node.operand, Num):
            out.append((bc.OP_CONST, -node.operand.value, 0.0))  # fold a negative literal
            return
        _emit(node.operand, out)
        out.append((bc.OP_NEG if node.op == "-" else bc.OP_NOT, 0.0, 0.0))
    elif isinstance(node, BinOp):
        _emit(node.left, out)
        _emit(node.right, out)
        out.append((_ARITH_OPCODES[node.op], 0.0, 0.0))
    elif isinstance(node, BoolOp):
        _emit(node.left, out)
        _emit(node.right, out)
        out.append((bc.OP_AND if node.op == "and" else bc.OP_OR, 0.0, 0.0))
    elif isinstance(node, Compare):
        for k, op in enumerate(node.ops):
            _emit(node.operands[k], out)
            _emit(node.operands[k + 1], out)
            out.append((_CMP_OPCODES[op], 0.0, 0.0))
            if k > 0:
                out.append((bc.OP_AND, 0.0, 0.0))
    elif isinstance(node, Call):
        opcode = bc.OP_MIN if node.fn == "min" else bc.OP_MAX
        _emit(node.args[0], out)
        for a in node.args[1:]:
            _emit(a, out)
            out.append((opcode, 0.0, 0.0))
    else:
        raise TypeError(f"not a condition node: {node!r}")


def run_code(code: np.ndarray, feature: Callable[[int, int], float]) -> float:
    """Run condition bytecode on a Python stack machine (the engine's semantics, for tests).

    ``feature(feature_id, card_id)`` gives a feature's value (``card_id`` is -1 when none).
    """
    stack: list[float] = []
    for op_f, a, b in np.asarray(code, dtype=np.float64).reshape(-1, 3).tolist():
        op = int(op_f)
        if op == bc.OP_CONST:
            stack.append(a)
        elif op == bc.OP_FEAT:
            stack.append(float(feature(int(a), int(b))))
        elif op == bc.OP_NEG:
            stack.append(-stack.pop())
        elif op == bc.OP_NOT:
            stack.append(1.0 if stack.pop() == 0.0 else 0.0)
        else:
            y = stack.pop()
            x = stack.pop()
            if op == bc.OP_ADD:
                stack.append(x + y)
            elif op == bc.OP_SUB:
                stack.append(x - y)
            elif op == bc.OP_MUL:
                stack.append(x * y)
            elif op == bc.OP_DIV:
                stack.append(x / y if y != 0.0 else 0.0)
            elif op == bc.OP_LT:
                stack.append(1.0 if x < y else 0.0)
            elif op == bc.OP_LE:
                stack.append(1.0 if x <= y else 0.0)
            elif op == bc.OP_GT:
                stack.append(1.0 if x > y else 0.0)
            elif op == bc.OP_GE:
                stack.append(1.0 if x >= y else 0.0)
            elif op == bc.OP_EQ:
                stack.append(1.0 if x == y else 0.0)
            elif op == bc.OP_NE:
                stack.append(1.0 if x != y else 0.0)
            elif op == bc.OP_AND:
                stack.append(1.0 if x != 0.0 and y != 0.0 else 0.0)
            elif op == bc.OP_OR:
                stack.append(1.0 if x != 0.0 or y != 0.0 else 0.0)
            elif op == bc.OP_MIN:
                stack.append(_min(x, y))
            elif op == bc.OP_MAX:
                stack.append(_max(x, y))
            else:
                raise ValueError(f"unknown opcode {op}")
    if len(stack) != 1:
        raise ValueError(f"bytecode left {len(stack)} values on the stack, expected 1")
    return stack[0]


def is_finite_number(value: object) -> bool:
    """True for an int or float that is finite (and not a bool)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
