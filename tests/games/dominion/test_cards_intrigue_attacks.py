"""Intrigue's Attacks and Reactions: Swindler, Minion, Torturer, Diplomat, and the first printing's
Saboteur and Secret Chamber, in rulebook situations (card text and the official FAQ), their
default playbooks, and random games on a kingdom of them.

Every test sets exact zones with ``DominionGame.setup`` (decks listed from the top down), plays
as outside seats, answers each decision and asserts the exact zones, supply, trash and counters.
A decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

import pytest

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import DecisionKind, DominionGame, Engine, simple_bot

DK = DecisionKind


def C(name: str) -> int:
    return card_id(name)


def start(kingdom: list[str], players: int = 2, bots: list | None = None) -> DominionGame:
    return Engine(kingdom, players).new_game(1, bots or [None] * players)


def expect(g: DominionGame, seat: int, **zones: object) -> None:
    z = g.zones(seat)
    for key, value in zones.items():
        assert z[key] == value, f"{key}: {z[key]} != {value}"


def counters(g: DominionGame) -> tuple[int, int, int]:
    c = g.counters()
    return c["actions"], c["buys"], c["coins"]  # type: ignore[return-value]


def bot_turn(kingdom: list[str], bot, seat0: dict, seat1: dict, players: int = 2) -> DominionGame:
    """Seat 0 is ``bot`` and plays one turn from the zones ``seat0``; the other seats are
    outside (seat 1 starts from ``seat1``). Returns the game at seat 1's first decision."""
    g = Engine(kingdom, players).new_game(1, [bot] + [None] * (players - 1))
    g.setup(0, **seat0)
    g.setup(1, current=0, **seat1)
    return g


def pend(g: DominionGame) -> tuple:
    d = g.pending()
    return d.seat, d.kind, d.source, d.subject, d.arg, d.options


# --- Torturer ------------------------------------------------------------------------------
def test_torturer_victim_discards_two():
    g = start(["Torturer"])
    g.setup(1, hand=["Copper", "Estate", "Silver", "Gold", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Torturer"], deck=["Copper", "Copper", "Estate", "Gold"], discard=[])
    g.answer(C("Torturer"))
    assert pend(g) == (1, DK.MODE, C("Torturer"), -1, 0, (0, 1))
    assert g.pending().option_name(0) == "discard 2 cards"
    g.answer(0)
    assert pend(g)[:5] == (1, DK.DISCARD, C("Torturer"), 2, 0)
    g.answer(C("Estate"))
    assert pend(g)[:5] == (1, DK.DISCARD, C("Torturer"), 1, 0)
    g.answer(C("Copper"))
    expect(g, 1, hand={"Copper": 1, "Silver": 1, "Gold": 1}, discard={"Estate": 1, "Copper": 1})
    expect(g, 0, hand={"Estate": 1}, play={"Torturer": 1, "Copper": 2}, deck=["Gold"])
    assert g.supply()["Curse"] == 10


def test_torturer_victim_gains_a_curse_to_hand():
    g = start(["Torturer"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Torturer"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Torturer"))
    g.answer(1)
    assert g.pending().seat == 0 and g.pending().kind == DK.BUY
    expect(g, 1, hand={"Copper": 5, "Curse": 1}, discard={})
    assert g.supply()["Curse"] == 9


def test_torturer_with_an_empty_curse_pile_the_curse_choice_does_nothing():
    g = start(["Torturer"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Torturer"], deck=["Copper"] * 3, discard=[], supply={"Curse": 0})
    g.answer(C("Torturer"))
    assert g.pending().options == (0, 1)  # both choices stay open (FAQ)
    g.answer(1)
    expect(g, 1, hand={"Copper": 5}, discard={})
    assert g.supply()["Curse"] == 0


def test_torturer_discard_choice_with_one_card_discards_it():
    g = start(["Torturer"])
    g.setup(1, hand=["Gold"], deck=[], discard=[])
    g.setup(0, hand=["Torturer"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Torturer"))
    g.answer(0)  # may choose an option it can't fully do
    expect(g, 1, hand={}, discard={"Gold": 1})


def test_torturer_three_players_in_turn_order_and_moat():
    g = start(["Torturer", "Moat"], players=3)
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(2, hand=["Estate", "Estate", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Torturer"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Torturer"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    assert pend(g)[:2] == (2, DK.MODE)
    g.answer(1)
    expect(g, 1, hand={"Moat": 1, "Copper": 4})
    expect(g, 2, hand={"Estate": 2, "Copper": 3, "Curse": 1})


def test_throne_room_torturer_attacks_twice():
    g = start(["Torturer", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Torturer"], deck=["Copper"] * 6, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Torturer"))
    g.answer(1)  # first play: a Curse
    g.answer(0)  # second play: discard 2, which may include the Curse
    g.answer(C("Curse"))  # then only Coppers: the second discard is not asked
    assert pend(g)[:2] == (0, DK.BUY)
    expect(g, 1, hand={"Copper": 4}, discard={"Curse": 1, "Copper": 1})
    expect(g, 0, play={"Throne Room": 1, "Torturer": 1, "Copper": 6})


@pytest.mark.parametrize(
    ("hand", "choice"),
    [
        (["Estate", "Curse", "Copper", "Copper", "Silver"], 0),  # two junk cards: discard
        (["Gold", "Gold", "Silver", "Copper", "Copper"], 0),  # $10 -> $8 keeps the Province
        (["Gold", "Silver", "Silver", "Silver", "Copper"], 1),  # $10 -> $7: loses the Province
        (["Gold", "Silver", "Silver", "Copper", "Copper"], 1),  # $9 -> $7: loses the Province
    ],
)
def test_torturer_victim_playbook(hand, choice):
    bot = simple_bot("victim", buy=["Province", "Gold", "Silver"])
    g = start(["Torturer"], bots=[None, bot])
    g.setup(1, hand=hand, deck=[], discard=[])
    g.setup(0, hand=["Torturer"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Torturer"))
    curses = g.zones(1)["hand"].get("Curse", 0)
    assert curses == choice


# --- Minion --------------------------------------------------------------------------------
def test_minion_plus_two_coins():
    g = start(["Minion"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Minion", "Estate"], deck=["Gold"] * 4, discard=[])
    g.answer(C("Minion"))
    assert pend(g) == (0, DK.MODE, C("Minion"), -1, -1, (0, 1))
    assert g.pending().option_name(1) == "discard hand, +4 Cards, attack"
    g.answer(0)
    assert g.pending().kind == DK.BUY
    assert counters(g) == (1, 1, 2)
    expect(g, 0, hand={"Estate": 1}, deck=["Gold"] * 4)
    expect(g, 1, hand={"Copper": 5}, discard={})


def test_minion_attack_hits_only_hands_of_five_or_more():
    g = start(["Minion"], players=3)
    g.setup(1, hand=["Copper", "Copper", "Gold", "Estate", "Silver"], deck=["Estate"] * 4,
            discard=[])
    g.setup(2, hand=["Gold"] * 4, deck=["Estate"] * 4, discard=[])
    g.setup(0, hand=["Minion", "Estate", "Copper"], deck=["Silver", "Gold", "Copper", "Copper"],
            discard=[])
    g.answer(C("Minion"))
    g.answer(1)
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={}, play={"Minion": 1, "Silver": 1, "Gold": 1, "Copper": 2},
           discard={"Estate": 1, "Copper": 1}, deck=[])
    assert counters(g) == (1, 1, 7)
    expect(g, 1, hand={"Estate": 4}, deck=[],
           discard={"Copper": 2, "Gold": 1, "Estate": 1, "Silver": 1})
    expect(g, 2, hand={"Gold": 4}, deck=["Estate"] * 4, discard={})


def test_minion_attack_with_an_empty_hand_still_draws_four():
    g = start(["Minion"])
    g.setup(1, hand=["Copper"] * 4, deck=[], discard=[])
    g.setup(0, hand=["Minion"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Minion"))
    g.answer(1)
    expect(g, 0, hand={"Estate": 4}, deck=["Estate"])


def test_minion_victim_reshuffles_its_discarded_hand():
    g = start(["Minion"])
    g.setup(1, hand=["Copper"] * 5, deck=["Gold"], discard=[])
    g.setup(0, hand=["Minion"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Minion"))
    g.answer(1)
    z = g.zones(1)
    assert z["hand"] == {"Gold": 1, "Copper": 3} and z["deck"] == ["Copper", "Copper"]


def test_minion_moat_is_revealed_before_the_choice_and_blocks_the_attack():
    g = start(["Minion", "Moat"])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Estate"], deck=["Gold"] * 4,
            discard=[])
    g.setup(0, hand=["Minion"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Minion"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))  # before the Minion's choice (FAQ)
    g.answer(1)
    assert pend(g)[:2] == (0, DK.MODE)
    g.answer(1)
    expect(g, 1, hand={"Moat": 1, "Copper": 3, "Estate": 1}, deck=["Gold"] * 4, discard={})


def test_throne_room_minion_chooses_twice():
    g = start(["Minion", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=["Estate"] * 8, discard=[])
    g.setup(0, hand=["Throne Room", "Minion", "Copper"], deck=["Gold"] * 4, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Minion"))
    g.answer(0)
    g.answer(1)
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={}, play={"Throne Room": 1, "Minion": 1, "Gold": 4},
           discard={"Copper": 1})
    assert counters(g) == (2, 1, 14)
    expect(g, 1, hand={"Estate": 4}, discard={"Copper": 5})


@pytest.mark.parametrize(
    ("hand", "deck", "attacks"),
    [
        (["Minion", "Minion", "Gold", "Gold"], ["Gold"] * 8, 0),  # +$2 (a Minion in hand), +$2
        (["Minion", "Minion", "Estate"], ["Gold"] * 8, 1),  # +$2, then the last one attacks
        (["Minion", "Gold", "Gold"], ["Gold"] * 8, 0),  # $6 + $2 = $8: +$2
        (["Minion", "Estate", "Estate", "Copper"], ["Gold"] * 8, 1),  # Golds to draw: attack
        (["Minion", "Silver", "Copper", "Copper"], ["Copper"] * 8, 0),  # $4 + $2 > 4 Coppers
    ],
)
def test_minion_playbook(hand, deck, attacks):
    bot = simple_bot("Minion bot", buy=["Province", "Gold", "Minion", "Silver"])
    g = bot_turn(["Minion"], bot, dict(hand=hand, deck=deck, discard=[]),
                 dict(hand=["Copper"] * 5, deck=[], discard=[]))
    # seat 1's own turn: the Coppers of its hand are in play (4 after a Minion attack)
    assert g.zones(1)["play"] == ({"Copper": 4} if attacks else {"Copper": 5})


# --- Swindler ------------------------------------------------------------------------------
def test_swindler_trashes_the_top_card_and_the_attacker_picks_the_gain():
    g = start(["Swindler", "Village"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver", "Gold"], discard=[])
    g.setup(0, hand=["Swindler"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Swindler"))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.subject, d.arg) == (0, DK.NAME, C("Swindler"),
                                                            C("Silver"), 1)
    assert d.options == (C("Silver"), C("Village"), C("Swindler"))
    assert d.describe().startswith("seat 0: choose the card seat 1 gains for its trashed Silver")
    g.answer(C("Village"))
    assert counters(g) == (0, 1, 2)
    assert g.trash() == {"Silver": 1}
    expect(g, 1, deck=["Gold"], discard={"Village": 1})
    assert g.supply()["Village"] == 9


def test_swindler_may_give_the_same_card_back():
    g = start(["Swindler", "Village"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver"], discard=[])
    g.setup(0, hand=["Swindler"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Swindler"))
    g.answer(C("Silver"))
    assert g.trash() == {"Silver": 1}
    expect(g, 1, deck=[], discard={"Silver": 1}, owned={"Copper": 5, "Silver": 1})


def test_swindler_on_a_copper_or_a_curse_gives_a_curse_or_a_copper():
    g = start(["Swindler"])
    g.setup(1, hand=["Copper"] * 5, deck=["Curse"], discard=[])
    g.setup(0, hand=["Swindler"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Swindler"))
    assert g.pending().options == (C("Copper"), C("Curse"))  # both cost $0
    g.answer(C("Copper"))
    assert g.trash() == {"Curse": 1}
    expect(g, 1, discard={"Copper": 1})


def test_swindler_with_no_pile_of_that_cost_gives_nothing():
    g = start(["Swindler", "Smithy"])
    g.setup(1, hand=["Copper"] * 5, deck=["Smithy"], discard=[])
    g.setup(0, hand=["Swindler"], deck=["Estate"] * 5, discard=[], supply={"Smithy": 0})
    g.answer(C("Swindler"))
    assert g.pending().kind == DK.BUY
    assert g.trash() == {"Smithy": 1}
    expect(g, 1, deck=[], discard={}, owned={"Copper": 5})


def test_swindler_shuffles_an_empty_deck_and_skips_a_player_with_no_cards():
    g = start(["Swindler"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=["Province"])
    g.setup(2, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Swindler"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Swindler"))  # the Province's only $8 card is the Province: no choice
    assert g.pending().kind == DK.BUY
    assert g.trash() == {"Province": 1}
    expect(g, 1, discard={"Province": 1}, deck=[])
    expect(g, 2, owned={"Copper": 5})


def test_throne_room_swindler_hits_twice():
    g = start(["Swindler", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper", "Estate"], discard=[])
    g.setup(0, hand=["Throne Room", "Swindler"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Swindler"))
    g.answer(C("Curse"))  # for the Copper; the Estate's $2: only the Estate, not asked
    assert counters(g) == (0, 1, 4)
    assert g.trash() == {"Copper": 1, "Estate": 1}
    expect(g, 1, discard={"Curse": 1, "Estate": 1}, deck=[])


@pytest.mark.parametrize(
    ("top", "gains_left", "given"),
    [
        ("Copper", 8, "Curse"),
        ("Estate", 8, "Estate"),  # early: an Estate is junk
        ("Estate", 3, "Moat"),  # near the end an Estate is a point: a card BM never buys
        ("Duchy", 8, "Duchy"),
        ("Duchy", 3, "Torturer"),  # a terminal BM would not buy
        ("Silver", 8, "Swindler"),  # not Silver, which BM wants
    ],
)
def test_swindler_playbook_gives_the_worst_card(top, gains_left, given):
    bot = simple_bot("Swindler bot", buy=["Province", "Gold", "Swindler", "Silver"])
    g = bot_turn(["Swindler", "Moat", "Torturer", "Minion"], bot,
                 dict(hand=["Swindler"], deck=["Estate"] * 5, discard=[]),
                 dict(hand=["Copper"] * 5, deck=[top], discard=[],
                      supply={"Province": gains_left}))
    assert g.zones(1)["owned"].get(given, 0) == 1  # the top card went to the trash
    assert g.trash() == {top: 1}
