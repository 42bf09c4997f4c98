"""Seaside's Durations (1): Haven, Lighthouse, Astrolabe, Fishing Village, Merchant Ship,
Tactician and Tide Pools.

Rulebook situations from the printed text and the official FAQ (Dominion Strategy wiki), in the
style of ``test_cards_base.py``: exact zones set with ``DominionGame.setup`` (decks listed from
the top down), the cards played by outside seats, their decisions answered, and the exact hand,
deck, discard, play area, set-aside cards and counters asserted, across the turn the Duration is
played in, the other player's turn and the next turn (when its waiting effect resolves and it is
cleaned up). Then Throne Room and King's Court on each, the default playbooks (a bot seat plays
a turn), the first printing where it is a rule setting, and random debug-mode games on a kingdom
of these cards.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import (
    COPPERS,
    DK,
    C,
    bot_turn,
    counters,
    expect,
    haven,
    owned,
    pend,
    play_treasures,
    situation,
    start,
)
from ludolab.games.dominion.engine import (
    DominionGame,
    EndReason,
    Engine,
    simple_bot,
)


def finish_turn(g: DominionGame, seat: int) -> None:
    """Seat ``seat`` (outside) ends its turn: no more Actions, every Treasure, no buy (the
    next seat's turn may then be played by a bot)."""
    while not g.is_over() and g.pending() is not None and g.pending().seat == seat:
        d = g.pending()
        if d.kind == DK.PLAY and d.source < 0:
            g.answer(-1)
        elif d.kind == DK.TREASURE:
            g.answer(next(o for o in d.options if o >= 0))
        elif d.kind == DK.BUY:
            g.answer(-1)  # the end of the buy phase: the turn ends (no decision in clean-up)
            return
        else:
            raise AssertionError(f"unexpected decision {d.describe()}")


def other_turn(g: DominionGame) -> None:
    """Seat 1 takes a turn doing nothing (its hand: no Actions)."""
    assert g.pending().seat == 1, g.pending().describe()
    finish_turn(g, 1)
    assert g.pending().seat == 0


def two_turns(kingdom: list[str], hand: list[str], deck: list[str], discard=(),
              rules: str = "official", other: list[str] | None = None) -> DominionGame:
    """Seat 0 to play ``hand``; seat 1 as ``COPPERS``, or holding ``other``."""
    return situation(kingdom, hand=hand, deck=deck, discard=discard, rules=rules,
                     other={**COPPERS, "hand": other or COPPERS["hand"]})


# --- Merchant Ship, Fishing Village, Lighthouse: "now and at the start of your next turn" ------
# (card, what it gives when played: actions, buys, coins; at the start of the next turn)
PLAIN = [
    ("Merchant Ship", (0, 1, 2), (1, 1, 2)),
    ("Fishing Village", (2, 1, 1), (2, 1, 1)),
    ("Lighthouse", (1, 1, 1), (1, 1, 1)),
]


@pytest.mark.parametrize(("card", "now", "later"), PLAIN)
@pytest.mark.parametrize("rules", ["official", "official,edition=1"])
def test_duration_gives_now_and_next_turn_then_is_cleaned_up(card, now, later, rules):
    g = two_turns([card, "Smithy"], hand=[card, "Estate", "Estate", "Estate", "Estate"],
                  deck=["Smithy", "Estate", "Estate", "Estate", "Estate", "Copper"]
                  + ["Silver"] * 10, rules=rules)
    assert pend(g) == (0, DK.PLAY, -1, -1, -1, (C(card), -1))
    g.answer(C(card))
    if now[0] > 0:  # an Action left: no other Action in hand to play with it
        assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == now
    g.answer(-1)
    # clean-up of the turn it was played in: it stays in play
    expect(g, 0, play={card: 1}, hand={"Smithy": 1, "Estate": 4}, discard={"Estate": 4},
           deck=["Copper"] + ["Silver"] * 10)
    other_turn(g)
    # the start of the next turn: its second half, before the first decision
    assert pend(g) == (0, DK.PLAY, -1, -1, -1, (C("Smithy"), -1))
    assert counters(g) == later
    expect(g, 0, play={card: 1})
    g.answer(C("Smithy"))
    finish_turn(g, 0)
    # the clean-up of that next turn discards it
    expect(g, 0, play={})
    assert g.zones(0)["discard"][card] == 1


@pytest.mark.parametrize(("card", "now", "later"), PLAIN)
def test_throne_room_on_a_duration_doubles_both_halves_and_stays_with_it(card, now, later):
    g = two_turns([card, "Throne Room"], hand=["Throne Room", card, "Estate", "Estate", "Estate"],
                  deck=["Estate"] * 5 + ["Silver"] * 10)
    g.answer(C("Throne Room"))
    assert pend(g)[:3] == (0, DK.PLAY, C("Throne Room"))  # optional: a real choice
    g.answer(C(card))
    assert counters(g) == (2 * now[0], 1, 2 * now[2])
    finish_turn(g, 0)
    expect(g, 0, play={"Throne Room": 1, card: 1}, hand={"Estate": 5})
    other_turn(g)
    a, b, c = later
    assert counters(g) == (a + (a - 1), b, 2 * c)  # two waiting effects, one card
    finish_turn(g, 0)
    expect(g, 0, play={}, discard={"Throne Room": 1, card: 1, "Estate": 8})


@pytest.mark.parametrize(("card", "now", "later"), PLAIN)
def test_kings_court_on_a_duration_triples_both_halves_and_stays_with_it(card, now, later):
    g = two_turns([card, "King's Court"],
                  hand=["King's Court", card, "Estate", "Estate", "Estate"],
                  deck=["Estate"] * 5 + ["Silver"] * 10)
    g.answer(C("King's Court"))
    assert pend(g)[:3] == (0, DK.PLAY, C("King's Court"))  # optional: a real choice
    g.answer(C(card))
    assert counters(g) == (3 * now[0], 1, 3 * now[2])
    finish_turn(g, 0)
    expect(g, 0, play={"King's Court": 1, card: 1})
    other_turn(g)
    a, b, c = later
    assert counters(g) == (1 + 3 * (a - 1), b, 3 * c)
    finish_turn(g, 0)
    expect(g, 0, play={}, discard={"King's Court": 1, card: 1, "Estate": 8})


def test_two_durations_of_the_same_kind_each_stay_and_each_pay():
    g = two_turns(["Merchant Ship", "Fishing Village"],
                  hand=["Fishing Village", "Merchant Ship", "Merchant Ship", "Copper", "Estate"],
                  deck=["Estate"] * 5 + ["Silver"] * 10)
    g.answer(C("Fishing Village"))
    g.answer(C("Merchant Ship"))
    g.answer(C("Merchant Ship"))
    assert counters(g) == (0, 1, 1 + 2 + 2 + 1)
    finish_turn(g, 0)
    expect(g, 0, play={"Fishing Village": 1, "Merchant Ship": 2},
           discard={"Copper": 1, "Estate": 1})
    other_turn(g)
    # two different cards wait: their order does not matter here, but an outside seat is asked
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.ORDER)
    assert set(d.options) == {C("Fishing Village"), C("Merchant Ship")}
    while g.pending().kind == DK.ORDER:
        g.answer(C("Merchant Ship") if C("Merchant Ship") in g.pending().options
                 else g.pending().options[0])
    assert counters(g) == (2, 1, 1 + 2 + 2)


# --- Lighthouse's protection ----------------------------------------------------------------
def test_lighthouse_protects_from_militia_and_witch_until_it_leaves_play():
    g = start(["Lighthouse", "Militia", "Witch"])
    g.setup(1, hand=["Militia", "Witch", "Copper", "Copper", "Copper"],
            deck=["Copper", "Copper", "Militia", "Copper", "Copper", "Copper", "Copper"]
            + ["Copper"] * 5, discard=[])
    g.setup(0, hand=["Lighthouse", "Estate", "Estate", "Copper", "Copper"],
            deck=["Copper", "Copper", "Estate", "Estate", "Silver",
                  "Silver", "Gold", "Silver", "Gold", "Estate"] + ["Copper"] * 5, discard=[])
    g.answer(C("Lighthouse"))
    finish_turn(g, 0)
    curses = g.supply()["Curse"]
    # seat 1 attacks with Witch (its one Action)
    assert pend(g)[:2] == (1, DK.PLAY)
    g.answer(C("Witch"))
    assert g.supply()["Curse"] == curses  # Lighthouse in play: no Curse
    expect(g, 0, hand={"Copper": 2, "Estate": 2, "Silver": 1}, discard={"Estate": 2, "Copper": 2})
    finish_turn(g, 1)
    # seat 0's next turn: +$1 (and $4 of Treasures), and Lighthouse is cleaned up at its end
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (1, 1, 1 + 4)
    finish_turn(g, 0)
    expect(g, 0, play={})
    # seat 1's Militia now affects seat 0 (no Lighthouse in play any more)
    g.answer(C("Militia"))
    d = g.pending()
    assert (d.seat, d.kind, d.source) == (0, DK.DISCARD, C("Militia"))


def test_lighthouse_protects_from_each_attack_played_while_it_is_in_play():
    g = start(["Lighthouse", "Militia", "Throne Room"])
    g.setup(1, hand=["Throne Room", "Militia", "Copper", "Copper", "Copper"],
            deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Lighthouse", "Estate", "Estate", "Copper", "Copper"],
            deck=["Silver"] * 5 + ["Estate"] * 5, discard=[])
    g.answer(C("Lighthouse"))
    finish_turn(g, 0)
    g.answer(C("Throne Room"))
    g.answer(C("Militia"))  # Militia twice: seat 0 keeps its 5 cards both times
    assert pend(g)[:2] == (1, DK.BUY)
    expect(g, 0, hand={"Silver": 5})
    assert counters(g) == (0, 1, 7)


def test_lighthouse_still_lets_its_player_reveal_a_reaction():
    # FAQ: Lighthouse does not prevent Reactions: Diplomat (a hand of 5 or more) is offered,
    # draws 2 and discards 3, and Militia still does not affect the seat
    g = start(["Lighthouse", "Militia", "Diplomat"])
    g.setup(1, hand=["Militia", "Copper", "Copper", "Copper", "Copper"],
            deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Lighthouse", "Estate", "Estate", "Copper", "Copper"],
            deck=["Diplomat", "Silver", "Silver", "Silver", "Silver", "Gold", "Gold"],
            discard=[])
    g.answer(C("Lighthouse"))
    finish_turn(g, 0)
    g.answer(C("Militia"))
    d = g.pending()
    assert (d.seat, d.kind, d.source) == (0, DK.YESNO, C("Diplomat"))
    g.answer(1)
    for _ in range(3):
        d = g.pending()
        assert (d.seat, d.kind, d.source) == (0, DK.DISCARD, C("Diplomat"))
        g.answer(C("Silver"))
    assert pend(g)[:2] == (1, DK.BUY)  # no Militia discards for seat 0
    expect(g, 0, hand={"Diplomat": 1, "Silver": 1, "Gold": 2}, discard={
        "Estate": 2, "Copper": 2, "Silver": 3})


# --- Astrolabe: a Treasure-Duration ---------------------------------------------------------


@pytest.mark.parametrize("rules", ["official", "official,edition=1"])
def test_astrolabe_gives_a_coin_and_a_buy_now_and_next_turn(rules):
    g = two_turns(["Astrolabe"], hand=["Astrolabe", "Copper", "Estate", "Estate", "Estate"],
                  deck=["Silver"] * 5 + ["Estate"] * 5, rules=rules)
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.TREASURE) and C("Astrolabe") in d.options
    play_treasures(g)
    assert counters(g) == (1, 2, 2)
    g.answer(C("Copper"))
    g.answer(-1)
    expect(g, 0, play={"Astrolabe": 1}, hand={"Silver": 5},
           discard={"Copper": 2, "Estate": 3})
    other_turn(g)
    # the start of the next turn: $1 and +1 Buy before any Treasure is played
    assert counters(g) == (1, 2, 1)
    play_treasures(g)
    assert counters(g) == (1, 2, 11)
    g.answer(C("Gold"))
    g.answer(C("Silver"))
    expect(g, 0, play={}, discard={"Copper": 2, "Estate": 3, "Astrolabe": 1, "Silver": 6,
                                   "Gold": 1})


def test_tiara_on_astrolabe_plays_both_halves_twice():
    # the Treasure analogue of Throne Room: $2 and +2 Buys now, $2 and +2 Buys next turn
    g = two_turns(["Astrolabe", "Tiara"],
                  hand=["Tiara", "Astrolabe", "Estate", "Estate", "Estate"],
                  deck=["Estate"] * 10)
    d = g.pending()
    assert d.kind == DK.TREASURE
    g.answer(C("Tiara"))
    assert pend(g)[:3] == (0, DK.PLAY, C("Tiara"))
    g.answer(C("Astrolabe"))
    assert counters(g) == (1, 1 + 1 + 2, 2)
    finish_turn(g, 0)
    # both stay: the card that played the Duration twice stays with it (second-edition rule)
    expect(g, 0, play={"Tiara": 1, "Astrolabe": 1})
    other_turn(g)
    assert counters(g) == (1, 3, 2)
    finish_turn(g, 0)
    assert g.zones(0)["play"] == {}


def test_throne_room_cannot_choose_astrolabe():
    g = two_turns(["Astrolabe", "Throne Room"],
                  hand=["Throne Room", "Astrolabe", "Estate", "Estate", "Estate"],
                  deck=["Estate"] * 5)
    assert pend(g) == (0, DK.PLAY, -1, -1, -1, (C("Throne Room"), -1))
    g.answer(C("Throne Room"))  # no Action in hand to play twice: nothing
    assert g.pending().kind == DK.TREASURE
    assert g.zones(0)["play"] == {"Throne Room": 1}


# --- Haven ------------------------------------------------------------------------------------
def test_haven_sets_a_card_aside_and_returns_it_next_turn():
    g = two_turns(["Haven"], hand=["Haven", "Gold", "Copper", "Estate", "Estate"],
                  deck=["Silver", "Haven", "Copper", "Copper", "Copper", "Copper"]
                  + ["Estate"] * 10)
    g.answer(C("Haven"))
    d = g.pending()
    # +1 Card first, then the set-aside: any card of the hand, no "none"
    assert (d.seat, d.kind, d.source) == (0, DK.TOPDECK, C("Haven"))
    assert set(d.options) == {C("Gold"), C("Copper"), C("Estate"), C("Silver")}
    assert -1 not in d.options
    assert "set aside a card from your hand for your next turn (Haven)" in d.describe()
    g.answer(C("Gold"))
    assert pend(g)[:2] == (0, DK.BUY)  # its +1 Action has nothing to play: the Treasures
    assert counters(g) == (1, 1, 3)
    expect(g, 0, hand={"Estate": 2}, play={"Haven": 1, "Silver": 1, "Copper": 1})
    assert haven(g, 0) == {"Gold": 1}
    assert owned(g, 0, "Gold") == 1  # still its card
    finish_turn(g, 0)
    expect(g, 0, play={"Haven": 1}, hand={"Haven": 1, "Copper": 4})
    assert haven(g, 0) == {"Gold": 1}
    other_turn(g)
    assert pend(g) == (0, DK.PLAY, -1, -1, -1, (C("Haven"), -1))
    expect(g, 0, hand={"Haven": 1, "Copper": 4, "Gold": 1}, play={"Haven": 1})
    assert haven(g, 0) == {}
    finish_turn(g, 0)
    expect(g, 0, play={})
    assert g.zones(0)["discard"]["Haven"] == 2


def test_haven_with_an_empty_hand_sets_nothing_aside_and_is_cleaned_up_this_turn():
    # FAQ: no card to set aside: nothing waits, Haven does not stay out
    g = two_turns(["Haven"], hand=["Haven"], deck=[], discard=[])
    g.answer(C("Haven"))  # +1 Card: nothing to draw (no deck, no discard pile)
    assert pend(g)[:2] == (0, DK.BUY)
    assert haven(g, 0) == {}
    g.answer(-1)
    expect(g, 0, play={}, hand={"Haven": 1})  # discarded, then reshuffled into the new hand


def test_haven_draws_from_a_reshuffled_discard_pile():
    g = two_turns(["Haven"], hand=["Haven", "Estate"], deck=[], discard=["Gold"])
    g.answer(C("Haven"))
    d = g.pending()
    assert d.kind == DK.TOPDECK and set(d.options) == {C("Gold"), C("Estate")}
    g.answer(C("Estate"))
    expect(g, 0, hand={}, play={"Haven": 1, "Gold": 1}, discard={})
    assert haven(g, 0) == {"Estate": 1}


@pytest.mark.parametrize(("tr", "plays"), [("Throne Room", 2), ("King's Court", 3)])
def test_throne_room_and_kings_court_on_haven_set_aside_a_card_each_play(tr, plays):
    g = two_turns(["Haven", tr], hand=[tr, "Haven", "Estate", "Copper", "Copper"],
                  deck=["Gold", "Silver", "Gold"][:plays] + ["Haven"] + ["Estate"] * 4
                  + ["Silver"] * 10)
    g.answer(C(tr))
    assert pend(g)[:3] == (0, DK.PLAY, C(tr))
    g.answer(C("Haven"))
    aside = ["Gold", "Silver", "Estate"][:plays]
    for name in aside:
        d = g.pending()
        assert (d.kind, d.source) == (DK.TOPDECK, C("Haven"))
        g.answer(C(name))
    assert counters(g)[0] == plays
    finish_turn(g, 0)
    expect(g, 0, play={tr: 1, "Haven": 1})
    other_turn(g)
    assert pend(g)[:2] == (0, DK.PLAY)  # the next hand's Haven
    hand = g.zones(0)["hand"]
    for name in aside:
        assert hand[name] >= 1
    assert hand["Haven"] == 1 and sum(hand.values()) == 5 + plays
    assert haven(g, 0) == {}
    finish_turn(g, 0)
    expect(g, 0, play={})


def test_a_card_set_aside_by_haven_still_scores():
    # FAQ: cards still set aside when the game ends return to the deck before scoring
    g = two_turns(["Haven"], hand=["Haven", "Province", "Copper"], deck=["Estate"])
    g.answer(C("Haven"))
    g.answer(C("Province"))
    assert haven(g, 0) == {"Province": 1}
    assert g.vp()[0] == 6 + 1


# --- Tactician --------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["official", "official,edition=1"])
def test_tactician_discards_the_hand_and_gives_five_cards_an_action_and_a_buy(rules):
    g = two_turns(["Tactician", "Smithy"],
                  hand=["Tactician", "Gold", "Copper", "Estate", "Smithy"],
                  deck=["Smithy"] + ["Copper"] * 4 + ["Silver"] * 5 + ["Estate"] * 6,
                  rules=rules)
    g.answer(C("Tactician"))
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 1, 0)
    expect(g, 0, hand={}, play={"Tactician": 1},
           discard={"Gold": 1, "Copper": 1, "Estate": 1, "Smithy": 1})
    g.answer(-1)
    expect(g, 0, play={"Tactician": 1}, hand={"Smithy": 1, "Copper": 4})
    other_turn(g)
    # +5 Cards, +1 Action, +1 Buy at the start of the next turn
    assert pend(g) == (0, DK.PLAY, -1, -1, -1, (C("Smithy"), -1))
    expect(g, 0, hand={"Smithy": 1, "Copper": 4, "Silver": 5}, deck=["Estate"] * 6)
    assert counters(g) == (2, 2, 0)
    finish_turn(g, 0)
    expect(g, 0, play={})
    assert g.zones(0)["discard"]["Tactician"] == 1


def test_tactician_with_no_other_card_in_hand_does_nothing_and_is_cleaned_up():
    g = two_turns(["Tactician", "Village"], hand=["Village", "Tactician"],
                  deck=["Estate"] * 5 + ["Silver"] * 5)
    g.answer(C("Village"))
    g.answer(C("Tactician"))  # the Village drew an Estate: the hand holds one card
    finish_turn(g, 0)
    g2 = two_turns(["Tactician"], hand=["Tactician"], deck=["Estate"] * 5 + ["Silver"] * 5)
    g2.answer(C("Tactician"))  # an empty hand: nothing happens
    assert pend(g2)[:2] == (0, DK.BUY)
    g2.answer(-1)
    expect(g2, 0, play={}, discard={"Tactician": 1}, hand={"Estate": 5})
    other_turn(g2)
    expect(g2, 0, hand={"Estate": 5})
    assert counters(g2) == (1, 1, 0)
    # with a card in hand (the Village's draw) it did work
    expect(g, 0, play={"Tactician": 1})


@pytest.mark.parametrize(("tr", "plays"), [("Throne Room", 2), ("King's Court", 3)])
def test_throne_room_on_tactician_the_second_play_does_nothing(tr, plays):
    # FAQ: the first play discards the hand, the second finds none: +5 Cards once
    g = two_turns(["Tactician", tr, "Smithy"],
                  hand=[tr, "Tactician", "Copper", "Copper", "Estate"],
                  deck=["Smithy"] + ["Estate"] * 4 + ["Silver"] * 10)
    g.answer(C(tr))
    assert pend(g)[:3] == (0, DK.PLAY, C(tr))
    g.answer(C("Tactician"))
    finish_turn(g, 0)
    expect(g, 0, play={tr: 1, "Tactician": 1}, hand={"Smithy": 1, "Estate": 4},
           discard={"Copper": 2, "Estate": 1})
    other_turn(g)
    expect(g, 0, hand={"Smithy": 1, "Estate": 4, "Silver": 5})
    assert counters(g) == (2, 2, 0)
    finish_turn(g, 0)
    expect(g, 0, play={})


def test_tactician_draws_from_a_reshuffled_discard_pile():
    g = two_turns(["Tactician", "Smithy"],
                  hand=["Tactician", "Silver", "Silver", "Silver", "Silver"],
                  deck=["Smithy"] + ["Estate"] * 4, discard=["Silver"])
    g.answer(C("Tactician"))
    finish_turn(g, 0)
    expect(g, 0, hand={"Smithy": 1, "Estate": 4}, deck=[], discard={"Silver": 5})
    other_turn(g)
    expect(g, 0, hand={"Smithy": 1, "Estate": 4, "Silver": 5}, discard={}, deck=[])


# --- Tide Pools -------------------------------------------------------------------------------
def test_tide_pools_draws_three_now_and_discards_two_next_turn():
    g = two_turns(["Tide Pools"], hand=["Tide Pools", "Copper", "Copper", "Copper", "Copper"],
                  deck=["Silver", "Silver", "Silver", "Estate", "Gold", "Copper", "Copper",
                        "Estate"] + ["Silver"] * 5)
    g.answer(C("Tide Pools"))
    assert pend(g)[:2] == (0, DK.BUY)  # its +1 Action has nothing to play
    assert counters(g) == (1, 1, 4 + 6)
    expect(g, 0, play={"Tide Pools": 1, "Copper": 4, "Silver": 3})
    finish_turn(g, 0)
    expect(g, 0, play={"Tide Pools": 1})
    other_turn(g)
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.subject) == (0, DK.DISCARD, C("Tide Pools"), 2)
    g.answer(C("Gold"))  # the player picks: even its Gold
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.DISCARD, C("Tide Pools"), 1)
    g.answer(C("Estate"))
    assert pend(g)[:2] == (0, DK.BUY)
    expect(g, 0, hand={"Estate": 1}, play={"Tide Pools": 1, "Copper": 2},
           discard={"Copper": 4, "Silver": 3, "Gold": 1, "Estate": 1})
    finish_turn(g, 0)
    expect(g, 0, play={})


def test_tide_pools_with_fewer_than_two_cards_in_hand_discards_what_there_is():
    g = two_turns(["Tide Pools"], hand=["Tide Pools"], deck=["Copper"])
    g.answer(C("Tide Pools"))  # draws the only card
    finish_turn(g, 0)
    expect(g, 0, hand={"Copper": 1}, play={"Tide Pools": 1})
    other_turn(g)
    # one card, one option: discarded without a question; the second discard finds none
    expect(g, 0, hand={}, discard={"Copper": 1})


@pytest.mark.parametrize(("tr", "plays"), [("Throne Room", 2), ("King's Court", 3)])
def test_throne_room_on_tide_pools_discards_two_per_play(tr, plays):
    g = two_turns(["Tide Pools", tr], hand=[tr, "Tide Pools", "Estate", "Estate", "Estate"],
                  deck=["Copper"] * (3 * plays) + ["Silver", "Gold", "Estate", "Duchy", "Curse"]
                  + ["Silver"] * 10)
    g.answer(C(tr))
    assert pend(g)[:3] == (0, DK.PLAY, C(tr))
    g.answer(C("Tide Pools"))
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (plays, 1, 3 * plays)
    finish_turn(g, 0)
    expect(g, 0, play={tr: 1, "Tide Pools": 1},
           hand={"Silver": 1, "Gold": 1, "Estate": 1, "Duchy": 1, "Curse": 1})
    other_turn(g)
    # 2 discards per play: 4 of the 5 cards (Throne Room), all 5 (King's Court: the sixth
    # finds an empty hand); the last card of the hand is discarded without a question
    asked = 0
    while g.pending().kind == DK.DISCARD:
        d = g.pending()
        assert (d.seat, d.source) == (0, C("Tide Pools")), d.describe()
        g.answer(d.options[0])
        asked += 1
    assert asked == 4
    gone = min(2 * plays, 5)
    assert sum(g.zones(0)["discard"].values()) == 3 + 3 * plays + gone


def test_tide_pools_discards_after_havens_card_returns_by_default_order():
    # two different cards wait: the outside seat orders them (K_ORDER); the default (a bot)
    # returns Haven's card first, then Tide Pools discards from the fuller hand
    g = two_turns(["Tide Pools", "Haven"],
                  hand=["Haven", "Tide Pools", "Gold", "Estate", "Estate"],
                  deck=["Copper"] * 4 + ["Silver"] * 5 + ["Estate"] * 10)
    g.answer(C("Haven"))
    g.answer(C("Gold"))  # set aside
    g.answer(C("Tide Pools"))
    finish_turn(g, 0)
    expect(g, 0, hand={"Silver": 5})
    other_turn(g)
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.ORDER)
    assert set(d.options) == {C("Haven"), C("Tide Pools")}
    # the player may discard first: the Gold is not in hand yet (two Silvers, no choice)
    g.answer(C("Tide Pools"))
    assert pend(g)[:2] == (0, DK.BUY)
    expect(g, 0, play={"Haven": 1, "Tide Pools": 1, "Silver": 3, "Gold": 1})
    assert g.zones(0)["discard"]["Silver"] == 2


def test_bot_orders_tacticians_draw_before_the_tide_pools_discard():
    # the default order (each home's ORDER): Tactician's +5 Cards first, then Tide Pools
    # discards the two Estates it drew; the other order would discard a Copper and a Silver
    bot = simple_bot("b", buy=BM)
    g = start(["Tide Pools", "Tactician"], 2, "official", bots=[bot, None])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 10, discard=[])
    g.setup(0, current=0, hand=["Tide Pools", "Tactician", "Estate", "Estate", "Estate"],
            deck=["Copper"] * 3 + ["Silver"] * 4 + ["Copper"] + ["Estate"] * 10, discard=[])
    # turn 1: Tide Pools (+3 Coppers), then Tactician discards the hand; nothing bought
    expect(g, 0, play={"Tide Pools": 1, "Tactician": 1}, hand={"Silver": 4, "Copper": 1})
    other_turn_bot(g)
    # turn 2: Silvers x4, Copper, 3 Estates after the discards: $9, a Province
    assert owned(g, 0, "Province") == 1
    assert owned(g, 0, "Gold") == 0


def other_turn_bot(g: DominionGame) -> None:
    """Seat 1 (outside) passes its turn; seat 0 (a bot) then plays its whole turn."""
    assert g.pending().seat == 1
    finish_turn(g, 1)
    assert g.pending().seat == 1


# --- playbooks ----------------------------------------------------------------------------------


BM = ["Province", "Gold", "Silver"]


@pytest.mark.parametrize(
    ("hand", "drawn", "aside"),
    [
        # $9 without the Copper is still $8: the Copper is not needed now
        (["Haven", "Gold", "Gold", "Silver"], "Copper", "Copper"),
        # $11: a Gold is not needed for the Province; the best such Treasure
        (["Haven", "Gold", "Gold", "Gold"], "Silver", "Gold"),
        # $3 buys a Silver only with every Copper: the Estate, which does nothing now
        (["Haven", "Copper", "Copper", "Estate"], "Copper", "Estate"),
        # two terminals and one action: the one the default order plays second
        (["Haven", "Smithy", "Moneylender", "Copper"], "Copper", "Moneylender"),
    ],
)
def test_haven_playbook(hand, drawn, aside):
    bot = simple_bot("haven", buy=BM)
    g = bot_turn(["Haven", "Smithy", "Moneylender"], bot, other=COPPERS, hand=hand,
                 deck=[drawn] + ["Estate"] * 10)
    assert haven(g, 0) == {aside: 1}


def test_haven_playbook_follows_the_bots_topdeck_list():
    bot = simple_bot("haven", buy=BM, topdeck=["Silver"])
    g = bot_turn(["Haven"], bot, other=COPPERS, hand=["Haven", "Gold", "Silver", "Estate"],
                 deck=["Copper"] + ["Estate"] * 10)
    assert haven(g, 0) == {"Silver": 1}


@pytest.mark.parametrize(
    ("hand", "option", "played"),
    [
        (["Tactician", "Copper", "Copper", "Copper", "Estate"], 0.0, True),  # $3: worth more
        (["Tactician", "Gold", "Gold", "Silver", "Estate"], 0.0, False),  # $8: the Province
        (["Tactician", "Gold", "Gold", "Silver", "Estate"], 1.0, True),  # option: always
    ],
)
def test_tactician_playbook_keeps_a_province_hand(hand, option, played):
    bot = simple_bot("tactician", buy=BM)
    bot.card_options[(C("Tactician"), 0)] = option
    g = bot_turn(["Tactician"], bot, other=COPPERS, hand=hand, deck=["Estate"] * 10)
    assert (g.zones(0)["play"].get("Tactician", 0) == 1) == played
    assert (owned(g, 0, "Province") == 1) == (not played)


def test_tactician_playbook_plays_it_last_with_two_actions():
    bot = simple_bot("tactician", buy=BM)
    g = bot_turn(["Tactician", "Fishing Village", "Smithy"], bot, other=COPPERS,
                 hand=["Fishing Village", "Tactician", "Smithy", "Estate", "Estate"],
                 deck=["Copper"] * 3 + ["Estate"] * 10)
    # Fishing Village, Smithy (+3 Cards), then Tactician discards the rest; $1 buys nothing
    expect(g, 0, play={"Fishing Village": 1, "Tactician": 1})
    assert g.zones(0)["discard"] == {"Smithy": 1, "Estate": 2, "Copper": 3}


def test_tide_pools_playbook_discards_the_worst_cards():
    bot = simple_bot("tp", buy=BM)
    g = start(["Tide Pools"], 2, "official", bots=[bot, None])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 10, discard=[])
    g.setup(0, current=0, hand=["Tide Pools", "Copper", "Copper", "Copper", "Copper"],
            deck=["Estate", "Estate", "Estate", "Gold", "Estate", "Copper", "Silver", "Curse"]
            + ["Estate"] * 5, discard=[])
    # turn 1: +3 Estates, $4: a Silver; the next hand: Gold, Estate, Copper, Silver, Curse
    assert owned(g, 0, "Silver") == 1 + 1
    other_turn_bot(g)
    # turn 2 starts by discarding the Curse and the Estate: Gold, Copper, Silver make $6, a Gold
    assert owned(g, 0, "Gold") == 2


def test_tide_pools_playbook_skips_it_with_nothing_to_draw():
    bot = simple_bot("tp", buy=BM)
    g = bot_turn(["Tide Pools"], bot, other=COPPERS,
                 hand=["Tide Pools", "Copper", "Copper", "Copper", "Copper"],
                 deck=[])
    # no deck and no discard pile: +3 Cards would draw nothing, and 2 cards would go next turn
    assert g.zones(0)["play"].get("Tide Pools", 0) == 0
    assert owned(g, 0, "Silver") == 1


# --- random games -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_debug_games_on_these_cards_finish(players):
    kingdom = ["Haven", "Lighthouse", "Astrolabe", "Fishing Village", "Merchant Ship",
               "Tactician", "Tide Pools", "Throne Room", "Militia", "Witch"]
    eng = Engine(kingdom, players, "official")
    bots = [simple_bot(f"b{q}", buy=["Province", "Gold", "Tactician", "Merchant Ship",
                                     "Witch", "Tide Pools", "Fishing Village", "Astrolabe",
                                     "Throne Room", "Haven", "Lighthouse", "Silver"])
            for q in range(players)]
    seeds = np.arange(100, dtype=np.uint64) + 1000 * players
    rec = eng.play(bots, seeds, debug=True, random_seats=[players - 1])
    assert len(rec) == 100
    assert set(rec.end_reason.tolist()) <= {EndReason.PROVINCES, EndReason.PILES}
