"""Hinterlands' non-Attack cards with homes beyond the first ones: Crossroads, Develop,
Cartographer, Highway and the rest, in rulebook situations from the printed text and the
official FAQ (Dominion Strategy wiki), and their default playbooks.

Exact zones are set with ``DominionGame.setup`` (decks listed from the top down), the card is
played by an outside seat, its decisions answered, and the exact zones and counters asserted. A
decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

import numpy as np

from cardtools import DK, C, bot_turn, counters, expect, pend, play_treasures, start
from ludolab.games.dominion.engine import Engine, simple_bot

BM = ["Province", "Gold", "Silver"]


# --- Crossroads ----------------------------------------------------------------------------------
def test_crossroads_draws_per_victory_card_and_gives_three_actions():
    """Crossroads: "Reveal your hand. +1 Card per Victory card revealed. If this is the first
    time you played a Crossroads this turn, +3 Actions." FAQ: the revealed cards stay in hand."""
    g = start(["Crossroads", "Village"])
    g.setup(0, hand=["Crossroads", "Estate", "Duchy", "Copper"],
            deck=["Gold", "Village", "Silver"], discard=[])
    g.answer(C("Crossroads"))
    assert pend(g)[:2] == (0, DK.PLAY)
    expect(g, 0, hand={"Estate": 1, "Duchy": 1, "Copper": 1, "Gold": 1, "Village": 1},
           deck=["Silver"], play={"Crossroads": 1})
    assert counters(g) == (3, 1, 0)


def test_crossroads_without_victory_cards_still_gives_the_actions():
    g = start(["Crossroads", "Village"])
    g.setup(0, hand=["Crossroads", "Village", "Copper"], deck=["Gold"], discard=[])
    g.answer(C("Crossroads"))
    expect(g, 0, hand={"Village": 1, "Copper": 1}, deck=["Gold"])
    assert counters(g) == (3, 1, 0)


def test_a_second_crossroads_draws_but_gives_no_actions():
    """FAQ: "Subsequent Crossroads this turn will give you cards but not Actions." """
    g = start(["Crossroads", "Village"])
    g.setup(0, hand=["Crossroads", "Crossroads", "Estate", "Village"],
            deck=["Copper", "Silver", "Gold"], discard=[])
    g.answer(C("Crossroads"))
    assert counters(g) == (3, 1, 0)
    g.answer(C("Crossroads"))
    expect(g, 0, hand={"Estate": 1, "Village": 1, "Copper": 1, "Silver": 1}, deck=["Gold"])
    assert counters(g) == (2, 1, 0)


def test_throne_room_crossroads_gives_the_actions_on_the_first_play_only():
    """FAQ: "If you use Throne Room on Crossroads, you will play Crossroads twice, getting +3
    Actions the first time but not the second time." """
    g = start(["Crossroads", "Throne Room", "Village"])
    g.setup(0, hand=["Throne Room", "Crossroads", "Estate", "Village"],
            deck=["Copper", "Silver", "Gold"], discard=[])
    g.answer(C("Throne Room"))
    assert pend(g)[:3] == (0, DK.PLAY, C("Throne Room"))
    g.answer(C("Crossroads"))
    # each play draws one card for the Estate; +3 Actions once
    expect(g, 0, hand={"Estate": 1, "Village": 1, "Copper": 1, "Silver": 1}, deck=["Gold"])
    assert counters(g) == (3, 1, 0)


def test_crossroads_counts_a_treasure_victory_card():
    """Other rulings: "Cards with multiple types of which one is the Victory type ... are counted
    as Victory cards" (Farm, Harem in the first printing, is a Treasure-Victory card)."""
    g = start(["Crossroads", "Farm", "Village"])
    g.setup(0, hand=["Crossroads", "Farm", "Village"], deck=["Copper", "Gold"], discard=[])
    g.answer(C("Crossroads"))
    expect(g, 0, hand={"Farm": 1, "Village": 1, "Copper": 1}, deck=["Gold"])
    assert counters(g) == (3, 1, 0)


def test_crossroads_counts_plays_in_batch_games_as_step_by_step():
    """The turn's play counters are kept in batch games with Crossroads (``COUNTS_PLAYS``): the
    batch loop gives the same games as the step-wise one, where they are always kept (a later
    Crossroads giving +3 Actions in batch only would make them differ)."""
    bot = simple_bot("Crossroads", buy=["Province", "Gold", "Crossroads", "Smithy", "Silver"])
    eng = Engine(["Crossroads", "Smithy"], 2, "official,turn_cap=40")
    for seed in (3, 4, 5, 6):
        batch = eng.play([bot, bot], [seed])
        rec = eng.new_game(seed, [bot, bot]).records()
        assert np.array_equal(rec.vp, batch.vp) and np.array_equal(rec.turns, batch.turns)


def test_crossroads_playbook_plays_the_first_as_a_village_before_a_terminal():
    """The default order: the turn's first Crossroads before a terminal (it gives the actions),
    so the Smithy is played too."""
    bot = simple_bot("Crossroads bot", buy=BM)
    g = bot_turn(["Crossroads", "Smithy"], bot, hand=["Smithy", "Crossroads", "Estate", "Copper"],
                 deck=["Copper"] * 12)
    assert g.zones(0)["discard"].get("Smithy", 0) == 1
    assert g.zones(0)["discard"].get("Crossroads", 0) == 1
    assert g.zones(0)["discard"].get("Copper", 0) == 1 + 1 + 3  # hand, Crossroads, Smithy


# --- Develop -------------------------------------------------------------------------------------
def test_develop_trashes_and_gains_one_dearer_and_one_cheaper_onto_the_deck():
    """Develop: "Trash a card from your hand. Gain two cards onto your deck, with one costing
    exactly $1 more than it, and one costing exactly $1 less than it, in either order." """
    g = start(["Develop", "Smithy", "Village"])
    g.setup(0, hand=["Develop", "Smithy", "Copper"], deck=["Gold"], discard=[])
    g.answer(C("Develop"))
    assert pend(g) == (0, DK.TRASH, C("Develop"), -1, -1, (C("Copper"), C("Smithy")))
    g.answer(C("Smithy"))  # $4: a $5 and a $3 card
    assert pend(g) == (0, DK.MODE, C("Develop"), C("Smithy"), -1, (0, 1))
    g.answer(0)  # the $3 card first, so the $5 one ends on top
    assert pend(g) == (0, DK.GAIN, C("Develop"), 3, C("Smithy"),
                       (C("Silver"), C("Village"), C("Develop")))
    g.answer(C("Village"))  # then the Duchy, the only $5 card: gained without asking
    expect(g, 0, deck=["Duchy", "Village", "Gold"], discard={})
    assert g.trash() == {"Smithy": 1}


def test_develop_order_can_put_the_cheaper_card_on_top():
    """ "...in either order": the dearer card first leaves the cheaper one on top."""
    g = start(["Develop", "Smithy"])
    g.setup(0, hand=["Develop", "Silver"], deck=[], discard=[])
    g.answer(C("Develop"))  # the Silver is the only card: trashed without asking
    assert pend(g)[1:4] == (DK.MODE, C("Develop"), C("Silver"))
    g.answer(1)  # the $4 card first (the only one: Smithy), then the $2 one (Estate)
    expect(g, 0, deck=["Estate", "Smithy"], hand={})


def test_develop_with_one_cost_empty_gains_only_the_other():
    """FAQ: with no card at one of the costs, only the other is gained (no order to choose).
    An Estate ($2): a $3 card, and no $1 card in this Supply."""
    g = start(["Develop", "Village"])
    g.setup(0, hand=["Develop", "Estate"], deck=[], discard=[])
    g.answer(C("Develop"))
    assert pend(g) == (0, DK.GAIN, C("Develop"), 3, C("Estate"),
                       (C("Silver"), C("Village"), C("Develop")))
    g.answer(C("Silver"))
    expect(g, 0, deck=["Silver"], hand={})
    assert g.trash() == {"Estate": 1}


def test_develop_with_an_empty_hand_does_nothing():
    g = start(["Develop", "Village"])
    g.setup(0, hand=["Develop"], deck=["Copper"], discard=[])
    g.answer(C("Develop"))
    expect(g, 0, deck=["Copper"], hand={}, discard={})
    assert g.trash() == {}


def test_develop_playbook_turns_an_estate_into_a_silver_on_top():
    """The playbook trashes the Estate (the first in the trash order; no wanted pair) and
    gains the Silver onto the deck: it is in the next hand."""
    bot = simple_bot("Develop bot", buy=BM)
    g = bot_turn(["Develop"], bot, hand=["Develop", "Estate", "Copper", "Copper", "Copper"],
                 deck=["Copper"] * 4 + ["Estate"] * 6)
    assert g.trash() == {"Estate": 1}
    assert g.zones(0)["hand"].get("Silver", 0) == 1


# --- Cartographer --------------------------------------------------------------------------------
def test_cartographer_discards_any_and_puts_the_rest_back_in_any_order():
    """Cartographer: "+1 Card, +1 Action. Look at the top 4 cards of your deck. Discard any
    number of them, then put the rest back in any order." """
    g = start(["Cartographer"])
    g.setup(0, hand=["Cartographer"], deck=["Copper", "Estate", "Silver", "Curse", "Gold",
                                            "Duchy"], discard=[])
    g.answer(C("Cartographer"))
    expect(g, 0, hand={"Copper": 1})
    seat, kind, source, subject, _arg, options = pend(g)
    assert (seat, kind, source, subject) == (0, DK.DISCARD, C("Cartographer"), 4)
    assert set(options) == {C("Estate"), C("Silver"), C("Curse"), C("Gold"), -1}
    g.answer(C("Curse"))
    assert pend(g)[3] == 3
    g.answer(C("Estate"))
    g.answer(-1)  # keep Silver and Gold
    assert pend(g)[:4] == (0, DK.TOPDECK, C("Cartographer"), 0)
    assert set(pend(g)[5]) == {C("Silver"), C("Gold")}
    g.answer(C("Silver"))  # the Silver on top, then the Gold (the last, without asking)
    expect(g, 0, deck=["Silver", "Gold", "Duchy"], discard={"Curse": 1, "Estate": 1},
           play={"Cartographer": 1, "Copper": 1})
    assert counters(g) == (1, 1, 1)


def test_cartographer_shuffles_when_the_deck_runs_short():
    """With fewer than 4 cards in the deck the discard pile is shuffled in to look at 4."""
    g = start(["Cartographer"])
    g.setup(0, hand=["Cartographer"], deck=["Copper", "Estate"], discard=["Curse"] * 5)
    g.answer(C("Cartographer"))
    subject, options = pend(g)[3], pend(g)[5]
    assert subject == 4 and set(options) == {C("Estate"), C("Curse"), -1}


def test_cartographer_playbook_discards_the_dead_cards_and_keeps_the_rest():
    bot = simple_bot("Cartographer bot", buy=BM)
    g = bot_turn(["Cartographer"], bot, hand=["Cartographer", "Copper", "Copper", "Copper",
                                               "Copper"],
                 deck=["Silver", "Estate", "Gold", "Curse", "Duchy", "Silver"] + ["Copper"] * 5)
    d = g.zones(0)["discard"]
    assert d.get("Estate", 0) == 1 and d.get("Curse", 0) == 1 and d.get("Duchy", 0) == 1
    # the Gold was put back on top: it is in the next hand
    assert g.zones(0)["hand"].get("Gold", 0) == 1


# --- Highway -------------------------------------------------------------------------------------
def test_highway_makes_cards_cost_one_less_while_in_play():
    """Highway: "+1 Card, +1 Action. While this is in play, cards cost $1 less." FAQ: two
    Highways in play, $2 less; never below $0."""
    g = start(["Highway", "Smithy"])
    g.setup(0, hand=["Highway", "Highway", "Copper", "Copper"], deck=["Copper"] * 6,
            discard=[])
    g.answer(C("Highway"))
    g.answer(C("Highway"))
    assert pend(g)[1] == DK.BUY
    assert counters(g) == (1, 1, 4)
    opts = set(pend(g)[5])
    assert C("Gold") in opts and C("Province") not in opts  # Gold $4, Province $6
    g.answer(C("Gold"))
    assert g.zones(0)["owned"].get("Gold", 0) == 1


def test_throne_room_highway_is_still_one_highway_in_play():
    """FAQ: "Using Throne Room on Highway will not make cards cost $2 less, as there is still
    only one copy of Highway in play." """
    g = start(["Highway", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Highway", "Copper", "Copper", "Copper"],
            deck=["Copper", "Estate"] + ["Estate"] * 5, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Highway"))
    assert pend(g)[1] == DK.BUY and counters(g) == (2, 1, 4)
    opts = set(pend(g)[5])
    assert C("Highway") in opts and C("Gold") not in opts  # $4 buys a $5 card, not a $6 one


def test_highway_first_printing_is_the_same_rule():
    """First printing: "While this is in play, cards cost $1 less, but not less than $0." """
    g = start(["Highway", "Smithy"], rules="official,edition=1")
    g.setup(0, hand=["Highway", "Copper", "Copper"], deck=["Copper"] * 6, discard=[])
    g.answer(C("Highway"))
    opts = set(pend(g)[5])
    assert counters(g) == (1, 1, 3)
    assert C("Smithy") in opts and C("Gold") not in opts  # Smithy $3 (with $3), Gold $5


def test_highway_lowers_exact_costs_for_develop():
    """FAQ: "if you played Highway, then Develop, trashing a Copper, you could gain an Estate,
    as Estate would cost $1 while Copper would still cost $0." """
    g = start(["Highway", "Develop"])
    g.setup(0, hand=["Highway", "Develop", "Copper"], deck=["Gold"], discard=[])
    g.answer(C("Highway"))
    g.answer(C("Develop"))
    g.answer(C("Copper"))  # Copper or Gold: trash the Copper
    expect(g, 0, deck=["Estate"])
    assert g.trash() == {"Copper": 1}


# --- Inn -----------------------------------------------------------------------------------------
def test_inn_draws_two_gives_two_actions_and_discards_two():
    """Inn: "+2 Cards, +2 Actions. Discard 2 cards." """
    g = start(["Inn"])
    g.setup(0, hand=["Inn", "Estate", "Copper"], deck=["Silver", "Duchy", "Gold"], discard=[])
    g.answer(C("Inn"))
    assert pend(g)[:5] == (0, DK.DISCARD, C("Inn"), 2, -1)
    g.answer(C("Estate"))
    assert pend(g)[:4] == (0, DK.DISCARD, C("Inn"), 1)
    g.answer(C("Duchy"))
    expect(g, 0, discard={"Estate": 1, "Duchy": 1}, deck=["Gold"],
           play={"Inn": 1, "Copper": 1, "Silver": 1})
    assert counters(g) == (2, 1, 3)


def test_inn_gained_shuffles_the_chosen_actions_of_the_discard_pile_into_the_deck():
    """Inn: "When you gain this, look through your discard pile, reveal any number of Action
    cards from it (which can include this), and shuffle them into your deck." FAQ: the Inn just
    gained may be one of them; the others stay in the discard pile."""
    g = start(["Inn", "Remodel", "Village", "Smithy"])
    g.setup(0, hand=["Remodel", "Silver", "Copper"], deck=["Gold", "Copper"],
            discard=["Village", "Smithy", "Estate"])
    g.answer(C("Remodel"))
    g.answer(C("Silver"))
    g.answer(C("Inn"))  # gained to the discard pile
    assert pend(g) == (0, DK.REVEAL, C("Inn"), C("Inn"), -1,
                       (C("Smithy"), C("Village"), C("Inn"), -1))
    g.answer(C("Inn"))
    assert pend(g)[5] == (C("Smithy"), C("Village"), -1)
    g.answer(C("Village"))
    g.answer(-1)
    expect(g, 0, discard={"Smithy": 1, "Estate": 1}, play={"Remodel": 1, "Copper": 1})
    assert sorted(g.zones(0)["deck"]) == ["Copper", "Gold", "Inn", "Village"]


def test_inn_gained_choosing_none_leaves_the_discard_pile():
    """FAQ: "You do not have to shuffle any Action cards into your deck." """
    g = start(["Inn", "Remodel", "Smithy"])
    g.setup(0, hand=["Remodel", "Silver"], deck=["Gold"], discard=["Smithy"])
    g.answer(C("Remodel"))
    g.answer(C("Inn"))  # the Silver trashed without asking
    g.answer(-1)
    expect(g, 0, discard={"Smithy": 1, "Inn": 1}, deck=["Gold"])


def test_inn_playbook_shuffles_every_action_in():
    bot = simple_bot("Inn bot", buy=["Inn"])
    g = bot_turn(["Inn", "Smithy", "Village"], bot, hand=["Gold", "Silver"], deck=[],
                 discard=["Smithy", "Village"] + ["Estate"] * 10)
    hand = g.zones(0)["hand"]
    assert (hand.get("Inn", 0), hand.get("Smithy", 0), hand.get("Village", 0)) == (1, 1, 1)


# --- Scheme --------------------------------------------------------------------------------------
def test_scheme_puts_an_action_from_play_onto_the_deck_at_clean_up():
    """Scheme: "+1 Card, +1 Action. This turn, you may put one of your Action cards onto your
    deck when you discard it from play." FAQ: the card may be Scheme itself or another Action
    played before or after it; it is drawn in the next hand."""
    g = start(["Scheme", "Smithy"])
    g.setup(0, hand=["Scheme", "Smithy"], deck=["Copper"] * 4 + ["Estate"] * 10, discard=[])
    g.answer(C("Scheme"))
    g.answer(C("Smithy"))
    g.answer(-1)  # buy nothing
    assert pend(g) == (0, DK.TOPDECK, C("Scheme"), 1, -1, (C("Smithy"), C("Scheme"), -1))
    g.answer(C("Smithy"))
    expect(g, 0, hand={"Smithy": 1, "Estate": 4}, discard={"Scheme": 1, "Copper": 4})


def test_scheme_may_put_itself_onto_the_deck():
    """FAQ: "The Action card can be Scheme itself." """
    g = start(["Scheme", "Smithy"])
    g.setup(0, hand=["Scheme", "Smithy"], deck=["Copper"] * 4 + ["Estate"] * 10, discard=[])
    g.answer(C("Scheme"))
    g.answer(C("Smithy"))
    g.answer(-1)
    g.answer(C("Scheme"))
    expect(g, 0, hand={"Scheme": 1, "Estate": 4}, discard={"Smithy": 1, "Copper": 4})


def test_throne_room_scheme_puts_two_actions_onto_the_deck():
    """FAQ: "Scheme is cumulative; if you play two Schemes, or Throne Room a Scheme, you will be
    able to put up to two discarded Action cards onto your deck." """
    g = start(["Scheme", "Smithy", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Scheme", "Smithy"], deck=["Copper"] * 5 + ["Estate"] * 10,
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Scheme"))
    g.answer(C("Smithy"))
    g.answer(-1)
    assert pend(g)[:4] == (0, DK.TOPDECK, C("Scheme"), 2)
    g.answer(C("Smithy"))
    assert pend(g)[:4] == (0, DK.TOPDECK, C("Scheme"), 1)
    assert pend(g)[5] == (C("Throne Room"), C("Scheme"), -1)
    g.answer(C("Throne Room"))
    expect(g, 0, hand={"Throne Room": 1, "Smithy": 1, "Estate": 3})


def test_scheme_declined_discards_everything():
    g = start(["Scheme", "Smithy"])
    g.setup(0, hand=["Scheme", "Smithy"], deck=["Copper"] * 4 + ["Estate"] * 10, discard=[])
    g.answer(C("Scheme"))
    g.answer(C("Smithy"))
    g.answer(-1)
    g.answer(-1)
    expect(g, 0, hand={"Estate": 5}, discard={"Scheme": 1, "Smithy": 1, "Copper": 4})


def test_scheme_playbook_keeps_the_dearest_action():
    bot = simple_bot("Scheme bot", buy=BM)
    g = bot_turn(["Scheme", "Smithy"], bot, hand=["Scheme", "Smithy", "Copper"],
                 deck=["Copper"] * 4 + ["Estate"] * 10)
    assert g.zones(0)["hand"].get("Smithy", 0) == 1


# --- Haggler -------------------------------------------------------------------------------------
def test_haggler_gains_a_cheaper_non_victory_card_with_a_bought_one():
    """Haggler: "+$2. This turn, when you gain a card, if you bought it, gain a cheaper
    non-Victory card." FAQ: buy a Province, gain it, and gain a Gold via Haggler; the gain comes
    from the Supply to the discard pile; Victory cards are not offered."""
    g = start(["Haggler"])
    g.setup(0, hand=["Haggler", "Gold", "Gold"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Haggler"))
    assert counters(g) == (0, 1, 8)
    g.answer(C("Province"))
    assert pend(g) == (0, DK.GAIN, C("Haggler"), 7, C("Province"),
                       (C("Copper"), C("Silver"), C("Gold"), C("Curse"), C("Haggler")))
    g.answer(C("Gold"))
    assert g.zones(0)["owned"].get("Province", 0) == 1 and g.zones(0)["owned"]["Gold"] == 3


def test_haggler_and_a_throne_roomed_haggler_gain_three_cards_per_buy():
    """FAQ: "The bonus is cumulative; if you play a Haggler, and Throne Room another Haggler,
    you will gain three cards for each card you buy." """
    g = start(["Haggler", "Throne Room", "Village"])
    g.setup(0, hand=["Village", "Throne Room", "Haggler", "Haggler"], deck=["Copper"] * 5,
            discard=[])
    g.answer(C("Village"))
    g.answer(C("Throne Room"))
    g.answer(C("Haggler"))
    g.answer(C("Haggler"))
    assert counters(g) == (0, 1, 2 + 2 + 2 + 1)  # the Copper Village drew
    g.answer(C("Gold"))
    for _ in range(3):
        assert pend(g)[:5] == (0, DK.GAIN, C("Haggler"), 5, C("Gold"))
        g.answer(C("Silver"))
    assert g.zones(0)["owned"].get("Silver", 0) == 3


def test_haggler_first_printing_counts_the_copies_in_play():
    """First printing: "While this is in play, when you buy a card, gain a card costing less
    than it that is not a Victory card." FAQ (2016): Throne Room on Haggler does not gain two
    cards per card bought, as there is still only one copy of Haggler in play."""
    g = start(["Haggler", "Throne Room"], rules="official,edition=1")
    g.setup(0, hand=["Throne Room", "Haggler", "Copper", "Copper"], deck=["Copper"] * 5,
            discard=[])
    g.answer(C("Throne Room"))  # (first printing: Throne Room must play the Haggler)
    assert counters(g) == (0, 1, 2 + 2 + 2)
    g.answer(C("Gold"))
    assert pend(g)[:5] == (0, DK.GAIN, C("Haggler"), 5, C("Gold"))
    g.answer(C("Silver"))
    assert pend(g)[0] == 1  # one gain only: the turn is over
    assert g.zones(0)["owned"].get("Silver", 0) == 1


def test_haggler_gives_nothing_for_a_card_gained_otherwise_or_nothing_cheaper():
    """FAQ: Haggler only gives a card when you gain a card you bought, not one gained some
    other way (Workshop's); with no cheaper card (a Copper bought), no gain."""
    g = start(["Haggler", "Workshop", "Village"])
    g.setup(0, hand=["Village", "Haggler", "Workshop"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Village"))
    g.answer(C("Haggler"))
    g.answer(C("Workshop"))
    g.answer(C("Silver"))  # gained, not bought: no Haggler gain
    assert pend(g)[1] == DK.BUY
    expect(g, 0, discard={"Silver": 1})
    g.answer(C("Copper"))  # bought, but nothing costs less than $0
    assert g.zones(0)["owned"] == {"Village": 1, "Haggler": 1, "Workshop": 1, "Silver": 1,
                                   "Copper": 6}


# --- Cache ---------------------------------------------------------------------------------------
def test_cache_gained_gains_two_coppers():
    """Cache: "$3. When you gain this, gain two Coppers." FAQ: bought or otherwise gained."""
    g = start(["Cache"])
    g.setup(0, hand=["Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    coppers = g.supply()["Copper"]
    play_treasures(g)
    g.answer(C("Cache"))
    assert g.supply()["Copper"] == coppers - 2
    owned = g.zones(0)["owned"]
    assert (owned["Cache"], owned.get("Copper", 0)) == (1, 2)


def test_cache_gained_otherwise_and_with_one_copper_left():
    """Gained with Remodel it gains the Coppers too; with one Copper left, one."""
    g = start(["Cache", "Remodel"])
    g.setup(0, hand=["Remodel", "Silver"], deck=["Estate"] * 5, discard=[],
            supply={"Copper": 1})
    g.answer(C("Remodel"))
    g.answer(C("Cache"))  # the Silver trashed without asking; $5: the Cache
    expect(g, 0, discard={"Cache": 1, "Copper": 1})
    assert g.supply()["Copper"] == 0


def test_cache_is_worth_three():
    g = start(["Cache"])
    g.setup(0, hand=["Cache", "Copper"], deck=["Estate"] * 5, discard=[])
    play_treasures(g)
    assert counters(g) == (1, 1, 3 + 1)


# --- Ill-Gotten Gains ----------------------------------------------------------------------------
IGG = "Ill-Gotten Gains"


def test_ill_gotten_gains_may_gain_a_copper_into_the_hand():
    """Ill-Gotten Gains: "$1. When you play this, you may gain a Copper, putting it into your
    hand." FAQ: the Copper may then be played."""
    g = start([IGG])
    g.setup(0, hand=[IGG, "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, IGG)
    assert pend(g) == (0, DK.YESNO, C(IGG), C("Copper"), -1, (1, 0))
    g.answer(1)
    expect(g, 0, hand={"Silver": 1, "Copper": 1}, play={IGG: 1})
    play_treasures(g)
    assert counters(g) == (1, 1, 1 + 2 + 1)


def test_ill_gotten_gains_gained_gives_each_other_player_a_curse():
    """ "When you gain this, each other player gains a Curse." FAQ: in turn order; not an
    Attack."""
    g = start([IGG, "Moat"], players=3)
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g)
    g.answer(C(IGG))
    assert g.zones(1)["discard"] == {"Curse": 1} and g.zones(2)["discard"] == {"Curse": 1}


def test_ill_gotten_gains_playbook_takes_the_copper_when_it_buys_more():
    """$1 + $2 + $4 = $7 buys a Gold; the Copper makes it $8: a Province."""
    bot = simple_bot("IGG bot", buy=BM)
    g = bot_turn([IGG], bot, hand=[IGG, "Copper", "Copper", "Silver", "Silver"],
                 deck=["Estate"] * 5)
    assert g.zones(0)["owned"].get("Province", 0) == 1
    assert g.zones(0)["owned"]["Copper"] == 3


# --- Mandarin ------------------------------------------------------------------------------------
def test_mandarin_gives_three_and_puts_a_card_from_hand_on_the_deck():
    """Mandarin: "+$3. Put a card from your hand on top of your deck." """
    g = start(["Mandarin"])
    g.setup(0, hand=["Mandarin", "Estate", "Copper"], deck=["Gold"], discard=[])
    g.answer(C("Mandarin"))
    assert pend(g) == (0, DK.TOPDECK, C("Mandarin"), -1, -1, (C("Copper"), C("Estate")))
    g.answer(C("Estate"))
    expect(g, 0, deck=["Estate", "Gold"], hand={}, play={"Mandarin": 1, "Copper": 1})
    assert counters(g) == (0, 1, 3 + 1)


def test_mandarin_gained_puts_the_treasures_in_play_onto_the_deck_in_any_order():
    """ "When you gain this, put all Treasures you have in play on top of your deck in any
    order." """
    g = start(["Mandarin", "Festival"])
    g.setup(0, hand=["Festival", "Gold", "Silver", "Silver"], deck=["Estate"], discard=[])
    g.answer(C("Festival"))
    g.answer(C("Mandarin"))  # $2 + $7, two Buys
    assert pend(g) == (0, DK.TOPDECK, C("Mandarin"), 3, -1, (C("Silver"), C("Gold")))
    g.answer(C("Gold"))  # onto the deck first: under the Silvers
    expect(g, 0, deck=["Silver", "Silver", "Gold", "Estate"], play={"Festival": 1},
           discard={"Mandarin": 1})
    assert counters(g) == (2, 1, 4)  # the coins they made stay


def test_mandarin_playbook_puts_back_an_action_it_cannot_play():
    bot = simple_bot("Mandarin bot", buy=BM)
    g = bot_turn(["Mandarin", "Smithy"], bot,
                 hand=["Mandarin", "Smithy", "Copper", "Copper", "Estate"], deck=["Estate"] * 6)
    assert g.zones(0)["hand"].get("Smithy", 0) == 1


# --- Duchess -------------------------------------------------------------------------------------
def test_duchess_each_player_keeps_or_discards_the_top_card():
    """Duchess: "+$2. Each player (including you) looks at the top card of their deck, and
    discards it or puts it back." FAQ: you first, then in turn order; not an Attack."""
    g = start(["Duchess"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper", "Estate"], discard=[])
    g.setup(0, hand=["Duchess"], deck=["Estate", "Gold"], discard=[])
    g.answer(C("Duchess"))
    assert pend(g) == (0, DK.YESNO, C("Duchess"), C("Estate"), -1, (1, 0))
    g.answer(1)
    assert pend(g) == (1, DK.YESNO, C("Duchess"), C("Copper"), -1, (1, 0))
    g.answer(0)
    expect(g, 0, deck=["Gold"], discard={"Estate": 1})
    expect(g, 1, deck=["Copper", "Estate"], discard={})
    assert counters(g) == (0, 1, 2)


def test_gaining_a_duchy_may_gain_a_duchess():
    """ "In games using this, when you gain a Duchy, you may gain a Duchess." FAQ: bought or
    otherwise gained."""
    g = start(["Duchess"])
    g.setup(0, hand=["Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Duchy"))
    assert pend(g) == (0, DK.GAIN, C("Duchess"), 2, C("Duchy"), (C("Duchess"), -1))
    assert g.pending().describe() == ("seat 0: gain a Duchess with the Duchy (Duchess)? "
                                      "[Duchess, none]")
    g.answer(C("Duchess"))
    owned = g.zones(0)["owned"]
    assert (owned["Duchy"], owned["Duchess"]) == (1, 1)


def test_duchess_playbook_gains_one_only_when_its_lists_want_it():
    """DominionSim gains the Duchess when the bot wants one: a Big Money bot does not."""
    g = bot_turn(["Duchess"], simple_bot("BM", buy=["Province", "Duchy", "Silver"]),
                 hand=["Gold", "Silver"], deck=["Estate"] * 5)
    assert g.zones(0)["owned"].get("Duchy", 0) == 1 and "Duchess" not in g.zones(0)["owned"]
    g = bot_turn(["Duchess"], simple_bot("D", buy=["Province", "Duchy", "Duchess", "Silver"]),
                 hand=["Gold", "Silver"], deck=["Estate"] * 5)
    assert g.zones(0)["owned"].get("Duchess", 0) == 1


# --- Wheelwright ---------------------------------------------------------------------------------
def test_wheelwright_discards_a_card_to_gain_an_action_costing_as_much_or_less():
    """Wheelwright: "+1 Card, +1 Action. You may discard a card to gain an Action card costing
    as much as it or less." """
    g = start(["Wheelwright", "Smithy", "Village"])
    g.setup(0, hand=["Wheelwright", "Duchy", "Copper"], deck=["Silver"], discard=[])
    g.answer(C("Wheelwright"))
    assert pend(g) == (0, DK.DISCARD, C("Wheelwright"), -1, -1,
                       (C("Copper"), C("Silver"), C("Duchy"), -1))
    g.answer(C("Duchy"))
    assert pend(g) == (0, DK.GAIN, C("Wheelwright"), 5, C("Duchy"),
                       (C("Smithy"), C("Village"), C("Wheelwright")))
    g.answer(C("Smithy"))
    expect(g, 0, discard={"Duchy": 1, "Smithy": 1}, play={"Wheelwright": 1, "Copper": 1,
                                                            "Silver": 1})
    assert counters(g) == (1, 1, 3)


def test_wheelwright_discard_is_optional_and_may_gain_nothing():
    """The discard is optional; a Copper ($0) discarded gains nothing (no Action costs $0)."""
    g = start(["Wheelwright", "Smithy"])
    g.setup(0, hand=["Wheelwright", "Estate", "Copper"], deck=["Silver"], discard=[])
    g.answer(C("Wheelwright"))
    g.answer(-1)
    expect(g, 0, discard={}, play={"Wheelwright": 1, "Copper": 1, "Silver": 1},
           hand={"Estate": 1})
    g = start(["Wheelwright", "Smithy"])
    g.setup(0, hand=["Wheelwright", "Estate", "Copper"], deck=["Silver"], discard=[])
    g.answer(C("Wheelwright"))
    g.answer(C("Copper"))
    expect(g, 0, discard={"Copper": 1}, hand={"Estate": 1})


def test_wheelwright_playbook_turns_a_dead_card_into_an_action():
    bot = simple_bot("Wheelwright bot", buy=BM)
    g = bot_turn(["Wheelwright", "Crossroads"], bot,
                 hand=["Wheelwright", "Estate", "Copper", "Copper", "Copper"],
                 deck=["Copper"] + ["Estate"] * 6)
    assert g.zones(0)["owned"].get("Crossroads", 0) == 1
