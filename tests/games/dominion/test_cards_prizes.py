"""Piles outside the Supply: Tournament's Prizes (and, with the same mechanism, Joust's Rewards).

Rulings (Dominion Strategy wiki, Tournament and Prize pages): "Prizes are not in the Supply";
they cannot be bought, and a card that gains "a card costing up to" some amount (Workshop) gains
only from the Supply, so never a Prize; an empty Prize pile is not an empty Supply pile for the
game's end. Tournament's own play is not in the engine yet: these situations never play it, so
they let the kingdom hold it (the pile setup is what they test).
"""

from __future__ import annotations

import pytest

from cardtools import DK, C, at, bot_turn, expect, pend, start
from ludolab.games.dominion.cards import CARDS
from ludolab.games.dominion.engine import Engine, simple_bot
from ludolab.games.dominion.engine import hooks as _hooks

PRIZES = ("Bag of Gold", "Diadem", "Followers", "Princess", "Trusty Steed")


@pytest.fixture
def tournament_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let a kingdom hold Tournament although its play has no home yet."""
    real = _hooks.has_rules
    tournament = C("Tournament")
    monkeypatch.setattr(_hooks, "has_rules", lambda cid: cid == tournament or real(cid))


def test_prize_cards_are_marked_not_kingdom() -> None:
    assert all(CARDS[C(n)].pile == "prize" and not CARDS[C(n)].is_kingdom for n in PRIZES)


def test_tournament_puts_one_of_each_prize_outside_the_supply(tournament_allowed: None) -> None:
    e = Engine(["Tournament", "Workshop"], 2)
    assert e.outside_sizes() == {C(n): 1 for n in PRIZES}
    assert all(e.supply_sizes()[C(n)] == 1 for n in PRIZES)
    g = start(["Tournament", "Workshop"])
    assert g.outside() == dict.fromkeys(PRIZES, 1)
    assert not set(PRIZES) & set(g.supply())
    assert "Workshop" in g.supply()


def test_without_tournament_no_prizes() -> None:
    assert Engine(["Workshop"], 2).outside_sizes() == {}
    assert start(["Workshop"]).outside() == {}


def test_prizes_cannot_be_bought(tournament_allowed: None) -> None:
    """A Prize costs $0* but is not in the Supply: the buy decision never offers it."""
    g = start(["Tournament", "Workshop"])
    g.setup(0, hand=["Estate"] * 5, deck=[], discard=[])
    at(g, 0, DK.BUY)
    opts = g.pending().options
    assert C("Copper") in opts and C("Curse") in opts  # the $0 Supply piles are offered
    assert not {C(n) for n in PRIZES} & set(opts)


def test_workshop_never_gains_a_prize(tournament_allowed: None) -> None:
    """"Gain a card costing up to $4" gains from the Supply only."""
    g = start(["Tournament", "Workshop"])
    g.setup(0, hand=["Workshop", "Estate"], deck=[], discard=[])
    g.answer(C("Workshop"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Workshop"), 4)
    assert C("Copper") in d.options and C("Tournament") in d.options
    assert not {C(n) for n in PRIZES} & set(d.options)


def test_empty_prize_piles_do_not_end_the_game(tournament_allowed: None) -> None:
    """Five empty Prize piles and two empty Supply piles: not three empty Supply piles, so the
    game goes on; emptying a third Supply pile ends it at the end of the turn."""
    g = start(["Tournament", "Workshop"])
    g.setup(0, hand=["Workshop", "Estate"], deck=["Copper"] * 5, discard=[],
            supply={**dict.fromkeys(PRIZES, 0), "Curse": 0, "Estate": 0, "Workshop": 1})
    g.answer(C("Workshop"))
    g.answer(C("Silver"))
    at(g, 0, DK.BUY)
    g.answer(-1)
    assert not g.is_over()
    g = start(["Tournament", "Workshop"])
    g.setup(0, hand=["Workshop", "Estate"], deck=["Copper"] * 5, discard=[],
            supply={**dict.fromkeys(PRIZES, 0), "Curse": 0, "Estate": 0, "Workshop": 1})
    g.answer(C("Workshop"))
    g.answer(C("Workshop"))
    expect(g, 0, discard={"Workshop": 1})
    at(g, 0, DK.BUY)
    g.answer(-1)
    assert g.is_over()


def test_joust_puts_two_of_each_reward_outside_with_three_players(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Joust's setup: the Rewards, one of each with 2 players, two with 3 or more."""
    real = _hooks.has_rules
    monkeypatch.setattr(_hooks, "has_rules", lambda cid: cid == C("Joust") or real(cid))
    rewards = {c.id for c in CARDS if c.pile == "reward"}
    assert len(rewards) == 6
    assert Engine(["Joust"], 2).outside_sizes() == dict.fromkeys(rewards, 1)
    assert Engine(["Joust"], 3).outside_sizes() == dict.fromkeys(rewards, 2)


def test_jester_never_gains_a_copy_from_outside_the_supply(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Jester FAQ: "If a card is revealed for which there are no copies in the Supply, no-one
    gains a copy of it." A Reward discarded, its pile outside the Supply still holding one (3
    players): no gain decision, nobody gains one."""
    real = _hooks.has_rules
    monkeypatch.setattr(_hooks, "has_rules", lambda cid: cid == C("Joust") or real(cid))
    g = start(["Jester", "Joust"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=["Coronet", "Gold"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Silver"], discard=[])
    g.setup(0, hand=["Jester"], deck=[], discard=[])
    g.answer(C("Jester"))
    d = g.pending()
    assert (d.seat, d.kind, d.subject) == (0, DK.GAIN, C("Silver"))  # seat 2's copy only
    g.answer(-1)
    expect(g, 1, deck=["Gold"], discard={"Coronet": 1})
    expect(g, 2, discard={"Silver": 2})
    expect(g, 0, discard={})
    assert g.outside()["Coronet"] == 2


def test_ambassador_does_nothing_with_a_card_not_from_the_supply(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ambassador ruling (wiki): "If you reveal a card which is not from the Supply ...
    Ambassador does nothing": a Reward revealed is not returned (no return decision) and nobody
    gains one, though its pile outside the Supply holds two (3 players)."""
    real = _hooks.has_rules
    monkeypatch.setattr(_hooks, "has_rules", lambda cid: cid == C("Joust") or real(cid))
    g = start(["Ambassador", "Joust"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Ambassador", "Courser", "Estate"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Ambassador"))
    assert pend(g)[:2] == (0, DK.REVEAL)
    g.answer(C("Courser"))
    at(g, 0, DK.BUY)  # no return decision came
    expect(g, 0, hand={"Courser": 1, "Estate": 1})
    expect(g, 1, discard={})
    expect(g, 2, discard={})
    assert g.outside()["Courser"] == 2


def test_a_bot_never_buys_a_prize(tournament_allowed: None) -> None:
    """A bot's buy list naming a Prize: it is skipped (not in the Supply), the next entry is
    bought (the buy decision's options leave it out)."""
    bot = simple_bot("prize-buyer", buy=["Diadem", "Silver"])
    g = bot_turn(["Tournament", "Workshop"], bot, hand=["Copper"] * 3 + ["Estate"] * 2,
                 deck=["Estate"] * 5, discard=[])
    assert g.pending().seat == 1
    expect(g, 0, discard={"Copper": 3, "Estate": 2, "Silver": 1})
    assert g.outside()["Diadem"] == 1
