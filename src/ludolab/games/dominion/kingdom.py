"""Kingdom selection: which kingdom piles are in the supply.

A kingdom spec is one of:

* ``None`` or ``"auto"`` -- exactly the kingdom cards the bots name (document 003 plays with only
  Smithy and Steward on the table);
* a preset name -- the rulebook's recommended sets (:data:`PRESETS`, e.g. ``"first-game"``);
* ``"random"`` or ``"random:SEED"`` -- the bots' cards plus random cards up to ten, drawn with a
  keyed stream so the same seed gives the same kingdom;
* an explicit comma-separated list (``"Smithy, Village, Market"``) or a sequence of names.

The seven basic cards are always in the supply. A bot that needs a card missing from the kingdom is
an error before any game runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ludolab.core import rng as _rng
from ludolab.errors import LudolabError, nearest
from ludolab.games.dominion.cards import BASIC_IDS, CARDS, KINGDOM_IDS, card_id

#: Recommended kingdoms of the second-edition rulebook (the first is "First Game").
PRESETS: dict[str, tuple[str, ...]] = {
    "first-game": ("Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
                   "Village", "Workshop"),
    "size-distortion": ("Artisan", "Bandit", "Bureaucrat", "Chapel", "Festival", "Gardens",
                        "Sentry", "Throne Room", "Witch", "Workshop"),
    "deck-top": ("Artisan", "Bureaucrat", "Council Room", "Festival", "Harbinger", "Laboratory",
                 "Moneylender", "Sentry", "Vassal", "Village"),
    "sleight-of-hand": ("Cellar", "Council Room", "Festival", "Gardens", "Library", "Harbinger",
                        "Militia", "Poacher", "Smithy", "Throne Room"),
    "improvements": ("Artisan", "Cellar", "Market", "Merchant", "Mine", "Moat", "Moneylender",
                     "Poacher", "Remodel", "Witch"),
    "silver-and-gold": ("Bandit", "Bureaucrat", "Chapel", "Harbinger", "Laboratory", "Merchant",
                        "Mine", "Moneylender", "Throne Room", "Vassal"),
}

#: Cards a random kingdom draws from: the second-edition base set (first-edition cards and
#: Steward join a kingdom only when a bot or an explicit list names them).
RANDOM_POOL: tuple[int, ...] = tuple(c.id for c in CARDS if c.set == "base2")

_RANDOM_PURPOSE = _rng.purpose("dominion.kingdom")


def _names(ids: Iterable[int]) -> str:
    return ", ".join(CARDS[i].name for i in ids)


def parse_card_list(text: str | Sequence[str]) -> list[int]:
    """Kingdom card ids from names (a comma-separated string or a sequence), in the given order.

    Basic cards, unknown names and duplicates are one-line errors.
    """
    names = [n.strip() for n in text.split(",")] if isinstance(text, str) else list(text)
    ids: list[int] = []
    for name in names:
        if not name:
            raise LudolabError("empty card name in the kingdom list")
        cid = card_id(name)
        if cid in BASIC_IDS:
            raise LudolabError(
                f"{CARDS[cid].name} is a basic card and always in the supply; "
                "list kingdom cards only"
            )
        if cid in ids:
            raise LudolabError(f"{CARDS[cid].name} is listed twice in the kingdom")
        ids.append(cid)
    return ids


def random_kingdom(seed: int, required: Iterable[int] = (), size: int = 10) -> list[int]:
    """The required cards plus random base-set cards up to ``size`` (keyed by ``seed``)."""
    chosen = list(dict.fromkeys(required))
    pool = [c for c in RANDOM_POOL if c not in chosen]
    k = 0
    while len(chosen) < size and pool:
        j = _rng.keyed_below(len(pool), seed, _rng.TABLE, _RANDOM_PURPOSE, k)
        chosen.append(pool.pop(j))
        k += 1
    return sorted(chosen)


def resolve_kingdom(
    spec: str | Sequence[str] | None,
    needed: dict[str, Iterable[int]] | None = None,
) -> list[int]:
    """The kingdom card ids for ``spec`` (see the module docstring).

    ``needed`` maps a bot name to the kingdom cards it names; every one must be in the kingdom.
    """
    needed = needed or {}
    required = sorted({c for cards in needed.values() for c in cards if c in KINGDOM_IDS})
    if spec is None or (isinstance(spec, str) and spec.strip().lower() in ("", "auto")):
        return required
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key in PRESETS:
            kingdom = [card_id(n) for n in PRESETS[key]]
        elif key == "random" or key.startswith("random:"):
            seed_text = key.partition(":")[2] or "0"
            try:
                seed = int(seed_text) if len(seed_text) <= 40 else None
            except ValueError:
                seed = None
            if seed is None:
                shown = seed_text if len(seed_text) <= 40 else seed_text[:37] + "..."
                raise LudolabError(f"random kingdom seed must be an integer, got {shown!r}")
            seed = _rng.check_seed(seed, "random kingdom seed")  # -1 once passed
            return random_kingdom(seed, required)
        elif "," in spec or _looks_like_card(spec):
            kingdom = parse_card_list(spec)
        else:
            hint = nearest(spec, list(PRESETS))
            choices = ", ".join([*PRESETS, "auto", "random[:SEED]", "a comma-separated card list"])
            extra = f"did you mean {hint!r}? " if hint else ""
            raise LudolabError(f"unknown kingdom {spec!r}; {extra}choose from {choices}")
    else:
        kingdom = parse_card_list(spec)
    for bot, cards in needed.items():
        missing = [c for c in cards if c in KINGDOM_IDS and c not in kingdom]
        if missing:
            raise LudolabError(
                f"bot {bot!r} needs {_names(missing)}, which the kingdom does not have "
                f"(kingdom: {_names(kingdom) or 'no kingdom cards'})"
            )
    return kingdom


def _looks_like_card(text: str) -> bool:
    try:
        card_id(text)
    except LudolabError:
        return False
    return True
