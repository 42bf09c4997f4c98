"""Where ludolab keeps a user's data, shared by every layer: the web app's data directory
(``ludolab serve --data-dir``) and its My bots folder, which the command line reads too, so a
bot saved on a page is seated from a shell as ``my:NAME``.

The data directory is ``$LUDOLAB_DATA_DIR``, else ``$XDG_DATA_HOME/ludolab``, else
``~/.local/share/ludolab`` (the XDG base directory rule); My bots are its ``bots/*.toml``, one
file per bot, named by :func:`slug` of the bot's name.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ludolab.errors import LudolabError, nearest

#: The prefix of a My bots player spec: ``my:My Smithy bot``.
MY_PREFIX = "my:"


def default_data_dir() -> Path:
    """The data directory: ``$LUDOLAB_DATA_DIR``, else ``$XDG_DATA_HOME/ludolab``, else
    ``~/.local/share/ludolab``."""
    env = os.environ.get("LUDOLAB_DATA_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "ludolab"


def my_bots_dir(data_dir: Path | None = None) -> Path:
    """The My bots folder of ``data_dir`` (default: :func:`default_data_dir`)."""
    return (data_dir if data_dir is not None else default_data_dir()) / "bots"


def slug(name: str) -> str:
    """The file stem of a bot name: lower-case letters, digits and dashes only."""
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return s[:80] or "bot"


def is_my_spec(text: object) -> bool:
    """Does a player text name a bot of My bots (``my:NAME``)?"""
    return isinstance(text, str) and text.strip().lower().startswith(MY_PREFIX)


def my_bot_path(spec: str, data_dir: Path | None = None) -> Path:
    """The file of the My bots bot ``my:NAME`` (or ``NAME``), or a one-line error naming the
    folder searched and the nearest saved bot."""
    text = spec.strip()
    name = text[len(MY_PREFIX):].strip() if text.lower().startswith(MY_PREFIX) else text
    folder = my_bots_dir(data_dir)
    if not name:
        raise LudolabError(f"{MY_PREFIX} needs a bot name from My bots ({folder})")
    path = folder / f"{slug(name)}.toml"
    if path.is_file():
        return path
    saved = sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
    hint = nearest(slug(name), saved)
    more = f"; did you mean {MY_PREFIX}{hint}?" if hint else ""
    where = (f"My bots ({folder}) holds {len(saved)} bot(s)" if saved
             else f"My bots ({folder}) is empty; save a bot on the Bots page of 'ludolab serve', "
                  "or set LUDOLAB_DATA_DIR to the folder 'serve --data-dir' uses")
    raise LudolabError(f"no bot {name!r} in My bots{more} ({where})")
