"""The batch API: records, determinism whatever the batch split, turn stats, errors."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.core import rng
from ludolab.errors import LudolabError
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.engine import Engine, GameRecords, simple_bot
from ludolab.games.dominion.engine import kernel as K

BM = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])
SMITHY = simple_bot("Smithy BM", buy=["Province", "Gold", "Smithy", "Silver"],
                    limits={"Smithy": 1})
WITCH = simple_bot("Witch BM", buy=["Province", "Witch", "Gold", "Silver"], limits={"Witch": 2})


def test_records_shapes_and_types():
    rec = Engine(["Smithy"], 2).play([BM, SMITHY], rng.game_seeds(1, 0, 50))
    assert len(rec) == 50 and rec.num_players == 2
    assert rec.vp.shape == (50, 2) and rec.vp.dtype == np.int32
    assert rec.turns.dtype == np.int32 and rec.outcome.dtype == np.int8
    assert rec.end_reason.shape == (50,) and rec.end_reason.dtype == np.int8
    assert rec.turn_coins is None and rec.turn_vp is None
    # every game has exactly one winner or a shared win
    winners = (rec.outcome == 2).sum(axis=1)
    shared = (rec.outcome == 1).sum(axis=1)
    assert ((winners == 1) & (shared == 0) | (winners == 0) & (shared >= 2)).all()
    assert np.allclose(rec.returns().sum(axis=1), 1.0)


def test_same_seeds_same_records_whatever_the_batch_split():
    eng = Engine(["Witch", "Smithy"], 2)
    seeds = rng.game_seeds(7, 0, 1000)
    whole = eng.play([WITCH, SMITHY], seeds)
    parts = [eng.play([WITCH, SMITHY], seeds[i:i + 137]) for i in range(0, 1000, 137)]
    joined = GameRecords.concat(parts)
    for name in ("seeds", "vp", "turns", "outcome", "end_reason"):
        assert np.array_equal(getattr(whole, name), getattr(joined, name)), name
    # a game does not depend on its neighbours: seed 500 alone gives row 500
    alone = eng.play([WITCH, SMITHY], seeds[500:501])
    assert np.array_equal(alone.vp[0], whole.vp[500])
    # a fresh engine gives the same records
    again = Engine(["Smithy", "Witch"], 2).play([WITCH, SMITHY], seeds)
    assert np.array_equal(again.vp, whole.vp)


def test_slicing_and_concat():
    rec = Engine([], 2).play([BM, BM], np.arange(10, dtype=np.uint64), turn_stats=True)
    part = rec[2:5]
    assert len(part) == 3 and np.array_equal(part.vp, rec.vp[2:5])
    assert np.array_equal(part.turn_coins, rec.turn_coins[2:5])
    one = rec[4]
    assert len(one) == 1 and np.array_equal(one.seeds, rec.seeds[4:5])
    both = GameRecords.concat([rec[:3], rec[3:]])
    assert np.array_equal(both.turn_vp, rec.turn_vp)


def test_turn_stats_record_coins_and_vp_per_turn():
    rec = Engine([], 2).play([BM, BM], np.arange(200, dtype=np.uint64), turn_stats=True,
                             stat_turns=40)
    assert rec.turn_coins.shape == (200, 2, 40) and rec.turn_coins.dtype == np.int16
    for g in range(200):
        for p in range(2):
            t = rec.turns[g, p]
            coins = rec.turn_coins[g, p]
            assert (coins[:t] >= 0).all() and (coins[t:] == -1).all()
            assert rec.turn_vp[g, p, t - 1] == rec.vp[g, p]  # no attacks: VP only changes on buys
            assert rec.turn_vp[g, p, 0] == 3  # nothing bought on turn 1 gives VP with <= $5
    # turns 1 and 2 are the 5/2 or 4/3 or 3/4 ... split of 7 Coppers between the first hands
    assert set(np.unique(rec.turn_coins[:, :, 0] + rec.turn_coins[:, :, 1])) == {7}


def test_kingdom_and_bot_errors_are_one_line():
    with pytest.raises(LudolabError, match=r"^Copper is not a kingdom card"):
        Engine(["Copper"], 2)
    with pytest.raises(LudolabError, match=r"^Smithy is listed twice in the kingdom$"):
        Engine(["Smithy", "smithy"], 2)
    with pytest.raises(LudolabError, match=r"^unknown card 'Smithee'; did you mean 'Smithy'\?$"):
        Engine(["Smithee"], 2)
    eng = Engine([], 2)
    with pytest.raises(LudolabError, match=r"^this engine seats 2 players, got 1 bots$"):
        eng.play([BM], [0])
    needy = simple_bot("Needs Witch", buy=["Witch"])
    needy.cards_needed = (31,)
    with pytest.raises(LudolabError, match=r"^bot 'Needs Witch' needs Witch, which the kingdom "
                                           r"does not have$"):
        eng.play([BM, needy], [0])
    with pytest.raises(LudolabError, match=r"^play\(\) needs a bot in every seat"):
        eng.play([BM, None], [0])
    with pytest.raises(LudolabError, match=r"^random seat 2 is not a seat"):
        eng.play([BM, BM], [0], random_seats=[2])


def _bot_with_code(code: list[tuple[float, float, float]]) -> bc.CompiledBot:
    entries = np.array([[bc.LIST_BUY, 1, -1, 0, len(code)]], np.int32)
    bounds = np.zeros((bc.NUM_LISTS, 2), np.int32)
    bounds[bc.LIST_BUY] = (0, 1)
    bounds[bc.LIST_BUY + 1:] = 1
    return bc.CompiledBot("coded", entries, bounds, np.array(code, np.float64).reshape(-1, 3))


@pytest.mark.parametrize(("code", "message"), [
    ([(bc.OP_ADD, 0, 0)], "condition underflows its stack"),
    ([(bc.OP_CONST, 1, 0), (bc.OP_CONST, 1, 0)], "condition leaves 2 values, not 1"),
    ([(bc.OP_FEAT, 99, -1)], "uses feature id 99"),
    ([(bc.OP_FEAT, bc.F_COUNT, 777)], "feature 0 names card id 777"),
    ([(42, 0, 0)], "uses opcode 42"),
])
def test_malformed_compiled_bots_are_rejected(code, message):
    with pytest.raises(LudolabError, match=rf"^bot 'coded' \(seat 1\): entry 0 {message}"):
        Engine([], 2).play([BM, _bot_with_code(code)], [0])


def test_bad_entry_card_and_bounds_are_rejected():
    bot = simple_bot("bad", buy=["Silver"])
    bot.entries[0, 1] = 999
    with pytest.raises(LudolabError, match=r"entry 0 names card id 999"):
        Engine([], 2).play([BM, bot], [0])
    bot = simple_bot("bad", buy=["Silver"])
    bot.list_bounds[0] = (0, 5)
    with pytest.raises(LudolabError, match=r"list bounds out of range"):
        Engine([], 2).play([BM, bot], [0])


def test_compilation_status():
    Engine.compile()  # compiles, or loads from numba's cache, every kernel entry
    assert Engine.needs_compile() is False


def test_debug_mode_runs_clean_and_counts_decisions():
    rec = Engine(["Smithy", "Witch"], 2).play([WITCH, SMITHY], np.arange(100, dtype=np.uint64),
                                              debug=True)
    assert rec.decisions > 0


def test_a_plain_kingdom_without_the_decision_door_plays_the_same_games():
    """Bots in batch play on plain cards (no card that asks) leave decide() out: their plays go
    through bot_play, their buys through bot_buy. Debug mode asks both through decide(); the
    games must be the same, for play lists with conditions and the default playbook alike."""
    bots_mod = pytest.importorskip("ludolab.games.dominion.bots")
    names = ["Village/Smithy Engine", "Smithy Big Money", "GA Optimized", "Laboratory Big Money",
             "Market Big Money", "Big Money Ultimate"]
    library = [bots_mod.load_bot(n) for n in names]
    kingdom = ["Festival", "Laboratory", "Market", "Smithy", "Village", "Woodcutter"]
    seeds = np.arange(200, dtype=np.uint64)
    eng = Engine(kingdom, 3)
    lean = eng._make_env(library[:3], decide=False)
    assert lean.I[K.I_FN_DECIDE] == 0 and lean.I[K.I_FN_EFFECT] == 0
    for i in range(len(library)):
        seated = [library[i], library[(i + 2) % len(library)], library[(i + 4) % len(library)]]
        fast = eng.play(seated, seeds)
        generic = eng.play(seated, seeds, debug=True)
        assert fast.decisions == generic.decisions > 0
        assert np.array_equal(fast.vp, generic.vp) and np.array_equal(fast.turns, generic.turns)


def _run_three_games(eng: Engine, env: object) -> int:
    """The kernel's batch entry on ``env`` as built (three games, no records kept): what
    ``Engine.play`` calls, without the checks it makes first."""
    z = np.zeros((3, 2), np.int32)
    return K.run(0, eng._template, env.W, env.I, env.F, np.arange(3, dtype=np.uint64), z,
                 z.copy(), np.zeros((3, 2), np.int8), np.zeros(3, np.int8),
                 np.zeros((1, 1, 1), np.int16), np.zeros((1, 1, 1), np.int16), False)


def test_a_decision_where_the_door_was_left_out_stops_the_game_with_an_error():
    """The safety net: a seat that must be asked (here a random seat, set behind play()'s back)
    in an environment built without decide() stops with ERR_NO_DECIDE, not a jump to 0."""
    eng = Engine(["Smithy", "Village"], 2)
    env = eng._make_env([SMITHY, SMITHY], decide=False)
    env.I[K.I_RANDOM] = 1
    done = _run_three_games(eng, env)
    assert done == 0 and env.I[K.I_ERROR] == K.ERR_NO_DECIDE


def test_a_debug_flag_written_without_set_debug_stops_with_an_error():
    """Debug mode checks the invariants through an address that hooks.set_debug fills in; a
    debug flag written without it stops the game with ERR_NO_CHECK, not a jump to 0."""
    eng = Engine(["Smithy", "Village"], 2)
    env = eng._make_env([SMITHY, SMITHY])
    env.I[K.I_DEBUG] = 1
    done = _run_three_games(eng, env)
    assert done == 0 and env.I[K.I_ERROR] == K.ERR_NO_CHECK


def test_fast_bot_buys_match_the_generic_decision_path():
    """Batch play answers a bot's buys without building option lists; debug mode goes through
    the generic decide(). Both must give the same games, for bots with conditions, limits,
    extra buys and never-lose checks."""
    bots_mod = pytest.importorskip("ludolab.games.dominion.bots")
    names = ["Big Money Ultimate", "Witch Big Money", "Village/Smithy Engine", "Smithy Big Money",
             "Workshop/Gardens Rush", "Militia/Festival", "GA Optimized", "Big Money"]
    library = [bots_mod.load_bot(n) for n in names if n in bots_mod.library_names()]
    assert len(library) >= 6
    kingdom = sorted({c for b in library for c in b.cards_needed if c >= 7})
    seeds = np.arange(300, dtype=np.uint64)
    for i in range(len(library)):
        seated = [library[i], library[(i + 3) % len(library)], library[(i + 5) % len(library)]]
        eng = Engine(kingdom, 3)
        fast = eng.play(seated, seeds)
        generic = eng.play(seated, seeds, debug=True)
        assert np.array_equal(fast.vp, generic.vp) and np.array_equal(fast.turns, generic.turns)
