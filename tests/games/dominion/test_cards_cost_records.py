"""Rulebook situations: the Hinterlands, Cornucopia and Guilds homes that compare costs, in a game
with Potion costs.

A cost is a record (coins, Potions). Wiki "Potion": "$P is orthogonal to $ in a cost; thus,
although a card with a cost of $XP is considered to cost 'more' than a card costing $X or less
with no $P, costs of, e.g., $4 and $3P are incomparable"; "most Workshop variants can't gain
cards with $P costs at all"; "many trash-for-benefit cards ... only consider the cost in $". So an
exact cost keeps the Potion (Develop on $3P: $4P and $2P), "up to $X more than it" keeps it
(Taxman, Butcher, Wheelwright), "cheaper / costing less than" compares both parts (less than $3P:
$3 and $2P; less than $5: never a Potion cost), and a count per $1 counts coins only (Trader).
The kingdom's Alchemy cards: Herbalist $2, University and Apothecary $2P, Familiar and
Philosopher's Stone $3P, Golem $4P; Potion $4.
"""

from __future__ import annotations

from cardtools import DK, C, arrange, buy, coffers, expect, pend, situation, start

NAMES = ("Familiar", "University", "Apothecary", "Golem", "Herbalist", "Village", "Smithy")


def names(options: tuple) -> set[str]:
    """The options' card names (-1 left out)."""
    from ludolab.games.dominion.cards import CARDS
    return {CARDS[o].name for o in options if o >= 0}


# --- Develop -------------------------------------------------------------------------------------
def test_develop_on_a_potion_card_gains_the_potion_costs_each_side():
    """Develop: "gain a card costing exactly $1 more than it, and one costing exactly $1 less
    than it": trashing Familiar ($3P) gains a $4P card (Golem, not Smithy $4) and a $2P card
    (University or Apothecary, not Herbalist $2 nor Village $3)."""
    g = situation(["Develop", *NAMES], hand=["Develop", "Familiar", "Copper"], deck=["Estate"])
    g.answer(C("Develop"))
    g.answer(C("Familiar"))
    assert pend(g)[1:3] == (DK.MODE, C("Develop"))  # both costs have a card: the order
    g.answer(0)  # the cheaper card first, so the dearer ends on top
    d = pend(g)
    assert d[1:3] == (DK.GAIN, C("Develop")) and names(d[5]) == {"University", "Apothecary"}
    g.answer(C("University"))  # then Golem, the only $4P card: no decision
    expect(g, 0, deck=["Golem", "University", "Estate"])
    assert g.trash() == {"Familiar": 1}


def test_develop_on_a_coin_card_never_gains_a_potion_card():
    """Develop on Village ($3): $4 and $2 cards only (Smithy and Potion; Estate and Herbalist),
    never University ($2P) nor Golem ($4P)."""
    g = situation(["Develop", *NAMES], hand=["Develop", "Village", "Copper"], deck=["Estate"])
    g.answer(C("Develop"))
    g.answer(C("Village"))
    g.answer(1)  # the dearer first
    d = pend(g)
    assert names(d[5]) == {"Smithy", "Potion"}
    g.answer(C("Smithy"))
    d = pend(g)
    assert names(d[5]) == {"Estate", "Herbalist"}


# --- Border Village, Haggler, Berserker, Stonemason: "cheaper" -------------------------------
def test_border_village_gained_offers_no_potion_card():
    """Border Village: "When you gain this, gain a cheaper card": a card costing less than $6,
    and a $2P or $3P cost is not less than $6 (incomparable: wiki "Potion")."""
    g = start(["Border Village", *NAMES])
    g.setup(0, hand=["Gold", "Gold"], deck=["Copper"] * 5, discard=[])
    buy(g, "Border Village")
    d = pend(g)
    assert (d[1], d[2], d[3]) == (DK.GAIN, C("Border Village"), 5)
    assert names(d[5]) == {"Copper", "Silver", "Estate", "Duchy", "Curse", "Potion", "Herbalist",
                           "Village", "Smithy"}


def test_haggler_on_a_potion_card_gains_a_card_cheaper_in_either_part():
    """Haggler: "when you gain a card, if you bought it, gain a cheaper non-Victory card":
    bought Familiar ($3P): $3 (Silver, Village), $2P (University, Apothecary) and less are
    cheaper; $4 (Smithy, Potion) is not (incomparable), nor Estate (a Victory card)."""
    g = start(["Haggler", *NAMES])
    g.setup(0, hand=["Haggler", "Potion", "Copper"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Haggler"))
    buy(g, "Familiar")
    d = pend(g)
    assert (d[1], d[2], d[4]) == (DK.GAIN, C("Haggler"), C("Familiar"))
    assert names(d[5]) == {"Copper", "Curse", "Silver", "Village", "Herbalist", "University",
                           "Apothecary"}
    g.answer(C("University"))
    discard = g.zones(0)["discard"]  # (the turn has ended: its cards are discarded too)
    assert discard["Familiar"] == 1 and discard["University"] == 1


def test_berserker_never_gains_a_potion_card():
    """Berserker ($5): "Gain a card costing less than this": Familiar ($3P) and University ($2P)
    are not cheaper than $5."""
    g = situation(["Berserker", *NAMES], hand=["Berserker"], deck=["Copper"],
                  other={"hand": ["Copper"] * 3, "deck": [], "discard": []})
    g.answer(C("Berserker"))
    d = pend(g)
    assert (d[1], d[2]) == (DK.GAIN, C("Berserker"))
    assert names(d[5]) == {"Copper", "Silver", "Estate", "Curse", "Potion", "Herbalist",
                           "Village", "Smithy"}


def test_stonemason_on_a_potion_card_gains_cards_cheaper_in_either_part():
    """Stonemason: "Trash a card from your hand. Gain 2 cards each costing less than it":
    trashing Familiar ($3P): $3, $2P and less, not Smithy ($4) nor Golem ($4P)."""
    g = situation(["Stonemason", *NAMES], hand=["Stonemason", "Familiar"], deck=["Copper"])
    g.answer(C("Stonemason"))
    d = pend(g)
    assert (d[1], d[2], d[4]) == (DK.GAIN, C("Stonemason"), C("Familiar"))
    assert names(d[5]) == {"Copper", "Curse", "Estate", "Silver", "Village", "Herbalist",
                           "Stonemason", "University", "Apothecary"}
    g.answer(C("University"))
    g.answer(C("Silver"))
    expect(g, 0, discard={"University": 1, "Silver": 1})


def test_stonemason_on_gold_gains_no_potion_card():
    """Stonemason trashing Gold ($6): cards costing less than $6, none with a Potion."""
    g = situation(["Stonemason", *NAMES], hand=["Stonemason", "Gold"], deck=["Copper"])
    g.answer(C("Stonemason"))
    d = pend(g)
    assert not names(d[5]) & {"University", "Apothecary", "Familiar", "Golem"}
    assert {"Duchy", "Potion", "Smithy"} <= names(d[5])


# --- Wheelwright, Taxman, Butcher: "up to" a card's cost -----------------------------------------
def test_wheelwright_discarding_a_potion_card_reaches_potion_actions():
    """Wheelwright: "discard a card to gain an Action card costing as much as it or less":
    discarding Familiar ($3P): Actions up to $3P (Familiar, University, Apothecary, Village,
    Herbalist), not Smithy ($4) nor Golem ($4P)."""
    g = situation(["Wheelwright", *NAMES], hand=["Wheelwright", "Familiar"], deck=["Copper"])
    g.answer(C("Wheelwright"))
    g.answer(C("Familiar"))
    d = pend(g)
    assert (d[1], d[2], d[4]) == (DK.GAIN, C("Wheelwright"), C("Familiar"))
    assert names(d[5]) == {"Familiar", "University", "Apothecary", "Village", "Herbalist"}


def test_wheelwright_discarding_silver_reaches_no_potion_action():
    """Wheelwright discarding Silver ($3): Village and Herbalist, not Familiar ($3P)."""
    g = situation(["Wheelwright", *NAMES], hand=["Wheelwright", "Silver"], deck=["Copper"])
    g.answer(C("Wheelwright"))
    g.answer(C("Silver"))
    assert names(pend(g)[5]) == {"Village", "Herbalist"}


def test_taxman_on_silver_gains_no_potion_treasure():
    """Taxman: "Gain a Treasure card costing up to $3 more than the trashed card": from Silver,
    up to $6: Gold and Potion ($4), never Philosopher's Stone ($3P)."""
    g = situation(["Taxman", "Philosopher's Stone", *NAMES], hand=["Taxman", "Silver"],
                  deck=["Estate"], other={"hand": ["Copper"] * 4, "deck": [], "discard": []})
    g.answer(C("Taxman"))
    g.answer(C("Silver"))
    d = pend(g)
    assert (d[1], d[2], d[4]) == (DK.GAIN, C("Taxman"), C("Silver"))
    assert names(d[5]) == {"Copper", "Silver", "Gold", "Potion"}


def test_taxman_on_philosophers_stone_reaches_the_potion_costs():
    """Taxman trashing Philosopher's Stone ($3P): Treasures up to $6P, itself included."""
    g = situation(["Taxman", "Philosopher's Stone", *NAMES],
                  hand=["Taxman", "Philosopher's Stone"], deck=["Estate"],
                  other={"hand": ["Copper"] * 4, "deck": [], "discard": []})
    g.answer(C("Taxman"))
    g.answer(C("Philosopher's Stone"))
    d = pend(g)
    assert names(d[5]) == {"Copper", "Silver", "Gold", "Potion", "Philosopher's Stone"}


def test_butcher_on_a_potion_card_keeps_the_potion():
    """Butcher: "gain a card costing up to $1 more than it per Coffers removed": Familiar ($3P)
    with one Coffers: up to $4P (Golem, Smithy, Familiar), not Duchy ($5)."""
    g = start(["Butcher", *NAMES])
    arrange(g, 0, hand=["Butcher", "Familiar", "Copper"], deck=[], discard=[], coffers=0)
    g.answer(C("Butcher"))
    g.answer(C("Familiar"))
    g.answer(1)
    d = pend(g)
    assert (d[1], d[2], d[4]) == (DK.GAIN, C("Butcher"), C("Familiar"))
    assert {"Golem", "Smithy", "Familiar", "University"} <= names(d[5])
    assert not names(d[5]) & {"Duchy", "Gold"}
    g.answer(C("Golem"))
    assert coffers(g, 0) == 1
    expect(g, 0, discard={"Golem": 1})


# --- unchanged: counts of coins and exact trash-then-gain ---------------------------------------
def test_trader_counts_only_the_coins_of_a_potion_cost():
    """Trader: "Trash a card from your hand. Gain a Silver per $1 it costs": Familiar ($3P)
    gives 3 Silvers (the Potion is no $1; wiki "Potion": trash-for-benefit reads the coins)."""
    g = situation(["Trader", *NAMES], hand=["Trader", "Familiar"], deck=["Copper"])
    g.answer(C("Trader"))
    expect(g, 0, discard={"Silver": 3})
    assert g.trash() == {"Familiar": 1}


def test_remake_on_a_potion_card_gains_exactly_one_more_with_the_potion():
    """Remake: "Do this twice: Trash a card from your hand, then gain a card costing exactly $1
    more than it": University ($2P) gains a $3P card (Familiar), not Village ($3)."""
    g = situation(["Remake", *NAMES], hand=["Remake", "University", "Copper"], deck=["Estate"])
    g.answer(C("Remake"))
    g.answer(C("University"))
    expect(g, 0, discard={"Familiar": 1})  # the only $3P pile: no decision


# --- words ---------------------------------------------------------------------------------------
def test_gain_words_write_the_cost_as_printed():
    """A gain's words write its cap as a cost ("up to $6" for Taxman on Silver, "$4P" for Develop
    on Familiar) and "cheaper than" for a cheaper card (Stonemason), never a card's name."""
    g = situation(["Taxman", *NAMES], hand=["Taxman", "Silver"], deck=["Estate"],
                  other={"hand": ["Copper"] * 4, "deck": [], "discard": []})
    g.answer(C("Taxman"))
    g.answer(C("Silver"))
    assert g.pending().describe().startswith(
        "seat 0: gain a Treasure costing up to $6 onto your deck (Taxman)")
    g = situation(["Develop", *NAMES], hand=["Develop", "Familiar", "Copper"], deck=["Estate"])
    g.answer(C("Develop"))
    g.answer(C("Familiar"))
    g.answer(1)  # the dearer first: Golem ($4P), the only one, is gained without asking
    assert g.pending().describe().startswith(
        "seat 0: gain a card costing exactly $2P onto your deck (Develop)")
    g = situation(["Stonemason", *NAMES], hand=["Stonemason", "Familiar"], deck=["Copper"])
    g.answer(C("Stonemason"))
    assert g.pending().describe().startswith(
        "seat 0: gain a card cheaper than the trashed card (Stonemason)")
