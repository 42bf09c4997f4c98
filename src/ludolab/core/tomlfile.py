"""TOML files a user writes (bot files of every game, tournaments): reading them with one-line
errors, and the line numbers of their keys and array items (``tomllib`` gives none).

:func:`read_bot_file` and :func:`load_toml` are the part every game's bot file format shares: a
missing or unreadable file, invalid TOML and too deep a nesting are reported the same way
(:class:`~ludolab.errors.BotFileError`, ``file:line: problem``), whatever the game.

:func:`locate` scans a text that ``tomllib`` has already accepted and returns, for each key
path, the line where it is written. A path is a tuple of keys and indices, as the data is
nested: ``("name",)``, ``("buy", 2)`` (third entry of ``buy``, whether an ``[[buy]]`` table or an
item of ``buy = [...]``), ``("buy", 2, "when")``, ``("options", "steward")``.

The scanner knows just enough TOML for that: comments, the four kinds of strings, table
headers, array-of-table headers, dotted keys, arrays and inline tables.
"""

from __future__ import annotations

import pathlib
import re
import tomllib
from collections.abc import Callable
from typing import Any, TypeVar

from ludolab.errors import BotFileError

__all__ = ["deepest_line", "line_of", "load_toml", "locate", "read_bot_file"]

Path = tuple[str | int, ...]
"""A key path: keys and array indices, as the data is nested."""

T = TypeVar("T")

_TOML_LINE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")

_BARE = re.compile(r"[A-Za-z0-9_+\-:]+")


class _Tok:
    __slots__ = ("kind", "line", "text")

    def __init__(self, kind: str, text: str, line: int) -> None:
        self.kind = kind  # STR BARE PUNCT NL END
        self.text = text
        self.line = line


def _lex(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            toks.append(_Tok("NL", c, line))
            line += 1
            i += 1
        elif c in " \t\r":
            i += 1
        elif c == "#":
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith('"""', i) or text.startswith("'''", i):
            quote = text[i : i + 3]
            j = i + 3
            while True:
                k = text.find(quote, j)
                if k < 0:
                    k = n
                    break
                if quote == '"""' and _escaped(text, k):
                    j = k + 1
                    continue
                break
            while k + 3 < n and text[k + 3] == quote[0]:  # up to two quotes may end the string
                k += 1
            body = text[i + 3 : k]
            toks.append(_Tok("STR", body, line))
            line += body.count("\n")
            i = k + 3
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            toks.append(_Tok("STR", _unescape(text[i + 1 : j]), line))
            i = j + 1
        elif c == "'":
            j = text.find("'", i + 1)
            j = n if j < 0 else j
            toks.append(_Tok("STR", text[i + 1 : j], line))
            i = j + 1
        elif c in "[]{}=,.":
            toks.append(_Tok("PUNCT", c, line))
            i += 1
        else:
            m = _BARE.match(text, i)
            if m is None:  # anything else (unreachable for valid TOML): skip it
                i += 1
                continue
            toks.append(_Tok("BARE", m.group(), line))
            i = m.end()
    toks.append(_Tok("END", "", line))
    return toks


def _escaped(text: str, k: int) -> bool:
    backslashes = 0
    while k - 1 - backslashes >= 0 and text[k - 1 - backslashes] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def _unescape(body: str) -> str:
    if "\\" not in body:
        return body
    simple = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r", "b": "\b", "f": "\f"}
    out, i = [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append(simple.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


class _Scanner:
    def __init__(self, text: str) -> None:
        self.toks = _lex(text)
        self.pos = 0
        self.lines: dict[Path, int] = {}
        self.aot_counts: dict[Path, int] = {}

    def peek(self) -> _Tok:
        return self.toks[self.pos]

    def take(self) -> _Tok:
        t = self.toks[self.pos]
        if t.kind != "END":
            self.pos += 1
        return t

    def skip_newlines(self) -> None:
        while self.peek().kind == "NL":
            self.take()

    def is_punct(self, ch: str) -> bool:
        t = self.peek()
        return t.kind == "PUNCT" and t.text == ch

    def key(self) -> list[str]:
        parts = [self.take().text]
        while self.is_punct("."):
            self.take()
            parts.append(self.take().text)
        return parts

    def record(self, path: Path, line: int) -> None:
        self.lines.setdefault(path, line)

    def run(self) -> dict[Path, int]:
        table: Path = ()
        while True:
            self.skip_newlines()
            t = self.peek()
            if t.kind == "END":
                return self.lines
            if t.kind == "PUNCT" and t.text == "[":
                self.take()
                if self.is_punct("["):
                    self.take()
                    base = self._resolve(tuple(self.key()))
                    index = self.aot_counts.get(base, 0)
                    self.aot_counts[base] = index + 1
                    table = (*base, index)
                    self.record(base, t.line)
                    self.record(table, t.line)
                    self.take()
                    self.take()
                else:
                    table = self._resolve(tuple(self.key()))
                    self.record(table, t.line)
                    self.take()
                continue
            path = (*table, *self.key())
            self.record(path, t.line)
            if self.is_punct("="):
                self.take()
                self.value(path)
            # skip anything left on the line
            while self.peek().kind not in ("NL", "END"):
                self.take()

    def _resolve(self, keys: tuple[str, ...]) -> Path:
        """Map a header's keys to a path, using the latest index of arrays of tables."""
        path: list[str | int] = []
        for k in keys:
            path.append(k)
            count = self.aot_counts.get(tuple(path))
            if count and tuple(path) != keys:
                path.append(count - 1)
        return tuple(path)

    def value(self, path: Path) -> None:
        t = self.peek()
        if t.kind == "PUNCT" and t.text == "[":
            self.take()
            index = 0
            while True:
                while self.peek().kind == "NL":
                    self.take()
                if self.is_punct("]") or self.peek().kind == "END":
                    self.take()
                    return
                item = (*path, index)
                self.record(item, self.peek().line)
                self.value(item)
                index += 1
                while self.peek().kind == "NL":
                    self.take()
                if self.is_punct(","):
                    self.take()
        elif t.kind == "PUNCT" and t.text == "{":
            self.take()
            while True:
                if self.is_punct("}") or self.peek().kind == "END":
                    self.take()
                    return
                kt = self.peek()
                sub = (*path, *self.key())
                self.record(sub, kt.line)
                if self.is_punct("="):
                    self.take()
                    self.value(sub)
                if self.is_punct(","):
                    self.take()
        else:
            self.take()
            # a float or date split by the lexer ("1.5" -> "1" "." "5")
            while self.is_punct(".") and self.toks[self.pos + 1].kind == "BARE":
                self.take()
                self.take()


def locate(text: str) -> dict[Path, int]:
    """Line (1-based) of each key path and array item in a valid TOML text."""
    return _Scanner(text).run()


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of ``path``, or of its nearest recorded ancestor; None if nothing is known."""
    p = tuple(path)
    while p:
        if p in lines:
            return lines[p]
        p = p[:-1]
    return None


def deepest_line(text: str) -> int | None:
    """The line where the arrays and inline tables of ``text`` first reach their deepest level.

    For the message about a text ``tomllib`` could not read because it nests too deeply (it
    recurses once per level): the scan is flat, so any depth is fine. None if the scan fails.
    """
    try:
        toks = _lex(text)
    except (ValueError, IndexError, UnicodeError):
        return None
    depth = deepest = 0
    where: int | None = None
    for t in toks:
        if t.kind != "PUNCT":
            continue
        if t.text in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, t.line
        elif t.text in "]}":
            depth = max(0, depth - 1)
    return where


def load_toml(text: str, path: str | None = None) -> dict[str, Any]:
    """``tomllib.loads(text)``, with a :class:`~ludolab.errors.BotFileError` naming the file and
    line for invalid TOML or a nesting too deep for ``tomllib``.

    >>> load_toml('name = "x"')
    {'name': 'x'}
    >>> load_toml('name = "x"\\nkind = ', "bot.toml")
    Traceback (most recent call last):
    ludolab.errors.BotFileError: bot.toml:2: invalid TOML: Invalid value (at the end of the file)
    """
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise BotFileError("arrays or tables are nested too deeply", path,
                           deepest_line(text)) from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        m = _TOML_LINE.search(message)
        line = int(m.group(1)) if m else None
        detail = _TOML_LINE.sub("", message) if m else message
        if m is None and message.endswith("(at end of document)"):
            line = max(1, len(text.splitlines()))
            detail = message.replace("(at end of document)", "(at the end of the file)")
        raise BotFileError(f"invalid TOML: {detail}", path, line) from None


def read_bot_file(path: str | pathlib.Path, parse: Callable[[str, str], T]) -> T:
    """Read a bot file from disk and hand its text and name to ``parse`` (a game's
    ``parse_bot_text``); a missing or unreadable file is a one-line
    :class:`~ludolab.errors.BotFileError`.

    >>> read_bot_file("no/such/bot.toml", lambda text, where: text)
    Traceback (most recent call last):
    ludolab.errors.BotFileError: bot file not found: 'no/such/bot.toml'
    """
    p = pathlib.Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BotFileError(f"bot file not found: {str(p)!r}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BotFileError(f"cannot read bot file {str(p)!r}: {exc}") from None
    return parse(text, str(p))
