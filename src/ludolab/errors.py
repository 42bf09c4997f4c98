"""Errors a user can cause. The CLI prints them as one line and exits with code 2."""

from __future__ import annotations

import difflib
import unicodedata


class LudolabError(Exception):
    """A mistake in user input: a bad name, file, parameter or count.

    The message is one line that names the problem (and, for files, the file and line).
    """


class SpecError(LudolabError):
    """A player, bot or option specification that cannot be understood."""


class BotFileError(LudolabError):
    """A malformed bot file; the message starts with ``file:line:``."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(where + message)
        self.path = path
        self.line = line
        self.detail = message


def nearest(name: str, choices: list[str] | tuple[str, ...]) -> str | None:
    """The closest of ``choices`` to ``name`` (case-insensitive), or None if nothing is close."""
    lowered = {c.lower(): c for c in choices}
    hit = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[hit[0]] if hit else None


#: The longest name a bot file or tournament file may give: names are printed in every table,
#: log and page (a 1 MB name once took minutes to print).
MAX_NAME_LENGTH = 80
#: The longest other text field of such a file (a summary, a description, a source).
MAX_TEXT_LENGTH = 4000


def text_problem(value: str, *, name: bool) -> str | None:
    """What is wrong with a text field of a user's file, or None: too long (a name at most
    :data:`MAX_NAME_LENGTH` characters, other text :data:`MAX_TEXT_LENGTH`), or holding a
    control character (a terminal would obey an escape sequence; names are also one line)."""
    limit = MAX_NAME_LENGTH if name else MAX_TEXT_LENGTH
    if len(value) > limit:
        return f"is {len(value):,} characters long; at most {limit:,}"
    allowed = "" if name else "\n\t"
    for ch in value:
        if unicodedata.category(ch) == "Cc" and ch not in allowed:
            return f"holds the control character {ch!r}"
    return None
