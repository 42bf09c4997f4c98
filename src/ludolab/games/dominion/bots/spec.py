"""The Python form of a bot file, shared by the bot language and the genetic algorithm.

A :class:`BotSpec` is what a bot file says, before compilation: ordered lists of
:class:`Entry` (card, optional condition in the bot condition language, optional copy limit) and
options. ``ludolab.games.dominion.bots`` parses files into it, renders it back to a file, and
compiles it to a :class:`~ludolab.games.dominion.botcode.CompiledBot`.

Condition language (parsed by our own grammar, never ``eval``): numbers; features from
:data:`ludolab.games.dominion.botcode.FEATURES`, bare (``coins``) or applied to a card
(``count(Gold)``, ``share("Council Room")``, ``supply(Council Room)``); ``+ - * /``; comparisons
``< <= > >= == !=``; ``and or not``; ``min(a, b)``, ``max(a, b)``; parentheses.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Entry:
    """One line of a priority list: a card, when (condition), and at most how many copies."""

    card: str
    condition: str | None = None
    limit: int | None = None
    #: where it came from in a file, for error messages (not part of equality)
    line: int | None = field(default=None, compare=False)


@dataclass
class BotSpec:
    """A whole bot: name, provenance and its priority lists and options."""

    name: str
    description: str = ""
    source: str = ""
    buy: list[Entry] = field(default_factory=list)
    play: list[Entry] = field(default_factory=list)
    trash: list[Entry] = field(default_factory=list)
    discard: list[Entry] = field(default_factory=list)
    topdeck: list[Entry] = field(default_factory=list)
    gain: list[Entry] = field(default_factory=list)
    #: which of several waiting (Duration) or when-gain effects resolves first (K_ORDER)
    order: list[Entry] = field(default_factory=list)
    options: dict[str, float] = field(default_factory=dict)
    #: the file it was read from, for error messages (not part of equality)
    path: str | None = field(default=None, compare=False)
