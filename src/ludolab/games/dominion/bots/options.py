"""Bot options by name: the general ones (:data:`~ludolab.games.dominion.botcode.OPTIONS`) and
each card's own (its home's ``OPTIONS``: ``cards/<set>/<card>.py``).

A card's option is named after the card: its name is the card's slug (``steward``) or starts with
it (``wishing_well_name``). So a name finds its card without importing every home: only the home
of the card whose slug begins the name is loaded (the homes import the compiled kernel's module,
which a bot file that sets no card option never needs). The full list is built only for an error
message, the docs and ``describe``.

An option's values: when its range ``(lo, hi)`` and its default are whole numbers (``(0, 3)``,
``(0.0, 2.0)``) it takes whole numbers, and ``(0, 1)`` is an on/off flag written ``true``/``false``;
an option that takes any number in its range declares a bound or default that is not whole
(``(0.0, 1.5)``, default ``0.5``).
"""

from __future__ import annotations

import functools
import math
import numbers
from dataclasses import dataclass

from ludolab.errors import LudolabError, nearest
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.cards import CARDS

#: Folders of card homes by set id (a set's printings share one folder; as in engine/hooks.py).
_HOME_SETS = ("base1", "base2", "intrigue1", "intrigue2", "prosperity1", "prosperity2",
              "seaside1", "seaside2", "hinterlands1", "hinterlands2",
              "cornucopia1", "guilds1", "cornucopia-guilds2", "alchemy")


@dataclass(frozen=True)
class OptionInfo:
    """One bot option: where it lives (``card`` is None for a general option, whose ``index``
    is its place in ``CompiledBot.options``; else ``index`` is the slot in the card's home)."""

    name: str
    default: float
    bounds: tuple[float, float]
    meaning: str
    card: int | None
    index: int

    @property
    def is_flag(self) -> bool:
        """An on/off option (whole numbers 0..1), written true/false in files."""
        return self.is_whole and tuple(float(b) for b in self.bounds) == (0.0, 1.0)

    @property
    def is_whole(self) -> bool:
        """Does the option take whole numbers only (its range and default are whole)?"""
        return all(float(v).is_integer() for v in (*self.bounds, self.default))

    @property
    def owner(self) -> str:
        """``"general"`` or the card's name."""
        return "general" if self.card is None else CARDS[self.card].name

    def check(self, value: object) -> float | str:
        """The value as a float, or what is wrong with it (the end of a one-line error)."""
        lo, hi = self.bounds
        if self.is_flag:
            if isinstance(value, bool) or (
                isinstance(value, numbers.Real) and float(value) in (0.0, 1.0)
            ):
                return float(value)
            return f"must be true or false, got {value!r}"
        real = (isinstance(value, numbers.Real) and not isinstance(value, bool)
                and math.isfinite(value))
        if self.is_whole:
            if real and float(value).is_integer() and lo <= value <= hi:
                return float(value)
            return f"must be a whole number from {lo:g} to {hi:g}, got {value!r}"
        if real and lo <= value <= hi:
            return float(value)
        return f"must be a number from {lo:g} to {hi:g}, got {value!r}"

    def text(self, value: float) -> str:
        """The value as a bot file writes it."""
        if self.is_flag:
            return "true" if value else "false"
        v = float(value)
        return str(int(v)) if v.is_integer() else repr(v)


def values_text(info: OptionInfo) -> str:
    """The values an option takes, as the docs write them: ``true``/``false``, ``0``-``3`` (whole
    numbers) or ``0.0``-``1.0`` (any number in the range)."""
    if info.is_flag:
        return "true/false"
    lo, hi = info.bounds
    if info.is_whole:
        return f"{int(lo)}-{int(hi)}"
    return f"{float(lo)!r}-{float(hi)!r}"


def slug(cid: int) -> str:
    """A card's slug: its home's module name and the start of its options' names."""
    return CARDS[cid].name.lower().replace(" ", "_").replace("'", "")


@functools.cache
def _general() -> dict[str, OptionInfo]:
    return {
        name: OptionInfo(name, default, tuple(bounds), meaning, None, index)
        for name, (index, default, bounds, meaning) in bc.OPTIONS.items()
    }


def all_general_options() -> tuple[OptionInfo, ...]:
    """The general options (every bot has them), in index order."""
    return tuple(_general().values())


@functools.cache
def _slugs() -> dict[str, int]:
    """Slug -> card id of every card that may have a home (a special card of a set with homes)."""
    return {slug(c.id): c.id for c in CARDS if c.special and c.set in _HOME_SETS}


@functools.cache
def card_options(cid: int) -> tuple[OptionInfo, ...]:
    """Card ``cid``'s own options in slot order (importing its home, if it has one)."""
    from ludolab.games.dominion.engine import hooks  # lazy: the homes import the kernel

    out = []
    for j, (name, default, bounds, meaning) in enumerate(hooks.card_options(cid)):
        info = OptionInfo(name, float(default), tuple(bounds), meaning, cid, j)
        problem = _declaration_problem(info)
        if problem:  # a mistake in a card's home, not the user's: fail loudly
            raise ValueError(f"{CARDS[cid].name}'s option {name!r} {problem}")
        out.append(info)
    return tuple(out)


def _declaration_problem(info: OptionInfo) -> str | None:
    """What is wrong with a home's declaration of an option, or None."""
    s = slug(info.card) if info.card is not None else ""
    if not (info.name == s or info.name.startswith(s + "_")):
        return f"must be named {s!r} or start with {s + '_'!r}"
    if info.name in _general():
        return "has the name of a general option"
    if not info.meaning.strip():
        return "needs a meaning"
    lo, hi = info.bounds
    if not lo <= info.default <= hi or isinstance(info.check(info.default), str):
        return f"has a default {info.default:g} outside its values {lo:g}..{hi:g}"
    return None


def find_option(name: str) -> OptionInfo | None:
    """The option called ``name`` (general, or a card's: only that card's home is imported)."""
    general = _general().get(name)
    if general is not None:
        return general
    for s, cid in sorted(_slugs().items(), key=lambda kv: -len(kv[0])):
        if name == s or name.startswith(s + "_"):
            for info in card_options(cid):
                if info.name == name:
                    return info
    return None


@functools.cache
def all_options() -> tuple[OptionInfo, ...]:
    """Every option: the general ones, then each card's in card order (imports every home)."""
    out = list(all_general_options())
    for cid in sorted(_slugs().values()):
        out.extend(card_options(cid))
    return tuple(out)


def unknown_option_message(name: object) -> str:
    """The one-line error for an unknown option name, with the nearest valid name: a name that
    starts with a card's slug lists that card's options, any other the general ones (the cards'
    are many: ``ludolab dominion options`` lists them all)."""
    every = all_options()
    hint = nearest(str(name), [o.name for o in every])
    extra = f"did you mean {hint!r}? " if hint else ""
    text = str(name)
    for s, cid in sorted(_slugs().items(), key=lambda kv: -len(kv[0])):
        if text == s or text.startswith(s + "_"):
            own = card_options(cid)
            listed = ", ".join(o.name for o in own) if own else "none"
            return f"unknown option {name!r}; {extra}({CARDS[cid].name}'s options: {listed})"
    general = ", ".join(_general())
    return (f"unknown option {name!r}; {extra}(valid: {general}, or a card's own option: "
            "see 'ludolab dominion options')")


def option_info(name: object) -> OptionInfo:
    """The option called ``name``; an unknown name raises :class:`LudolabError` (one line, with
    the nearest valid name)."""
    info = find_option(name) if isinstance(name, str) else None
    if info is None:
        raise LudolabError(unknown_option_message(name))
    return info


def split_options(
    values: dict[str, float],
) -> tuple[dict[int, float], dict[tuple[int, int], float]]:
    """A bot's options by name -> (general index -> value, (card id, slot) -> value); names must
    be valid (see :func:`option_info`)."""
    general: dict[int, float] = {}
    cards: dict[tuple[int, int], float] = {}
    for name, value in values.items():
        info = option_info(name)
        if info.card is None:
            general[info.index] = float(value)
        else:
            cards[(info.card, info.index)] = float(value)
    return general, cards
