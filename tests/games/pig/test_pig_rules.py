"""Every rule of Pig with the exact expected state, the keyed dice and the conformance check."""

from __future__ import annotations

import pickle

import pytest

from ludolab.core import ChanceRecord, Match, MoveRecord, check_game
from ludolab.core import rng as _rng
from ludolab.games.pig import (
    DIE_OUTCOMES,
    HoldAtPlayer,
    OptimalPlayer,
    PigState,
    held_difference,
    score_difference,
)
from ludolab.players import RandomPlayer


def test_initial_state() -> None:
    s = PigState()
    assert (s.goal, s.max_rounds, s.scores, s.active, s.points, s.round) == (
        100,
        100,
        [0, 0],
        0,
        0,
        0,
    )
    assert s.num_players == 2
    assert not s.is_terminal() and not s.is_chance()
    assert s.active_seats() == (0,)
    assert s.legal_moves(0) == ("roll",)  # the active player must roll at least once per turn
    assert s.legal_moves(1) == ()
    assert s.returns() == (0.0, 0.0)
    assert s.return_bound() == 100.0
    assert str(s) == '0: {"One":0,"Two":0} One has 0'


def test_roll_makes_a_chance_state_with_six_equal_faces() -> None:
    s = PigState()
    s.apply("roll")
    assert s == PigState(pending=True)
    assert s.is_chance() and s.active_seats() == ()
    assert s.legal_moves(0) == () and s.legal_moves(1) == ()
    assert list(s.chance_outcomes()) == [(f, 1 / 6) for f in range(1, 7)]
    assert sum(p for _, p in DIE_OUTCOMES) == pytest.approx(1.0, abs=1e-15)
    assert s.chance_key() == (0, _rng.DIE, 0)


def test_a_face_above_one_adds_to_the_turn_points() -> None:
    s = PigState()
    s.apply("roll")
    s.apply_chance(4)
    assert s == PigState(points=4, rolls=(1, 0))
    assert s.legal_moves(0) == ("roll", "hold")
    s.apply("roll")
    s.apply_chance(6)
    assert s == PigState(points=10, rolls=(2, 0))
    assert str(s) == '0: {"One":0,"Two":0} One has 10'


def test_hold_banks_the_points_and_passes_the_turn() -> None:
    s = PigState(scores=(7, 3), points=10, rolls=(5, 2))
    s.apply("hold")
    assert s == PigState(scores=(17, 3), active=1, points=0, round=0, rolls=(5, 2))
    assert s.active_seats() == (1,) and s.legal_moves(1) == ("roll",)


def test_rolling_a_one_loses_the_turn_points_and_passes_the_turn() -> None:
    s = PigState(scores=(7, 3), points=15, rolls=(5, 2))
    s.apply("roll")
    s.apply_chance(1)
    assert s == PigState(scores=(7, 3), active=1, points=0, round=0, rolls=(6, 2))


def test_round_increments_when_the_second_players_turn_ends() -> None:
    s = PigState(scores=(7, 3), active=1, points=8, round=4)
    s.apply("hold")
    assert s == PigState(scores=(7, 11), active=0, round=5)
    s = PigState(scores=(7, 3), active=1, points=8, round=4, rolls=(9, 9))
    s.apply("roll")
    s.apply_chance(1)
    assert s == PigState(scores=(7, 3), active=0, round=5, rolls=(9, 10))


def test_must_hold_once_score_plus_points_reach_the_goal() -> None:
    assert PigState(scores=(95, 0), points=4).legal_moves(0) == ("roll", "hold")
    s = PigState(scores=(95, 0), points=5)
    assert s.legal_moves(0) == ("hold",)
    with pytest.raises(ValueError, match=r"^illegal move 'roll' at 0: .*; legal: \('hold',\)$"):
        s.apply("roll")
    assert PigState(goal=20, scores=(0, 0), points=20).legal_moves(0) == ("hold",)


def test_reaching_the_goal_wins_with_the_capped_score_difference() -> None:
    s = PigState(scores=(98, 30), points=6)
    s.apply("hold")
    assert s.scores == [104, 30] and s.is_terminal()
    assert s.returns() == (70.0, -70.0)  # min(100, 104) - 30
    assert s.winner() == 0
    assert s.active_seats() == () and s.legal_moves(0) == () and s.legal_moves(1) == ()
    assert str(s) == 'Fin: {"One":70,"Two":-70} ({"One":104,"Two":30})'

    s = PigState(scores=(40, 95), active=1, points=5)
    s.apply("hold")
    assert s.returns() == (-60.0, 60.0) and s.winner() == 1


def test_the_goal_is_a_parameter() -> None:
    s = PigState(goal=10, scores=(3, 8), points=6)
    assert s.legal_moves(0) == ("roll", "hold")
    s.apply("roll")
    s.apply_chance(2)
    assert s.legal_moves(0) == ("hold",)
    s.apply("hold")
    assert s.returns() == (2.0, -2.0) and s.return_bound() == 10.0


def test_a_game_over_the_round_limit_is_a_tie() -> None:
    s = PigState(scores=(50, 60), active=1, points=3, round=100)
    s.apply("hold")
    assert s.round == 101 and s.is_terminal()
    assert s.returns() == (0.0, 0.0) and s.winner() is None
    assert str(s) == 'Fin: {"One":0,"Two":0} ({"One":50,"Two":63})'
    # Seat 0 ending its turn in round 100 does not end the game.
    s = PigState(scores=(50, 60), active=0, points=3, round=100)
    s.apply("hold")
    assert s.round == 100 and not s.is_terminal()
    # The limit is a parameter too.
    s = PigState(max_rounds=0, active=1, points=2)
    s.apply("hold")
    assert s.is_terminal() and s.returns() == (0.0, 0.0)


def test_bad_moves_and_outcomes_are_refused() -> None:
    s = PigState(points=3)
    with pytest.raises(ValueError, match=r"^illegal move 'pass'"):
        s.apply("pass")
    with pytest.raises(ValueError, match=r"^no die to roll at 0: "):
        s.apply_chance(3)
    with pytest.raises(ValueError, match=r"^no die to roll at 0: "):
        s.chance_outcomes()
    s.apply("roll")
    with pytest.raises(ValueError, match=r"^a die shows 1 to 6, got 7$"):
        s.apply_chance(7)
    with pytest.raises(ValueError, match=r"^illegal move 'roll'"):
        s.apply("roll")
    with pytest.raises(ValueError, match=r"^the goal must be at least 1, got 0$"):
        PigState(goal=0)
    with pytest.raises(ValueError, match=r"^active must be seat 0 or 1, got 2$"):
        PigState(active=2)


def test_clone_is_independent_equal_and_picklable() -> None:
    s = PigState(scores=(10, 20), points=5, round=3, rolls=(4, 4))
    c = s.clone()
    assert c == s and c is not s
    c.apply("hold")
    assert s == PigState(scores=(10, 20), points=5, round=3, rolls=(4, 4))
    assert pickle.loads(pickle.dumps(s)) == s
    assert repr(s) == (
        "PigState(goal=100, max_rounds=100, scores=(10, 20), active=0, points=5, round=3, "
        "rolls=(4, 4), pending=False)"
    )


def test_heuristics() -> None:
    s = PigState(scores=(30, 45), active=1, points=12)
    assert score_difference(s, 0) == -15.0 and score_difference(s, 1) == 15.0
    assert held_difference(s, 0) == -27.0 and held_difference(s, 1) == 27.0


def test_conformance_on_many_seeds() -> None:
    # Random play to the end from 300 seeds at goal 100, plus short limits where ties happen.
    figures = check_game(lambda seed: PigState(), range(300))
    assert figures["games"] == 300.0
    check_game(lambda seed: PigState(goal=20), range(300, 500), check_clone_every=1)
    check_game(lambda seed: PigState(max_rounds=3), range(500, 600), check_clone_every=1)


def _dice_by_seat(history: list) -> dict[int, list[int]]:
    dice: dict[int, list[int]] = {0: [], 1: []}
    for rec in history:
        if isinstance(rec, ChanceRecord):
            assert rec.purpose == _rng.DIE and rec.index == len(dice[rec.seat])
            dice[rec.seat].append(int(rec.outcome))
    return dice


@pytest.mark.parametrize("seed", [1, 2, 3, 12345])
def test_the_same_seed_gives_each_seat_the_same_dice_whatever_the_other_does(seed: int) -> None:
    a = Match(PigState(), [HoldAtPlayer(20), HoldAtPlayer(10)], seed=seed).run()
    b = Match(PigState(), [HoldAtPlayer(20), RandomPlayer()], seed=seed).run()
    c = Match(PigState(), [OptimalPlayer(), HoldAtPlayer(30)], seed=seed).run()
    da, db, dc = _dice_by_seat(a.history), _dice_by_seat(b.history), _dice_by_seat(c.history)
    for seat in (0, 1):
        n = min(len(da[seat]), len(db[seat]), len(dc[seat]))
        assert n >= 5
        assert da[seat][:n] == db[seat][:n] == dc[seat][:n]
        # Each face is the keyed word of (seed, seat, DIE, index) mapped onto the six faces.
        for i, face in enumerate(da[seat][:n]):
            assert face == 1 + _rng.keyed_below(6, seed, seat, _rng.DIE, i)


def test_a_match_log_reads_like_the_seed() -> None:
    lines: list[str] = []
    match = Match(PigState(goal=10), [HoldAtPlayer(4), HoldAtPlayer(4)], seed=2)
    match.on(
        "move", lambda s, r: lines.append(f'{s}, moves: {{"{("One", "Two")[r.seat]}":"{r.move}"}}')
    )
    match.on("end", lambda s, res: lines.append(f"{s}."))
    result = match.run()
    assert lines[0] == '0: {"One":0,"Two":0} One has 0, moves: {"One":"roll"}'
    assert lines[-1].startswith("Fin: ") and lines[-1].endswith(".")
    assert sum(isinstance(r, MoveRecord) for r in result.history) == len(lines) - 1
