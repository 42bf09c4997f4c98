"""Declarative card data: one row per card.

Every card has a fixed integer id (its row in :data:`CARDS`), used by the engine's arrays and by
compiled bots. The plain effects are columns: +Cards, +Actions, +Buys, +Coins and VP now, and the
same amounts at the start of the player's next turn (``next_*``: a Duration such as Wharf or
Caravan, which the kernel keeps in play and pays through its waiting effects). A card whose text
needs more has ``special=True`` and a home (``cards/<set>/<card>.py``) holding its rule.

Adding a card: append a row here (never renumber), and, if it is special, its home.

Adding a column (a kind of plain effect a new set brings: a Reserve's call time, a Traveller's
next card, a Gathering pile): a ``Card`` field, the next ``COL_*`` number (``NUM_COLS`` grows by
one), its value in :func:`card_table`, the same literal in the kernel's restated contract
(``engine/kernel.py``; ``engine/__init__`` checks the two agree at import), its name in
``engine/layout.py``'s ``CARD_COLUMNS``, and the kernel step that reads it. A column whose effect
happens on play sets a bit of ``COL_SPECIAL`` (as :data:`SP_NEXT` does), so a card without it
costs the play loop nothing.
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
    DURATION = 64


T, V, C, A, ATK, R, D = (
    CardType.TREASURE,
    CardType.VICTORY,
    CardType.CURSE,
    CardType.ACTION,
    CardType.ATTACK,
    CardType.REACTION,
    CardType.DURATION,
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
    next_cards: int = 0  # at the start of the player's next turn (a Duration's plain half)
    next_actions: int = 0
    next_buys: int = 0
    next_coins: int = 0

    @property
    def waits(self) -> bool:
        """Does its play leave plain amounts for the start of the next turn (``next_*``)?"""
        return bool(self.next_cards or self.next_actions or self.next_buys or self.next_coins)

    @property
    def has_effect(self) -> bool:
        """Does its play do more than its now-columns: a home's rule or a next-turn part
        (the table's ``COL_SPECIAL`` is not 0)? Such a Treasure is played one at a time."""
        return self.special or self.waits

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
# --- Intrigue, second edition (id 39, then 40-64) ---------------------------------------------
# A card of both printings is in "intrigue2" (as the base set's are in "base2"); the six that
# only the first printing has are in "intrigue1" (ids 65-70). FIRST_PRINTING names the first
# printing's 25.
_card("Steward", 3, A, special=True, set="intrigue2",
      text="Choose one: +2 Cards; or +$2; or trash 2 cards from your hand.")
_card("Courtyard", 2, A, cards=3, special=True, set="intrigue2",
      text="+3 Cards. Put a card from your hand onto your deck.")
_card("Lurker", 2, A, actions=1, special=True, set="intrigue2",
      text="+1 Action. Choose one: Trash an Action card from the Supply; or gain an Action card "
           "from the trash.")
_card("Pawn", 2, A, special=True, set="intrigue2",
      text="Choose two: +1 Card; +1 Action; +1 Buy; +$1. The choices must be different.")
_card("Masquerade", 3, A, cards=2, special=True, set="intrigue2",
      text="+2 Cards. Each player with any cards in hand passes one to the next such player to "
           "their left, at once. Then you may trash a card from your hand.")
_card("Shanty Town", 3, A, actions=2, special=True, set="intrigue2",
      text="+2 Actions. Reveal your hand. If you have no Action cards in hand, +2 Cards.")
_card("Swindler", 3, A | ATK, coins=2, special=True, set="intrigue2",
      text="+$2. Each other player trashes the top card of their deck and gains a card with the "
           "same cost that you choose.")
_card("Wishing Well", 3, A, cards=1, actions=1, special=True, set="intrigue2",
      text="+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If you "
           "named it, put it into your hand.")
_card("Baron", 4, A, buys=1, special=True, set="intrigue2",
      text="+1 Buy. You may discard an Estate for +$4. If you don't, gain an Estate.")
_card("Bridge", 4, A, buys=1, coins=1, special=True, set="intrigue2",
      text="+1 Buy, +$1. This turn, cards (everywhere) cost $1 less.")
_card("Conspirator", 4, A, coins=2, special=True, set="intrigue2",
      text="+$2. If you've played 3 or more Actions this turn (counting this), +1 Card and "
           "+1 Action.")
_card("Diplomat", 4, A | R, cards=2, special=True, set="intrigue2",
      text="+2 Cards. If you have 5 or fewer cards in hand (after drawing), +2 Actions. When "
           "another player plays an Attack card, you may first reveal this from a hand of 5 or "
           "more cards, to draw 2 cards then discard 3.")
_card("Ironworks", 4, A, special=True, set="intrigue2",
      text="Gain a card costing up to $4. If the gained card is an... Action card, +1 Action; "
           "Treasure card, +$1; Victory card, +1 Card.")
_card("Mill", 4, A | V, cards=1, actions=1, vp=1, special=True, set="intrigue2",
      text="+1 Card, +1 Action. You may discard 2 cards, for +$2. 1 VP.")
_card("Mining Village", 4, A, cards=1, actions=2, special=True, set="intrigue2",
      text="+1 Card, +2 Actions. You may trash this for +$2.")
_card("Secret Passage", 4, A, cards=2, actions=1, special=True, set="intrigue2",
      text="+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck.")
_card("Courtier", 5, A, special=True, set="intrigue2",
      text="Reveal a card from your hand. For each type it has (Action, Attack, etc.), choose "
           "one: +1 Action; or +1 Buy; or +$3; or gain a Gold. The choices must be different.")
_card("Duke", 5, V, special=True, set="intrigue2",
      text="Worth 1 VP per Duchy you have.")
_card("Minion", 5, A | ATK, actions=1, special=True, set="intrigue2",
      text="+1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other player "
           "with at least 5 cards in hand discards their hand and draws 4 cards.")
_card("Patrol", 5, A, cards=3, special=True, set="intrigue2",
      text="+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses "
           "into your hand. Put the rest back in any order.")
_card("Replace", 5, A | ATK, special=True, set="intrigue2",
      text="Trash a card from your hand. Gain a card costing up to $2 more than it. If the "
           "gained card is an Action or Treasure, put it onto your deck; if it's a Victory "
           "card, each other player gains a Curse.")
_card("Torturer", 5, A | ATK, cards=3, special=True, set="intrigue2",
      text="+3 Cards. Each other player either discards 2 cards or gains a Curse to their hand, "
           "their choice. (They may pick an option they can't do.)")
_card("Trading Post", 5, A, special=True, set="intrigue2",
      text="Trash 2 cards from your hand. If you did, gain a Silver to your hand.")
_card("Upgrade", 5, A, cards=1, actions=1, special=True, set="intrigue2",
      text="+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly $1 "
           "more than it.")
_card("Farm", 6, T | V, coins=2, vp=2, set="intrigue2", text="$2. 2 VP. (First printing: Harem.)")
_card("Nobles", 6, A | V, vp=2, special=True, set="intrigue2",
      text="Choose one: +3 Cards; or +2 Actions. 2 VP.")
# --- Intrigue, first edition only (ids 65-70) -------------------------------------------------
_card("Secret Chamber", 2, A | R, special=True, set="intrigue1",
      text="Discard any number of cards. +$1 per card discarded. When another player plays an "
           "Attack card, you may reveal this from your hand. If you do, +2 Cards, then put 2 "
           "cards from your hand on top of your deck.")
_card("Great Hall", 3, A | V, cards=1, actions=1, vp=1, set="intrigue1",
      text="+1 Card, +1 Action. 1 VP.")
_card("Coppersmith", 4, A, special=True, set="intrigue1",
      text="Copper produces an extra $1 this turn.")
_card("Scout", 4, A, actions=1, special=True, set="intrigue1",
      text="+1 Action. Reveal the top 4 cards of your deck. Put the revealed Victory cards into "
           "your hand. Put the other cards on top of your deck in any order.")
_card("Saboteur", 5, A | ATK, special=True, set="intrigue1",
      text="Each other player reveals cards from the top of their deck until revealing one "
           "costing $3 or more. They trash that card and may gain a card costing at most $2 less "
           "than it. They discard the other revealed cards.")
_card("Tribute", 5, A, special=True, set="intrigue1",
      text="The player to your left reveals then discards the top 2 cards of their deck. For "
           "each differently named card revealed, if it is an... Action card, +2 Actions; "
           "Treasure card, +$2; Victory card, +2 Cards.")

# --- Prosperity: Platinum and Colony (ids 71-72) ----------------------------------------------
# Basic cards of a Colony game (the ``colony`` rules setting puts them in the Supply); never
# kingdom cards.
_card("Platinum", 9, T, coins=5, set="basic", text="$5")
_card("Colony", 11, V, vp=10, set="basic", text="10 VP")
# --- Prosperity, second edition (ids 73-97) ---------------------------------------------------
# A card of both printings is in "prosperity2"; the nine only the first printing has are in
# "prosperity1" (ids 98-106). FIRST_PRINTING_PROSPERITY names the first printing's 25.
_card("Anvil", 3, T, coins=1, special=True, set="prosperity2",
      text="$1. You may discard a Treasure to gain a card costing up to $4.")
_card("Watchtower", 3, A | R, special=True, set="prosperity2",
      text="Draw until you have 6 cards in hand. When you gain a card, you may reveal this from "
           "your hand, to either trash that card or put it onto your deck.")
_card("Bishop", 4, A, coins=1, special=True, set="prosperity2",
      text="+$1. +1 VP. Trash a card from your hand. +1 VP per $2 it costs (round down). Each "
           "other player may trash a card from their hand.")
_card("Clerk", 4, A | ATK | R, coins=2, special=True, set="prosperity2",
      text="+$2. Each other player with 5 or more cards in hand puts one onto their deck. At "
           "the start of your turn, you may play this from your hand.")
_card("Investment", 4, T, special=True, set="prosperity2",
      text="Trash a card from your hand. Choose one: +$1; or trash this to reveal your hand "
           "for +1 VP per differently named Treasure there.")
_card("Monument", 4, A, coins=2, special=True, set="prosperity2", text="+$2. +1 VP.")
_card("Quarry", 4, T, coins=1, special=True, set="prosperity2",
      text="$1. While this is in play, Action cards cost $2 less.")
_card("Tiara", 4, T, buys=1, special=True, set="prosperity2",
      text="+1 Buy. This turn, when you gain a card, you may put it onto your deck. You may "
           "play a Treasure from your hand twice.")
_card("Worker's Village", 4, A, cards=1, actions=2, buys=1, set="prosperity2",
      text="+1 Card, +2 Actions, +1 Buy.")
_card("Charlatan", 5, A | ATK, coins=3, special=True, set="prosperity2",
      text="+$3. Each other player gains a Curse. In games using this, Curse is also a "
           "Treasure worth $1.")
_card("City", 5, A, cards=1, actions=2, special=True, set="prosperity2",
      text="+1 Card, +2 Actions. If there are one or more empty Supply piles, +1 Card. If there "
           "are two or more, +1 Buy and +$1.")
_card("Collection", 5, T, coins=2, buys=1, special=True, set="prosperity2",
      text="$2. +1 Buy. This turn, when you gain an Action card, +1 VP.")
_card("Crystal Ball", 5, T, coins=1, special=True, set="prosperity2",
      text="$1. Look at the top card of your deck. You may trash it, discard it, or, if it's "
           "an Action or Treasure, play it.")
_card("Magnate", 5, A, special=True, set="prosperity2",
      text="Reveal your hand. +1 Card per Treasure in it.")
_card("Mint", 5, A, special=True, set="prosperity2",
      text="You may reveal a Treasure from your hand. Gain a copy of it. When you gain this, "
           "trash all non-Duration Treasures you have in play. (First printing: when you buy "
           "this, trash all Treasures you have in play.)")
_card("Rabble", 5, A | ATK, cards=3, special=True, set="prosperity2",
      text="+3 Cards. Each other player reveals the top 3 cards of their deck, discards the "
           "Actions and Treasures, and puts the rest back in any order they choose.")
_card("Vault", 5, A, cards=2, special=True, set="prosperity2",
      text="+2 Cards. Discard any number of cards for +$1 each. Each other player may discard "
           "2 cards, to draw a card.")
_card("War Chest", 5, T, special=True, set="prosperity2",
      text="The player to your left names a card. Gain a card costing up to $5 that hasn't "
           "been named for War Chests this turn.")
_card("Grand Market", 6, A, cards=1, actions=1, buys=1, coins=2, special=True,
      set="prosperity2",
      text="+1 Card, +1 Action, +1 Buy, +$2. You can't buy this if you have any Coppers in "
           "play.")
_card("Hoard", 6, T, coins=2, special=True, set="prosperity2",
      text="$2. This turn, when you gain a Victory card, if you bought it, gain a Gold. (First "
           "printing: while this is in play, when you buy a Victory card, gain a Gold.)")
_card("Bank", 7, T, special=True, set="prosperity2",
      text="+$1 per Treasure you have in play (counting this).")
_card("Expand", 7, A, special=True, set="prosperity2",
      text="Trash a card from your hand. Gain a card costing up to $3 more than it.")
_card("Forge", 7, A, special=True, set="prosperity2",
      text="Trash any number of cards from your hand. Gain a card with cost exactly equal to "
           "the total cost in $ of the trashed cards.")
_card("King's Court", 7, A, special=True, set="prosperity2",
      text="You may play an Action card from your hand three times.")
_card("Peddler", 8, A, cards=1, actions=1, coins=1, special=True, set="prosperity2",
      text="+1 Card, +1 Action, +$1. During your Buy phase, this costs $2 less per Action card "
           "you have in play.")
# --- Prosperity, first edition only (ids 98-106) ----------------------------------------------
_card("Contraband", 5, T, coins=3, buys=1, special=True, set="prosperity1",
      text="$3. +1 Buy. When you play this, the player to your left names a card. You can't buy "
           "that card this turn.")
_card("Counting House", 5, A, special=True, set="prosperity1",
      text="Look through your discard pile, reveal any number of Coppers from it, and put them "
           "into your hand.")
_card("Goons", 6, A | ATK, buys=1, coins=2, special=True, set="prosperity1",
      text="+1 Buy, +$2. Each other player discards down to 3 cards in hand. While this is in "
           "play, when you buy a card, +1 VP.")
_card("Loan", 3, T, coins=1, special=True, set="prosperity1",
      text="$1. When you play this, reveal cards from your deck until you reveal a Treasure. "
           "Discard it or trash it. Discard the other cards.")
_card("Mountebank", 5, A | ATK, coins=2, special=True, set="prosperity1",
      text="+$2. Each other player may discard a Curse. If they don't, they gain a Curse and a "
           "Copper.")
_card("Royal Seal", 5, T, coins=2, special=True, set="prosperity1",
      text="$2. While this is in play, when you gain a card, you may put that card onto your "
           "deck.")
_card("Talisman", 4, T, coins=1, special=True, set="prosperity1",
      text="$1. While this is in play, when you buy a card costing $4 or less that is not a "
           "Victory card, gain a copy of it.")
_card("Trade Route", 3, A, buys=1, special=True, set="prosperity1",
      text="+1 Buy. +$1 per token on the Trade Route mat. Trash a card from your hand. Setup: "
           "Put a token on each Victory card Supply pile. When a card is gained from that pile, "
           "move the token to the Trade Route mat.")
_card("Venture", 5, T, coins=1, special=True, set="prosperity1",
      text="$1. When you play this, reveal cards from your deck until you reveal a Treasure. "
           "Discard the other cards. Play that Treasure.")

# Seaside (ids 107-141). A card of both printings is in "seaside2"; the eight only the first
# printing has are in "seaside1" (ids 134-141). FIRST_PRINTING_SEASIDE names the first's 26.
# Durations (type D) stay in play until the clean-up of the last turn they do something.
_card("Haven", 2, A | D, cards=1, actions=1, special=True, set="seaside2",
      text="+1 Card, +1 Action. Set aside a card from your hand face down (under this). At the "
           "start of your next turn, put it into your hand.")
_card("Lighthouse", 2, A | D, actions=1, coins=1, next_coins=1, special=True, set="seaside2",
      text="+1 Action, +$1. At the start of your next turn: +$1. Until then, when another "
           "player plays an Attack card, it doesn't affect you.")
_card("Native Village", 2, A, actions=2, special=True, set="seaside2",
      text="+2 Actions. Choose one: Put the top card of your deck face down on your Native "
           "Village mat (you may look at those cards at any time); or put all the cards from "
           "your mat into your hand.")
_card("Astrolabe", 3, T | D, coins=1, buys=1, next_coins=1, next_buys=1, set="seaside2",
      text="Now and at the start of your next turn: $1, +1 Buy.")
_card("Fishing Village", 3, A | D, actions=2, coins=1, next_actions=1, next_coins=1,
      set="seaside2",
      text="+2 Actions, +$1. At the start of your next turn: +1 Action and +$1.")
_card("Lookout", 3, A, actions=1, special=True, set="seaside2",
      text="+1 Action. Look at the top 3 cards of your deck. Trash one of them. Discard one of "
           "them. Put the other one back on top.")
_card("Monkey", 3, A | D, special=True, set="seaside2",
      text="Until your next turn, when the player to your right gains a card, +1 Card. At the "
           "start of your next turn, +1 Card.")
_card("Sea Chart", 3, A, cards=1, actions=1, special=True, set="seaside2",
      text="+1 Card, +1 Action. Reveal the top card of your deck. If you have a copy of it in "
           "play, put it into your hand.")
_card("Smugglers", 3, A, special=True, set="seaside2",
      text="Gain a copy of a card costing up to $6 that the player to your right gained on their "
           "last turn.")
_card("Warehouse", 3, A, cards=3, actions=1, special=True, set="seaside2",
      text="+3 Cards, +1 Action. Discard 3 cards.")
_card("Blockade", 4, A | D | ATK, special=True, set="seaside2",
      text="Gain a card costing up to $4, setting it aside. At the start of your next turn, put it "
           "into your hand. While it's set aside, when another player gains a copy of it on "
           "their turn, they gain a Curse.")
_card("Caravan", 4, A | D, cards=1, actions=1, next_cards=1, set="seaside2",
      text="+1 Card, +1 Action. At the start of your next turn, +1 Card.")
_card("Cutpurse", 4, A | ATK, coins=2, special=True, set="seaside2",
      text="+$2. Each other player discards a Copper (or reveals a hand with no Copper).")
_card("Island", 4, A | V, vp=2, special=True, set="seaside2",
      text="Put this and a card from your hand onto your Island mat. 2 VP.")
_card("Sailor", 4, A | D, actions=1, special=True, set="seaside2",
      text="+1 Action. Once this turn, when you gain a Duration card, you may play it. At the "
           "start of your next turn, +$2 and you may trash a card from your hand.")
_card("Salvager", 4, A, buys=1, special=True, set="seaside2",
      text="+1 Buy. Trash a card from your hand. +$ equal to its cost.")
_card("Tide Pools", 4, A | D, cards=3, actions=1, special=True, set="seaside2",
      text="+3 Cards, +1 Action. At the start of your next turn, discard 2 cards.")
_card("Treasure Map", 4, A, special=True, set="seaside2",
      text="Trash this and a Treasure Map from your hand. If you trashed two Treasure Maps, gain "
           "4 Golds onto your deck.")
_card("Bazaar", 5, A, cards=1, actions=2, coins=1, set="seaside2",
      text="+1 Card, +2 Actions, +$1.")
_card("Corsair", 5, A | D | ATK, coins=2, special=True, set="seaside2",
      text="+$2. At the start of your next turn, +1 Card. Until then, each other player trashes "
           "the first Silver or Gold they play each turn.")
_card("Merchant Ship", 5, A | D, coins=2, next_coins=2, set="seaside2",
      text="Now and at the start of your next turn: +$2.")
_card("Outpost", 5, A | D, special=True, set="seaside2",
      text="You only draw 3 cards for your next hand. Take an extra turn after this one (but not "
           "a 3rd turn in a row).")
_card("Pirate", 5, A | D | R, special=True, set="seaside2",
      text="At the start of your next turn, gain a Treasure costing up to $6 to your hand. When "
           "any player gains a Treasure, you may play this from your hand.")
_card("Sea Witch", 5, A | D | ATK, cards=2, special=True, set="seaside2",
      text="+2 Cards. Each other player gains a Curse. At the start of your next turn, +2 Cards, "
           "then discard 2 cards.")
_card("Tactician", 5, A | D, special=True, set="seaside2",
      text="If you have at least one card in hand: Discard your hand, and at the start of your "
           "next turn, +5 Cards, +1 Action, and +1 Buy.")
_card("Treasury", 5, A, cards=1, actions=1, coins=1, special=True, set="seaside2",
      text="+1 Card, +1 Action, +$1. At the end of your Buy phase this turn, if you didn't gain a "
           "Victory card in it, you may put this onto your deck.")
_card("Wharf", 5, A | D, cards=2, buys=1, next_cards=2, next_buys=1, set="seaside2",
      text="Now and at the start of your next turn: +2 Cards and +1 Buy.")
_card("Ambassador", 3, A | ATK, special=True, set="seaside1",
      text="Reveal a card from your hand. Return up to 2 copies of it from your hand to the "
           "Supply. Then each other player gains a copy of it.")
_card("Embargo", 2, A, coins=2, special=True, set="seaside1",
      text="+$2. Trash this. If you did, add an Embargo token to a Supply pile. (For the rest of "
           "the game, when a player buys a card from that pile, they gain a Curse.)")
_card("Explorer", 5, A, special=True, set="seaside1",
      text="You may reveal a Province from your hand. If you do, gain a Gold to your hand. If you "
           "don't, gain a Silver to your hand.")
_card("Ghost Ship", 5, A | ATK, cards=2, special=True, set="seaside1",
      text="+2 Cards. Each other player with 4 or more cards in hand puts cards from their hand "
           "onto their deck until they have 3 cards in hand.")
_card("Navigator", 4, A, coins=2, special=True, set="seaside1",
      text="+$2. Look at the top 5 cards of your deck. Either discard all of them, or put them "
           "back on top of your deck in any order.")
_card("Pearl Diver", 2, A, cards=1, actions=1, special=True, set="seaside1",
      text="+1 Card, +1 Action. Look at the bottom card of your deck. You may put it on top.")
_card("Pirate Ship", 4, A | ATK, special=True, set="seaside1",
      text="Choose one: +$1 per Coin token on your Pirate Ship mat; or each other player reveals "
           "the top 2 cards of their deck, trashes one of those Treasures that you choose, and "
           "discards the rest, and then if anyone trashed a Treasure you add a Coin token to your "
           "Pirate Ship mat.")
_card("Sea Hag", 4, A | ATK, special=True, set="seaside1",
      text="Each other player discards the top card of their deck, then gains a Curse onto their "
           "deck.")

# Hinterlands (ids 142-176). The 17 cards of both printings and the 9 only the second printing
# (2022) has are in "hinterlands2" (ids 142-167), their text the second printing's; the 9 only
# the first printing (2011) had are in "hinterlands1" (ids 168-176). FIRST_PRINTING_HINTERLANDS
# names the first's 26. Where the first printing's text differs, the comment after a row says how
# (``edition`` chooses the rule: Farmland, Haggler, Trader, Fool's Gold's reaction).
_card("Crossroads", 2, A, special=True, set="hinterlands2",
      text="Reveal your hand. +1 Card per Victory card revealed. If this is the first time you "
           "played a Crossroads this turn, +3 Actions.")
_card("Fool's Gold", 2, T | R, special=True, set="hinterlands2",
      text="If this is the first time you played a Fool's Gold this turn, +$1, otherwise +$4. "
           "When another player gains a Province, you may trash this from your hand, to gain a "
           "Gold onto your deck.")  # 1st: "Worth $1 if ... otherwise worth $4"; Gold on the deck
_card("Develop", 3, A, special=True, set="hinterlands2",
      text="Trash a card from your hand. Gain two cards onto your deck, with one costing exactly "
           "$1 more than it, and one costing exactly $1 less than it, in either order.")
# 1st: "Gain a card costing exactly $1 more than it and a card costing exactly $1 less than it,
# in either order, putting them on top of your deck" (the same rule)
_card("Oasis", 3, A, cards=1, actions=1, coins=1, special=True, set="hinterlands2",
      text="+1 Card, +1 Action, +$1. Discard a card.")
_card("Scheme", 3, A, cards=1, actions=1, special=True, set="hinterlands2",
      text="+1 Card, +1 Action. This turn, you may put one of your Action cards onto your deck "
           "when you discard it from play.")
# 1st: "At the start of Clean-up this turn, you may choose an Action card you have in play. If
# you discard it from play this turn, put it on your deck."
_card("Tunnel", 3, V | R, vp=2, special=True, set="hinterlands2",
      text="2 VP. When you discard this other than during Clean-up, you may reveal it to gain a "
           "Gold.")
_card("Jack of All Trades", 4, A, special=True, set="hinterlands2",
      text="Gain a Silver. Look at the top card of your deck; you may discard it. Draw until you "
           "have 5 cards in hand. You may trash a non-Treasure card from your hand.")
# 1st: "Look at the top card of your deck; discard it or put it back." (the same choice)
_card("Spice Merchant", 4, A, special=True, set="hinterlands2",
      text="You may trash a Treasure from your hand to choose one: +2 Cards and +1 Action; or "
           "+1 Buy and +$2.")
_card("Trader", 4, A | R, special=True, set="hinterlands2",
      text="Trash a card from your hand. Gain a Silver per $1 it costs. When you gain a card, "
           "you may reveal this from your hand, to exchange the card for a Silver.")
# 1st: "When you would gain a card, you may reveal this from your hand. If you do, instead, gain
# a Silver." (a replacement: the card is never gained)
_card("Cartographer", 5, A, cards=1, actions=1, special=True, set="hinterlands2",
      text="+1 Card, +1 Action. Look at the top 4 cards of your deck. Discard any number of "
           "them, then put the rest back in any order.")
_card("Haggler", 5, A, coins=2, special=True, set="hinterlands2",
      text="+$2. This turn, when you gain a card, if you bought it, gain a cheaper non-Victory "
           "card.")
# 1st: "While this is in play, when you buy a card, gain a card costing less than it that is not
# a Victory card."
_card("Highway", 5, A, cards=1, actions=1, special=True, set="hinterlands2",
      text="+1 Card, +1 Action. While this is in play, cards cost $1 less.")
# 1st: "While this is in play, cards cost $1 less, but not less than $0." (the same rule: no cost
# goes below $0 under either printing's rules)
_card("Inn", 5, A, cards=2, actions=2, special=True, set="hinterlands2",
      text="+2 Cards, +2 Actions. Discard 2 cards. When you gain this, look through your discard "
           "pile, reveal any number of Action cards from it (which can include this), and "
           "shuffle them into your deck.")
_card("Margrave", 5, A | ATK, cards=3, buys=1, special=True, set="hinterlands2",
      text="+3 Cards, +1 Buy. Each other player draws a card, then discards down to 3 cards in "
           "hand.")
_card("Stables", 5, A, special=True, set="hinterlands2",
      text="You may discard a Treasure, for +3 Cards and +1 Action.")
_card("Border Village", 6, A, cards=1, actions=2, special=True, set="hinterlands2",
      text="+1 Card, +2 Actions. When you gain this, gain a cheaper card.")
# 1st: "When you gain this, gain a card costing less than this." (the same rule)
_card("Farmland", 6, V, vp=2, special=True, set="hinterlands2",
      text="2 VP. When you gain this, trash a card from your hand and gain a non-Farmland card "
           "costing exactly $2 more than it.")
# 1st: "When you buy this, trash a card from your hand. Gain a card costing exactly $2 more than
# the trashed card." (on buy, and a Farmland may be the gained card)
_card("Guard Dog", 3, A | R, cards=2, special=True, set="hinterlands2",
      text="+2 Cards. If you have 5 or fewer cards in hand, +2 Cards. When another player plays "
           "an Attack, you may first play this from your hand.")
_card("Nomads", 4, A, buys=1, coins=2, special=True, set="hinterlands2",
      text="+1 Buy, +$2. When you gain or trash this, +$2.")
_card("Trail", 4, A | R, cards=1, actions=1, special=True, set="hinterlands2",
      text="+1 Card, +1 Action. When you gain, trash, or discard this, other than in Clean-up, "
           "you may play it.")
_card("Weaver", 4, A | R, special=True, set="hinterlands2",
      text="Gain two Silvers or a card costing up to $4. When you discard this other than in "
           "Clean-up, you may play it.")
_card("Berserker", 5, A | ATK, special=True, set="hinterlands2",
      text="Gain a card costing less than this. Each other player discards down to 3 cards in "
           "hand. When you gain this, if you have an Action in play, play this.")
_card("Cauldron", 5, T | ATK, coins=2, buys=1, special=True, set="hinterlands2",
      text="$2, +1 Buy. The third time you gain an Action this turn, each other player gains a "
           "Curse.")
_card("Souk", 5, A, buys=1, special=True, set="hinterlands2",
      text="+1 Buy, +$7. -$1 per card in your hand. (You can't go below $0.) When you gain "
           "this, trash up to 2 cards from your hand.")
_card("Wheelwright", 5, A, cards=1, actions=1, special=True, set="hinterlands2",
      text="+1 Card, +1 Action. You may discard a card to gain an Action card costing as much as "
           "it or less.")
_card("Witch's Hut", 5, A | ATK, cards=4, special=True, set="hinterlands2",
      text="+4 Cards. Discard 2 cards, revealed. If they're both Actions, each other player gains "
           "a Curse.")
_card("Cache", 5, T, coins=3, special=True, set="hinterlands1",
      text="$3. When you gain this, gain two Coppers.")
_card("Duchess", 2, A, coins=2, special=True, set="hinterlands1",
      text="+$2. Each player (including you) looks at the top card of their deck, and discards it "
           "or puts it back. In games using this, when you gain a Duchy, you may gain a Duchess.")
_card("Embassy", 5, A, cards=5, special=True, set="hinterlands1",
      text="+5 Cards. Discard 3 cards. When you gain this, each other player gains a Silver.")
_card("Ill-Gotten Gains", 5, T, coins=1, special=True, set="hinterlands1",
      text="$1. When you play this, you may gain a Copper, putting it into your hand. When you "
           "gain this, each other player gains a Curse.")
_card("Mandarin", 5, A, coins=3, special=True, set="hinterlands1",
      text="+$3. Put a card from your hand on top of your deck. When you gain this, put all "
           "Treasures you have in play on top of your deck in any order.")
_card("Noble Brigand", 4, A | ATK, coins=1, special=True, set="hinterlands1",
      text="+$1. When you buy this or play it, each other player reveals the top 2 cards of their "
           "deck, trashes a revealed Silver or Gold you choose, and discards the rest. If they "
           "didn't reveal a Treasure, they gain a Copper. You gain the trashed cards.")
_card("Nomad Camp", 4, A, buys=1, coins=2, special=True, set="hinterlands1",
      text="+1 Buy, +$2. When you gain this, put it on top of your deck.")
_card("Oracle", 3, A | ATK, special=True, set="hinterlands1",
      text="Each player (including you) reveals the top 2 cards of their deck, and you choose "
           "one: either they discard them, or they put them back on top in an order they choose. "
           "Then +2 Cards.")
_card("Silk Road", 4, V, special=True, set="hinterlands1",
      text="Worth 1 VP for every 4 Victory cards you have (round down).")

#: All cards, indexed by id.
CARDS: tuple[Card, ...] = tuple(_ROWS)
NUM_CARDS = len(CARDS)
BY_NAME: dict[str, Card] = {c.name.lower(): c for c in CARDS}
#: Other printed names of a card (a renamed card is found by either name).
ALIASES: dict[str, str] = {"harem": "Farm"}
BY_NAME.update({alias: BY_NAME[name.lower()] for alias, name in ALIASES.items()})

#: The cards of each printing of a set that changed between printings (a set id names a printing):
#: the first printing of Intrigue kept 19 of the cards the second has and had 6 the second has not.
FIRST_PRINTING_INTRIGUE: tuple[str, ...] = (
    "Courtyard", "Pawn", "Masquerade", "Shanty Town", "Steward", "Swindler", "Wishing Well",
    "Baron", "Bridge", "Conspirator", "Ironworks", "Mining Village", "Duke", "Minion",
    "Torturer", "Trading Post", "Upgrade", "Farm", "Nobles",
    "Secret Chamber", "Great Hall", "Coppersmith", "Scout", "Saboteur", "Tribute",
)

FIRST_PRINTING_SEASIDE: tuple[str, ...] = (
    "Haven", "Lighthouse", "Native Village", "Fishing Village", "Lookout", "Smugglers",
    "Warehouse", "Caravan", "Cutpurse", "Island", "Salvager", "Treasure Map", "Bazaar",
    "Merchant Ship", "Outpost", "Tactician", "Treasury", "Wharf",
    "Embargo", "Pearl Diver", "Ambassador", "Navigator", "Pirate Ship", "Sea Hag", "Explorer",
    "Ghost Ship",
)

FIRST_PRINTING_HINTERLANDS: tuple[str, ...] = (
    "Crossroads", "Fool's Gold", "Develop", "Oasis", "Scheme", "Tunnel", "Jack of All Trades",
    "Spice Merchant", "Trader", "Cartographer", "Haggler", "Highway", "Inn", "Margrave",
    "Stables", "Border Village", "Farmland",
    "Cache", "Duchess", "Embassy", "Ill-Gotten Gains", "Mandarin", "Noble Brigand", "Nomad Camp",
    "Oracle", "Silk Road",
)

FIRST_PRINTING_PROSPERITY: tuple[str, ...] = (
    "Watchtower", "Bishop", "Monument", "Quarry", "Worker's Village", "City", "Mint", "Rabble",
    "Vault", "Grand Market", "Hoard", "Bank", "Expand", "Forge", "King's Court", "Peddler",
    "Contraband", "Counting House", "Goons", "Loan", "Mountebank", "Royal Seal", "Talisman",
    "Trade Route", "Venture",
)

COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE = range(7)
PLATINUM, COLONY = 71, 72
BASIC_IDS: tuple[int, ...] = tuple(range(7))
KINGDOM_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.is_kingdom)

# Columns of the numeric card table handed to the engine (see the module's docstring to add one).
COL_COST, COL_TYPES, COL_CARDS, COL_ACTIONS, COL_BUYS, COL_COINS, COL_VP, COL_SPECIAL = range(8)
COL_NEXT_CARDS, COL_NEXT_ACTIONS, COL_NEXT_BUYS, COL_NEXT_COINS = range(8, 12)
NUM_COLS = 12
#: Bits of ``COL_SPECIAL``: what a play does beyond the now-columns. ``SP_HOME``: its home's rule
#: (the ``play`` hook, an Attack's reactions); ``SP_NEXT``: the ``COL_NEXT_*`` amounts wait for the
#: start of the next turn. A plain card has 0, so the play loop tests one column for both.
SP_HOME = 1
SP_NEXT = 2


def _printing(set_id: str) -> tuple[int, ...]:
    if set_id == "intrigue1":
        return tuple(BY_NAME[n.lower()].id for n in FIRST_PRINTING_INTRIGUE)
    if set_id == "prosperity1":
        return tuple(BY_NAME[n.lower()].id for n in FIRST_PRINTING_PROSPERITY)
    if set_id == "seaside1":
        return tuple(BY_NAME[n.lower()].id for n in FIRST_PRINTING_SEASIDE)
    if set_id == "hinterlands1":
        return tuple(BY_NAME[n.lower()].id for n in FIRST_PRINTING_HINTERLANDS)
    if set_id == "base1":  # the first printing: the 19 it shares with the second, and its own 6
        shared = ("Bureaucrat", "Cellar", "Chapel", "Council Room", "Festival", "Gardens",
                  "Laboratory", "Library", "Market", "Militia", "Mine", "Moat", "Moneylender",
                  "Remodel", "Smithy", "Throne Room", "Village", "Witch", "Workshop")
        return tuple(sorted({BY_NAME[n.lower()].id for n in shared}
                            | {c.id for c in CARDS if c.set == "base1"}))
    return tuple(c.id for c in CARDS if c.set == set_id)


#: Each printing of each set (a set id names a printing): title and kingdom card ids. ``base1``
#: and ``intrigue1`` hold the cards their first printing had (the cards kept by the second printing
#: are listed under ``base2``/``intrigue2`` in their rows' ``set``).
SETS: dict[str, tuple[str, tuple[int, ...]]] = {
    "base2": ("Dominion (2nd ed.)", _printing("base2")),
    "base1": ("Dominion (1st ed.)", _printing("base1")),
    "intrigue2": ("Intrigue (2nd ed.)", _printing("intrigue2")),
    "intrigue1": ("Intrigue (1st ed.)", _printing("intrigue1")),
    "prosperity2": ("Prosperity (2nd ed.)", _printing("prosperity2")),
    "prosperity1": ("Prosperity (1st ed.)", _printing("prosperity1")),
    "seaside2": ("Seaside (2nd ed.)", _printing("seaside2")),
    "seaside1": ("Seaside (1st ed.)", _printing("seaside1")),
    "hinterlands2": ("Hinterlands (2nd ed.)", _printing("hinterlands2")),
    "hinterlands1": ("Hinterlands (1st ed.)", _printing("hinterlands1")),
}


def card_table() -> np.ndarray:
    """The ``(NUM_CARDS, NUM_COLS)`` int32 table the engine reads (see the ``COL_*`` names)."""
    t = np.zeros((NUM_CARDS, NUM_COLS), dtype=np.int32)
    for c in CARDS:
        sp = (SP_HOME if c.special else 0) | (SP_NEXT if c.waits else 0)
        t[c.id] = (c.cost, int(c.types), c.cards, c.actions, c.buys, c.coins, c.vp, sp,
                   c.next_cards, c.next_actions, c.next_buys, c.next_coins)
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
