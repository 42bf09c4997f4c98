"""Intrigue's draw and choice cards (Pawn, Shanty Town, Wishing Well, Conspirator, Mining
Village, Nobles, Mill, Patrol, Courtier, first-printing Scout and Tribute) and the plain
dual-type rows Great Hall and Farm (Harem), in rulebook situations.

Rules tests set exact zones with ``DominionGame.setup`` (decks listed from the top down), play
the card as an outside seat, answer its decisions and assert the exact result; a decision with
a single option is taken without asking, so each ``pending()`` is a real choice. Playbook tests
seat a bot in seat 0 and read its choices from exact results (what it bought, trashed, drew).
The FAQ points are quoted from the rulebooks' card notes (Intrigue, both printings).
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, bot_turn, counters, expect, next_hand, owned, start
from ludolab.games.dominion.engine import Engine, simple_bot
from ludolab.games.dominion.log import render

BIG_MONEY = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])


def with_options(**values: float):
    """Big Money with card options set (``pawn=12``: Pawn's option 0 is 12)."""
    b = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])
    slots = {"pawn": ("Pawn", 0), "nobles": ("Nobles", 0), "mill": ("Mill", 0),
             "mining_village": ("Mining Village", 0), "wishing_well": ("Wishing Well", 0),
             "courtier": ("Courtier", 0), "courtier_reveal": ("Courtier", 1)}
    for name, v in values.items():
        card, j = slots[name]
        b.card_options[(C(card), j)] = float(v)
    return b


# --- Pawn --------------------------------------------------------------------------------------
def test_pawn_makes_two_different_choices_before_doing_either():
    g = start(["Pawn"])
    g.setup(0, hand=["Pawn", "Copper"], deck=["Silver", "Gold"], discard=[])
    g.answer(C("Pawn"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.MODE, C("Pawn"), (0, 1, 2, 3))
    assert [d.option_name(o) for o in d.options] == ["+1 Card", "+1 Action", "+1 Buy", "+$1"]
    g.answer(0)
    d = g.pending()
    # the second choice is among the other three; nothing was drawn yet (FAQ: pick both first)
    assert (d.kind, d.options, d.arg) == (DK.MODE, (1, 2, 3), 0)
    expect(g, 0, hand={"Copper": 1}, deck=["Silver", "Gold"])
    g.answer(3)
    assert g.pending().kind == DK.BUY
    assert counters(g) == (0, 1, 1 + 1 + 2)  # +$1, Copper, the Silver drawn
    expect(g, 0, deck=["Gold"], play={"Pawn": 1, "Copper": 1, "Silver": 1})


def test_pawn_action_and_buy():
    g = start(["Pawn"])
    g.setup(0, hand=["Pawn", "Copper"], deck=["Silver"], discard=[])
    g.answer(C("Pawn"))
    g.answer(1)
    g.answer(2)
    assert g.pending().kind == DK.BUY
    assert counters(g) == (1, 2, 1)
    expect(g, 0, deck=["Silver"])


def test_throne_room_on_pawn_chooses_twice_two():
    g = start(["Pawn", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Pawn"], deck=["Silver", "Gold"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Pawn"))
    for answer in (0, 1, 2, 3):  # Card + Action, then Buy + $1
        g.answer(answer)
    assert g.pending().kind == DK.BUY
    assert counters(g) == (1, 2, 1 + 2)
    expect(g, 0, deck=["Gold"])


def test_pawn_playbook_takes_the_action_a_smithy_in_hand_needs():
    # +1 Action (Smithy waits), then +1 Card: Pawn draws the Silver, Smithy three Golds: $14
    hand = ["Pawn", "Smithy", "Copper", "Copper", "Copper"]
    deck = ["Silver", "Gold", "Gold", "Gold"] + ["Estate"] * 5
    g = bot_turn(["Pawn", "Smithy"], BIG_MONEY, hand=hand, deck=deck)
    assert owned(g, 0, "Province") == 1
    assert next_hand(g) == {"Estate": 5}


def test_pawn_playbook_falls_back_to_a_coin_not_a_buy():
    # $4 now: +$1 changes nothing yet and a second buy buys nothing, so +1 Card and then +$1
    # (not +1 Buy): the Copper drawn makes $5, and the coin $6, a Gold
    hand = ["Pawn", "Copper", "Copper", "Silver", "Estate"]
    g = bot_turn(["Pawn"], BIG_MONEY, hand=hand, deck=["Copper"] + ["Estate"] * 5)
    assert owned(g, 0, "Gold") == 1 and owned(g, 0, "Silver") == 1
    assert next_hand(g) == {"Estate": 5}


def test_pawn_option_fixes_its_two_choices():
    # pawn = 34: +1 Buy and +$1; Smithy cannot be played, nothing is drawn: $4 buys a Silver
    bot = with_options(pawn=34)
    hand = ["Pawn", "Smithy", "Copper", "Copper", "Copper"]
    deck = ["Silver", "Gold", "Gold", "Gold"] + ["Estate"] * 5
    g = bot_turn(["Pawn", "Smithy"], bot, hand=hand, deck=deck)
    assert owned(g, 0, "Province") == 0 and owned(g, 0, "Silver") == 2
    assert next_hand(g) == {"Silver": 1, "Gold": 3, "Estate": 1}


# --- Shanty Town -------------------------------------------------------------------------------
def test_shanty_town_draws_two_when_the_hand_has_no_action():
    g = start(["Shanty Town"])
    g.setup(0, hand=["Shanty Town", "Copper", "Estate"], deck=["Silver", "Gold", "Copper"],
            discard=[])
    g.answer(C("Shanty Town"))
    assert g.pending().kind == DK.BUY
    assert counters(g) == (2, 1, 1 + 2 + 3)
    expect(g, 0, hand={"Estate": 1}, deck=["Copper"])


def test_shanty_town_with_an_action_in_hand_gives_only_the_actions():
    g = start(["Shanty Town", "Smithy"])
    g.setup(0, hand=["Shanty Town", "Smithy"], deck=["Silver", "Gold"], discard=[])
    g.answer(C("Shanty Town"))
    d = g.pending()
    assert d.kind == DK.PLAY and d.options == (C("Smithy"), -1)
    assert counters(g) == (2, 1, 0)
    expect(g, 0, hand={"Smithy": 1}, deck=["Silver", "Gold"])


def test_shanty_town_draws_the_second_card_after_an_action_first():
    # FAQ: "If the first card you draw is an Action card, you still draw the second card."
    g = start(["Shanty Town", "Village"])
    g.setup(0, hand=["Shanty Town", "Copper"], deck=["Village", "Silver", "Gold"], discard=[])
    g.answer(C("Shanty Town"))
    expect(g, 0, hand={"Copper": 1, "Village": 1, "Silver": 1}, deck=["Gold"])


@pytest.mark.parametrize("dual", ["Great Hall", "Nobles", "Mill"])
def test_shanty_town_counts_action_victory_cards_as_actions(dual):
    g = start(["Shanty Town", dual])
    g.setup(0, hand=["Shanty Town", dual], deck=["Silver", "Gold"], discard=[])
    g.answer(C("Shanty Town"))
    expect(g, 0, hand={dual: 1}, deck=["Silver", "Gold"])


def test_shanty_town_alone_in_hand_draws_two_after_its_play():
    # the hand is empty once it is played: no Action card in it
    g = start(["Shanty Town"])
    g.setup(0, hand=["Shanty Town"], deck=["Silver", "Gold", "Copper"], discard=[])
    d = g.pending()
    assert d.kind == DK.PLAY
    g.answer(C("Shanty Town"))
    expect(g, 0, hand={}, deck=["Copper"], play={"Shanty Town": 1, "Silver": 1, "Gold": 1})


def test_shanty_town_playbook_goes_before_the_terminal_it_feeds():
    # one action: Shanty Town first (+2 Actions, no draw: Smithy is in hand), then Smithy
    bot = simple_bot("BM", buy=["Province", "Gold", "Silver"])
    hand = ["Shanty Town", "Smithy", "Copper", "Copper", "Copper"]
    g = bot_turn(["Shanty Town", "Smithy"], bot, hand=hand,
                 deck=["Gold", "Gold", "Gold"] + ["Estate"] * 5)
    assert owned(g, 0, "Province") == 1  # $3 + 3 Golds
    assert next_hand(g) == {"Estate": 5}


# --- Wishing Well ------------------------------------------------------------------------------
def test_wishing_well_named_card_goes_to_hand():
    g = start(["Wishing Well"])
    g.setup(0, hand=["Wishing Well"], deck=["Copper", "Gold", "Silver"], discard=[])
    g.answer(C("Wishing Well"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.NAME, C("Wishing Well"))
    assert set(d.options) == {C(n) for n in ("Copper", "Silver", "Gold", "Estate", "Duchy",
                                             "Province", "Curse", "Wishing Well")}
    expect(g, 0, hand={"Copper": 1}, deck=["Gold", "Silver"])  # +1 Card first
    g.answer(C("Gold"))
    assert counters(g) == (1, 1, 4)
    expect(g, 0, deck=["Silver"], play={"Wishing Well": 1, "Copper": 1, "Gold": 1})


def test_wishing_well_wrong_name_leaves_the_card_on_top():
    g = start(["Wishing Well"])
    g.setup(0, hand=["Wishing Well"], deck=["Copper", "Gold", "Silver"], discard=[])
    g.answer(C("Wishing Well"))
    g.answer(C("Silver"))
    expect(g, 0, hand={}, deck=["Gold", "Silver"], play={"Wishing Well": 1, "Copper": 1})


def test_wishing_well_reveals_after_a_reshuffle():
    g = start(["Wishing Well"])
    g.setup(0, hand=["Wishing Well"], deck=["Copper"], discard=["Gold"])
    g.answer(C("Wishing Well"))
    g.answer(C("Gold"))  # the deck is empty: the discard pile (a Gold) is shuffled first
    expect(g, 0, deck=[], discard={}, play={"Wishing Well": 1, "Copper": 1, "Gold": 1})


def test_wishing_well_with_nothing_to_reveal_names_nothing():
    g = start(["Wishing Well"])
    g.setup(0, hand=["Wishing Well"], deck=["Copper"], discard=[])
    g.answer(C("Wishing Well"))
    assert g.pending().kind == DK.BUY


def test_throne_room_on_wishing_well_names_twice():
    g = start(["Wishing Well", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Wishing Well"],
            deck=["Copper", "Gold", "Copper", "Silver", "Estate"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Wishing Well"))
    g.answer(C("Gold"))  # drew Copper; Gold on top: named, to hand
    g.answer(C("Gold"))  # drew Copper; Silver on top: stays
    expect(g, 0, deck=["Silver", "Estate"])
    assert counters(g) == (2, 1, 1 + 3 + 1)


def test_wishing_well_playbook_names_the_likeliest_card_and_the_dearer_on_a_tie():
    # after its draw (an Estate) the pile holds one Silver and one Copper: it names Silver,
    # the Silver is on top and goes to hand: $4 buys a Silver
    g = bot_turn(["Wishing Well"], BIG_MONEY,
                 hand=["Wishing Well", "Copper", "Copper", "Estate", "Estate"],
                 deck=["Estate", "Silver", "Copper"])
    assert owned(g, 0, "Silver") == 2


def test_wishing_well_playbook_counts_the_pile_not_its_order():
    # pile after the draw: 3 Estates and a Gold on top; it names Estate (3 of 4) and misses
    g = bot_turn(["Wishing Well"], BIG_MONEY,
                 hand=["Wishing Well", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Copper", "Gold", "Estate", "Estate", "Estate"])
    assert owned(g, 0, "Silver") == 1 and owned(g, 0, "Gold") == 1  # $5: the Gold stayed on top


def test_wishing_well_playbook_names_a_top_card_its_owner_put_there():
    # Scout puts back Gold, Silver, Copper, Copper (dearest on top); Wishing Well draws the Gold
    # and names the Silver it knows is next, though Coppers are likelier by count: $6, a Gold
    g = bot_turn(["Wishing Well", "Scout"], BIG_MONEY,
                 hand=["Scout", "Wishing Well", "Copper", "Estate", "Estate"],
                 deck=["Copper", "Gold", "Silver", "Copper"] + ["Copper"] * 3)
    assert owned(g, 0, "Gold") == 2


def test_wishing_well_option_names_no_victory_card():
    bot = with_options(wishing_well=1)
    g = bot_turn(["Wishing Well"], bot,
                 hand=["Wishing Well", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Copper", "Gold", "Estate", "Estate", "Estate"])
    # it names Gold, the only card left that is not a Victory card: $5 + $3 buys a Province
    assert owned(g, 0, "Province") == 1 and owned(g, 0, "Gold") == 1


# --- Conspirator -------------------------------------------------------------------------------
def test_conspirator_as_first_action_is_plus_two_coins():
    g = start(["Conspirator"])
    g.setup(0, hand=["Conspirator", "Copper"], deck=["Gold"], discard=[])
    g.answer(C("Conspirator"))
    assert counters(g) == (0, 1, 3)
    expect(g, 0, deck=["Gold"])


def test_conspirator_as_third_action_draws_and_gives_an_action():
    g = start(["Conspirator", "Village"])
    g.setup(0, hand=["Village", "Village", "Conspirator"], deck=["Silver", "Gold", "Copper"],
            discard=[])
    g.answer(C("Village"))
    g.answer(C("Village"))
    g.answer(C("Conspirator"))
    assert g.counters()["actions_played"] == 3
    assert counters(g) == (3, 1, 2 + 2 + 3 + 1)
    expect(g, 0, deck=[])


def test_throne_room_on_conspirator_bonus_only_on_its_second_play():
    # FAQ: Throne Room is one Action, each play of the Conspirator another: 2nd and 3rd
    g = start(["Conspirator", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Conspirator"], deck=["Silver", "Gold"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Conspirator"))
    assert counters(g) == (1, 1, 4 + 2)
    expect(g, 0, deck=["Gold"], play={"Throne Room": 1, "Conspirator": 1, "Silver": 1})


def test_conspirator_counts_action_victory_cards():
    g = start(["Conspirator", "Great Hall"])
    g.setup(0, hand=["Great Hall", "Great Hall", "Conspirator"],
            deck=["Copper", "Copper", "Silver"], discard=[])
    g.answer(C("Great Hall"))
    g.answer(C("Great Hall"))
    g.answer(C("Conspirator"))
    assert counters(g) == (1, 1, 2 + 1 + 1 + 2)
    expect(g, 0, deck=[])


def test_conspirator_playbook_waits_for_two_actions():
    # Village first; then Conspirator (2nd Action: +$2) and Conspirator (3rd: +1 Card +1 Action)
    g = bot_turn(["Conspirator", "Village"], BIG_MONEY,
                 hand=["Conspirator", "Conspirator", "Village", "Estate", "Estate"],
                 deck=["Estate", "Gold"] + ["Copper"] * 5)
    assert owned(g, 0, "Gold") == 2  # $2 + $2 + the Gold drawn: $7 buys a Gold


# --- Mining Village ----------------------------------------------------------------------------
def test_mining_village_may_trash_itself_for_two_coins():
    g = start(["Mining Village"])
    g.setup(0, hand=["Mining Village"], deck=["Copper", "Silver"], discard=[])
    g.answer(C("Mining Village"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.YESNO, C("Mining Village"), (1, 0))
    assert "trash Mining Village" in d.describe()
    expect(g, 0, hand={"Copper": 1})  # +1 Card first
    g.answer(1)
    assert counters(g) == (2, 1, 2 + 1)
    assert g.trash() == {"Mining Village": 1}
    expect(g, 0, play={"Copper": 1}, deck=["Silver"])
    assert g.zones(0)["owned"].get("Mining Village", 0) == 0


def test_mining_village_kept():
    g = start(["Mining Village"])
    g.setup(0, hand=["Mining Village"], deck=["Copper", "Silver"], discard=[])
    g.answer(C("Mining Village"))
    g.answer(0)
    assert counters(g) == (2, 1, 1)
    assert g.trash() == {}
    expect(g, 0, play={"Mining Village": 1, "Copper": 1})


def test_throne_room_on_mining_village_trashes_it_once():
    # FAQ: the second play gives +1 Card and +2 Actions but cannot trash it again (+$2 once)
    g = start(["Mining Village", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Mining Village"], deck=["Copper", "Copper", "Silver"],
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Mining Village"))
    assert g.pending().kind == DK.YESNO
    g.answer(1)
    assert g.pending().kind == DK.BUY  # no second question
    assert counters(g) == (4, 1, 2 + 1 + 1)
    assert g.trash() == {"Mining Village": 1}
    expect(g, 0, deck=["Silver"], play={"Throne Room": 1, "Copper": 2})


def test_throne_room_on_mining_village_kept_first_trashed_second():
    g = start(["Mining Village", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Mining Village"], deck=["Copper", "Copper", "Silver"],
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Mining Village"))
    g.answer(0)
    assert g.pending().kind == DK.YESNO
    g.answer(1)
    assert counters(g) == (4, 1, 2 + 2)
    assert g.trash() == {"Mining Village": 1}


def test_mining_village_playbook_trashes_when_two_coins_change_the_buy():
    # $6 (Gold) becomes $8 (Province)
    g = bot_turn(["Mining Village"], BIG_MONEY,
                 hand=["Mining Village", "Copper", "Copper", "Copper", "Silver"],
                 deck=["Copper"] + ["Estate"] * 5)
    assert g.trash() == {"Mining Village": 1}
    assert owned(g, 0, "Province") == 1


def test_mining_village_playbook_keeps_it_when_the_buy_is_the_same():
    # $8 and $10 both buy a Province
    g = bot_turn(["Mining Village"], BIG_MONEY,
                 hand=["Mining Village", "Gold", "Gold", "Copper", "Estate"],
                 deck=["Copper"] + ["Estate"] * 5)
    assert g.trash() == {}
    assert owned(g, 0, "Province") == 1 and owned(g, 0, "Mining Village") == 1


def test_mining_village_playbook_keeps_it_while_a_smithy_waits():
    # $6 -> $8 would change the buy, but Smithy is still to play: keep the village
    g = bot_turn(["Mining Village", "Smithy"], BIG_MONEY,
                 hand=["Mining Village", "Smithy", "Copper", "Copper", "Silver"],
                 deck=["Copper", "Gold", "Gold", "Gold"] + ["Estate"] * 5)
    assert g.trash() == {}
    assert owned(g, 0, "Province") == 1  # $5 + three Golds


def test_mining_village_option_never_trashes():
    g = bot_turn(["Mining Village"], with_options(mining_village=2),
                 hand=["Mining Village", "Copper", "Copper", "Copper", "Silver"],
                 deck=["Copper"] + ["Estate"] * 5)
    assert g.trash() == {}
    assert owned(g, 0, "Gold") == 1


# --- Nobles ------------------------------------------------------------------------------------
def test_nobles_modes_and_its_two_vp():
    g = start(["Nobles"])
    g.setup(0, hand=["Nobles"], deck=["Copper", "Silver", "Gold", "Estate"], discard=[])
    g.answer(C("Nobles"))
    d = g.pending()
    assert (d.kind, d.options) == (DK.MODE, (0, 1))
    assert [d.option_name(o) for o in d.options] == ["+3 Cards", "+2 Actions"]
    g.answer(0)
    assert counters(g) == (0, 1, 6)
    expect(g, 0, deck=["Estate"])
    assert g.vp()[0] == 1 + 2  # the Estate and the Nobles


def test_nobles_two_actions():
    g = start(["Nobles", "Smithy"])
    g.setup(0, hand=["Nobles", "Smithy"], deck=["Copper", "Silver", "Gold", "Estate"],
            discard=[])
    g.answer(C("Nobles"))
    g.answer(1)
    d = g.pending()
    assert d.kind == DK.PLAY and counters(g) == (2, 1, 0)


def test_nobles_playbook_takes_actions_for_the_terminals_in_hand():
    # one action, two Smithies: Nobles first for +2 Actions, then both Smithies draw 6 Golds
    g = bot_turn(["Nobles", "Smithy"], BIG_MONEY,
                 hand=["Nobles", "Smithy", "Smithy", "Copper", "Copper"],
                 deck=["Gold"] * 6 + ["Estate"] * 5)
    assert next_hand(g) == {"Estate": 5}


def test_nobles_playbook_draws_without_another_action():
    g = bot_turn(["Nobles"], BIG_MONEY, hand=["Nobles", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Gold", "Gold", "Gold"] + ["Estate"] * 5)
    assert owned(g, 0, "Province") == 1
    assert next_hand(g) == {"Estate": 5}


def test_nobles_option_always_draws():
    g = bot_turn(["Nobles", "Smithy"], with_options(nobles=1),
                 hand=["Nobles", "Smithy", "Smithy", "Copper", "Copper"],
                 deck=["Gold"] * 6 + ["Estate"] * 5)
    assert next_hand(g) == {"Gold": 3, "Estate": 2}


# --- Mill --------------------------------------------------------------------------------------
def test_mill_discards_two_cards_for_two_coins():
    g = start(["Mill"])
    g.setup(0, hand=["Mill", "Estate", "Copper"], deck=["Silver"], discard=[])
    g.answer(C("Mill"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.YESNO, C("Mill"))
    g.answer(1)
    d = g.pending()
    assert (d.kind, d.options, d.subject) == (DK.DISCARD, (C("Copper"), C("Silver"),
                                                           C("Estate")), 2)
    g.answer(C("Estate"))
    d = g.pending()
    assert (d.options, d.subject) == ((C("Copper"), C("Silver")), 1)
    g.answer(C("Copper"))
    assert counters(g) == (1, 1, 2 + 2)
    expect(g, 0, discard={"Estate": 1, "Copper": 1}, play={"Mill": 1, "Silver": 1})


def test_mill_with_one_card_discards_it_for_nothing():
    # FAQ: you may discard 2 with one card in hand, but +$2 only for two discarded
    g = start(["Mill"])
    g.setup(0, hand=["Mill"], deck=["Copper"], discard=[])
    g.answer(C("Mill"))
    g.answer(1)
    assert counters(g) == (1, 1, 0)
    expect(g, 0, discard={"Copper": 1}, hand={})


def test_mill_is_one_vp_and_may_decline():
    g = start(["Mill"])
    g.setup(0, hand=["Mill", "Copper"], deck=["Silver"], discard=[])
    assert g.vp()[0] == 1
    g.answer(C("Mill"))
    g.answer(0)
    assert counters(g) == (1, 1, 3)


def test_mill_playbook_discards_two_victory_cards():
    g = bot_turn(["Mill"], BIG_MONEY, hand=["Mill", "Estate", "Estate", "Copper", "Copper"],
                 deck=["Silver"] + ["Copper"] * 5)
    assert owned(g, 0, "Gold") == 1  # $2 + $2 + Silver
    assert owned(g, 0, "Estate") == 2 and g.trash() == {}


def test_mill_option_never_discards():
    g = bot_turn(["Mill"], with_options(mill=1),
                 hand=["Mill", "Estate", "Estate", "Copper", "Copper"],
                 deck=["Silver"] + ["Copper"] * 5)
    assert owned(g, 0, "Silver") == 2  # $4


# --- Patrol and Scout --------------------------------------------------------------------------
def test_patrol_takes_victory_cards_and_curses_and_puts_the_rest_back_in_order():
    g = start(["Patrol"])
    g.setup(0, hand=["Patrol"], deck=["Copper", "Copper", "Copper", "Estate", "Silver", "Curse",
                                      "Gold", "Duchy"], discard=[])
    g.answer(C("Patrol"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.TOPDECK, C("Patrol"), 0)
    assert set(d.options) == {C("Silver"), C("Gold")}
    expect(g, 0, hand={"Copper": 3, "Estate": 1, "Curse": 1})
    g.answer(C("Silver"))  # Silver on top, then Gold (the last one is not asked)
    expect(g, 0, deck=["Silver", "Gold", "Duchy"])


@pytest.mark.parametrize("dual", ["Great Hall", "Nobles", "Mill", "Farm"])
def test_patrol_takes_dual_victory_cards(dual):
    g = start(["Patrol", dual])
    g.setup(0, hand=["Patrol"], deck=["Copper"] * 3 + [dual, "Silver", "Silver", "Silver"],
            discard=[])
    g.answer(C("Patrol"))
    assert g.pending().kind == DK.BUY  # three Silvers go back: no order to choose
    played = {"Patrol": 1, "Copper": 3, **({"Farm": 1} if dual == "Farm" else {})}
    expect(g, 0, hand={} if dual == "Farm" else {dual: 1}, play=played, deck=["Silver"] * 3)


def test_patrol_with_fewer_than_four_cards_shuffles_without_the_revealed_ones():
    g = start(["Patrol"])
    g.setup(0, hand=["Patrol"], deck=["Copper", "Copper", "Copper", "Estate"],
            discard=["Gold", "Silver"])
    g.answer(C("Patrol"))
    d = g.pending()
    assert d.kind == DK.TOPDECK and set(d.options) == {C("Gold"), C("Silver")}
    g.answer(C("Gold"))
    expect(g, 0, hand={"Estate": 1}, play={"Patrol": 1, "Copper": 3}, deck=["Gold", "Silver"],
           discard={})


def test_scout_takes_victory_cards_but_not_curses():
    g = start(["Scout", "Great Hall", "Farm"])
    g.setup(0, hand=["Scout"], deck=["Great Hall", "Curse", "Farm", "Copper", "Gold"],
            discard=[])
    g.answer(C("Scout"))
    d = g.pending()
    assert set(d.options) == {C("Curse"), C("Copper")}
    g.answer(C("Copper"))
    expect(g, 0, hand={"Great Hall": 1, "Farm": 1}, deck=["Copper", "Curse", "Gold"])
    assert counters(g)[0] == 1


def test_scout_on_a_short_deck_reveals_what_there_is():
    g = start(["Scout"])
    g.setup(0, hand=["Scout"], deck=["Estate", "Silver"], discard=["Estate"])
    g.answer(C("Scout"))
    expect(g, 0, hand={"Estate": 2}, deck=["Silver"], discard={})


def test_scout_playbook_puts_the_best_cards_on_top_for_a_smithy():
    # Scout reveals Copper, Gold, Silver, Copper and puts back Gold, Silver, Copper, Copper from
    # the top; Smithy then draws Gold, Silver, Copper: $9 buys a Province
    g = bot_turn(["Scout", "Smithy"], BIG_MONEY,
                 hand=["Scout", "Smithy", "Copper", "Copper", "Copper"],
                 deck=["Copper", "Gold", "Silver", "Copper"] + ["Estate"] * 5)
    assert owned(g, 0, "Province") == 1


def test_scout_put_back_order_follows_the_topdeck_list():
    # the list puts Coppers on top first: Smithy draws Copper, Copper, Gold: $2 + $5 = $7, Gold;
    # the playbook (dearest on top) would draw Gold, Silver, Copper: $8, a Province
    listed = simple_bot("BM", buy=["Province", "Gold", "Silver"], topdeck=["Copper"])
    hand = ["Scout", "Smithy", "Copper", "Copper", "Estate"]
    deck = ["Copper", "Gold", "Silver", "Copper"] + ["Estate"] * 5
    g = bot_turn(["Scout", "Smithy"], listed, hand=hand, deck=deck)
    assert owned(g, 0, "Province") == 0 and owned(g, 0, "Gold") == 2
    g = bot_turn(["Scout", "Smithy"], BIG_MONEY, hand=hand, deck=deck)
    assert owned(g, 0, "Province") == 1


# --- Tribute -----------------------------------------------------------------------------------
def tribute(left_deck, left_discard=(), players=2, kingdom=("Tribute",)):
    g = start(list(kingdom), players)
    g.setup(1, hand=["Copper"] * 5, deck=list(left_deck), discard=list(left_discard))
    g.setup(0, hand=["Tribute"], deck=["Silver", "Gold", "Estate", "Copper"], discard=[])
    g.answer(C("Tribute"))
    return g


def test_tribute_on_copper_and_harem_gives_four_coins_and_two_cards():
    # FAQ: "if he reveals Copper and Harem, you get +4 Coins and +2 cards"
    g = tribute(["Copper", "Harem", "Estate"], kingdom=("Tribute", "Harem"))
    assert counters(g) == (0, 1, 4 + 2 + 3)
    expect(g, 0, play={"Tribute": 1, "Silver": 1, "Gold": 1})
    expect(g, 1, deck=["Estate"], discard={"Copper": 1, "Farm": 1})


def test_tribute_two_of_the_same_card_count_once():
    g = tribute(["Silver", "Silver", "Estate"])
    assert counters(g) == (0, 1, 2)
    expect(g, 1, discard={"Silver": 2})


def test_tribute_on_action_victory_cards_and_a_curse():
    g = tribute(["Nobles", "Mill"], kingdom=("Tribute", "Nobles", "Mill"))
    assert counters(g) == (4, 1, 2 + 3 + 1)  # +4 Actions, +4 Cards (Silver Gold Estate Copper)
    g = tribute(["Great Hall", "Curse"], kingdom=("Tribute", "Great Hall"))
    assert counters(g) == (2, 1, 5)
    expect(g, 1, discard={"Great Hall": 1, "Curse": 1})


def test_tribute_when_the_left_player_has_one_card_or_none():
    g = tribute([], ["Gold"])  # shuffles its discard pile: one card to reveal
    assert counters(g) == (0, 1, 2)
    expect(g, 1, deck=[], discard={"Gold": 1})
    g = tribute([], [])
    assert counters(g) == (0, 1, 0)


def test_tribute_reshuffles_without_the_card_already_revealed():
    # FAQ: one card in the deck is revealed, the discard pile (not that card) is shuffled, and
    # the second card comes from it
    g = tribute(["Copper"], ["Silver"])
    assert counters(g) == (0, 1, 4)  # Copper and Silver: two different Treasures, +$4
    expect(g, 1, deck=[], discard={"Copper": 1, "Silver": 1})


def test_tribute_asks_the_player_to_the_left():
    g = start(["Tribute"], players=3)
    g.setup(2, hand=["Copper"] * 5, deck=["Gold", "Gold"], discard=[])
    g.setup(1, hand=["Copper"] * 5, deck=["Estate", "Estate"], discard=[])
    g.setup(0, current=0, hand=["Tribute"], deck=["Silver", "Gold"], discard=[])
    g.answer(C("Tribute"))
    assert counters(g) == (0, 1, 5)  # +2 Cards from the Estates
    expect(g, 2, deck=["Gold", "Gold"])


def test_throne_room_on_tribute_reveals_twice():
    g = start(["Tribute", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper", "Silver", "Estate", "Duchy"], discard=[])
    g.setup(0, hand=["Throne Room", "Tribute"], deck=["Gold", "Gold"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Tribute"))
    # first: Copper and Silver, +$2 each; second: Estate and Duchy, +2 Cards each (2 Golds)
    assert counters(g) == (0, 1, 4 + 6)
    expect(g, 1, deck=[], discard={"Copper": 1, "Silver": 1, "Estate": 1, "Duchy": 1})


# --- Courtier ----------------------------------------------------------------------------------
def courtier(hand, *answers, supply=None, kingdom=("Courtier",)):
    g = start(list(kingdom))
    g.setup(0, hand=["Courtier", *hand], deck=["Copper"] * 3, discard=[], supply=supply)
    g.answer(C("Courtier"))
    for a in answers:
        g.answer(a)
    return g


def test_courtier_one_type_one_choice():
    g = courtier(["Copper", "Estate"], C("Copper"), 3)
    assert counters(g) == (0, 1, 1)
    expect(g, 0, discard={"Gold": 1})
    assert g.supply()["Gold"] == 29


@pytest.mark.parametrize("dual", ["Mill", "Great Hall", "Farm"])
def test_courtier_two_types_two_different_choices(dual):
    g = start(["Courtier", dual])
    g.setup(0, hand=["Courtier", dual, "Copper"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Courtier"))
    d = g.pending()
    assert (d.kind, d.options) == (DK.REVEAL, (C("Copper"), C(dual)))
    g.answer(C(dual))
    d = g.pending()
    assert (d.kind, d.options, d.subject) == (DK.MODE, (0, 1, 2, 3), C(dual))
    g.answer(0)
    d = g.pending()
    assert d.options == (1, 2, 3)
    g.answer(2)
    if dual == "Farm":  # no Action left in hand: the buy phase, Copper and Farm played
        assert g.pending().kind == DK.BUY and counters(g) == (1, 1, 3 + 1 + 2)
    else:  # +1 Action and an Action-Victory card in hand: it may be played
        assert g.pending().kind == DK.PLAY and counters(g) == (1, 1, 3)


@pytest.mark.parametrize(("card", "n"), [("Haven", 2), ("Astrolabe", 2), ("Sea Witch", 3),
                                          ("Blockade", 3)])
def test_courtier_counts_the_duration_type(card, n):
    """Official FAQ (Courtier): "The types are the words on the bottom line - including Action,
    Attack, Curse, Reaction, Treasure, and Victory (with more in expansions)": Duration counts,
    so Haven (Action-Duration) and Astrolabe (Treasure-Duration) give two choices, Sea Witch
    and Blockade (Action-Attack-Duration) three."""
    g = start(["Courtier", card])
    g.setup(0, hand=["Courtier", card], deck=["Copper"] * 3, discard=[])
    g.answer(C("Courtier"))  # one card to reveal: not asked
    made = []
    for _ in range(n):
        d = g.pending()
        assert (d.kind, d.subject) == (DK.MODE, C(card))
        assert d.options == tuple(m for m in range(4) if m not in made)
        g.answer(d.options[-1])
        made.append(d.options[-1])
    assert g.pending().kind != DK.MODE  # exactly n choices
    assert owned(g, 0, "Gold") == 1 and counters(g)[:2] == (0, 1 + (n == 3))


def test_courtier_on_a_curse_and_with_the_gold_pile_empty():
    g = courtier(["Curse"], 3, supply={"Gold": 0})  # one option to reveal: not asked
    assert g.zones(0)["discard"] == {} and g.supply()["Gold"] == 0


def test_courtier_with_an_empty_hand_does_nothing():
    g = courtier([])
    assert g.pending().kind == DK.BUY and counters(g) == (0, 1, 0)


def test_courtier_playbook_reveals_two_types_and_takes_gold_then_coins():
    # Farm (2 types): a Gold (none owned yet, no Victory card but Estates), then +$3: $5 -> $8
    g = bot_turn(["Courtier", "Farm"], BIG_MONEY,
                 hand=["Courtier", "Farm", "Copper", "Copper", "Copper"],
                 deck=["Estate"] * 5)
    assert owned(g, 0, "Gold") == 1 and owned(g, 0, "Province") == 1


def test_courtier_option_sets_the_order_of_choices():
    g = bot_turn(["Courtier", "Farm"], with_options(courtier=32),
                 hand=["Courtier", "Farm", "Copper", "Copper", "Copper"],
                 deck=["Estate"] * 5)
    assert owned(g, 0, "Gold") == 0 and owned(g, 0, "Province") == 1  # +$3 and +1 Buy: $8


def test_courtier_reveal_option_reveals_a_card_with_that_many_types():
    # courtier_reveal = 1: a Copper (one type) rather than the Farm: one choice, a Gold; $5
    g = bot_turn(["Courtier", "Farm"], with_options(courtier_reveal=1),
                 hand=["Courtier", "Farm", "Copper", "Copper", "Copper"],
                 deck=["Estate"] * 5)
    assert owned(g, 0, "Gold") == 1 and owned(g, 0, "Province") == 0 and owned(g, 0, "Silver") == 1


@pytest.mark.parametrize("card", ["Scout", "Tribute", "Pawn", "Mining Village"])
def test_first_edition_rules_play_these_cards_the_same(card):
    """Their text did not change between printings (Mining Village's rewording changes
    nothing); Scout and Tribute exist only in the first printing and play under either rule."""
    results = []
    for rules in ("official", "first-edition"):
        bot = simple_bot("b", buy=["Province", "Gold", card, "Silver"])
        rec = Engine([card], 2, rules).play([bot, BIG_MONEY], np.arange(40, dtype=np.uint64))
        results.append(rec.vp.tolist())
    assert results[0] == results[1]


# --- Great Hall and Farm (plain rows) ----------------------------------------------------------
def test_great_hall_is_a_cantrip_worth_one_vp():
    g = start(["Great Hall"])
    g.setup(0, hand=["Great Hall"], deck=["Silver", "Gold"], discard=[])
    assert g.vp()[0] == 1 + 0  # the Great Hall (no Estates in these zones)
    g.answer(C("Great Hall"))
    assert counters(g) == (1, 1, 2)
    expect(g, 0, deck=["Gold"])


def test_farm_is_two_coins_and_two_vp_and_harem_is_its_other_name():
    assert C("Harem") == C("Farm")
    g = start(["Harem"])
    g.setup(0, hand=["Farm", "Copper"], deck=["Silver"], discard=[])
    assert g.pending().kind == DK.BUY and counters(g) == (1, 1, 3)
    assert g.vp()[0] == 2


# --- the log and random games --------------------------------------------------------------
def test_log_names_the_choices():
    pawn_bot = simple_bot("Pawn", buy=["Province", "Gold", "Wishing Well", "Pawn", "Silver"])
    events = Engine(["Pawn", "Wishing Well"], 2).trace([pawn_bot, pawn_bot], seed=3)
    text = render(events, ["a", "b"])
    assert "chooses +1 Card (Pawn)" in text or "chooses +1 Action (Pawn)" in text
    assert any(line.strip().startswith("P1 names ") and line.endswith("(Wishing Well)")
               for line in text.splitlines())


CHOICE_CARDS = ["Pawn", "Shanty Town", "Wishing Well", "Conspirator", "Mining Village",
                "Nobles", "Mill", "Patrol", "Courtier", "Scout", "Tribute", "Throne Room",
                "Great Hall", "Farm"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_these_cards_keep_every_invariant(players):
    """Debug mode checks card conservation after every turn and every bot answer; seats answer
    at random or by bots whose options are drawn at random (a few hundred games in all)."""
    r = np.random.default_rng(players)
    for trial in range(4):
        kingdom = sorted(r.choice(CHOICE_CARDS, 10, replace=False).tolist())
        bots = []
        for s in range(players):
            picks = r.choice(kingdom, 3, replace=False).tolist()
            b = simple_bot(f"b{s}", buy=["Province", "Gold", *picks, "Silver"])
            for card, j, hi in (("Pawn", 0, 44), ("Nobles", 0, 2), ("Mill", 0, 2),
                                ("Mining Village", 0, 3), ("Wishing Well", 0, 1),
                                ("Courtier", 0, 4321), ("Courtier", 1, 4)):
                if r.random() < 0.5:
                    b.card_options[(C(card), j)] = float(r.integers(0, hi + 1))
            bots.append(b)
        random_seats = [s for s in range(players) if r.random() < 0.4]
        seeds = np.arange(25, dtype=np.uint64) + 1000 * trial
        rec = Engine(kingdom, players, "official,turn_cap=60").play(
            bots, seeds, debug=True, random_seats=random_seats)
        assert len(rec) == 25
