"""The end-game switches a DominionSim user needs: the penultimate Province rule and taking an
instant win (bot options ``penultimate_province`` and ``take_instant_win``)."""

from __future__ import annotations

import numpy as np

from cardtools import bot_turn
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.bots import compile_bot, load_spec
from ludolab.games.dominion.engine import Engine, simple_bot

KINGDOM = ["Smithy", "Gardens", "Village", "Workshop", "Remodel", "Militia", "Artisan"]


def owned_after_turn(bot: bc.CompiledBot, hand: list[str], supply: dict[str, int],
                     opp_deck: list[str]) -> tuple[dict[str, int], bool]:
    """Seat 0 (``bot``) plays one turn from ``hand`` (5 Coppers below it); seat 1 (answered
    from outside) owns 5 Coppers in hand and ``opp_deck``. Returns seat 0's owned cards after
    its turn and whether the game ended."""
    g = bot_turn(KINGDOM, bot, hand=hand, deck=["Copper"] * 5, discard=[], supply=supply,
                 turns={0: 10, 1: 10}, seed=5,
                 other={"hand": ["Copper"] * 5, "deck": opp_deck, "discard": []})
    return dict(g.zones(0)["owned"]), g.is_over()


# Seat 0 has $8 (Gold, Gold, Silver) and 2 VP (two Estates); seat 1 has 4 VP (Duchy, Estate);
# two Provinces are left. Buying the penultimate Province would let seat 1 end the game on the
# last one while ahead; a Duchy puts seat 0 ahead (2 + 3 > 4).
PPR_HAND = ["Gold", "Gold", "Silver", "Estate", "Estate"]
PPR_SUPPLY = {"Province": 2}
PPR_OPP = ["Duchy", "Estate"]


def test_penultimate_province_rule_skips_the_province_for_the_duchy():
    buy = ["Province", "Duchy", "Silver"]
    plain, _ = owned_after_turn(simple_bot("plain", buy=buy), PPR_HAND, PPR_SUPPLY, PPR_OPP)
    ppr, _ = owned_after_turn(simple_bot("ppr", buy=buy, options={"penultimate_province": 1}),
                              PPR_HAND, PPR_SUPPLY, PPR_OPP)
    assert plain.get("Province", 0) == 1 and plain.get("Duchy", 0) == 0
    assert ppr.get("Province", 0) == 0 and ppr.get("Duchy", 0) == 1


def test_penultimate_province_rule_needs_a_card_that_takes_the_lead():
    # Only Estates behind the Province (2 + 1 is not more than 4): the rule does not apply.
    bot = simple_bot("ppr", buy=["Province", "Estate"], options={"penultimate_province": 1})
    owned, _ = owned_after_turn(bot, PPR_HAND, PPR_SUPPLY, PPR_OPP)
    assert owned.get("Province", 0) == 1


def test_penultimate_province_rule_only_with_two_provinces_left():
    bot = simple_bot("ppr", buy=["Province", "Duchy"], options={"penultimate_province": 1})
    owned, _ = owned_after_turn(bot, PPR_HAND, {"Province": 3}, PPR_OPP)
    assert owned.get("Province", 0) == 1


# Seat 0 has $2 and 3 VP; seat 1 has 2 VP; two piles are empty and one Estate is left: buying it
# empties a third pile and ends the game with seat 0 ahead (4 to 2).
WIN_HAND = ["Copper", "Copper", "Estate", "Estate", "Estate"]
WIN_SUPPLY = {"Estate": 1, "Smithy": 0, "Curse": 0}
WIN_OPP = ["Estate", "Estate"]


def test_take_instant_win_buys_the_game_ending_card():
    plain, over = owned_after_turn(simple_bot("plain", buy=["Silver"]), WIN_HAND, WIN_SUPPLY,
                                   WIN_OPP)
    assert plain.get("Estate", 0) == 3 and not over
    bot = simple_bot("win", buy=["Silver"], options={"take_instant_win": 1})
    owned, over = owned_after_turn(bot, WIN_HAND, WIN_SUPPLY, WIN_OPP)
    assert owned.get("Estate", 0) == 4 and over


def test_take_instant_win_never_takes_a_loss():
    # Seat 1 now has 5 VP: the last Estate ends the game 4 to 5, so it is not taken.
    bot = simple_bot("win", buy=["Silver"], options={"take_instant_win": 1})
    owned, over = owned_after_turn(bot, WIN_HAND, WIN_SUPPLY, ["Duchy", "Estate", "Estate"])
    assert owned.get("Estate", 0) == 3 and not over


def test_fast_buys_match_the_generic_path_with_the_switches_on():
    """bot_buy (batch) and decide() (debug) give the same games with both options on."""
    names = ["Big Money Ultimate", "Witch Big Money", "Workshop/Gardens Rush", "Smithy Big Money"]
    bots = []
    for n in names:
        spec = load_spec(n)
        spec.options.update(penultimate_province=1.0, take_instant_win=1.0)
        bots.append(compile_bot(spec))
    kingdom = sorted({c for b in bots for c in b.cards_needed})
    seeds = np.arange(200, dtype=np.uint64)
    for i in range(len(bots)):
        seated = [bots[i], bots[(i + 1) % len(bots)], bots[(i + 2) % len(bots)]]
        eng = Engine(kingdom, 3)
        fast = eng.play(seated, seeds)
        generic = eng.play(seated, seeds, debug=True)
        assert np.array_equal(fast.vp, generic.vp) and np.array_equal(fast.turns, generic.turns)


def test_the_switches_change_games():
    """The options are read: Big Money mirrors with them differ from the plain mirror in some
    games (so a test above could not pass by the options being ignored in batch play)."""
    plain = compile_bot(load_spec("Big Money Ultimate"))
    spec = load_spec("Big Money Ultimate")
    spec.options.update(penultimate_province=1.0, take_instant_win=1.0)
    switched = compile_bot(spec)
    eng = Engine([], 2)
    seeds = np.arange(400, dtype=np.uint64)
    a = eng.play([plain, plain], seeds)
    b = eng.play([switched, plain], seeds)
    assert not np.array_equal(a.vp, b.vp)
