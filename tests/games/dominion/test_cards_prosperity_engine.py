"""The Prosperity engine: Treasures played one at a time (K_TREASURE), the
new hooks (gained, bought, buyable, turn_start), the per-turn counters, costs that change in a
turn (Quarry, Peddler, with Intrigue's Bridge), and the homes of Quarry, Peddler, Grand Market
and Watchtower.

Rulebook situations from the printed text and the official FAQ (Dominion Strategy wiki), in the
style of ``test_cards_base.py``: exact zones set with ``DominionGame.setup`` (decks listed from
the top down), the cards played by an outside seat, its decisions answered, and the exact hand,
deck, discard, trash, supply and counters asserted. Then the playbooks (a bot seat plays one
turn), the search player on such a kingdom, and random debug-mode games.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, bot_turn, coins, expect, start
from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import CARDS
from ludolab.games.dominion.engine import (
    DominionGame,
    EndReason,
    Engine,
    EventKind,
    TraceEvent,
    simple_bot,
)
from ludolab.games.dominion.engine import hooks as _hooks
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.kingdom import colony_rules, first_random_card, resolve_kingdom
from ludolab.games.dominion.log import render
from ludolab.games.dominion.rules import ruleset
from ludolab.games.dominion.search import DominionSearchPlayer, play_records


def buy_costs(g: DominionGame) -> dict[str, int]:
    """What each card costs now, as the kernel computes it at the pending decision."""
    eng = g.engine
    S = g._view
    env = eng._make_env([None] * eng.num_players)
    return {name: int(K.cost(S, env.I, C(name))) for name in g.supply()}


# --- Treasures one at a time -------------------------------------------------------------------
def test_a_game_without_special_treasures_plays_every_treasure_at_once():
    g = start(["Smithy"])
    g.setup(0, hand=["Copper", "Copper", "Silver", "Estate", "Estate"], deck=["Estate"] * 5)
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 4  # no Treasure decision: the old loop
    assert g.played() == {"Copper": 2, "Silver": 1}


def test_with_a_special_treasure_each_treasure_is_a_decision_and_stopping_keeps_the_rest():
    g = start(["Quarry", "Smithy"])
    g.setup(0, hand=["Copper", "Copper", "Silver", "Quarry", "Estate"], deck=["Estate"] * 5)
    d = g.pending()
    assert d.kind == DK.TREASURE and d.source == -1
    assert d.options == (C("Copper"), C("Silver"), C("Quarry"), -1)
    assert d.describe() == ("seat 0: play a Treasure "
                            "[Copper, Silver, Quarry, stop playing Treasures]")
    g.answer(C("Quarry"))
    assert coins(g) == 1 and g.counters()["action_cost_down"] == 2
    g.answer(C("Silver"))
    assert coins(g) == 3
    g.answer(-1)  # the two Coppers stay in hand
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 3
    expect(g, 0, hand={"Copper": 2, "Estate": 1}, play={"Silver": 1, "Quarry": 1})
    assert g.played() == {"Silver": 1, "Quarry": 1}
    assert C("Smithy") in d.options and C("Silver") in d.options  # Smithy costs $2
    assert C("Gold") not in d.options


def test_the_last_treasure_ends_the_treasure_decisions():
    g = start(["Quarry"])
    g.setup(0, hand=["Quarry", "Estate", "Estate", "Estate", "Estate"], deck=["Estate"] * 5)
    d = g.pending()
    assert d.kind == DK.TREASURE and d.options == (C("Quarry"), -1)
    g.answer(C("Quarry"))
    assert g.pending().kind == DK.BUY and coins(g) == 1


def test_a_bot_plays_plain_treasures_first_and_every_treasure():
    bot = simple_bot("money", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Quarry"], bot, hand=["Quarry", "Copper", "Silver", "Silver", "Copper"],
                 deck=["Estate"] * 5)
    expect(g, 0, discard={"Quarry": 1, "Copper": 2, "Silver": 2, "Gold": 1})  # $7: Gold


def test_a_traced_game_shows_each_treasure_played_one_at_a_time():
    bot = simple_bot("quarry", buy=["Province", "Gold", "Quarry", "Silver"])
    events = Engine(["Quarry"], 2).trace([bot, bot], 5)
    quarries = [e for e in events if e.kind == EventKind.TREASURE and e.card == C("Quarry")]
    assert quarries and all(e.arg == 1 for e in quarries)
    coppers = [e for e in events if e.kind == EventKind.TREASURE and e.card == C("Copper")]
    assert coppers and all(e.arg == 1 for e in coppers)  # one event per Treasure played


def test_the_play_list_orders_treasures_and_a_listed_treasure_whose_entry_fails_is_kept():
    """``play`` lists reach the Treasure decision: the Quarry listed first is played first; one
    whose entry says no (a copy limit only limits buys, so a condition: ``Quarry if in_play
    Quarry >= 1``) stays in hand."""
    from ludolab.games.dominion.bots import compile_bot, parse_bot_text

    text = """
name = "quarry once"
buy = ["Province", "Gold", "Silver"]
play = ["Quarry if in_play(Quarry) < 1"]
"""
    bot = compile_bot(parse_bot_text(text))
    g = bot_turn(["Quarry"], bot, hand=["Quarry", "Quarry", "Copper", "Estate", "Estate"],
                 deck=["Estate"] * 5)
    # one Quarry played, one kept: $2, a $2 buy is nothing in Big Money's list
    expect(g, 0, discard={"Quarry": 2, "Copper": 1, "Estate": 2})
    assert g.zones(0)["owned"].get("Silver", 0) == 0


# --- Quarry and Bridge: costs that change ------------------------------------------------------
def test_quarry_lowers_action_costs_by_two_while_in_play_and_bridge_adds_its_one():
    g = start(["Quarry", "Bridge", "Smithy", "Peddler"])
    g.setup(0, hand=["Bridge", "Quarry", "Quarry", "Estate", "Estate"], deck=["Estate"] * 5)
    g.answer(C("Bridge"))
    assert g.pending().kind == DK.TREASURE
    costs = buy_costs(g)
    assert costs["Smithy"] == 3 and costs["Gold"] == 5 and costs["Copper"] == 0
    g.answer(C("Quarry"))
    costs = buy_costs(g)
    assert costs["Smithy"] == 1 and costs["Bridge"] == 1 and costs["Gold"] == 5
    g.answer(C("Quarry"))
    costs = buy_costs(g)
    # two Quarries and a Bridge: Actions $5 less, never below $0; Treasures only $1 less
    assert costs["Smithy"] == 0 and costs["Bridge"] == 0 and costs["Silver"] == 2
    assert costs["Peddler"] == 1  # 8 - 1 (Bridge) - 4 (Quarries) - 2 (one Action in play)
    assert g.counters()["action_cost_down"] == 4 and g.counters()["cost_down"] == 1


def test_quarry_reduction_ends_with_the_turn():
    g = start(["Quarry", "Smithy"])
    g.setup(0, hand=["Quarry", "Estate", "Estate", "Estate", "Estate"], deck=["Estate"] * 10)
    g.answer(C("Quarry"))
    g.answer(-1)  # buy nothing
    assert g.counters()["seat"] == 1 and g.counters()["action_cost_down"] == 0
    assert buy_costs(g)["Smithy"] == 4
    assert g.played() == {}


def test_quarry_played_twice_by_tiara_is_still_one_quarry_in_play():
    """Quarry: "While this is in play, Action cards cost $2 less": one card's ability, not an
    effect of each play. The wiki's Highway FAQ rules the same for a Throne Room on Highway
    ("will not make cards cost $2 less, as there is still only one copy of Highway in play").
    Tiara plays the Quarry twice: $2 from its two plays, Action cards still only $2 less."""
    g = start(["Tiara", "Quarry", "Smithy"])
    g.setup(0, hand=["Tiara", "Quarry", "Estate", "Estate", "Estate"], deck=["Estate"] * 5)
    g.answer(C("Tiara"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.PLAY, C("Tiara"), (C("Quarry"), -1))
    g.answer(C("Quarry"))
    assert g.pending().kind == DK.BUY
    assert coins(g) == 2 and g.counters()["buys"] == 2
    expect(g, 0, play={"Tiara": 1, "Quarry": 1})
    costs = buy_costs(g)
    assert costs["Smithy"] == 2 and costs["Tiara"] == 4  # Tiara is a Treasure: $4
    assert g.counters()["action_cost_down"] == 2


def test_quarry_trashed_from_play_by_gaining_mint_no_longer_lowers_costs():
    """"While this is in play": a Quarry trashed by gaining a Mint (second printing: "trash all
    non-Duration Treasures you have in play") is out of play, so Action cards cost their full
    price for the rest of the turn; the wiki's Highway ruling: a Highway trashed from play
    (Procession) lowers costs no more. (Bridge's "this turn" would outlast Bridge.)"""
    g = start(["Quarry", "Mint", "Market", "Smithy"])
    g.setup(0, hand=["Market", "Quarry", "Gold", "Silver"], deck=["Estate"] * 6)
    g.answer(C("Market"))  # +1 Card (an Estate), +1 Action, +1 Buy, +$1
    g.answer(C("Quarry"))
    g.answer(C("Gold"))
    g.answer(C("Silver"))
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 7 and g.counters()["buys"] == 2
    assert buy_costs(g)["Mint"] == 3 and buy_costs(g)["Market"] == 3
    g.answer(C("Mint"))
    assert g.trash() == {"Quarry": 1, "Gold": 1, "Silver": 1}
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 4
    costs = buy_costs(g)
    assert costs["Smithy"] == 4 and costs["Market"] == 5 and costs["Mint"] == 5
    assert C("Smithy") in d.options and C("Market") not in d.options
    assert g.counters()["action_cost_down"] == 0


def test_bridge_under_kings_court_lowers_costs_by_three():
    """Bridge: "This turn, cards cost $1 less" is a one-shot effect of each play, so King's
    Court on Bridge makes cards cost $3 less (Throne Room: $2, test_cards_intrigue_gain.py),
    unlike Quarry's "while this is in play"."""
    g = start(["Bridge", "King's Court", "Smithy"])
    g.setup(0, hand=["King's Court", "Bridge", "Copper"], deck=["Estate"] * 5)
    g.answer(C("King's Court"))
    g.answer(C("Bridge"))
    assert g.pending().kind == DK.BUY
    assert g.counters()["cost_down"] == 3 and g.counters()["buys"] == 4 and coins(g) == 4
    costs = buy_costs(g)
    assert costs["Smithy"] == 1 and costs["Province"] == 5 and costs["King's Court"] == 4


# --- Peddler -----------------------------------------------------------------------------------
def test_peddler_costs_eight_outside_the_buy_phase_and_two_less_per_action_in_play():
    g = start(["Peddler", "Village", "Workshop"])
    g.setup(0, hand=["Village", "Village", "Workshop", "Copper", "Copper"],
            deck=["Silver", "Estate", "Estate", "Estate", "Estate"])
    assert buy_costs(g)["Peddler"] == 8  # the action phase
    g.answer(C("Village"))
    g.answer(C("Village"))
    g.answer(C("Workshop"))  # a gain in the action phase: Peddler is $8, not offered
    d = g.pending()
    assert d.kind == DK.GAIN and C("Peddler") not in d.options
    g.answer(C("Silver"))
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 4  # three Actions in play: Peddler costs $2
    assert buy_costs(g)["Peddler"] == 2 and C("Peddler") in d.options
    g.answer(C("Peddler"))
    assert g.zones(0)["owned"]["Peddler"] == 1 and g.supply()["Peddler"] == 9


def test_peddler_never_costs_below_zero_and_plays_as_a_cantrip():
    g = start(["Peddler", "Village"])
    g.setup(0, hand=["Village", "Village", "Village", "Village", "Peddler"],
            deck=["Copper", "Estate", "Estate", "Estate", "Estate"])
    for _ in range(4):
        g.answer(C("Village"))
    g.answer(C("Peddler"))  # draws the Estate; no Action left in hand: the buy phase
    c = g.counters()
    assert (c["actions"], c["coins"]) == (5, 2)  # Peddler's $1 and the Copper a Village drew
    expect(g, 0, hand={"Estate": 4}, play={"Village": 4, "Peddler": 1, "Copper": 1})
    assert buy_costs(g)["Peddler"] == 0  # 8 - 2 x 5, never below $0
    assert C("Peddler") in g.pending().options


def test_cost_changes_are_declared_by_the_homes_not_named_by_the_kernel():
    """Peddler's own cost is its ``cost_down`` hook, which alone makes a game's costs change;
    Bridge and Quarry add to the turn's reductions and declare it. A game without any of them
    reads every cost from the card table (H_COSTS 0)."""
    assert not hasattr(K, "PEDDLER")
    assert _hooks.has_hook(C("Peddler"), "cost_down")
    assert not _hooks.has_hook(C("Bridge"), "cost_down")
    for name, flags in (("Peddler", 3), ("Bridge", 1), ("Quarry", 1)):
        assert Engine([name, "Smithy"], 2)._template[K.H_COSTS] == flags
    assert Engine(["Village", "Smithy"], 2)._template[K.H_COSTS] == 0


# --- Grand Market ------------------------------------------------------------------------------
def test_grand_market_cannot_be_bought_with_a_copper_in_play_but_can_without():
    g = start(["Grand Market"])
    g.setup(0, hand=["Gold", "Gold", "Copper", "Estate", "Estate"], deck=["Estate"] * 5)
    d = g.pending()
    assert d.kind == DK.TREASURE  # holding the Copper back is a choice
    g.answer(C("Gold"))
    g.answer(C("Gold"))
    g.answer(-1)
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 6 and C("Grand Market") in d.options


def test_grand_market_is_not_offered_once_a_copper_is_played():
    g = start(["Grand Market"])
    g.setup(0, hand=["Gold", "Gold", "Copper", "Estate", "Estate"], deck=["Estate"] * 5)
    g.answer(C("Copper"))
    g.answer(C("Gold"))
    g.answer(C("Gold"))
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 7
    assert C("Grand Market") not in d.options and C("Gold") in d.options


def test_grand_market_plays_as_its_row():
    g = start(["Grand Market"])
    g.setup(0, hand=["Grand Market", "Estate", "Estate", "Estate", "Estate"],
            deck=["Copper", "Estate", "Estate", "Estate", "Estate"])
    g.answer(C("Grand Market"))
    c = g.counters()
    assert (c["actions"], c["buys"], c["coins"]) == (1, 2, 2)
    expect(g, 0, hand={"Estate": 4, "Copper": 1})


def test_the_grand_market_playbook_holds_coppers_back_when_it_pays():
    bot = simple_bot("gm", buy=["Grand Market", "Gold", "Silver"])
    g = bot_turn(["Grand Market"], bot, hand=["Gold", "Silver", "Silver", "Copper", "Estate"],
                 deck=["Estate"] * 5)
    # $8 with the Copper, $7 without: Grand Market ($6) is bought with the Copper kept in hand
    expect(g, 0, discard={"Gold": 1, "Silver": 2, "Copper": 1, "Estate": 1, "Grand Market": 1})
    events = g.engine.trace([bot, bot], 1)
    assert events  # traced games run in such a kingdom


def test_the_grand_market_playbook_plays_coppers_when_the_rest_cannot_pay():
    bot = simple_bot("gm", buy=["Grand Market", "Gold", "Silver"])
    g = bot_turn(["Grand Market"], bot, hand=["Gold", "Silver", "Copper", "Copper", "Estate"],
                 deck=["Estate"] * 5)
    # $7 with the Coppers, $5 without: the Coppers are played and Gold is bought
    owned = g.zones(0)["owned"]
    assert owned.get("Grand Market", 0) == 0 and owned["Gold"] == 2


# --- Watchtower --------------------------------------------------------------------------------
def test_watchtower_draws_until_six_cards_in_hand():
    g = start(["Watchtower"])
    g.setup(0, hand=["Watchtower", "Copper", "Copper", "Estate", "Estate"],
            deck=["Silver", "Gold", "Estate"])
    g.answer(C("Watchtower"))  # 4 left in hand: draws Silver and Gold; then the buy phase
    expect(g, 0, hand={"Estate": 2}, deck=["Estate"],
           play={"Watchtower": 1, "Copper": 2, "Silver": 1, "Gold": 1})


def test_watchtower_draws_nothing_with_six_cards_and_stops_when_cards_run_out():
    g = start(["Watchtower", "Village"])
    g.setup(0, hand=["Village", "Watchtower", "Copper", "Copper", "Estate"],
            deck=["Silver", "Gold"], discard=[])
    g.answer(C("Village"))  # draws the Silver: Watchtower, 2 Copper, Estate, Silver
    g.answer(C("Watchtower"))  # 4 left in hand: draws until 6, but only Gold is left
    expect(g, 0, hand={"Estate": 1}, deck=[],
           play={"Village": 1, "Watchtower": 1, "Copper": 2, "Silver": 1, "Gold": 1})


def test_watchtower_trashes_a_bought_card_and_stays_in_hand():
    g = start(["Watchtower"])
    g.setup(0, hand=["Watchtower", "Silver", "Copper", "Estate", "Estate"], deck=["Estate"] * 5)
    g.answer(-1)  # no Action: the Treasures are played at once (no special one in the game)
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 3
    g.answer(C("Silver"))
    d = g.pending()
    assert d.kind == DK.MODE and d.source == C("Watchtower") and d.subject == C("Silver")
    assert d.options == (0, 1, 2)
    assert d.describe() == ("seat 0: reveal Watchtower for the Silver you gained? "
                            "[trash it, put it onto your deck, neither]")
    g.answer(0)
    assert g.trash() == {"Silver": 1}
    assert g.zones(0)["owned"]["Silver"] == 1 and g.supply()["Silver"] == 39


def test_watchtower_puts_a_gained_card_onto_the_deck():
    g = start(["Watchtower", "Smithy"])
    g.setup(0, hand=["Watchtower", "Gold", "Gold", "Estate", "Estate"],
            deck=["Copper", "Estate", "Estate", "Estate", "Estate"])
    g.answer(-1)
    assert g.pending().kind == DK.BUY and coins(g) == 6
    g.answer(C("Gold"))
    g.answer(1)  # onto the deck
    d = g.pending()
    assert d.seat == 1  # the next turn: seat 0 drew the Gold it put on its deck
    expect(g, 0, hand={"Gold": 1, "Copper": 1, "Estate": 3}, deck=["Estate"])


def test_watchtower_reacts_in_another_players_turn_and_to_a_gain_into_hand():
    """A Witch's Curse: the seat holding Watchtower trashes it; a Mine's gain into hand: it can
    go onto the deck (the FAQ: a card gained somewhere other than the discard pile)."""
    g = start(["Watchtower", "Witch", "Mine"])
    g.setup(1, hand=["Watchtower", "Copper", "Copper", "Estate", "Estate"], deck=["Estate"] * 5)
    g.setup(0, hand=["Witch", "Estate", "Estate", "Estate", "Estate"], deck=["Copper"] * 5)
    g.answer(C("Witch"))
    d = g.pending()
    assert d.seat == 1 and d.kind == DK.MODE and d.subject == C("Curse")
    g.answer(0)
    assert g.trash() == {"Curse": 1} and g.supply()["Curse"] == 9
    assert "Curse" not in g.zones(1)["owned"]

    g = start(["Watchtower", "Mine"])
    g.setup(0, hand=["Mine", "Watchtower", "Copper", "Estate", "Estate"],
            deck=["Estate"] * 5)
    g.answer(C("Mine"))
    g.answer(C("Copper"))  # trash the Copper
    g.answer(C("Silver"))  # gain a Silver into hand
    d = g.pending()
    assert d.kind == DK.MODE and d.arg == 1  # the gained Silver is in hand
    g.answer(1)
    expect(g, 0, deck=["Silver"] + ["Estate"] * 5, hand={"Watchtower": 1, "Estate": 2})


def test_two_watchtowers_ask_once_per_gain_and_no_watchtower_asks_nothing():
    g = start(["Watchtower"])
    g.setup(0, hand=["Watchtower", "Watchtower", "Gold", "Estate", "Estate"],
            deck=["Estate"] * 5)
    g.answer(-1)
    g.answer(C("Silver"))
    g.answer(2)  # neither
    d = g.pending()
    assert d.seat == 1  # one question only; the turn is over
    expect(g, 0, discard={"Watchtower": 2, "Gold": 1, "Estate": 2, "Silver": 1})

    g = start(["Watchtower"])
    g.setup(0, hand=["Gold", "Estate", "Estate", "Estate", "Estate"], deck=["Estate"] * 5)
    g.answer(C("Silver"))
    assert g.pending().seat == 1


def test_the_watchtower_playbook_trashes_curses_tops_good_cards_and_keeps_victory_cards():
    """Two Watchtowers: one is played (it draws 2), the other stays in hand and reacts."""
    bot = simple_bot("wt", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Watchtower"], bot, hand=["Watchtower", "Watchtower", "Gold", "Copper", "Copper"],
                 deck=["Copper", "Estate"] + ["Estate"] * 6)
    # $6: Gold, put onto the deck, so the next hand holds it
    expect(g, 0, hand={"Gold": 1, "Estate": 4}, deck=["Estate"] * 2)
    g = bot_turn(["Watchtower"], bot, hand=["Watchtower", "Watchtower", "Gold", "Gold", "Silver"],
                 deck=["Copper", "Estate"] + ["Estate"] * 6)
    # $9: Province, a Victory card: left in the discard pile
    expect(g, 0, hand={"Estate": 5}, deck=["Estate"])
    assert g.zones(0)["discard"]["Province"] == 1

    eng = Engine(["Watchtower", "Witch"], 2)
    g = eng.new_game(1, [None, bot])
    g.setup(1, hand=["Watchtower", "Copper", "Copper", "Estate", "Estate"], deck=["Estate"] * 5)
    g.setup(0, hand=["Witch", "Estate", "Estate", "Estate", "Estate"], deck=["Copper"] * 5)
    g.answer(C("Witch"))
    assert g.trash() == {"Curse": 1}  # the bot seat trashed the Curse at once


def test_watchtower_keeps_a_copper_it_bought_and_trashes_one_it_did_not():
    bot = simple_bot("copper", buy=["Copper"])
    g = bot_turn(["Watchtower"], bot, hand=["Watchtower", "Estate", "Estate", "Estate", "Estate"],
                 deck=["Estate"] * 10)
    assert g.zones(0)["owned"]["Copper"] == 1 and g.trash() == {}


# --- the search player and random games --------------------------------------------------------
def test_search_plays_a_prosperity_engine_kingdom():
    kingdom = ["Quarry", "Peddler", "Grand Market", "Watchtower", "Bridge", "Smithy"]
    engine = Engine(kingdom, 2)
    rollout = simple_bot("gm", buy=["Province", "Grand Market", "Gold", "Quarry", "Silver"])
    search = DominionSearchPlayer(rollout, 8)
    rec = play_records(engine, [search, rollout], np.array([3], dtype=np.uint64))
    assert len(rec) == 1 and rec.outcome.max() >= 1
    assert search.searched > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_bot_games_keep_every_invariant(players):
    kingdom = ["Quarry", "Peddler", "Grand Market", "Watchtower", "Bridge", "Throne Room",
               "Workshop", "Witch", "Mine", "Village"]
    eng = Engine(kingdom, players)
    bot = simple_bot("mixed", buy=["Province", "Grand Market", "Gold", "Peddler", "Witch",
                                   "Watchtower", "Quarry", "Silver"])
    seeds = np.arange(60, dtype=np.uint64) + 100 * players
    rec = eng.play([bot] * players, seeds, debug=True, random_seats=[0])
    assert (rec.outcome.max(axis=1) >= 1).all()
    rec = eng.play([bot] * players, seeds, debug=True)
    assert (rec.outcome.max(axis=1) >= 1).all()


# --- Colony and Platinum (rules colony=auto|yes|no) --------------------------------------------
def colony_bot():
    """A bot file naming Colony (its compiled form needs Colony: ``cards_needed``)."""
    from ludolab.games.dominion.bots import compile_bot, parse_bot_text

    return compile_bot(parse_bot_text('name = "c"\nbuy = ["Colony", "Gold"]\n'))


def test_the_colony_setting_parses_and_rejects_other_values():
    assert ruleset("official").colony == "auto"
    rules = ruleset("colony=yes")
    assert rules.colony == "yes" and rules.spec() == "official,colony=yes"
    with pytest.raises(LudolabError, match=r"^rule setting colony must be auto, yes or no, "
                                           r"got 'maybe'$"):
        ruleset("colony=maybe")


@pytest.mark.parametrize(("players", "colonies"), [(2, 8), (3, 12), (4, 12), (5, 12), (6, 12)])
def test_colony_and_platinum_pile_sizes_by_player_count(players, colonies):
    """Prosperity rulebook (Preparation, as the wiki's Colony page reproduces it): "Use 8
    Colonies for a 2-player game, or 12 Colonies for a game with 3 or more players"; the box
    holds 12 of each. The base rulebook's 15 and 18 Provinces for five and six players are a
    Province rule only."""
    sizes = Engine([], players, "colony=yes").supply_sizes()
    assert sizes[C("Colony")] == colonies and sizes[C("Platinum")] == 12
    assert C("Colony") not in Engine([], players).supply_sizes()  # auto, no random kingdom
    assert C("Colony") not in Engine([], players, "colony=no").supply_sizes()


def test_platinum_and_colony_play_as_their_rows_and_the_colony_pile_ends_the_game():
    g = start([], 2, "colony=yes")
    g.setup(0, hand=["Platinum", "Platinum", "Copper", "Estate", "Estate"], deck=["Estate"] * 5,
            supply={"Colony": 1})
    d = g.pending()
    assert d.kind == DK.BUY and coins(g) == 11 and C("Colony") in d.options
    assert int(K.gains_to_end(g._view)) == 1  # the Colony pile is the closest ending
    g.answer(C("Colony"))
    assert g.is_over() and g.end_reason() == EndReason.COLONIES
    assert g.records().vp[0, 0] == 10 + 7  # the Colony and the seven Estates set up
    events = Engine([], 2, "colony=yes").trace(
        [simple_bot("c", buy=["Colony", "Platinum", "Province", "Gold", "Silver"])] * 2, 1)
    assert events[-1].kind == EventKind.END
    if EndReason(events[-1].card) == EndReason.COLONIES:
        assert "the Colonies are gone" in render(events, ["a", "b"])


def test_a_kingdom_naming_platinum_or_colony_is_a_one_line_error():
    with pytest.raises(LudolabError, match=r"^Colony is not a kingdom card \(kingdom list\): "
                                           r"Platinum and Colony join the Supply with the rules "
                                           r"setting colony=yes \(--rules colony=yes\)$"):
        resolve_kingdom("Smithy, Colony")
    with pytest.raises(LudolabError, match=r"^Platinum is not a kingdom card: Platinum and "
                                           r"Colony join the Supply"):
        Engine(["Platinum"], 2)
    bot = colony_bot()
    with pytest.raises(LudolabError, match=r"needs Colony, which the kingdom does not have "
                                           r"\(Platinum and Colony: rules colony=yes\)$"):
        Engine([], 2, "colony=no").play([bot, bot], [1])


def _random_spec(prosperity: bool) -> str:
    """The first seed's ``random:sets=base2,prosperity2`` kingdom whose first card drawn is (or
    is not) from Prosperity: which seed that is moves whenever a card home lands (the pool of
    playable cards grows), so the test looks for it rather than naming it."""
    for seed in range(200):
        spec = f"random:sets=base2,prosperity2:{seed}"
        if (CARDS[first_random_card(spec)].set.startswith("prosperity")) == prosperity:
            return spec
    raise AssertionError("no such seed in 200")


def test_auto_follows_the_first_card_of_a_random_kingdom_and_the_bots():
    spec = _random_spec(True)
    first = first_random_card(spec)
    assert first in resolve_kingdom(spec)
    assert colony_rules("official", spec).colony == "yes"
    other = _random_spec(False)
    assert not CARDS[first_random_card(other)].set.startswith("prosperity")
    assert colony_rules("official", other).colony == "auto"
    assert colony_rules("colony=no", spec).colony == "no"
    assert colony_rules("official", "Smithy, Quarry").colony == "auto"  # a list: no draw
    assert colony_rules("official", "biggest-money").colony == "auto"  # a mixed preset
    bot = colony_bot()
    rules = colony_rules("official", None, {"c": bot.cards_needed})
    assert rules.colony == "yes" and Engine([], 2, rules).colony


@pytest.mark.parametrize("spec", ["beginners", "beginners-1st", "big-actions", "Quarry, Mint",
                                  ["Bank", "Tiara"]])
def test_auto_adds_platinum_and_colony_to_a_kingdom_of_prosperity_cards_only(spec):
    """Prosperity rulebook (Preparation, as the wiki's Colony page reproduces it): "If only
    Kingdom cards from Prosperity are being used this game, then the Platinum and Colony piles
    are added to the Basic cards in the Supply": a preset or an explicit list of Prosperity
    cards only plays with them under ``colony=auto``; ``colony=no`` still leaves them out."""
    rules = colony_rules("official", spec)
    assert rules.colony == "yes"
    sizes = Engine(resolve_kingdom(spec), 3, rules).supply_sizes()
    assert sizes[C("Colony")] == 12 and sizes[C("Platinum")] == 12
    assert colony_rules("colony=no", spec).colony == "no"


def test_auto_kingdom_of_the_bots_cards_stays_without_colony():
    """``auto`` (only the cards the bots name) is not a dealt kingdom: a Prosperity bot's cards
    alone do not bring Platinum and Colony (only a bot naming them does)."""
    needed = {"mint": [C("Mint")]}
    assert colony_rules("official", None, needed).colony == "auto"
    assert colony_rules("official", "auto", needed).colony == "auto"


def test_vp_tokens_count_in_the_score_the_vp_feature_and_the_log():
    eng = Engine(["Smithy"], 2)
    g = eng.new_game(1, [None, None])
    g.setup(0, hand=["Estate"] * 5, deck=["Estate"] * 5, vp_tokens={0: 4})
    assert g.counters()["vp_tokens0"] == 4
    env = eng._make_env([None, None])
    S = g._view.copy()
    before = int(K.vp_of(S, env.I, 0))
    assert before == 10 + 4  # the ten Estates set up and the tokens
    K.add_vpt(S, env.I, np.int64(0), np.int64(2))
    assert int(K.vp_of(S, env.I, 0)) == before + 2
    events = [TraceEvent(EventKind.GAME, -1, -1, 2), TraceEvent(EventKind.TURN, 0, -1, 1),
              TraceEvent(EventKind.VPT, 0, C("Smithy"), 2)]
    assert "takes +2 VP tokens (Smithy)" in render(events, ["a", "b"])
