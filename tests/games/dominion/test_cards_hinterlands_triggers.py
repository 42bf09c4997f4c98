"""Hinterlands' Attacks and triggers: Margrave, Witch's Hut, Berserker, Oracle, Noble Brigand,
Nomads, Tunnel, Weaver, Trail, Guard Dog, Fool's Gold and Trader, in rulebook situations from
the printed text and the official FAQ (Dominion Strategy wiki), their default playbooks, and the
kernel's when-discarded and when-trashed blocks they use.

Exact zones are set (decks listed from the top down), the card is played by an outside seat,
each decision answered, and the exact zones and counters asserted. A decision with a single
option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

import numpy as np

from cardtools import (
    COPPERS,
    DK,
    C,
    at,
    bot_turn,
    buy,
    counters,
    expect,
    order,
    pend,
    play_treasures,
    situation,
)
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine import searchkernel as SK
from ludolab.games.dominion.engine import simple_bot
from ludolab.games.dominion.search import DominionSearchPlayer, start_state


# --- Margrave ------------------------------------------------------------------------------------
def test_margrave_draws_three_gives_a_buy_and_others_draw_then_discard_to_three():
    """Margrave: "+3 Cards, +1 Buy. Each other player draws a card, then discards down to 3
    cards in hand." FAQ: drawing is not optional; then they discard to 3."""
    g = situation(["Margrave"], hand=["Margrave"], deck=["Estate", "Estate", "Estate", "Copper"],
                  other={"hand": ["Copper", "Copper", "Estate", "Silver", "Gold"],
                         "deck": ["Duchy"], "discard": []})
    g.answer(C("Margrave"))
    assert pend(g)[:5] == (1, DK.DISCARD, C("Margrave"), 3, 0)  # 6 cards: 3 to go
    g.answer(C("Duchy"))
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    at(g, 0, DK.BUY)
    expect(g, 1, hand={"Copper": 1, "Silver": 1, "Gold": 1}, deck=[],
           discard={"Duchy": 1, "Estate": 1, "Copper": 1})
    expect(g, 0, hand={"Estate": 3}, deck=["Copper"], actions=0, buys=2)


def test_margrave_victim_left_with_three_cards_discards_nothing():
    """Margrave FAQ: "A player who only has 3 cards or fewer after drawing does not discard." """
    g = situation(["Margrave"], hand=["Margrave"], deck=["Estate"] * 3,
                  other={"hand": ["Copper", "Copper"], "deck": ["Gold"], "discard": []})
    g.answer(C("Margrave"))
    at(g, 0, DK.BUY)
    expect(g, 1, hand={"Copper": 2, "Gold": 1}, discard={})


def test_margrave_a_moat_drawn_by_it_comes_too_late():
    """Margrave (wiki): a Reaction the victim draws from it cannot be used against it."""
    g = situation(["Margrave", "Moat"], hand=["Margrave"], deck=["Estate"] * 3,
                  other={"hand": ["Copper"] * 4, "deck": ["Moat"], "discard": []})
    g.answer(C("Margrave"))
    assert pend(g)[:4] == (1, DK.DISCARD, C("Margrave"), 2)
    g.answer(C("Copper"))
    g.answer(C("Copper"))
    expect(g, 1, hand={"Copper": 2, "Moat": 1}, discard={"Copper": 2})


# --- Witch's Hut ---------------------------------------------------------------------------------
def test_witchs_hut_two_actions_discarded_curse_the_others():
    """Witch's Hut: "+4 Cards. Discard 2 cards, revealed. If they're both Actions, each other
    player gains a Curse." FAQ: a card with another type besides Action counts (Moat)."""
    g = situation(["Witch's Hut", "Moat", "Village"], hand=["Witch's Hut"],
                  deck=["Village", "Moat", "Copper", "Copper", "Gold"], other=COPPERS)
    g.answer(C("Witch's Hut"))
    d = pend(g)
    assert d[:5] == (0, DK.DISCARD, C("Witch's Hut"), 2, -1)
    assert set(d[5]) == {C("Village"), C("Moat"), C("Copper")}
    g.answer(C("Village"))
    assert pend(g)[:5] == (0, DK.DISCARD, C("Witch's Hut"), 1, C("Village"))
    g.answer(C("Moat"))
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Village": 1, "Moat": 1}, deck=["Gold"], coins=2)
    expect(g, 1, discard={"Curse": 1})


def test_witchs_hut_not_both_actions_curses_no_one():
    """Witch's Hut FAQ: the cards are revealed even if they aren't both Actions; then no Curse."""
    g = situation(["Witch's Hut", "Village"], hand=["Witch's Hut"],
                  deck=["Village", "Estate", "Copper", "Copper"], other=COPPERS)
    g.answer(C("Witch's Hut"))
    g.answer(C("Village"))
    g.answer(C("Estate"))
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Village": 1, "Estate": 1})
    expect(g, 1, discard={})
    assert g.supply()["Curse"] == 10


def test_witchs_hut_moat_keeps_its_player_from_the_curse():
    """Witch's Hut is an Attack: Moat revealed when it is played leaves that player unaffected."""
    g = situation(["Witch's Hut", "Moat", "Village"], hand=["Witch's Hut"],
                  deck=["Village", "Village", "Copper", "Copper"],
                  other={"hand": ["Moat"] + ["Copper"] * 4, "deck": [], "discard": []})
    g.answer(C("Witch's Hut"))
    assert pend(g)[:4] == (1, DK.YESNO, C("Moat"), C("Witch's Hut"))
    g.answer(1)
    g.answer(C("Village"))
    g.answer(C("Village"))
    at(g, 0, DK.BUY)
    expect(g, 1, discard={})


def test_witchs_hut_playbook_discards_two_dead_actions_for_the_curse():
    """Playbook: with two Actions the turn cannot play, discard them and curse."""
    bot = simple_bot("hut", buy=[])
    g = bot_turn(["Witch's Hut", "Smithy"], bot, hand=["Witch's Hut", "Copper"],
                 deck=["Smithy", "Smithy", "Copper", "Estate", "Copper"], other=COPPERS)
    assert g.supply()["Curse"] == 9
    assert g.zones(1)["discard"] == {"Curse": 1}


# --- Berserker -----------------------------------------------------------------------------------
VICTIM = {"hand": ["Copper", "Copper", "Copper", "Estate", "Silver"], "deck": [], "discard": []}


def test_berserker_gains_a_cheaper_card_and_others_discard_to_three():
    """Berserker: "Gain a card costing less than this. Each other player discards down to 3
    cards in hand." """
    g = situation(["Berserker", "Village"], hand=["Berserker"], deck=[], other=VICTIM)
    g.answer(C("Berserker"))
    d = pend(g)
    assert d[:4] == (0, DK.GAIN, C("Berserker"), 4)
    assert C("Village") in d[5] and C("Berserker") not in d[5] and C("Duchy") not in d[5]
    g.answer(C("Silver"))
    assert pend(g)[:5] == (1, DK.DISCARD, C("Berserker"), 2, 0)
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    expect(g, 0, discard={"Silver": 1}, play={"Berserker": 1})
    expect(g, 1, hand={"Copper": 2, "Silver": 1}, discard={"Copper": 1, "Estate": 1})


def test_berserker_gained_with_an_action_in_play_is_played():
    """Berserker: "When you gain this, if you have an Action in play, play this." FAQ: it goes
    into play, gains the cheaper card and the others discard down to 3."""
    g = situation(["Berserker", "Village"], hand=["Village", "Gold", "Silver"],
                  deck=["Copper"] * 6, other=VICTIM)
    g.answer(C("Village"))
    play_treasures(g)
    buy(g, "Berserker")
    assert pend(g)[:4] == (0, DK.GAIN, C("Berserker"), 4)
    g.answer(C("Silver"))
    assert pend(g)[:5] == (1, DK.DISCARD, C("Berserker"), 2, 0)
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    # its turn over: the Berserker was in play and is cleaned up with the rest
    expect(g, 0, hand={"Copper": 5}, discard={"Village": 1, "Berserker": 1, "Gold": 1,
                                              "Silver": 2, "Copper": 1})
    expect(g, 1, discard={"Estate": 1, "Copper": 1})
    assert g.pending().seat == 1


def test_berserker_gained_with_no_action_in_play_is_not_played():
    """Berserker FAQ: "If you gain a Berserker with no Actions in play, however, you don't play
    it." """
    g = situation(["Berserker"], hand=["Gold", "Gold"], deck=[], other=VICTIM)
    play_treasures(g)
    buy(g, "Berserker")
    assert g.pending().seat == 1
    assert g.zones(0)["owned"]["Berserker"] == 1
    expect(g, 1, discard={})


# --- Oracle (first printing) ---------------------------------------------------------------------
def test_oracle_each_player_reveals_two_you_choose_then_draw_two():
    """Oracle: "Each player (including you) reveals the top 2 cards of their deck, and you
    choose one: either they discard them, or they put them back on top in an order they choose.
    Then +2 Cards." FAQ: you first, then the others; you draw after, so cards you put back are
    the ones you draw; the owner orders the cards put back."""
    g = situation(["Oracle"], hand=["Oracle"], deck=["Estate", "Curse", "Gold", "Silver"],
                  other={"hand": ["Copper"] * 5, "deck": ["Gold", "Silver", "Copper"],
                         "discard": []})
    g.answer(C("Oracle"))
    assert pend(g) == (0, DK.MODE, C("Oracle"), C("Estate"), 0, (0, 1))
    g.answer(0)  # discard my Estate and Curse
    assert pend(g) == (0, DK.MODE, C("Oracle"), C("Gold"), 1, (0, 1))
    g.answer(1)  # put theirs back: they order them
    assert pend(g) == (1, DK.TOPDECK, C("Oracle"), 0, 0, (C("Gold"), C("Silver")))
    g.answer(C("Silver"))
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Estate": 1, "Curse": 1}, deck=[], coins=5,
           play={"Oracle": 1, "Gold": 1, "Silver": 1})
    expect(g, 1, deck=["Silver", "Gold", "Copper"], discard={})


def test_oracle_put_back_by_its_player_is_drawn():
    """Oracle FAQ: "So if you put back the cards you revealed, you will draw them." """
    g = situation(["Oracle"], hand=["Oracle"], deck=["Gold", "Gold", "Estate"], other=COPPERS)
    g.answer(C("Oracle"))
    g.answer(1)
    g.answer(1 if pend(g)[0] == 1 else 0)
    at(g, 0, DK.BUY)
    expect(g, 0, deck=["Estate"], coins=6)


def test_oracle_moat_spares_the_other_player():
    """Oracle is an Attack: Moat keeps the other player's cards where they are."""
    g = situation(["Oracle", "Moat"], hand=["Oracle"], deck=["Gold", "Gold"],
                  other={"hand": ["Moat"] + ["Copper"] * 4, "deck": ["Gold", "Gold"],
                         "discard": []})
    g.answer(C("Oracle"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    assert pend(g)[:5] == (0, DK.MODE, C("Oracle"), C("Gold"), 0)
    g.answer(1)
    at(g, 0, DK.BUY)
    expect(g, 1, deck=["Gold", "Gold"], discard={})


def test_oracle_playbook_discards_my_junk_and_their_gold():
    """Playbook: my Estate and Copper go (worse than two Coppers); their Gold and Silver go."""
    bot = simple_bot("oracle", buy=[])
    g = bot_turn(["Oracle"], bot, hand=["Oracle", "Copper"],
                 deck=["Estate", "Copper", "Gold", "Silver"] + ["Copper"] * 5,
                 other={"hand": ["Copper"] * 5, "deck": ["Gold", "Silver", "Copper"],
                        "discard": []})
    expect(g, 1, discard={"Gold": 1, "Silver": 1})
    # $6 from Copper, Gold and Silver: its buy is a Gold
    expect(g, 0, hand={"Copper": 5}, discard={"Estate": 1, "Copper": 2, "Oracle": 1, "Gold": 2,
                                              "Silver": 1})


# --- Noble Brigand (first printing) --------------------------------------------------------------
def test_noble_brigand_trashes_a_silver_or_gold_you_choose_and_you_gain_it():
    """Noble Brigand: "+$1. When you buy this or play it, each other player reveals the top 2
    cards of their deck, trashes a revealed Silver or Gold you choose, and discards the rest
    ... You gain the trashed cards." """
    g = situation(["Noble Brigand"], hand=["Noble Brigand"], deck=[],
                  other={"hand": ["Copper"] * 5, "deck": ["Silver", "Gold"], "discard": []})
    g.answer(C("Noble Brigand"))
    assert pend(g) == (0, DK.TRASH, C("Noble Brigand"), -1, 1, (C("Silver"), C("Gold")))
    g.answer(C("Silver"))
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Silver": 1}, coins=1)
    expect(g, 1, discard={"Gold": 1}, deck=[])
    assert g.trash() == {}


def test_noble_brigand_victim_without_a_treasure_gains_a_copper():
    """Noble Brigand: "If they didn't reveal a Treasure, they gain a Copper." FAQ: only Silver
    or Gold can be trashed; a player who revealed a Copper gains none."""
    g = situation(["Noble Brigand"], hand=["Noble Brigand"], deck=[],
                  other=[{"hand": ["Copper"] * 5, "deck": ["Estate", "Duchy"], "discard": []},
                         {"hand": ["Copper"] * 5, "deck": ["Copper", "Estate"], "discard": []}],
                  players=3)
    g.answer(C("Noble Brigand"))
    at(g, 0, DK.BUY)
    expect(g, 1, discard={"Duchy": 1, "Estate": 1, "Copper": 1})
    expect(g, 2, discard={"Copper": 1, "Estate": 1})


def test_noble_brigand_bought_attacks_and_moat_cannot_answer():
    """Noble Brigand FAQ: buying it does the attack; buying is not playing an Attack card, so
    Moat cannot respond. Gaining it otherwise does nothing."""
    g = situation(["Noble Brigand", "Moat"], hand=["Gold", "Copper"], deck=[],
                  other={"hand": ["Moat"] + ["Copper"] * 4, "deck": ["Gold", "Estate"],
                         "discard": []})
    play_treasures(g)
    buy(g, "Noble Brigand")
    assert g.pending().seat == 1  # the Gold, the only choice, is taken: no decision
    expect(g, 1, discard={"Estate": 1})
    assert g.zones(0)["owned"]["Gold"] == 2 and g.zones(0)["owned"]["Noble Brigand"] == 1


# --- Nomads --------------------------------------------------------------------------------------
def test_nomads_plays_for_a_buy_and_two_coins():
    """Nomads: "+1 Buy, +$2." """
    g = situation(["Nomads"], hand=["Nomads"], deck=[], other=COPPERS)
    g.answer(C("Nomads"))
    at(g, 0, DK.BUY)
    assert counters(g) == (0, 2, 2)


def test_nomads_gained_gives_two_coins():
    """Nomads: "When you gain ... this, +$2." A bought Nomads is gained: +$2 for the next buy."""
    g = situation(["Nomads"], hand=["Silver", "Silver"], deck=[], other=COPPERS)
    g.answer(C("Silver"))
    g.answer(C("Silver"))
    buy(g, "Nomads")
    assert g.pending().seat == 1  # one buy: the +$2 is left unspent
    assert g.zones(0)["owned"]["Nomads"] == 1


def test_nomads_gained_with_a_buy_left_adds_two_coins_to_spend():
    g = situation(["Nomads"], hand=["Nomads", "Silver", "Silver"], deck=[], other=COPPERS)
    g.answer(C("Nomads"))
    play_treasures(g)
    assert counters(g) == (0, 2, 6)
    buy(g, "Nomads")  # $4: $2 left, then +$2
    at(g, 0, DK.BUY)
    assert counters(g) == (0, 1, 4)


def test_nomads_trashed_gives_two_coins():
    """Nomads: "When you ... trash this, +$2." (trashed from the hand by Chapel)"""
    g = situation(["Nomads", "Chapel"], hand=["Chapel", "Nomads", "Copper"], deck=[],
                  other=COPPERS)
    g.answer(C("Chapel"))
    g.answer(C("Nomads"))
    g.answer(-1)
    at(g, 0, DK.BUY)
    assert g.trash() == {"Nomads": 1}
    assert counters(g) == (0, 1, 2 + 1)


# --- Tunnel --------------------------------------------------------------------------------------
def test_tunnel_discarded_on_your_turn_gains_a_gold():
    """Tunnel: "When you discard this other than during Clean-up, you may reveal it to gain a
    Gold." FAQ: discarded from the hand on your turn (Oasis)."""
    g = situation(["Tunnel", "Oasis"], hand=["Oasis", "Tunnel", "Estate"], deck=["Copper"],
                  other=COPPERS)
    g.answer(C("Oasis"))
    g.answer(C("Tunnel"))
    assert pend(g) == (0, DK.YESNO, C("Tunnel"), C("Gold"), -1, (1, 0))
    g.answer(1)
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Tunnel": 1, "Gold": 1}, hand={"Estate": 1})


def test_tunnel_discarded_to_another_players_attack_gains_a_gold():
    """Tunnel FAQ: it works on another player's turn (Margrave)."""
    g = situation(["Tunnel", "Margrave"], hand=["Margrave"], deck=["Copper"] * 3,
                  other={"hand": ["Tunnel", "Copper", "Copper", "Copper"], "deck": ["Estate"],
                         "discard": []})
    g.answer(C("Margrave"))
    g.answer(C("Tunnel"))
    assert pend(g)[:4] == (1, DK.YESNO, C("Tunnel"), C("Gold"))
    g.answer(1)
    g.answer(C("Estate"))
    at(g, 0, DK.BUY)
    expect(g, 1, discard={"Tunnel": 1, "Gold": 1, "Estate": 1}, hand={"Copper": 3})


def test_tunnel_reveal_is_optional_and_needs_a_gold_left():
    """Tunnel FAQ: revealing is optional; with no Gold left there is nothing to gain."""
    g = situation(["Tunnel", "Oasis"], hand=["Oasis", "Tunnel", "Estate"], deck=["Copper"],
                  other=COPPERS)
    g.answer(C("Oasis"))
    g.answer(C("Tunnel"))
    g.answer(0)
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Tunnel": 1})
    g = situation(["Tunnel", "Oasis"], hand=["Oasis", "Tunnel", "Estate"], deck=["Copper"],
                  other=COPPERS, supply={"Gold": 0})
    g.answer(C("Oasis"))
    g.answer(C("Tunnel"))
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Tunnel": 1})


def test_tunnel_discarded_in_clean_up_does_nothing():
    """Tunnel FAQ: it does not work in Clean-up."""
    g = situation(["Tunnel"], hand=["Tunnel", "Copper"], deck=["Copper"] * 5, other=COPPERS)
    play_treasures(g)
    at(g, 0, DK.BUY)
    g.answer(-1)  # no buy: clean-up discards the Tunnel from the hand
    assert g.pending().seat == 1
    expect(g, 0, discard={"Tunnel": 1, "Copper": 1})


def test_tunnel_revealed_from_the_deck_and_discarded_gains_a_gold():
    """Tunnel FAQ: it works when discarded from the deck (Vassal's discard)."""
    g = situation(["Tunnel", "Vassal"], hand=["Vassal"], deck=["Tunnel"], other=COPPERS)
    g.answer(C("Vassal"))
    assert pend(g)[:3] == (0, DK.YESNO, C("Tunnel"))
    g.answer(1)
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Tunnel": 1, "Gold": 1}, coins=2)


# --- Weaver --------------------------------------------------------------------------------------
def test_weaver_gains_two_silvers_or_a_card_up_to_four():
    """Weaver: "Gain two Silvers or a card costing up to $4." """
    g = situation(["Weaver", "Smithy"], hand=["Weaver"], deck=[], other=COPPERS)
    g.answer(C("Weaver"))
    assert pend(g) == (0, DK.MODE, C("Weaver"), -1, -1, (0, 1))
    g.answer(0)
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Silver": 2})
    g = situation(["Weaver", "Smithy"], hand=["Weaver"], deck=[], other=COPPERS)
    g.answer(C("Weaver"))
    g.answer(1)
    d = pend(g)
    assert d[:4] == (0, DK.GAIN, C("Weaver"), 4)
    assert C("Smithy") in d[5] and C("Gold") not in d[5]
    g.answer(C("Smithy"))
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Smithy": 1})


def test_weaver_discarded_to_an_attack_is_played_on_that_turn():
    """Weaver: "When you discard this other than in Clean-up, you may play it." Discarded to
    Militia on another player's turn, it is played then: two Silvers for its owner, and it
    stays in play until that turn's clean-up."""
    g = situation(["Weaver", "Militia"], hand=["Militia"], deck=["Copper"] * 5,
                  other={"hand": ["Weaver", "Estate", "Copper", "Copper", "Copper"],
                         "deck": [], "discard": []})
    g.answer(C("Militia"))
    g.answer(C("Weaver"))
    assert pend(g) == (1, DK.YESNO, C("Weaver"), C("Weaver"), -1, (1, 0))
    g.answer(1)
    assert pend(g)[:3] == (1, DK.MODE, C("Weaver"))
    g.answer(0)
    g.answer(C("Estate"))
    at(g, 0, DK.BUY)
    expect(g, 1, play={"Weaver": 1}, discard={"Silver": 2, "Estate": 1}, hand={"Copper": 3})
    assert counters(g) == (0, 1, 2)  # the Militia player's turn: its counters untouched
    g.answer(-1)  # no buy: that turn's clean-up discards the Weaver too (official rule)
    at(g, 1, DK.BUY)
    expect(g, 1, play={"Copper": 3}, discard={"Silver": 2, "Estate": 1, "Weaver": 1})


def test_weaver_playbook_takes_the_buy_lists_four_else_two_silvers():
    """Playbook: the card the buy list would buy with $4 (a Smithy), else two Silvers."""
    g = bot_turn(["Weaver", "Smithy"], simple_bot("w", buy=["Smithy", "Silver"]),
                 hand=["Weaver", "Estate"], deck=["Estate"] * 5, other=COPPERS)
    assert g.zones(0)["owned"].get("Smithy", 0) == 1 and g.zones(0)["owned"].get("Silver", 0) == 0
    g = bot_turn(["Weaver", "Smithy"], simple_bot("w", buy=["Silver"]),
                 hand=["Weaver", "Estate"], deck=["Estate"] * 5, other=COPPERS)
    assert g.zones(0)["owned"]["Silver"] == 2


def test_weaver_discarded_and_declined_stays_in_the_discard_pile():
    g = situation(["Weaver", "Oasis"], hand=["Oasis", "Weaver"], deck=["Estate"],
                  other=COPPERS)
    g.answer(C("Oasis"))
    g.answer(C("Weaver"))
    g.answer(0)
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Weaver": 1}, hand={"Estate": 1})


# --- Trail ---------------------------------------------------------------------------------------
def test_trail_plays_for_a_card_and_an_action():
    """Trail: "+1 Card, +1 Action." """
    g = situation(["Trail"], hand=["Trail"], deck=["Gold"], other=COPPERS)
    g.answer(C("Trail"))
    at(g, 0, DK.BUY)
    expect(g, 0, play={"Trail": 1, "Gold": 1}, actions=1, coins=3)


def test_trail_gained_may_be_played():
    """Trail: "When you gain ... this, other than in Clean-up, you may play it." Bought and
    played in the Buy phase: it draws a card."""
    g = situation(["Trail"], hand=["Silver", "Silver"], deck=["Estate"] * 6, other=COPPERS)
    play_treasures(g)
    buy(g, "Trail")
    assert pend(g) == (0, DK.YESNO, C("Trail"), C("Trail"), 0, (1, 0))
    g.answer(1)
    assert g.pending().seat == 1
    # played, then cleaned up with the rest; the card it drew was discarded too
    expect(g, 0, discard={"Trail": 1, "Silver": 2, "Estate": 1}, hand={"Estate": 5})


def test_trail_trashed_may_be_played_from_the_trash():
    """Trail: "When you ... trash ... this, ... you may play it." Played from the trash it goes
    into play (and is its owner's again)."""
    g = situation(["Trail", "Chapel"], hand=["Chapel", "Trail", "Copper"], deck=["Gold"],
                  other=COPPERS)
    g.answer(C("Chapel"))
    g.answer(C("Trail"))
    assert pend(g)[:5] == (0, DK.YESNO, C("Trail"), C("Trail"), 1)
    g.answer(1)
    g.answer(-1)  # Chapel: trash no more
    at(g, 0, DK.BUY)
    assert g.trash() == {}
    expect(g, 0, play={"Chapel": 1, "Trail": 1, "Copper": 1, "Gold": 1}, actions=1)


def test_trail_discarded_may_be_played():
    """Trail: "When you ... discard this, other than in Clean-up, you may play it." """
    g = situation(["Trail", "Oasis"], hand=["Oasis", "Trail"], deck=["Estate", "Gold"],
                  other=COPPERS)
    g.answer(C("Oasis"))
    g.answer(C("Trail"))
    assert pend(g)[:5] == (0, DK.YESNO, C("Trail"), C("Trail"), 2)
    g.answer(1)
    at(g, 0, DK.BUY)
    expect(g, 0, play={"Oasis": 1, "Trail": 1, "Gold": 1}, hand={"Estate": 1})


# --- Guard Dog -----------------------------------------------------------------------------------
def test_guard_dog_draws_two_and_two_more_with_five_or_fewer():
    """Guard Dog: "+2 Cards. If you have 5 or fewer cards in hand, +2 Cards." FAQ: draw 2, then
    count the hand."""
    g = situation(["Guard Dog"], hand=["Guard Dog"] + ["Estate"] * 3,
                  deck=["Copper"] * 4 + ["Gold"], other=COPPERS)
    g.answer(C("Guard Dog"))
    at(g, 0, DK.BUY)
    expect(g, 0, hand={"Estate": 3}, deck=["Gold"], coins=4)
    g = situation(["Guard Dog"], hand=["Guard Dog"] + ["Estate"] * 4,
                  deck=["Copper"] * 4, other=COPPERS)
    g.answer(C("Guard Dog"))
    at(g, 0, DK.BUY)
    expect(g, 0, hand={"Estate": 4}, deck=["Copper", "Copper"], coins=2)


def test_guard_dog_played_against_an_attack_then_the_attack_happens():
    """Guard Dog: "When another player plays an Attack, you may first play this from your
    hand." FAQ: the Attack still happens (the Militia discard comes after the draw)."""
    g = situation(["Guard Dog", "Militia"], hand=["Militia"], deck=["Copper"] * 5,
                  other={"hand": ["Guard Dog", "Estate", "Estate", "Copper", "Copper"],
                         "deck": ["Gold", "Silver", "Gold", "Silver"], "discard": []})
    g.answer(C("Militia"))
    assert pend(g) == (1, DK.YESNO, C("Guard Dog"), C("Militia"), 0, (1, 0))
    g.answer(1)  # 4 cards left, +2 = 6: no more
    assert pend(g)[:4] == (1, DK.DISCARD, C("Militia"), 3)
    g.answer(C("Estate"))
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    at(g, 0, DK.BUY)
    expect(g, 1, play={"Guard Dog": 1}, hand={"Gold": 1, "Silver": 1, "Copper": 1},
           deck=["Gold", "Silver"])
    assert counters(g) == (0, 1, 2)


def test_guard_dog_can_draw_a_moat_in_time():
    """Guard Dog FAQ: the Attack still happens "unless you stop it another way, such as with a
    Moat you just drew"."""
    g = situation(["Guard Dog", "Witch", "Moat"], hand=["Witch"], deck=["Copper"] * 5,
                  other={"hand": ["Guard Dog", "Copper"], "deck": ["Moat", "Copper"],
                         "discard": []})
    g.answer(C("Witch"))
    g.answer(1)  # Guard Dog: 1 + 2 = 3 cards, +2 more: the deck is out
    assert pend(g)[:4] == (1, DK.YESNO, C("Moat"), C("Witch"))
    g.answer(1)
    at(g, 0, DK.BUY)
    expect(g, 1, discard={}, play={"Guard Dog": 1})
    assert g.supply()["Curse"] == 10


# --- Fool's Gold ---------------------------------------------------------------------------------
def test_fools_gold_first_gives_one_each_later_four():
    """Fool's Gold: "If this is the first time you played a Fool's Gold this turn, +$1,
    otherwise +$4." """
    g = situation(["Fool's Gold"], hand=["Fool's Gold"] * 3, deck=[], other=COPPERS)
    play_treasures(g, "Fool's Gold")
    assert counters(g)[2] == 1
    play_treasures(g, "Fool's Gold", "Fool's Gold")
    at(g, 0, DK.BUY)
    assert counters(g) == (1, 1, 1 + 4 + 4)


def test_fools_gold_trashed_when_another_player_gains_a_province():
    """Fool's Gold: "When another player gains a Province, you may trash this from your hand,
    to gain a Gold onto your deck." """
    g = situation(["Fool's Gold"], hand=["Gold", "Gold", "Silver"], deck=[],
                  other={"hand": ["Fool's Gold", "Copper", "Copper", "Estate", "Estate"],
                         "deck": ["Copper"], "discard": []})
    play_treasures(g)
    buy(g, "Province")
    assert pend(g) == (1, DK.YESNO, C("Fool's Gold"), C("Province"), 0, (1, 0))
    g.answer(1)
    assert g.trash() == {"Fool's Gold": 1}
    expect(g, 1, deck=["Gold", "Copper"], hand={"Copper": 2, "Estate": 2})


def test_fools_gold_each_one_may_be_trashed_and_declining_keeps_it():
    """Fool's Gold: each copy is its own reaction; trashing is optional."""
    g = situation(["Fool's Gold"], hand=["Gold", "Gold", "Silver"], deck=[],
                  other={"hand": ["Fool's Gold", "Fool's Gold", "Copper"], "deck": [],
                         "discard": []})
    play_treasures(g)
    buy(g, "Province")
    g.answer(1)
    assert pend(g)[:3] == (1, DK.YESNO, C("Fool's Gold"))
    g.answer(0)
    expect(g, 1, deck=["Gold"], hand={"Fool's Gold": 1, "Copper": 1})


def test_fools_gold_does_not_react_to_its_owners_own_province():
    """Fool's Gold reacts to *another* player's Province."""
    g = situation(["Fool's Gold"], hand=["Gold", "Gold", "Silver", "Fool's Gold"], deck=[],
                  other=COPPERS)
    play_treasures(g, "Gold", "Gold", "Silver")
    g.answer(-1)  # the Fool's Gold stays in hand
    buy(g, "Province")
    assert g.pending().seat == 1
    assert g.trash() == {}


def test_fools_gold_playbook_trashes_a_lone_one_and_keeps_a_pair():
    """Playbook: a lone Fool's Gold ($1) goes for a Gold; two ($5 together) stay."""
    bot = simple_bot("fg", buy=[])
    g = situation(["Fool's Gold"], hand=["Gold", "Gold", "Silver"], deck=[],
                  other={"hand": ["Fool's Gold", "Copper"], "deck": [], "discard": []},
                  bots=[None, bot])
    play_treasures(g)
    buy(g, "Province")
    assert g.trash() == {"Fool's Gold": 1}
    g = situation(["Fool's Gold"], hand=["Gold", "Gold", "Silver"], deck=[],
                  other={"hand": ["Fool's Gold", "Fool's Gold"], "deck": [], "discard": []},
                  bots=[None, bot])
    play_treasures(g)
    buy(g, "Province")
    assert g.trash() == {}


# --- Trader --------------------------------------------------------------------------------------
def test_trader_trashes_a_card_for_a_silver_per_coin_it_costs():
    """Trader: "Trash a card from your hand. Gain a Silver per $1 it costs." """
    g = situation(["Trader"], hand=["Trader", "Estate", "Copper"], deck=[], other=COPPERS)
    g.answer(C("Trader"))
    assert pend(g)[:3] == (0, DK.TRASH, C("Trader")) and -1 not in pend(g)[5]
    g.answer(C("Estate"))
    at(g, 0, DK.BUY)
    assert g.trash() == {"Estate": 1}
    expect(g, 0, discard={"Silver": 2})


def test_trader_exchanges_a_gained_card_for_a_silver():
    """Trader (second printing): "When you gain a card, you may reveal this from your hand, to
    exchange the card for a Silver." The card goes back to its pile."""
    g = situation(["Trader", "Witch"], hand=["Witch"], deck=["Copper"] * 2,
                  other={"hand": ["Trader", "Copper", "Copper", "Copper", "Copper"], "deck": [],
                         "discard": []})
    g.answer(C("Witch"))
    assert pend(g) == (1, DK.YESNO, C("Trader"), C("Curse"), -1, (1, 0))
    g.answer(1)
    at(g, 0, DK.BUY)
    expect(g, 1, discard={"Silver": 1}, hand={"Trader": 1, "Copper": 4})
    assert g.supply()["Curse"] == 10


def test_trader_exchange_declined_keeps_the_card():
    g = situation(["Trader", "Witch"], hand=["Witch"], deck=["Copper"] * 2,
                  other={"hand": ["Trader", "Copper", "Copper", "Copper", "Copper"], "deck": [],
                         "discard": []})
    g.answer(C("Witch"))
    g.answer(0)
    at(g, 0, DK.BUY)
    expect(g, 1, discard={"Curse": 1})


def test_trader_second_printing_exchange_comes_after_the_cards_own_when_gain():
    """Trader (second printing) exchanges a card that was gained: its own when-gain happened
    (Nomads' +$2), the order its gainer chose (K_ORDER)."""
    g = situation(["Trader", "Nomads"], hand=["Trader", "Silver", "Silver"], deck=[],
                  other=COPPERS)
    g.answer(-1)  # keep the Trader in hand
    play_treasures(g)
    buy(g, "Nomads")
    assert pend(g)[:4] == (0, DK.YESNO, C("Trader"), C("Nomads"))
    g.answer(1)
    assert g.pending().seat == 1
    assert g.supply()["Nomads"] == 10 and g.zones(0)["owned"].get("Nomads", 0) == 0
    assert g.zones(0)["owned"]["Silver"] == 3


def test_trader_first_printing_replaces_the_gain_so_no_when_gain():
    """Trader (first printing): "When you would gain a card, you may reveal this from your
    hand. If you do, instead, gain a Silver." The card is never gained: Nomads gives no +$2."""
    g = situation(["Trader", "Nomads"], hand=["Trader", "Silver", "Silver", "Silver"],
                  deck=[], other=COPPERS, rules="official,edition=1")
    g.answer(-1)
    play_treasures(g)
    assert counters(g) == (1, 1, 6)
    buy(g, "Nomads")
    assert pend(g)[:4] == (0, DK.YESNO, C("Trader"), C("Nomads"))
    g.answer(1)
    assert g.pending().seat == 1
    assert g.supply()["Nomads"] == 10 and g.zones(0)["owned"]["Silver"] == 4


def test_trader_playbook_exchanges_a_curse():
    """Playbook: a gained Curse is exchanged for a Silver."""
    bot = simple_bot("trader", buy=[])
    g = situation(["Trader", "Witch"], hand=["Witch"], deck=["Copper"] * 2,
                  other={"hand": ["Trader", "Copper", "Copper", "Copper", "Copper"], "deck": [],
                         "discard": []}, bots=[None, bot])
    g.answer(C("Witch"))
    at(g, 0, DK.BUY)
    expect(g, 1, discard={"Silver": 1})


def test_oracle_cards_put_back_stay_on_top_in_the_search_redeal():
    """Oracle's revealed cards put back are known to every player (the wiki: the order is
    public): the search player's re-deal of another seat keeps them on top and deals the rest
    (that seat's hand and the pile below them) anew."""
    g = situation(["Oracle", "Village"], hand=["Oracle", "Village"],
                  deck=["Estate", "Estate", "Copper"] + ["Copper", "Silver"] * 4,
                  other={"hand": ["Copper", "Estate", "Silver", "Copper", "Duchy"],
                         "deck": ["Gold", "Silver", "Copper", "Estate", "Copper", "Duchy"],
                         "discard": []})
    g.answer(C("Village"))
    g.answer(C("Oracle"))
    g.answer(0)  # my Estates: discarded
    g.answer(1)  # theirs: put back, Silver on top
    g.answer(C("Silver"))
    d = g.pending()
    assert d.kind == DK.BUY and d.seat == 0
    L = g.engine.layout
    V = g._view
    n = int(V[L.scalars(1) + K.PS_DECKN])
    assert list(V[L.deck(1, n)][-2:]) == [C("Gold"), C("Silver")]  # the top is the end
    hidden = DominionSearchPlayer(simple_bot("x"), 1).hidden_own(g, 0)
    dealt = set()
    for key in range(20):
        h = g.clone()
        h._S[:] = start_state(g, 0)
        SK.determinise(h._S, g._view, 0, hidden, np.uint64(key))
        h._advance()
        W = h._view
        assert list(W[L.deck(1, n)][-2:]) == [C("Gold"), C("Silver")]
        dealt.add(tuple(W[L.deck(1, n)][:-2]) + tuple(W[L.zone(1, "hand")]))
    assert len(dealt) > 3  # the rest is dealt anew


def test_trader_and_trail_on_one_gain_are_ordered_by_the_gainer():
    """Two when-gain effects on one gain (Trail's play, Trader's exchange): the gainer orders
    them (K_ORDER, the gained card's own first by default). Trader first: the Trail goes back to
    its pile and its own effect, having lost track of it, is not offered."""
    g = situation(["Trader", "Trail"], hand=["Trader", "Silver", "Silver"], deck=["Gold"] * 6,
                  other=COPPERS)
    g.answer(-1)  # keep the Trader in hand
    play_treasures(g)
    buy(g, "Trail")
    order(g, "Trail", ["Trail", "Trader"], first="Trader")
    assert pend(g)[:4] == (0, DK.YESNO, C("Trader"), C("Trail"))
    g.answer(1)
    assert g.pending().seat == 1  # no Trail offer: it is back in the Supply
    assert g.supply()["Trail"] == 10 and g.zones(0)["owned"]["Silver"] == 3


def test_noble_brigand_turn_is_not_redealt_by_the_search():
    """Noble Brigand's player chooses among another seat's revealed Silver and Gold (as Thief's):
    a re-deal would change those cards, so after it was played or bought this turn the search
    answers with the playbook (``hidden_own`` is None)."""
    g = situation(["Noble Brigand"], hand=["Noble Brigand", "Copper"], deck=["Copper"] * 6,
                  other={"hand": ["Copper"] * 5, "deck": ["Silver", "Gold"], "discard": []})
    assert DominionSearchPlayer.hidden_own(g, 0) is not None
    g.answer(C("Noble Brigand"))
    g.answer(C("Gold"))
    at(g, 0, DK.BUY)
    assert DominionSearchPlayer.hidden_own(g, 0) is None


def test_nomads_trashed_from_the_supply_by_lurker_gives_two_coins():
    """Lurker (wiki, other rulings): trashing a card from the Supply activates its when-trash
    abilities: Nomads trashed by Lurker gives its player +$2."""
    g = situation(["Nomads", "Lurker"], hand=["Lurker"], deck=[], other=COPPERS)
    g.answer(C("Lurker"))
    g.answer(0)  # trash an Action from the Supply
    assert pend(g)[:3] == (0, DK.TRASH, C("Lurker"))
    g.answer(C("Nomads"))
    at(g, 0, DK.BUY)
    assert g.trash() == {"Nomads": 1} and g.supply()["Nomads"] == 9
    assert counters(g) == (1, 1, 2)


def test_witchs_hut_with_one_card_to_discard_curses_no_one():
    """Witch's Hut: with fewer than two cards in hand after the draw, what there is is
    discarded; one Action is not "both Actions": no Curse."""
    g = situation(["Witch's Hut", "Village"], hand=["Witch's Hut"], deck=["Village"],
                  other=COPPERS)
    g.answer(C("Witch's Hut"))
    at(g, 0, DK.BUY)
    expect(g, 0, discard={"Village": 1}, hand={})
    assert g.supply()["Curse"] == 10


def test_trader_is_not_offered_without_a_silver_left():
    """Trader FAQ: with no Silver left there is nothing to exchange for (not offered)."""
    g = situation(["Trader", "Witch"], hand=["Witch"], deck=["Copper"] * 2,
                  other={"hand": ["Trader", "Copper", "Copper", "Copper", "Copper"], "deck": [],
                         "discard": []}, supply={"Silver": 0})
    g.answer(C("Witch"))
    at(g, 0, DK.BUY)
    expect(g, 1, discard={"Curse": 1})


def test_tunnel_discarded_by_another_players_scrying_pool_gains_a_gold():
    """Tunnel FAQ: any discard other than in clean-up, on any turn: Scrying Pool's player
    discarding another player's revealed top card (a Tunnel) lets that player reveal it."""
    g = situation(["Tunnel", "Scrying Pool"], hand=["Scrying Pool"], deck=["Copper"] * 3,
                  other={"hand": ["Copper"] * 5, "deck": ["Tunnel"], "discard": []})
    g.answer(C("Scrying Pool"))
    assert pend(g)[:4] == (0, DK.YESNO, C("Scrying Pool"), C("Copper"))
    g.answer(0)
    assert pend(g)[:4] == (0, DK.YESNO, C("Scrying Pool"), C("Tunnel"))
    g.answer(1)
    assert pend(g)[:4] == (1, DK.YESNO, C("Tunnel"), C("Gold"))
    g.answer(1)
    expect(g, 1, discard={"Tunnel": 1, "Gold": 1}, hand={"Copper": 5})
