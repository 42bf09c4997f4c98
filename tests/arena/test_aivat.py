"""Tests of ludolab.arena.aivat: the luck-term control variate, on tiny games and on Pig."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np
import pytest

from ludolab.arena.aivat import aivat_summary, corrected_outcomes, luck_terms, luck_total
from ludolab.core import rng as _rng
from ludolab.core.game import GameState, Move, Outcome
from ludolab.core.match import ChanceRecord, Match, MoveRecord
from ludolab.errors import LudolabError

# --------------------------------------------------------------------------------------------
# A tiny turn-based chance game


FACES: tuple[tuple[int, float], ...] = ((0, 0.5), (2, 0.3), (5, 0.2))  # a loaded three-sided die


class DiceRace(GameState):
    """Two seats, two turns each, alternating. On a turn: ``safe`` (+1) or ``roll`` (+ a face).

    Returns: seat 0's score minus seat 1's (and its negative).
    """

    game_name = "dice-race"

    def __init__(self) -> None:
        self.scores = [0, 0]
        self.turn = 0  # 0..3; seat = turn % 2
        self.pending = False
        self.rolls = [0, 0]

    @property
    def num_players(self) -> int:
        return 2

    def key(self) -> tuple:
        return (tuple(self.scores), self.turn, self.pending)

    def is_terminal(self) -> bool:
        return self.turn >= 4

    def is_chance(self) -> bool:
        return self.pending

    def active_seats(self) -> tuple[int, ...]:
        return () if self.pending or self.is_terminal() else (self.turn % 2,)

    def legal_moves(self, seat: int) -> Sequence[Move]:
        return ("safe", "roll") if seat in self.active_seats() else ()

    def apply(self, move: Move) -> None:
        if move == "roll":
            self.pending = True
        else:
            self.scores[self.turn % 2] += 1
            self.turn += 1

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        return FACES

    def chance_key(self) -> tuple[int, int, int]:
        seat = self.turn % 2
        return (seat, _rng.DIE, self.rolls[seat])

    def apply_chance(self, outcome: Outcome) -> None:
        seat = self.turn % 2
        self.scores[seat] += int(outcome)  # type: ignore[call-overload]
        self.rolls[seat] += 1
        self.pending = False
        self.turn += 1

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0, 0.0)
        d = float(self.scores[0] - self.scores[1])
        return (d, -d)

    def clone(self) -> DiceRace:
        c = DiceRace()
        c.scores = self.scores[:]
        c.turn = self.turn
        c.pending = self.pending
        c.rolls = self.rolls[:]
        return c


def always_roll(state: GameState, seat: int) -> Move:
    return "roll"


def roll_when_behind(state: GameState, seat: int) -> Move:
    s = state.scores  # type: ignore[attr-defined]
    return "roll" if s[seat] < s[1 - seat] else "safe"


class PolicyPlayer:
    """A deterministic player from a policy function."""

    def __init__(self, policy) -> None:
        self.policy = policy
        self.name = policy.__name__

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        return self.policy(state, seat)


POLICIES = (always_roll, roll_when_behind)


def exact_value(state: DiceRace, seat: int) -> float:
    """Expected final margin for ``seat`` under POLICIES, by exhaustive recursion."""
    v = _value0(state.key())
    return v if seat == 0 else -v


@functools.cache
def _value0(key: tuple) -> float:
    scores, turn, pending = key
    state = DiceRace()
    state.scores, state.turn, state.pending = list(scores), turn, pending
    if state.is_terminal():
        return state.returns()[0]
    if state.is_chance():
        total = 0.0
        for outcome, p in state.chance_outcomes():
            child = state.clone()
            child.apply_chance(outcome)
            total += p * _value0(child.key())
        return total
    seat = state.active_seats()[0]
    child = state.clone()
    child.apply(POLICIES[seat](state, seat))
    return _value0(child.key())


def play(seed: int, policies: tuple = POLICIES) -> tuple[DiceRace, list, float]:
    initial = DiceRace()
    result = Match(initial.clone(), [PolicyPlayer(p) for p in policies], seed=seed).run()
    return initial, result.history, result.returns[0]


def test_exact_value_and_deterministic_players_leave_no_luck_at_all() -> None:
    # With the exact value of the players' own policies, the corrected outcome telescopes to the
    # value of the start: every game gives exactly V0, whatever the dice.
    v0 = exact_value(DiceRace(), 0)
    # By hand: seat 0 rolls twice (mean face 0*0.5 + 2*0.3 + 5*0.2 = 1.6 each).
    games = [play(seed) for seed in range(300)]
    plain = np.array([g[2] for g in games])
    corrected = corrected_outcomes(games, exact_value, seat=0)
    np.testing.assert_allclose(corrected, v0, atol=1e-12)
    assert plain.std() > 1.0  # the plain outcomes do vary
    # Seat 1's view is the mirror image.
    np.testing.assert_allclose(
        corrected_outcomes([(s, h, -o) for s, h, o in games], exact_value, seat=1), -v0, atol=1e-12
    )


def test_luck_terms_by_hand() -> None:
    # Seat 0 rolls a 5 (probability 0.2): value after is 5 + rest, expectation 1.6 + rest, so
    # the luck is 5 - 1.6 = 3.4 for seat 0 with the "current margin" value function.
    state = DiceRace()
    history = [
        MoveRecord(0, "roll"),
        ChanceRecord(0, _rng.DIE, 0, 5),
        MoveRecord(1, "safe"),
        MoveRecord(0, "roll"),
        ChanceRecord(0, _rng.DIE, 1, 0),
        MoveRecord(1, "roll"),
        ChanceRecord(1, _rng.DIE, 0, 2),
    ]

    def margin(s: GameState, seat: int) -> float:
        d = s.scores[0] - s.scores[1]  # type: ignore[attr-defined]
        return float(d if seat == 0 else -d)

    assert luck_terms(state, history, margin, 0) == pytest.approx([3.4, -1.6, -(2 - 1.6)])
    assert luck_total(state, history, margin, 1) == pytest.approx(-3.4 + 1.6 + 0.4)
    assert state.turn == 0 and state.scores == [0, 0]  # the initial state was not touched


def test_any_fixed_value_function_keeps_the_mean_unbiased() -> None:
    """A deliberately poor value function (noise keyed by the state) still gives the right mean.

    The corrected mean must agree with the exact expected margin V0 (known by recursion). With
    4,000 seeded games, |mean - V0| < 4 standard errors has probability 0.99994 for an unbiased
    estimator; a bias of the size of the noise (~1) would exceed it by far.
    """

    def noisy(s: GameState, seat: int) -> float:
        key = hash(s.key()) & 0xFFFF  # type: ignore[attr-defined]
        return _rng.keyed_uniform(key, 0, 0, 0) * 4.0 - 2.0 + (0.5 if seat == 0 else -0.5)

    v0 = exact_value(DiceRace(), 0)
    games = [play(seed) for seed in range(4000)]
    corrected = corrected_outcomes(games, noisy, seat=0)
    sem = corrected.std(ddof=1) / math.sqrt(corrected.size)
    assert abs(corrected.mean() - v0) < 4 * sem
    plain = np.array([g[2] for g in games])
    assert abs(plain.mean() - v0) < 4 * plain.std(ddof=1) / math.sqrt(plain.size)


def test_a_partly_right_value_function_removes_part_of_the_luck() -> None:
    """Value = half the current margin, both seats always rolling: half of every die's luck goes.

    The plain margin is a constant plus the sum D of the four dice's deviations from their mean,
    and each luck term is half a deviation, so the corrected margin is the constant plus D / 2:
    the variance falls by exactly 4 on any sample. With the seats' mixed policies (seat 1 rolls
    only when behind) the ratio is no longer exact; measured over 20,000 games it is 4.8, and
    over 4,000 games (variance estimates within ~5%) it must lie in [3.5, 6.5].
    """

    def half_margin(s: GameState, seat: int) -> float:
        d = 0.5 * (s.scores[0] - s.scores[1])  # type: ignore[attr-defined]
        return d if seat == 0 else -d

    games = [play(seed, (always_roll, always_roll)) for seed in range(500)]
    plain = np.array([g[2] for g in games])
    summary = aivat_summary(plain, corrected_outcomes(games, half_margin, seat=0))
    assert summary.variance_ratio == pytest.approx(4.0, rel=1e-9)
    # The plain variance is that of four dice: 4 * var(face) = 4 * 3.64, within sampling error
    # (relative sd ~ sqrt(2 / 500) = 6%; band 20%).
    assert summary.plain.sd**2 == pytest.approx(4 * 3.64, rel=0.2)

    games = [play(seed) for seed in range(4000)]
    plain = np.array([g[2] for g in games])
    summary = aivat_summary(plain, corrected_outcomes(games, half_margin, seat=0))
    assert 3.5 < summary.variance_ratio < 6.5, summary
    assert abs(summary.luck.mean) < 4 * summary.luck.sem  # unbiased: mean luck 0 (4 sd band)
    assert summary.games == 4000


# --------------------------------------------------------------------------------------------
# Replay through simultaneous moves, and bad histories


class CoinMatch(GameState):
    """Both seats pick 0 or 1 at once; then a coin (p = 0.3 heads) pays seat 0 if it matches."""

    game_name = "coin-match"

    def __init__(self) -> None:
        self.picks: dict[int, int] = {}
        self.coin: int | None = None

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.coin is not None

    def is_chance(self) -> bool:
        return len(self.picks) == 2 and self.coin is None

    def active_seats(self) -> tuple[int, ...]:
        return (0, 1) if not self.picks else ()

    def legal_moves(self, seat: int) -> Sequence[Move]:
        return (0, 1) if not self.picks else ()

    def apply(self, move: Move) -> None:
        raise ValueError("simultaneous game: use apply_joint")

    def apply_joint(self, moves) -> None:
        self.picks = dict(moves)

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        return ((1, 0.3), (0, 0.7))

    def apply_chance(self, outcome: Outcome) -> None:
        self.coin = int(outcome)  # type: ignore[call-overload]

    def returns(self) -> tuple[float, ...]:
        if self.coin is None:
            return (0.0, 0.0)
        r = 1.0 if self.picks[0] == self.coin else 0.0
        return (r, -r)

    def clone(self) -> CoinMatch:
        c = CoinMatch()
        c.picks = dict(self.picks)
        c.coin = self.coin
        return c


def test_simultaneous_moves_replay_and_exact_correction() -> None:
    def value(s: GameState, seat: int) -> float:
        assert isinstance(s, CoinMatch)
        # Before the coin, seat 0 (which picks 1) wins with probability 0.3.
        r = s.returns()[0] if s.coin is not None else (0.3 if s.picks.get(0) == 1 else 0.7)
        return r if seat == 0 else -r

    class Pick:
        name = "pick"

        def __init__(self, v: int) -> None:
            self.v = v

        def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
            return self.v

    outcomes = []
    for seed in range(50):
        initial = CoinMatch()
        result = Match(initial.clone(), [Pick(1), Pick(0)], seed=seed).run()
        assert len(result.history) == 3  # two moves, one coin
        outcomes.append((initial, result.history, result.returns[0]))
    corrected = corrected_outcomes(outcomes, value, seat=0)
    np.testing.assert_allclose(corrected, 0.3, atol=1e-12)
    assert {o for _, _, o in outcomes} == {0.0, 1.0}


def test_bad_histories_fail_clearly() -> None:
    def zero(s: GameState, seat: int) -> float:
        return 0.0

    with pytest.raises(LudolabError) as exc:
        luck_terms(DiceRace(), [ChanceRecord(0, 1, 0, 2)], zero, 0)
    assert str(exc.value) == "history record 0 is a chance draw but the game expects a move there"
    with pytest.raises(LudolabError) as exc:
        luck_terms(DiceRace(), [MoveRecord(0, "roll"), MoveRecord(0, "roll")], zero, 0)
    assert str(exc.value) == "history record 1 is a move but the game expects a chance draw"
    with pytest.raises(LudolabError) as exc:
        luck_terms(DiceRace(), [MoveRecord(0, "roll"), ChanceRecord(0, 1, 0, 4)], zero, 0)
    assert str(exc.value) == "history record 1: outcome 4 is not a possible outcome there"
    with pytest.raises(LudolabError) as exc:
        luck_terms(DiceRace(), [MoveRecord(1, "safe")], zero, 0)
    assert str(exc.value) == "history record 0 is a move of seat 1 but seat 0 is to move"
    with pytest.raises(LudolabError) as exc:
        luck_terms(CoinMatch(), [MoveRecord(0, 1)], zero, 0)
    assert str(exc.value) == "history record 0: expected one move for each of seats (0, 1)"
    with pytest.raises(LudolabError) as exc:
        luck_terms(DiceRace(), [], zero, 2)
    assert str(exc.value) == "seat must lie in 0..1, got 2"
    with pytest.raises(LudolabError) as exc:
        aivat_summary([1.0, 0.0], [1.0])
    assert str(exc.value).startswith(
        "plain and corrected outcomes must be flat and of equal length"
    )


# --------------------------------------------------------------------------------------------
# Pig: hold-at-20 against hold-at-25 with the exact win probability as value function


def test_pig_hold20_vs_hold25_win_share() -> None:
    """Corrected win share of hold-at-20 (alternating seats) keeps its mean and loses the luck.

    Measured over 2,000 games (seeds 0-1999): plain 0.497, corrected 0.488, variance ratio 23.2
    (20-27 across 500-game slices). Here 600 games: the corrected outcomes have kurtosis ~3.8,
    so the corrected variance estimate has relative sd sqrt(2.8 / 600) = 7% (the plain one, of
    a near-fair coin, is almost exact); the band [15, 35] is more than 4 sd on either side.
    Unbiasedness: the mean luck removed must be 0 within 4 of its standard errors.
    """
    pig = pytest.importorskip("ludolab.games.pig")
    value = pig.win_probability_function(100)
    plain, corrected = [], []
    for g in range(600):
        seat = g % 2  # hold-at-20's seat
        bots = [pig.HoldAtPlayer(20), pig.HoldAtPlayer(25)]
        players = bots if seat == 0 else bots[::-1]
        initial = pig.PigState(goal=100)
        result = Match(initial.clone(), players, seed=g).run()
        r = result.returns[seat]
        outcome = 1.0 if r > 0 else (0.0 if r < 0 else 0.5)
        plain.append(outcome)
        corrected.append(outcome - luck_total(initial, result.history, value, seat))
    summary = aivat_summary(plain, corrected)
    assert abs(summary.luck.mean) < 4 * summary.luck.sem, summary
    assert 15 < summary.variance_ratio < 35, summary
    # The corrected interval is the narrower one by about the square root of the ratio.
    ratio = summary.plain.interval.half_width / summary.corrected.interval.half_width
    assert ratio == pytest.approx(math.sqrt(summary.variance_ratio), rel=1e-9)
