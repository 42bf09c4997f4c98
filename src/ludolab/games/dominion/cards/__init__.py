"""Declarative card data: one row per card.

Every card has a fixed integer id (its row in :data:`CARDS`), used by the engine's arrays and by
compiled bots. The plain effects (+Cards, +Actions, +Buys, +Coins, VP) are columns; a card whose
text needs more has ``special=True`` and one effect routine in the engine, keyed by its id.

Adding a card: append a row here (never renumber), and, if it is special, one effect routine.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntFlag

import numpy as np

from ludolab.errors import LudolabError, nearest


class CardType(IntFlag):
    """Card types as bits, so a card can be several (Action | Attack)."""

    TREASURE = 1
    VICTORY = 2
    CURSE = 4
    ACTION = 8
    ATTACK = 16
    REACTION = 32


T, V, C, A, ATK, R = (
    CardType.TREASURE,
    CardType.VICTORY,
    CardType.CURSE,
    CardType.ACTION,
    CardType.ATTACK,
    CardType.REACTION,
)


@dataclass(frozen=True, slots=True)
class Card:
    """One card's printed data."""

    id: int
    name: str
    cost: int
    types: CardType
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    vp: int = 0
    special: bool = False
    set: str = "base2"
    text: str = ""

    @property
    def is_action(self) -> bool:
        return bool(self.types & CardType.ACTION)

    @property
    def is_treasure(self) -> bool:
        return bool(self.types & CardType.TREASURE)

    @property
    def is_victory(self) -> bool:
        return bool(self.types & CardType.VICTORY)

    @property
    def is_attack(self) -> bool:
        return bool(self.types & CardType.ATTACK)

    @property
    def is_kingdom(self) -> bool:
        return self.set != "basic"


_ROWS: list[Card] = []


def _card(name: str, cost: int, types: CardType, **kw: object) -> None:
    _ROWS.append(Card(len(_ROWS), name, cost, types, **kw))  # type: ignore[arg-type]


# --- basic cards (ids 0-6) -------------------------------------------------------------------
_card("Copper", 0, T, coins=1, set="basic", text="$1")
_card("Silver", 3, T, coins=2, set="basic", text="$2")
_card("Gold", 6, T, coins=3, set="basic", text="$3")
_card("Estate", 2, V, vp=1, set="basic", text="1 VP")
_card("Duchy", 5, V, vp=3, set="basic", text="3 VP")
_card("Province", 8, V, vp=6, set="basic", text="6 VP")
_card("Curse", 0, C, vp=-1, set="basic", text="-1 VP")
# --- Dominion base set, second edition (ids 7-32) ---------------------------------------------
_card("Artisan", 6, A, special=True,
      text="Gain a card to your hand costing up to $5. Put a card from your hand onto your deck.")
_card("Bandit", 5, A | ATK, special=True,
      text="Gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a "
           "revealed Treasure other than Copper, and discards the rest.")
_card("Bureaucrat", 4, A | ATK, special=True,
      text="Gain a Silver onto your deck. Each other player reveals a Victory card from their "
           "hand and puts it onto their deck (or reveals a hand with no Victory cards).")
_card("Cellar", 2, A, actions=1, special=True,
      text="+1 Action. Discard any number of cards, then draw that many.")
_card("Chapel", 2, A, special=True, text="Trash up to 4 cards from your hand.")
_card("Council Room", 5, A, cards=4, buys=1, special=True,
      text="+4 Cards, +1 Buy. Each other player draws a card.")
_card("Festival", 5, A, actions=2, buys=1, coins=2, text="+2 Actions, +1 Buy, +$2.")
_card("Gardens", 4, V, special=True,
      text="Worth 1 VP per 10 cards you have (round down).")
_card("Harbinger", 3, A, cards=1, actions=1, special=True,
      text="+1 Card, +1 Action. Look through your discard pile. You may put a card from it "
           "onto your deck.")
_card("Laboratory", 5, A, cards=2, actions=1, text="+2 Cards, +1 Action.")
_card("Library", 5, A, special=True,
      text="Draw until you have 7 cards in hand, skipping any Action cards you choose to; set "
           "those aside, discarding them afterwards.")
_card("Market", 5, A, cards=1, actions=1, buys=1, coins=1,
      text="+1 Card, +1 Action, +1 Buy, +$1.")
_card("Merchant", 3, A, cards=1, actions=1, special=True,
      text="+1 Card, +1 Action. The first time you play a Silver this turn, +$1.")
_card("Militia", 4, A | ATK, coins=2, special=True,
      text="+$2. Each other player discards down to 3 cards in hand.")
_card("Mine", 5, A, special=True,
      text="You may trash a Treasure from your hand. Gain a Treasure to your hand costing up "
           "to $3 more than it.")
_card("Moat", 2, A | R, cards=2, special=True,
      text="+2 Cards. When another player plays an Attack card, you may first reveal this from "
           "your hand, to be unaffected by it.")
_card("Moneylender", 4, A, special=True,
      text="You may trash a Copper from your hand for +$3.")
_card("Poacher", 4, A, cards=1, actions=1, coins=1, special=True,
      text="+1 Card, +1 Action, +$1. Discard a card per empty Supply pile.")
_card("Remodel", 4, A, special=True,
      text="Trash a card from your hand. Gain a card costing up to $2 more than it.")
_card("Sentry", 5, A, cards=1, actions=1, special=True,
      text="+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or discard any "
           "number of them. Put the rest back on top in any order.")
_card("Smithy", 4, A, cards=3, text="+3 Cards.")
_card("Throne Room", 4, A, special=True,
      text="You may play an Action card from your hand twice.")
_card("Vassal", 3, A, coins=2, special=True,
      text="+$2. Discard the top card of your deck. If it's an Action card, you may play it.")
_card("Village", 3, A, cards=1, actions=2, text="+1 Card, +2 Actions.")
_card("Witch", 5, A | ATK, cards=2, special=True,
      text="+2 Cards. Each other player gains a Curse.")
_card("Workshop", 3, A, special=True, text="Gain a card costing up to $4.")
# --- first-edition cards the documents use (ids 33-38) ---------------------------------------
_card("Adventurer", 6, A, special=True, set="base1",
      text="Reveal cards from your deck until you reveal 2 Treasure cards. Put those Treasure "
           "cards into your hand and discard the other revealed cards.")
_card("Chancellor", 3, A, coins=2, special=True, set="base1",
      text="+$2. You may immediately put your deck into your discard pile.")
_card("Feast", 4, A, special=True, set="base1",
      text="Trash this card. Gain a card costing up to $5.")
_card("Spy", 4, A | ATK, cards=1, actions=1, special=True, set="base1",
      text="+1 Card, +1 Action. Each player (including you) reveals the top card of their deck "
           "and either discards it or puts it back, your choice.")
_card("Thief", 4, A | ATK, special=True, set="base1",
      text="Each other player reveals the top 2 cards of their deck. If they revealed any "
           "Treasure cards, they trash one of them that you choose. You may gain any or all of "
           "these trashed cards. They discard the other revealed cards.")
_card("Woodcutter", 3, A, buys=1, coins=2, set="base1", text="+1 Buy, +$2.")
# --- Intrigue (id 39) -------------------------------------------------------------------------
_card("Steward", 3, A, special=True, set="intrigue",
      text="Choose one: +2 Cards; or +$2; or trash 2 cards from your hand.")

#: All cards, indexed by id.
CARDS: tuple[Card, ...] = tuple(_ROWS)
NUM_CARDS = len(CARDS)
BY_NAME: dict[str, Card] = {c.name.lower(): c for c in CARDS}

COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE = range(7)
BASIC_IDS: tuple[int, ...] = tuple(range(7))
KINGDOM_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.is_kingdom)

# Columns of the numeric card table handed to the engine.
COL_COST, COL_TYPES, COL_CARDS, COL_ACTIONS, COL_BUYS, COL_COINS, COL_VP, COL_SPECIAL = range(8)
NUM_COLS = 8


def card_table() -> np.ndarray:
    """The ``(NUM_CARDS, NUM_COLS)`` int32 table the engine reads (see the ``COL_*`` names)."""
    t = np.zeros((NUM_CARDS, NUM_COLS), dtype=np.int32)
    for c in CARDS:
        t[c.id] = (c.cost, int(c.types), c.cards, c.actions, c.buys, c.coins, c.vp, int(c.special))
    return t


def card_id(name: str) -> int:
    """The id of a card by name (case-insensitive, spaces optional: "throneroom" works).

    Raises :class:`LudolabError` with the nearest valid name for an unknown card.
    """
    key = name.strip().lower()
    card = BY_NAME.get(key)
    if card is None:
        squashed = {n.replace(" ", ""): c for n, c in BY_NAME.items()}
        card = squashed.get(key.replace(" ", "").replace("_", "").replace("-", ""))
    if card is None:
        hint = nearest(name, [c.name for c in CARDS])
        extra = f"; did you mean {hint!r}?" if hint else "; see 'ludolab dominion cards'"
        raise LudolabError(f"unknown card {name!r}{extra}")
    return card.id


def card(name_or_id: str | int) -> Card:
    """A card by name or id."""
    if isinstance(name_or_id, int):
        return CARDS[name_or_id]
    return CARDS[card_id(name_or_id)]
