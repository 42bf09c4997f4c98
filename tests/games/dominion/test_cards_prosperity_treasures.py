"""Prosperity's Treasures played for effect: Loan, Venture, Bank, Anvil, Investment,
Crystal Ball, War Chest, in rulebook situations, with their playbooks and the default order of
Treasures.

Rules tests set exact zones with ``DominionGame.setup`` (decks listed from the top down), play
as an outside seat (every Treasure is a decision in a game with Treasures that do things:
options the Treasures in hand, then -1 to stop), answer the cards' decisions and assert the
exact result. Playbook tests seat a bot in seat 0 and read its choices from exact results.
The FAQ points are those of the rulebooks' card notes (Prosperity, both printings).
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, bot_turn, coins, expect, owned, play_treasures, start
from ludolab.games.dominion.engine import DominionGame, Engine, EventKind, simple_bot
from ludolab.games.dominion.log import render
from ludolab.games.dominion.search import DominionSearchPlayer, play_records

KINGDOM = ["Loan", "Venture", "Bank", "Anvil", "Investment", "Crystal Ball", "War Chest",
           "Smithy", "Village", "Throne Room"]
BIG_MONEY = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])


def stop(g: DominionGame) -> None:
    d = g.pending()
    assert d.kind == DK.TREASURE and -1 in d.options, d.describe()
    g.answer(-1)


# --- Loan ---------------------------------------------------------------------------------------
def test_loan_digs_to_a_treasure_and_trashes_it():
    g = start(KINGDOM)
    g.setup(0, hand=["Loan"], deck=["Estate", "Duchy", "Copper", "Gold"], discard=[])
    play_treasures(g, "Loan")
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.options) == (DK.TRASH, C("Loan"), C("Copper"),
                                                        (C("Copper"), -1))
    g.answer(C("Copper"))
    assert g.pending().kind == DK.BUY
    assert coins(g) == 1  # Loan's $1; the revealed Copper is not played
    assert g.trash() == {"Copper": 1}
    expect(g, 0, deck=["Gold"], discard={"Estate": 1, "Duchy": 1}, play={"Loan": 1})


def test_loan_may_discard_the_treasure_instead():
    g = start(KINGDOM)
    g.setup(0, hand=["Loan"], deck=["Estate", "Silver", "Gold"], discard=[])
    play_treasures(g, "Loan")
    g.answer(-1)
    assert g.trash() == {}
    expect(g, 0, deck=["Gold"], discard={"Estate": 1, "Silver": 1})


def test_loan_without_a_treasure_anywhere_discards_everything_it_revealed():
    # FAQ: the discard pile is shuffled when the deck runs out (not the revealed cards); no
    # Treasure at all: every revealed card is discarded, nothing is asked
    g = start(KINGDOM)
    g.setup(0, hand=["Loan"], deck=["Estate"], discard=["Duchy", "Province"])
    shuffles = g.counters()["shuffles0"]
    play_treasures(g, "Loan")
    assert g.pending().kind == DK.BUY
    assert g.counters()["shuffles0"] == shuffles + 1
    expect(g, 0, deck=[], discard={"Estate": 1, "Duchy": 1, "Province": 1})


def test_loan_reshuffles_without_the_cards_it_revealed():
    g = start(KINGDOM)
    g.setup(0, hand=["Loan"], deck=["Estate", "Estate"], discard=["Silver"])
    play_treasures(g, "Loan")
    d = g.pending()
    assert d.subject == C("Silver")  # the shuffled pile held only the Silver
    expect(g, 0, deck=[], aside={"Estate": 2, "Silver": 1})
    g.answer(-1)
    expect(g, 0, discard={"Estate": 2, "Silver": 1}, aside={})


def test_loan_finding_a_venture_does_not_play_it():
    g = start(KINGDOM)
    g.setup(0, hand=["Loan"], deck=["Venture", "Gold"], discard=[])
    play_treasures(g, "Loan")
    assert g.pending().subject == C("Venture")
    g.answer(-1)
    assert coins(g) == 1
    expect(g, 0, discard={"Venture": 1}, deck=["Gold"])


def test_loan_playbook_trashes_copper_and_keeps_better_treasure():
    bot = simple_bot("Loan", buy=["Province"])
    money = ["Gold"] * 3  # the deck keeps its $6 without the Copper (copper_trash_ok)
    g = bot_turn(KINGDOM, bot, hand=["Loan", "Estate", "Estate", "Estate", "Estate"],
                 deck=["Copper"] + ["Estate"] * 5, discard=money)
    assert g.trash() == {"Copper": 1}
    g = bot_turn(KINGDOM, bot, hand=["Loan", "Estate", "Estate", "Estate", "Estate"],
                 deck=["Silver"] + ["Estate"] * 5, discard=money)
    assert g.trash() == {} and owned(g, 0, "Silver") == 1


def test_loan_playbook_keeps_the_last_coppers_of_a_poor_deck():
    bot = simple_bot("Loan", buy=["Province"])
    g = bot_turn(KINGDOM, bot, hand=["Loan", "Estate", "Estate", "Estate", "Estate"],
                 deck=["Copper"] + ["Estate"] * 5, discard=["Copper", "Copper"])
    assert g.trash() == {}  # $4 of money in all: trashing a Copper would leave $3


# --- Venture ------------------------------------------------------------------------------------
def test_venture_plays_the_treasure_it_finds():
    g = start(KINGDOM)
    g.setup(0, hand=["Venture"], deck=["Estate", "Gold", "Silver"], discard=[])
    play_treasures(g, "Venture")
    assert g.pending().kind == DK.BUY
    assert coins(g) == 1 + 3
    expect(g, 0, play={"Venture": 1, "Gold": 1}, discard={"Estate": 1}, deck=["Silver"])


def test_venture_finding_venture_digs_again():
    # FAQ: if Venture finds another Venture, you reveal cards again
    g = start(KINGDOM)
    g.setup(0, hand=["Venture"], deck=["Estate", "Venture", "Duchy", "Silver", "Gold"],
            discard=[])
    play_treasures(g, "Venture")
    assert coins(g) == 1 + 1 + 2
    expect(g, 0, play={"Venture": 2, "Silver": 1}, discard={"Estate": 1, "Duchy": 1},
           deck=["Gold"])


def test_venture_discards_the_others_before_it_plays_the_treasure():
    # "Discard the other cards. Play that Treasure.": the Estate is in the discard pile when the
    # second Venture digs, so that Venture shuffles it in and reveals it again
    g = start(KINGDOM)
    g.setup(0, hand=["Venture"], deck=["Estate", "Venture"], discard=[])
    shuffles = g.counters()["shuffles0"]
    play_treasures(g, "Venture")
    assert g.counters()["shuffles0"] == shuffles + 1
    assert coins(g) == 2
    expect(g, 0, play={"Venture": 2}, discard={"Estate": 1}, deck=[])


def test_venture_finding_loan_plays_it():
    g = start(KINGDOM)
    g.setup(0, hand=["Venture"], deck=["Loan", "Estate", "Copper", "Gold"], discard=[])
    play_treasures(g, "Venture")
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.TRASH, C("Loan"), C("Copper"))
    g.answer(C("Copper"))
    assert coins(g) == 2
    assert g.trash() == {"Copper": 1}
    expect(g, 0, play={"Venture": 1, "Loan": 1}, discard={"Estate": 1}, deck=["Gold"])


def test_venture_without_a_treasure_discards_everything():
    g = start(KINGDOM)
    g.setup(0, hand=["Venture"], deck=["Estate", "Duchy"], discard=[])
    play_treasures(g, "Venture")
    assert coins(g) == 1
    expect(g, 0, play={"Venture": 1}, discard={"Estate": 1, "Duchy": 1}, deck=[])


def test_venture_finding_bank_counts_what_is_in_play_then():
    g = start(KINGDOM)
    g.setup(0, hand=["Venture", "Copper", "Silver"], deck=["Bank"], discard=[])
    play_treasures(g, "Copper", "Silver", "Venture")  # Bank: Copper, Silver, Venture and itself
    assert coins(g) == 1 + 2 + 1 + 4
    assert g.pending().kind == DK.BUY


# --- Bank ---------------------------------------------------------------------------------------
def test_bank_counts_the_treasures_in_play_including_itself():
    g = start(KINGDOM)
    g.setup(0, hand=["Bank", "Copper", "Silver", "Estate"], deck=[], discard=[])
    play_treasures(g, "Copper", "Silver", "Bank")
    assert coins(g) == 1 + 2 + 3
    assert g.pending().kind == DK.BUY


def test_bank_played_first_counts_only_itself():
    # FAQ: Bank makes its money when it is played; later Treasures do not change it
    g = start(KINGDOM)
    g.setup(0, hand=["Bank", "Copper", "Silver"], deck=[], discard=[])
    play_treasures(g, "Bank", "Copper", "Silver")
    assert coins(g) == 1 + 1 + 2


def test_the_second_bank_is_worth_one_more():
    g = start(KINGDOM)
    g.setup(0, hand=["Bank", "Bank", "Copper"], deck=[], discard=[])
    play_treasures(g, "Copper", "Bank", "Bank")
    assert coins(g) == 1 + 2 + 3


def test_treasures_left_in_hand_are_not_played():
    g = start(KINGDOM)
    g.setup(0, hand=["Bank", "Copper", "Silver"], deck=[], discard=[])
    play_treasures(g, "Silver")
    stop(g)
    assert coins(g) == 2
    expect(g, 0, hand={"Bank": 1, "Copper": 1}, play={"Silver": 1})


def test_default_order_plays_bank_after_every_other_treasure():
    # Bank last: 3 Coppers, then Bank ($4): $7 buys the Gold; Bank first would make $4
    bot = simple_bot("Gold", buy=["Gold"])
    g = bot_turn(KINGDOM, bot, hand=["Bank", "Copper", "Copper", "Copper", "Estate"],
                 deck=["Estate"] * 5)
    assert owned(g, 0, "Gold") == 1


def test_default_order_plays_bank_after_venture_and_what_it_finds():
    # Venture finds a Silver; Bank then counts Copper, Venture, Silver and itself: 1+1+2+4 = 8
    bot = simple_bot("Province", buy=["Province"])
    g = bot_turn(KINGDOM, bot, hand=["Bank", "Venture", "Copper", "Estate", "Estate"],
                 deck=["Silver"] + ["Estate"] * 5)
    assert owned(g, 0, "Province") == 1


def test_a_play_list_puts_bank_first():
    # the bot language orders Treasures too: "play = [Bank]" plays it first ($1 + $3: no Gold)
    bot = simple_bot("Gold", buy=["Gold"], play=["Bank"])
    g = bot_turn(KINGDOM, bot, hand=["Bank", "Copper", "Copper", "Copper", "Estate"],
                 deck=["Estate"] * 5)
    assert owned(g, 0, "Gold") == 0


# --- Anvil --------------------------------------------------------------------------------------
def test_anvil_discards_a_treasure_to_gain_a_card_costing_up_to_4():
    g = start(KINGDOM)
    g.setup(0, hand=["Anvil", "Copper", "Silver", "Estate"], deck=[], discard=[])
    play_treasures(g, "Anvil")
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.DISCARD, C("Anvil"),
                                             (C("Copper"), C("Silver"), -1))
    g.answer(C("Copper"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Anvil"), 4)
    assert C("Silver") in d.options and C("Anvil") in d.options
    assert C("Venture") not in d.options and C("Gold") not in d.options
    g.answer(C("Silver"))
    assert coins(g) == 1
    expect(g, 0, hand={"Silver": 1, "Estate": 1}, discard={"Copper": 1, "Silver": 1},
           play={"Anvil": 1})
    play_treasures(g, "Silver")
    assert coins(g) == 3


def test_anvil_discarding_is_optional():
    g = start(KINGDOM)
    g.setup(0, hand=["Anvil", "Copper"], deck=[], discard=[])
    play_treasures(g, "Anvil")
    g.answer(-1)
    assert g.pending().kind == DK.TREASURE  # the Copper is still there to play
    play_treasures(g, "Copper")
    assert coins(g) == 2
    expect(g, 0, discard={})


def test_anvil_may_discard_another_anvil():
    g = start(KINGDOM)
    g.setup(0, hand=["Anvil", "Anvil"], deck=[], discard=[])
    play_treasures(g, "Anvil")
    g.answer(C("Anvil"))
    g.answer(C("Loan"))
    expect(g, 0, discard={"Anvil": 1, "Loan": 1}, play={"Anvil": 1}, hand={})


def test_anvil_without_a_treasure_in_hand_asks_nothing():
    g = start(KINGDOM)
    g.setup(0, hand=["Anvil", "Estate"], deck=[], discard=[])
    play_treasures(g, "Anvil")
    assert g.pending().kind == DK.BUY
    assert coins(g) == 1


def test_anvil_playbook_discards_a_copper_the_buy_does_not_need():
    # $1 + 4 Coppers = $5 buys a Silver; $4 still does: discard a Copper, gain a Silver too
    g = bot_turn(KINGDOM, BIG_MONEY, hand=["Anvil", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Estate"] * 5)
    assert owned(g, 0, "Silver") == 2
    assert owned(g, 0, "Copper") == 4  # discarded, not trashed


def test_anvil_playbook_keeps_the_copper_a_gold_needs():
    # $1 + Gold + 2 Coppers = $6 buys a Gold; without a Copper only a Silver: keep it
    g = bot_turn(KINGDOM, BIG_MONEY, hand=["Anvil", "Gold", "Copper", "Copper", "Estate"],
                 deck=["Estate"] * 5)
    assert owned(g, 0, "Gold") == 2 and owned(g, 0, "Silver") == 0


def test_anvil_option_never_discards():
    bot = simple_bot("Big Money", buy=["Province", "Gold", "Silver"], options={"anvil": 2})
    g = bot_turn(KINGDOM, bot, hand=["Anvil", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Estate"] * 5)
    assert owned(g, 0, "Silver") == 1


# --- Investment ---------------------------------------------------------------------------------
def test_investment_trashes_a_card_then_gives_a_coin():
    g = start(KINGDOM)
    g.setup(0, hand=["Investment", "Estate", "Copper"], deck=[], discard=[])
    play_treasures(g, "Investment")
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.TRASH, C("Investment"),
                                             (C("Copper"), C("Estate")))
    g.answer(C("Estate"))
    d = g.pending()
    assert (d.kind, d.options) == (DK.MODE, (0, 1))
    assert [d.option_name(o) for o in d.options] == ["+$1", "trash it for VP"]
    g.answer(0)
    assert coins(g) == 1
    assert g.trash() == {"Estate": 1}
    expect(g, 0, play={"Investment": 1}, hand={"Copper": 1})


def test_investment_trashes_itself_for_a_vp_per_differently_named_treasure_in_hand():
    # FAQ: two Coppers and a Silver are +2 VP; the revealed Treasures can still be played
    g = start(KINGDOM)
    g.setup(0, hand=["Investment", "Copper", "Copper", "Silver", "Estate"], deck=[],
            discard=[])
    play_treasures(g, "Investment")
    g.answer(C("Estate"))
    g.answer(1)
    assert g.trash() == {"Estate": 1, "Investment": 1}
    assert g.counters()["vp_tokens0"] == 2
    assert coins(g) == 0
    play_treasures(g, "Copper", "Silver", "Copper")
    assert coins(g) == 4
    expect(g, 0, play={"Copper": 2, "Silver": 1}, owned={"Copper": 2, "Silver": 1})


def test_investment_counts_only_the_treasures_still_in_hand():
    g = start(KINGDOM)
    g.setup(0, hand=["Investment", "Silver", "Gold", "Copper", "Estate"], deck=[], discard=[])
    play_treasures(g, "Silver", "Gold", "Investment")
    g.answer(C("Estate"))
    g.answer(1)
    assert g.counters()["vp_tokens0"] == 1  # the Copper: Silver and Gold are in play


def test_investment_as_the_last_card_trashes_nothing_and_still_chooses():
    # FAQ: you trash a card no matter what; with no card left in hand you just fail to
    g = start(KINGDOM)
    g.setup(0, hand=["Investment"], deck=[], discard=[])
    play_treasures(g, "Investment")
    d = g.pending()
    assert (d.kind, d.options) == (DK.MODE, (0, 1))
    g.answer(1)
    assert g.trash() == {"Investment": 1}
    assert g.counters()["vp_tokens0"] == 0


def test_investment_vp_counts_in_the_score():
    g = start(KINGDOM)
    g.setup(0, hand=["Investment", "Copper", "Silver", "Gold"], deck=[], discard=[])
    before = g._vp_now(0)
    play_treasures(g, "Investment")
    g.answer(C("Copper"))
    g.answer(1)
    assert g._vp_now(0) == before + 2


def test_investment_playbook_trashes_copper_for_a_coin_early():
    g = bot_turn(KINGDOM, BIG_MONEY, hand=["Investment", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Estate"] * 5, discard=["Gold", "Gold"])
    # one kind of Treasure in hand (1 VP): a Copper trashed for +$1; $1 + 3 Coppers: a Silver
    assert g.trash() == {"Copper": 1}
    assert g.counters()["vp_tokens0"] == 0
    assert owned(g, 0, "Silver") == 1


def test_investment_playbook_cashes_in_a_hand_of_three_kinds_without_junk():
    g = bot_turn(KINGDOM, BIG_MONEY, hand=["Investment", "Silver", "Gold", "Venture", "Silver"],
                 deck=["Silver"] + ["Estate"] * 5)
    # no junk to trash: a Silver goes (another stays), then +3 VP (Silver, Gold, Venture)
    assert g.trash() == {"Silver": 1, "Investment": 1}
    assert g.counters()["vp_tokens0"] == 3


def test_investment_is_played_before_the_plain_treasures_by_default():
    # it trashes a Copper from hand and counts Copper and Silver: played after the plain
    # Treasures it would find none to trash and nothing to count
    g = bot_turn(KINGDOM, BIG_MONEY, hand=["Investment", "Copper", "Copper", "Silver", "Silver"],
                 deck=["Estate"] * 5, discard=["Gold", "Gold"])
    assert g.trash() == {"Copper": 1, "Investment": 1}
    assert g.counters()["vp_tokens0"] == 2


def test_investment_option_sets_the_kinds_it_cashes_in_for():
    bot = simple_bot("Big Money", buy=["Province", "Gold", "Silver"], options={"investment": 3})
    g = bot_turn(KINGDOM, bot, hand=["Investment", "Copper", "Copper", "Silver", "Silver"],
                 deck=["Estate"] * 5, discard=["Gold", "Gold"])
    assert g.trash() == {"Copper": 1}  # 2 kinds only: +$1
    assert g.counters()["vp_tokens0"] == 0


# --- Crystal Ball -------------------------------------------------------------------------------
def test_crystal_ball_plays_a_treasure_from_the_top_of_the_deck():
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball"], deck=["Gold", "Estate"], discard=[])
    play_treasures(g, "Crystal Ball")
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.options) == (DK.MODE, C("Crystal Ball"), C("Gold"),
                                                        (0, 1, 2, 3))
    assert [d.option_name(o) for o in d.options] == [
        "leave it on the deck", "trash it", "discard it", "play it"]
    g.answer(3)
    assert coins(g) == 1 + 3
    expect(g, 0, play={"Crystal Ball": 1, "Gold": 1}, deck=["Estate"])


def test_crystal_ball_cannot_play_a_victory_card():
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball"], deck=["Province", "Estate"], discard=[])
    play_treasures(g, "Crystal Ball")
    assert g.pending().options == (0, 1, 2)
    g.answer(2)
    expect(g, 0, discard={"Province": 1}, deck=["Estate"])


@pytest.mark.parametrize(("mode", "deck", "discard", "trash"), [
    (0, ["Estate", "Silver"], {}, {}),
    (1, ["Silver"], {}, {"Estate": 1}),
    (2, ["Silver"], {"Estate": 1}, {}),
])
def test_crystal_ball_leaves_trashes_or_discards_the_card(mode, deck, discard, trash):
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball"], deck=["Estate", "Silver"], discard=[])
    play_treasures(g, "Crystal Ball")
    g.answer(mode)
    assert g.pending().kind == DK.BUY
    expect(g, 0, deck=deck, discard=discard)
    assert g.trash() == trash


def test_crystal_ball_on_an_empty_deck_shuffles_first():
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball"], deck=[], discard=["Silver"])
    play_treasures(g, "Crystal Ball")
    assert g.pending().subject == C("Silver")
    g.answer(3)
    assert coins(g) == 3


def test_crystal_ball_with_nothing_to_look_at_asks_nothing():
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball"], deck=[], discard=[])
    play_treasures(g, "Crystal Ball")
    assert g.pending().kind == DK.BUY and coins(g) == 1


def test_crystal_ball_plays_an_action_in_the_buy_phase():
    # FAQ: +Actions are no use in the buy phase; Treasures it draws can still be played
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball", "Village"], deck=["Smithy", "Gold", "Copper", "Estate",
                                                      "Silver"], discard=[])
    g.answer(-1)  # no Action played in the action phase
    play_treasures(g, "Crystal Ball")
    assert g.pending().subject == C("Smithy")
    g.answer(3)
    c = g.counters()
    # the unused Action of the action phase is still there: the buy phase cannot use it
    assert (c["phase"], c["actions"], c["actions_played"]) == ("buy", 1, 1)
    expect(g, 0, hand={"Village": 1, "Gold": 1, "Copper": 1, "Estate": 1}, deck=["Silver"],
           play={"Crystal Ball": 1, "Smithy": 1})
    d = g.pending()
    assert d.kind == DK.TREASURE and set(d.options) == {C("Gold"), C("Copper"), -1}
    play_treasures(g, "Gold", "Copper")
    assert coins(g) == 1 + 3 + 1
    assert g.pending().kind == DK.BUY  # the Village stays in hand


def test_crystal_ball_playing_village_gives_actions_it_cannot_use():
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball", "Smithy"], deck=["Village", "Silver", "Estate"],
            discard=[])
    g.answer(-1)
    play_treasures(g, "Crystal Ball")
    g.answer(3)
    c = g.counters()
    assert (c["phase"], c["actions"]) == ("buy", 1 + 2)
    play_treasures(g, "Silver")
    assert g.pending().kind == DK.BUY  # no Action can be played now: the Smithy stays
    expect(g, 0, hand={"Smithy": 1})


def test_crystal_ball_playing_throne_room_plays_an_action_from_hand_twice():
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball", "Smithy"], deck=["Throne Room"] + ["Copper"] * 6,
            discard=[])
    g.answer(-1)
    play_treasures(g, "Crystal Ball")
    g.answer(3)
    d = g.pending()
    assert (d.kind, d.source) == (DK.PLAY, C("Throne Room"))
    g.answer(C("Smithy"))
    expect(g, 0, hand={"Copper": 6}, play={"Crystal Ball": 1, "Throne Room": 1, "Smithy": 1})
    assert g.counters()["actions_played"] == 3


def test_crystal_ball_playing_venture_digs():
    g = start(KINGDOM)
    g.setup(0, hand=["Crystal Ball"], deck=["Venture", "Estate", "Gold"], discard=[])
    play_treasures(g, "Crystal Ball")
    g.answer(3)
    assert coins(g) == 1 + 1 + 3
    expect(g, 0, play={"Crystal Ball": 1, "Venture": 1, "Gold": 1}, discard={"Estate": 1})


@pytest.mark.parametrize(("top", "outcome"), [
    ("Curse", "trash"), ("Estate", "trash"), ("Province", "discard"), ("Gold", "play"),
    ("Smithy", "play"), ("Throne Room", "leave"),
])
def test_crystal_ball_playbook(top, outcome):
    bot = simple_bot("Province", buy=["Province"])
    g = bot_turn(KINGDOM, bot, hand=["Crystal Ball", "Estate", "Estate", "Estate", "Estate"],
                 deck=[top] + ["Estate"] * 8)
    z = g.zones(0)
    if outcome == "trash":
        assert g.trash() == {top: 1}
    elif outcome == "discard":
        assert g.trash() == {} and z["discard"].get(top) == 1  # type: ignore[union-attr]
    elif outcome == "play":
        assert g.trash() == {} and top not in z["hand"]  # type: ignore[operator]
        assert top in z["discard"]  # type: ignore[operator]  # played, then cleaned up
    else:
        assert z["hand"].get(top) == 1  # type: ignore[union-attr]  # left: drawn next hand


def test_crystal_ball_option_leaves_actions_for_the_next_hand():
    bot = simple_bot("Province", buy=["Province"], options={"crystal_ball": 1})
    g = bot_turn(KINGDOM, bot, hand=["Crystal Ball", "Estate", "Estate", "Estate", "Estate"],
                 deck=["Smithy"] + ["Estate"] * 8)
    assert g.zones(0)["hand"].get("Smithy") == 1  # type: ignore[union-attr]


# --- War Chest ----------------------------------------------------------------------------------
def test_war_chest_the_player_to_the_left_names_a_card_it_cannot_gain():
    g = start(KINGDOM)
    g.setup(0, hand=["War Chest"], deck=[], discard=[])
    play_treasures(g, "War Chest")
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.arg) == (1, DK.NAME, C("War Chest"), 0)
    assert C("Colony") not in d.options and C("Province") in d.options  # this game's supply
    g.answer(C("Venture"))
    d = g.pending()
    assert (d.seat, d.kind, d.subject) == (0, DK.GAIN, 5)
    assert C("Venture") not in d.options and C("Crystal Ball") in d.options
    assert C("Bank") not in d.options and -1 not in d.options
    g.answer(C("Crystal Ball"))
    expect(g, 0, discard={"Crystal Ball": 1}, play={"War Chest": 1})
    assert coins(g) == 0


def test_a_second_war_chest_cannot_gain_either_named_card():
    # FAQ: the second War Chest can't gain the card named for it, or the one named before
    g = start(KINGDOM)
    g.setup(0, hand=["War Chest", "War Chest"], deck=[], discard=[])
    play_treasures(g, "War Chest")
    g.answer(C("Venture"))
    g.answer(C("War Chest"))
    play_treasures(g, "War Chest")
    g.answer(C("Crystal Ball"))
    d = g.pending()
    assert C("Venture") not in d.options and C("Crystal Ball") not in d.options
    assert C("War Chest") in d.options  # gained before: still gainable, it was not named
    g.answer(C("Silver"))
    expect(g, 0, discard={"War Chest": 1, "Silver": 1})


def test_war_chest_names_from_a_venture_count_too():
    g = start(KINGDOM)
    g.setup(0, hand=["War Chest", "Venture"], deck=["War Chest"], discard=[])
    play_treasures(g, "War Chest")
    g.answer(C("Silver"))
    g.answer(C("Loan"))
    play_treasures(g, "Venture")  # finds the second War Chest and plays it
    g.answer(C("Anvil"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.GAIN, C("War Chest"))
    assert C("Silver") not in d.options and C("Anvil") not in d.options


def test_a_card_named_for_war_chest_can_still_be_bought():
    # FAQ: the named cards can still be gained other ways, just not by War Chests
    g = start(KINGDOM)
    g.setup(0, hand=["War Chest", "Copper", "Copper", "Copper"], deck=[], discard=[])
    play_treasures(g, "War Chest")
    g.answer(C("Silver"))
    g.answer(C("Loan"))
    play_treasures(g, "Copper", "Copper", "Copper")
    d = g.pending()
    assert d.kind == DK.BUY and C("Silver") in d.options
    g.answer(C("Silver"))
    assert owned(g, 0, "Silver") == 1


def test_war_chest_names_are_forgotten_at_the_end_of_the_turn():
    g = start(KINGDOM)
    g.setup(1, hand=["War Chest"] + ["Estate"] * 4, deck=["Estate"] * 5, discard=[])
    g.setup(0, hand=["War Chest"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "War Chest")
    g.answer(C("Silver"))
    g.answer(C("Venture"))
    g.answer(-1)  # seat 0 buys nothing
    assert g.pending().seat == 1  # seat 1's turn: it plays its own War Chest
    play_treasures(g, "War Chest", seat=1)
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.NAME)  # with 2 players the left of seat 1 is seat 0
    g.answer(C("Gold"))
    assert C("Silver") in g.pending().options  # named in seat 0's turn: gainable now


def test_war_chest_gains_nothing_when_nothing_is_left_to_gain():
    g = start(KINGDOM)
    g.setup(0, hand=["War Chest"], deck=[], discard=[], supply={
        "Copper": 0, "Silver": 0, "Estate": 0, "Duchy": 0, "Curse": 0, "Loan": 0, "Anvil": 0,
        "Investment": 0, "Venture": 0, "War Chest": 0, "Smithy": 0, "Village": 0,
        "Throne Room": 0})
    play_treasures(g, "War Chest")
    g.answer(C("Crystal Ball"))  # the only card left at $5 or less
    # no gain; $0 buys nothing (no card costs $0 now), and the empty piles end the game
    assert g.is_over()
    assert owned(g, 0, "Crystal Ball") == 0 and owned(g, 0, "War Chest") == 1


def test_war_chest_in_a_three_player_game_is_named_by_the_next_seat():
    g = start(KINGDOM, 3)
    g.setup(2, hand=["War Chest"], deck=[], discard=[], current=2)
    play_treasures(g, "War Chest", seat=2)
    d = g.pending()
    assert (d.seat, d.kind, d.arg) == (0, DK.NAME, 2)


def test_war_chest_namer_names_what_the_bot_would_gain():
    # seat 1 (a bot) names for seat 0 (a bot whose list wants Crystal Ball first at $5): that
    # card, so seat 0 gains its next wish, a Silver (seat 2 is outside: the game stops there)
    wants = simple_bot("CB", buy=["Province", "Crystal Ball", "Silver"])
    namer = simple_bot("namer", buy=["Province"])
    g = start(KINGDOM, 3, bots=[wants, namer, None])
    g.setup(1, hand=["Estate"] * 5, deck=["Estate"] * 5, discard=[])
    g.setup(0, current=0, hand=["War Chest", "Estate", "Estate", "Estate", "Estate"],
            deck=["Estate"] * 5, discard=[])
    assert g.pending().seat == 2
    assert owned(g, 0, "Silver") == 1 and owned(g, 0, "Crystal Ball") == 0


def test_war_chest_gains_the_dearest_treasure_when_its_lists_name_nothing_gainable():
    # the bot's list ends with Silver, which the namer (seat 2, outside) names: the default gain
    # would take a Copper; the playbook takes a $5 Treasure instead (Crystal Ball: the first)
    bot = simple_bot("Silver", buy=["Province", "Silver"])
    g = start(KINGDOM, 2, bots=[bot, None])
    g.setup(0, current=0, hand=["War Chest", "Estate", "Estate", "Estate", "Estate"],
            deck=["Estate"] * 5, discard=[])
    d = g.pending()
    assert (d.seat, d.kind) == (1, DK.NAME)
    g.answer(C("Silver"))
    assert g.pending().seat == 1  # seat 0's turn is over
    assert owned(g, 0, "Crystal Ball") == 1 and owned(g, 0, "Copper") == 0


def test_war_chest_fallback_gain_skips_a_card_its_list_limits():
    # the list wants one War Chest (owned) and Silver (named): not a second War Chest, not the
    # default gain's Copper, but the dearest other Treasure, a Loan
    bot = simple_bot("WC", buy=["Province", "War Chest", "Silver"], limits={"War Chest": 1})
    g = start(["War Chest", "Loan", "Smithy"], 2, bots=[bot, None])
    g.setup(0, current=0, hand=["War Chest", "Estate", "Estate", "Estate", "Estate"],
            deck=["Estate"] * 5, discard=[])
    g.answer(C("Silver"))
    assert owned(g, 0, "Loan") == 1 and owned(g, 0, "War Chest") == 1 and owned(g, 0, "Copper") == 0


def test_war_chest_namer_without_lists_names_the_dearest_card():
    # an outside War Chest player: the bot to its left names the dearest card up to $5 that is
    # not only Victory (Crystal Ball and Venture cost $5; the first in the supply's order)
    namer = simple_bot("namer", buy=["Province"])
    g = start(KINGDOM, 2, bots=[None, namer])
    g.setup(0, hand=["War Chest"], deck=[], discard=[])
    play_treasures(g, "War Chest")
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.GAIN)
    assert C("Crystal Ball") not in d.options
    assert C("Venture") in d.options and C("War Chest") in d.options


def test_war_chest_in_a_one_player_game_needs_no_name():
    g = start(KINGDOM, 1)
    g.setup(0, hand=["War Chest"], deck=[], discard=[])
    play_treasures(g, "War Chest")
    d = g.pending()
    assert d.kind == DK.GAIN and C("Venture") in d.options


def test_war_chest_log_names_the_card():
    namer = simple_bot("namer", buy=["Province"])
    bot = simple_bot("WC", buy=["Province", "War Chest", "Silver"])
    eng = Engine(KINGDOM, 2)
    text = render(eng.trace([bot, namer], seed=3), ["WC", "namer"])
    assert "names " in text and "(War Chest)" in text


# --- Platinum (a plain row: $5, costs $9; in the Supply by the rules' colony setting) -----------
COLONY = "official,colony=yes"


def test_platinum_is_a_basic_pile_of_twelve_only_with_colony():
    with_colony = Engine(KINGDOM, 2, COLONY).supply_sizes()
    assert with_colony[C("Platinum")] == 12 and with_colony[C("Colony")] == 8
    assert C("Platinum") not in Engine(KINGDOM, 2, "official,colony=no").supply_sizes()


def test_platinum_makes_five_and_bank_counts_it():
    g = start(KINGDOM, 2, COLONY)
    g.setup(0, hand=["Platinum", "Bank", "Copper"], deck=[], discard=[])
    play_treasures(g, "Platinum", "Copper", "Bank")
    assert coins(g) == 5 + 1 + 3
    d = g.pending()
    assert d.kind == DK.BUY and C("Platinum") in d.options and C("Colony") not in d.options


@pytest.mark.parametrize(("hand", "offered"), [(["Gold", "Gold", "Silver"], False),
                                                (["Gold", "Gold", "Gold"], True)])
def test_platinum_costs_nine(hand, offered):
    g = start(KINGDOM, 2, COLONY)
    g.setup(0, hand=hand, deck=[], discard=[])
    play_treasures(g, *hand)
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == (9 if offered else 8)
    assert (C("Platinum") in d.options) == offered


def test_venture_finding_platinum_plays_it():
    g = start(KINGDOM, 2, COLONY)
    g.setup(0, hand=["Venture"], deck=["Estate", "Platinum"], discard=[])
    play_treasures(g, "Venture")
    assert coins(g) == 1 + 5


def test_loan_playbook_trashes_silver_once_a_platinum_is_owned():
    bot = simple_bot("Loan", buy=["Colony"])
    g = start(KINGDOM, 2, COLONY, bots=[bot, None])
    g.setup(0, current=0, hand=["Loan", "Estate", "Estate", "Estate", "Estate"],
            deck=["Silver"] + ["Estate"] * 5, discard=["Platinum"])
    assert g.pending().seat == 1
    assert g.trash() == {"Silver": 1}


# --- the search player ------------------------------------------------------------------------
def test_search_plays_a_kingdom_of_these_treasures():
    """The search (re-deals, replays from the turn's start, rollouts) through every card here:
    War Chest's names live in the play-instance flags, rebuilt by each replay."""
    rollout = simple_bot("all", buy=["Province", "Bank", "Gold", "Venture", "Crystal Ball",
                                     "War Chest", "Investment", "Anvil", "Loan", "Silver"])
    search = DominionSearchPlayer(rollout, 8)
    rec = play_records(Engine(KINGDOM, 2), [search, rollout], np.array([4], dtype=np.uint64))
    assert len(rec) == 1 and rec.outcome.max() >= 1
    assert search.searched > 0


# --- random games -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_on_these_cards_keep_every_invariant(players):
    """Debug mode (every answer checked, cards conserved after every turn), bot seats buying
    every card here and random seats answering every decision at random."""
    bot = simple_bot("all", buy=["Province", "Bank", "Gold", "Venture", "Crystal Ball",
                                 "War Chest", "Investment", "Anvil", "Loan", "Throne Room",
                                 "Smithy", "Village", "Silver"],
                     limits={"Smithy": 1, "Throne Room": 1, "Village": 1})
    eng = Engine(KINGDOM, players)
    seeds = np.arange(150, dtype=np.uint64) + 1000 * players
    for randoms in ([], [1], list(range(players))):
        rec = eng.play([bot] * players, seeds, debug=True, random_seats=randoms)
        assert len(rec) == len(seeds)
        assert (rec.turns > 0).all()


def test_trace_shows_every_treasure_played():
    bot = simple_bot("all", buy=["Province", "Bank", "Gold", "Venture", "Crystal Ball",
                                 "War Chest", "Investment", "Anvil", "Loan", "Silver"])
    events = Engine(KINGDOM, 2).trace([bot, bot], seed=5)
    kinds = {e.kind for e in events}
    assert EventKind.TREASURE in kinds and EventKind.COINS_PLUS in kinds
