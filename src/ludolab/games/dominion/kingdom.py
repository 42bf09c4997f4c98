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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ludolab.core import rng as _rng
from ludolab.errors import LudolabError, nearest
from ludolab.games.dominion.cards import BASIC_IDS, CARDS, KINGDOM_IDS, SETS, card_id
from ludolab.games.dominion.rules import RuleSet, ruleset


@dataclass(frozen=True)
class KingdomPreset:
    """A recommended kingdom: its rulebook title, the printings it uses and its ten cards."""

    name: str
    title: str
    sets: tuple[str, ...]
    cards: tuple[str, ...]


_BASE2 = "Dominion (2nd ed.) rulebook"
_INTRIGUE2 = "Intrigue (2nd ed.) rulebook"
_INTRIGUE1 = "Intrigue (1st ed.) rulebook"

#: The recommended kingdoms of the rulebooks, by name (lower case, words joined by ``-``): the
#: base set's second edition, and Intrigue's, Prosperity's and Seaside's both printings (alone and
#: with the base set; Prosperity's and Seaside's second also with Intrigue). A
#: title both Intrigue printings use names the second printing's kingdom; the first printing's
#: ends in ``-1st``. Cards as printed in each rulebook's "Recommended Sets of 10" (the Dominion
#: Strategy wiki's Intrigue page lists the same).
PRESET_INFO: dict[str, KingdomPreset] = {p.name: p for p in (
    KingdomPreset("first-game", "First Game", ("base2",), (
        "Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village",
        "Workshop")),
    KingdomPreset("size-distortion", "Size Distortion", ("base2",), (
        "Artisan", "Bandit", "Bureaucrat", "Chapel", "Festival", "Gardens", "Sentry",
        "Throne Room", "Witch", "Workshop")),
    KingdomPreset("deck-top", "Deck Top", ("base2",), (
        "Artisan", "Bureaucrat", "Council Room", "Festival", "Harbinger", "Laboratory",
        "Moneylender", "Sentry", "Vassal", "Village")),
    KingdomPreset("sleight-of-hand", "Sleight of Hand", ("base2",), (
        "Cellar", "Council Room", "Festival", "Gardens", "Library", "Harbinger", "Militia",
        "Poacher", "Smithy", "Throne Room")),
    KingdomPreset("improvements", "Improvements", ("base2",), (
        "Artisan", "Cellar", "Market", "Merchant", "Mine", "Moat", "Moneylender", "Poacher",
        "Remodel", "Witch")),
    KingdomPreset("silver-and-gold", "Silver & Gold", ("base2",), (
        "Bandit", "Bureaucrat", "Chapel", "Harbinger", "Laboratory", "Merchant", "Mine",
        "Moneylender", "Throne Room", "Vassal")),
    # Intrigue, second printing: alone
    KingdomPreset("victory-dance", "Victory Dance", ("intrigue2",), (
        "Baron", "Courtier", "Duke", "Farm", "Ironworks", "Masquerade", "Mill", "Nobles",
        "Patrol", "Replace")),
    KingdomPreset("the-plot-thickens", "The Plot Thickens", ("intrigue2",), (
        "Conspirator", "Ironworks", "Lurker", "Pawn", "Mining Village", "Secret Passage",
        "Steward", "Swindler", "Torturer", "Trading Post")),
    KingdomPreset("best-wishes", "Best Wishes", ("intrigue2",), (
        "Baron", "Conspirator", "Courtyard", "Diplomat", "Duke", "Secret Passage", "Shanty Town",
        "Torturer", "Upgrade", "Wishing Well")),
    # Intrigue, second printing, with the base set's second edition
    KingdomPreset("underlings", "Underlings", ("intrigue2", "base2"), (
        "Courtier", "Diplomat", "Minion", "Nobles", "Pawn", "Cellar", "Festival", "Library",
        "Sentry", "Vassal")),
    KingdomPreset("grand-scheme", "Grand Scheme", ("intrigue2", "base2"), (
        "Bridge", "Mill", "Mining Village", "Patrol", "Shanty Town", "Artisan", "Council Room",
        "Market", "Militia", "Workshop")),
    KingdomPreset("deconstruction", "Deconstruction", ("intrigue2", "base2"), (
        "Diplomat", "Farm", "Lurker", "Replace", "Swindler", "Bandit", "Mine", "Remodel",
        "Throne Room", "Village")),
    # Intrigue, first printing: alone
    KingdomPreset("victory-dance-1st", "Victory Dance (1st ed.)", ("intrigue1",), (
        "Bridge", "Duke", "Farm", "Ironworks", "Masquerade", "Nobles", "Pawn", "Upgrade",
        "Great Hall", "Scout")),
    KingdomPreset("secret-schemes", "Secret Schemes", ("intrigue1",), (
        "Conspirator", "Farm", "Ironworks", "Pawn", "Shanty Town", "Steward", "Swindler",
        "Trading Post", "Saboteur", "Tribute")),
    KingdomPreset("best-wishes-1st", "Best Wishes (1st ed.)", ("intrigue1",), (
        "Courtyard", "Masquerade", "Shanty Town", "Steward", "Torturer", "Trading Post",
        "Upgrade", "Wishing Well", "Coppersmith", "Scout")),
    # Intrigue, first printing, with the base set's first edition
    KingdomPreset("deconstruction-1st", "Deconstruction (1st ed.)", ("intrigue1", "base1"), (
        "Remodel", "Throne Room", "Spy", "Thief", "Bridge", "Mining Village", "Swindler",
        "Torturer", "Saboteur", "Secret Chamber")),
    KingdomPreset("hand-madness", "Hand Madness", ("intrigue1", "base1"), (
        "Bureaucrat", "Council Room", "Militia", "Mine", "Chancellor", "Courtyard", "Minion",
        "Nobles", "Steward", "Torturer")),
    KingdomPreset("underlings-1st", "Underlings (1st ed.)", ("intrigue1", "base1"), (
        "Cellar", "Festival", "Library", "Witch", "Baron", "Masquerade", "Minion", "Nobles",
        "Pawn", "Steward")),
    # Prosperity. The rulebooks play these with Platinum and Colony (`--rules colony=yes`).
    # Source: the "official kingdoms" data of a public Dominion randomizer (read in the code
    # index; the rulebook PDFs themselves were not at hand to check against): the second
    # printing (2022) kept six of the first printing's nine titles, with second-printing cards
    # (and the second editions of the base set and Intrigue); the first printing's (2010) nine
    # use the first editions (Adventurer, Spy, Chancellor; Great Hall, Coppersmith, Tribute). A
    # title both printings use names the second's, "-1st" the first's.
    KingdomPreset("beginners", "Beginners", ("prosperity2",), (
        "Bank", "Clerk", "Crystal Ball", "Expand", "Magnate", "Monument", "Rabble", "Tiara",
        "Watchtower", "Worker's Village")),
    KingdomPreset("friendly-interactive", "Friendly Interactive", ("prosperity2",), (
        "Bishop", "City", "Collection", "Forge", "Hoard", "Peddler", "Tiara", "Vault",
        "War Chest", "Worker's Village")),
    KingdomPreset("biggest-money", "Biggest Money", ("prosperity2", "base2"), (
        "Bank", "Crystal Ball", "Grand Market", "Mint", "Tiara", "Artisan", "Harbinger",
        "Laboratory", "Mine", "Moneylender")),
    KingdomPreset("the-kings-army", "The King's Army", ("prosperity2", "base2"), (
        "Collection", "Expand", "King's Court", "Rabble", "Vault", "Bureaucrat", "Council Room",
        "Merchant", "Moat", "Village")),
    KingdomPreset("paths-to-victory", "Paths to Victory", ("prosperity2", "intrigue2"), (
        "Bishop", "Collection", "Magnate", "Monument", "Peddler", "Baron", "Farm", "Pawn",
        "Shanty Town", "Upgrade")),
    KingdomPreset("lucky-seven", "Lucky Seven", ("prosperity2", "intrigue2"), (
        "Bank", "Expand", "Forge", "King's Court", "Tiara", "Baron", "Mining Village", "Patrol",
        "Upgrade", "Wishing Well")),
    KingdomPreset("beginners-1st", "Beginners (1st ed.)", ("prosperity1",), (
        "Bank", "Counting House", "Expand", "Goons", "Monument", "Rabble", "Royal Seal",
        "Venture", "Watchtower", "Worker's Village")),
    KingdomPreset("friendly-interactive-1st", "Friendly Interactive (1st ed.)", ("prosperity1",), (
        "Bishop", "City", "Contraband", "Forge", "Hoard", "Peddler", "Royal Seal", "Trade Route",
        "Vault", "Worker's Village")),
    KingdomPreset("big-actions", "Big Actions", ("prosperity1",), (
        "City", "Expand", "Grand Market", "King's Court", "Loan", "Mint", "Quarry", "Rabble",
        "Talisman", "Vault")),
    KingdomPreset("biggest-money-1st", "Biggest Money (1st ed.)", ("prosperity1", "base1"), (
        "Bank", "Grand Market", "Mint", "Royal Seal", "Venture", "Adventurer", "Laboratory",
        "Mine", "Moneylender", "Spy")),
    KingdomPreset("the-kings-army-1st", "The King's Army (1st ed.)", ("prosperity1", "base1"), (
        "Expand", "Goons", "King's Court", "Rabble", "Vault", "Bureaucrat", "Council Room",
        "Moat", "Spy", "Village")),
    KingdomPreset("the-good-life", "The Good Life", ("prosperity1", "base1"), (
        "Contraband", "Counting House", "Hoard", "Monument", "Mountebank", "Bureaucrat",
        "Cellar", "Chancellor", "Gardens", "Village")),
    KingdomPreset("paths-to-victory-1st", "Paths to Victory (1st ed.)",
                  ("prosperity1", "intrigue1"), (
        "Bishop", "Counting House", "Goons", "Monument", "Peddler", "Baron", "Farm", "Pawn",
        "Shanty Town", "Upgrade")),
    KingdomPreset("all-along-the-watchtower", "All Along the Watchtower",
                  ("prosperity1", "intrigue1"), (
        "Hoard", "Talisman", "Trade Route", "Vault", "Watchtower", "Bridge", "Great Hall",
        "Mining Village", "Pawn", "Torturer")),
    KingdomPreset("lucky-seven-1st", "Lucky Seven (1st ed.)", ("prosperity1", "intrigue1"), (
        "Bank", "Expand", "Forge", "King's Court", "Vault", "Bridge", "Coppersmith", "Swindler",
        "Tribute", "Wishing Well")),
    # Seaside (helper S1). Sources: the rulebooks' recommended sets as two public Dominion
    # randomizers list them (read in the code index; the rulebook PDFs and the wiki's "Seaside"
    # page were not at hand in full): the second printing (2022) has six - two of Seaside alone,
    # two with the base set's second edition, two with Intrigue's second printing (both lists
    # agree card for card); the first printing (2009) has three of Seaside alone and three
    # with the base set's first edition (Adventurer, Spy, Chancellor). A title both printings
    # use names the second's, "-1st" the first's; "Shipwrecks" is the first printing's only.
    KingdomPreset("high-seas", "High Seas", ("seaside2",), (
        "Bazaar", "Blockade", "Caravan", "Corsair", "Haven", "Island", "Lookout", "Pirate",
        "Warehouse", "Wharf")),
    KingdomPreset("buried-treasure", "Buried Treasure", ("seaside2",), (
        "Astrolabe", "Cutpurse", "Fishing Village", "Lighthouse", "Monkey", "Outpost", "Sailor",
        "Sea Chart", "Tactician", "Treasure Map")),
    KingdomPreset("reach-for-tomorrow", "Reach for Tomorrow", ("seaside2", "base2"), (
        "Cutpurse", "Lookout", "Monkey", "Sea Witch", "Treasure Map", "Artisan", "Cellar",
        "Council Room", "Vassal", "Village")),
    KingdomPreset("repetition", "Repetition", ("seaside2", "base2"), (
        "Caravan", "Outpost", "Pirate", "Sea Chart", "Treasury", "Festival", "Harbinger",
        "Militia", "Remodel", "Workshop")),
    KingdomPreset("a-star-to-steer-by", "A Star to Steer By", ("seaside2", "intrigue2"), (
        "Bazaar", "Lookout", "Monkey", "Tide Pools", "Treasure Map", "Courtier", "Diplomat",
        "Secret Passage", "Swindler", "Wishing Well")),
    KingdomPreset("shore-patrol", "Shore Patrol", ("seaside2", "intrigue2"), (
        "Cutpurse", "Island", "Lighthouse", "Sea Chart", "Wharf", "Patrol", "Pawn", "Replace",
        "Shanty Town", "Trading Post")),
    KingdomPreset("high-seas-1st", "High Seas (1st ed.)", ("seaside1",), (
        "Bazaar", "Caravan", "Embargo", "Explorer", "Haven", "Island", "Lookout", "Pirate Ship",
        "Smugglers", "Wharf")),
    KingdomPreset("buried-treasure-1st", "Buried Treasure (1st ed.)", ("seaside1",), (
        "Ambassador", "Cutpurse", "Fishing Village", "Lighthouse", "Outpost", "Pearl Diver",
        "Tactician", "Treasure Map", "Warehouse", "Wharf")),
    KingdomPreset("shipwrecks", "Shipwrecks", ("seaside1",), (
        "Ghost Ship", "Merchant Ship", "Native Village", "Navigator", "Pearl Diver", "Salvager",
        "Sea Hag", "Smugglers", "Treasury", "Warehouse")),
    KingdomPreset("reach-for-tomorrow-1st", "Reach for Tomorrow (1st ed.)",
                  ("seaside1", "base1"), (
        "Cutpurse", "Ghost Ship", "Lookout", "Sea Hag", "Treasure Map", "Adventurer", "Cellar",
        "Council Room", "Spy", "Village")),
    KingdomPreset("repetition-1st", "Repetition (1st ed.)", ("seaside1", "base1"), (
        "Caravan", "Explorer", "Outpost", "Pearl Diver", "Pirate Ship", "Treasury", "Chancellor",
        "Festival", "Militia", "Workshop")),
    KingdomPreset("give-and-take", "Give and Take", ("seaside1", "base1"), (
        "Ambassador", "Fishing Village", "Haven", "Island", "Salvager", "Smugglers", "Library",
        "Market", "Moneylender", "Witch")),
)}
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
}
#: Titles of the set ids that are not a printing in ``cards.SETS``.
_OTHER_TITLES = {"basic": "Basic cards (in every game)", "base": "Dominion (both printings)",
                 "intrigue": "Intrigue (both printings)",
                 "prosperity": "Prosperity (both printings)",
                 "seaside": "Seaside (both printings)"}


def set_ids() -> tuple[str, ...]:
    """Every set id: ``basic``, each printing (``cards.SETS``), and each set's both printings."""
    out = ["basic"]
    for family, printings in SET_FAMILIES.items():
        out.extend(p for p in sorted(printings) if p in SETS)
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


def editions(cid: int) -> str:
    """The printings of its set that have card ``cid``: ``"1"``, ``"2"`` or ``"1+2"`` (a basic
    card is in every game: ``"1+2"``)."""
    if CARDS[cid].set == "basic":
        return "1+2"
    for printings in SET_FAMILIES.values():
        have = [p[-1] for p in printings if cid in SETS[p][1]]
        if have:
            return "+".join(sorted(have))
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
    """The kingdom card ids for ``spec`` (see the module docstring).

    ``needed`` maps a bot name to the kingdom cards it names; every one must be in the kingdom.
    """
    needed = needed or {}
    required = sorted({c for cards in needed.values() for c in cards if c in KINGDOM_IDS})
    if spec is None or (isinstance(spec, str) and spec.strip().lower() in ("", "auto")):
        return required
    if isinstance(spec, str):
        key = spec.strip().lower()
        preset = key.replace(" ", "-").replace("_", "-")
        if preset in PRESETS:
            kingdom = [card_id(n) for n in PRESETS[preset]]
        elif key == "random" or key.startswith("random:"):
            rest = key.partition(":")[2]
            pool: Sequence[int] = RANDOM_POOL
            if rest.startswith("sets="):
                sets_text, _, seed_text = rest[len("sets="):].partition(":")
                pool = random_pool(sets_text)
            else:
                seed_text = rest
            seed = _random_seed(seed_text or "0")
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
    rest = key.partition(":")[2]
    pool: Sequence[int] = RANDOM_POOL
    if rest.startswith("sets="):
        sets_text, _, seed_text = rest[len("sets="):].partition(":")
        pool = random_pool(sets_text)
    else:
        seed_text = rest
    seed = _random_seed(seed_text or "0")
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
    ``auto`` kingdom (only the cards the bots name) is not a dealt kingdom: it stays without."""
    rs = ruleset(rules)
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
