"""Kingdom selection: which kingdom piles are in the supply.

A kingdom spec is one of:

* ``None`` or ``"auto"`` -- exactly the kingdom cards the bots name (document 003 plays with only
  Smithy and Steward on the table);
* a preset name -- the rulebooks' recommended sets (:data:`PRESETS`, e.g. ``"first-game"``,
  ``"victory-dance"``; :data:`PRESET_INFO` gives each one's title, sets and source);
* ``"random"`` or ``"random:SEED"`` -- the bots' cards plus random cards up to ten, drawn with a
  keyed stream so the same seed gives the same kingdom (from the second-edition base set);
* ``"random:sets=base2,intrigue2"`` or ``"random:sets=base2,intrigue2:SEED"`` -- the same, drawn
  from the given printings (set ids: :func:`set_ids`; ``base`` and ``intrigue`` name both
  printings of a set) among the cards whose rules the engine has;
* an explicit comma-separated list (``"Smithy, Village, Market"``) or a sequence of names, at
  most ten (a game's kingdom piles).

The seven basic cards are always in the supply. A bot that needs a card missing from the kingdom is
an error before any game runs.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from importlib import resources

from ludolab.core import rng as _rng
from ludolab.errors import LudolabError, nearest
from ludolab.games.dominion.cards import BASIC_IDS, CARDS, KINGDOM_IDS, SETS, card_id
from ludolab.games.dominion.rules import RuleSet, ruleset


@dataclass(frozen=True)
class KingdomPreset:
    """A recommended kingdom: its rulebook title, the printings it uses and its ten cards (and
    Young Witch's Bane, an eleventh pile, where the rulebook names one)."""

    name: str
    title: str
    sets: tuple[str, ...]
    cards: tuple[str, ...]
    bane: str = ""


def _load_presets() -> dict[str, KingdomPreset]:
    """The rulebooks' recommended kingdoms, read from ``kingdoms.toml`` (data, one table per
    kingdom, in the file's order)."""
    text = resources.files(__package__).joinpath("kingdoms.toml").read_text(encoding="utf-8")
    return {name: KingdomPreset(name, row["title"], tuple(row["sets"]), tuple(row["cards"]),
                                row.get("bane", ""))
            for name, row in tomllib.loads(text).items()}


#: The recommended kingdoms of the rulebooks, by name (lower case, words joined by ``-``): the
#: base set's second edition, and Intrigue's, Prosperity's and Seaside's both printings (alone and
#: with the base set; Prosperity's and Seaside's second also with Intrigue), and Cornucopia's
#: (its first printing with the base set and Intrigue, both their printings). A title both
#: printings of a set use names the second printing's kingdom; the first printing's ends in
#: ``-1st``. The table and its sources are in ``kingdoms.toml``.
PRESET_INFO: dict[str, KingdomPreset] = _load_presets()
#: Preset name -> its ten cards.
PRESETS: dict[str, tuple[str, ...]] = {name: p.cards for name, p in PRESET_INFO.items()}

#: Cards a plain random kingdom draws from: the second-edition base set (first-edition cards and
#: Steward join a kingdom only when a bot or an explicit list names them; ``random:sets=...``
#: draws from other printings).
RANDOM_POOL: tuple[int, ...] = tuple(c.id for c in CARDS if c.set == "base2")

#: Set ids naming both printings of a set.
SET_FAMILIES: dict[str, tuple[str, ...]] = {
    "base": ("base1", "base2"),
    "intrigue": ("intrigue1", "intrigue2"),
    "prosperity": ("prosperity1", "prosperity2"),
    "seaside": ("seaside1", "seaside2"),
    "hinterlands": ("hinterlands1", "hinterlands2"),
    "cornucopia-guilds": ("cornucopia1", "guilds1", "cornucopia-guilds2"),
}
#: Titles of the set ids that are not a printing in ``cards.SETS``.
_OTHER_TITLES = {"basic": "Basic cards (in every game)", "base": "Dominion (both printings)",
                 "intrigue": "Intrigue (both printings)",
                 "prosperity": "Prosperity (both printings)",
                 "seaside": "Seaside (both printings)",
                 "hinterlands": "Hinterlands (both printings)",
                 "cornucopia-guilds": "Cornucopia & Guilds (both printings)"}


def set_ids() -> tuple[str, ...]:
    """Every set id: ``basic``, each printing (``cards.SETS``), and each set's both printings."""
    out = ["basic"]
    for family, printings in SET_FAMILIES.items():
        out.extend(p for p in printings if p in SETS)
        out.append(family)
    out.extend(s for s in SETS if s not in out)
    return tuple(out)


def set_title(set_id: str) -> str:
    """A set id's title ("Intrigue (2nd ed.)")."""
    return SETS[set_id][0] if set_id in SETS else _OTHER_TITLES.get(set_id, set_id)


def check_set(set_id: str) -> str:
    """``set_id`` (lower case) if it is a set id, else a one-line error with the nearest one."""
    key = set_id.strip().lower()
    if key in set_ids():
        return key
    hint = nearest(key, list(set_ids()))
    extra = f"did you mean {hint!r}? " if hint else ""
    raise LudolabError(f"unknown card set {set_id!r}; {extra}(valid: {', '.join(set_ids())})")


def set_cards(set_id: str) -> tuple[int, ...]:
    """The card ids of a set id (a printing, both printings of a set, or ``basic``), sorted."""
    key = check_set(set_id)
    if key == "basic":
        return BASIC_IDS
    printings = SET_FAMILIES.get(key, (key,))
    return tuple(sorted({c for p in printings for c in SETS[p][1]}))


def set_non_supply(set_id: str) -> tuple[int, ...]:
    """The non-Supply cards of a set id (Tournament's Prizes, Joust's Rewards), by id: not
    kingdom cards, so never in :func:`set_cards` or a random pool, but printed in the set."""
    key = check_set(set_id)
    printings = SET_FAMILIES.get(key, (key,))
    return tuple(c.id for c in CARDS if not c.is_kingdom and not c.is_basic
                 and c.set in printings)


def editions(cid: int) -> str:
    """The printings of its set that have card ``cid``: ``"1"``, ``"2"`` or ``"1+2"`` (a basic
    card is in every game: ``"1+2"``)."""
    if CARDS[cid].set == "basic":
        return "1+2"
    if not CARDS[cid].is_kingdom:  # a Prize or Reward: the printing of its row
        return CARDS[cid].set[-1]
    for printings in SET_FAMILIES.values():
        have = [p[-1] for p in printings if cid in SETS[p][1]]
        if have:
            return "+".join(sorted(have))
    if CARDS[cid].set in SETS:  # a set of one printing (Alchemy)
        return "1"
    return "?"


def family(cid: int) -> str:
    """The set a card belongs to, whatever the printing: ``basic``, ``base`` or ``intrigue``."""
    s = CARDS[cid].set
    for name, printings in SET_FAMILIES.items():
        if s in printings:
            return name
    return s


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
        _colony_card(cid, " (kingdom list)")
        if cid in BASIC_IDS:
            raise LudolabError(
                f"{CARDS[cid].name} is a basic card and always in the supply; "
                "list kingdom cards only"
            )
        if cid in ids:
            raise LudolabError(f"{CARDS[cid].name} is listed twice in the kingdom")
        ids.append(cid)
    return ids


def _colony_card(cid: int, where: str) -> None:
    """A one-line error for Platinum or Colony named as a kingdom card."""
    if CARDS[cid].name == "Potion":
        raise LudolabError(
            f"Potion is not a kingdom card{where}: it joins the Supply whenever a kingdom card "
            "costs a Potion (Alchemy)"
        )
    if CARDS[cid].name in ("Platinum", "Colony"):
        raise LudolabError(
            f"{CARDS[cid].name} is not a kingdom card{where}: Platinum and Colony join the "
            "Supply with the rules setting colony=yes (--rules colony=yes)"
        )


def random_kingdom(
    seed: int, required: Iterable[int] = (), size: int = 10, pool: Sequence[int] = RANDOM_POOL,
) -> list[int]:
    """The required cards plus random cards of ``pool`` (default: the second-edition base set)
    up to ``size``, keyed by ``seed``."""
    chosen = list(dict.fromkeys(required))
    pool = [c for c in pool if c not in chosen]
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
    """The kingdom card ids for ``spec`` (see the module docstring), with Young Witch's Bane
    pile when the kingdom has Young Witch (:func:`resolve_kingdom_bane`).

    ``needed`` maps a bot name to the kingdom cards it names; every one must be in the kingdom.
    """
    return resolve_kingdom_bane(spec, needed)[0]


_YOUNG_WITCH = card_id("Young Witch")
_BANE_PURPOSE = _rng.purpose("dominion.kingdom.bane")


def resolve_kingdom_bane(
    spec: str | Sequence[str] | None,
    needed: dict[str, Iterable[int]] | None = None,
) -> tuple[list[int], int | None]:
    """The kingdom card ids for ``spec`` and Young Witch's Bane (None without Young Witch).

    Young Witch's setup adds an eleventh pile, a $2-$3 kingdom card not among the ten: a card
    list names it (``..., Young Witch, bane=Moat``), otherwise it is drawn (keyed by the random
    kingdom's seed, else 0) from the unused $2-$3 cards with rules of the random kingdom's pool,
    else of every playable card. The ids include it."""
    rest, named = _split_bane(spec)
    if named is None and isinstance(spec, str):  # a preset's Bane, as its rulebook names it
        key = spec.strip().lower().replace(" ", "-").replace("_", "-").replace("'", "")
        preset = PRESET_INFO.get(key)
        if preset is not None and preset.bane:
            named = card_id(preset.bane)
    kingdom = _resolve(rest, needed)
    if _YOUNG_WITCH not in kingdom:
        if named is not None:
            raise LudolabError(f"bane={CARDS[named].name} names Young Witch's Bane, but the "
                               "kingdom has no Young Witch")
        return kingdom, None
    if named is None:
        named = draw_bane(rest, kingdom)
    elif named in kingdom:
        raise LudolabError(f"the Bane, {CARDS[named].name}, is an extra pile: it cannot be one "
                           "of the kingdom's ten")
    return [*kingdom, named], named


def _split_bane(spec: str | Sequence[str] | None) -> tuple[str | Sequence[str] | None,
                                                          int | None]:
    """``spec`` without its ``bane=CARD`` entry, and that card (None: none named). The card
    must be a $2-$3 kingdom card whose rules the engine has."""
    if spec is None:
        return None, None
    parts = [p.strip() for p in spec.split(",")] if isinstance(spec, str) else list(spec)
    named = None
    keep: list[str] = []
    for part in parts:
        if isinstance(part, str) and part.lower().replace(" ", "").startswith("bane="):
            from ludolab.games.dominion.engine import hooks  # lazy: the homes import the kernel

            cid = card_id(part.split("=", 1)[1])
            c = CARDS[cid]
            if not c.is_kingdom or c.cost not in (2, 3):
                raise LudolabError(f"the Bane must be a $2-$3 kingdom card, got {c.name}")
            if not hooks.has_rules(cid):
                raise LudolabError(f"{c.name} has no rules in the engine yet")
            named = cid
        else:
            keep.append(part)
    if named is None:
        return spec, None
    return (", ".join(keep) if isinstance(spec, str) else keep), named


def draw_bane(spec: str | Sequence[str] | None, kingdom: Sequence[int]) -> int:
    """A Bane for ``kingdom``: an unused $2-$3 card with rules, from the random kingdom's pool
    (else every playable card), keyed by its seed (else 0)."""
    from ludolab.games.dominion.engine import hooks  # lazy: the homes import the kernel

    seed = 0
    pools: list[Sequence[int]] = []
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key == "random" or key.startswith("random:"):
            pool, seed = _random_spec(key)
            pools.append(pool)
    pools.append(hooks.playable())
    for pool in pools:
        left = sorted(c for c in set(pool) if c not in kingdom and CARDS[c].cost in (2, 3)
                      and hooks.has_rules(c))
        if left:
            return left[_rng.keyed_below(len(left), seed, _rng.TABLE, _BANE_PURPOSE, 0)]
    raise LudolabError("Young Witch needs a Bane: no unused $2-$3 kingdom card has rules")


def _resolve(
    spec: str | Sequence[str] | None,
    needed: dict[str, Iterable[int]] | None = None,
) -> list[int]:
    """:func:`resolve_kingdom` without the Bane."""
    needed = needed or {}
    required = sorted({c for cards in needed.values() for c in cards if c in KINGDOM_IDS})
    if spec is None or (isinstance(spec, str) and spec.strip().lower() in ("", "auto")):
        return required
    if isinstance(spec, str):
        key = spec.strip().lower()
        preset = key.replace(" ", "-").replace("_", "-").replace("'", "")
        if preset in PRESETS:
            kingdom = [card_id(n) for n in PRESETS[preset]]
        elif key == "random" or key.startswith("random:"):
            pool, seed = _random_spec(key)
            kingdom = random_kingdom(seed, required, pool=pool)
            if len(kingdom) < 10:
                raise LudolabError(
                    f"{spec.strip()!r}: the sets have only {len(kingdom)} kingdom cards with "
                    "rules in the engine; a kingdom has 10 (add a set)"
                )
            return kingdom
        elif "," in spec or _looks_like_card(spec):
            kingdom = _check_size(parse_card_list(spec))
        else:
            hint = nearest(spec, list(PRESETS))
            extra = f"did you mean {hint!r}? " if hint else ""
            # the presets are named, not listed: with every set's rulebook kingdoms the list
            # outgrows one line ('ludolab dominion kingdoms' prints them with their cards)
            raise LudolabError(
                f"unknown kingdom {spec!r}; {extra}choose a preset ({len(PRESETS)}: 'ludolab "
                "dominion kingdoms' lists them), auto, random[:SEED], random:sets=SETS[:SEED] "
                "or a comma-separated card list"
            )
    else:
        kingdom = _check_size(parse_card_list(spec))
    for bot, cards in needed.items():
        missing = [c for c in cards if c in KINGDOM_IDS and c not in kingdom]
        if missing:
            raise LudolabError(
                f"bot {bot!r} needs {_names(missing)}, which the kingdom does not have "
                f"(kingdom: {_names(kingdom) or 'no kingdom cards'})"
            )
    return kingdom


#: The most kingdom piles a dealt kingdom has (the rulebook's ten). No card of these sets adds
#: a pile beyond them (a Bane, Ferryman's pile or a landscape would not count toward it).
MAX_KINGDOM_PILES = 10


def _check_size(kingdom: list[int]) -> list[int]:
    """``kingdom`` if it has at most :data:`MAX_KINGDOM_PILES` cards, else a one-line error."""
    if len(kingdom) > MAX_KINGDOM_PILES:
        raise LudolabError(
            f"the kingdom lists {len(kingdom)} cards; a game has at most "
            f"{MAX_KINGDOM_PILES} kingdom piles"
        )
    return kingdom


def _random_spec(key: str) -> tuple[Sequence[int], int]:
    """The pool and the seed of a random kingdom spec (``random``, ``random:SEED``,
    ``random:sets=SETS`` or ``random:sets=SETS:SEED``, lower case)."""
    rest = key.partition(":")[2]
    pool: Sequence[int] = RANDOM_POOL
    if rest.startswith("sets="):
        sets_text, _, seed_text = rest[len("sets="):].partition(":")
        pool = random_pool(sets_text)
    else:
        seed_text = rest
    return pool, _random_seed(seed_text or "0")


def first_random_card(
    spec: str | Sequence[str] | None, needed: dict[str, Iterable[int]] | None = None,
) -> int | None:
    """The first card a random kingdom spec draws (after the bots' cards), the one the rulebook
    looks at for Platinum and Colony; None for any other spec or when nothing is drawn."""
    if not isinstance(spec, str):
        return None
    key = spec.strip().lower()
    if not (key == "random" or key.startswith("random:")):
        return None
    required = {c for cards in (needed or {}).values() for c in cards if c in KINGDOM_IDS}
    pool, seed = _random_spec(key)
    left = [c for c in pool if c not in required]
    if len(required) >= 10 or not left:
        return None
    return left[_rng.keyed_below(len(left), seed, _rng.TABLE, _RANDOM_PURPOSE, 0)]


def colony_rules(
    rules: RuleSet | str | None, spec: str | Sequence[str] | None,
    needed: dict[str, Iterable[int]] | None = None,
) -> RuleSet:
    """The rule set with ``colony=auto`` settled for this kingdom and these bots: ``yes`` when a
    bot names Platinum or Colony (as Geronimoo's simulator adds them), when ``spec`` is a preset
    or a card list of Prosperity cards only, or when it is a random kingdom whose first card
    drawn is from Prosperity (the Prosperity rulebook: "If only Kingdom cards from Prosperity
    are being used this game, then the Platinum and Colony piles are added"; with a mix, a
    random Kingdom card decides); otherwise unchanged (``auto`` then plays without them). The
    ``auto`` kingdom (only the cards the bots name) is not a dealt kingdom: it stays without.
    It also names Young Witch's Bane (rules ``bane``) as the spec deals it
    (:func:`resolve_kingdom_bane`), unless the rules name one."""
    rs = ruleset(rules)
    if not rs.bane:  # Young Witch's Bane, as the kingdom spec deals it (rules ``bane``)
        try:
            bane = resolve_kingdom_bane(spec, needed)[1]
        except LudolabError:
            bane = None  # a bad spec fails where it is resolved
        if bane is not None:
            rs = replace(rs, bane=CARDS[bane].name)
    if rs.colony != "auto":
        return rs
    colony = {card_id("Platinum"), card_id("Colony")}
    named = any(c in colony for cards in (needed or {}).values() for c in cards)
    first = first_random_card(spec, needed)
    if named or (first is not None and family(first) == "prosperity") or _all_prosperity(spec):
        return replace(rs, colony="yes")
    return rs


def _all_prosperity(spec: str | Sequence[str] | None) -> bool:
    """True when ``spec`` is a preset or a card list whose kingdom cards are all from
    Prosperity (``auto`` and random kingdoms: False; a bad spec too, it fails where it is
    resolved)."""
    if spec is None:
        return False
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key in ("", "auto") or key == "random" or key.startswith("random:"):
            return False
    try:
        kingdom = resolve_kingdom(spec)
    except LudolabError:
        return False
    return bool(kingdom) and all(family(c) == "prosperity" for c in kingdom)


def _random_seed(text: str) -> int:
    try:
        seed = int(text) if len(text) <= 40 else None
    except ValueError:
        seed = None
    if seed is None:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise LudolabError(f"random kingdom seed must be an integer, got {shown!r}")
    return _rng.check_seed(seed, "random kingdom seed")  # -1 once passed


def random_pool(sets_text: str) -> tuple[int, ...]:
    """The kingdom cards a ``random:sets=...`` kingdom draws from: the cards of the given set ids
    (comma-separated) whose rules the engine has, in id order."""
    from ludolab.games.dominion.engine import hooks  # lazy: the homes import the kernel

    names = [s.strip() for s in sets_text.split(",")]
    if not any(names):
        raise LudolabError(
            f"random:sets= names no set; e.g. random:sets=base2,intrigue2 (sets: "
            f"{', '.join(s for s in set_ids() if s != 'basic')})"
        )
    ids: set[int] = set()
    for name in names:
        key = check_set(name)
        if key == "basic":
            raise LudolabError("the basic cards are in every supply; random:sets= takes the "
                               "sets of kingdom cards (e.g. base2, intrigue2)")
        ids.update(set_cards(key))
    return tuple(c for c in sorted(ids) if hooks.has_rules(c))


def _looks_like_card(text: str) -> bool:
    try:
        card_id(text)
    except LudolabError:
        return False
    return True
