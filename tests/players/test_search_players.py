"""Random, flat Monte Carlo and UCT players on tiny games with known answers."""

from __future__ import annotations

import numpy as np
import pytest
from player_toys import Dilemma, Gamble, Table, ThreeSeats, Trap, trap_heuristic
from scipy import stats

from ludolab.core import Match
from ludolab.games.pig import HoldAtPlayer, PigState
from ludolab.players import MonteCarloPlayer, RandomPlayer, UCTPlayer
from ludolab.players.base import Judge, outcome_values, playout


def gen(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


# -- random ------------------------------------------------------------------------------------


def test_random_player_is_uniform_by_chi_square() -> None:
    # 6000 choices among three moves: Pearson's statistic has 2 degrees of freedom; both tails
    # at p = 1e-6 (too uneven, or too regular to be random).
    state = Table({"a": 0.0, "b": 0.0, "c": 0.0})
    rng = gen(1)
    picks = [RandomPlayer().choose(state, 0, rng) for _ in range(6000)]
    counts = [picks.count(m) for m in "abc"]
    chi2 = stats.chisquare(counts).statistic
    assert stats.chi2.ppf(1e-6, 2) < chi2 < stats.chi2.ppf(1 - 1e-6, 2)


def test_random_player_follows_its_stream() -> None:
    state = Table({"a": 0.0, "b": 0.0, "c": 0.0})
    a = [RandomPlayer().choose(state, 0, r) for r in [gen(5)] for _ in range(20)]
    b = [RandomPlayer().choose(state, 0, r) for r in [gen(5)] for _ in range(20)]
    assert a == b and len(set(a)) == 3
    assert RandomPlayer().choose(PigState(), 0, gen()) == "roll"  # the only legal move


# -- playouts ----------------------------------------------------------------------------------


def test_outcome_values() -> None:
    assert outcome_values((12.0, -12.0)) == (1.0, -1.0)
    assert outcome_values((0.0, 0.0)) == (0.0, 0.0)
    assert outcome_values((3.0, 3.0, 1.0)) == (0.0, 0.0, -1.0)


def test_playout_cuts_at_the_horizon_and_waits_for_a_quiet_state() -> None:
    state = Trap(length=5)
    state.apply("bait")
    judge = Judge(heuristic=trap_heuristic)
    assert playout(state.clone(), 2, RandomPlayer(), judge, gen()) == (1.0, -1.0)
    assert playout(state.clone(), None, RandomPlayer(), judge, gen()) == (-1.0, 1.0)
    # A quiet predicate that only accepts the end of the path: the cut never happens.
    late = Judge(heuristic=trap_heuristic, quiet=lambda s: s.steps >= 5)
    assert playout(state.clone(), 2, RandomPlayer(), late, gen()) == (-1.0, 1.0)
    # Values are scaled, or turned into win/loss.
    assert playout(state.clone(), None, RandomPlayer(), Judge(scale=4.0), gen()) == (-0.25, 0.25)
    assert playout(state.clone(), 1, RandomPlayer(), Judge(trap_heuristic, 4.0), gen()) == (
        0.25,
        -0.25,
    )


def test_keyed_playouts_share_the_dice() -> None:
    # Two playouts of different Pig positions with the same chance seed roll the same dice for
    # seat 1 (who has rolled nothing yet in both).
    def dice_of_seat_1(state: PigState, seed: int) -> list[int]:
        seen: list[int] = []
        policy = HoldAtPlayer(15)
        while not state.is_terminal() and len(seen) < 12:
            if state.is_chance():
                face = state.sample_chance(seed)
                if state.active == 1:
                    seen.append(face)
                state.apply_chance(face)
            else:
                state.apply(policy.choose(state, state.active, gen()))
        return seen

    a = dice_of_seat_1(PigState(points=5, rolls=(3, 0)), 99)
    b = dice_of_seat_1(PigState(points=12, rolls=(7, 0)), 99)
    assert len(a) == len(b) == 12 and a == b


# -- search players on known answers -----------------------------------------------------------


@pytest.mark.parametrize("make", [MonteCarloPlayer, UCTPlayer])
def test_search_finds_the_best_move(make: type) -> None:
    state = Table({"lose": -1.0, "draw": 0.0, "win": 1.0})
    player = make(60)
    assert player.choose(state, 0, gen()) == "win"
    visits = {m: n for m, (n, _) in player.last_search.items()}
    assert sum(visits.values()) == 60
    if make is MonteCarloPlayer:
        assert visits == {"lose": 20, "draw": 20, "win": 20}  # round robin
        assert player.last_search["win"][1] == 1.0
    else:
        assert visits["win"] > visits["draw"] > 0


@pytest.mark.parametrize("make", [MonteCarloPlayer, UCTPlayer])
@pytest.mark.parametrize("paired", [True, False])
@pytest.mark.parametrize(("p", "best"), [(0.3, "safe"), (0.6, "safe"), (0.9, "gamble")])
def test_chance_is_sampled_by_its_probabilities(
    make: type, paired: bool, p: float, best: str
) -> None:
    # safe is worth 0.5, gamble 2p - 1: -0.4, 0.2 and 0.8. A search that let the player pick the
    # coin would always gamble. With 2000 simulations the gamble's mean has standard error at
    # most 1 / sqrt(1000) = 0.032, so 0.3 from 0.5 is over 9 standard errors.
    player = make(2000, paired=paired)
    assert player.choose(Gamble(p), 0, gen(3)) == best
    n, mean = player.last_search["gamble"]
    if make is MonteCarloPlayer:
        assert abs(mean - (2 * p - 1)) < 5 / np.sqrt(n)


def test_uct_backs_up_each_seats_own_value_with_three_players() -> None:
    for seed in range(3):
        player = UCTPlayer(3000, c=0.5)
        assert player.choose(ThreeSeats(), 0, gen(seed)) == "R"
        visits = {m: n for m, (n, _) in player.last_search.items()}
        assert visits["R"] > visits["L"] and visits["R"] > visits["M"]


@pytest.mark.parametrize("make", [MonteCarloPlayer, UCTPlayer])
def test_simultaneous_moves_find_the_dominant_move(make: type) -> None:
    # Regret matching picks defect in 95 of 100 searches with 100 simulations and in all of 100
    # with 1000 (measured over seeds 0-99), so 1000 leaves a wide margin.
    assert make(1000).choose(Dilemma(), 0, gen()) == "defect"
    assert make(1000).choose(Dilemma(), 1, gen()) == "defect"
    result = Match(Dilemma(), [make(1000), make(1000)], seed=4).run()
    assert result.returns == (0.2, 0.2)


@pytest.mark.parametrize("make", [MonteCarloPlayer, UCTPlayer])
def test_horizon_and_heuristic(make: type) -> None:
    # With a horizon of 2 moves the heuristic judges the bait path +1 and falls for it; playing
    # to the end shows that the bait loses.
    short = make(50, horizon=2, heuristic=trap_heuristic)
    assert short.choose(Trap(), 0, gen()) == "bait"
    assert make(50).choose(Trap(), 0, gen()) == "plain"
    # A quiet predicate that only accepts finished paths makes the short horizon see the end.
    quiet = make(50, horizon=2, heuristic=trap_heuristic, quiet=lambda s: s.steps >= 3)
    assert quiet.choose(Trap(), 0, gen()) == "plain"


@pytest.mark.parametrize("make", [MonteCarloPlayer, UCTPlayer])
def test_search_is_reproducible_from_its_stream(make: type) -> None:
    state = PigState(scores=(40, 60), points=14)
    b = make(300)
    first = (b.choose(state, 0, gen(8)), dict(b.last_search))
    again = (b.choose(state, 0, gen(8)), dict(b.last_search))
    other = (b.choose(state, 0, gen(9)), dict(b.last_search))
    assert first == again
    assert first[1] != other[1]
    assert state == PigState(scores=(40, 60), points=14)  # the search never touched it


@pytest.mark.parametrize("make", [MonteCarloPlayer, UCTPlayer])
def test_time_cap_stops_the_search(make: type) -> None:
    player = make(10**9, time_cap=0.05)
    move = player.choose(PigState(scores=(10, 10), points=10), 0, gen())
    assert move in ("roll", "hold")
    done = sum(n for n, _ in player.last_search.values())
    assert 2 <= done < 10**9


def test_single_legal_move_needs_no_search() -> None:
    for player in (MonteCarloPlayer(10), UCTPlayer(10)):
        assert player.choose(PigState(scores=(98, 0), points=3), 0, gen()) == "hold"
        assert player.last_search == {"hold": (0, 0.0)}


def test_pairing_cuts_the_noise_of_flat_monte_carlo() -> None:
    # The spread of the estimated roll-minus-hold difference over 16 independent searches, with
    # and without common dice. Measured: about 0.2 of the unpaired spread; an estimate of a
    # standard deviation from 16 samples is within +-35% (about 2 standard errors) so requiring
    # less than 0.6 of it keeps a wide margin while still failing if pairing did nothing.
    state = PigState(scores=(40, 50), points=14)

    def spread(paired: bool) -> float:
        diffs = []
        for seed in range(16):
            player = MonteCarloPlayer(200, rollout=HoldAtPlayer(20), paired=paired)
            player.choose(state, 0, gen(seed))
            diffs.append(player.last_search["roll"][1] - player.last_search["hold"][1])
        return float(np.std(diffs, ddof=1))

    assert spread(True) < 0.6 * spread(False)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^simulations must be at least 1, got 0$"):
        MonteCarloPlayer(0)
    with pytest.raises(ValueError, match=r"^a horizon needs a heuristic to judge the states"):
        UCTPlayer(10, horizon=5)
    with pytest.raises(ValueError, match=r"^horizon must be at least 1 move, got 0$"):
        MonteCarloPlayer(10, horizon=0, heuristic=trap_heuristic)
    with pytest.raises(ValueError, match=r"^time_cap must be 0 \(off\) or more seconds, got -1$"):
        UCTPlayer(10, time_cap=-1)
    with pytest.raises(
        ValueError, match=r"^the exploration constant c must be 0 or more, got -0.5$"
    ):
        UCTPlayer(10, c=-0.5)
    with pytest.raises(ValueError, match=r"^value_scale must be positive, got 0$"):
        MonteCarloPlayer(10, value_scale=0)
