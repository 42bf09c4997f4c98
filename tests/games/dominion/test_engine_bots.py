"""The bot virtual machine: every feature, every opcode, and each priority list.

A condition is checked by a bot whose only buy entry is ``Copper if <condition>``: it buys a
Copper exactly when the condition holds at its buy phase.
"""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import DominionGame, Engine, simple_bot

C = card_id
KINGDOM = ["Smithy", "Gardens", "Village", "Workshop", "Remodel", "Militia", "Artisan"]


def copper_if(code: list[tuple[float, float, float]], **kw) -> bc.CompiledBot:
    entries = np.array([[bc.LIST_BUY, C("Copper"), -1, 0, len(code)]], np.int32)
    bounds = np.zeros((bc.NUM_LISTS, 2), np.int32)
    bounds[0] = (0, 1)
    bounds[1:] = 1
    return bc.CompiledBot("cond", entries, bounds, np.array(code, np.float64).reshape(-1, 3), **kw)


def run_state(bot: bc.CompiledBot) -> DominionGame:
    """Seat 0 (the bot) plays a turn from a fixed state; see test_features for the values."""
    g = Engine(KINGDOM, 2).new_game(3, [bot, None])
    g.setup(1, hand=["Copper"] * 5, deck=["Smithy", "Smithy", "Province", "Province"],
            discard=[])
    g.setup(0, current=0, hand=["Silver", "Copper", "Estate", "Estate", "Duchy"],
            deck=["Gold", "Gold", "Smithy", "Copper", "Copper"],
            discard=["Province", "Gardens", "Silver"],
            supply={"Copper": 40, "Silver": 30, "Gold": 20, "Estate": 6, "Duchy": 5,
                    "Province": 4, "Curse": 0, "Smithy": 2, "Gardens": 3, "Village": 9,
                    "Workshop": 10, "Remodel": 10, "Militia": 10, "Artisan": 10},
            turns={0: 6, 1: 6})
    return g


def bought_copper(code) -> bool:
    g = run_state(copper_if(code))
    return g.zones(0)["owned"]["Copper"] == 4


def eq(feature: int, card: int, value: float) -> list[tuple[float, float, float]]:
    return [(bc.OP_FEAT, feature, card), (bc.OP_CONST, value, 0), (bc.OP_EQ, 0, 0)]


def near(feature: int, card: int, value: float) -> list[tuple[float, float, float]]:
    return [(bc.OP_FEAT, feature, card), (bc.OP_CONST, value - 1e-9, 0), (bc.OP_GT, 0, 0),
            (bc.OP_FEAT, feature, card), (bc.OP_CONST, value + 1e-9, 0), (bc.OP_LT, 0, 0),
            (bc.OP_AND, 0, 0)]


# Seat 0 at its buy phase: Silver and Copper played ($3), Estate, Estate, Duchy in hand; owns
# 13 cards (2 Silver, 3 Copper, 2 Gold, 2 Estate, Duchy, Province, Gardens, Smithy) worth
# 13 coins and 2+3+6+1 = 12 VP; seat 1 owns 5 Copper, 2 Smithy, 2 Province (12 VP).
# Supply: Curse 0 (one empty pile), Smithy 2, Gardens 3, Province 4, Duchy 5, Estate 6.
FEATURES = [
    ("count", C("Silver"), 2), ("count", C("Gardens"), 1), ("in_hand", C("Estate"), 2),
    ("in_hand", C("Silver"), 0), ("in_play", C("Silver"), 1), ("supply", C("Smithy"), 2),
    ("opp_count", C("Smithy"), 2), ("money", -1, 13), ("deck_size", -1, 13),
    ("draw_pile", -1, 5), ("actions_owned", -1, 1), ("treasures_owned", -1, 7),
    ("victory_owned", -1, 5), ("empty_piles", -1, 1), ("gains_to_end", -1, 4),
    ("turn", -1, 7), ("vp", -1, 12), ("lead", -1, 0), ("coins", -1, 3), ("buys", -1, 1),
    ("actions", -1, 1), ("hand_size", -1, 3), ("players", -1, 2),
    ("low_victory_pile", -1, 4), ("third_low_pile", -1, 3),
    # no Action coins here (Smithy), so total_money is money; Smithy is a terminal
    ("total_money", -1, 13), ("terminals_owned", -1, 1), ("villages_owned", -1, 0),
    ("action_phase", -1, 0), ("discard_pile", -1, 3), ("low_pile", -1, 0),
    ("coffers", -1, 0),  # a game without Coffers cards (tests/games/dominion/test_cards_guilds.py)
    # a game without Potion costs: no Potions; costs are coins alone (test_cards_alchemy.py)
    ("potions", -1, 0), ("cost", C("Smithy"), 4), ("cost", C("Province"), 8),
    ("potion_cost", C("Smithy"), 0),
]


@pytest.mark.parametrize(("name", "card", "value"), FEATURES)
def test_features(name, card, value):
    f = bc.FEATURES[name][0]
    assert bought_copper(eq(f, card, value))
    assert not bought_copper(eq(f, card, value + 1))


def test_every_feature_is_covered():
    assert {n for n, _, _ in FEATURES} | {"share", "money_density"} == set(bc.FEATURES)


@pytest.mark.parametrize(("name", "card", "value"), [
    ("share", C("Silver"), 2 / 13), ("money_density", -1, 1.0)])
def test_ratio_features(name, card, value):
    f = bc.FEATURES[name][0]
    assert bought_copper(near(f, card, value))
    assert not bought_copper(near(f, card, value + 0.01))


def const(v: float) -> tuple[float, float, float]:
    return (bc.OP_CONST, v, 0)


@pytest.mark.parametrize(("code", "truth"), [
    ([const(3), const(4), (bc.OP_ADD, 0, 0), const(2), (bc.OP_MUL, 0, 0), const(1),
      (bc.OP_SUB, 0, 0), const(13), (bc.OP_EQ, 0, 0)], True),  # (3 + 4) * 2 - 1 == 13
    ([const(7), const(2), (bc.OP_DIV, 0, 0), const(3.5), (bc.OP_EQ, 0, 0)], True),
    ([const(7), const(0), (bc.OP_DIV, 0, 0), const(0), (bc.OP_EQ, 0, 0)], True),  # x / 0 is 0
    ([const(2), (bc.OP_NEG, 0, 0), const(-2), (bc.OP_EQ, 0, 0)], True),
    ([const(0), (bc.OP_NOT, 0, 0)], True),
    ([const(5), (bc.OP_NOT, 0, 0)], False),
    ([const(1), const(2), (bc.OP_LT, 0, 0)], True),
    ([const(2), const(2), (bc.OP_LE, 0, 0)], True),
    ([const(2), const(2), (bc.OP_GT, 0, 0)], False),
    ([const(2), const(3), (bc.OP_GE, 0, 0)], False),
    ([const(2), const(3), (bc.OP_NE, 0, 0)], True),
    ([const(1), const(0), (bc.OP_AND, 0, 0)], False),
    ([const(1), const(0), (bc.OP_OR, 0, 0)], True),
    ([const(4), const(9), (bc.OP_MIN, 0, 0), const(4), (bc.OP_EQ, 0, 0)], True),
    ([const(4), const(9), (bc.OP_MAX, 0, 0), const(9), (bc.OP_EQ, 0, 0)], True),
    ([const(0)], False),
    ([], True),  # no condition: always
])
def test_opcodes(code, truth):
    assert bought_copper(code) is truth


def test_copy_limit_is_checked_against_my_count():
    bot = copper_if([])
    bot.entries[0, bc.E_LIMIT] = 3  # I own 3 Coppers: the entry no longer applies
    g = run_state(bot)
    assert g.zones(0)["owned"]["Copper"] == 3
    bot.entries[0, bc.E_LIMIT] = 4
    assert run_state(bot).zones(0)["owned"]["Copper"] == 4


# --- lists other than buy -----------------------------------------------------------------------
def _turn(bot, hand, deck, kingdom=KINGDOM, other=None):
    g = Engine(kingdom, 2).new_game(1, [bot, None])
    if other:
        g.setup(1, **other)
    g.setup(0, current=0, hand=hand, deck=deck, discard=[])
    return g


def test_play_list_order_is_followed():
    bot = simple_bot("Smithy first", buy=["Province"], play=["Smithy", "Village"])
    g = _turn(bot, ["Village", "Smithy", "Estate", "Estate", "Estate"],
              ["Estate"] * 3 + ["Gold"] * 5)
    # Smithy first (3 cards, no action left): the Village stays in hand
    assert g.zones(0)["hand"] == {"Gold": 5}
    assert g.zones(0)["discard"]["Village"] == 1


def test_play_list_entry_whose_condition_fails_is_not_played():
    code = np.array([(bc.OP_FEAT, bc.F_TURN, -1), (bc.OP_CONST, 100, 0), (bc.OP_GT, 0, 0)])
    entries = np.array([[bc.LIST_BUY, C("Province"), -1, 0, 0],
                        [bc.LIST_PLAY, C("Smithy"), -1, 0, 3]], np.int32)
    bounds = np.array([[0, 1], [1, 2], [2, 2], [2, 2], [2, 2], [2, 2], [2, 2]], np.int32)
    bot = bc.CompiledBot("late Smithy", entries, bounds, code)
    g = _turn(bot, ["Smithy", "Estate", "Estate", "Estate", "Estate"], ["Gold"] * 5)
    assert g.zones(0)["hand"] == {"Gold": 5}  # nothing drawn


def test_gain_list_then_buy_list():
    with_gain = simple_bot("Gardens", buy=["Province", "Silver"], gain=["Gardens"])
    g = _turn(with_gain, ["Workshop", "Estate", "Estate", "Estate", "Estate"], ["Estate"] * 5)
    assert g.zones(0)["owned"].get("Gardens") == 1
    buy_only = simple_bot("BM", buy=["Province", "Silver"])
    g = _turn(buy_only, ["Workshop", "Estate", "Estate", "Estate", "Estate"], ["Estate"] * 5)
    assert g.zones(0)["owned"].get("Silver") == 1 and "Gardens" not in g.zones(0)["owned"]


def test_trash_list_drives_remodel():
    bot = simple_bot("Remodel coppers", buy=["Province"], trash=["Copper"], gain=["Estate"])
    g = _turn(bot, ["Remodel", "Copper", "Gold", "Estate", "Estate"], ["Duchy"] * 5)
    assert g.trash() == {"Copper": 1}
    assert g.zones(0)["owned"]["Estate"] == 3


def test_discard_list_drives_a_militia_victim():
    victim = simple_bot("Odd", buy=["Province"], discard=["Gold", "Silver"])
    g = Engine(["Militia"], 2).new_game(1, [None, victim])
    g.setup(1, hand=["Gold", "Silver", "Estate", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Militia"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Militia"))
    assert g.zones(1)["hand"] == {"Estate": 1, "Copper": 2}


def test_topdeck_list_drives_artisan():
    bot = simple_bot("Artisan", buy=["Province"], gain=["Silver"], topdeck=["Duchy"])
    g = _turn(bot, ["Artisan", "Duchy", "Copper", "Copper", "Copper"], ["Estate"] * 5)
    # Artisan gains Silver to hand, puts the Duchy back; the next hand starts with it
    assert g.zones(0)["hand"] == {"Duchy": 1, "Estate": 4}
