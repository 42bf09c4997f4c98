"""The Pig player registry: what each spec builds, and its one-line errors."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.errors import SpecError
from ludolab.games.pig import (
    HoldAtPlayer,
    OptimalPlayer,
    compiled,
    held_difference,
    race,
    score_difference,
)
from ludolab.games.pig.game import turn_start
from ludolab.games.pig.players import PIG_PLAYERS, make_player
from ludolab.players import MonteCarloPlayer, RandomPlayer, UCTPlayer
from ludolab.players.compiled import CompiledMonteCarloPlayer, CompiledUCTPlayer


def test_simple_players() -> None:
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("optimal"), OptimalPlayer)
    hold = make_player("hold:25")
    assert isinstance(hold, HoldAtPlayer) and hold.n == 25 and hold.name == "hold:25"
    assert make_player("hold").n == 20


def test_search_player_defaults() -> None:
    # By default both search in Pig's compiled interface, configured like the Python players:
    # hold-at-20 rollouts for mc, random ones for uct; the score heuristic for mc, the race
    # heuristic (5 moves ahead, 1000 simulations) for uct; cut at a turn's start.
    mc = make_player("mc")
    assert isinstance(mc, CompiledMonteCarloPlayer)
    assert (mc.simulations, mc.horizon, mc.time_cap, mc.paired, mc.win_values) == (
        500,
        20,
        None,
        True,
        True,
    )
    assert list(mc.game.config) == [compiled.ROLLOUT_HOLD, 20, compiled.HEURISTIC_SCORE,
                                    compiled.CUT_TURN]
    uct = make_player("uct")
    assert isinstance(uct, CompiledUCTPlayer)
    assert (uct.simulations, uct.c, uct.horizon, uct.win_values) == (1000, 1.0, 5, True)
    assert uct.game.config[compiled.CFG_ROLLOUT] == compiled.ROLLOUT_RANDOM
    assert uct.game.config[compiled.CFG_HEURISTIC] == compiled.HEURISTIC_RACE
    assert uct.game.config[compiled.CFG_RACE_MAX] == race.RACE_MAX
    assert np.array_equal(uct.game.config[compiled.CFG_RACE:], race.race_table().ravel())
    assert make_player("mc:rollout=random").game.config[compiled.CFG_ROLLOUT] == (
        compiled.ROLLOUT_RANDOM
    )


def test_python_engine_defaults() -> None:
    mc = make_player("mc:engine=python")
    assert isinstance(mc, MonteCarloPlayer)
    assert (mc.simulations, mc.horizon, mc.time_cap, mc.paired, mc.win_values) == (
        500,
        20,
        None,
        True,
        True,
    )
    assert mc.heuristic is score_difference and mc.quiet is turn_start
    assert isinstance(mc.rollout, HoldAtPlayer) and mc.rollout.n == 20
    uct = make_player("uct:engine=python")
    assert isinstance(uct, UCTPlayer)
    assert (uct.simulations, uct.c, uct.horizon, uct.win_values) == (1000, 1.0, 5, True)
    assert uct.heuristic is race.race_value and uct.quiet is turn_start
    assert isinstance(uct.rollout, RandomPlayer)
    assert isinstance(make_player("mc:rollout=random,engine=python").rollout, RandomPlayer)


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_search_player_parameters(engine: str) -> None:
    uct = make_player(
        "uct:simulations=64,c=0.3,horizon=none,cut=move,heuristic=held,value=score,"
        f"rollout=hold:15,time=2.5,paired=no,engine={engine}"
    )
    assert (uct.simulations, uct.c, uct.horizon, uct.time_cap) == (64, 0.3, None, 2.5)
    assert not uct.win_values and not uct.paired
    if engine == "python":
        assert uct.heuristic is held_difference and uct.quiet is None
        assert isinstance(uct.rollout, HoldAtPlayer) and uct.rollout.n == 15
        assert make_player("uct:rollout=hold,engine=python").rollout.n == 20
    else:
        assert list(uct.game.config) == [compiled.ROLLOUT_HOLD, 15, compiled.HEURISTIC_HELD,
                                         compiled.CUT_MOVE]
        assert make_player("uct:rollout=hold").game.config[compiled.CFG_HOLD_AT] == 20
    assert uct.name.startswith("uct:simulations=64,c=0.3,")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "mcts",
            "unknown pig player 'mcts' (mcts: is Dominion's search; pig takes mc: and uct:); "
            "choose from: random, hold, "
            "optimal, mc, uct",
        ),
        ("hold:0",
         "pig player 'hold': parameter 'n' must be an integer from 1 to 1,000,000, got '0'"),
        (
            "mc:rollout=greedy",
            "pig player 'mc': parameter 'rollout' must be random or hold:N (N from 1 to "
            "1,000,000), got 'greedy'",
        ),
        (
            "mc:rollout=hold:x",
            "pig player 'mc': parameter 'rollout' must be random or hold:N (N from 1 to "
            "1,000,000), got 'hold:x'",
        ),
        (
            "uct:cut=never",
            "pig player 'uct': parameter 'cut' must be one of turn, move, got 'never'",
        ),
        (
            "mc:c=1",
            "pig player 'mc' has no parameter 'c' (did you mean 'cut'?); valid parameters: "
            "simulations, horizon, cut, heuristic, value, rollout, time, paired, engine",
        ),
        (
            "uct:engine=fast",
            "pig player 'uct': parameter 'engine' must be one of compiled, python, got 'fast'",
        ),
        (
            "optimal:goal=50",
            "pig player 'optimal' has no parameter 'goal'; valid parameters: (none)",
        ),
    ],
)
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(SpecError) as info:
        make_player(spec)
    assert str(info.value) == message


def test_every_spec_in_the_listing_builds() -> None:
    for usage, _ in PIG_PLAYERS.describe():
        assert make_player(usage).name
