"""Named presets with ``key=value`` overrides, the way every game spells its rule sets.

``"official,turn_cap=60"`` is the preset ``official`` with one setting changed; a spec that starts
with a setting implies the default preset. Every mistake is one line naming the valid choices.

>>> presets = {"plain": {"cap": 4}, "short": {"cap": 2}}
>>> parse_preset_spec("short,cap=3", presets, "plain", {"cap": "bets a street"},
...                   lambda key, text: int(text))
({'cap': 2}, {'cap': 3})
>>> parse_preset_spec("cap=x", presets, "plain", {"cap": ""}, lambda key, text: int(text))
Traceback (most recent call last):
ValueError: invalid literal for int() with base 10: 'x'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import TypeVar

from ludolab.errors import LudolabError, nearest

__all__ = ["format_preset_spec", "parse_preset_spec"]

T = TypeVar("T")


def parse_preset_spec(
    spec: str,
    presets: Mapping[str, T],
    default: str,
    settings: Mapping[str, str],
    parse_value: Callable[[str, str], object],
    what: str = "rule",
) -> tuple[T, dict[str, object]]:
    """The preset ``spec`` names (``default`` when it starts with a setting) and the overrides,
    each parsed by ``parse_value(key, text)``; ``what`` names the kind in messages."""
    parts = [p.strip() for p in spec.split(",")]
    base = presets[default]
    start = 0
    if "=" not in parts[0]:
        key = parts[0].lower()
        if key not in presets:
            hint = nearest(parts[0], list(presets))
            extra = f"did you mean {hint!r}? " if hint else ""
            raise LudolabError(
                f"unknown {what} preset {parts[0]!r}; {extra}valid presets: {', '.join(presets)}"
            )
        base = presets[key]
        start = 1
    changes: dict[str, object] = {}
    for part in parts[start:]:
        if not part:
            raise LudolabError(f"empty item in rules {spec!r}")
        if "=" not in part:
            raise LudolabError(
                f"rule item {part!r} must be key=value (the preset name comes first); "
                f"valid settings: {', '.join(settings)}"
            )
        key, _, value = part.partition("=")
        key = key.strip().lower()
        if key not in settings:
            hint = nearest(key, list(settings))
            extra = f"did you mean {hint!r}? " if hint else ""
            raise LudolabError(
                f"unknown {what} setting {key!r}; {extra}valid settings: {', '.join(settings)}"
            )
        if key in changes:
            raise LudolabError(f"rule setting {key} is given twice in {spec!r}")
        changes[key] = parse_value(key, value)
    return base, changes


def format_preset_spec(
    rules: object,
    presets: Mapping[str, object],
    default: str,
    format_value: Callable[[object], str],
) -> str:
    """The shortest spec :func:`parse_preset_spec` turns back into ``rules`` (a dataclass with a
    ``name`` field): its preset's name, then the settings that differ from that preset."""
    name = getattr(rules, "name", default)
    base = presets[name] if name in presets else presets[default]
    parts = [name if name in presets else default]
    for f in fields(rules):  # type: ignore[arg-type]
        if f.name == "name":
            continue
        value = getattr(rules, f.name)
        if value != getattr(base, f.name):
            parts.append(f"{f.name}={format_value(value)}")
    return ",".join(parts)
