"""Prosperity's Attacks and tokens: Rabble, Clerk, Charlatan (second printing), Mountebank, Goons
and Trade Route (first printing), in rulebook situations (card text and the official FAQ),
their default playbooks, and random games on a kingdom of them.

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


def pend(g: DominionGame) -> tuple:
    d = g.pending()
    return d.seat, d.kind, d.source, d.subject, d.arg, d.options


# --- Rabble --------------------------------------------------------------------------------
def test_rabble_draws_three_and_victims_discard_actions_and_treasures():
    g = start(["Rabble", "Smithy"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper", "Smithy", "Estate", "Gold"], discard=[])
    g.setup(0, hand=["Rabble"], deck=["Silver", "Silver", "Silver", "Estate"], discard=[])
    g.answer(C("Rabble"))
    assert g.pending().seat == 0 and g.pending().kind == DK.BUY  # one card back: no choice
    expect(g, 0, hand={}, play={"Rabble": 1, "Silver": 3}, deck=["Estate"])
    assert counters(g) == (0, 1, 6)
    expect(g, 1, hand={"Copper": 5}, deck=["Estate", "Gold"],
           discard={"Copper": 1, "Smithy": 1})


def test_rabble_victim_chooses_the_order_of_the_rest():
    g = start(["Rabble"])
    g.setup(1, hand=["Copper"] * 5, deck=["Province", "Curse", "Silver", "Copper"], discard=[])
    g.setup(0, hand=["Rabble"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Rabble"))
    assert pend(g) == (1, DK.TOPDECK, C("Rabble"), 0, 0, (C("Province"), C("Curse")))
    g.answer(C("Province"))  # Province on top, then the Curse
    expect(g, 1, deck=["Province", "Curse", "Copper"], discard={"Silver": 1})


def test_rabble_three_victory_cards_two_alike():
    g = start(["Rabble"])
    g.setup(1, hand=["Copper"] * 5, deck=["Estate", "Duchy", "Estate"], discard=[])
    g.setup(0, hand=["Rabble"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Rabble"))
    assert pend(g)[:4] == (1, DK.TOPDECK, C("Rabble"), 0)
    assert pend(g)[5] == (C("Estate"), C("Duchy"))
    g.answer(C("Estate"))
    assert pend(g)[3] == 1 and pend(g)[5] == (C("Estate"), C("Duchy"))
    g.answer(C("Duchy"))  # the last Estate needs no decision
    expect(g, 1, deck=["Estate", "Duchy", "Estate"], discard={})


def test_rabble_action_victory_and_treasure_victory_cards_are_discarded():
    g = start(["Rabble", "Nobles", "Harem"])
    g.setup(1, hand=["Copper"] * 5, deck=["Nobles", "Harem", "Duchy", "Gold"], discard=[])
    g.setup(0, hand=["Rabble"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Rabble"))
    expect(g, 1, deck=["Duchy", "Gold"], discard={"Nobles": 1, "Farm": 1})


def test_rabble_victim_shuffles_its_discard_pile_but_not_the_revealed_cards():
    g = start(["Rabble"])
    g.setup(1, hand=["Copper"] * 5, deck=["Estate"], discard=["Gold", "Gold"])
    g.setup(0, hand=["Rabble"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Rabble"))
    # revealed: Estate, then (after shuffling the two Golds) Gold, Gold: the Golds are discarded
    expect(g, 1, deck=["Estate"], discard={"Gold": 2})


def test_rabble_victim_with_no_cards_reveals_nothing():
    g = start(["Rabble"])
    g.setup(1, hand=["Copper"] * 5, deck=["Duchy"], discard=[])
    g.setup(0, hand=["Rabble"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Rabble"))
    expect(g, 1, deck=["Duchy"], discard={})


def test_rabble_moat_blocks_and_three_players_in_turn_order():
    g = start(["Rabble", "Moat"], players=3)
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=["Gold", "Estate", "Silver"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Gold", "Estate", "Silver"], discard=[])
    g.setup(0, hand=["Rabble"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Rabble"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    expect(g, 1, deck=["Gold", "Estate", "Silver"], discard={})
    expect(g, 2, deck=["Estate"], discard={"Gold": 1, "Silver": 1})


def test_throne_room_rabble_attacks_twice():
    g = start(["Rabble", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=["Estate", "Silver", "Gold", "Copper", "Duchy",
                                           "Estate"], discard=[])
    g.setup(0, hand=["Throne Room", "Rabble"], deck=["Copper"] * 6, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Rabble"))
    # first: Estate back, Silver and Gold discarded; second: Estate, Copper, Duchy
    assert pend(g)[:4] == (1, DK.TOPDECK, C("Rabble"), 0)
    g.answer(C("Duchy"))
    expect(g, 1, deck=["Duchy", "Estate", "Estate"], discard={"Silver": 1, "Gold": 1,
                                                               "Copper": 1})
    expect(g, 0, hand={}, play={"Throne Room": 1, "Rabble": 1, "Copper": 6})


def test_rabble_victim_playbook_puts_the_cheapest_on_top():
    bot = simple_bot("victim", buy=["Province", "Gold", "Silver"])
    g = start(["Rabble"], bots=[None, bot])
    g.setup(1, hand=["Copper"] * 5, deck=["Province", "Curse", "Estate"], discard=[])
    g.setup(0, hand=["Rabble"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Rabble"))
    expect(g, 1, deck=["Curse", "Estate", "Province"])


# --- Mountebank ----------------------------------------------------------------------------
def test_mountebank_victim_without_a_curse_gains_a_curse_and_a_copper():
    g = start(["Mountebank"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Mountebank"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Mountebank"))
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 1, 2)
    expect(g, 1, hand={"Copper": 5}, discard={"Curse": 1, "Copper": 1})
    assert g.supply()["Curse"] == 9 and g.supply()["Copper"] == 45


def test_mountebank_victim_may_discard_a_curse_instead():
    g = start(["Mountebank"])
    g.setup(1, hand=["Curse", "Curse", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Mountebank"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Mountebank"))
    assert pend(g) == (1, DK.YESNO, C("Mountebank"), C("Curse"), 0, (1, 0))
    assert "Mountebank" in g.pending().describe()
    g.answer(1)
    expect(g, 1, hand={"Curse": 1, "Copper": 3}, discard={"Curse": 1})
    assert g.supply()["Curse"] == 10 and g.supply()["Copper"] == 46


def test_mountebank_victim_may_keep_its_curse_and_take_both():
    g = start(["Mountebank"])
    g.setup(1, hand=["Curse", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Mountebank"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Mountebank"))
    g.answer(0)
    expect(g, 1, hand={"Curse": 1, "Copper": 4}, discard={"Curse": 1, "Copper": 1})


def test_mountebank_with_the_curse_pile_empty_still_gives_the_copper():
    g = start(["Mountebank"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Mountebank"], deck=["Copper"] * 3, discard=[], supply={"Curse": 0})
    g.answer(C("Mountebank"))
    expect(g, 1, discard={"Copper": 1})
    assert g.supply()["Copper"] == 45


def test_mountebank_with_the_copper_pile_empty_still_gives_the_curse():
    g = start(["Mountebank"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Mountebank"], deck=["Copper"] * 3, discard=[], supply={"Copper": 0})
    g.answer(C("Mountebank"))
    expect(g, 1, discard={"Curse": 1})


def test_mountebank_moat_blocks_and_three_players():
    g = start(["Mountebank", "Moat"], players=3)
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(2, hand=["Curse"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(0, hand=["Mountebank"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Mountebank"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    assert pend(g)[:3] == (2, DK.YESNO, C("Mountebank"))
    g.answer(1)
    expect(g, 1, discard={})
    expect(g, 2, hand={"Copper": 4}, discard={"Curse": 1})


def test_throne_room_mountebank_second_play_finds_no_curse_in_hand():
    g = start(["Mountebank", "Throne Room"])
    g.setup(1, hand=["Curse"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Mountebank"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Mountebank"))
    g.answer(1)  # first play: discards its Curse; the second: none left in hand
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 1, 4)
    expect(g, 1, hand={"Copper": 4}, discard={"Curse": 2, "Copper": 1})


@pytest.mark.parametrize(("option", "kept"), [(0.0, 0), (1.0, 1)])
def test_mountebank_victim_playbook_discards_its_curse(option, kept):
    bot = simple_bot("victim", buy=["Province", "Gold", "Silver"])
    bot.card_options[(C("Mountebank"), 0)] = option
    g = start(["Mountebank"], bots=[None, bot])
    g.setup(1, hand=["Curse", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Mountebank"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Mountebank"))
    assert g.zones(1)["hand"].get("Curse", 0) == kept
    assert g.zones(1)["discard"].get("Copper", 0) == kept


# --- Charlatan -----------------------------------------------------------------------------
def test_charlatan_gives_three_coins_and_each_other_player_a_curse():
    g = start(["Charlatan", "Moat"], players=3)
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Charlatan"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Charlatan"))
    g.answer(1)  # Moat
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 1, 3)
    expect(g, 1, discard={})
    expect(g, 2, discard={"Curse": 1})
    assert g.supply()["Curse"] == 19


def test_charlatan_with_the_curse_pile_empty_still_gives_the_coins():
    g = start(["Charlatan"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Charlatan"], deck=["Copper"] * 3, discard=[], supply={"Curse": 0})
    g.answer(C("Charlatan"))
    assert counters(g) == (0, 1, 3)
    expect(g, 1, discard={})


# --- Clerk ---------------------------------------------------------------------------------
def test_clerk_victims_with_five_cards_put_one_onto_their_deck():
    g = start(["Clerk"], players=3)
    g.setup(1, hand=["Copper", "Copper", "Estate", "Silver", "Gold"], deck=["Duchy"],
            discard=[])
    g.setup(2, hand=["Copper"] * 4, deck=["Duchy"], discard=[])
    g.setup(0, hand=["Clerk"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Clerk"))
    assert pend(g)[:5] == (1, DK.TOPDECK, C("Clerk"), -1, 0)
    assert pend(g)[5] == (C("Copper"), C("Silver"), C("Gold"), C("Estate"))
    g.answer(C("Gold"))
    assert pend(g)[:2] == (0, DK.BUY)  # seat 2 holds 4 cards: untouched
    assert counters(g) == (0, 1, 2)
    expect(g, 1, hand={"Copper": 2, "Estate": 1, "Silver": 1}, deck=["Gold", "Duchy"])
    expect(g, 2, hand={"Copper": 4}, deck=["Duchy"])


def test_clerk_moat_blocks():
    g = start(["Clerk", "Moat"])
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(0, hand=["Clerk"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Clerk"))
    g.answer(1)
    expect(g, 1, hand={"Moat": 1, "Copper": 4}, deck=[])


def test_clerk_against_diplomat_the_hand_drops_to_four():
    g = start(["Clerk", "Diplomat"])
    g.setup(1, hand=["Diplomat", "Estate", "Estate", "Copper", "Copper"],
            deck=["Silver", "Gold"], discard=[])
    g.setup(0, hand=["Clerk"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Clerk"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Diplomat"))
    g.answer(1)  # draws 2 (7 cards), discards 3: 4 cards left, so Clerk takes nothing
    for _ in range(3):
        assert pend(g)[:3] == (1, DK.DISCARD, C("Diplomat"))
        g.answer(C("Estate") if g.zones(1)["hand"].get("Estate") else C("Copper"))
    assert pend(g)[:2] == (0, DK.BUY)
    expect(g, 1, hand={"Diplomat": 1, "Copper": 1, "Silver": 1, "Gold": 1}, deck=[])


def test_throne_room_clerk_second_play_finds_four_cards():
    g = start(["Clerk", "Throne Room"])
    g.setup(1, hand=["Copper"] * 4 + ["Estate"], deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Clerk"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Clerk"))
    g.answer(C("Estate"))  # the first play; the second finds 4 cards
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 1, 4)
    expect(g, 1, hand={"Copper": 4}, deck=["Estate"])


@pytest.mark.parametrize(
    ("hand", "back"),
    [
        (["Estate", "Copper", "Copper", "Copper", "Silver"], "Estate"),  # $5 either way
        (["Gold", "Gold", "Silver", "Copper", "Copper"], "Silver"),  # $10 -> $8: a Province still
        (["Smithy", "Smithy", "Copper", "Copper", "Copper"], "Smithy"),  # a dead terminal
        (["Copper"] * 5, "Copper"),
    ],
)
def test_clerk_victim_playbook(hand, back):
    bot = simple_bot("victim", buy=["Province", "Gold", "Smithy", "Silver"])
    g = start(["Clerk", "Smithy"], bots=[None, bot])
    g.setup(1, hand=hand, deck=[], discard=[])
    g.setup(0, hand=["Clerk"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Clerk"))
    assert g.zones(1)["deck"] == [back]


# --- Goons ---------------------------------------------------------------------------------
def test_goons_attack_discards_down_to_three():
    g = start(["Goons", "Moat"], players=3)
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(2, hand=["Estate", "Copper", "Copper", "Silver", "Gold"], deck=[], discard=[])
    g.setup(0, hand=["Goons"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Goons"))
    g.answer(1)
    assert pend(g)[:5] == (2, DK.DISCARD, C("Goons"), 2, 0)
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 2, 2)
    expect(g, 1, hand={"Moat": 1, "Copper": 4})
    expect(g, 2, hand={"Copper": 1, "Silver": 1, "Gold": 1}, discard={"Estate": 1, "Copper": 1})
