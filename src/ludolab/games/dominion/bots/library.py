"""The library of named bots (``bots/library/*.toml``) and loading bots by name or path."""

from __future__ import annotations

import copy
import re
from functools import cache, lru_cache
from pathlib import Path

from ludolab.errors import BotFileError, LudolabError, nearest
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.bots.compiler import compile_bot
from ludolab.games.dominion.bots.fileformat import read_bot_file
from ludolab.games.dominion.bots.spec import BotSpec
from ludolab.games.dominion.bots.xbots import xbot_card, xbot_spec

LIBRARY_DIR = Path(__file__).resolve().parent / "library"


def _key(name: str) -> str:
    """Loose form of a bot name for lookups: case and punctuation do not matter."""
    return re.sub(r"[^a-z0-9]+", "", name.lower())


@lru_cache(maxsize=1)
def _library() -> tuple[dict[str, BotSpec], dict[str, str]]:
    """(name -> spec in file order of names, loose key -> name). Read once per process."""
    specs: dict[str, BotSpec] = {}
    keys: dict[str, str] = {}
    for path in sorted(LIBRARY_DIR.glob("*.toml")):
        spec = read_bot_file(path)
        if spec.name in specs:
            raise BotFileError(f"duplicate library bot name {spec.name!r}", str(path), 1)
        specs[spec.name] = spec
        for k in (_key(spec.name), _key(path.stem)):
            other = keys.setdefault(k, spec.name)
            if other != spec.name:
                raise BotFileError(
                    f"library bot name {spec.name!r} clashes with {other!r}", str(path), 1
                )
    return specs, keys


@lru_cache(maxsize=1)
def _stems() -> dict[str, Path]:
    """Loose key of each library file's stem -> its path (a directory listing, no parsing)."""
    return {_key(p.stem): p for p in sorted(LIBRARY_DIR.glob("*.toml"))}


@cache
def _read_library_file(path: Path) -> BotSpec:
    """One library file, parsed once: a command naming a library bot by its file's name (every
    library file is named after its bot) reads that file alone, not all the library's bots."""
    return read_bot_file(path)


def library_names() -> list[str]:
    """Names of the library's bots, sorted case-insensitively."""
    return sorted(_library()[0], key=str.lower)


def library_specs() -> list[BotSpec]:
    """All library bots (copies), in :func:`library_names` order."""
    specs = _library()[0]
    return [copy.deepcopy(specs[n]) for n in library_names()]


def load_spec(name_or_path: str) -> BotSpec:
    """A bot by library name (case and punctuation ignored: "smithy big money",
    "Smithy-Big-Money"), a generated X bot (``"BMU + Smithy"``, :mod:`.xbots`) or by path to a
    ``.toml`` file.

    An unknown name raises :class:`LudolabError` suggesting the nearest library name.
    """
    if not isinstance(name_or_path, str) or not name_or_path.strip():
        raise LudolabError("a bot is named by a library name or a .toml file path")
    text = name_or_path.strip()
    if xbot_card(text) is not None:
        return xbot_spec(text)
    path = _stems().get(_key(text))
    if path is not None:  # one file, not the whole library
        return copy.deepcopy(_read_library_file(path))
    specs, keys = _library()
    name = keys.get(_key(text))
    if name is not None:
        return copy.deepcopy(specs[name])
    p = Path(text).expanduser()
    if text.lower().endswith(".toml") or p.is_file():
        return read_bot_file(p)
    hint = nearest(text, list(specs))
    if hint is None:
        loose = {_key(n): n for n in specs}
        hit = nearest(_key(text), list(loose))
        hint = loose[hit] if hit else None
    extra = f"; did you mean {hint!r}?" if hint else ""
    raise LudolabError(
        f"unknown bot {text!r}{extra} (see 'ludolab dominion bots', or give a .toml path)"
    )


def load_bot(name_or_path: str) -> bc.CompiledBot:
    """A compiled bot by library name or file path (see :func:`load_spec`)."""
    return compile_bot(load_spec(name_or_path))


def library_path(name: str) -> Path | None:
    """The file of a library bot, or None if ``name`` is not in the library."""
    specs, keys = _library()
    found = keys.get(_key(name))
    if found is None:
        return None
    path = specs[found].path
    return Path(path) if path else None
