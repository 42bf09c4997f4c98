"""The first-edition cards the documents use, Steward, and the edition differences.

Scripted like ``test_cards_base.py``: exact zones, the card played by an outside seat, every
decision answered, exact results asserted.
"""

from __future__ import annotations

import pytest

from cardtools import DK, C, counters, expect, start


def test_adventurer_reveals_until_two_treasures_and_discards_the_rest():
    g = start(["Adventurer"])
    g.setup(0, hand=["Adventurer"], deck=["Estate", "Silver", "Duchy", "Gold", "Copper"],
            discard=[])
    g.answer(C("Adventurer"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, play={"Adventurer": 1, "Silver": 1, "Gold": 1}, deck=["Copper"],
           discard={"Estate": 1, "Duchy": 1}, aside={})
    assert counters(g)[2] == 5


def test_adventurer_shuffles_the_discard_pile_but_not_the_revealed_cards():
    g = start(["Adventurer"])
    g.setup(0, hand=["Adventurer"], deck=["Estate", "Copper"], discard=["Gold"])
    g.answer(C("Adventurer"))
    # Estate is revealed and set aside, Copper found; the deck is empty, so the discard pile
    # (Gold only, not the revealed Estate) becomes the deck and Gold is found
    expect(g, 0, play={"Adventurer": 1, "Copper": 1, "Gold": 1}, deck=[],
           discard={"Estate": 1})
    assert g.counters()["shuffles0"] == 2  # the starting deal's shuffle, then this one


def test_chancellor_may_put_the_deck_into_the_discard_pile():
    g = start(["Chancellor"])
    g.setup(0, hand=["Chancellor"], deck=["Estate", "Gold", "Copper"], discard=["Silver"])
    g.answer(C("Chancellor"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.YESNO, C("Chancellor"))
    g.answer(1)
    expect(g, 0, deck=[], discard={"Silver": 1, "Estate": 1, "Gold": 1, "Copper": 1})
    assert counters(g) == (0, 1, 2)


def test_chancellor_declined_keeps_the_deck():
    g = start(["Chancellor"])
    g.setup(0, hand=["Chancellor"], deck=["Estate", "Gold"], discard=[])
    g.answer(C("Chancellor"))
    g.answer(0)
    expect(g, 0, deck=["Estate", "Gold"], discard={})


def test_feast_trashes_itself_and_gains_a_card_costing_up_to_five():
    g = start(["Feast", "Laboratory"])
    g.setup(0, hand=["Feast", "Copper"], deck=[], discard=[])
    g.answer(C("Feast"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Feast"), 5)
    assert C("Laboratory") in d.options and C("Gold") not in d.options
    g.answer(C("Laboratory"))
    assert g.trash() == {"Feast": 1}
    expect(g, 0, play={"Copper": 1}, discard={"Laboratory": 1}, owned={"Copper": 1,
                                                                         "Laboratory": 1})


def test_spy_reveals_each_deck_top_and_the_spy_player_chooses():
    g = start(["Spy"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=["Gold", "Estate"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Estate", "Gold"], discard=[])
    g.setup(0, hand=["Spy"], deck=["Copper", "Duchy", "Silver"], discard=[])
    g.answer(C("Spy"))
    # the Spy player first (own deck), then the others in turn order
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.subject, d.arg) == (0, DK.YESNO, C("Spy"), C("Duchy"), 0)
    g.answer(1)  # discard my Duchy
    d = g.pending()
    assert (d.seat, d.subject, d.arg) == (0, C("Gold"), 1)
    g.answer(1)  # discard seat 1's Gold
    d = g.pending()
    assert (d.seat, d.subject, d.arg) == (0, C("Estate"), 2)
    g.answer(0)  # leave seat 2's Estate on top
    assert counters(g)[0] == 1
    expect(g, 0, hand={}, deck=["Silver"], discard={"Duchy": 1})
    expect(g, 1, deck=["Estate"], discard={"Gold": 1})
    expect(g, 2, deck=["Estate", "Gold"], discard={})


def test_thief_trashes_a_revealed_treasure_and_may_gain_it():
    g = start(["Thief"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=["Silver", "Gold", "Estate"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Copper", "Estate", "Duchy"], discard=[])
    g.setup(0, hand=["Thief"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Thief"))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.arg) == (0, DK.TRASH, C("Thief"), 1)
    assert d.options == (C("Silver"), C("Gold"))
    g.answer(C("Gold"))
    d = g.pending()
    assert (d.seat, d.kind, d.subject, d.arg) == (0, DK.YESNO, C("Gold"), 1)
    g.answer(1)
    # seat 2 revealed one Treasure (Copper): no choice of which; decline gaining it
    d = g.pending()
    assert (d.kind, d.subject, d.arg) == (DK.YESNO, C("Copper"), 2)
    g.answer(0)
    expect(g, 0, discard={"Gold": 1}, owned={"Thief": 1, "Estate": 5, "Gold": 1})
    expect(g, 1, deck=["Estate"], discard={"Silver": 1}, owned={"Copper": 5, "Silver": 1,
                                                                "Estate": 1})
    expect(g, 2, deck=["Duchy"], discard={"Estate": 1})
    assert g.trash() == {"Copper": 1}


def test_woodcutter_gives_a_buy_and_two_coins():
    g = start(["Woodcutter"])
    g.setup(0, hand=["Woodcutter", "Copper"], deck=[], discard=[])
    g.answer(C("Woodcutter"))
    assert counters(g) == (0, 2, 3)


@pytest.mark.parametrize(("mode", "hand", "deck", "coins"), [
    (0, {"Estate": 2}, ["Gold"], 1 + 2),  # +2 Cards: Estate and Silver drawn, Silver played
    (1, {"Estate": 1}, ["Estate", "Silver", "Gold"], 1 + 2),  # +$2
])
def test_steward_draw_or_coins(mode, hand, deck, coins):
    g = start(["Steward", "Village"])
    g.setup(0, hand=["Steward", "Village", "Copper"], deck=["Estate", "Estate", "Silver", "Gold"],
            discard=[])
    g.answer(C("Village"))  # draws an Estate; 2 actions
    g.answer(C("Steward"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.MODE, C("Steward"), (0, 1, 2))
    g.answer(mode)
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand=hand, deck=deck)
    assert counters(g) == (1, 1, coins) and g.trash() == {}


def test_steward_trashes_exactly_two_cards():
    g = start(["Steward"])
    g.setup(0, hand=["Steward", "Estate", "Copper", "Silver"], deck=[], discard=[])
    g.answer(C("Steward"))
    g.answer(2)
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.TRASH, C("Steward"), 0) and -1 not in d.options
    g.answer(C("Estate"))
    assert g.pending().subject == 1
    g.answer(C("Copper"))
    assert g.trash() == {"Estate": 1, "Copper": 1}
    expect(g, 0, play={"Steward": 1, "Silver": 1}, hand={})


# --- edition differences -------------------------------------------------------------------
def test_first_edition_moneylender_must_trash_a_copper():
    g = start(["Moneylender"], rules="first-edition")
    g.setup(0, hand=["Moneylender", "Copper", "Copper"], deck=[], discard=[])
    g.answer(C("Moneylender"))
    assert g.pending().kind == DK.BUY  # no question asked
    assert g.trash() == {"Copper": 1} and counters(g)[2] == 4


def test_first_edition_mine_must_trash_a_treasure():
    g = start(["Mine"], rules="first-edition")
    g.setup(0, hand=["Mine", "Copper", "Silver"], deck=[], discard=[])
    g.answer(C("Mine"))
    d = g.pending()
    assert d.kind == DK.TRASH and d.options == (C("Copper"), C("Silver"))


def test_first_edition_throne_room_must_choose_an_action():
    g = start(["Throne Room", "Smithy", "Village"], rules="first-edition")
    g.setup(0, hand=["Throne Room", "Smithy", "Village"], deck=["Copper"] * 8, discard=[])
    g.answer(C("Throne Room"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.PLAY, C("Throne Room"))
    assert d.options == (C("Smithy"), C("Village"))
    g2 = start(["Throne Room", "Smithy"], rules="official")
    g2.setup(0, hand=["Throne Room", "Smithy"], deck=["Copper"] * 8, discard=[])
    g2.answer(C("Throne Room"))
    assert g2.pending().options == (C("Smithy"), -1)
