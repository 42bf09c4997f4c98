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
from typing import TypeVar

from ludolab.errors import LudolabError, nearest

__all__ = ["parse_preset_spec"]

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
