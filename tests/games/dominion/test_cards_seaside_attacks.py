"""Seaside's Durations of the second printing that reach other players' turns: Sea Witch, Monkey,
Blockade, Sailor, Corsair and Pirate, in rulebook situations from the printed text
and the official FAQ (Dominion Strategy wiki), their default playbooks, and random debug-mode
games on a kingdom of them.

Every test sets exact zones with ``DominionGame.setup`` (decks listed from the top down), plays
outside seats through several turns (a Duration's effect comes at the start of its owner's next
turn), answers each decision and asserts the exact zones, supply, trash and counters. A decision
with a single option is taken without asking, so each ``pending()`` is a real choice. These
cards exist only in the second printing; ``edition=1`` changes none of them (one test).
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import COPPERS, DK, C, at, coins, expect, hand_size, haven, pend, situation, start
from ludolab.games.dominion.engine import (
    DominionGame,
    EndReason,
    Engine,
    simple_bot,
)
from ludolab.games.dominion.log import render


def end_turn(g: DominionGame) -> None:
    """The seat whose turn it is plays no (more) Actions, plays every Treasure (one decision
    each where Treasures are played one at a time) and buys nothing."""
    seat = int(g.counters()["seat"])
    turn = g.counters()[f"turns{seat}"]
    while True:
        d = g.pending()
        if d is None or d.seat != seat or d.kind not in (DK.PLAY, DK.TREASURE, DK.BUY):
            return
        if d.kind == DK.TREASURE:
            treasures = [o for o in d.options if o >= 0]
            g.answer(treasures[0] if treasures else -1)
        else:
            g.answer(-1)
        c = g.counters()
        if int(c["seat"]) != seat or c[f"turns{seat}"] != turn:
            return


def buy(g: DominionGame, seat: int, name: str) -> None:
    """Seat ``seat`` plays every Treasure (where asked) and buys ``name``."""
    while True:
        d = g.pending()
        assert d is not None and d.seat == seat, d and d.describe()
        if d.kind == DK.TREASURE:
            treasures = [o for o in d.options if o >= 0]
            g.answer(treasures[0] if treasures else -1)
            continue
        if d.kind == DK.PLAY:
            g.answer(-1)
            continue
        assert d.kind == DK.BUY, d.describe()
        g.answer(C(name))
        return


# --- Sea Witch -----------------------------------------------------------------------------
def test_sea_witch_curses_now_then_draws_two_and_discards_two_next_turn():
    g = start(["Sea Witch"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Sea Witch", "Copper", "Copper", "Copper", "Estate"],
            deck=["Silver", "Silver", "Estate", "Estate", "Copper", "Copper", "Copper", "Gold",
                  "Duchy"], discard=[])
    g.answer(C("Sea Witch"))
    at(g, 0, DK.BUY)
    assert coins(g) == 7  # +2 Cards: both Silvers
    expect(g, 1, discard={"Curse": 1})
    assert g.supply()["Curse"] == 9
    g.answer(-1)
    # the clean-up keeps Sea Witch in play
    expect(g, 0, play={"Sea Witch": 1}, hand={"Estate": 2, "Copper": 3}, deck=["Gold", "Duchy"],
           discard={"Copper": 3, "Silver": 2, "Estate": 1})
    end_turn(g)  # P2's turn
    # P1's turn starts: +2 Cards (Gold, Duchy), then discard 2 (any cards of the hand)
    assert pend(g) == (0, DK.DISCARD, C("Sea Witch"), 2, -1,
                       (C("Copper"), C("Gold"), C("Estate"), C("Duchy")))
    g.answer(C("Duchy"))
    assert pend(g)[:4] == (0, DK.DISCARD, C("Sea Witch"), 1)
    g.answer(C("Estate"))
    at(g, 0, DK.BUY)
    expect(g, 0, hand={"Estate": 1}, play={"Sea Witch": 1, "Copper": 3, "Gold": 1}, deck=[],
           discard={"Copper": 3, "Silver": 2, "Estate": 2, "Duchy": 1})
    g.answer(-1)
    # discarded at the clean-up of the turn it last did something
    assert g.zones(0)["play"] == {}
    assert g.zones(0)["owned"]["Sea Witch"] == 1


def test_sea_witch_curses_in_turn_order_while_they_last():
    g = start(["Sea Witch"], players=4)
    for q in (1, 2, 3):
        g.setup(q, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Sea Witch"] + ["Copper"] * 4, deck=["Copper"] * 10, discard=[],
            supply={"Curse": 2})
    g.answer(C("Sea Witch"))
    expect(g, 1, discard={"Curse": 1})
    expect(g, 2, discard={"Curse": 1})
    expect(g, 3, discard={})
    assert g.supply()["Curse"] == 0


def test_sea_witch_with_no_curses_left_still_draws_now_and_next_turn():
    g = start(["Sea Witch"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Sea Witch"] + ["Copper"] * 4,
            deck=["Silver"] * 2 + ["Estate"] + ["Copper"] * 8, discard=[], supply={"Curse": 0})
    g.answer(C("Sea Witch"))
    expect(g, 1, discard={})
    assert coins(g) == 8
    g.answer(-1)
    assert g.zones(0)["play"] == {"Sea Witch": 1}
    end_turn(g)
    assert pend(g)[:4] == (0, DK.DISCARD, C("Sea Witch"), 2)


def test_moat_blocks_sea_witch_but_its_next_turn_still_comes():
    g = start(["Sea Witch", "Moat"])
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Sea Witch"] + ["Copper"] * 4,
            deck=["Copper"] * 2 + ["Estate"] + ["Copper"] * 8, discard=[])
    g.answer(C("Sea Witch"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    expect(g, 1, discard={})
    at(g, 0, DK.BUY)
    g.answer(-1)
    end_turn(g)
    assert pend(g)[:4] == (0, DK.DISCARD, C("Sea Witch"), 2)
    assert hand_size(g, 0) == 7


def test_sea_witch_next_turn_draw_reshuffles_the_discard_pile():
    g = start(["Sea Witch"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Sea Witch"] + ["Estate"] * 4, deck=["Copper"] * 7, discard=[])
    g.answer(C("Sea Witch"))
    g.answer(-1)  # no buy; the clean-up draws the last 5 cards of the deck
    assert g.zones(0)["deck"] == []
    shuffles = g.counters()["shuffles0"]
    end_turn(g)
    # the +2 Cards shuffle the discard pile (2 Coppers, 4 Estates): 7 cards in hand
    assert g.counters()["shuffles0"] == shuffles + 1
    assert pend(g)[:4] == (0, DK.DISCARD, C("Sea Witch"), 2)
    assert hand_size(g, 0) == 7 and len(g.zones(0)["deck"]) == 4


def test_throne_room_sea_witch_two_curses_and_twice_draw_then_discard_next_turn():
    g = start(["Sea Witch", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Throne Room", "Sea Witch", "Copper", "Copper", "Copper"],
            deck=["Silver"] * 4 + ["Estate"] * 5 + ["Gold", "Gold", "Duchy", "Duchy"],
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Sea Witch"))
    at(g, 0, DK.BUY)
    assert coins(g) == 11
    expect(g, 1, discard={"Curse": 2})
    g.answer(-1)
    expect(g, 0, play={"Throne Room": 1, "Sea Witch": 1}, hand={"Estate": 5})
    end_turn(g)
    # first effect: +2 (Gold, Gold), discard 2; second: +2 (Duchy, Duchy), discard 2
    assert pend(g)[:4] == (0, DK.DISCARD, C("Sea Witch"), 2)
    g.answer(C("Estate"))
    g.answer(C("Estate"))
    # the second effect has drawn the Duchies: 5 + 2 cards
    assert hand_size(g, 0) == 7 and g.zones(0)["deck"] == []
    assert pend(g)[:4] == (0, DK.DISCARD, C("Sea Witch"), 2)
    g.answer(C("Duchy"))
    g.answer(C("Duchy"))
    at(g, 0, DK.BUY)
    expect(g, 0, hand={"Estate": 3}, play={"Throne Room": 1, "Sea Witch": 1, "Gold": 2})
    g.answer(-1)
    assert g.zones(0)["play"] == {}


def test_sea_witch_playbook_discards_the_curse_and_a_victory_card():
    # P2 holds a Pirate: the bot's Gold buy on its second turn stops there with a question to
    # P2, so the bot's discard pile shows what Sea Witch's next turn discarded
    bot = simple_bot("witch", buy=["Province", "Gold", "Silver"])
    g = start(["Sea Witch", "Pirate"], bots=[bot, None])
    g.setup(1, hand=["Copper"] * 5, deck=["Pirate"] + ["Copper"] * 9, discard=[])
    g.setup(0, current=0, hand=["Sea Witch", "Copper", "Copper", "Copper", "Silver"],
            deck=["Copper", "Copper", "Estate", "Silver", "Gold", "Copper", "Copper", "Province",
                  "Curse"], discard=[])
    at(g, 1, DK.BUY)  # the bot's turn: Sea Witch, $7, a Gold
    before = dict(g.zones(0)["discard"])
    g.answer(-1)
    # the bot's next turn: +2 Cards (Province, Curse), discards 2, then $7: a Gold (just gained)
    assert pend(g)[:4] == (1, DK.YESNO, C("Pirate"), C("Gold"))
    after = g.zones(0)["discard"]
    new = {k: after.get(k, 0) - before.get(k, 0) for k in after}
    assert {k: v for k, v in new.items() if v} == {"Curse": 1, "Estate": 1, "Gold": 1}


# --- Monkey --------------------------------------------------------------------------------
def test_monkey_draws_when_the_player_to_the_right_gains_until_the_next_turn():
    """Monkey: "Until your next turn, when the player to your right gains a card, +1 Card. At
    the start of your next turn, +1 Card." Turns pass to the left, so the player to P1's right
    is the one who plays before P1: P3 of three."""
    g = start(["Monkey"], players=3)
    for q in (1, 2):
        g.setup(q, hand=["Silver"] + ["Copper"] * 4, deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Monkey"] + ["Copper"] * 4,
            deck=["Estate"] * 5 + ["Silver", "Gold", "Duchy", "Province"], discard=[])
    g.answer(C("Monkey"))
    at(g, 0, DK.BUY)
    expect(g, 0, hand={}, play={"Monkey": 1, "Copper": 4})  # nothing now
    g.answer(-1)
    expect(g, 0, play={"Monkey": 1}, hand={"Estate": 5})
    buy(g, 1, "Silver")  # P2 is on P1's left: nothing
    at(g, 2, DK.BUY)
    expect(g, 0, hand={"Estate": 5})
    buy(g, 2, "Silver")  # P3 (on P1's right) gains a Silver: P1 draws one
    # P1's turn: +1 Card (Gold)
    at(g, 0, DK.BUY)
    expect(g, 0, hand={"Estate": 5}, play={"Monkey": 1, "Silver": 1, "Gold": 1},
           deck=["Duchy", "Province"])
    g.answer(-1)
    assert g.zones(0)["play"] == {}


def test_monkey_counts_gains_on_its_owners_turn_and_stops_at_the_next_turn():
    # FAQ: the Curse the player to the left gains from your own Sea Witch draws you a card
    g = situation(["Monkey", "Sea Witch", "Village"],
                  hand=["Village", "Monkey", "Sea Witch", "Copper", "Copper"],
                  deck=["Silver", "Silver", "Gold", "Copper", "Sea Witch", "Copper", "Copper",
                        "Copper", "Copper", "Estate", "Estate", "Estate", "Gold", "Gold",
                        "Province"],
                  discard=[], other=COPPERS)
    g.answer(C("Village"))  # +1 Card (Silver), +2 Actions
    g.answer(C("Monkey"))
    g.answer(C("Sea Witch"))  # +2 Cards (Silver, Gold); P2 gains a Curse: +1 Card (Copper)
    at(g, 0, DK.BUY)
    expect(g, 0, hand={}, play={"Village": 1, "Monkey": 1, "Sea Witch": 1, "Copper": 3,
                                "Silver": 2, "Gold": 1})
    g.answer(-1)
    end_turn(g)
    # P1's next turn: Monkey +1 Card, Sea Witch +2 Cards then discard 2 (P1 orders them)
    if g.pending().kind == DK.ORDER:
        assert set(pend(g)[5]) == {C("Monkey"), C("Sea Witch")}
        g.answer(C("Monkey"))
    g.answer(C("Estate"))
    g.answer(C("Estate"))
    # its Monkey's effect has ended: the Sea Witch played now gives P2 a Curse and P1 no card
    at(g, 0, DK.PLAY)
    g.answer(C("Sea Witch"))
    at(g, 0, DK.BUY)
    assert g.zones(0)["deck"] == ["Province"]
    assert g.zones(1)["discard"]["Curse"] == 2


def test_throne_room_monkey_draws_two_a_gain_and_two_next_turn():
    g = start(["Monkey", "Throne Room"])
    g.setup(1, hand=["Silver"] + ["Copper"] * 4, deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Throne Room", "Monkey", "Copper", "Copper", "Copper"],
            deck=["Estate"] * 5 + ["Silver", "Silver", "Gold", "Gold", "Duchy"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Monkey"))
    g.answer(-1)
    buy(g, 1, "Silver")
    at(g, 0, DK.BUY)  # P1's turn: +2 Cards next turn, after +2 on P2's gain
    expect(g, 0, hand={"Estate": 5}, deck=["Duchy"],
           play={"Throne Room": 1, "Monkey": 1, "Silver": 2, "Gold": 2})


def test_monkey_draw_with_an_empty_deck_shuffles():
    g = start(["Monkey"])
    g.setup(1, hand=["Silver"] + ["Copper"] * 4, deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Monkey"] + ["Estate"] * 4, deck=["Copper"] * 5, discard=["Gold"])
    shuffles = g.counters()["shuffles0"]
    g.answer(C("Monkey"))
    g.answer(-1)
    assert g.zones(0)["deck"] == []
    buy(g, 1, "Silver")
    at(g, 0, DK.BUY)
    # P2's gain: P1 shuffles its discard pile (Gold, 4 Estates) and draws one; +1 at its turn
    assert g.counters()["shuffles0"] == shuffles + 1
    assert len(g.zones(0)["deck"]) == 3


# --- Blockade ------------------------------------------------------------------------------
def test_blockade_sets_the_gain_aside_and_it_comes_to_hand_next_turn():
    g = start(["Blockade"])
    g.setup(1, hand=["Silver"] + ["Copper"] * 4, deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Blockade"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[])
    g.answer(C("Blockade"))
    assert pend(g) == (0, DK.GAIN, C("Blockade"), 4, -1,
                       (C("Copper"), C("Silver"), C("Estate"), C("Curse"), C("Blockade")))
    g.answer(C("Silver"))
    at(g, 0, DK.BUY)
    assert haven(g, 0) == {"Silver": 1}
    expect(g, 0, discard={}, play={"Blockade": 1, "Copper": 4})
    assert g.zones(0)["owned"]["Silver"] == 1 and g.supply()["Silver"] == 39
    g.answer(-1)
    expect(g, 0, play={"Blockade": 1})
    assert haven(g, 0) == {"Silver": 1}
    buy(g, 1, "Silver")  # P2 gains a copy on its turn: a Curse too
    expect(g, 1, discard={"Silver": 2, "Copper": 4, "Curse": 1})
    at(g, 0, DK.BUY)  # P1's turn: the Silver is in its hand
    assert haven(g, 0) == {}
    expect(g, 0, hand={"Estate": 5}, play={"Blockade": 1, "Silver": 1})
    g.answer(-1)
    assert g.zones(0)["play"] == {}


def test_blockade_curses_only_gains_on_the_gainers_own_turn():
    # P1 sets a Silver aside; on P2's turn P2's Swindler makes P3 gain a Silver (not on P3's
    # turn): no Curse; then P3 buys a Silver on its own turn: a Curse
    g = start(["Blockade", "Swindler"], players=3)
    g.setup(1, hand=["Swindler"] + ["Copper"] * 4, deck=["Copper"] * 10, discard=[])
    g.setup(2, hand=["Silver"] + ["Copper"] * 4, deck=["Silver"] + ["Copper"] * 10, discard=[])
    g.setup(0, hand=["Blockade"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[])
    g.answer(C("Blockade"))
    g.answer(C("Silver"))
    g.answer(-1)
    assert haven(g, 0) == {"Silver": 1}
    at(g, 1, DK.PLAY)
    g.answer(C("Swindler"))
    while g.pending().seat == 1 and g.pending().source == C("Swindler"):
        g.answer(C("Silver") if C("Silver") in g.pending().options else g.pending().options[0])
    assert g.trash().get("Silver") == 1
    assert "Curse" not in g.zones(2)["discard"]
    end_turn(g)
    buy(g, 2, "Silver")
    assert g.zones(2)["discard"]["Curse"] == 1


def test_moat_against_blockade_spares_that_player_later():
    g = start(["Blockade", "Moat"])
    g.setup(1, hand=["Moat", "Silver"] + ["Copper"] * 3, deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Blockade"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[])
    g.answer(C("Blockade"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    g.answer(C("Silver"))
    g.answer(-1)
    buy(g, 1, "Silver")
    assert "Curse" not in g.zones(1)["discard"]


def test_blockade_gain_trashed_by_watchtower_is_not_set_aside():
    g = start(["Blockade", "Watchtower"])
    g.setup(1, hand=["Silver"] + ["Copper"] * 4, deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Blockade", "Watchtower", "Copper", "Copper", "Copper"],
            deck=["Estate"] * 10, discard=[])
    g.answer(C("Blockade"))
    g.answer(C("Silver"))
    assert pend(g)[:3] == (0, DK.MODE, C("Watchtower"))
    g.answer(0)  # trash it
    at(g, 0, DK.BUY)
    assert haven(g, 0) == {} and g.trash() == {"Silver": 1}
    g.answer(-1)
    assert g.zones(0)["play"] == {}  # nothing to do next turn: discarded now
    buy(g, 1, "Silver")
    assert "Curse" not in g.zones(1)["discard"]


def test_blockade_with_nothing_to_gain_does_nothing_and_leaves_play():
    g = situation(["Blockade", "Smithy"], hand=["Blockade"] + ["Gold"] * 4, deck=["Estate"] * 10,
                  discard=[],
                  supply={"Copper": 0, "Curse": 0, "Estate": 0, "Silver": 0, "Blockade": 0,
                          "Smithy": 0},
                  other=COPPERS)
    g.answer(C("Blockade"))
    at(g, 0, DK.BUY)
    assert haven(g, 0) == {}
    expect(g, 0, play={"Blockade": 1, "Gold": 4})


def test_throne_room_blockade_two_cards_aside_two_curses_per_copy():
    g = start(["Blockade", "Throne Room"])
    g.setup(1, hand=["Silver"] + ["Copper"] * 4, deck=["Copper"] * 10, discard=[])
    g.setup(0, hand=["Throne Room", "Blockade", "Copper", "Copper", "Copper"],
            deck=["Estate"] * 10, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Blockade"))
    g.answer(C("Silver"))
    g.answer(C("Silver"))
    at(g, 0, DK.BUY)
    assert haven(g, 0) == {"Silver": 2}
    g.answer(-1)
    buy(g, 1, "Silver")  # two Blockade effects wait on a Silver: two Curses
    expect(g, 1, discard={"Silver": 2, "Copper": 4, "Curse": 2})
    at(g, 0, DK.BUY)
    expect(g, 0, hand={"Estate": 5}, play={"Throne Room": 1, "Blockade": 1, "Silver": 2})


def test_blockade_default_gains_a_silver():
    bot = simple_bot("b", buy=["Province", "Gold", "Silver"])
    g = situation(["Blockade"], hand=["Blockade"] + ["Copper"] * 4, deck=["Estate"] * 10,
                  discard=[], other=COPPERS, bots=[bot, None])
    at(g, 1, DK.BUY)
    assert haven(g, 0) == {"Silver": 1}


# --- Sailor --------------------------------------------------------------------------------
def test_sailor_plays_a_bought_duration_then_gives_coins_and_a_trash_next_turn():
    g = situation(["Sailor", "Monkey"], hand=["Sailor", "Copper", "Copper", "Copper", "Estate"],
                  deck=["Estate"] + ["Copper"] * 4 + ["Silver"] * 3, discard=[], other=COPPERS)
    g.answer(C("Sailor"))
    buy(g, 0, "Monkey")
    assert pend(g) == (0, DK.YESNO, C("Sailor"), C("Monkey"), -1, (1, 0))
    assert "Monkey" in g.pending().describe()
    g.answer(1)
    at(g, 1, DK.BUY)  # P1's only Buy is used: its turn ended
    expect(g, 0, play={"Sailor": 1, "Monkey": 1}, discard={"Copper": 3, "Estate": 1})
    end_turn(g)
    # P1's turn: Sailor (+$2, trash) and Monkey (+1 Card) both wait: P1 orders them
    assert pend(g)[:2] == (0, DK.ORDER)
    assert set(pend(g)[5]) == {C("Sailor"), C("Monkey")}
    g.answer(C("Monkey"))
    assert pend(g)[:3] == (0, DK.TRASH, C("Sailor"))
    assert -1 in pend(g)[5]
    g.answer(C("Estate"))
    at(g, 0, DK.BUY)
    assert coins(g) == 2 + 4 + 2 and g.trash() == {"Estate": 1}
    expect(g, 0, hand={}, play={"Sailor": 1, "Monkey": 1, "Copper": 4, "Silver": 1})
    g.answer(-1)
    assert g.zones(0)["play"] == {}


def test_sailor_may_decline_and_plays_only_one_gain_a_turn():
    g = situation(["Sailor", "Monkey", "Blockade"],
                  hand=["Sailor", "Blockade", "Copper", "Copper", "Copper"], deck=["Copper"] * 10,
                  discard=[], other=COPPERS)
    g.answer(C("Sailor"))
    g.answer(C("Blockade"))
    g.answer(C("Monkey"))  # gained, to be set aside: Sailor may play it (FAQ)
    assert pend(g)[:4] == (0, DK.YESNO, C("Sailor"), C("Monkey"))
    g.answer(0)  # declined: Blockade sets it aside
    assert haven(g, 0) == {"Monkey": 1}
    buy(g, 0, "Monkey")  # the "once this turn" is still unused
    assert pend(g)[:4] == (0, DK.YESNO, C("Sailor"), C("Monkey"))
    g.answer(1)
    assert g.zones(0)["play"].get("Monkey") == 1


def test_sailor_plays_a_duration_blockade_gains_then_nothing_is_set_aside():
    g = situation(["Sailor", "Monkey", "Blockade"],
                  hand=["Sailor", "Blockade", "Copper", "Copper", "Copper"], deck=["Copper"] * 10,
                  discard=[], other=COPPERS)
    g.answer(C("Sailor"))
    g.answer(C("Blockade"))
    g.answer(C("Monkey"))
    g.answer(1)  # played: it is no longer set aside, Blockade has nothing for next turn
    at(g, 0, DK.BUY)
    assert haven(g, 0) == {}
    expect(g, 0, play={"Sailor": 1, "Blockade": 1, "Monkey": 1, "Copper": 3})
    g.answer(C("Monkey"))  # a second Duration gain this turn: no second play
    at(g, 1, DK.BUY)
    expect(g, 0, play={"Sailor": 1, "Monkey": 1})


def test_two_sailors_play_two_gained_durations():
    g = situation(["Sailor", "Monkey", "Blockade"],
                  hand=["Sailor", "Sailor", "Blockade", "Silver", "Copper"], deck=["Copper"] * 10,
                  discard=[], other=COPPERS)
    g.answer(C("Sailor"))
    g.answer(C("Sailor"))
    g.answer(C("Blockade"))
    g.answer(C("Monkey"))
    g.answer(1)
    buy(g, 0, "Monkey")
    assert pend(g)[:4] == (0, DK.YESNO, C("Sailor"), C("Monkey"))
    g.answer(1)
    assert g.zones(0)["play"]["Monkey"] == 2


def test_sailor_ignores_cards_that_are_not_durations_and_later_turns():
    g = situation(["Sailor", "Monkey"], hand=["Sailor", "Copper", "Copper", "Copper", "Copper"],
                  deck=["Copper"] * 10, discard=[], other=COPPERS)
    g.answer(C("Sailor"))
    buy(g, 0, "Silver")  # not a Duration: no question
    at(g, 1, DK.BUY)
    g.answer(-1)
    d = g.pending()
    if d.kind == DK.TRASH:
        g.answer(-1)
    buy(g, 0, "Monkey")  # the Sailor was played last turn: its "once this turn" is over
    at(g, 1, DK.BUY)
    assert g.zones(0)["discard"].get("Monkey") == 1


def test_sailor_playbook_trashes_a_curse_an_early_estate_and_a_spare_copper():
    bot = simple_bot("s", buy=["Province", "Gold", "Silver"])
    for hand, trashed in (
            (["Curse", "Estate", "Copper", "Copper", "Copper"], {"Curse": 1}),
            (["Estate", "Copper", "Copper", "Copper", "Silver"], {"Estate": 1}),
            # $7 + $2 buys a Province; without a Copper, $8 still does: trash it
            (["Copper", "Copper", "Copper", "Silver", "Silver"], {"Copper": 1}),
            # $4 + $2 = $6 buys Gold; $5 does not: keep it
            (["Copper", "Copper", "Silver", "Duchy", "Duchy"], {}),
    ):
        g = start(["Sailor"], bots=[None, bot])
        g.setup(1, hand=["Sailor"] + ["Copper"] * 4, deck=hand, discard=["Silver"] * 5)
        g.setup(0, hand=["Copper"] * 5, deck=["Copper"] * 10, discard=[])
        end_turn(g)  # P2 (the bot) plays Sailor, draws the hand; P1 again; then P2's turn
        end_turn(g)
        assert g.trash() == trashed, hand


# --- Corsair -------------------------------------------------------------------------------
def test_corsair_trashes_the_first_silver_or_gold_each_other_player_plays():
    g = start(["Corsair"])
    g.setup(1, hand=["Silver", "Silver", "Gold", "Copper", "Copper"], deck=["Copper"] * 10,
            discard=[])
    g.setup(0, hand=["Corsair"] + ["Copper"] * 4, deck=["Estate"] * 5 + ["Gold"], discard=[])
    g.answer(C("Corsair"))
    assert coins(g) == 2
    end_turn(g)
    expect(g, 0, play={"Corsair": 1})
    # P2 plays Silver (trashed after it gave $2), Silver (kept), Gold (kept)
    at(g, 1, DK.TREASURE)
    g.answer(C("Silver"))
    assert g.trash() == {"Silver": 1} and coins(g) == 2
    g.answer(C("Silver"))
    g.answer(C("Gold"))
    assert g.trash() == {"Silver": 1}
    expect(g, 1, play={"Silver": 1, "Gold": 1})
    assert g.zones(1)["owned"]["Silver"] == 1
    end_turn(g)
    # P1's turn: +1 Card (Gold), and the attack ends
    expect(g, 0, hand={"Estate": 5, "Gold": 1}, play={"Corsair": 1})
    end_turn(g)
    assert g.zones(0)["play"] == {}
    at(g, 1, DK.TREASURE)


def test_corsair_a_gold_played_first_is_the_one_trashed():
    g = start(["Corsair"])
    g.setup(1, hand=["Gold", "Silver", "Copper", "Copper", "Copper"], deck=["Copper"] * 10,
            discard=[])
    g.setup(0, hand=["Corsair"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[])
    g.answer(C("Corsair"))
    end_turn(g)
    g.answer(C("Gold"))
    g.answer(C("Silver"))
    assert g.trash() == {"Gold": 1}
    assert coins(g) == 5


def test_corsair_ends_at_its_owners_next_turn():
    g = start(["Corsair"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver"] * 5 + ["Copper"] * 5, discard=[])
    g.setup(0, hand=["Corsair"] + ["Copper"] * 4, deck=["Estate"] * 12, discard=[])
    g.answer(C("Corsair"))
    end_turn(g)
    end_turn(g)  # P2 plays only Coppers
    end_turn(g)  # P1: +1 Card; the Corsair's effect is over
    at(g, 1, DK.TREASURE)
    g.answer(C("Silver"))
    assert g.trash() == {}


def test_moat_against_corsair_keeps_the_silver():
    g = start(["Corsair", "Moat"])
    g.setup(1, hand=["Moat", "Silver", "Copper", "Copper", "Copper"], deck=["Copper"] * 10,
            discard=[])
    g.setup(0, hand=["Corsair"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[])
    g.answer(C("Corsair"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    end_turn(g)
    at(g, 1, DK.PLAY)
    g.answer(-1)
    g.answer(C("Silver"))
    assert g.trash() == {}


def test_throne_room_corsair_two_effects_still_trash_only_the_first_and_draw_two():
    g = start(["Corsair", "Throne Room"])
    g.setup(1, hand=["Silver", "Silver", "Copper", "Copper", "Copper"], deck=["Copper"] * 10,
            discard=[])
    g.setup(0, hand=["Throne Room", "Corsair", "Copper", "Copper", "Copper"],
            deck=["Estate"] * 5 + ["Gold", "Gold"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Corsair"))
    assert coins(g) == 4
    end_turn(g)
    g.answer(C("Silver"))
    g.answer(C("Silver"))
    assert g.trash() == {"Silver": 1}
    end_turn(g)
    expect(g, 0, hand={"Estate": 5, "Gold": 2}, play={"Throne Room": 1, "Corsair": 1})


def test_corsair_hits_every_other_player_each_on_its_own_turn():
    g = start(["Corsair"], players=3)
    for q in (1, 2):
        g.setup(q, hand=["Gold", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 10,
                discard=[])
    g.setup(0, hand=["Corsair"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[])
    g.answer(C("Corsair"))
    end_turn(g)
    end_turn(g)
    end_turn(g)
    assert g.trash() == {"Gold": 2}


# --- Pirate --------------------------------------------------------------------------------
def test_pirate_played_gains_a_treasure_to_hand_next_turn():
    g = situation(["Pirate"], hand=["Pirate"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[],
                  other=COPPERS)
    g.answer(C("Pirate"))
    g.answer(-1)
    expect(g, 0, play={"Pirate": 1})
    end_turn(g)
    assert pend(g) == (0, DK.GAIN, C("Pirate"), 6, -1, (C("Copper"), C("Silver"), C("Gold")))
    g.answer(C("Gold"))
    at(g, 0, DK.BUY)
    expect(g, 0, hand={"Estate": 5}, play={"Pirate": 1, "Gold": 1})
    assert coins(g) == 3
    g.answer(-1)
    assert g.zones(0)["play"] == {}


def test_pirate_is_played_from_hand_when_another_player_gains_a_treasure():
    g = start(["Pirate"])
    g.setup(1, hand=["Pirate", "Copper", "Copper", "Estate", "Estate"], deck=["Estate"] * 10,
            discard=[])
    g.setup(0, hand=["Copper"] * 5, deck=["Copper"] * 10, discard=[])
    buy(g, 0, "Silver")
    assert pend(g) == (1, DK.YESNO, C("Pirate"), C("Silver"), 0, (1, 0))
    assert "Pirate" in g.pending().describe()
    g.answer(1)
    expect(g, 1, hand={"Copper": 2, "Estate": 2}, play={"Pirate": 1})
    # P2's turn: the Treasure to hand
    assert pend(g)[:3] == (1, DK.GAIN, C("Pirate"))
    g.answer(C("Gold"))
    at(g, 1, DK.BUY)
    assert coins(g) == 5
    g.answer(-1)
    assert g.zones(1)["play"] == {}


def test_pirate_on_its_owners_own_buy_and_two_pirates_on_one_gain():
    g = situation(["Pirate"], hand=["Pirate", "Pirate", "Gold", "Gold", "Copper"],
                  deck=["Estate"] * 10, discard=[], other=COPPERS)
    at(g, 0, DK.PLAY)
    g.answer(-1)
    g.answer(C("Gold"))  # buys a Gold: both Pirates may be played now, in the Buy phase
    assert pend(g)[:4] == (0, DK.YESNO, C("Pirate"), C("Gold"))
    g.answer(1)
    assert pend(g)[:4] == (0, DK.YESNO, C("Pirate"), C("Gold"))
    g.answer(1)
    at(g, 1, DK.BUY)
    expect(g, 0, play={"Pirate": 2})
    g.answer(-1)
    g.answer(C("Gold"))
    g.answer(C("Gold"))
    at(g, 0, DK.BUY)
    assert coins(g) == 6


def test_pirate_ignores_gains_that_are_not_treasures():
    g = start(["Pirate"])
    g.setup(1, hand=["Pirate"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[])
    g.setup(0, hand=["Copper"] * 5, deck=["Copper"] * 10, discard=[])
    buy(g, 0, "Estate")
    at(g, 1, DK.PLAY)


def test_pirate_gain_with_the_gold_pile_empty_and_with_no_treasure_left():
    g = situation(["Pirate"], hand=["Pirate"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[],
                  supply={"Gold": 0}, other=COPPERS)
    g.answer(C("Pirate"))
    g.answer(-1)
    end_turn(g)
    assert pend(g)[:3] == (0, DK.GAIN, C("Pirate"))
    assert pend(g)[5] == (C("Copper"), C("Silver"))
    # no Treasure left at all (a game that does not end on piles): nothing gained
    g = situation(["Pirate"], hand=["Pirate"] + ["Copper"] * 4, deck=["Estate"] * 10, discard=[],
                  supply={"Gold": 0, "Silver": 0, "Copper": 0}, other=COPPERS,
                  rules="official,end_on_piles=false")
    g.answer(C("Pirate"))
    g.answer(-1)
    end_turn(g)
    at(g, 0, DK.BUY)
    expect(g, 0, hand={"Estate": 5}, play={"Pirate": 1})


def test_throne_room_pirate_gains_two_treasures():
    g = situation(["Pirate", "Throne Room"],
                  hand=["Throne Room", "Pirate", "Copper", "Copper", "Copper"],
                  deck=["Estate"] * 10, discard=[], other=COPPERS)
    g.answer(C("Throne Room"))
    g.answer(C("Pirate"))
    g.answer(-1)
    end_turn(g)
    g.answer(C("Gold"))
    g.answer(C("Silver"))
    at(g, 0, DK.BUY)
    expect(g, 0, play={"Throne Room": 1, "Pirate": 1, "Gold": 1, "Silver": 1})


def test_pirate_playbook_plays_it_last_and_on_gains():
    bot = simple_bot("p", buy=["Province", "Gold", "Silver"])
    g = situation(["Pirate", "Smithy"], hand=["Pirate", "Smithy", "Copper", "Copper", "Copper"],
                  deck=["Copper", "Copper", "Silver"] + ["Estate"] * 10, discard=[], other=COPPERS,
                  bots=[bot, None])
    at(g, 1, DK.BUY)
    # one Action: Smithy (+3: $7, a Gold), then Pirate played for free on its own Gold gain
    assert g.zones(0)["play"] == {"Pirate": 1}


# --- both printings, the log, random games -----------------------------------------------------
def test_first_edition_rules_play_these_cards_the_same():
    g = start(["Sea Witch"], rules="official,edition=1")
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Sea Witch"] + ["Copper"] * 4, deck=["Silver"] * 2 + ["Copper"] * 9,
            discard=[])
    g.answer(C("Sea Witch"))
    expect(g, 1, discard={"Curse": 1})
    assert coins(g) == 8


def test_log_names_the_corsairs_trash_and_the_pirates_play():
    eng = Engine(["Corsair", "Pirate"], 2)
    bot = simple_bot("c", buy=["Province", "Corsair", "Pirate", "Gold", "Silver"])
    text = render(eng.trace([bot, bot], 5))
    assert "plays Corsair" in text
    assert "trashes Silver" in text or "trashes Gold" in text
    assert "plays Pirate" in text


KINGDOM = ["Sea Witch", "Monkey", "Blockade", "Sailor", "Corsair", "Pirate", "Throne Room",
           "Moat", "Village", "Smithy"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_debug_games_on_these_cards_finish(players):
    eng = Engine(KINGDOM, players)
    bots = [simple_bot(f"b{q}", buy=["Province", "Gold", "Sea Witch", "Corsair", "Pirate",
                                     "Blockade", "Sailor", "Monkey", "Throne Room", "Village",
                                     "Silver"], limits={"Sea Witch": 2})
            for q in range(players)]
    seeds = np.arange(80, dtype=np.uint64) + 1000 * players
    rec = eng.play(bots, seeds, debug=True, random_seats=[players - 1])
    assert len(rec) == 80
    assert set(rec.end_reason.tolist()) <= {EndReason.PROVINCES, EndReason.PILES}
