"""The Dominion bot language: bots are data.

A bot is a small TOML file (``docs/bots.md``): an ordered buy list whose entries name a card, an
optional condition and an optional copy limit; optional play, trash, discard, topdeck and gain
priorities; options. Conditions are expressions over a fixed vocabulary
(:data:`ludolab.games.dominion.botcode.FEATURES`) parsed by our own grammar
(:mod:`.grammar`), never by ``eval``. A file parses to a :class:`BotSpec` (the form the genetic
algorithm mutates) and compiles to the engine's
:class:`~ludolab.games.dominion.botcode.CompiledBot`.

>>> from ludolab.games.dominion.bots import load_spec, compile_bot, describe_bot
>>> spec = load_spec("big money")
>>> spec.name
'Big Money'
>>> [e.card for e in spec.buy]
['Province', 'Gold', 'Silver']
>>> compile_bot(spec).entries.shape
(3, 5)
"""

from __future__ import annotations

from ludolab.games.dominion.bots.compiler import compile_bot
from ludolab.games.dominion.bots.describe import describe_bot, describe_condition
from ludolab.games.dominion.bots.fileformat import (
    check_spec,
    entry_text,
    parse_bot_text,
    read_bot_file,
    render_bot,
)
from ludolab.games.dominion.bots.grammar import (
    compile_condition,
    evaluate_condition,
    format_condition,
    parse_condition,
)
from ludolab.games.dominion.bots.library import (
    library_names,
    library_path,
    library_specs,
    load_bot,
    load_spec,
)
from ludolab.games.dominion.bots.spec import BotSpec, Entry

__all__ = [
    "BotSpec",
    "Entry",
    "check_spec",
    "compile_bot",
    "compile_condition",
    "describe_bot",
    "describe_condition",
    "entry_text",
    "evaluate_condition",
    "format_condition",
    "library_names",
    "library_path",
    "library_specs",
    "load_bot",
    "load_spec",
    "parse_bot_text",
    "parse_condition",
    "read_bot_file",
    "render_bot",
]
