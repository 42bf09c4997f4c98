"""The compiled search (ludolab.players.compiled): known answers, agreement with the pure-Python
players, determinism, settings."""

from __future__ import annotations

import numpy as np
import pytest
from compiled_toys import GAMBLE
from player_toys import Gamble

from ludolab.core import rng as pyrng
from ludolab.core import rngjit
from ludolab.games.pig import PigState
from ludolab.games.pig.compiled import configured
from ludolab.games.pig.optimal import solve
from ludolab.games.pig.players import make_player
from ludolab.players.compiled import CompiledGame, CompiledMonteCarloPlayer, CompiledUCTPlayer


def gen(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


def test_compiled_rng_twins_python() -> None:
    for seed, seat, purpose, index in [(0, 0, 0, 0), (7, 1, 1, 5), (2**64 - 1, 255, 6, 10**9)]:
        assert int(rngjit.keyed_u64(np.uint64(seed), seat, purpose, index)) == pyrng.keyed_u64(
            seed, seat, purpose, index
        )
        assert rngjit.keyed_below(6, np.uint64(seed), seat, purpose, index) == (
            pyrng.keyed_below(6, seed, seat, purpose, index)
        )
    state = np.array([5], dtype=np.uint64)
    python_state = 5
    for _ in range(4):
        python_state, word = pyrng.splitmix_next(python_state)
        assert int(rngjit.next_u64(state)) == word


# -- known answers ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [CompiledMonteCarloPlayer, CompiledUCTPlayer])
@pytest.mark.parametrize("paired", [True, False])
@pytest.mark.parametrize(("p", "best"), [(0.3, "safe"), (0.6, "safe"), (0.9, "gamble")])
def test_chance_is_sampled_by_its_probabilities(
    kind: type, paired: bool, p: float, best: str
) -> None:
    # The compiled twin of test_search_players' Gamble test: safe is worth 0.5, gamble 2p - 1
    # (-0.4, 0.2, 0.8). With 2000 simulations the gamble's mean has standard error at most
    # 1 / sqrt(1000) = 0.032 under flat Monte Carlo, so 0.3 from 0.5 is over 9 of them, and the
    # mean lies within 5 standard errors of 2p - 1 (a miss has probability below 1e-6).
    player = kind(GAMBLE, 2000, paired=paired)
    assert player.choose(Gamble(p), 0, gen(3)) == best
    n, mean = player.last_search["gamble"]
    assert sum(v for v, _ in player.last_search.values()) == 2000
    if kind is CompiledMonteCarloPlayer:
        assert n == 1000 and player.last_search["safe"] == (1000, 0.5)
        assert abs(mean - (2 * p - 1)) < 5 / np.sqrt(n)


def _pig_values(goal: int, own: int, other: int, points: int) -> tuple[float, float]:
    """Exact win probabilities of rolling and holding under optimal play after the move."""
    sol = solve(goal)
    hold = 1 - sol.to_move_wins(other, own + points, 0)
    roll = (1 - sol.to_move_wins(other, own, 0)) / 6 + sum(
        sol.to_move_wins(own, other, points + r) for r in range(2, 7)
    ) / 6
    return roll, hold


@pytest.mark.parametrize("engine", ["compiled", "python"])
@pytest.mark.parametrize(
    ("own", "other", "points", "best"),
    [
        (97, 99, 1, "roll"),  # the opponent wins next turn 5 times in 6: roll (0.86 to 0.14)
        (0, 39, 93, "hold"),  # 93 points in hand: bank them (0.91 to 0.80)
    ],
)
def test_uct_finds_the_optimal_pig_move(
    engine: str, own: int, other: int, points: int, best: str
) -> None:
    # Both engines of the same spec, playing out to the end and valuing wins, agree with the
    # solved game where the optimal move is better by at least 0.1 in win probability.
    roll, hold = _pig_values(100, own, other, points)
    assert (roll > hold + 0.1) if best == "roll" else (hold > roll + 0.1)
    player = make_player(f"uct:simulations=3000,horizon=none,engine={engine}")
    state = PigState(scores=(own, other), points=points, rolls=(40, 40))
    for seed in range(3):
        assert player.choose(state, 0, gen(seed)) == best


def test_compiled_and_python_flat_monte_carlo_agree() -> None:
    # Same spec, both engines: hold-at-20 playouts to the end, win values, at 30 vs 50 with 12
    # turn points. Each mean is an average of 4000 values in [-1, 1] (standard error at most
    # 1 / sqrt(4000) = 0.016); the two engines draw independently, so their difference has
    # standard error at most 0.023 and 5 of them (0.11) bound it except with probability 1e-6.
    state = PigState(scores=(30, 50), points=12, rolls=(20, 20))
    spec = "mc:simulations=8000,horizon=none"
    fast = make_player(spec)
    slow = make_player(spec + ",engine=python")
    assert fast.choose(state, 0, gen(1)) == slow.choose(state, 0, gen(2))
    for move in ("roll", "hold"):
        (n1, m1), (n2, m2) = fast.last_search[move], slow.last_search[move]
        assert n1 == n2 == 4000
        assert abs(m1 - m2) < 5 * np.sqrt(2 / 4000)


# -- determinism and settings -----------------------------------------------------------------


@pytest.mark.parametrize("spec", ["uct:simulations=400", "mc:simulations=400",
                                  "uct:simulations=400,paired=no,horizon=none"])
def test_same_stream_same_search(spec: str) -> None:
    state = PigState(scores=(40, 50), points=12, rolls=(10, 12))
    player = make_player(spec)
    player.choose(state, 0, gen(11))
    first = dict(player.last_search)
    player.choose(state, 0, gen(11))
    assert player.last_search == first
    player.choose(state, 0, gen(12))
    assert player.last_search != first  # another stream, other simulations


def test_time_cap_stops_early_but_tries_every_move() -> None:
    # A million simulations cannot run in 10 ms; the cap stops the search after a chunk, and
    # each legal move has been tried at least once.
    player = make_player("uct:simulations=1000000,time=0.01")
    player.choose(PigState(scores=(40, 50), points=12), 0, gen())
    visits = [n for n, _ in player.last_search.values()]
    assert min(visits) >= 1 and sum(visits) < 1_000_000


def test_a_forced_move_needs_no_search() -> None:
    player = make_player("uct")
    assert player.choose(PigState(), 0, gen()) == "roll"
    assert player.last_search == {"roll": (0, 0.0)}


def test_settings_are_checked() -> None:
    game = configured()
    with pytest.raises(ValueError, match="simulations must be at least 1"):
        CompiledUCTPlayer(game, 0)
    with pytest.raises(ValueError, match="horizon must be at least 1"):
        CompiledMonteCarloPlayer(game, 10, horizon=0)
    with pytest.raises(ValueError, match="exploration constant"):
        CompiledUCTPlayer(game, 10, c=-1.0)
    with pytest.raises(ValueError, match="needs 8 kernel functions"):
        CompiledGame("bad", game.kernel[:3], 2, 6, game.encode, game.moves, game.config)
