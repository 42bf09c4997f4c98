"""Player specifications: short strings such as ``hold:20`` or ``uct:simulations=500,c=1.4``.

A :class:`PlayerRegistry` maps names to factories with typed parameters. The syntax is::

    name                      every parameter at its default
    name:value                the factory's positional parameter (``hold:20``)
    name:key=value,key=value  named parameters (a positional value may come first)

Anything wrong gives one :class:`~ludolab.errors.SpecError` line that names the problem and
lists the valid choices. Values are converted by the parameter's own converter, never ``eval``.

>>> from types import SimpleNamespace
>>> reg = PlayerRegistry("demo")
>>> _ = reg.add("echo", SimpleNamespace, [Param("times", integer(1), 1, "repeats")])
>>> reg.parse("echo:times=3")
namespace(times=3, name='echo:times=3')
>>> reg.parse("echo:tims=3")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludolab.errors.SpecError: demo player 'echo' has no parameter 'tims' (did you mean 'times'?); ...
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludolab.errors import SpecError, nearest

Converter = Callable[[str], Any]


@dataclass(frozen=True)
class Param:
    """One parameter of a player factory: its name, converter, default and a help line.

    ``convert`` turns the text into a value or raises ``ValueError`` whose message says what is
    expected (e.g. "an integer >= 1"). ``default`` is *text*, converted like a user's value, so
    listings show defaults exactly as they would be typed.
    """

    name: str
    convert: Converter
    default: str
    help: str = ""


@dataclass(frozen=True)
class PlayerFactory:
    """A named way to build a player: ``build(**params)``; ``positional`` names the parameter
    that ``name:value`` sets."""

    name: str
    build: Callable[..., Any]
    params: tuple[Param, ...] = ()
    help: str = ""
    positional: str | None = None

    def param(self, name: str) -> Param | None:
        """The parameter called ``name``, or None."""
        for p in self.params:
            if p.name == name:
                return p
        return None

    def usage(self) -> str:
        """``name:p1=default,p2=default`` for listings."""
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{p.name}={p.default}" for p in self.params)


@dataclass
class PlayerRegistry:
    """Named player factories of one game, and the parser of player specs."""

    game: str
    factories: dict[str, PlayerFactory] = field(default_factory=dict)

    def add(
        self,
        name: str,
        build: Callable[..., Any],
        params: Sequence[Param] = (),
        help: str = "",
        positional: str | None = None,
    ) -> PlayerFactory:
        """Register a factory; returns it."""
        if name in self.factories:
            raise ValueError(f"player {name!r} is already registered for {self.game}")
        factory = PlayerFactory(name, build, tuple(params), help, positional)
        if positional is not None and factory.param(positional) is None:
            raise ValueError(f"positional parameter {positional!r} is not a parameter of {name!r}")
        for p in factory.params:  # a default that does not convert is a programming error
            p.convert(p.default)
        self.factories[name] = factory
        return factory

    def names(self) -> list[str]:
        """Registered names, in registration order."""
        return list(self.factories)

    def parse_params(self, spec: str) -> tuple[PlayerFactory, dict[str, Any], str]:
        """Split and check a spec: its factory, the full parameter dict (defaults filled in) and
        the canonical spec (the parameters given, in the factory's order)."""
        text = spec.strip()
        name, _, rest = text.partition(":")
        name = name.strip()
        if not name:
            raise SpecError(
                f"empty {self.game} player spec; choose from: {', '.join(self.names())}"
            )
        factory = self.factories.get(name)
        if factory is None:
            from ludolab.players.generic import search_hint  # lazy: generic imports this module

            close = _closest(name, self.names())
            hint = f" (did you mean '{close}'?)" if close else ""
            if (other := search_hint(name, self.game)) is not None:
                hint = f" ({other})"
            raise SpecError(
                f"unknown {self.game} player '{_shown(name)}'{hint}; "
                f"choose from: {', '.join(self.names())}"
            )
        values: dict[str, Any] = {}
        given: dict[str, str] = {}
        if rest.strip() or text.endswith(":"):
            for position, item in enumerate(rest.split(",")):
                if not item.strip():
                    raise SpecError(
                        f"{self.game} player '{name}': empty parameter (a stray ':' or ','); "
                        f"valid parameters: {_param_list(factory)}"
                    )
                key, eq, raw = item.partition("=")
                key, raw = key.strip(), raw.strip()
                if not eq:
                    if position == 0 and factory.positional is not None and key:
                        key, raw = factory.positional, key
                    else:
                        raise SpecError(
                            f"{self.game} player '{name}': expected key=value, "
                            f"got '{_shown(item.strip())}'"
                            f"; valid parameters: {_param_list(factory)}"
                        )
                param = factory.param(key)
                if param is None:
                    close = _closest(key, [p.name for p in factory.params]) if key else None
                    hint = f" (did you mean '{close}'?)" if close else ""
                    raise SpecError(
                        f"{self.game} player '{name}' has no parameter '{_shown(key)}'{hint}; "
                        f"valid parameters: {_param_list(factory)}"
                    )
                if key in values:
                    raise SpecError(f"{self.game} player '{name}': parameter '{key}' given twice")
                given[key] = raw
                try:
                    values[key] = param.convert(raw)
                except ValueError as exc:
                    raise SpecError(
                        f"{self.game} player '{name}': parameter '{key}' must be {exc}, "
                        f"got '{_shown(raw)}'"
                    ) from None
        for p in factory.params:
            if p.name not in values:
                values[p.name] = p.convert(p.default)
        items = []
        for p in factory.params:
            if p.name == factory.positional:  # always shown: hold:20
                items.append(given.get(p.name, p.default))
            elif p.name in given:
                items.append(f"{p.name}={given[p.name]}")
        canonical = name + (":" + ",".join(items) if items else "")
        return factory, values, canonical

    def parse(self, spec: str) -> Any:
        """Build the player a spec describes (raises :class:`SpecError` on any mistake).

        The player is named by the canonical spec (``uct:simulations=200``, ``hold:20``), so
        tables and logs say exactly what played.
        """
        factory, values, canonical = self.parse_params(spec)
        try:
            player = factory.build(**values)
        except ValueError as exc:  # a combination the player itself refuses
            raise SpecError(f"{self.game} player '{factory.name}': {exc}") from None
        player.name = canonical
        return player

    def describe(self) -> list[tuple[str, str]]:
        """``(usage with defaults, help)`` rows for a listing."""
        return [(f.usage(), f.help) for f in self.factories.values()]


def _shown(text: str, limit: int = 60) -> str:
    """A user's text as quoted in a message: control characters escaped (a message is one
    line, and a terminal must not obey an escape sequence), long text cut."""
    out = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text[: limit + 1])
    return out if len(out) <= limit else out[: limit - 3] + "..."


def _param_list(factory: PlayerFactory) -> str:
    return ", ".join(p.name for p in factory.params) if factory.params else "(none)"


def _closest(word: str, choices: list[str]) -> str | None:
    """The choice ``word`` abbreviates (a unique prefix), else the nearest spelling, else None."""
    prefixed = [c for c in choices if c.startswith(word.lower())]
    if len(prefixed) == 1:
        return prefixed[0]
    return nearest(word, choices)


# -- converters ------------------------------------------------------------------------------


def integer(minimum: int | None = None, maximum: int | None = None, *,
            none: bool = False) -> Converter:
    """An integer converter (from ``minimum`` to ``maximum``); ``none=True`` also accepts
    ``none``/``off``. Every number that sizes memory or work gets a ``maximum``: a typo of a few
    zeros is then a one-line error, not a MemoryError or a run that never ends."""
    if minimum is not None and maximum is not None:
        what = f"an integer from {minimum:,} to {maximum:,}"
    else:
        what = "an integer" + (f" >= {minimum}" if minimum is not None else "")
    if none:
        what += " or 'none'"

    def convert(text: str) -> int | None:
        text = str(text)
        if none and text.lower() in ("none", "off"):
            return None
        try:
            value = int(text) if len(text) <= 40 else None  # int() of a huge text is slow
        except ValueError:
            raise ValueError(what) from None
        if (value is None or (minimum is not None and value < minimum)
                or (maximum is not None and value > maximum)):
            raise ValueError(what)
        return value

    return convert


def number(minimum: float | None = None, maximum: float | None = None, *,
           none: bool = False, above: bool = False) -> Converter:
    """A finite float converter (from ``minimum`` to ``maximum``; ``above=True``: strictly above
    ``minimum``); ``none=True`` accepts ``none``/``off``."""
    if minimum is not None and maximum is not None:
        what = (f"a number above {minimum:g} and at most {maximum:g}" if above
                else f"a number from {minimum:g} to {maximum:g}")
    elif minimum is not None:
        what = f"a number {'>' if above else '>='} {minimum:g}"
    else:
        what = "a number"
    if none:
        what += " or 'none'"

    def convert(text: str) -> float | None:
        if none and text.lower() in ("none", "off"):
            return None
        try:
            value = float(text)
        except ValueError:
            raise ValueError(what) from None
        if (not math.isfinite(value) or (minimum is not None and value < minimum)
                or (above and minimum is not None and value == minimum)
                or (maximum is not None and value > maximum)):
            raise ValueError(what)
        return value

    return convert


#: The most simulations a search player may take per decision: the searches keep a value (and
#: a seed, a tree node) per simulation, so this bounds their memory (a few hundred MB at most).
MAX_SIMULATIONS = 1_000_000
#: The longest time cap of a search decision, in seconds (an hour).
MAX_DECISION_SECONDS = 3600.0


def time_cap() -> Converter:
    """The converter of a search player's ``time``: seconds per decision above 0 and up to an
    hour, or ``none`` for no cap. A cap of 0 would mean "no time at all", which no search can
    honour (it used to mean no cap, silently), so it is refused."""
    return number(0.0, MAX_DECISION_SECONDS, none=True, above=True)


def choice(options: dict[str, Any]) -> Converter:
    """A converter from a fixed set of words to values."""
    what = "one of " + ", ".join(options)

    def convert(text: str) -> Any:
        if text not in options:
            raise ValueError(what)
        return options[text]

    return convert
