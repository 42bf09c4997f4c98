"""Seaside's mats, tokens and gains (group ``mats``): Native Village, Island, Smugglers, Treasury
(both printings), and the first printing's Ambassador, Embargo and Pirate Ship, in rulebook
situations (the printed text and the official FAQ, DominionStrategy wiki pages), their default
playbooks, and random games on a kingdom of them.

Every test sets exact zones with ``DominionGame.setup`` (decks listed from the top down), plays
as outside seats, answers each decision and asserts the exact zones, supply, trash and counters.
A decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import (
    DK,
    C,
    arrange,
    bot_turn,
    coin_tokens,
    counters,
    expect,
    owned,
    pend,
    start,
    zone,
)
from ludolab.games.dominion.engine import DominionGame, Engine, simple_bot
from ludolab.games.dominion.engine import kernel as K


def tokens(g: DominionGame, name: str) -> int:
    """Embargo tokens on pile ``name``."""
    return int(g._view[K.tok_o(g._view) + C(name)])


#: The other seats' zones for a bot's turn: five Coppers in hand, no deck, no discard pile.
IDLE = {"hand": ["Copper"] * 5, "deck": [], "discard": []}


# --- Ambassador (first printing) -------------------------------------------------------------
def test_ambassador_returns_two_and_the_other_player_gains_one():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Estate", "Estate", "Copper"], deck=["Copper"] * 5,
            discard=[])
    g.answer(C("Ambassador"))
    assert pend(g) == (0, DK.REVEAL, C("Ambassador"), -1, -1, (C("Copper"), C("Estate")))
    assert "Ambassador" in g.pending().describe()
    g.answer(C("Estate"))
    assert pend(g) == (0, DK.MODE, C("Ambassador"), C("Estate"), -1, (0, 1, 2))
    assert "return two" in g.pending().describe()
    g.answer(2)
    expect(g, 0, hand={}, play={"Ambassador": 1, "Copper": 1})  # at the buy: Treasures played
    assert owned(g, 0, "Estate") == 0
    expect(g, 1, discard={"Estate": 1})
    assert g.supply()["Estate"] == 8 + 2 - 1


def test_ambassador_may_return_none_and_the_others_still_gain():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Copper", "Copper"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[1] == DK.MODE  # one card to reveal: no reveal decision
    g.answer(0)
    expect(g, 0, play={"Ambassador": 1, "Copper": 2})
    expect(g, 1, discard={"Copper": 1})
    assert g.supply()["Copper"] == 46 - 1


def test_ambassador_one_copy_offers_zero_or_one():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Estate", "Silver"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    g.answer(C("Silver"))
    assert pend(g)[5] == (0, 1)
    g.answer(1)
    expect(g, 0, hand={"Estate": 1})
    expect(g, 1, discard={"Silver": 1})
    assert g.supply()["Silver"] == 40


def test_ambassador_with_an_empty_hand_does_nothing():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[:2] == (0, DK.BUY)
    expect(g, 1, discard={})
    assert g.supply()["Copper"] == 46


def test_ambassador_may_reveal_another_ambassador():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Ambassador"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[5] == (0, 1)  # the played one is not in hand any more
    g.answer(1)
    expect(g, 0, hand={}, play={"Ambassador": 1})
    expect(g, 1, discard={"Ambassador": 1})
    assert g.supply()["Ambassador"] == 10


def test_ambassador_pile_runs_out_in_turn_order_from_the_left():
    g = start(["Ambassador"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Curse"], deck=["Copper"] * 5, discard=[],
            supply={"Curse": 0})
    g.answer(C("Ambassador"))
    g.answer(1)  # the pile holds the returned Curse only
    expect(g, 1, discard={"Curse": 1})
    expect(g, 2, discard={})
    assert g.supply()["Curse"] == 0


def test_ambassador_moat_protects_from_the_gain_not_the_return():
    g = start(["Ambassador", "Moat"], players=3)
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Estate", "Estate"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    g.answer(2)
    expect(g, 1, discard={})
    expect(g, 2, discard={"Estate": 1})
    assert g.supply()["Estate"] == 12 + 2 - 1


def test_throne_room_ambassador_reveals_twice():
    g = start(["Ambassador", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Ambassador", "Estate", "Estate", "Curse"],
            deck=["Copper"] * 5, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Ambassador"))
    g.answer(C("Estate"))
    g.answer(2)
    g.answer(1)  # the Curse is the only card left to reveal: 0 or 1 of it
    expect(g, 0, hand={}, play={"Throne Room": 1, "Ambassador": 1})
    expect(g, 1, discard={"Estate": 1, "Curse": 1})


def test_ambassador_refills_an_empty_province_pile_so_the_game_goes_on():
    g = start(["Ambassador"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Ambassador", "Province", "Province"], deck=["Copper"] * 5, discard=[],
            supply={"Province": 0})
    g.answer(C("Ambassador"))
    g.answer(2)
    g.answer(-1)  # buy nothing
    assert not g.is_over()
    assert g.supply()["Province"] == 1
    expect(g, 1, owned={"Copper": 10, "Province": 1})


def test_ambassador_playbook_returns_two_coppers_before_one_estate():
    bot = simple_bot("amb", buy=["Province", "Gold", "Silver"])
    # $5 or $3 both buy a Silver: two Coppers back (money owned $14 - 2 stays above $5)
    g = bot_turn(["Ambassador"], bot, other=IDLE,
                 hand=["Ambassador", "Copper", "Copper", "Estate", "Gold"],
                 deck=["Copper"] * 5, discard=["Copper"] * 5 + ["Estate"] * 2)
    expect(g, 1, discard={"Copper": 1})
    assert owned(g, 0, "Copper") == 10 and owned(g, 0, "Estate") == 3
    # $4 would fall to $2 (no Silver): the Coppers stay, the Estate goes
    g = bot_turn(["Ambassador"], bot, other=IDLE,
                 hand=["Ambassador", "Copper", "Copper", "Estate", "Silver"],
                 deck=["Copper"] * 5, discard=["Copper"] * 5 + ["Estate"] * 2)
    expect(g, 1, discard={"Estate": 1})
    assert owned(g, 0, "Copper") == 12 and owned(g, 0, "Estate") == 2


def test_ambassador_playbook_returns_estates_early_but_not_late():
    bot = simple_bot("amb", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Ambassador"], bot, other=IDLE,
                 hand=["Ambassador", "Estate", "Estate", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    expect(g, 1, discard={"Estate": 1})
    assert owned(g, 0, "Estate") == 0
    # late (2 Provinces left): the Estates are points now, and the $5 floor keeps the Copper
    # (money owned: Copper + Silver = $3)
    g = bot_turn(["Ambassador"], bot, other=IDLE,
                 hand=["Ambassador", "Estate", "Estate", "Copper", "Silver"],
                 deck=["Estate"] * 5, supply={"Province": 2})
    assert owned(g, 0, "Estate") == 7 and g.zones(1)["discard"] == {}
    assert g.zones(0)["discard"].get("Ambassador") == 1  # not played: discarded at clean-up


def test_ambassador_playbook_gives_a_curse_over_two_coppers():
    bot = simple_bot("amb", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Ambassador"], bot, other=IDLE,
                 hand=["Ambassador", "Curse", "Copper", "Copper", "Gold"],
                 deck=["Copper"] * 5, discard=["Copper"] * 5)
    expect(g, 1, discard={"Curse": 1})
    assert owned(g, 0, "Curse") == 0 and owned(g, 0, "Copper") == 12


# --- Native Village --------------------------------------------------------------------------
def test_native_village_puts_the_top_card_on_the_mat():
    g = start(["Native Village"])
    g.setup(0, hand=["Native Village", "Estate"], deck=["Gold", "Copper"], discard=[])
    g.answer(C("Native Village"))
    assert pend(g) == (0, DK.MODE, C("Native Village"), -1, -1, (0, 1))
    assert "mat" in g.pending().describe()
    g.answer(0)
    assert zone(g, 0, K.Z_MAT) == {"Gold": 1}
    expect(g, 0, hand={"Estate": 1}, deck=["Copper"])
    assert owned(g, 0, "Gold") == 1  # still owned
    assert counters(g)[0] == 2


def test_native_village_throne_room_sets_aside_then_takes_the_mat():
    g = start(["Native Village", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Native Village"], deck=["Gold", "Silver", "Copper"],
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Native Village"))
    g.answer(0)  # Gold to the mat
    g.answer(1)  # the mat into the hand
    assert zone(g, 0, K.Z_MAT) == {}
    assert counters(g)[0] == 4
    expect(g, 0, deck=["Silver", "Copper"])
    assert g.pending().kind == DK.BUY and counters(g)[2] == 3  # the Gold was played


def test_native_village_takes_every_card_of_the_mat_and_it_lasts_across_turns():
    g = start(["Native Village"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    arrange(g, 0, {K.Z_MAT: ["Gold", "Native Village", "Estate"]},
            hand=["Native Village", "Copper"], deck=["Copper"] * 8, discard=[])
    g.answer(C("Native Village"))
    g.answer(1)
    # the Native Village from the mat is in hand now: it may be played
    assert pend(g)[:2] == (0, DK.PLAY)
    assert g.zones(0)["hand"] == {"Copper": 1, "Gold": 1, "Native Village": 1, "Estate": 1}
    g.answer(C("Native Village"))
    g.answer(0)
    assert zone(g, 0, K.Z_MAT) == {"Copper": 1}
    g.answer(-1)  # buy nothing
    g.answer(-1)  # seat 1 buys nothing
    assert zone(g, 0, K.Z_MAT) == {"Copper": 1}  # the mat stays through other turns


def test_native_village_empty_mat_and_empty_deck():
    g = start(["Native Village"])
    g.setup(0, hand=["Native Village"], deck=[], discard=["Silver"])
    g.answer(C("Native Village"))
    g.answer(0)  # the discard pile is shuffled to find the top card
    assert zone(g, 0, K.Z_MAT) == {"Silver": 1}
    g = start(["Native Village"])
    g.setup(0, hand=["Native Village"], deck=[], discard=[])
    g.answer(C("Native Village"))
    g.answer(0)  # no card anywhere: nothing happens
    assert zone(g, 0, K.Z_MAT) == {}
    g = start(["Native Village"])
    g.setup(0, hand=["Native Village"], deck=["Gold"], discard=[])
    g.answer(C("Native Village"))
    g.answer(1)  # taking an empty mat is allowed: nothing happens
    expect(g, 0, deck=["Gold"])


def test_native_village_playbook_stashes_then_takes_with_a_draw_card():
    bot = simple_bot("nv", buy=["Province", "Gold", "Silver"])
    # nothing good on the mat: the top card goes there
    g = bot_turn(["Native Village", "Smithy"], bot, other=IDLE, hand=["Native Village", "Copper"],
                 deck=["Gold", "Copper", "Copper"])
    assert zone(g, 0, K.Z_MAT) == {"Gold": 1}
    # a Smithy to play and a Gold on the mat: take it, then Smithy
    g = bot_turn(["Native Village", "Smithy"], bot, other=IDLE, hand=["Native Village", "Smithy"],
                 deck=["Copper"] * 8, discard=[], mats={K.Z_MAT: ["Gold"]})
    assert zone(g, 0, K.Z_MAT) == {}
    assert owned(g, 0, "Gold") == 2  # Gold + Copper x3 = $6: a second Gold
    # a mat of junk only is never taken
    g = bot_turn(["Native Village", "Smithy"], bot, other=IDLE, hand=["Native Village", "Smithy"],
                 deck=["Copper"] * 8, discard=[], mats={K.Z_MAT: ["Estate", "Curse"]})
    assert zone(g, 0, K.Z_MAT) == {"Estate": 1, "Curse": 1, "Copper": 1}


@pytest.mark.parametrize(("value", "mat"), [(1.0, {"Gold": 1, "Copper": 1}), (2.0, {})])
def test_native_village_mode_option(value, mat):
    bot = simple_bot("nv", buy=["Province", "Gold", "Silver"])
    bot.card_options[(C("Native Village"), 0)] = value
    g = bot_turn(["Native Village"], bot, other=IDLE, hand=["Native Village"],
                 deck=["Copper"] * 8, discard=[], mats={K.Z_MAT: ["Gold"]})
    assert zone(g, 0, K.Z_MAT) == mat


# --- Island ----------------------------------------------------------------------------------
def test_island_goes_to_the_mat_with_a_card_and_both_stay_owned():
    g = start(["Island"])
    g.setup(0, hand=["Island", "Province", "Copper"], deck=["Copper"] * 5, discard=[])
    vp0 = g.vp()[0]
    g.answer(C("Island"))
    assert pend(g) == (0, DK.REVEAL, C("Island"), -1, -1, (C("Copper"), C("Province")))
    g.answer(C("Province"))
    assert zone(g, 0, K.Z_ISLAND) == {"Island": 1, "Province": 1}
    expect(g, 0, hand={}, play={"Copper": 1})
    assert owned(g, 0, "Island") == 1 and owned(g, 0, "Province") == 1
    assert g.vp()[0] == vp0  # Island's 2 VP and the Province's 6 still count


def test_island_with_an_empty_hand_goes_alone():
    g = start(["Island"])
    g.setup(0, hand=["Island"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Island"))
    assert zone(g, 0, K.Z_ISLAND) == {"Island": 1}
    assert g.pending().kind == DK.BUY


def test_island_single_card_is_taken_without_asking():
    g = start(["Island"])
    g.setup(0, hand=["Island", "Gold"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Island"))
    assert zone(g, 0, K.Z_ISLAND) == {"Island": 1, "Gold": 1}


def test_throne_room_island_moves_once_with_two_cards():
    g = start(["Island", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Island", "Island", "Estate", "Duchy"],
            deck=["Copper"] * 5, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Island"))
    g.answer(C("Estate"))
    g.answer(C("Duchy"))  # the Island still in hand is a card like any other
    assert zone(g, 0, K.Z_ISLAND) == {"Island": 1, "Estate": 1, "Duchy": 1}
    expect(g, 0, hand={"Island": 1}, play={"Throne Room": 1})


def test_island_cards_score_at_the_end():
    g = start(["Island"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Island", "Estate", "Gold", "Gold", "Gold"], deck=["Copper"] * 5,
            discard=["Estate", "Estate"], supply={"Province": 1})
    g.answer(C("Island"))
    g.answer(C("Estate"))
    g.answer(C("Province"))  # the last one: the game ends
    assert g.is_over()
    assert zone(g, 0, K.Z_ISLAND) == {"Island": 1, "Estate": 1}
    assert g.vp()[0] == 3 + 2 + 6  # three Estates (one on the mat), the Island, the Province


def test_island_playbook_victory_cards_then_curses_then_a_spare_copper():
    bot = simple_bot("island", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Island"], bot, other=IDLE, hand=["Island", "Curse", "Duchy", "Copper", "Gold"],
                 deck=["Copper"] * 5)
    assert zone(g, 0, K.Z_ISLAND) == {"Island": 1, "Duchy": 1}
    g = bot_turn(["Island"], bot, other=IDLE, hand=["Island", "Curse", "Copper", "Silver", "Gold"],
                 deck=["Copper"] * 5)
    assert zone(g, 0, K.Z_ISLAND) == {"Island": 1, "Curse": 1}
    # $7: without a Copper still a Gold: a Copper goes with the Island
    g = bot_turn(["Island"], bot, other=IDLE, hand=["Island", "Copper", "Gold", "Silver", "Copper"],
                 deck=["Copper"] * 5)
    assert zone(g, 0, K.Z_ISLAND) == {"Island": 1, "Copper": 1}
    # $8 needs every Copper: Island is not played
    g = bot_turn(["Island"], bot, other=IDLE, hand=["Island", "Copper", "Gold", "Gold", "Copper"],
                 deck=["Copper"] * 5)
    assert zone(g, 0, K.Z_ISLAND) == {} and owned(g, 0, "Province") == 1
    # the option off: no Copper on the mat
    bot.card_options[(C("Island"), 0)] = 0.0
    g = bot_turn(["Island"], bot, other=IDLE, hand=["Island", "Copper", "Gold", "Silver", "Copper"],
                 deck=["Copper"] * 5)
    assert zone(g, 0, K.Z_ISLAND) == {}


# --- Smugglers -------------------------------------------------------------------------------
def right_gains(kingdom, buys, players=2, hand=("Gold",) * 5, supply=None) -> DominionGame:
    """The seat to the right of seat 0 (the last seat) plays its Actions of ``hand`` (first in
    ``buys`` order, if any) and buys ``buys`` on its turn; then seat 0's turn starts (outside
    seats everywhere)."""
    g = start(kingdom, players=players)
    last = players - 1
    for q in range(1, last):
        g.setup(q, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(last, current=last, hand=list(hand), deck=["Copper"] * 5, discard=[], supply=supply)
    for b in buys:
        g.answer(C(b))
    if g.pending().seat == last:
        g.answer(-1)
    return g


def test_smugglers_gains_what_the_player_to_the_right_gained():
    g = right_gains(["Smugglers"], ["Gold"])
    g.setup(0, hand=["Smugglers"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Smugglers"))
    expect(g, 0, discard={"Gold": 1})
    assert g.supply()["Gold"] == 28


def test_smugglers_not_above_six_and_a_choice_between_two():
    g = right_gains(["Smugglers", "Market"], ["Market", "Province", "Silver"],
                    hand=["Market"] + ["Gold"] * 4)
    g.setup(0, hand=["Smugglers"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Smugglers"))  # the Province costs $8: the Silver, without asking
    expect(g, 0, discard={"Silver": 1})
    g = right_gains(["Smugglers", "Market"], ["Market", "Gold", "Silver"],
                    hand=["Market"] + ["Gold"] * 4)
    g.setup(0, hand=["Smugglers"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Smugglers"))
    assert pend(g) == (0, DK.GAIN, C("Smugglers"), 6, -1, (C("Silver"), C("Gold")))
    g.answer(C("Gold"))
    expect(g, 0, discard={"Gold": 1})


def test_smugglers_nothing_gained_nothing_happens():
    g = right_gains(["Smugglers"], [])
    g.setup(0, hand=["Smugglers"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Smugglers"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, discard={})


def test_smugglers_may_choose_an_empty_pile_and_gain_nothing():
    g = right_gains(["Smugglers", "Market"], ["Market", "Gold", "Silver"],
                    hand=["Market"] + ["Gold"] * 4, supply={"Gold": 1})
    g.setup(0, hand=["Smugglers"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Smugglers"))
    assert pend(g) == (0, DK.GAIN, C("Smugglers"), 6, -1, (C("Silver"), C("Gold")))
    g.answer(C("Gold"))
    expect(g, 0, discard={})
    assert g.supply()["Gold"] == 0


def test_smugglers_counts_the_cost_now_with_bridge():
    g = start(["Smugglers", "Bridge", "King's Court", "Village"])
    g.setup(1, current=1, hand=["Gold"] * 3 + ["Copper"], deck=["Copper"] * 5, discard=[])
    g.answer(C("King's Court"))  # its only buy: the turn ends
    g.setup(0, hand=["Village", "Bridge", "Smugglers"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Village"))
    g.answer(C("Bridge"))
    g.answer(C("Smugglers"))  # King's Court costs $6 now
    expect(g, 0, discard={"King's Court": 1})


def test_smugglers_ignores_gains_made_on_other_turns():
    g = start(["Smugglers", "Ambassador", "Native Village"])
    g.setup(1, current=1, hand=["Gold", "Copper"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Silver"))
    g.setup(0, hand=["Native Village", "Ambassador", "Smugglers", "Estate"],
            deck=["Copper"] * 5, discard=[])
    g.answer(C("Native Village"))
    g.answer(0)
    g.answer(C("Ambassador"))
    g.answer(C("Estate"))
    g.answer(0)  # reveal the Estate, return none: seat 1 gains an Estate on seat 0's turn
    g.answer(C("Smugglers"))  # only the Silver: gained without asking
    expect(g, 0, discard={"Silver": 1})
    expect(g, 1, discard={"Estate": 1, "Silver": 1, "Gold": 1, "Copper": 1})


def test_smugglers_three_players_looks_to_the_right():
    g = start(["Smugglers"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(2, current=2, hand=["Silver", "Copper"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Silver"))
    g.setup(0, hand=["Smugglers"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Smugglers"))
    expect(g, 0, discard={"Silver": 1})


def test_throne_room_smugglers_gains_twice():
    g = right_gains(["Smugglers", "Throne Room"], ["Gold"])
    g.setup(0, hand=["Throne Room", "Smugglers"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Smugglers"))
    expect(g, 0, discard={"Gold": 2})


def test_smugglers_playbook_skips_an_empty_pile():
    bot = simple_bot("smug", buy=["Province", "Gold", "Silver"])
    g = start(["Smugglers", "Market"], 2, bots=[bot, None])
    g.setup(0, hand=["Smugglers"], deck=["Copper"] * 5, discard=[])  # its next turn
    g.setup(1, hand=["Market"] + ["Gold"] * 4, deck=["Copper"] * 5, discard=[],
            supply={"Gold": 1})
    g.answer(C("Market"))
    g.answer(C("Gold"))
    g.answer(C("Silver"))
    # the bot's turn: Gold first on its list, but the pile is empty: the Silver
    assert owned(g, 0, "Silver") == 1 and g.pending().seat == 1


# --- Treasury --------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", [1, 2])
def test_treasury_goes_onto_the_deck_without_a_victory_gain(edition):
    g = start(["Treasury"], rules=f"edition={edition}")
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Treasury", "Copper", "Copper"], deck=["Silver"] + ["Copper"] * 6,
            discard=[])
    g.answer(C("Treasury"))
    assert counters(g) == (1, 1, 5)
    g.answer(C("Silver"))
    assert pend(g) == (0, DK.YESNO, C("Treasury"), C("Treasury"), -1, (1, 0))
    assert "Treasury" in g.pending().describe()
    g.answer(1)
    # the next hand: the Treasury and four Coppers
    expect(g, 0, hand={"Treasury": 1, "Copper": 4}, deck=["Copper"] * 2,
           discard={"Copper": 2, "Silver": 2})


@pytest.mark.parametrize("edition", [1, 2])
def test_treasury_stays_put_after_a_victory_buy(edition):
    g = start(["Treasury"], rules=f"edition={edition}")
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Treasury", "Copper", "Copper"], deck=["Silver"] + ["Copper"] * 6,
            discard=[])
    g.answer(C("Treasury"))
    g.answer(C("Estate"))
    assert g.pending().seat == 1  # no question: the Treasury was discarded
    expect(g, 0, discard={"Treasury": 1, "Copper": 2, "Silver": 1, "Estate": 1})


@pytest.mark.parametrize("edition", [1, 2])
def test_treasury_a_victory_card_gained_in_the_action_phase_does_not_count(edition):
    g = start(["Treasury", "Workshop", "Village"], rules=f"edition={edition}")
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Village", "Workshop", "Treasury"], deck=["Copper"] * 9, discard=[])
    g.answer(C("Village"))
    g.answer(C("Workshop"))
    g.answer(C("Estate"))  # gained (not bought) in the Action phase
    g.answer(C("Treasury"))
    g.answer(-1)
    assert pend(g)[:3] == (0, DK.YESNO, C("Treasury"))
    g.answer(1)
    assert g.zones(0)["hand"].get("Treasury") == 1


def test_treasury_may_be_declined_and_each_copy_asks():
    g = start(["Treasury"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Treasury", "Treasury"], deck=["Copper"] * 9, discard=[])
    g.answer(C("Treasury"))
    g.answer(C("Treasury"))
    g.answer(-1)
    assert pend(g)[1] == DK.YESNO
    g.answer(1)
    assert pend(g)[1] == DK.YESNO
    g.answer(0)
    expect(g, 0, hand={"Treasury": 1, "Copper": 4})
    assert g.zones(0)["discard"]["Treasury"] == 1


def test_throne_room_treasury_asks_once():
    g = start(["Treasury", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Throne Room", "Treasury"], deck=["Copper"] * 9, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Treasury"))
    assert counters(g) == (2, 1, 4)
    g.answer(-1)
    g.answer(1)
    expect(g, 0, hand={"Treasury": 1, "Copper": 4})


def test_treasury_playbook_topdecks_and_the_option_declines():
    bot = simple_bot("treasury", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Treasury"], bot, other=IDLE,
                 hand=["Treasury", "Copper", "Copper", "Copper", "Estate"],
                 deck=["Copper"] * 9)
    assert g.zones(0)["hand"].get("Treasury") == 1
    bot.card_options[(C("Treasury"), 0)] = 0.0
    g = bot_turn(["Treasury"], bot, other=IDLE,
                 hand=["Treasury", "Copper", "Copper", "Copper", "Estate"],
                 deck=["Copper"] * 9)
    assert g.zones(0)["hand"].get("Treasury") is None


# --- Embargo ---------------------------------------------------------------------------------
def test_embargo_trashes_itself_and_a_buy_there_gains_a_curse():
    g = start(["Embargo"])
    g.setup(1, hand=["Silver", "Copper"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Embargo", "Copper"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Embargo"))
    assert pend(g)[:3] == (0, DK.NAME, C("Embargo"))
    assert C("Curse") in pend(g)[5] and C("Embargo") in pend(g)[5]
    g.answer(C("Silver"))
    assert tokens(g, "Silver") == 1
    assert g.trash() == {"Embargo": 1}
    assert counters(g) == (0, 1, 3)
    g.answer(C("Silver"))  # my own token: I gain a Curse too
    expect(g, 0, discard={"Silver": 1, "Curse": 1, "Copper": 1})
    g.answer(C("Silver"))  # seat 1 buys a Silver
    expect(g, 1, discard={"Silver": 2, "Curse": 1, "Copper": 1})
    assert g.supply()["Curse"] == 8


def test_embargo_tokens_stack_and_a_gain_without_a_buy_gives_no_curse():
    g = start(["Embargo", "Workshop", "Village"])
    g.setup(0, hand=["Village", "Village", "Embargo", "Embargo", "Workshop", "Gold"],
            deck=["Copper"] * 5, discard=[])
    g.answer(C("Village"))
    g.answer(C("Village"))
    g.answer(C("Embargo"))
    g.answer(C("Silver"))
    g.answer(C("Embargo"))
    g.answer(C("Silver"))
    assert tokens(g, "Silver") == 2
    g.answer(C("Workshop"))
    g.answer(C("Silver"))  # gained, not bought: no Curse
    g.answer(C("Silver"))  # bought: two Curses
    assert owned(g, 0, "Silver") == 2 and owned(g, 0, "Curse") == 2
    assert g.supply()["Curse"] == 8


def test_embargo_on_an_empty_pile_and_with_the_curse_pile_empty():
    g = start(["Embargo"])
    g.setup(0, hand=["Embargo", "Gold", "Copper"], deck=["Copper"] * 5, discard=[],
            supply={"Curse": 0, "Duchy": 0})
    g.answer(C("Embargo"))
    assert C("Duchy") in pend(g)[5]  # an empty pile may take a token
    g.answer(C("Gold"))
    g.answer(C("Gold"))  # the Curse pile is empty: the Gold alone
    expect(g, 0, discard={"Gold": 2, "Copper": 1})
    assert g.supply()["Curse"] == 0


@pytest.mark.parametrize(("edition", "n_tokens"), [(2, 1), (1, 2)])
def test_throne_room_embargo_trashed_once_tokens_by_printing(edition, n_tokens):
    g = start(["Embargo", "Throne Room"], rules=f"edition={edition}")
    g.setup(0, hand=["Throne Room", "Embargo"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Throne Room"))
    if edition == 2:
        g.answer(C("Embargo"))  # (the first printing's Throne Room must play it: no question)
    g.answer(C("Silver"))
    if n_tokens == 2:
        assert pend(g)[:3] == (0, DK.NAME, C("Embargo"))
        g.answer(C("Gold"))
        assert tokens(g, "Gold") == 1
    assert tokens(g, "Silver") == 1
    assert g.trash() == {"Embargo": 1}
    assert counters(g)[2] == 4


@pytest.mark.parametrize(("late", "pile"), [(False, "Smithy"), (True, "Province")])
def test_embargo_playbook_hits_the_opponents_key_card_then_province_late(late, pile):
    me = simple_bot("embargo", buy=["Province", "Gold", "Embargo", "Silver"])
    smithy_bm = simple_bot("smithy", buy=["Province", "Duchy", "Gold", "Smithy", "Silver"])
    g = start(["Embargo", "Smithy"], 3, bots=[me, smithy_bm, None])
    g.setup(2, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, current=0, hand=["Embargo", "Copper"], deck=["Copper"] * 5,
            discard=["Estate"] * 3, supply={"Province": 2} if late else None)
    # seat 1's first card on its list not on mine (Victory cards aside): Smithy; late and not
    # behind: Province
    assert tokens(g, pile) == 1


# --- Pirate Ship -----------------------------------------------------------------------------
def test_pirate_ship_attack_trashes_the_chosen_treasure_and_takes_a_token():
    g = start(["Pirate Ship"])
    g.setup(1, hand=["Copper"] * 5, deck=["Gold", "Silver", "Estate"], discard=[])
    g.setup(0, hand=["Pirate Ship"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Pirate Ship"))
    assert pend(g) == (0, DK.MODE, C("Pirate Ship"), -1, -1, (0, 1))
    g.answer(1)
    assert pend(g) == (0, DK.TRASH, C("Pirate Ship"), -1, 1, (C("Gold"), C("Silver")))
    g.answer(C("Silver"))
    expect(g, 1, deck=["Estate"], discard={"Gold": 1})
    assert g.trash() == {"Silver": 1}
    assert coin_tokens(g, 0) == 1 and counters(g)[2] == 0


def test_pirate_ship_no_treasure_no_token_and_one_token_for_two_victims():
    g = start(["Pirate Ship"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=["Estate", "Duchy"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Estate", "Duchy"], discard=[])
    g.setup(0, hand=["Pirate Ship"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Pirate Ship"))
    g.answer(1)
    expect(g, 1, deck=[], discard={"Estate": 1, "Duchy": 1})
    assert coin_tokens(g, 0) == 0
    g = start(["Pirate Ship"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=["Copper", "Duchy"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Estate", "Copper", "Silver"], discard=[])
    g.setup(0, hand=["Pirate Ship"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Pirate Ship"))
    g.answer(1)  # one Treasure each: trashed without asking
    assert g.trash() == {"Copper": 2}
    expect(g, 2, deck=["Silver"], discard={"Estate": 1})
    assert coin_tokens(g, 0) == 1


def test_pirate_ship_two_alike_and_a_victim_with_one_card():
    g = start(["Pirate Ship"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=["Silver", "Silver", "Gold"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Gold"], discard=[])
    g.setup(0, hand=["Pirate Ship"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Pirate Ship"))
    g.answer(1)  # two Silvers: one is trashed without a question; the lone Gold too
    expect(g, 1, deck=["Gold"], discard={"Silver": 1})
    expect(g, 2, deck=[], discard={})
    assert g.trash() == {"Silver": 1, "Gold": 1} and coin_tokens(g, 0) == 1


def test_pirate_ship_coins_mode_and_throne_room_sees_the_new_token():
    g = start(["Pirate Ship", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=["Gold", "Estate"], discard=[])
    g.setup(0, hand=["Throne Room", "Pirate Ship"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Pirate Ship"))
    g.answer(1)  # attack: the Gold is trashed (the only Treasure), a token
    g.answer(0)  # coins: +$1
    assert coin_tokens(g, 0) == 1 and counters(g)[2] == 1
    assert g.trash() == {"Gold": 1}


def test_pirate_ship_moat_and_a_reshuffling_victim():
    g = start(["Pirate Ship", "Moat"], players=3)
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=["Gold", "Gold"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Estate"], discard=["Silver"])
    g.setup(0, hand=["Pirate Ship"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Pirate Ship"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))  # Reactions when it is played: first
    g.answer(1)
    g.answer(1)  # the attack
    expect(g, 1, deck=["Gold", "Gold"])
    expect(g, 2, deck=[], discard={"Estate": 1})
    assert g.trash() == {"Silver": 1} and coin_tokens(g, 0) == 1


def test_pirate_ship_playbook_trashes_the_best_and_takes_coins_when_they_buy_more():
    bot = simple_bot("ps", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Pirate Ship"], bot, hand=["Pirate Ship", "Copper", "Copper"],
                 deck=["Copper"] * 5,
                 other={"hand": ["Copper"] * 5, "deck": ["Silver", "Gold"], "discard": []})
    assert g.trash() == {"Gold": 1} and coin_tokens(g, 0) == 1
    # three tokens turn $6 into $9: a Province instead of a Gold, so the coins; $12 buys a
    # Province either way, so the attack
    for hand, mode_coins in ((["Pirate Ship", "Gold", "Gold"], True),
                             (["Pirate Ship", "Gold", "Gold", "Gold", "Gold"], False)):
        g = bot_turn(["Pirate Ship"], bot, other=SILVER_ON_TOP, hand=hand, deck=["Copper"] * 5,
                     discard=[], coin_tokens=3)
        if mode_coins:
            assert owned(g, 0, "Province") == 1 and g.trash() == {}
        else:
            assert owned(g, 0, "Province") == 1 and g.trash() == {"Silver": 1}


#: The victim of a Pirate Ship bot: a Silver to reveal and trash, then an Estate.
SILVER_ON_TOP = {"hand": ["Copper"] * 5, "deck": ["Silver", "Estate"], "discard": []}


@pytest.mark.parametrize(("value", "trashed"), [(1.0, {}), (2.0, {"Silver": 1})])
def test_pirate_ship_mode_option(value, trashed):
    bot = simple_bot("ps", buy=["Province", "Gold", "Silver"])
    bot.card_options[(C("Pirate Ship"), 0)] = value
    g = bot_turn(["Pirate Ship"], bot, other=SILVER_ON_TOP, hand=["Pirate Ship", "Gold", "Gold"],
                 deck=["Copper"] * 5, discard=[], coin_tokens=3)
    assert g.trash() == trashed


# --- random games ----------------------------------------------------------------------------
MY_KINGDOM = ["Native Village", "Island", "Smugglers", "Treasury", "Ambassador", "Embargo",
              "Pirate Ship", "Throne Room", "Smithy", "Moat"]


@pytest.mark.parametrize(("players", "edition"), [(2, 2), (3, 1), (4, 2)])
def test_random_games_on_the_kingdom_keep_every_invariant(players, edition):
    """Debug mode checks card conservation (mats included) after every turn and every bot answer
    against its options; random seats answer every decision uniformly at random."""
    from ludolab.core import rng

    r = np.random.default_rng(players)
    names = MY_KINGDOM[:7]
    bots = []
    for s in range(players):
        picks = [names[i] for i in r.choice(7, 4, replace=False)]
        bot = simple_bot(f"bot{s}", buy=["Province", "Gold", *picks, "Smithy", "Silver"],
                         limits={p: 3 for p in picks})
        bot.card_options[(C("Native Village"), 0)] = float(s % 3)
        bot.card_options[(C("Pirate Ship"), 0)] = float((s + 1) % 3)
        bots.append(bot)
    eng = Engine(MY_KINGDOM, players, f"official,edition={edition}")
    for random_seats in ([], [0], list(range(players))):
        seeds = rng.game_seeds(7, players, 40 if len(random_seats) < players else 20)
        rec = eng.play(bots, seeds, debug=True, random_seats=random_seats)
        assert len(rec) == len(seeds)
        assert (rec.turns <= eng.rules.effective_turn_cap()).all()


def test_smugglers_playbook_not_played_with_nothing_worth_gaining():
    bot = simple_bot("smug", buy=["Province", "Gold", "Silver"])
    g = start(["Smugglers", "Smithy"], 2, bots=[bot, None])
    g.setup(0, hand=["Smugglers", "Smithy", "Copper"], deck=["Copper"] * 10, discard=[])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.answer(C("Curse"))  # seat 1 buys a Curse: Smithy is played instead
    expect(g, 0, discard={"Smugglers": 1, "Smithy": 1, "Copper": 4, "Silver": 1})
    assert owned(g, 0, "Curse") == 0 and g.pending().seat == 1


def test_the_log_shows_returns_tokens_modes_and_mats():
    """The homes' events in the log: Ambassador's reveal and return (its choice words),
    Embargo's token and Pirate Ship's Coin token (EV_TOKEN), Pirate Ship's mode; the mats' moves
    (EV_MAT) in the Native Village test below."""
    from ludolab.games.dominion.log import render

    cards = ["Ambassador", "Embargo", "Pirate Ship", "Native Village", "Island"]
    bots = [simple_bot(n, buy=["Province", "Gold", n, "Silver"], limits={n: 2}) for n in cards[:3]]
    bots[0].card_options[(C("Ambassador"), 0)] = 0.0
    eng = Engine(cards, 3)
    lines = [ln.strip() for s in range(1, 4)
             for ln in render(eng.trace(bots, seed=s), ["A", "E", "P"]).splitlines()]
    amb = [i for i, ln in enumerate(lines) if ln == "P1 plays Ambassador"]
    assert amb and lines[amb[0] + 1].startswith("P1 reveals ")
    assert any(ln.startswith("P1 returns ") and ln.endswith("to the Supply (Ambassador)")
               for ln in lines)
    assert any(ln.startswith("P2 puts an Embargo token on ") for ln in lines)
    assert any(ln in ("P3 chooses attack (Pirate Ship)", "P3 chooses +$1 per Coin token "
                      "(Pirate Ship)") for ln in lines)
    assert any(ln.startswith("P3 has ") and ln.endswith(" Coin token") for ln in lines)
    assert any(ln.startswith("P2 puts an Embargo token on ") and ln.endswith(" there)")
               for ln in lines)


def test_the_log_shows_the_mats():
    from ludolab.games.dominion.log import render

    bots = [simple_bot(n, buy=["Province", "Gold", n, "Silver"], limits={n: 3})
            for n in ("Native Village", "Island")]
    eng = Engine(["Native Village", "Island", "Smithy"], 2)
    lines = [ln.strip() for s in range(1, 4)
             for ln in render(eng.trace(bots, seed=s), ["N", "I"]).splitlines()]
    assert any(ln.startswith("P1 puts ") and ln.endswith(" on the Native Village mat")
               for ln in lines)
    assert "P2 puts Island on the Island mat" in lines
