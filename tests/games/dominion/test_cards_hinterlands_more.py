"""Hinterlands' non-Attack cards with homes beyond the first ones: Crossroads, Develop,
Cartographer, Highway and the rest, in rulebook situations from the printed text and the
official FAQ (Dominion Strategy wiki), and their default playbooks.

Exact zones are set with ``DominionGame.setup`` (decks listed from the top down), the card is
played by an outside seat, its decisions answered, and the exact zones and counters asserted. A
decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

import numpy as np

from cardtools import DK, C, bot_turn, counters, expect, pend, start
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
