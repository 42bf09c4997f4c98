"""Throne Room on plain cards and on cards with choices (Remodel, Feast, Militia, Throne Room)."""

from __future__ import annotations

from cardtools import DK, C, counters, expect, start


def test_throne_room_smithy_draws_six():
    g = start(["Throne Room", "Smithy"])
    g.setup(0, hand=["Throne Room", "Smithy"],
            deck=["Estate", "Estate", "Estate", "Duchy", "Duchy", "Duchy", "Copper"], discard=[])
    g.answer(C("Throne Room"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.PLAY, C("Throne Room"), (C("Smithy"), -1))
    g.answer(C("Smithy"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={"Estate": 3, "Duchy": 3}, deck=["Copper"],
           play={"Throne Room": 1, "Smithy": 1})
    assert counters(g) == (0, 1, 0)


def test_throne_room_village_gives_four_actions():
    g = start(["Throne Room", "Village", "Smithy"])
    g.setup(0, hand=["Throne Room", "Village", "Smithy"], deck=["Estate", "Copper", "Gold"],
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Village"))
    d = g.pending()
    assert d.kind == DK.PLAY and d.source == -1 and d.options == (C("Smithy"), -1)
    assert counters(g)[0] == 4
    expect(g, 0, hand={"Smithy": 1, "Estate": 1, "Copper": 1}, deck=["Gold"])


def test_throne_room_remodel_trashes_and_gains_twice():
    g = start(["Throne Room", "Remodel", "Smithy"])
    g.setup(0, hand=["Throne Room", "Remodel", "Estate", "Gold"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Remodel"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.TRASH, C("Remodel"), (C("Gold"), C("Estate")))
    g.answer(C("Estate"))
    assert (g.pending().kind, g.pending().subject) == (DK.GAIN, 4)
    g.answer(C("Smithy"))
    # second play: the only card in hand (Gold) is trashed without a question; gain up to $8
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.arg) == (DK.GAIN, C("Remodel"), 8, C("Gold"))
    g.answer(C("Province"))
    assert g.trash() == {"Estate": 1, "Gold": 1}
    expect(g, 0, discard={"Smithy": 1, "Province": 1}, hand={},
           play={"Throne Room": 1, "Remodel": 1})
    assert g.supply()["Province"] == 7


def test_throne_room_feast_trashes_once_and_gains_twice():
    g = start(["Throne Room", "Feast", "Laboratory", "Market"])
    g.setup(0, hand=["Throne Room", "Feast"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Feast"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.GAIN, C("Feast"))
    g.answer(C("Laboratory"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.GAIN, C("Feast"))
    g.answer(C("Market"))
    assert g.trash() == {"Feast": 1}
    expect(g, 0, discard={"Laboratory": 1, "Market": 1}, play={"Throne Room": 1})


def test_throne_room_feast_does_not_trash_another_feast_in_play():
    g = start(["Throne Room", "Feast", "Village"])
    g.setup(0, hand=["Village", "Feast", "Throne Room", "Feast"], deck=["Estate"], discard=[])
    g.answer(C("Village"))
    g.answer(C("Feast"))  # the first Feast trashes itself
    g.answer(C("Silver"))
    g.answer(C("Throne Room"))
    g.answer(C("Feast"))
    g.answer(C("Silver"))
    g.answer(C("Silver"))
    assert g.trash() == {"Feast": 2}
    expect(g, 0, discard={"Silver": 3}, play={"Village": 1, "Throne Room": 1})


def test_throne_room_militia_attacks_twice():
    g = start(["Throne Room", "Militia", "Moat"])
    g.setup(1, hand=["Copper", "Copper", "Estate", "Moat", "Gold"], deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Militia"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Militia"))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.subject) == (1, DK.YESNO, C("Moat"), C("Militia"))
    g.answer(0)  # no reveal against the first attack
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    d = g.pending()
    assert (d.seat, d.kind, d.source) == (1, DK.YESNO, C("Moat"))  # asked again
    g.answer(0)  # already at 3 cards: the second attack discards nothing
    assert g.pending().seat == 0
    assert counters(g) == (0, 1, 4)
    expect(g, 1, hand={"Copper": 1, "Moat": 1, "Gold": 1}, discard={"Estate": 1, "Copper": 1})


def test_throne_room_on_throne_room_plays_two_actions_twice_each():
    g = start(["Throne Room", "Smithy", "Village"])
    g.setup(0, hand=["Throne Room", "Throne Room", "Smithy", "Village"],
            deck=["Estate"] * 6 + ["Duchy", "Duchy", "Copper"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Throne Room"))  # the second Throne Room, played twice
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.PLAY, C("Throne Room"),
                                              (C("Smithy"), C("Village"), -1))
    g.answer(C("Smithy"))  # first play of the inner Throne Room: Smithy twice
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.PLAY, C("Throne Room"), (C("Village"), -1))
    g.answer(C("Village"))  # second play: Village twice
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={"Estate": 6, "Duchy": 2}, deck=["Copper"],
           play={"Throne Room": 2, "Smithy": 1, "Village": 1})
    assert counters(g)[0] == 4


def test_throne_room_merchant_gives_two_coins_with_a_silver():
    g = start(["Throne Room", "Merchant"])
    g.setup(0, hand=["Throne Room", "Merchant", "Silver"], deck=["Estate", "Estate"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Merchant"))
    assert counters(g) == (2, 1, 2 + 2)


def test_throne_room_without_another_action_does_nothing():
    g = start(["Throne Room"])
    g.setup(0, hand=["Throne Room", "Copper"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, play={"Throne Room": 1, "Copper": 1})


def test_actions_played_counts_each_play_and_starts_at_zero_each_turn():
    # the per-turn counter that "if you've played 3 or more Actions this turn" reads: Throne
    # Room's two plays of Village are two plays, besides the Throne Room itself
    g = start(["Throne Room", "Village", "Smithy"])
    g.setup(0, hand=["Throne Room", "Village", "Smithy"], deck=["Estate", "Copper", "Gold"],
            discard=[])
    assert g.counters()["actions_played"] == 0
    g.answer(C("Throne Room"))
    g.answer(C("Village"))
    assert g.counters()["actions_played"] == 3
    g.answer(C("Smithy"))
    assert g.counters()["actions_played"] == 4
    g.answer(-1)  # buy nothing: the turn ends, the next seat's turn starts at 0
    assert g.counters()["seat"] == 1
    assert g.counters()["actions_played"] == 0
    assert g.counters()["cost_down"] == 0
    assert g.counters()["vp_tokens0"] == 0
