"""The bot workspace: a person's own Dominion bots, kept on disk under the user's data directory
(``DATA_DIR/bots/*.toml``) so every page (Simulate, Game log, Play, Tournaments, Evolve) can
seat them by the player spec ``my:NAME``.

A bot enters the workspace only as text (typed in an editor, or a file the browser read and
sent): it is parsed by the bot language's own parser (never evaluated) and written under a file
name made from its name, never a path the page gave. The browser keeps its own copy of the
editors' drafts (localStorage); saved bots live here.

A file of Geronimoo's DominionSim bot XML (one ``<player>`` or a whole ``DomBots.xml``) goes
through the importer (:mod:`ludolab.games.dominion.bots.geronimoo`, parsed with no DTD and no
entities): every importable bot is kept as our TOML, and every other one is reported with the
line and element the importer names, never dropped silently.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path

from ludolab.errors import BotFileError, LudolabError, nearest
from ludolab.games.dominion.bots import render_bot
from ludolab.games.dominion.bots.geronimoo import ImportedBot, import_geronimoo
from ludolab.web.games.dominion import adapter as dom

#: The prefix of a workspace bot's player spec: ``my:My Smithy bot``.
PREFIX = "my:"
#: The most bots one workspace keeps (each at most ``MAX_BOT_CHARS`` of text).
MAX_BOTS = 500
#: What a save does when a bot of the same file name is kept: refuse (the page asks), replace
#: it (the person chose "Overwrite"), or keep both under a free name ("NAME (2)").
ON_CONFLICT = ("ask", "overwrite", "rename")
_NAME_LINE = re.compile(r"""^(name\s*=\s*)("(?:[^"\\\n]|\\.)*"|'[^'\n]*')""", re.M)
_DECLARED_ENCODING = re.compile(r"""(\A\s*<\?xml[^>]*?encoding\s*=\s*["'])[^"']*(["'])""")


@dataclass(frozen=True)
class WorkspaceBot:
    """A saved bot: its name, file name (slug) and text."""

    name: str
    slug: str
    text: str

    @property
    def spec(self) -> str:
        """The player spec that seats it on every page."""
        return PREFIX + self.name


@dataclass
class ImportReport:
    """What an XML import did: the bots kept (with the importer's notes) and those refused."""

    saved: list[tuple[WorkspaceBot, ImportedBot]] = field(default_factory=list)
    refused: list[ImportedBot] = field(default_factory=list)


class BotExistsError(LudolabError):
    """A save would replace a kept bot: the page answers 409 and offers to overwrite it or to
    keep both (``free`` is the name the new one would get)."""

    def __init__(self, name: str, existing: str, free: str, text: str) -> None:
        same = "a bot" if existing == name else f"the bot {existing!r}"
        super().__init__(f"My bots already holds {same} named {name!r} (file {slug(name)}.toml):"
                         f" overwrite it, or save this one as {free!r}")
        self.name, self.existing, self.free, self.text = name, existing, free, text


def rename_text(text: str, name: str) -> str:
    """A bot's text with its name changed (comments and layout kept when the ``name =`` line
    can be found; otherwise the bot rendered anew under that name)."""
    quoted = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    new, n = _NAME_LINE.subn(lambda m: m.group(1) + quoted, text, count=1)
    try:
        if n and dom.parse_bot(new).name == name:
            return new
    except (BotFileError, LudolabError):
        pass
    return render_bot(replace(dom.parse_bot(text), name=name))


def is_xml(text: str) -> bool:
    """True when an uploaded bot text is XML (a DominionSim bot file), not a TOML bot."""
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def slug(name: str) -> str:
    """The file stem of a bot name: letters, digits and dashes only."""
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return s[:80] or "bot"


class Workspace:
    """The bots of one data directory (thread-safe: the server answers from several threads)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()

    def _read(self, path: Path) -> WorkspaceBot | None:
        try:
            text = path.read_text(encoding="utf-8")
            spec = dom.parse_bot(text)
        except (OSError, UnicodeDecodeError, BotFileError, LudolabError):
            return None  # a file broken by hand is skipped, never a failing page
        return WorkspaceBot(spec.name, path.stem, text)

    def bots(self) -> list[WorkspaceBot]:
        """Every saved bot, by name."""
        if not self.folder.is_dir():
            return []
        found = [self._read(p) for p in sorted(self.folder.glob("*.toml"))]
        return sorted((b for b in found if b is not None), key=lambda b: b.name.lower())

    def get(self, name: str) -> WorkspaceBot:
        """A saved bot by name (or by its ``my:`` spec), or a one-line error."""
        key = name[len(PREFIX):] if name.startswith(PREFIX) else name
        key = key.strip()
        bots = self.bots()
        for b in bots:
            if b.name == key or b.slug == slug(key):
                return b
        hint = nearest(key, [b.name for b in bots])
        more = f"; did you mean {PREFIX}{hint}?" if hint else ""
        raise LudolabError(f"no bot {key!r} in My bots{more}")

    def _free_name(self, name: str) -> str:
        """``name``, or ``name (2)``, ``name (3)``... : the first whose file is not taken."""
        if not (self.folder / f"{slug(name)}.toml").exists():
            return name
        # a file name is cut at 80 characters: a long name is shortened first, so that its
        # " (2)" reaches the file name
        base = name if len(slug(name)) < 70 else name[:60].rstrip()
        n = 2
        while (self.folder / f"{slug(f'{base} ({n})')}.toml").exists():
            n += 1
        return f"{base} ({n})"

    def save(self, text: str, on_conflict: str = "ask") -> WorkspaceBot:
        """Check ``text`` as a bot file and keep it. A kept bot whose name gives the same file
        name is never replaced silently: ``on_conflict`` ``"ask"`` raises
        :class:`BotExistsError`, ``"overwrite"`` replaces it, ``"rename"`` keeps both (the new
        one under the first free name ``NAME (2)``...). Raises :class:`BotFileError` (with the
        line) for a broken bot."""
        if on_conflict not in ON_CONFLICT:
            raise LudolabError(f"on_conflict: expected one of {', '.join(ON_CONFLICT)}, got "
                               f"{on_conflict[:40]!r}")
        spec = dom.parse_bot(text)
        with self._lock:
            path = self.folder / f"{slug(spec.name)}.toml"
            if path.exists() and on_conflict != "overwrite":
                free = self._free_name(spec.name)
                if on_conflict == "ask":
                    old = self._read(path)
                    raise BotExistsError(spec.name, old.name if old else path.stem, free, text)
                text = rename_text(text, free)
                spec = dom.parse_bot(text)
                path = self.folder / f"{slug(spec.name)}.toml"
            stem = path.stem
            full = self.folder.is_dir() and sum(1 for _ in self.folder.glob("*.toml")) >= MAX_BOTS
            if full and not path.exists():
                raise LudolabError(f"My bots holds at most {MAX_BOTS} bots: delete one first")
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            tmp = path.with_suffix(".tmp")
            tmp.unlink(missing_ok=True)
            # readable by the user only (0600), from its creation: a bot is the person's own
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            tmp.replace(path)
        return WorkspaceBot(spec.name, stem, text)

    def import_xml(self, text: str) -> ImportReport:
        """Import DominionSim bot XML: keep every importable bot (as TOML, headed by where it
        came from, its board and the importer's notes) and report the others. A file that is
        not such XML raises :class:`BotFileError` with its line."""
        report = ImportReport()
        # the browser sent the file already decoded: its declared encoding no longer applies
        text = _DECLARED_ENCODING.sub(r"\1UTF-8\2", text.lstrip("\ufeff"), count=1)
        for bot in import_geronimoo(text.encode("utf-8"), None):
            if bot.spec is None:
                report.refused.append(bot)
                continue
            header = [f"# Imported from DominionSim bot XML, line {bot.line}."]
            if bot.kingdom:
                header.append(f"# Its board: {', '.join(bot.kingdom)}")
            header.extend(f"# note: {' '.join(n.split())}" for n in bot.notes)
            try:
                saved = self.save("\n".join(header) + "\n" + render_bot(bot.spec), "rename")
            except (BotFileError, LudolabError) as exc:  # My bots full, or refused by the parser
                bot.problems.append(f"line {bot.line}: <player>: {exc}")
                report.refused.append(bot)
                continue
            report.saved.append((saved, bot))
        return report

    def delete(self, name: str) -> WorkspaceBot:
        """Remove a saved bot (one-line error if there is none of that name)."""
        bot = self.get(name)
        with self._lock:
            (self.folder / f"{bot.slug}.toml").unlink(missing_ok=True)
        return bot

    def path(self, name: str) -> Path:
        """The file of a saved bot (the server's own file, for runners that read bot files)."""
        return self.folder / f"{self.get(name).slug}.toml"
