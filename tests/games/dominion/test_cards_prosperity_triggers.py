"""Prosperity's cards that act when cards are bought or gained: Hoard, Talisman, Royal Seal,
Tiara, Collection, Contraband and Mint (both printings where the text changed).

Rulebook situations from the printed text and the official FAQ (Dominion Strategy wiki), in the
style of ``test_cards_base.py``: exact zones set with ``DominionGame.setup`` (decks listed from
the top down), the cards played by an outside seat (in these games every Treasure is played by
a decision of its own: ``play_treasures``), its decisions answered, and the exact hand, deck,
discard, trash, supply and counters asserted. A few FAQ points need a gain that no card of
these sets makes during a buy phase (a Victory card or a Mint gained without buying it): those
call the kernel's ``gain`` on a copy of the state at the pending decision (``gain_now``), as
such a card's home would. Then the default playbooks (a bot seat plays one turn), and random
debug-mode games on a kingdom of these cards.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import (
    DK,
    C,
    bot_turn,
    buy,
    buys,
    coins,
    expect,
    order,
    play_treasures,
    start,
    topdeck,
)
from ludolab.games.dominion.bots import compile_bot, parse_bot_text
from ludolab.games.dominion.engine import (
    DominionGame,
    EndReason,
    Engine,
    simple_bot,
)
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.log import render


def gain_now(g: DominionGame, seat: int, name: str, *, bought: bool = False) -> np.ndarray:
    """A copy of the state at the pending decision after ``seat`` gained ``name`` through the
    kernel's ``gain`` (to its discard pile, with the game's ``gained`` hooks), as a card that
    gains it during that turn would; ``bought``: as the buy of that card does (``H_BUYING``)."""
    env = g._get_env()
    S = g._view.copy()
    S[K.H_BUYING] = C(name) if bought else -1
    assert K.gain(S, env.I, env.F, seat, C(name), 0)
    return S


def count(g: DominionGame, S: np.ndarray, seat: int, zone: str, name: str) -> int:
    return int(S[g.engine.layout.zone(seat, zone)][C(name)])


# --- Hoard -------------------------------------------------------------------------------------
def test_hoard_gains_a_gold_when_its_player_buys_a_victory_card():
    g = start(["Hoard"])
    g.setup(0, hand=["Hoard", "Gold", "Gold"], deck=["Copper"] * 5, discard=[])
    golds = g.supply()["Gold"]
    play_treasures(g, "Hoard", "Gold", "Gold")
    assert (coins(g), buys(g)) == (8, 1)  # Hoard is worth $2
    buy(g, "Province")
    assert g.pending().seat == 1
    expect(g, 0, discard={"Hoard": 1, "Gold": 3, "Province": 1}, hand={"Copper": 5})
    assert g.supply()["Gold"] == golds - 1


def test_hoard_gains_nothing_when_the_card_bought_is_not_a_victory_card():
    g = start(["Hoard"])
    g.setup(0, hand=["Hoard", "Gold", "Silver"], deck=["Copper"] * 5, discard=[])
    golds = g.supply()["Gold"]
    play_treasures(g, "Hoard", "Gold", "Silver")
    buy(g, "Gold")
    expect(g, 0, discard={"Hoard": 1, "Gold": 2, "Silver": 1})
    assert g.supply()["Gold"] == golds - 1  # only the Gold bought


@pytest.mark.parametrize("rules", ["official", "official,edition=1"])
def test_two_hoards_and_two_estates_bought_gain_four_golds(rules):
    # FAQ: cumulative: two Hoards in play, two Estates bought and gained: four Golds
    g = start(["Hoard", "Collection"], rules=rules)
    g.setup(0, hand=["Hoard", "Hoard", "Collection"], deck=["Copper"] * 5, discard=[])
    golds = g.supply()["Gold"]
    play_treasures(g, "Hoard", "Hoard", "Collection")
    assert (coins(g), buys(g)) == (6, 2)
    buy(g, "Estate")
    assert g.zones(0)["discard"] == {"Estate": 1, "Gold": 2}
    buy(g, "Estate")
    expect(g, 0, discard={"Hoard": 2, "Collection": 1, "Estate": 2, "Gold": 4})
    assert g.supply()["Gold"] == golds - 4
    assert g.counters()["vp_tokens0"] == 0  # Collection: Estates are not Action cards


def test_hoard_gains_no_gold_for_a_victory_card_gained_without_buying_it():
    # FAQ (second printing): only a Victory card you bought, not one gained other ways
    g = start(["Hoard"])
    g.setup(0, hand=["Hoard", "Silver"], deck=["Copper"] * 5, discard=[])
    play_treasures(g, "Hoard", "Silver")
    assert g.pending().kind == DK.BUY
    S = gain_now(g, 0, "Duchy")
    assert (count(g, S, 0, "discard", "Duchy"), count(g, S, 0, "discard", "Gold")) == (1, 0)
    S = gain_now(g, 0, "Duchy", bought=True)
    assert (count(g, S, 0, "discard", "Duchy"), count(g, S, 0, "discard", "Gold")) == (1, 1)


def test_hoard_played_twice_with_tiara_gains_two_golds():
    # Rules clarification (second printing): played twice (Tiara), two Golds per Victory card
    g = start(["Hoard", "Tiara"])
    g.setup(0, hand=["Tiara", "Hoard", "Gold", "Silver"], deck=["Copper"] * 5, discard=[])
    golds = g.supply()["Gold"]
    play_treasures(g, "Tiara")
    d = g.pending()
    assert (d.kind, d.source) == (DK.PLAY, C("Tiara"))
    assert set(d.options) == {C("Hoard"), C("Gold"), C("Silver"), -1}
    g.answer(C("Hoard"))
    assert (coins(g), buys(g)) == (4, 2)
    play_treasures(g, "Gold", "Silver")
    buy(g, "Province")
    order(g, "Province", ["Tiara", "Hoard"])
    topdeck(g, "Tiara", "Province", False)
    topdeck(g, "Tiara", "Gold", False)
    topdeck(g, "Tiara", "Gold", False)
    g.answer(-1)  # $1 left
    expect(g, 0, discard={"Tiara": 1, "Hoard": 1, "Gold": 3, "Silver": 1, "Province": 1})
    assert g.supply()["Gold"] == golds - 2


@pytest.mark.parametrize("rules, golds_gained", [("official", 1), ("official,edition=1", 0)])
def test_hoard_trashed_by_mint_still_gives_its_gold_in_the_second_printing_only(rules,
                                                                            golds_gained):
    # Second printing: "this turn" (the Gold comes even once Hoard has left play); first
    # printing: "while this is in play" (a Hoard trashed by buying Mint no longer counts)
    g = start(["Hoard", "Collection", "Mint"], rules=rules)
    g.setup(0, hand=["Hoard", "Collection", "Gold", "Gold", "Gold"], deck=["Copper"] * 5,
            discard=[])
    golds = g.supply()["Gold"]
    play_treasures(g, "Hoard", "Collection", "Gold", "Gold", "Gold")
    assert (coins(g), buys(g)) == (13, 2)
    buy(g, "Mint")
    if golds_gained:  # second printing: Mint's own when-gain and Collection's
        order(g, "Mint", ["Mint", "Collection"])
    assert g.trash() == {"Hoard": 1, "Collection": 1, "Gold": 3}
    assert (coins(g), buys(g)) == (8, 1)  # the $ already made stays
    buy(g, "Province")
    assert g.supply()["Gold"] == golds - golds_gained
    expect(g, 0, discard={"Mint": 1, "Province": 1, **({"Gold": 1} if golds_gained else {})})


def test_hoard_first_printing_gains_the_gold_when_the_card_is_bought():
    g = start(["Hoard"], rules="official,edition=1")
    g.setup(0, hand=["Hoard", "Gold", "Gold"], deck=["Copper"] * 5, discard=[])
    play_treasures(g, "Hoard", "Gold", "Gold")
    buy(g, "Province")
    expect(g, 0, discard={"Hoard": 1, "Gold": 3, "Province": 1})
    # the first printing looks at the buy only: a Victory card gained otherwise gains nothing
    g = start(["Hoard"], rules="official,edition=1")
    g.setup(0, hand=["Hoard", "Silver"], deck=["Copper"] * 5, discard=[])
    play_treasures(g, "Hoard", "Silver")
    S = gain_now(g, 0, "Duchy", bought=True)
    assert count(g, S, 0, "discard", "Gold") == 0


def test_hoard_gold_comes_even_when_watchtower_trashes_the_victory_card_bought():
    # the Victory card was bought and gained; where it went next does not matter
    g = start(["Hoard", "Watchtower"])
    g.setup(0, hand=["Watchtower", "Hoard", "Gold", "Gold"], deck=["Copper"] * 5, discard=[])
    g.answer(-1)  # Watchtower stays in hand
    play_treasures(g, "Hoard", "Gold", "Gold")
    buy(g, "Province")
    order(g, "Province", ["Watchtower", "Hoard"])
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.MODE, C("Watchtower"), C("Province"))
    g.answer(0)  # trash the Province
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.MODE, C("Watchtower"), C("Gold"))
    g.answer(2)  # keep Hoard's Gold
    assert g.trash() == {"Province": 1}
    expect(g, 0, discard={"Watchtower": 1, "Hoard": 1, "Gold": 3})


def test_hoard_gold_pile_empty_gains_nothing():
    g = start(["Hoard"])
    g.setup(0, hand=["Hoard", "Silver", "Silver", "Silver"], deck=["Copper"] * 5, discard=[],
            supply={"Gold": 0})
    play_treasures(g, "Hoard", "Silver", "Silver", "Silver")
    buy(g, "Province")
    expect(g, 0, discard={"Hoard": 1, "Silver": 3, "Province": 1})
    assert g.supply()["Gold"] == 0


# --- Talisman ----------------------------------------------------------------------------------
def test_talisman_gains_a_copy_of_a_card_costing_four_or_less():
    g = start(["Talisman"])
    g.setup(0, hand=["Talisman", "Silver", "Copper"], deck=["Copper"] * 5, discard=[])
    silvers = g.supply()["Silver"]
    play_treasures(g, "Talisman", "Silver", "Copper")
    assert coins(g) == 4  # Talisman is worth $1
    buy(g, "Silver")
    expect(g, 0, discard={"Talisman": 1, "Silver": 3, "Copper": 1})
    assert g.supply()["Silver"] == silvers - 2


def test_two_talismans_gain_two_copies():
    g = start(["Talisman"])
    g.setup(0, hand=["Talisman", "Talisman", "Silver"], deck=["Copper"] * 5, discard=[])
    play_treasures(g, "Talisman", "Talisman", "Silver")
    buy(g, "Talisman")  # $4: another Talisman, and a copy for each Talisman in play
    expect(g, 0, discard={"Talisman": 5, "Silver": 1})


@pytest.mark.parametrize("card", ["Estate", "Great Hall"])
def test_talisman_gains_no_copy_of_a_victory_card(card):
    # Great Hall is an Action - Victory card: a Victory card all the same
    g = start(["Talisman", "Great Hall"])
    g.setup(0, hand=["Talisman", "Silver"], deck=["Copper"] * 5, discard=[])
    supply = g.supply()[card]
    play_treasures(g, "Talisman", "Silver")
    buy(g, card)
    expect(g, 0, discard={"Talisman": 1, "Silver": 1, card: 1})
    assert g.supply()[card] == supply - 1


def test_talisman_gains_no_copy_of_a_five_and_none_once_the_pile_is_empty():
    g = start(["Talisman", "Laboratory"])
    g.setup(0, hand=["Talisman", "Silver", "Silver"], deck=["Copper"] * 5, discard=[])
    play_treasures(g, "Talisman", "Silver", "Silver")
    buy(g, "Laboratory")  # $5
    expect(g, 0, discard={"Talisman": 1, "Silver": 2, "Laboratory": 1})
    # buying the last card of a pile gains no copy (there are none left)
    g = start(["Talisman"])
    g.setup(0, hand=["Talisman", "Silver", "Copper"], deck=["Copper"] * 5, discard=[],
            supply={"Silver": 1})
    play_treasures(g, "Talisman", "Silver", "Copper")
    buy(g, "Silver")
    expect(g, 0, discard={"Talisman": 1, "Silver": 2, "Copper": 1})
    assert g.supply()["Silver"] == 0


def test_talisman_looks_at_the_cost_when_bought_after_bridge():
    # FAQ: the cost when you buy it: a $5 card costs $4 after Bridge, so it gets a copy
    g = start(["Talisman", "Bridge", "Laboratory"])
    g.setup(0, hand=["Bridge", "Talisman", "Silver", "Copper"], deck=["Copper"] * 5,
            discard=[])
    labs = g.supply()["Laboratory"]
    g.answer(C("Bridge"))
    play_treasures(g, "Talisman", "Silver", "Copper")
    assert (coins(g), buys(g)) == (5, 2)
    buy(g, "Laboratory")
    assert g.zones(0)["discard"] == {"Laboratory": 2}
    assert g.supply()["Laboratory"] == labs - 2
    assert (coins(g), buys(g)) == (1, 1)
    g.answer(-1)


def test_talisman_looks_at_the_cost_when_bought_after_quarry():
    # FAQ: Quarry in play makes an Action card $2 cheaper: a $6 Action costs $4
    g = start(["Talisman", "Quarry", "Hoard", "Laboratory"])
    g.setup(0, hand=["Quarry", "Talisman", "Copper", "Copper"], deck=["Copper"] * 5,
            discard=[])
    play_treasures(g, "Quarry", "Talisman", "Copper", "Copper")
    assert coins(g) == 4
    d = g.pending()
    assert C("Laboratory") in d.options and C("Hoard") not in d.options  # Hoard is no Action
    buy(g, "Laboratory")  # $5 - $2 = $3
    expect(g, 0, discard={"Quarry": 1, "Talisman": 1, "Copper": 2, "Laboratory": 2})


# --- Royal Seal --------------------------------------------------------------------------------
def test_royal_seal_may_put_the_card_bought_onto_the_deck():
    g = start(["Royal Seal"])
    g.setup(0, hand=["Royal Seal", "Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Royal Seal", "Gold", "Silver")
    assert coins(g) == 7  # Royal Seal is worth $2
    buy(g, "Gold")
    topdeck(g, "Royal Seal", "Gold", True)
    # the clean-up draws it into the next hand
    expect(g, 0, hand={"Gold": 1, "Estate": 4}, deck=["Estate"],
           discard={"Royal Seal": 1, "Gold": 1, "Silver": 1})


def test_royal_seal_declined_leaves_the_card_in_the_discard_pile():
    g = start(["Royal Seal"])
    g.setup(0, hand=["Royal Seal", "Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Royal Seal", "Gold", "Silver")
    buy(g, "Gold")
    topdeck(g, "Royal Seal", "Gold", False)
    expect(g, 0, hand={"Estate": 5}, deck=[],
           discard={"Royal Seal": 1, "Gold": 2, "Silver": 1})


def test_royal_seal_asks_for_each_card_gained_and_once_for_two_seals():
    # FAQ: each gain is its own choice (here Talisman's copy, then the card bought); two
    # Royal Seals in play still ask once per card
    g = start(["Royal Seal", "Talisman"])
    g.setup(0, hand=["Royal Seal", "Royal Seal", "Talisman"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Royal Seal", "Royal Seal", "Talisman")
    assert coins(g) == 5
    buy(g, "Talisman")
    topdeck(g, "Royal Seal", "Talisman", True)  # the copy (gained before the card bought)
    topdeck(g, "Royal Seal", "Talisman", False)  # the card bought
    assert g.pending().seat == 1
    expect(g, 0, hand={"Talisman": 1, "Estate": 4}, deck=["Estate"],
           discard={"Royal Seal": 2, "Talisman": 2})


@pytest.mark.parametrize("mode, sealed, deck_top", [
    (2, True, "Gold"),  # Watchtower: neither; then Royal Seal puts it onto the deck
    (2, False, "Estate"),  # neither, and Royal Seal declined: the Gold stays discarded
    (0, None, "Estate"),  # Watchtower trashes it: Royal Seal has nothing left to move
    (1, None, "Gold"),  # Watchtower puts it onto the deck: Royal Seal is not asked
])
def test_royal_seal_and_watchtower_in_the_order_the_player_needs(mode, sealed, deck_top):
    # both may act on one gain; each moves the card only from where it was gained; the player
    # orders them (Watchtower first here; the other order: test_cards_prosperity_order.py)
    g = start(["Royal Seal", "Watchtower"])
    g.setup(0, hand=["Royal Seal", "Gold", "Silver", "Watchtower"], deck=["Estate"] * 5,
            discard=[])
    g.answer(-1)  # Watchtower stays in hand (not played)
    play_treasures(g, "Royal Seal", "Gold", "Silver")
    buy(g, "Gold")
    order(g, "Gold", ["Watchtower", "Royal Seal"])
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.MODE, C("Watchtower"), C("Gold"))
    g.answer(mode)
    if sealed is not None:
        topdeck(g, "Royal Seal", "Gold", sealed)
    assert g.pending().seat == 1  # the turn is over: no other question
    z = g.zones(0)
    assert (deck_top in z["hand"]) and z["hand"].get("Gold", 0) == (deck_top == "Gold")
    assert g.trash() == ({"Gold": 1} if mode == 0 else {})
    assert z["discard"].get("Gold", 0) == 1 + (mode == 2 and not sealed)


def test_royal_seal_works_only_while_in_play():
    # a Royal Seal kept in hand (not played) does nothing
    g = start(["Royal Seal"])
    g.setup(0, hand=["Royal Seal", "Gold", "Gold"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Gold", "Gold")
    g.answer(-1)  # stop playing Treasures: Royal Seal stays in hand
    buy(g, "Gold")
    assert g.pending().seat == 1  # no topdeck question
    expect(g, 0, discard={"Royal Seal": 1, "Gold": 3})


def test_royal_seal_playbook_topdecks_good_cards_not_victory_cards():
    bot = simple_bot("seal", buy=["Province", "Gold"])
    g = bot_turn(["Royal Seal"], bot, hand=["Royal Seal", "Gold", "Gold", "Copper"],
                 deck=["Estate"] * 5)
    expect(g, 0, hand={"Estate": 5}, discard={"Royal Seal": 1, "Gold": 2, "Copper": 1,
                                               "Province": 1})
    g = bot_turn(["Royal Seal"], bot, hand=["Royal Seal", "Gold", "Silver"],
                 deck=["Estate"] * 5)
    expect(g, 0, hand={"Gold": 1, "Estate": 4}, discard={"Royal Seal": 1, "Gold": 1,
                                                          "Silver": 1})
    # bot option royal_seal = 2: never
    never = simple_bot("seal", buy=["Province", "Gold"])
    never.card_options[(C("Royal Seal"), 0)] = 2.0
    g = bot_turn(["Royal Seal"], never, hand=["Royal Seal", "Gold", "Silver"],
                 deck=["Estate"] * 5)
    expect(g, 0, hand={"Estate": 5})


# --- Tiara -------------------------------------------------------------------------------------
def test_tiara_gives_a_buy_and_plays_a_treasure_twice():
    g = start(["Tiara"])
    g.setup(0, hand=["Tiara", "Gold", "Copper"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Tiara")
    d = g.pending()
    assert (d.kind, d.source, set(d.options)) == (DK.PLAY, C("Tiara"),
                                                  {C("Gold"), C("Copper"), -1})
    g.answer(C("Gold"))
    assert (coins(g), buys(g)) == (6, 2)
    expect(g, 0, hand={"Copper": 1}, play={"Tiara": 1, "Gold": 1})
    play_treasures(g, "Copper")
    assert coins(g) == 7


def test_tiara_may_play_nothing_twice():
    g = start(["Tiara"])
    g.setup(0, hand=["Tiara", "Gold"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Tiara")
    g.answer(-1)
    assert (coins(g), buys(g)) == (0, 2)
    play_treasures(g, "Gold")
    assert coins(g) == 3


def test_tiara_played_twice_by_tiara_doubles_two_treasures():
    g = start(["Tiara"])
    g.setup(0, hand=["Tiara", "Tiara", "Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Tiara")
    g.answer(C("Tiara"))  # the second Tiara, played twice: each play doubles one Treasure
    d = g.pending()
    assert (d.kind, d.source, set(d.options)) == (DK.PLAY, C("Tiara"),
                                                  {C("Gold"), C("Silver"), -1})
    g.answer(C("Gold"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.PLAY, C("Tiara"), (C("Silver"), -1))
    g.answer(C("Silver"))
    assert (coins(g), buys(g)) == (10, 4)
    expect(g, 0, hand={}, play={"Tiara": 2, "Gold": 1, "Silver": 1})


def test_tiara_on_contraband_lets_the_left_player_name_two_cards():
    g = start(["Tiara", "Contraband"])
    g.setup(0, hand=["Tiara", "Contraband", "Gold"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Tiara")
    g.answer(C("Contraband"))
    for name in ("Province", "Gold"):
        d = g.pending()
        assert (d.seat, d.kind, d.source) == (1, DK.NAME, C("Contraband"))
        g.answer(C(name))
    play_treasures(g, "Gold")
    assert (coins(g), buys(g)) == (9, 4)  # $3 twice and +1 Buy twice, Tiara's +1 Buy
    d = g.pending()
    assert C("Province") not in d.options and C("Gold") not in d.options


def test_tiara_lets_every_later_gain_this_turn_go_onto_the_deck():
    g = start(["Tiara", "Talisman"])
    g.setup(0, hand=["Tiara", "Talisman", "Gold"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Tiara")
    g.answer(C("Talisman"))  # played twice, but "while in play": still one copy
    play_treasures(g, "Gold")
    assert (coins(g), buys(g)) == (5, 2)
    buy(g, "Silver")
    topdeck(g, "Tiara", "Silver", True)  # Talisman's copy
    topdeck(g, "Tiara", "Silver", True)  # the Silver bought
    buy(g, "Copper")  # $0: Talisman gains a copy of it too
    topdeck(g, "Tiara", "Copper", False)
    topdeck(g, "Tiara", "Copper", False)
    expect(g, 0, hand={"Silver": 2, "Estate": 3}, deck=["Estate", "Estate"],
           discard={"Tiara": 1, "Talisman": 1, "Gold": 1, "Copper": 2})


def test_tiara_and_royal_seal_ask_once_per_gain():
    g = start(["Tiara", "Royal Seal"])
    g.setup(0, hand=["Tiara", "Royal Seal", "Gold"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Tiara")
    g.answer(C("Royal Seal"))
    play_treasures(g, "Gold")
    assert coins(g) == 7
    buy(g, "Gold")
    topdeck(g, "Tiara", "Gold", False)
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.BUY)  # Royal Seal does not ask the same again


def test_tiara_playbook_goes_first_and_doubles_the_best_treasure():
    bot = simple_bot("tiara", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Tiara"], bot, hand=["Copper", "Silver", "Tiara", "Gold", "Silver"],
                 deck=["Estate"] * 5)
    # Tiara first, on the Gold: $3 + $3 + $2 + $2 + $1 = $11 and two buys: a Province (left
    # in the discard pile) and a Silver (onto the deck, so in the next hand)
    expect(g, 0, discard={"Copper": 1, "Silver": 2, "Tiara": 1, "Gold": 1, "Province": 1},
           hand={"Silver": 1, "Estate": 4})
    # with two Tiaras and two good Treasures, the second Tiara is the one played twice
    g = bot_turn(["Tiara"], bot, hand=["Tiara", "Tiara", "Gold", "Silver"], deck=["Estate"] * 5)
    expect(g, 0, discard={"Tiara": 2, "Gold": 1, "Silver": 1, "Province": 1})


# --- Collection --------------------------------------------------------------------------------
def test_collection_gives_a_vp_token_per_action_card_gained_this_turn():
    g = start(["Collection", "Village", "Talisman"])
    g.setup(0, hand=["Collection", "Talisman", "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Collection", "Talisman", "Silver")
    assert (coins(g), buys(g)) == (5, 2)
    buy(g, "Village")  # bought, and Talisman's copy gained: two Action cards
    assert g.counters()["vp_tokens0"] == 2
    # another player gaining an Action card this turn scores nothing (it played no Collection)
    S = gain_now(g, 1, "Village")
    vpt = g.engine.layout.scalar(1, "vp_tokens")
    assert count(g, S, 1, "discard", "Village") == 1 and S[vpt] == 0
    buy(g, "Copper")  # not an Action card
    assert g.counters()["vp_tokens0"] == 2
    assert g.counters()["vp_tokens1"] == 0


def test_collection_counts_each_play():
    # two Collections, or one played twice with Tiara: +2 VP per Action card gained
    g = start(["Collection", "Village", "Tiara"])
    g.setup(0, hand=["Tiara", "Collection", "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Tiara")
    g.answer(C("Collection"))
    play_treasures(g, "Silver")
    assert (coins(g), buys(g)) == (6, 4)
    buy(g, "Village")
    order(g, "Village", ["Tiara", "Collection"])
    topdeck(g, "Tiara", "Village", False)
    assert g.counters()["vp_tokens0"] == 2
    buy(g, "Village")
    order(g, "Village", ["Tiara", "Collection"])
    topdeck(g, "Tiara", "Village", False)
    assert g.counters()["vp_tokens0"] == 4


def test_collection_vp_tokens_count_in_the_score():
    g = start(["Collection", "Village"])
    g.setup(0, hand=["Collection", "Collection", "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Collection", "Collection", "Silver")
    buy(g, "Village")
    assert g.counters()["vp_tokens0"] == 2
    # the score: five Estates and two tokens
    assert K.vp_of(g._view, g._get_env().I, 0) == 5 + 2


# --- Contraband --------------------------------------------------------------------------------
def test_contraband_the_player_to_the_left_names_a_card_that_cannot_be_bought():
    g = start(["Contraband"], players=3)
    g.setup(0, hand=["Contraband", "Gold", "Gold"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Gold", "Gold", "Contraband")
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.arg) == (1, DK.NAME, C("Contraband"), 0)
    assert C("Province") in d.options and C("Contraband") in d.options and -1 in d.options
    g.answer(C("Province"))
    assert (coins(g), buys(g)) == (9, 2)
    d = g.pending()
    assert d.kind == DK.BUY and C("Province") not in d.options and C("Gold") in d.options
    buy(g, "Gold")
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.BUY)
    buy(g, "Silver")
    # the ban ends with the turn: seat 1 may buy Province
    g.setup(1, hand=["Gold", "Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    while g.pending().kind == DK.TREASURE:
        g.answer(g.pending().options[0])
    d = g.pending()
    assert (d.seat, d.kind) == (1, DK.BUY) and C("Province") in d.options


def test_two_contrabands_ban_both_names_and_gaining_the_card_otherwise_is_allowed():
    g = start(["Contraband", "Hoard"])
    g.setup(0, hand=["Contraband", "Contraband", "Hoard"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Contraband")
    g.answer(C("Province"))
    play_treasures(g, "Contraband")
    g.answer(C("Gold"))
    play_treasures(g, "Hoard")
    assert (coins(g), buys(g)) == (8, 3)
    d = g.pending()
    assert C("Province") not in d.options and C("Gold") not in d.options
    assert C("Duchy") in d.options
    buy(g, "Duchy")  # Hoard gains a Gold: gaining a named card is not buying it
    assert g.zones(0)["discard"] == {"Duchy": 1, "Gold": 1}


def test_contraband_naming_a_card_outside_the_supply_bans_nothing():
    g = start(["Contraband"])
    g.setup(0, hand=["Contraband", "Gold", "Gold"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Contraband")
    g.answer(-1)
    play_treasures(g, "Gold", "Gold")
    assert C("Province") in g.pending().options


def test_contraband_namer_names_what_the_player_would_buy():
    # seat 1 is a bot: it names the card seat 0's buy rules take with the $ it can expect
    namer = simple_bot("namer", buy=["Province", "Gold", "Silver"])
    g = start(["Contraband"], 2, bots=[None, namer])
    g.setup(0, current=0, hand=["Contraband", "Gold", "Gold"], deck=["Estate"] * 5,
            discard=[])
    play_treasures(g, "Gold", "Gold", "Contraband")
    d = g.pending()
    assert d.kind == DK.BUY and C("Province") not in d.options  # $9: Province named
    g.answer(-1)
    # two Contrabands: the second name is the next likely buy
    g = start(["Contraband"], 2, bots=[None, namer])
    g.setup(0, current=0, hand=["Contraband", "Contraband", "Gold"], deck=["Estate"] * 5,
            discard=[])
    play_treasures(g, "Gold", "Contraband", "Contraband")
    d = g.pending()
    assert C("Province") not in d.options and C("Gold") not in d.options
    assert C("Duchy") in d.options


@pytest.mark.parametrize("mode, named", [(0, "Silver"), (1, "Duchy")])
def test_contraband_name_option(mode, named):
    # $5 expected: seat 0's buy rules (an outside seat: Big Money's Province/Gold/Silver) take
    # a Silver; option contraband_name = 1 names the dearest card it could afford (Duchy, the
    # first of the $5 cards)
    namer = simple_bot("namer", buy=["Province", "Gold", "Silver"])
    namer.card_options[(C("Contraband"), 1)] = float(mode)
    g = start(["Contraband", "Laboratory"], 2, bots=[None, namer])
    g.setup(0, current=0, hand=["Contraband", "Silver"], deck=["Estate"] * 5, discard=[])
    play_treasures(g, "Silver", "Contraband")
    d = g.pending()
    assert d.kind == DK.BUY and C(named) not in d.options
    assert {C("Silver"), C("Duchy"), C("Laboratory")} - {C(named)} <= set(d.options)


def test_contraband_playbook_plays_it_only_when_its_coins_change_the_buy():
    bot = simple_bot("cb", buy=["Province", "Gold", "Silver"])
    # $8 without it: Contraband stays in hand (the Province would be named)
    g = bot_turn(["Contraband"], bot, hand=["Contraband", "Gold", "Gold", "Silver"],
                 deck=["Estate"] * 5)
    expect(g, 0, discard={"Contraband": 1, "Gold": 2, "Silver": 1, "Province": 1})
    # $5 without it: played ($8); the namer (an outside seat, answered here) names Province
    g = start(["Contraband"], 2, bots=[bot, None])
    g.setup(0, current=0, hand=["Contraband", "Gold", "Silver"], deck=["Estate"] * 5,
            discard=[])
    d = g.pending()
    assert (d.seat, d.kind) == (1, DK.NAME)
    g.answer(C("Province"))
    expect(g, 0, discard={"Contraband": 1, "Gold": 2, "Silver": 1})  # bought a Gold


# --- Mint --------------------------------------------------------------------------------------
def test_mint_reveals_a_treasure_and_gains_a_copy():
    g = start(["Mint"])
    g.setup(0, hand=["Mint", "Gold", "Copper", "Estate"], deck=["Estate"] * 5, discard=[])
    golds = g.supply()["Gold"]
    g.answer(C("Mint"))
    d = g.pending()
    assert (d.kind, d.source, set(d.options)) == (DK.REVEAL, C("Mint"),
                                                  {C("Gold"), C("Copper"), -1})
    g.answer(C("Gold"))
    # the revealed Gold stayed in hand (a kingdom without special Treasures plays them all
    # at once: they are in play now, at the buy)
    assert g.pending().kind == DK.BUY and coins(g) == 4
    expect(g, 0, hand={"Estate": 1}, discard={"Gold": 1},
           play={"Mint": 1, "Gold": 1, "Copper": 1})
    assert g.supply()["Gold"] == golds - 1


def test_mint_may_reveal_nothing_and_gains_nothing_from_an_empty_pile():
    g = start(["Mint"])
    g.setup(0, hand=["Mint", "Gold"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Mint"))
    g.answer(-1)
    assert g.pending().kind == DK.BUY
    expect(g, 0, play={"Mint": 1, "Gold": 1}, discard={})
    g = start(["Mint"])
    g.setup(0, hand=["Mint", "Gold"], deck=["Estate"] * 5, discard=[], supply={"Gold": 0})
    g.answer(C("Mint"))
    g.answer(C("Gold"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, play={"Mint": 1, "Gold": 1}, discard={})


@pytest.mark.parametrize("rules", ["official", "official,edition=1"])
def test_buying_mint_trashes_the_treasures_in_play_and_keeps_their_coins(rules):
    # both printings: buying Mint trashes the Treasures in play (not those in hand); the $
    # they made stays for the next buy
    g = start(["Mint", "Collection", "Laboratory"], rules=rules)
    g.setup(0, hand=["Collection", "Gold", "Gold", "Silver", "Copper"], deck=["Estate"] * 5,
            discard=[])
    play_treasures(g, "Collection", "Gold", "Gold", "Silver")
    g.answer(-1)  # the Copper stays in hand
    assert (coins(g), buys(g)) == (10, 2)
    buy(g, "Mint")
    if rules == "official":  # second printing: Mint's own when-gain and Collection's
        order(g, "Mint", ["Mint", "Collection"])
    assert g.trash() == {"Collection": 1, "Gold": 2, "Silver": 1}
    assert (coins(g), buys(g)) == (5, 1)
    assert g.counters()["vp_tokens0"] == 1  # Collection's "this turn": Mint is an Action
    expect(g, 0, hand={"Copper": 1}, play={}, discard={"Mint": 1})
    buy(g, "Laboratory")
    assert g.counters()["vp_tokens0"] == 2
    expect(g, 0, discard={"Mint": 1, "Laboratory": 1, "Copper": 1})


@pytest.mark.parametrize("rules, trashed", [("official", True), ("official,edition=1", False)])
def test_mint_gained_without_buying_it_trashes_in_the_second_printing_only(rules, trashed):
    g = start(["Mint"], rules=rules)
    g.setup(0, hand=["Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    assert g.pending().kind == DK.BUY  # both Treasures in play
    S = gain_now(g, 0, "Mint")
    assert count(g, S, 0, "play", "Gold") == (0 if trashed else 1)
    assert count(g, S, 0, "play", "Silver") == (0 if trashed else 1)
    assert int(S[g.engine.layout.trash][C("Gold")]) == (1 if trashed else 0)
    assert count(g, S, 0, "discard", "Mint") == 1


def test_mint_keeps_duration_treasures_in_play_in_the_second_printing():
    """Mint (second printing): "When you gain this, trash all non-Duration Treasures you have
    in play." An Astrolabe (Treasure-Duration) in play stays in play, its effect still waiting
    for the next turn; the Silver and Gold beside it are trashed."""
    g = start(["Mint", "Astrolabe"])
    g.setup(0, hand=["Astrolabe", "Silver", "Gold"], deck=["Estate"] * 10, discard=[])
    play_treasures(g, "Astrolabe", "Silver", "Gold")
    assert (coins(g), buys(g)) == (6, 2)
    buy(g, "Mint")
    assert g.trash() == {"Silver": 1, "Gold": 1}
    expect(g, 0, play={"Astrolabe": 1}, discard={"Mint": 1}, waiting=["Astrolabe"])
    g.answer(-1)  # buy nothing more: the Astrolabe stays in play for its next turn
    expect(g, 0, play={"Astrolabe": 1}, stay={"Astrolabe": 1}, waiting=["Astrolabe"])


@pytest.mark.parametrize("rules", ["official", "official,edition=1"])
def test_mint_made_cheap_by_bridge_gets_talismans_copy_in_either_printing(rules):
    # Bridge: Mint costs $4, so Talisman copies it. Second printing: gaining the copy trashes
    # the Treasures in play (Talisman included); first printing: buying Mint does, after
    # Talisman's copy (the when-buy order its player chooses)
    g = start(["Mint", "Talisman", "Bridge"], rules=rules)
    g.setup(0, hand=["Bridge", "Talisman", "Silver", "Copper"], deck=["Estate"] * 5,
            discard=[])
    mints = g.supply()["Mint"]
    g.answer(C("Bridge"))
    play_treasures(g, "Talisman", "Silver", "Copper")
    assert (coins(g), buys(g)) == (5, 2)
    buy(g, "Mint")
    assert g.supply()["Mint"] == mints - 2
    assert g.trash() == {"Talisman": 1, "Silver": 1, "Copper": 1}
    expect(g, 0, play={"Bridge": 1}, discard={"Mint": 2})


def test_mint_playbook_copies_the_best_treasure_and_skips_copper():
    bot = simple_bot("mint", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Mint"], bot, hand=["Mint", "Silver", "Copper", "Estate", "Estate"],
                 deck=["Estate"] * 5)
    # Mint copies the Silver (the first Treasure of the buy list in hand); $3: a Silver
    expect(g, 0, discard={"Mint": 1, "Silver": 3, "Copper": 1, "Estate": 2})
    g = bot_turn(["Mint"], bot, hand=["Mint", "Copper", "Copper", "Estate", "Estate"],
                 deck=["Estate"] * 5)
    # nothing worth copying: Mint is not played; $2 buys nothing on this list
    expect(g, 0, discard={"Mint": 1, "Copper": 2, "Estate": 2})
    # an entry whose condition fails is passed over: the Silver, not the Gold
    picky = compile_bot(parse_bot_text(
        'name = "picky"\nbuy = ["Province", "Gold if count(Gold) > 5", "Silver"]\n'))
    g = bot_turn(["Mint"], picky, hand=["Mint", "Gold", "Silver", "Estate", "Estate"],
                 deck=["Estate"] * 5)
    expect(g, 0, discard={"Mint": 1, "Gold": 1, "Silver": 3, "Estate": 2})


# --- the log -----------------------------------------------------------------------------------
def test_log_shows_the_name_the_topdeck_and_the_gold():
    eng = Engine(["Hoard", "Contraband", "Royal Seal"], 2)
    bot = simple_bot("hoard", buy=["Province", "Hoard", "Contraband", "Royal Seal", "Silver"])
    text = render(eng.trace([bot, bot], 7))
    assert "P1 names Province (Contraband)" in text  # P2 played it: P1, on its left, names
    assert "P1 buys Province\n  P1 gains Gold" in text  # Hoard's Gold
    assert "from the discard pile onto the deck" in text  # Royal Seal
    eng = Engine(["Tiara"], 2)
    bot = simple_bot("tiara", buy=["Province", "Gold", "Tiara", "Silver"])
    text = render(eng.trace([bot, bot], 3))
    assert "plays Gold twice (Tiara)" in text


# --- random games ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("edition", [1, 2])
def test_random_debug_games_on_these_cards_finish(players, edition):
    kingdom = ["Hoard", "Talisman", "Royal Seal", "Tiara", "Collection", "Contraband", "Mint",
               "Throne Room", "Bridge", "Village"]
    eng = Engine(kingdom, players, f"official,edition={edition}")
    bots = [simple_bot(f"b{q}", buy=["Province", "Gold", "Mint", "Hoard", "Contraband",
                                     "Royal Seal", "Collection", "Tiara", "Talisman",
                                     "Throne Room", "Village", "Silver"])
            for q in range(players)]
    seeds = np.arange(60, dtype=np.uint64) + 1000 * players + 100 * edition
    rec = eng.play(bots, seeds, debug=True, random_seats=[players - 1])
    assert len(rec) == 60
    assert set(rec.end_reason.tolist()) <= {EndReason.PROVINCES, EndReason.PILES}
