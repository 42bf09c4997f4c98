"""Rulebook situations for Alchemy: Potion and the cost record, then each card.

Rulings are the printed texts and the official FAQ as the DominionStrategy wiki quotes them
(the pages named in each test). A cost is a record (coins, Potions): "$3P is neither more nor
less than $4", and "costing up to $X" never reaches a card with a Potion in its cost (wiki
"Potion": "most Workshop variants can't gain cards with P costs at all").
"""

from __future__ import annotations

import pytest

from cardtools import (
    COPPERS,
    DK,
    C,
    at,
    bot_turn,
    buy,
    counters,
    expect,
    pend,
    play_treasures,
    situation,
    start,
    vp_tokens,
)
from ludolab.games.dominion.bots import compile_bot, parse_bot_text
from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine import Engine, simple_bot


# --- Potion and the cost record --------------------------------------------------------------
def test_potion_joins_the_supply_with_a_potion_cost_card_only():
    """Alchemy's preparation: "if any of them have P in the cost, add the Potion pile ... all 16
    Potions, no matter how many players" (wiki "Alchemy"); Apprentice ($5) brings none."""
    for players in (2, 4):
        sizes = Engine(["Familiar", "Smithy"], players).supply_sizes()
        assert sizes[card_id("Potion")] == 16
    assert card_id("Potion") not in Engine(["Apprentice", "Smithy"], 2).supply_sizes()
    assert CARDS[card_id("Familiar")].cost_text == "$3P"
    assert CARDS[card_id("Transmute")].cost_text == "P"
    assert CARDS[card_id("Potion")].cost_text == "$4"


def test_a_potion_cost_needs_a_potion_and_buying_spends_it():
    """Potion: "$4 Treasure, produces P"; a $3P card is bought with $3 and a Potion."""
    g = situation(["Familiar"], hand=["Silver", "Copper", "Estate", "Estate", "Estate"],
                  deck=["Copper"] * 5, other=COPPERS)
    at(g, 0, DK.BUY)
    assert C("Familiar") not in pend(g)[5]  # $3 and no Potion
    g = situation(["Familiar"], hand=["Potion", "Silver", "Copper", "Estate", "Estate"],
                  deck=["Copper"] * 5, other=COPPERS)
    at(g, 0, DK.BUY)
    expect(g, 0, coins=3, potions=1)
    assert C("Familiar") in pend(g)[5] and C("Potion") not in pend(g)[5]  # Potion costs $4
    buy(g, "Familiar")
    expect(g, 0, discard={"Familiar": 1, "Potion": 1, "Silver": 1, "Copper": 1, "Estate": 2})
    assert g.supply()["Familiar"] == 9


def test_two_buys_one_potion_buy_one_potion_card():
    """A Potion pays once: with +Buy and one Potion only one P card can be bought."""
    g = situation(["Familiar", "Herbalist"],
                  hand=["Herbalist", "Potion", "Gold", "Silver", "Estate"],
                  deck=["Copper"] * 5, other=COPPERS)
    g.answer(C("Herbalist"))
    at(g, 0, DK.BUY)
    expect(g, 0, coins=6, potions=1, buys=2)
    buy(g, "Familiar")
    expect(g, 0, coins=3, potions=0, buys=1)
    assert C("Familiar") not in pend(g)[5] and C("Silver") in pend(g)[5]


def test_costing_up_to_never_reaches_a_potion_cost():
    """Workshop's "costing up to $4" never offers Transmute or Vineyard (cost P: $0 and a
    Potion) nor University ($2P); Potion itself costs $4 and is offered."""
    g = situation(["Workshop", "Transmute", "Vineyard", "University"],
                  hand=["Workshop"], deck=["Copper"] * 5, other=COPPERS)
    g.answer(C("Workshop"))
    d = pend(g)
    assert d[:4] == (0, DK.GAIN, C("Workshop"), 4)
    assert not {C("Transmute"), C("Vineyard"), C("University")} & set(d[5])
    assert {C("Silver"), C("Potion")} <= set(d[5])


def test_remodel_of_a_potion_card_reaches_the_potion_costs():
    """Remodel on University ($2P): "a card costing up to $2 more" is up to $4P: $4 cards and
    $3P/$4P cards, not $5 (wiki "Potion": costs compare by both parts)."""
    g = situation(["Remodel", "University", "Familiar", "Golem", "Smithy", "Laboratory"],
                  hand=["Remodel", "University"], deck=["Copper"] * 5, other=COPPERS)
    g.answer(C("Remodel"))
    d = pend(g)
    assert d[1] == DK.GAIN and d[4] == C("University")
    want = {"Copper", "Silver", "Estate", "Curse", "Potion", "Smithy", "Remodel", "University",
            "Familiar", "Golem"}
    assert set(d[5]) == {C(n) for n in want}  # not Laboratory, Duchy ($5) nor Gold


def test_upgrade_exact_cost_keeps_the_potion():
    """Upgrade: "exactly $1 more": from Apothecary ($2P) only a $3P card, never Silver ($3)."""
    g = situation(["Upgrade", "Apothecary", "Familiar", "Alchemist"],
                  hand=["Upgrade", "Apothecary"], deck=["Copper"] * 5, other=COPPERS)
    g.answer(C("Upgrade"))  # +1 Card (a Copper), +1 Action, then the trash
    g.answer(C("Apothecary"))
    d = pend(g)
    assert d[1] == DK.GAIN and set(d[5]) == {C("Familiar"), C("Alchemist")}


def test_bishop_counts_only_the_coins_of_a_cost():
    """Bishop: "+1 VP per $2 it costs": Familiar ($3P) gives 1 (the Potion counts for nothing),
    so 2 VP with Bishop's own."""
    g = start(["Bishop", "Familiar"])
    g.setup(1, hand=[], deck=[], discard=[])
    g.setup(0, hand=["Bishop", "Familiar", "Estate"], deck=[], discard=[])
    g.answer(C("Bishop"))
    g.answer(C("Familiar"))
    assert vp_tokens(g, 0) == 2


def test_the_bot_language_reads_potions_and_costs():
    """Features ``potions``, ``cost(C)`` and ``potion_cost(C)``: a bot buys Familiar only with a
    Potion in hand, and ``potion_cost(Familiar) == 1`` and ``cost(Familiar) == 3`` hold."""
    bot = compile_bot(parse_bot_text(
        'name = "p"\nbuy = ["Familiar if potions >= 1 and potion_cost(Familiar) == 1 and '
        'cost(Familiar) == 3", "Silver"]\n'))
    g = bot_turn(["Familiar"], bot, hand=["Potion", "Silver", "Copper", "Estate", "Estate"],
                 deck=["Copper"] * 5, other=COPPERS)
    assert g.zones(0)["discard"].get("Familiar") == 1


# --- Transmute -------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "gained"), [
    ("Smithy", {"Duchy": 1}), ("Silver", {"Transmute": 1}), ("Estate", {"Gold": 1}),
    ("Curse", {}), ("Nobles", {"Duchy": 1, "Gold": 1}),
])
def test_transmute_gains_by_the_trashed_cards_types(card, gained):
    """Transmute: "Action card, gain a Duchy; Treasure card, gain a Transmute; Victory card, gain
    a Gold"; FAQ: a Curse gains nothing; an Action-Victory card (Nobles) gains both."""
    g = situation(["Transmute", "Smithy", "Nobles"], hand=["Transmute", card, "Copper"],
                  deck=["Copper"] * 5, other=COPPERS)
    g.answer(C("Transmute"))
    d = pend(g)
    assert d[:3] == (0, DK.TRASH, C("Transmute")) and -1 not in d[5]  # not optional
    g.answer(C(card))
    assert g.trash() == {card: 1}
    expect(g, 0, discard=gained, hand={})


# --- Vineyard --------------------------------------------------------------------------------
def test_vineyard_counts_a_vp_per_three_actions_rounded_down():
    """Vineyard FAQ: 11 Action cards make each Vineyard worth 3 VP; a card with the Action type
    and another type (Nobles) is an Action; 8 Vineyards with 2 players."""
    g = start(["Vineyard", "Smithy", "Nobles"])
    g.setup(0, hand=["Vineyard", "Vineyard"], deck=["Smithy"] * 10 + ["Nobles"], discard=[])
    assert g.vp()[0] == 2 * 3 + 2  # Nobles' own 2 VP
    g.setup(0, hand=["Vineyard"], deck=["Smithy"] * 12, discard=[])
    assert g.vp()[0] == 4
    assert g.supply()["Vineyard"] == 8


# --- Herbalist -------------------------------------------------------------------------------
def test_herbalist_gives_a_buy_and_a_coin_and_puts_a_treasure_back():
    """Herbalist: "+1 Buy, +$1. Once this turn, when you discard a Treasure from play, you may
    put it onto your deck." (2022 wording); optional."""
    g = situation(["Herbalist"], hand=["Herbalist", "Gold", "Copper", "Estate", "Estate"],
                  deck=["Copper"] * 6, other=COPPERS)
    g.answer(C("Herbalist"))
    at(g, 0, DK.BUY)
    assert counters(g) == (0, 2, 5)
    g.answer(-1)
    d = pend(g)
    assert d[:3] == (0, DK.TOPDECK, C("Herbalist")) and set(d[5]) == {C("Gold"), C("Copper"), -1}
    g.answer(C("Gold"))
    expect(g, 0, hand={"Gold": 1, "Copper": 4}, deck=["Copper"] * 2,
           discard={"Herbalist": 1, "Copper": 1, "Estate": 2})


def test_two_herbalists_put_back_two_treasures_or_none():
    """Herbalist FAQ: cumulative; each may decline."""
    g = situation(["Herbalist", "Village"],
                  hand=["Village", "Herbalist", "Herbalist", "Gold", "Silver"],
                  deck=["Copper"] * 8, other=COPPERS)
    g.answer(C("Village"))
    g.answer(C("Herbalist"))
    g.answer(C("Herbalist"))
    at(g, 0, DK.BUY)
    g.answer(-1)
    g.answer(C("Gold"))
    d = pend(g)
    assert d[:3] == (0, DK.TOPDECK, C("Herbalist")) and set(d[5]) == {C("Silver"), C("Copper"), -1}
    g.answer(-1)
    expect(g, 0, hand={"Gold": 1, "Copper": 4})


# --- Apothecary ------------------------------------------------------------------------------
def test_apothecary_takes_coppers_and_potions_and_orders_the_rest():
    """Apothecary FAQ: "You draw a card and get +1 Action first", then the revealed Coppers and
    Potions go to the hand (all of them), the rest back in any order."""
    g = situation(["Apothecary"], hand=["Apothecary"],
                  deck=["Estate", "Copper", "Gold", "Potion", "Silver", "Duchy"], other=COPPERS)
    g.answer(C("Apothecary"))
    d = pend(g)
    assert d[:4] == (0, DK.TOPDECK, C("Apothecary"), 0) and set(d[5]) == {C("Gold"), C("Silver")}
    g.answer(C("Silver"))  # Silver on top, Gold under it
    expect(g, 0, deck=["Silver", "Gold", "Duchy"])
    assert g.pending().kind == DK.BUY  # hand: Estate, Copper, Potion played
    expect(g, 0, hand={"Estate": 1}, coins=1, potions=1)


# --- University ------------------------------------------------------------------------------
def test_university_may_gain_an_action_up_to_five():
    """University: "+2 Actions. You may gain an Action card costing up to $5": not a Potion
    cost, not a non-Action, and it may decline."""
    g = situation(["University", "Laboratory", "Familiar", "Gardens", "Bazaar"],
                  hand=["University"], deck=["Copper"] * 5, other=COPPERS)
    g.answer(C("University"))
    d = pend(g)
    assert d[:4] == (0, DK.GAIN, C("University"), 5)
    assert set(d[5]) == {C("Laboratory"), C("Bazaar"), -1}
    g.answer(C("Laboratory"))
    expect(g, 0, discard={"Laboratory": 1}, actions=2)


# --- Familiar --------------------------------------------------------------------------------
def test_familiar_draws_and_curses_the_others():
    """Familiar: "+1 Card, +1 Action. Each other player gains a Curse." """
    g = situation(["Familiar"], hand=["Familiar"], deck=["Silver", "Copper"], players=3,
                  other=COPPERS)
    g.answer(C("Familiar"))
    expect(g, 0, hand={}, play={"Familiar": 1, "Silver": 1}, deck=["Copper"])
    for q in (1, 2):
        expect(g, q, discard={"Curse": 1})
    assert g.supply()["Curse"] == 20 - 2


# --- Philosopher's Stone ---------------------------------------------------------------------
def test_philosophers_stone_counts_deck_and_discard():
    """Philosopher's Stone: "$1 per 5 cards total between [deck and discard pile] (round down)";
    the hand does not count."""
    g = situation(["Philosopher's Stone"], hand=["Philosopher's Stone", "Copper"],
                  deck=["Estate"] * 7, discard=["Copper"] * 7, other=COPPERS)
    play_treasures(g, "Philosopher's Stone", "Copper")
    at(g, 0, DK.BUY)
    assert counters(g)[2] == 14 // 5 + 1


# --- Alchemist -------------------------------------------------------------------------------
def test_alchemist_goes_onto_the_deck_with_a_potion_in_play():
    """Alchemist: "+2 Cards, +1 Action. At the start of Clean-up this turn, if you have a Potion
    in play, you may put this onto your deck." """
    g = situation(["Alchemist"], hand=["Alchemist", "Potion"],
                  deck=["Copper", "Copper"] + ["Estate"] * 5, other=COPPERS)
    g.answer(C("Alchemist"))
    at(g, 0, DK.BUY)
    g.answer(-1)
    d = pend(g)
    assert d[:4] == (0, DK.YESNO, C("Alchemist"), C("Alchemist"))
    g.answer(1)
    expect(g, 0, hand={"Alchemist": 1, "Estate": 4}, deck=["Estate"],
           discard={"Potion": 1, "Copper": 2})


def test_alchemist_without_a_potion_in_play_is_discarded():
    g = situation(["Alchemist"], hand=["Alchemist", "Copper"],
                  deck=["Copper", "Copper"] + ["Estate"] * 5, other=COPPERS)
    g.answer(C("Alchemist"))
    at(g, 0, DK.BUY)
    g.answer(-1)
    assert g.pending().seat == 1  # not asked
    expect(g, 0, discard={"Alchemist": 1, "Copper": 3})


# --- Golem -----------------------------------------------------------------------------------
def test_golem_plays_two_non_golem_actions_and_discards_the_rest():
    """Golem: "Reveal cards ... until you reveal 2 Action cards other than Golems. Discard the
    other cards, then play the Action cards in either order." """
    g = situation(["Golem", "Village", "Smithy"], hand=["Golem"],
                  deck=["Copper", "Golem", "Smithy", "Estate", "Village", "Silver", "Gold",
                        "Gold", "Gold"], other=COPPERS)
    g.answer(C("Golem"))
    d = pend(g)
    assert d[:3] == (0, DK.PLAY, C("Golem")) and set(d[5]) == {C("Smithy"), C("Village")}
    g.answer(C("Village"))  # Village first: +1 Card +2 Actions, then Smithy draws 3
    at(g, 0, DK.BUY)  # the Golem's plays used no Action: Village's two are left
    expect(g, 0, play={"Golem": 1, "Village": 1, "Smithy": 1, "Silver": 1, "Gold": 3},
           discard={"Copper": 1, "Golem": 1, "Estate": 1}, hand={}, deck=[], actions=2,
           coins=11)


def test_golem_with_one_action_left_plays_it():
    """Golem FAQ: the deck and discard pile run out: play what was found."""
    g = situation(["Golem", "Smithy"], hand=["Golem"], deck=["Smithy", "Copper"],
                  other=COPPERS)
    g.answer(C("Golem"))
    at(g, 0, DK.BUY)
    expect(g, 0, play={"Golem": 1, "Smithy": 1, "Copper": 1}, discard={})


# --- Scrying Pool ----------------------------------------------------------------------------
def test_scrying_pool_spies_then_digs_to_a_non_action():
    """Scrying Pool: each player reveals the top card, discarded or put back by you; then you
    reveal until a non-Action and put all of them into your hand."""
    g = situation(["Scrying Pool", "Smithy"], hand=["Scrying Pool"],
                  deck=["Estate", "Smithy", "Smithy", "Gold", "Copper"],
                  other={"hand": ["Copper"] * 5, "deck": ["Silver", "Copper"], "discard": []})
    g.answer(C("Scrying Pool"))
    assert pend(g)[:5] == (0, DK.YESNO, C("Scrying Pool"), C("Estate"), 0)
    g.answer(1)  # discard my Estate
    assert pend(g)[:5] == (0, DK.YESNO, C("Scrying Pool"), C("Silver"), 1)
    g.answer(1)  # discard their Silver
    expect(g, 1, deck=["Copper"], discard={"Silver": 1})
    expect(g, 0, hand={"Smithy": 2, "Gold": 1}, deck=["Copper"], discard={"Estate": 1},
           actions=1)


# --- Apprentice ------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "draws"), [("Gold", 6), ("Familiar", 5), ("Copper", 0)])
def test_apprentice_draws_per_coin_and_two_for_a_potion(card, draws):
    """Apprentice: "+1 Card per $1 it costs. +2 Cards if it has P in its cost." (Familiar
    $3P: 5)."""
    g = situation(["Apprentice", "Familiar"], hand=["Apprentice", card],
                  deck=["Estate"] * 8, other=COPPERS)
    g.answer(C("Apprentice"))
    assert g.trash() == {card: 1}
    expect(g, 0, hand={"Estate": draws} if draws else {}, deck=["Estate"] * (8 - draws),
           actions=1)


# --- playbooks (a bot seat plays the whole turn) ---------------------------------------------
BUY_NOTHING = simple_bot("nothing", buy=[])


def test_transmute_playbook_turns_an_estate_into_gold():
    """Transmute's playbook: an Estate before a Copper (a Gold for a dead card)."""
    g = bot_turn(["Transmute"], BUY_NOTHING, hand=["Transmute", "Estate", "Copper", "Copper",
                                                    "Copper"], deck=["Copper"] * 5, other=COPPERS)
    assert g.trash() == {"Estate": 1}
    assert g.zones(0)["discard"].get("Gold") == 1


def test_transmute_playbook_keeps_a_hand_of_good_cards():
    """Nothing worth trashing (Silvers, a Gold): Transmute is not played."""
    g = bot_turn(["Transmute"], BUY_NOTHING, hand=["Transmute", "Silver", "Silver", "Gold",
                                                    "Silver"], deck=["Copper"] * 5, other=COPPERS)
    assert g.trash() == {}


def test_herbalist_and_alchemist_playbooks_keep_the_potion_for_the_alchemist():
    """The 2022 FAQ: "You can topdeck all your Alchemists, and then topdeck your Potion with
    Herbalist"; the playbook keeps the Potion in play for the Alchemist and puts the Gold back."""
    g = bot_turn(["Herbalist", "Alchemist"], BUY_NOTHING,
                 hand=["Alchemist", "Herbalist", "Potion", "Gold", "Estate"],
                 deck=["Copper", "Copper"] + ["Estate"] * 8, other=COPPERS)
    hand = g.zones(0)["hand"]
    assert hand.get("Alchemist") == 1 and hand.get("Gold") == 1
    assert g.zones(0)["discard"].get("Potion") == 1


def test_apprentice_playbook_trashes_an_estate_early():
    g = bot_turn(["Apprentice"], BUY_NOTHING,
                 hand=["Apprentice", "Estate", "Gold", "Copper", "Copper"],
                 deck=["Silver"] * 8, other=COPPERS)
    assert g.trash() == {"Estate": 1}


def test_scrying_pool_moat_keeps_the_other_player_out():
    """Scrying Pool is an Attack: a revealed Moat keeps its holder's top card untouched."""
    g = situation(["Scrying Pool", "Moat"], hand=["Scrying Pool"], deck=["Gold", "Copper"],
                  other={"hand": ["Moat"] + ["Copper"] * 4, "deck": ["Silver"], "discard": []})
    g.answer(C("Scrying Pool"))
    assert pend(g)[:4] == (1, DK.YESNO, C("Moat"), C("Scrying Pool"))
    g.answer(1)  # reveal Moat
    assert pend(g)[:5] == (0, DK.YESNO, C("Scrying Pool"), C("Gold"), 0)
    g.answer(0)  # keep my Gold: the dig takes it (a non-Action)
    expect(g, 1, deck=["Silver"])
    expect(g, 0, deck=["Copper"])


def test_potions_played_one_at_a_time_are_counted_and_spent():
    """A game with Philosopher's Stone plays Treasures one at a time: each Potion played makes
    one, a buy of a $3P card spends it, and the next turn starts without."""
    g = situation(["Philosopher's Stone", "Familiar"],
                  hand=["Potion", "Silver", "Copper", "Estate", "Estate"],
                  deck=["Copper"] * 5, other=COPPERS)
    expect(g, 0, potions=0)
    play_treasures(g, "Potion")
    expect(g, 0, potions=1, coins=0)
    play_treasures(g, "Silver", "Copper")  # the last Treasure: the buy decision follows
    expect(g, 0, potions=1, coins=3)
    buy(g, "Familiar")
    assert g.pending().seat == 1 and g.supply()["Familiar"] == 9
    expect(g, 1, potions=0)
