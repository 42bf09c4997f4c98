"""Pig's compiled interface plays exactly the rules of PigState."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.games.pig import PigState
from ludolab.games.pig import compiled as C
from ludolab.games.pig.race import race_value
from ludolab.players.compiled import CHANCE, TERMINAL


def test_compiled_rules_follow_pig_state_move_for_move() -> None:
    # 300 games of random moves and keyed dice, to 30 with a 3-round cap (so that some end in a
    # tie): after every step the array is the encoding of the Python state, and the seat to
    # move, the legal moves, the returns and the heuristics agree.
    r = np.random.default_rng(1)
    out = np.zeros(6, dtype=np.int64)
    vals = np.zeros(2)
    cfg_held = np.array([0, 20, C.HEURISTIC_HELD, C.CUT_TURN], dtype=np.float64)
    endings = set()
    for _ in range(300):
        state = PigState(goal=30, max_rounds=3)
        s = C.encode(state)
        seed = int(r.integers(1 << 62))
        while True:
            assert np.array_equal(s, C.encode(state))
            st = C.status(s)
            if state.is_terminal():
                assert st == TERMINAL
                C.returns(s, vals)
                assert tuple(vals) == state.returns()
                endings.add(state.winner())
                break
            if state.is_chance():
                assert st == CHANCE
                face = state.sample_chance(seed)
                assert C.chance(s, np.uint64(seed)) == face - 1
                state.apply_chance(face)
                continue
            assert st == state.active
            n = C.legal(s, out)
            assert [C.PIG.moves[a] for a in out[:n]] == list(state.legal_moves(state.active))
            C.heuristic(s, cfg_held, vals)
            assert vals[0] == state.scores[0] + (state.points if state.active == 0 else 0) - (
                state.scores[1] + (state.points if state.active == 1 else 0))
            assert C.quiet(s, cfg_held) == (state.points == 0)
            a = int(out[r.integers(n)])
            C.apply(s, a)
            state.apply(C.PIG.moves[a])
    assert endings == {0, 1, None}  # wins of both seats, and ties at the round cap


def test_compiled_race_heuristic_is_the_python_one() -> None:
    # The race heuristic read from the table in cfg (compiled) and from the table itself
    # (Python) at every kind of state of 200 random games to 100 and to 30: turn starts, turns
    # in progress (counted as held), states past the goal and finished games.
    cfg = C.configured(race=True).config
    vals = np.zeros(2)
    r = np.random.default_rng(2)
    seen = 0
    for game in range(200):
        state = PigState(goal=(100, 30)[game % 2])
        seed = int(r.integers(1 << 62))
        while True:
            C.heuristic(C.encode(state), cfg, vals)
            # same table entry, same formula (numba may fuse the arithmetic: 1e-9 of slack)
            assert vals[0] == pytest.approx(race_value(state, 0), abs=1e-9)
            assert vals[1] == pytest.approx(race_value(state, 1), abs=1e-9)
            seen += 1
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply_chance(state.sample_chance(seed))
            else:
                moves = state.legal_moves(state.active)
                state.apply(moves[int(r.integers(len(moves)))])
    assert seen > 10_000
