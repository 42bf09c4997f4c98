"""Generated bots "BMU + X": Big Money Ultimate with one copy of a kingdom card X.

One such bot per kingdom card whose rules are in the engine (``hooks.playable()``), made on
demand from the library's Big Money Ultimate: the card's one buy entry, ``"X limit 1"``, goes
where a strong player would buy it (the rule of the card's class, :func:`placement`):

* a card costing $6 or more: before Gold (the first $6 buys it instead of Gold);
* a cheaper card: before Silver, after Gold and the late Duchy (the first hand that affords it
  and is not a Gold or endgame hand buys it instead of Silver);
* a Victory card that is no Action and no Treasure (Gardens, Duke): before Silver, only in the
  endgame (``gains_to_end <= 6``), where it scores like a Duchy and no longer costs money;
* overrides (:data:`OVERRIDES`): Chapel in the opening, on its cheaper hand
  (``turn <= 2 and coins <= 3``); Witch before Gold (the community's Witch Big Money).

The first two rules are where Geronimoo's DominionSim inserts the card of its generated
single-card bots, so the figures compare. Names: ``"BMU + Smithy"``, ``"Big Money Ultimate +
Smithy"``, any case and spacing, the card spelled as anywhere else (``"bmu+throneroom"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludolab.errors import LudolabError
from ludolab.games.dominion.bots.spec import BotSpec, Entry
from ludolab.games.dominion.cards import CARDS, card
from ludolab.games.dominion.kingdom import check_set, set_cards

#: the base bot every X bot extends (a library name)
BASE_BOT = "Big Money Ultimate"
#: the canonical spelling of an X bot's name: ``PREFIX + card``
PREFIX = "BMU + "

_NAME = re.compile(r"^\s*(?:bmu|big\s*money\s*ultimate)\s*\+\s*(?P<card>\S.*?)\s*$", re.I)


@dataclass(frozen=True)
class Placement:
    """Where an X bot buys its card: the ``entry`` goes right before the first buy entry for
    ``before`` (an unconditional Gold or Silver of Big Money Ultimate); ``rule`` says why."""

    entry: Entry
    before: str
    rule: str

    def text(self) -> str:
        """The placement in one line, e.g. ``Smithy limit 1, before Silver``."""
        cond = f" if {self.entry.condition}" if self.entry.condition else ""
        return f"{self.entry.card} limit 1{cond}, before {self.before}"


#: per-card placements that differ from their class's rule: (condition, before, why)
OVERRIDES: dict[str, tuple[str | None, str, str]] = {
    "Chapel": ("turn <= 2 and coins <= 3", "Silver",
               "in the opening, on its cheaper hand (a trasher)"),
    "Witch": (None, "Gold", "over the first Gold (as Witch Big Money)"),
}


def placement(name: str) -> Placement:
    """Where the X bot of card ``name`` buys it (see the module doc for the rules)."""
    c = card(name)
    if c.name in OVERRIDES:
        cond, before, why = OVERRIDES[c.name]
        return Placement(Entry(c.name, cond, 1), before, why)
    if c.is_victory and not c.is_action and not c.is_treasure:
        return Placement(Entry(c.name, "gains_to_end <= 6", 1), "Silver",
                         "in the endgame, where it scores (a Victory card)")
    if c.cost >= 6:
        return Placement(Entry(c.name, None, 1), "Gold", "instead of the first Gold (a $6+ card)")
    return Placement(Entry(c.name, None, 1), "Silver",
                     f"instead of the first Silver (a ${c.cost} card)")


def xbot_cards(sets: list[str] | tuple[str, ...] | None = None) -> list[str]:
    """The cards that have an X bot (kingdom cards with rules in the engine), in card order;
    ``sets`` keeps those of the given set ids (a printing such as ``intrigue1``, both printings
    of a set such as ``intrigue``: :func:`ludolab.games.dominion.kingdom.set_cards`)."""
    from ludolab.games.dominion.engine.hooks import playable  # lazy: numba

    ids = set(playable())
    chosen = check_sets(sets)
    if chosen:
        ids &= {c for s in chosen for c in set_cards(s)}
    return [c.name for c in CARDS if c.id in ids]


def check_sets(sets: list[str] | tuple[str, ...] | None) -> list[str]:
    """The set filter, lower-cased; an unknown set id is a one-line :class:`LudolabError` with
    the nearest one (:func:`ludolab.games.dominion.kingdom.check_set`)."""
    return [check_set(str(s)) for s in sets or ()]


def xbot_card(name: str) -> str | None:
    """The card of an X bot name (``"BMU + Smithy"`` -> ``"Smithy"``), None when ``name`` is no
    X bot name; a name of that shape with a card that has no X bot is a :class:`LudolabError`."""
    m = _NAME.match(name) if isinstance(name, str) else None
    if m is None:
        return None
    c = card(m.group("card"))  # an unknown card: the nearest card suggested
    if not c.is_kingdom:
        raise LudolabError(f"no X bot for {c.name!r}: X is a kingdom card (BMU + Smithy)")
    if c.name not in xbot_cards():
        raise LudolabError(f"no X bot for {c.name!r}: its rules are not in the engine yet")
    return c.name


def xbot_name(name: str) -> str:
    """The canonical name of card ``name``'s X bot: ``"BMU + Smithy"``."""
    return PREFIX + card(name).name


def xbot_spec(name: str) -> BotSpec:
    """The X bot of card ``name`` (a card name or an X bot name) as a :class:`BotSpec`."""
    from ludolab.games.dominion.bots.library import load_spec  # lazy: library imports this module

    cname = xbot_card(name) or xbot_card(PREFIX + name)
    assert cname is not None
    place = placement(cname)
    base = load_spec(BASE_BOT)
    at = next(i for i, e in enumerate(base.buy)
              if e.card == place.before and e.condition is None)
    buy = [*base.buy[:at], place.entry, *base.buy[at:]]
    return BotSpec(
        name=xbot_name(cname),
        description=f"Big Money Ultimate with one {cname}, bought {place.rule}.",
        source="generated from Big Money Ultimate (docs/bots.md, 'X Big Money for every card')",
        buy=[Entry(e.card, e.condition, e.limit) for e in buy],
        options=dict(base.options),
    )


def dominionsim_bmu(name: str | None = None) -> BotSpec:
    """DominionSim's own form of Big Money Ultimate, with one card ``name`` where its generated
    single-card bots put it (None: the bot without it): Province if ``money > 18``, Duchy if
    ``supply(Province) <= 4``, Estate if ``supply(Province) <= 2``, Gold, Duchy if
    ``supply(Province) <= 6``, Silver; "X if count(X) < 1" before Gold for a card costing $6 or
    more, else before Silver; ``never_lose_by_ending`` off. Its figures compare with
    DominionSim's (docs/bots.md, "In DominionSim's form")."""
    buy = [Entry("Province", "money > 18"), Entry("Duchy", "supply(Province) <= 4"),
           Entry("Estate", "supply(Province) <= 2")]
    x = card(name).name if name is not None else None
    one = [Entry(x, f"count({x}) < 1")] if x else []
    rich = x is not None and card(x).cost >= 6
    buy += (one if rich else []) + [Entry("Gold"), Entry("Duchy", "supply(Province) <= 6")]
    buy += ([] if rich else one) + [Entry("Silver")]
    return BotSpec(name=f"DS BMU + {x}" if x else "DS BMU", buy=buy,
                   description="DominionSim's Big Money Ultimate" + (f" with one {x}" if x else ""),
                   source="DominionSim's generated single-card bots (Geronimoo)",
                   options={"never_lose_by_ending": 0.0})
