"""Intrigue's gainers, trashers and costs: Lurker, Baron, Bridge, Ironworks, Upgrade, Replace,
Trading Post, Duke and the first printing's Coppersmith.

Rulebook situations from the printed text and the official FAQ (Dominion Strategy wiki), in the
style of ``test_cards_base.py``: exact zones set with ``DominionGame.setup`` (decks listed from
the top down), the card played by an outside seat, its decisions answered, and the exact hand,
deck, discard, trash, supply and counters asserted. Then the default playbooks (a bot seat
plays one turn: ``bot_turn``), and a few hundred random debug-mode games on a kingdom of these
cards.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, bot_turn, counters, expect, owned, start
from ludolab.games.dominion.engine import (
    EndReason,
    Engine,
    simple_bot,
)
from ludolab.games.dominion.log import render

BIG_MONEY = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])


# --- Bridge ------------------------------------------------------------------------------------
def test_bridge_gives_a_buy_a_coin_and_lowers_every_cost_by_one():
    g = start(["Bridge"])
    g.setup(0, hand=["Bridge", "Silver", "Copper", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Bridge"))
    d = g.pending()
    assert d.kind == DK.BUY
    assert counters(g) == (0, 2, 5) and g.counters()["cost_down"] == 1
    assert C("Gold") in d.options and C("Province") not in d.options  # Gold costs $5 now
    g.answer(C("Gold"))
    d = g.pending()
    assert counters(g) == (0, 1, 0)
    # $0 left: Copper and Curse (still $0, never below) and the Estate at $1... only the $0s
    assert d.options == (C("Copper"), C("Curse"), -1)
    g.answer(-1)
    # clean-up ends the reduction
    assert g.pending().seat == 1 and g.counters()["cost_down"] == 0


def test_bridge_under_throne_room_lowers_costs_by_two_never_below_zero():
    g = start(["Bridge", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Bridge", "Gold", "Copper"], deck=["Estate"] * 5,
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Bridge"))
    assert g.pending().kind == DK.BUY
    assert counters(g) == (0, 3, 6) and g.counters()["cost_down"] == 2
    d = g.pending()
    assert C("Province") in d.options  # $8 - $2
    g.answer(C("Province"))
    assert counters(g) == (0, 2, 0)
    g.answer(C("Estate"))  # $2 - $2 = $0
    assert counters(g) == (0, 1, 0)
    g.answer(C("Copper"))  # $0 stays $0; no Buy left: the turn ends
    assert g.pending().seat == 1
    expect(g, 0, discard={"Throne Room": 1, "Bridge": 1, "Gold": 1, "Copper": 2,
                          "Province": 1, "Estate": 1}, hand={"Estate": 5})


def test_bridge_then_ironworks_gains_a_five_and_its_type_bonus():
    g = start(["Bridge", "Ironworks", "Village"])
    g.setup(0, hand=["Village", "Bridge", "Ironworks"], deck=["Gold", "Silver", "Estate"],
            discard=[])
    g.answer(C("Village"))
    g.answer(C("Bridge"))
    g.answer(C("Ironworks"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Ironworks"), 4)
    assert C("Duchy") in d.options and C("Gold") not in d.options  # $5 -> $4; Gold $6 -> $5
    g.answer(C("Duchy"))  # a Victory card: +1 Card (the Silver, played in the buy phase)
    expect(g, 0, hand={}, deck=["Estate"], discard={"Duchy": 1},
           play={"Village": 1, "Bridge": 1, "Ironworks": 1, "Gold": 1, "Silver": 1})
    assert g.pending().kind == DK.BUY


def test_bridge_then_upgrade_turns_a_copper_into_an_estate():
    # FAQ: a Copper still costs $0 under Bridge, an Estate $1: exactly $1 more
    g = start(["Bridge", "Upgrade", "Village"])
    g.setup(0, hand=["Village", "Bridge", "Upgrade", "Copper"], deck=["Silver", "Silver"],
            discard=[])
    g.answer(C("Village"))
    g.answer(C("Bridge"))
    g.answer(C("Upgrade"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.TRASH, C("Upgrade"))
    assert d.options == (C("Copper"), C("Silver"))
    g.answer(C("Copper"))
    # the only card costing exactly $1 is the Estate: gained without asking
    assert g.trash() == {"Copper": 1}
    expect(g, 0, discard={"Estate": 1})
    assert g.supply()["Estate"] == 7


def test_bridge_then_replace_uses_the_reduced_costs():
    g = start(["Bridge", "Replace", "Village", "Baron"])
    g.setup(0, hand=["Village", "Bridge", "Replace", "Estate"], deck=["Copper"] * 3,
            discard=[])
    g.answer(C("Village"))
    g.answer(C("Bridge"))
    g.answer(C("Replace"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.TRASH, C("Replace"))
    g.answer(C("Estate"))
    d = g.pending()
    assert (d.kind, d.subject, d.arg) == (DK.GAIN, 3, C("Estate"))  # Estate $1, + $2
    assert C("Baron") in d.options and C("Duchy") not in d.options  # $4 -> $3; $5 -> $4
    g.answer(C("Baron"))  # an Action: onto the deck
    expect(g, 0, deck=["Baron", "Copper", "Copper"], discard={})


# --- Lurker ------------------------------------------------------------------------------------
def test_lurker_trashes_an_action_card_from_the_supply():
    g = start(["Lurker", "Smithy", "Bridge"])
    g.setup(0, hand=["Lurker", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Lurker"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.MODE, C("Lurker"), (0, 1))
    assert "trash an Action from the Supply" in d.describe()
    g.answer(0)
    d = g.pending()
    assert (d.kind, d.source) == (DK.TRASH, C("Lurker"))
    assert d.options == (C("Smithy"), C("Lurker"), C("Bridge"))  # Action piles only
    assert "from the Supply" in d.describe()
    g.answer(C("Smithy"))
    assert g.trash() == {"Smithy": 1}
    assert g.supply()["Smithy"] == 9
    assert counters(g) == (1, 1, 1)  # +1 Action
    expect(g, 0, owned={"Lurker": 1, "Copper": 1, "Estate": 5})


def test_lurker_gains_an_action_card_from_the_trash_to_the_discard_pile():
    g = start(["Lurker", "Smithy", "Great Hall"])
    g.setup(0, hand=["Lurker"], deck=["Estate"] * 5, discard=[],
            trash={"Smithy": 1, "Great Hall": 1, "Copper": 3, "Estate": 1})
    g.answer(C("Lurker"))
    g.answer(1)
    d = g.pending()
    assert (d.kind, d.source) == (DK.GAIN, C("Lurker"))
    # Action cards only, Action-Victory included (FAQ: Lurker can gain Nobles from the trash)
    assert d.options == (C("Smithy"), C("Great Hall"))
    assert "from the trash" in d.describe()
    g.answer(C("Great Hall"))
    assert g.trash() == {"Smithy": 1, "Copper": 3, "Estate": 1}
    expect(g, 0, discard={"Great Hall": 1}, owned={"Lurker": 1, "Great Hall": 1, "Estate": 5})
    assert g.supply()["Great Hall"] == 8  # not from the Supply


def test_lurker_may_trash_an_action_victory_card_from_the_supply():
    g = start(["Lurker", "Great Hall"])
    g.setup(0, hand=["Lurker"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Lurker"))
    g.answer(0)
    g.answer(C("Great Hall"))
    assert g.trash() == {"Great Hall": 1} and g.supply()["Great Hall"] == 7


@pytest.mark.parametrize("trash", [{}, {"Copper": 2, "Estate": 1}])
def test_lurker_gain_mode_with_no_action_in_the_trash_does_nothing(trash):
    # ruling: the gain option may be chosen when the trash holds no Action; nothing happens
    g = start(["Lurker", "Smithy"])
    g.setup(0, hand=["Lurker"], deck=["Estate"] * 5, discard=[], trash=trash)
    g.answer(C("Lurker"))
    assert g.pending().options == (0, 1)  # both modes offered
    g.answer(1)
    assert g.pending().kind == DK.BUY
    assert g.trash() == {k: v for k, v in trash.items()}
    expect(g, 0, discard={}, owned={"Lurker": 1, "Estate": 5})


def test_lurker_trash_mode_with_no_action_left_in_the_supply_does_nothing():
    g = start(["Lurker"])
    g.setup(0, hand=["Lurker"], deck=["Estate"] * 5, discard=[], supply={"Lurker": 0})
    g.answer(C("Lurker"))
    g.answer(0)
    assert g.pending().kind == DK.BUY and g.trash() == {}


def test_lurker_emptying_a_third_pile_ends_the_game():
    g = start(["Lurker", "Smithy", "Bridge"])
    g.setup(0, hand=["Lurker"], deck=["Estate"] * 5, discard=[],
            supply={"Bridge": 0, "Lurker": 0, "Smithy": 1})
    g.answer(C("Lurker"))
    g.answer(0)  # the only Action left in the Supply is trashed without asking
    assert g.trash() == {"Smithy": 1}
    g.answer(-1)  # buy nothing: the turn ends with three empty piles
    assert g.is_over() and g.end_reason() == EndReason.PILES


def test_two_lurkers_trash_then_gain_the_same_card():
    # the wiki: with two Lurker plays you can have any Action of your choice
    g = start(["Lurker", "Smithy"])
    g.setup(0, hand=["Lurker", "Lurker"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Lurker"))
    g.answer(0)
    g.answer(C("Smithy"))
    g.answer(C("Lurker"))
    g.answer(1)  # the trash holds one Action: gained without asking
    assert g.trash() == {} and g.supply()["Smithy"] == 9
    expect(g, 0, discard={"Smithy": 1}, play={"Lurker": 2})


def test_lurker_lines_in_the_log():
    eng = Engine(["Lurker", "Smithy"], 2)
    bot = simple_bot("Lurker", buy=["Province", "Gold", "Smithy", "Lurker", "Silver"])
    text = render(eng.trace([bot, BIG_MONEY], seed=3))
    assert "chooses trash an Action from the Supply (Lurker)" in text
    assert "trashes Smithy from the Supply" in text or "trashes Lurker from the Supply" in text


# --- Ironworks ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "actions", "coins", "hand"),
    [
        ("Great Hall", 1, 0, {"Duchy": 1}),  # Action-Victory: +1 Action and +1 Card
        ("Silver", 0, 1, {}),  # Treasure: +$1
        ("Estate", 0, 0, {"Duchy": 1}),  # Victory: +1 Card
        ("Smithy", 1, 0, {}),  # Action: +1 Action
        ("Curse", 0, 0, {}),  # none of the three types: nothing
    ],
)
def test_ironworks_bonus_by_the_gained_cards_types(name, actions, coins, hand):
    g = start(["Ironworks", "Great Hall", "Smithy"])
    g.setup(0, hand=["Ironworks"], deck=["Duchy", "Estate"], discard=[])
    g.answer(C("Ironworks"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Ironworks"), 4)
    g.answer(C(name))
    c = g.counters()
    assert (c["actions"], c["coins"]) == (actions, coins)
    expect(g, 0, hand=hand, discard={name: 1})


def test_ironworks_gains_farm_under_two_bridges_for_a_coin_and_a_card():
    g = start(["Ironworks", "Bridge", "Throne Room", "Village", "Farm"])
    g.setup(0, hand=["Village", "Throne Room", "Bridge", "Ironworks"],
            deck=["Copper", "Estate", "Estate"], discard=[])
    g.answer(C("Village"))
    g.answer(C("Throne Room"))
    g.answer(C("Bridge"))
    g.answer(C("Ironworks"))
    assert C("Farm") in g.pending().options  # $6 - $2
    g.answer(C("Farm"))
    # Treasure-Victory: +$1 and +1 Card (an Estate); Bridge twice: $2; Village drew a Copper
    expect(g, 0, hand={"Estate": 1}, discard={"Farm": 1}, deck=["Estate"])
    assert counters(g) == (0, 3, 2 + 1 + 1)


def test_ironworks_cannot_gain_from_an_empty_pile():
    g = start(["Ironworks", "Great Hall"])
    g.setup(0, hand=["Ironworks"], deck=["Gold"], discard=[], supply={"Great Hall": 0})
    g.answer(C("Ironworks"))
    assert C("Great Hall") not in g.pending().options


def test_ironworks_gains_nobles_under_two_bridges_for_an_action_and_a_card():
    g = start(["Ironworks", "Bridge", "Throne Room", "Village", "Nobles"])
    g.setup(0, hand=["Village", "Throne Room", "Bridge", "Ironworks"],
            deck=["Copper", "Estate"], discard=[])
    for name in ("Village", "Throne Room", "Bridge", "Ironworks"):
        g.answer(C(name))
    g.answer(C("Nobles"))  # $6 - $2: +1 Action and +1 Card (the Estate)
    assert g.counters()["actions"] == 1
    expect(g, 0, hand={"Estate": 1}, discard={"Nobles": 1}, deck=[])


# --- Upgrade -----------------------------------------------------------------------------------
def test_upgrade_draws_then_trashes_and_gains_a_card_costing_exactly_one_more():
    g = start(["Upgrade", "Baron", "Ironworks"])
    g.setup(0, hand=["Upgrade", "Silver"], deck=["Estate", "Gold"], discard=[])
    g.answer(C("Upgrade"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.TRASH, C("Upgrade"), (C("Silver"), C("Estate")))
    g.answer(C("Silver"))
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.arg) == (DK.GAIN, C("Upgrade"), 4, C("Silver"))
    assert d.options == (C("Baron"), C("Ironworks"))  # the $4s, no stop
    assert "exactly $1 more" in d.describe()
    g.answer(C("Ironworks"))
    assert g.trash() == {"Silver": 1}
    expect(g, 0, hand={"Estate": 1}, discard={"Ironworks": 1}, deck=["Gold"])
    assert counters(g) == (1, 1, 0)


def test_upgrade_offers_only_cards_costing_exactly_one_more():
    g = start(["Upgrade", "Lurker", "Baron", "Great Hall"])
    g.setup(0, hand=["Upgrade", "Estate", "Silver"], deck=["Gold"], discard=[])
    g.answer(C("Upgrade"))
    g.answer(C("Estate"))
    d = g.pending()
    assert d.options == (C("Silver"), C("Great Hall"))  # the $3s: not Lurker ($2), Baron ($4)
    g.answer(C("Great Hall"))
    assert g.trash() == {"Estate": 1}
    expect(g, 0, hand={}, play={"Upgrade": 1, "Silver": 1, "Gold": 1}, discard={"Great Hall": 1})
    assert counters(g) == (1, 1, 5)


@pytest.mark.parametrize("name", ["Copper", "Curse", "Gold"])
def test_upgrade_with_no_card_at_that_cost_trashes_and_gains_nothing(name):
    g = start(["Upgrade"])
    g.setup(0, hand=["Upgrade", name], deck=[], discard=[])
    g.answer(C("Upgrade"))  # one card in hand: trashed without asking; no $1/$7 card
    assert g.pending().kind == DK.BUY
    assert g.trash() == {name: 1}
    expect(g, 0, hand={}, discard={}, owned={"Upgrade": 1})


def test_upgrade_with_an_empty_hand_trashes_nothing():
    g = start(["Upgrade"])
    g.setup(0, hand=["Upgrade"], deck=[], discard=[])
    g.answer(C("Upgrade"))
    assert g.pending().kind == DK.BUY
    assert g.trash() == {}
    expect(g, 0, play={"Upgrade": 1}, owned={"Upgrade": 1})


def test_upgrade_draws_through_a_reshuffle_before_trashing():
    g = start(["Upgrade"])
    g.setup(0, hand=["Upgrade"], deck=[], discard=["Estate"])
    g.answer(C("Upgrade"))  # the Estate is shuffled, drawn and trashed; Silver gained
    assert g.trash() == {"Estate": 1}
    expect(g, 0, discard={"Silver": 1}, hand={})


# --- Replace -----------------------------------------------------------------------------------
def test_replace_puts_a_gained_treasure_onto_the_deck_without_cursing():
    g = start(["Replace"], players=3)
    g.setup(0, hand=["Replace", "Estate"], deck=["Copper"], discard=[])
    g.answer(C("Replace"))
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.arg) == (DK.GAIN, C("Replace"), 4, C("Estate"))
    g.answer(C("Silver"))
    expect(g, 0, deck=["Silver", "Copper"], discard={})
    assert g.supply()["Curse"] == 20
    assert g.trash() == {"Estate": 1}


def test_replace_gaining_a_victory_card_curses_each_other_player_a_moat_protects():
    g = start(["Replace", "Moat"], players=3)
    g.setup(1, hand=["Moat", "Copper"], deck=["Copper"] * 5, discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Replace", "Silver"], deck=["Copper"], discard=[])
    g.answer(C("Replace"))
    d = g.pending()
    assert (d.seat, d.kind) == (1, DK.YESNO)  # Moat is revealed when Replace is played
    g.answer(1)
    g.answer(C("Duchy"))  # Silver ($3) + 2
    expect(g, 0, discard={"Duchy": 1}, deck=["Copper"])
    expect(g, 1, discard={})
    expect(g, 2, discard={"Curse": 1})
    assert g.supply()["Curse"] == 19


def test_replace_gaining_an_action_victory_card_does_both():
    # FAQ: a card of both kinds (Harem/Farm, Mill, Nobles; Great Hall of the first printing)
    # goes onto the deck AND each other player gains a Curse
    g = start(["Replace", "Great Hall", "Farm"])
    g.setup(0, hand=["Replace", "Estate", "Gold"], deck=["Copper"], discard=[])
    g.answer(C("Replace"))
    g.answer(C("Estate"))
    g.answer(C("Great Hall"))
    expect(g, 0, deck=["Great Hall", "Copper"], discard={})
    expect(g, 1, discard={"Curse": 1})
    g = start(["Replace", "Great Hall", "Farm"])
    g.setup(0, hand=["Replace", "Gold", "Estate"], deck=["Copper"], discard=[])
    g.answer(C("Replace"))
    g.answer(C("Gold"))
    g.answer(C("Farm"))  # Treasure-Victory
    expect(g, 0, deck=["Farm", "Copper"], discard={})
    expect(g, 1, discard={"Curse": 1})


def test_replace_when_the_curse_pile_is_empty_still_gains():
    g = start(["Replace"])
    g.setup(0, hand=["Replace", "Silver"], deck=[], discard=[], supply={"Curse": 0})
    g.answer(C("Replace"))
    g.answer(C("Duchy"))
    expect(g, 0, discard={"Duchy": 1})
    expect(g, 1, discard={})
    assert g.supply()["Curse"] == 0


@pytest.mark.parametrize("name", ["Mill", "Nobles"])
def test_replace_gaining_mill_or_nobles_topdecks_and_curses(name):
    g = start(["Replace", "Mill", "Nobles"])
    g.setup(0, hand=["Replace", "Gold" if name == "Nobles" else "Silver"], deck=["Copper"],
            discard=[])
    g.answer(C("Replace"))
    g.answer(C(name))
    expect(g, 0, deck=[name, "Copper"])
    expect(g, 1, discard={"Curse": 1})


# --- Trading Post ------------------------------------------------------------------------------
def test_trading_post_trashes_two_and_gains_a_silver_to_hand():
    g = start(["Trading Post"])
    g.setup(0, hand=["Trading Post", "Estate", "Curse", "Copper"], deck=["Gold"], discard=[])
    g.answer(C("Trading Post"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.TRASH, C("Trading Post"), 0)
    assert -1 not in d.options  # mandatory
    g.answer(C("Estate"))
    assert g.pending().subject == 1
    g.answer(C("Curse"))
    assert g.pending().kind == DK.BUY
    assert g.trash() == {"Estate": 1, "Curse": 1}
    expect(g, 0, play={"Trading Post": 1, "Copper": 1, "Silver": 1}, hand={})
    assert counters(g) == (0, 1, 3)  # the Silver came to hand and was played
    assert g.supply()["Silver"] == 39


def test_trading_post_with_one_card_trashes_it_and_gains_no_silver():
    g = start(["Trading Post"])
    g.setup(0, hand=["Trading Post", "Estate"], deck=[], discard=[])
    g.answer(C("Trading Post"))
    assert g.trash() == {"Estate": 1}
    expect(g, 0, hand={}, play={"Trading Post": 1}, owned={"Trading Post": 1})
    assert g.supply()["Silver"] == 40


def test_trading_post_with_the_silver_pile_empty_trashes_two_gains_nothing():
    g = start(["Trading Post"])
    g.setup(0, hand=["Trading Post", "Estate", "Estate"], deck=[], discard=[],
            supply={"Silver": 0})
    g.answer(C("Trading Post"))  # two Estates: each trash has one option
    assert g.trash() == {"Estate": 2}
    expect(g, 0, hand={}, play={"Trading Post": 1})


def test_throne_room_trading_post_trashes_four_for_two_silvers():
    g = start(["Trading Post", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Trading Post", "Estate", "Estate", "Copper", "Copper"],
            deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Trading Post"))
    for name in ("Estate", "Estate", "Copper", "Copper"):
        d = g.pending()
        assert d.kind == DK.TRASH
        g.answer(C(name))
    assert g.trash() == {"Estate": 2, "Copper": 2}
    expect(g, 0, play={"Throne Room": 1, "Trading Post": 1, "Silver": 2})
    assert counters(g) == (0, 1, 4)


# --- Baron -------------------------------------------------------------------------------------
def test_baron_discards_an_estate_for_four_coins():
    g = start(["Baron"])
    g.setup(0, hand=["Baron", "Estate", "Estate", "Copper"], deck=[], discard=[])
    g.answer(C("Baron"))
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.options) == (DK.YESNO, C("Baron"), C("Estate"), (1, 0))
    assert "discard an Estate for +$4" in d.describe()
    g.answer(1)
    expect(g, 0, hand={"Estate": 1}, discard={"Estate": 1})
    assert counters(g) == (0, 2, 5)
    assert g.supply()["Estate"] == 8


def test_baron_declined_gains_an_estate():
    g = start(["Baron"])
    g.setup(0, hand=["Baron", "Estate"], deck=[], discard=[])
    g.answer(C("Baron"))
    g.answer(0)
    expect(g, 0, hand={"Estate": 1}, discard={"Estate": 1})
    assert counters(g) == (0, 2, 0)
    assert g.supply()["Estate"] == 7


def test_baron_without_an_estate_gains_one_and_with_the_pile_empty_nothing():
    g = start(["Baron"])
    g.setup(0, hand=["Baron", "Copper"], deck=[], discard=[])
    g.answer(C("Baron"))  # no Estate in hand: no question
    expect(g, 0, discard={"Estate": 1})
    assert counters(g) == (0, 2, 1)
    g = start(["Baron"])
    g.setup(0, hand=["Baron", "Copper"], deck=[], discard=[], supply={"Estate": 0})
    g.answer(C("Baron"))
    expect(g, 0, discard={})
    assert counters(g) == (0, 2, 1)


def test_throne_room_baron_with_one_estate_discards_it_then_gains_one():
    g = start(["Baron", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Baron", "Estate"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Baron"))
    g.answer(1)  # first play: discard the Estate; second: none left, gain one
    expect(g, 0, hand={}, discard={"Estate": 2})
    assert counters(g) == (0, 3, 4)
    assert g.supply()["Estate"] == 7


# --- Duke --------------------------------------------------------------------------------------
def test_duke_is_worth_one_vp_per_duchy():
    g = start(["Duke"])
    g.setup(0, hand=["Duke", "Duke", "Duchy"], deck=["Duchy", "Duchy"], discard=["Estate"])
    assert g.vp()[0] == 2 * 3 + 3 * 3 + 1
    g.setup(0, hand=["Duke"], deck=[], discard=[])
    assert g.vp()[0] == 0


# --- Coppersmith -------------------------------------------------------------------------------
def test_coppersmith_makes_each_copper_worth_one_more():
    g = start(["Coppersmith"])
    g.setup(0, hand=["Coppersmith", "Copper", "Copper", "Copper", "Silver"], deck=["Copper"] * 5,
            discard=[])
    g.answer(C("Coppersmith"))
    assert counters(g) == (0, 1, 3 * 2 + 2)


def test_coppersmith_under_throne_room_adds_two_per_copper_and_ends_with_the_turn():
    g = start(["Coppersmith", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Coppersmith", "Copper", "Copper"], deck=["Copper"] * 5,
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Coppersmith"))
    assert counters(g) == (0, 1, 2 * 3)
    g.answer(-1)
    # seat 1's Coppers make $1 each
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    assert g.pending().seat == 1 and counters(g) == (1, 1, 5)


def test_coppersmith_without_copper_makes_nothing():
    g = start(["Coppersmith"])
    g.setup(0, hand=["Coppersmith", "Silver"], deck=[], discard=[])
    g.answer(C("Coppersmith"))
    assert counters(g) == (0, 1, 2)


# --- printings --------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["official", "first-edition"])
def test_these_cards_read_the_same_in_both_printings(rules):
    # Baron, Bridge, Ironworks, Trading Post, Upgrade and Duke kept their meaning from the first
    # printing to the second (Lurker and Replace are second-printing cards, Coppersmith a
    # first-printing one): the edition setting changes nothing here
    g = start(["Baron", "Bridge", "Trading Post", "Village"], 2, rules)
    g.setup(0, hand=["Village", "Village", "Bridge", "Baron", "Trading Post", "Estate", "Estate",
                     "Copper"], deck=["Copper", "Copper"], discard=[])
    g.answer(C("Village"))
    g.answer(C("Village"))
    g.answer(C("Bridge"))
    g.answer(C("Trading Post"))
    g.answer(C("Estate"))
    g.answer(C("Copper"))  # the second Estate stays for Baron; a Silver comes to hand
    g.answer(C("Baron"))
    g.answer(1)
    assert g.trash() == {"Estate": 1, "Copper": 1}
    assert counters(g) == (0, 3, 1 + 4 + 2 * 1 + 2)  # Bridge, Baron, two Coppers, the Silver
    assert g.counters()["cost_down"] == 1


# --- default playbooks (a bot seat plays one turn) ---------------------------------------------
def test_baron_playbook_discards_an_estate_when_it_has_one():
    g = bot_turn(["Baron"], BIG_MONEY, hand=["Baron", "Estate", "Copper", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    # $4 + $3 = $7: a Gold; the Estate was discarded, none gained
    assert owned(g, 0, "Gold") == 1 and owned(g, 0, "Estate") == 1
    assert g.supply()["Estate"] == 8


def test_baron_option_keep_estate_gains_another():
    bot = simple_bot("Estate Baron", buy=["Province", "Gold", "Silver"])
    bot.card_options[(C("Baron"), 0)] = 1.0
    g = bot_turn(["Baron"], bot, hand=["Baron", "Estate", "Copper", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    assert owned(g, 0, "Estate") == 2 and owned(g, 0, "Silver") == 1  # $3: a Silver


def test_baron_is_held_back_without_an_estate_when_estates_are_not_wanted():
    g = bot_turn(["Baron"], BIG_MONEY, hand=["Baron", "Copper", "Copper", "Copper", "Silver"],
                 deck=["Copper"] * 5)
    assert owned(g, 0, "Estate") == 0 and owned(g, 0, "Baron") == 1
    assert owned(g, 0, "Silver") == 2  # $5, one Buy used (Baron not played)


def test_lurker_playbook_gains_a_wanted_action_from_the_trash():
    bot = simple_bot("Lurker", buy=["Province", "Gold", "Smithy", "Silver"])
    g = bot_turn(["Lurker", "Smithy"], bot, hand=["Lurker", "Estate", "Estate"],
                 deck=["Estate"] * 5, trash={"Smithy": 1})
    assert owned(g, 0, "Smithy") == 1 and g.trash() == {}


def test_lurker_playbook_trashes_the_buy_lists_action_from_the_supply():
    bot = simple_bot("Lurker", buy=["Province", "Gold", "Lurker", "Smithy", "Silver"])
    g = bot_turn(["Lurker", "Smithy", "Bridge"], bot, hand=["Lurker", "Estate", "Estate"],
                 deck=["Estate"] * 5)
    assert g.trash() == {"Smithy": 1}  # Lurker itself is skipped in the buy list


def test_lurker_playbook_empties_a_third_pile_only_when_ahead():
    bot = simple_bot("Lurker", buy=["Province", "Gold", "Silver"])
    ahead = bot_turn(["Lurker", "Smithy", "Bridge", "Baron"], bot,
                     hand=["Lurker", "Duchy", "Estate"], deck=["Estate"] * 5,
                     supply={"Bridge": 0, "Lurker": 0, "Smithy": 1},
                     other={"hand": ["Copper"] * 5, "deck": [], "discard": []})
    assert ahead.trash() == {"Smithy": 1} and ahead.is_over()
    behind = bot_turn(["Lurker", "Smithy", "Bridge", "Baron"], bot,
                      hand=["Lurker", "Copper", "Copper"], deck=["Copper"] * 5,
                      supply={"Bridge": 0, "Lurker": 0, "Smithy": 1},
                      other={"hand": ["Duchy"] * 5, "deck": [], "discard": []})
    assert behind.trash() == {"Baron": 1} and not behind.is_over()


def test_upgrade_playbook_turns_an_estate_into_a_silver():
    g = bot_turn(["Upgrade"], BIG_MONEY, hand=["Upgrade", "Estate", "Silver", "Silver"],
                 deck=["Copper"] * 5)
    assert g.trash() == {"Estate": 1} and owned(g, 0, "Silver") == 4  # gained one, bought one


def test_upgrade_playbook_keeps_its_silvers_when_nothing_is_worth_trashing():
    g = bot_turn(["Upgrade"], BIG_MONEY, hand=["Upgrade", "Silver", "Silver", "Gold"],
                 deck=["Gold"] * 5)
    assert g.trash() == {} and owned(g, 0, "Upgrade") == 1


def test_trading_post_playbook_trashes_junk_first():
    g = bot_turn(["Trading Post"], BIG_MONEY,
                 hand=["Trading Post", "Curse", "Silver", "Estate", "Copper"], deck=["Copper"] * 5)
    assert g.trash() == {"Curse": 1, "Estate": 1}


def test_replace_playbook_turns_gold_into_a_province_and_curses():
    g = bot_turn(["Replace"], BIG_MONEY, hand=["Replace", "Gold", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    assert g.trash() == {"Gold": 1} and owned(g, 0, "Province") == 1
    assert owned(g, 1, "Curse") == 1


def test_coppersmith_is_played_only_with_copper_in_hand():
    bot = simple_bot("Coppersmith", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Coppersmith"], bot, hand=["Coppersmith", "Copper", "Copper", "Copper",
                                              "Copper"], deck=["Estate"] * 5)
    assert owned(g, 0, "Province") == 1  # 4 Coppers at $2 each
    g = bot_turn(["Coppersmith"], bot, hand=["Coppersmith", "Silver", "Silver", "Estate",
                                              "Estate"], deck=["Estate"] * 5)
    assert g.zones(0)["discard"].get("Coppersmith", 0) == 1  # not played: discarded from hand


# --- invariants --------------------------------------------------------------------------------
KINGDOM = ["Lurker", "Baron", "Bridge", "Ironworks", "Upgrade", "Replace", "Trading Post",
           "Duke", "Coppersmith", "Throne Room"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_bot_games_on_these_cards_keep_every_invariant(players):
    """Debug mode checks card conservation and every bot answer after each turn; a random seat
    answers every decision uniformly (both Lurker modes, declined Barons, any Upgrade)."""
    eng = Engine(KINGDOM, players)
    r = np.random.default_rng(players)
    bots = []
    for s in range(players):
        picks = [str(x) for x in r.choice(KINGDOM[:9], 4, replace=False)]
        bot = simple_bot(f"b{s}", buy=["Province", "Gold", *picks, "Silver"],
                         options={"use_extra_buys": 1.0})
        bot.card_options[(C("Lurker"), 0)] = float(s % 3)
        bot.card_options[(C("Baron"), 0)] = float(s % 2)
        bots.append(bot)
    rec = eng.play(bots, np.arange(100, dtype=np.uint64) + 1000 * players, debug=True,
                   random_seats=[players - 1])
    assert len(rec) == 100
    assert set(rec.end_reason.tolist()) <= {EndReason.PROVINCES, EndReason.PILES}
