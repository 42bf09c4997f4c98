"""Errors a user can cause. The CLI prints them as one line and exits with code 2."""

from __future__ import annotations

import difflib


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
