"""The value-iteration solution of Pig and the win-probability function."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.core import Match, rng
from ludolab.games.pig import HoldAtPlayer, OptimalPlayer, PigState, solve, win_probability_function
from ludolab.games.pig.optimal import against_hold


def test_first_player_wins_53_06_percent_under_optimal_play() -> None:
    # Neller and Presser (2004) give 0.5306 for the first player's win probability to 100, to
    # four decimals: so the exact value lies within half a unit of the fourth decimal (5e-5) of
    # it. The iteration itself stops when no value moves by 1e-12, far below that tolerance.
    p = solve(100).first_player_win_probability
    assert abs(p - 0.5306) <= 5e-5


def test_goal_two_has_the_closed_form_six_sevenths() -> None:
    # To 2 the first roll wins unless it is a 1, which hands the same position to the opponent:
    # P = 5/6 + (1/6)(1 - P), so P = 6/7.
    assert solve(2).first_player_win_probability == pytest.approx(6 / 7, abs=1e-12)


@pytest.mark.parametrize("goal", [10, 35])
def test_the_table_satisfies_the_optimality_equations(goal: int) -> None:
    # Every live entry equals max(hold, roll) computed from the table itself (roll only at k = 0).
    sol = solve(goal)
    worst = 0.0
    for i in range(goal):
        for j in range(goal):
            for k in range(goal - i):
                roll = (1 - sol.to_move_wins(j, i, 0)) / 6 + sum(
                    sol.to_move_wins(i, j, k + r) for r in range(2, 7)
                ) / 6
                hold = 1 - sol.to_move_wins(j, i + k, 0)
                best = roll if k == 0 else max(roll, hold)
                worst = max(worst, abs(best - sol.to_move_wins(i, j, k)))
                if k > 0:
                    assert sol.decide(i, j, k) == ("roll" if roll > hold else "hold")
    assert worst < 1e-10


def test_policy_facts() -> None:
    sol = solve(100)
    assert sol.decide(0, 0, 0) == "roll"  # the rules force the first roll
    assert sol.decide(0, 0, 20) == "roll" and sol.decide(0, 0, 25) == "hold"
    assert sol.decide(95, 0, 4) == "roll"
    assert sol.decide(80, 99, 10) == "roll"  # the opponent is about to win: keep going
    assert sol.decide(98, 0, 2) == "hold"  # reaching the goal: the rules force the hold
    assert sol.sweeps > 1 and not sol.win.flags.writeable
    assert solve(100) is sol  # cached per goal


def test_win_probability_function_at_every_kind_of_state() -> None:
    f = win_probability_function(100)
    sol = solve(100)
    start = PigState()
    assert f(start, 0) == pytest.approx(sol.first_player_win_probability, abs=1e-15)
    assert f(start, 0) + f(start, 1) == pytest.approx(1.0, abs=1e-15)

    # A decision state of seat 1 reads the table from seat 1's side.
    s = PigState(scores=(40, 55), active=1, points=12)
    assert f(s, 1) == pytest.approx(sol.to_move_wins(55, 40, 12), abs=1e-15)
    assert f(s, 0) == pytest.approx(1 - sol.to_move_wins(55, 40, 12), abs=1e-15)

    # A chance state is the expectation over the six faces of the states they lead to.
    s = PigState(scores=(40, 90), points=8)
    s.apply("roll")
    expected = 0.0
    for face, p in s.chance_outcomes():
        after = s.clone()
        after.apply_chance(face)
        expected += p * f(after, 0)
    assert f(s, 0) == pytest.approx(expected, abs=1e-12)

    # Terminal states: 1 for the winner, 0 for the loser, a half each on a tie.
    won = PigState(scores=(100, 3), active=1)
    assert (f(won, 0), f(won, 1)) == (1.0, 0.0)
    tie = PigState(scores=(3, 4), round=101)
    assert (f(tie, 0), f(tie, 1)) == (0.5, 0.5)

    # A state that must hold is a sure win for the active player.
    assert f(PigState(scores=(97, 50), points=3), 0) == 1.0

    with pytest.raises(ValueError, match=r"^this function is for goal 100, the state has goal 50$"):
        f(PigState(goal=50), 0)


def _exact_win_probabilities_vs_hold(goal: int, roll: np.ndarray, n: int) -> tuple[float, float]:
    """P(the optimal player beats hold-at-n) when it moves first, and when it moves second.

    Policy evaluation of the two fixed policies, independent of the engine: ``v[a][k, i, j]`` is
    the optimal player's win probability when player ``a`` (0 optimal, 1 hold-at-n) is to move
    with its score i, the other's score j and turn points k.
    """
    size = goal + 6
    v = [np.full((size, size, size), 0.5), np.full((size, size, size), 0.5)]
    js = np.arange(goal)
    for _ in range(10_000):
        before = (v[0][0, :goal, :goal].copy(), v[1][0, :goal, :goal].copy())
        for a in (0, 1):
            me, other = v[a], v[1 - a]
            mover_wins = 1.0 if a == 0 else 0.0
            for k in range(goal - 1, -1, -1):
                for i in range(goal - k):
                    faces = sum(
                        me[k + r, i, js] if i + k + r < goal else mover_wins for r in range(2, 7)
                    )
                    rolled = (other[0, js, i] + faces) / 6
                    held = other[0, js, i + k]
                    if k == 0:
                        me[k, i, js] = rolled
                    elif a == 0:
                        me[k, i, js] = np.where(roll[k, i, js], rolled, held)
                    else:
                        me[k, i, js] = rolled if k < n else held
        change = max(
            np.max(np.abs(v[0][0, :goal, :goal] - before[0])),
            np.max(np.abs(v[1][0, :goal, :goal] - before[1])),
        )
        if change < 1e-12:
            break
    return float(v[0][0, 0, 0]), float(v[1][0, 0, 0])


def test_against_hold_agrees_with_the_independent_evaluation() -> None:
    # The library's vectorised evaluation against the plain loops above, to 30 and hold-at-10.
    goal, n = 30, 10
    expected = _exact_win_probabilities_vs_hold(goal, solve(goal).roll, n)
    assert against_hold(goal, n, solve(goal).roll) == pytest.approx(expected, abs=1e-9)
    # The best response can only do better than the optimal policy against this opponent, and
    # against hold-at-20 to 100 it wins 55.49% averaged over the seats (optimal: 53.99%).
    best = against_hold(goal, n)
    assert best[0] >= expected[0] - 1e-12 and best[1] >= expected[1] - 1e-12
    best100 = against_hold(100, 20)
    assert sum(best100) / 2 == pytest.approx(0.55487, abs=5e-6)
    with pytest.raises(
        ValueError, match=r"^the goal and n must be at least 1, got goal 30 and n 0$"
    ):
        against_hold(30, 0)


def test_simulated_games_agree_with_the_exact_win_rate_against_hold_at_10() -> None:
    # An independent check of the rules engine, keyed dice and the optimal player: the exact
    # probability that the optimal player beats hold-at-10 to 30, averaged over moving first and
    # second (the games alternate seats), against 3000 simulated games. The win rate of 3000
    # independent games has standard deviation at most sqrt(0.25 / 3000) = 0.0091 (a pair shares
    # its dice across seats, which makes the two results negatively correlated and the rate only
    # steadier). The band is 4 sigma: 0.037.
    goal, n = 30, 10
    first, second = _exact_win_probabilities_vs_hold(goal, solve(goal).roll, n)
    assert first > second  # moving first is an advantage
    assert second > 0.5  # and the optimal player is better than hold-at-10 from either seat
    exact = (first + second) / 2
    wins = 0
    for game_seed in rng.game_seeds(11, 0, 1500):  # 1500 pairs of games, seats swapped
        for seat in (0, 1):
            players = [HoldAtPlayer(n), HoldAtPlayer(n)]
            players[seat] = OptimalPlayer()
            result = Match(PigState(goal=goal), players, seed=int(game_seed)).run()
            wins += result.winners() == (seat,)
    assert abs(wins / 3000 - exact) < 0.037
