"""Poker bots as data: TOML files that compile to a parameter row for the compiled kernel.

A bot file names its ``kind`` (``call``, ``raise``, ``random``, ``loki1``, ``loki2``) and every
parameter of that kind (``docs/poker-bots.md``); :func:`load_bot` reads a library name, a file or
a baseline spec, :func:`resolve_bots` turns a list of them into the matrix that
``Engine.play`` takes. The decisions themselves are compiled in :mod:`.kernel` (imported by the
engine, not here: importing this package never compiles anything).

>>> from ludolab.games.poker.bots import load_bot, resolve_bots
>>> load_bot("loki-1").kind
'loki1'
>>> names, matrix = resolve_bots(["call", "Loki-1", "call"], None)
>>> names, matrix.shape[0]
(['call', 'Loki-1', 'call #2'], 3)
"""

from __future__ import annotations

from ludolab.errors import BotFileError
from ludolab.games.poker.bots.fileformat import PokerBot, parse_bot_text, read_bot_file
from ludolab.games.poker.bots.library import library, load_bot, resolve_bots

__all__ = ["BotFileError", "PokerBot", "library", "load_bot", "parse_bot_text", "read_bot_file",
           "resolve_bots"]
