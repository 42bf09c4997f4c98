"""The library of named poker bots (``library/*.toml``) and bot specs: names, files, baselines.

A spec is a library name (case-insensitive; the file's stem works too), a path to a ``.toml``
file (relative to ``base_dir``), or a baseline: ``call``, ``raise``, ``random`` or
``random:F:C`` (fold with probability F, call with C, raise otherwise).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from ludolab.core.scoring import unique_names
from ludolab.errors import BotFileError, nearest
from ludolab.games.poker.bots import row as R
from ludolab.games.poker.bots.fileformat import PokerBot, read_bot_file

__all__ = ["LIBRARY_DIR", "library", "load_bot", "resolve_bots"]

LIBRARY_DIR = Path(__file__).resolve().parent / "library"
_BASELINE_WORDS = {"call": "call", "always-call": "call", "raise": "raise",
                   "always-raise": "raise"}


@lru_cache(maxsize=1)
def _library() -> tuple[PokerBot, ...]:
    bots = [read_bot_file(p) for p in sorted(LIBRARY_DIR.glob("*.toml"))]
    return tuple(sorted(bots, key=lambda b: b.name.lower()))


def library() -> list[PokerBot]:
    """Every bot of the library, sorted by name."""
    return list(_library())


def _baseline(spec: str) -> PokerBot | None:
    key = spec.strip().lower()
    row = np.zeros(R.ROW_SIZE, np.float64)
    if key in _BASELINE_WORDS:
        kind = _BASELINE_WORDS[key]
        row[R.BOT_KIND] = R.KIND_CALL if kind == "call" else R.KIND_RAISE
        what = "checks or calls" if kind == "call" else "bets or raises"
        return PokerBot(key, f"Always {what}.", "baseline", kind, row, None,
                        f'name = "{key}"\nkind = "{kind}"\n')
    if not key.startswith("random:"):
        return None
    parts = key.split(":")
    try:
        if len(parts) != 3:
            raise ValueError
        f, c = float(parts[1]), float(parts[2])
    except ValueError:
        raise BotFileError(f"bad random bot {spec!r}: write random:F:C with fold and call "
                           "probabilities, e.g. random:0.2:0.5") from None
    if not (0 <= f <= 1 and 0 <= c <= 1 and f + c <= 1 + 1e-9):
        raise BotFileError(f"bad random bot {spec!r}: F and C must be probabilities with "
                           "F + C <= 1")
    r = max(0.0, 1.0 - f - c)
    row[R.BOT_KIND] = R.KIND_RANDOM
    row[R.P_RANDOM_FOLD] = f
    row[R.P_RANDOM_CALL] = c
    name = f"random:{f:g}:{c:g}"
    text = (f'name = "{name}"\nkind = "random"\n\n[random]\nfold = {f!r}\ncall = {c!r}\n'
            f"raise = {r!r}\n")
    return PokerBot(name, f"Keyed random: fold {f:g}, call {c:g}, raise {r:.6g}.", "baseline",
                    "random", row, None, text)


def load_bot(spec: str, base_dir: Path | None = None) -> PokerBot:
    """The bot of ``spec``: a library name, a ``.toml`` path (relative to ``base_dir``) or a
    baseline (``call``, ``raise``, ``random:F:C``); an unknown name is a one-line error naming
    the nearest library bot."""
    text = str(spec).strip()
    if text.lower().endswith(".toml") or "/" in text or "\\" in text:
        p = Path(text).expanduser()
        if not p.is_absolute() and base_dir is not None:
            p = Path(base_dir) / p
        return read_bot_file(p)
    base = _baseline(text)
    if base is not None:
        return base
    key = text.lower()
    bots = _library()
    for b in bots:
        if b.name.lower() == key or (b.path is not None and b.path.stem.lower() == key):
            return b
    names = [b.name for b in bots]
    hint = nearest(text, [*names, "call", "raise", "random"])
    extra = f"did you mean {hint!r}? " if hint else ""
    raise BotFileError(f"unknown poker bot {text!r}; {extra}(library: {', '.join(names)}; "
                       "or call, raise, random:F:C, or a .toml file)")


def resolve_bots(players: list[str], base_dir: Path | None) -> tuple[list[str], np.ndarray]:
    """Display names (repeats numbered) and the ``float64[B, K]`` parameter matrix of
    ``players`` (specs as :func:`load_bot` takes them)."""
    if not players:
        raise BotFileError("no poker bots given")
    bots = [load_bot(p, base_dir) for p in players]
    width = max(b.row.shape[0] for b in bots)
    matrix = np.zeros((len(bots), width), np.float64)
    for i, b in enumerate(bots):
        matrix[i, :b.row.shape[0]] = b.row
    return unique_names([b.name for b in bots]), matrix
