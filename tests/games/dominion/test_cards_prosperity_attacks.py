"""Prosperity's Attacks and tokens: Rabble, Clerk, Charlatan (second printing), Mountebank, Goons
and Trade Route (first printing), in rulebook situations (card text and the official FAQ),
their default playbooks, and random games on a kingdom of them.

Every test sets exact zones with ``DominionGame.setup`` (decks listed from the top down), plays
as outside seats, answers each decision and asserts the exact zones, supply, trash and counters.
A decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, counters, expect, pend, play_treasures, start
from ludolab.core import rng
from ludolab.games.dominion.engine import DominionGame, Engine, simple_bot


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
    g.answer(0)  # not at the start of the turn
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
    g.answer(0)  # not at the start of the turn
    g.answer(C("Clerk"))
    g.answer(1)
    expect(g, 1, hand={"Moat": 1, "Copper": 4}, deck=[])


def test_clerk_against_diplomat_the_hand_drops_to_four():
    g = start(["Clerk", "Diplomat"])
    g.setup(1, hand=["Diplomat", "Estate", "Estate", "Copper", "Copper"],
            deck=["Silver", "Gold"], discard=[])
    g.setup(0, hand=["Clerk"], deck=["Copper"] * 3, discard=[])
    g.answer(0)  # not at the start of the turn
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
    g.answer(0)  # not at the start of the turn
    g.answer(C("Throne Room"))
    g.answer(C("Clerk"))
    g.answer(C("Estate"))  # the first play; the second finds 4 cards
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 1, 4)
    expect(g, 1, hand={"Copper": 4}, deck=["Estate"])


@pytest.mark.parametrize(
    ("hand", "back"),
    [
        # $5 buys Smithy and so does $4 (the victim's own buy list, not the $5 price tier): the
        # best card it can spare is a Copper, which comes back in the hand after next instead
        # of the Estate
        (["Estate", "Copper", "Copper", "Copper", "Silver"], "Copper"),
        (["Estate", "Silver", "Silver", "Copper", "Copper"], "Estate"),  # $6 Gold needs all
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
    g.answer(0)  # not at the start of the turn
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


def tr_mat(g: DominionGame) -> int:
    from ludolab.games.dominion.engine import kernel as K

    return int(g._view[K.H_TR_MAT])


# --- Clerk at the start of the turn --------------------------------------------------------
def test_clerk_played_at_the_start_of_the_turn_uses_no_action():
    g = start(["Clerk", "Smithy"])
    g.setup(1, hand=["Copper", "Copper", "Estate", "Silver", "Gold"], deck=[], discard=[])
    g.setup(0, hand=["Clerk", "Clerk", "Smithy", "Copper", "Copper"],
            deck=["Copper", "Copper", "Copper"], discard=[])
    assert pend(g) == (0, DK.YESNO, C("Clerk"), C("Clerk"), -1, (1, 0))
    assert "start of your turn" in g.pending().describe()
    g.answer(1)
    assert pend(g)[:3] == (1, DK.TOPDECK, C("Clerk"))
    g.answer(C("Estate"))
    assert pend(g) == (0, DK.YESNO, C("Clerk"), C("Clerk"), -1, (1, 0))
    g.answer(1)  # the second Clerk: seat 1 holds 4 cards now, untouched
    assert pend(g)[:2] == (0, DK.PLAY)
    c = g.counters()
    assert (c["actions"], c["buys"], c["coins"], c["actions_played"]) == (1, 1, 4, 2)
    g.answer(C("Smithy"))  # the Action is still there for the Smithy
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 1, 9)
    expect(g, 0, play={"Clerk": 2, "Smithy": 1, "Copper": 5})
    expect(g, 1, hand={"Copper": 2, "Silver": 1, "Gold": 1}, deck=["Estate"])


def test_clerk_declined_at_the_start_stays_for_the_action_phase():
    g = start(["Clerk"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Clerk", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.answer(0)
    assert pend(g) == (0, DK.PLAY, -1, -1, -1, (C("Clerk"), -1))
    g.answer(C("Clerk"))
    assert pend(g)[:2] == (0, DK.BUY)  # seat 1 holds only Coppers: no choice
    assert counters(g) == (0, 1, 6)
    expect(g, 1, hand={"Copper": 4}, deck=["Copper"])


def test_clerk_at_the_start_of_the_turn_moat_blocks():
    g = start(["Clerk", "Moat"])
    g.setup(1, hand=["Moat"] + ["Copper"] * 4, deck=[], discard=[])
    g.setup(0, hand=["Clerk", "Copper", "Copper", "Estate", "Estate"], deck=[], discard=[])
    g.answer(1)
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (1, 1, 4)
    expect(g, 1, hand={"Moat": 1, "Copper": 4}, deck=[])


@pytest.mark.parametrize(("option", "at_start"), [(1.0, True), (0.0, False)])
def test_clerk_playbook_plays_it_at_the_start(option, at_start):
    bot = simple_bot("clerk", buy=["Province", "Gold", "Silver"])
    bot.card_options[(C("Clerk"), 0)] = option
    g = start(["Clerk", "Smithy"], bots=[bot, None])
    g.setup(0, hand=["Clerk", "Smithy", "Copper", "Copper", "Copper"],
            deck=["Silver"] * 3, discard=[])
    g.setup(1, current=0, hand=["Copper", "Copper", "Estate", "Silver", "Gold"], deck=[],
            discard=[])
    # at the start: Clerk, then Smithy with the Action; else Smithy first (the Clerk's Action
    # is spent on it) and the Clerk is never played
    assert pend(g)[:3] == (1, DK.TOPDECK, C("Clerk")) if at_start else g.pending().seat == 1
    if at_start:
        g.answer(C("Estate"))
        assert g.zones(1)["deck"] == ["Estate"]
    else:
        assert g.zones(1)["deck"] == []


@pytest.mark.parametrize(
    ("hand", "bought"),
    [
        # kept for the Throne Room: $4 from the Clerk played twice + $3 = $7, a Gold (played at
        # the start it would be $2 + $3 with the Throne Room dead: a Silver)
        (["Throne Room", "Clerk", "Copper", "Copper", "Copper"], "Gold"),
        # two Clerks, one Throne Room: one at the start ($2), one twice ($4), + $2 = $8
        (["Throne Room", "Clerk", "Clerk", "Copper", "Copper"], "Province"),
    ],
)
def test_clerk_playbook_keeps_one_for_a_throne_room(hand, bought):
    bot = simple_bot("clerk", buy=["Province", "Gold", "Silver"])
    g = start(["Clerk", "Throne Room"], bots=[bot, None])
    g.setup(0, hand=hand, deck=["Estate"] * 5, discard=[])
    g.setup(1, current=0, hand=["Copper"] * 5, deck=[], discard=[])
    assert g.pending().seat == 1
    assert g.zones(0)["owned"].get(bought, 0) == 1


# --- Goons' VP tokens ----------------------------------------------------------------------
def test_goons_one_vp_token_per_card_bought():
    g = start(["Goons"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Goons", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.answer(C("Goons"))
    assert counters(g) == (0, 2, 6)
    g.answer(C("Silver"))
    assert g.counters()["vp_tokens0"] == 1
    g.answer(C("Curse"))  # any card bought counts, a Curse too
    assert g.pending().seat == 1
    assert g.counters()["vp_tokens0"] == 2
    assert g.vp()[0] == 2 - 1  # two tokens, the Curse (no Estate in these zones)


def test_goons_under_throne_room_is_one_card_in_play():
    g = start(["Goons", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Goons", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Goons"))
    assert counters(g) == (0, 3, 7)
    g.answer(C("Silver"))
    g.answer(C("Copper"))
    g.answer(C("Copper"))
    assert g.counters()["vp_tokens0"] == 3  # one a buy, not two


def test_two_goons_in_play_two_tokens_a_buy_and_none_for_a_gain():
    g = start(["Goons", "Village", "Workshop"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Village", "Village", "Goons", "Goons", "Workshop"],
            deck=["Copper", "Copper"], discard=[])
    g.answer(C("Village"))
    g.answer(C("Village"))
    g.answer(C("Goons"))
    g.answer(C("Goons"))
    g.answer(C("Workshop"))
    g.answer(C("Silver"))  # gained, not bought: no token
    assert g.counters()["vp_tokens0"] == 0
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 3, 6)
    g.answer(C("Silver"))
    assert g.counters()["vp_tokens0"] == 2
    g.answer(-1)
    assert g.counters()["vp_tokens0"] == 2


def test_goons_bought_while_no_goons_is_in_play_gives_no_token():
    g = start(["Goons"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Gold", "Gold", "Copper", "Estate", "Estate"], deck=[], discard=[])
    g.answer(C("Goons"))
    assert g.counters()["vp_tokens0"] == 0


# --- Charlatan: Curse is also a Treasure worth $1 ------------------------------------------
def test_charlatan_game_curses_are_treasures_worth_one():
    g = start(["Charlatan"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Curse", "Curse", "Copper", "Estate", "Estate"], deck=[], discard=[])
    assert pend(g)[:2] == (0, DK.TREASURE)
    assert set(g.pending().options) == {C("Curse"), C("Copper"), -1}
    play_treasures(g)
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (1, 1, 3)
    expect(g, 0, play={"Curse": 2, "Copper": 1})
    assert g.vp()[0] == 2 - 2  # two Estates; still -1 VP a Curse


def test_without_charlatan_a_curse_is_no_treasure():
    g = start(["Witch"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Curse", "Curse", "Copper", "Estate", "Estate"], deck=[], discard=[])
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (1, 1, 1)


def test_charlatan_game_rabble_discards_revealed_curses():
    g = start(["Charlatan", "Rabble"])
    g.setup(1, hand=["Copper"] * 5, deck=["Curse", "Estate", "Curse"], discard=[])
    g.setup(0, hand=["Rabble"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Rabble"))
    expect(g, 1, deck=["Estate"], discard={"Curse": 2})


def test_charlatan_victim_bot_plays_its_curses():
    bot = simple_bot("victim", buy=["Province", "Duchy", "Silver"])
    g = start(["Charlatan"], bots=[None, bot])
    g.setup(1, hand=["Curse", "Curse", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Estate"] * 5, deck=[], discard=[])
    g.answer(-1)  # seat 0 buys nothing; seat 1's bot has $5 (not $3): a Duchy
    assert g.zones(1)["owned"].get("Duchy", 0) == 1


# --- Trade Route ---------------------------------------------------------------------------
def test_trade_route_with_an_empty_mat_gives_a_buy_and_trashes_a_card():
    g = start(["Trade Route"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Trade Route", "Estate", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.answer(C("Trade Route"))
    assert pend(g) == (0, DK.TRASH, C("Trade Route"), -1, -1, (C("Copper"), C("Estate")))
    g.answer(C("Estate"))
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 2, 3)
    assert g.trash() == {"Estate": 1}
    assert tr_mat(g) == 0


def test_trade_route_with_nothing_else_in_hand_trashes_nothing():
    g = start(["Trade Route"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Trade Route"], deck=[], discard=[])
    g.answer(C("Trade Route"))
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 2, 0)
    assert g.trash() == {}


def test_trade_route_tokens_move_at_the_first_gain_from_each_victory_pile():
    g = start(["Trade Route", "Gardens", "Workshop"])
    g.setup(1, hand=["Workshop", "Copper", "Copper", "Copper", "Copper"],
            deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Trade Route", "Gold", "Gold", "Copper", "Estate"],
            deck=["Trade Route", "Copper", "Copper", "Copper", "Copper"], discard=[])
    g.answer(C("Trade Route"))
    g.answer(C("Estate"))
    assert counters(g) == (0, 2, 7)
    g.answer(C("Estate"))  # the Estate pile's token moves to the mat
    assert tr_mat(g) == 1
    g.answer(C("Estate"))  # a second Estate: that token has moved already
    assert tr_mat(g) == 1
    # seat 1: Workshop gains a Gardens (a gain, not a buy: its token moves), buys a Curse
    # (not a Victory pile: no token)
    g.answer(C("Workshop"))
    g.answer(C("Gardens"))
    assert tr_mat(g) == 2
    g.answer(C("Curse"))
    assert tr_mat(g) == 2
    # seat 0 again: Trade Route gives +$2
    g.answer(C("Trade Route"))  # its trash: a Copper, the only card (no decision)
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 2, 2 + 3)
    g.answer(C("Duchy"))
    assert tr_mat(g) == 3


def test_throne_room_trade_route_counts_the_mat_twice_and_trashes_twice():
    g = start(["Trade Route", "Throne Room"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Trade Route", "Curse", "Estate", "Copper"], deck=[],
            discard=[], supply={"Estate": 7})
    g.answer(C("Throne Room"))
    g.answer(C("Trade Route"))
    g.answer(C("Curse"))
    g.answer(C("Estate"))
    assert pend(g)[:2] == (0, DK.BUY)
    assert counters(g) == (0, 3, 1)
    assert g.trash() == {"Curse": 1, "Estate": 1}


@pytest.mark.parametrize(
    ("hand", "trashed", "estates_left"),
    [
        (["Curse", "Estate", "Copper", "Silver"], "Curse", 8),
        (["Estate", "Copper", "Silver", "Gold"], "Estate", 8),
        (["Estate", "Copper", "Silver", "Gold"], "Copper", 2),  # late: keep the Estate's VP
        (["Silver", "Gold", "Gold", "Gold"], None, 8),  # nothing to trash: not played
    ],
)
def test_trade_route_trash_playbook(hand, trashed, estates_left):
    bot = simple_bot("tr", buy=["Province", "Gold", "Silver"])
    g = start(["Trade Route"], bots=[bot, None])
    g.setup(0, hand=["Trade Route", *hand], deck=[], discard=[])
    g.setup(1, current=0, hand=["Copper"] * 5, deck=[], discard=[],
            supply={"Estate": estates_left, "Province": estates_left})
    assert g.trash() == ({trashed: 1} if trashed else {})


# --- random games ---------------------------------------------------------------------------
MY_KINGDOM = ["Rabble", "Clerk", "Mountebank", "Goons", "Charlatan", "Trade Route",
              "Throne Room", "Moat", "Diplomat", "Gardens"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_on_the_kingdom_keep_every_invariant(players):
    """Debug mode checks card conservation after every turn and every bot answer against its
    options; random seats answer every decision (Clerk's start, the put-backs, Treasures, the
    reactions) uniformly at random. The 3-player games have Platinum and Colony (Trade Route's
    Colony token)."""
    r = np.random.default_rng(players)
    names = MY_KINGDOM[:6]
    bots = []
    for s in range(players):
        picks = [names[i] for i in r.choice(6, 3, replace=False)]
        top = ["Colony", "Platinum"] if players == 3 else []
        bot = simple_bot(f"bot{s}", buy=[*top, "Province", "Gold", *picks, "Gardens", "Silver",
                                         "Copper"], limits={p: 3 for p in picks})
        bot.card_options[(C("Mountebank"), 0)] = float(s % 2)
        bot.card_options[(C("Clerk"), 0)] = float((s + 1) % 2)
        bots.append(bot)
    eng = Engine(MY_KINGDOM, players, "official,colony=yes" if players == 3 else "official")
    for random_seats in ([], [0], list(range(players))):
        seeds = rng.game_seeds(7, players, 40 if len(random_seats) < players else 20)
        rec = eng.play(bots, seeds, debug=True, random_seats=random_seats)
        assert len(rec) == len(seeds)
        assert (rec.turns <= eng.rules.effective_turn_cap()).all()


def test_trade_route_colony_pile_carries_a_token_platinum_does_not():
    g = start(["Trade Route"], 2, "official,colony=yes")
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Trade Route", "Platinum", "Platinum", "Copper", "Estate"], deck=[],
            discard=[])
    g.answer(C("Trade Route"))
    g.answer(C("Estate"))
    assert counters(g) == (0, 2, 11)
    g.answer(C("Colony"))  # the first Colony gained: its pile's token moves
    assert tr_mat(g) == 1
    assert g.supply()["Colony"] == 7
    g.answer(C("Copper"))  # the last buy, $0: a Treasure pile, no token
    assert tr_mat(g) == 1

