"""Prosperity's Attacks and tokens: Rabble, Clerk, Charlatan (second printing), Mountebank, Goons
and Trade Route (first printing), in rulebook situations (card text and the official FAQ),
their default playbooks, and random games on a kingdom of them.

Every test sets exact zones with ``DominionGame.setup`` (decks listed from the top down), plays
as outside seats, answers each decision and asserts the exact zones, supply, trash and counters.
A decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

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
