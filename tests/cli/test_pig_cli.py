"""The ``ludolab pig`` commands: the game log, match tables, errors and Ctrl-C."""

from __future__ import annotations

import json

import numpy as np
import pytest

from clitools import run
from ludolab.arena.stats import cluster_proportion, deal_totals
from ludolab.cli import pig as pig_cli
from ludolab.core import Match
from ludolab.core import rng as _rng
from ludolab.games.pig import HoldAtPlayer, OptimalPlayer, PigState
from ludolab.games.pig import spec as pig_spec


def test_play_prints_the_game_like_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "pig", "play", "--p1", "hold:8", "--p2", "hold:5", "--seed", "3", "--goal", "20"
    )
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "One: hold:8, Two: hold:5, goal 20, seed 3"

    # Replay the same game through the API and rebuild the expected log.
    result = Match(PigState(goal=20), [HoldAtPlayer(8), HoldAtPlayer(5)], seed=3).run()
    state = PigState(goal=20)
    expected = []
    records = iter(result.history)
    for rec in records:
        who = ("One", "Two")[rec.seat]
        line = f'{state}, moves: {{"{who}":"{rec.move}"}}'
        state.apply(rec.move)
        if rec.move == "roll":
            die = next(records)
            line += f", die: {die.outcome}"
            state.apply_chance(die.outcome)
        expected.append(line)
    assert lines[1:-2] == expected
    assert lines[1] == '0: {"One":0,"Two":0} One has 0, moves: {"One":"roll"}, die: ' + str(
        result.history[1].outcome
    )
    winner = result.winners()[0]
    s0, s1 = result.final_state.scores
    assert lines[-2] == f"{result.final_state}."
    assert lines[-1] == (
        f"{('One', 'Two')[winner]} ({('hold:8', 'hold:5')[winner]}) wins by "
        f"{int(result.returns[winner])} ({s0} to {s1}) in round {result.final_state.round}."
    )


def test_play_quiet_prints_only_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pig", "play", "--p1", "optimal", "--p2", "random", "-q", "-g", "40")
    assert code == 0
    assert len(out.splitlines()) == 1 and " wins by " in out


def _expected_wins(games: int, seed: int, goal: int) -> np.ndarray:
    """Per game, 1.0 when optimal beat hold:20, seats alternating in pairs sharing the seed."""
    wins = np.zeros(games)
    seeds = _rng.game_seeds(seed, 0, (games + 1) // 2)
    for g in range(games):
        seat = g % 2
        players = [HoldAtPlayer(20), HoldAtPlayer(20)]
        players[seat] = OptimalPlayer()
        result = Match(PigState(goal=goal), players, seed=int(seeds[g // 2])).run()
        wins[g] = result.winners() == (seat,)
    return wins


def test_match_table_counts_and_intervals_over_deals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "pig",
        "match",
        "--p1",
        "optimal",
        "--p2",
        "hold:20",
        "--games",
        "41",
        "--seed",
        "5",
        "--goal",
        "30",
    )
    # 41 games are 20 whole deals (pairs sharing their dice) and one lone game, set aside
    assert code == 0 and err == ""
    assert "1 finished game(s) of incomplete deals set aside" in out
    won = _expected_wins(40, 5, 30)
    wins = int(won.sum())
    assert "40 games, seed 5, goal 30, seating rotate" in out
    deals = np.arange(40) // 2
    for bot, hit in (("optimal", won), ("hold:20", 1 - won)):
        ci = cluster_proportion(*deal_totals(deals, hit)).interval
        row = next(line for line in out.splitlines() if line.startswith(f"│ {bot} "))
        cells = [c.strip() for c in row.strip("│┃ ").split("│")]
        assert cells[:5] == [bot, f"{100 * hit.mean():.2f}", f"{100 * ci.low:.2f}-"
                             f"{100 * ci.high:.2f}", "0.00", f"{100 * (1 - hit.mean()):.2f}"]
    assert 0 < wins < 40
    assert "95% intervals over 20 deals (2 game(s) per deal, the independent unit)" in out


def test_match_is_the_same_with_two_worker_processes(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["pig", "match", "--p1", "hold:25", "--p2", "hold:15", "--games", "60", "--goal", "40"]
    code1, out1, _ = run(capsys, *args, "--workers", "1")
    code2, out2, _ = run(capsys, *args, "--workers", "2")
    assert code1 == code2 == 0
    table = [line for line in out1.splitlines() if "│" in line]
    assert table and table == [line for line in out2.splitlines() if "│" in line]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["play", "--p1", "foo"],
            "error: unknown pig player 'foo'; choose from: random, hold, optimal, mc, uct",
        ),
        (
            ["match", "--p2", "uct:simulations=abc"],
            "error: pig player 'uct': parameter 'simulations' must be an integer from 1 to "
            "1,000,000, got 'abc'",
        ),
        (
            ["match", "--p1", "hold:20", "--p2", "mc:depth=3"],
            "error: pig player 'mc' has no parameter 'depth'; valid parameters: simulations, "
            "horizon, cut, heuristic, value, rollout, time, paired, engine",
        ),
        (["match", "--games", "0"], "error: --games must be at least 1, got 0"),
        (["match", "--games", "-5"], "error: --games must be at least 1, got -5"),
        (["match", "--workers", "-1"], "error: --workers must be 0 (all cores) or more, got -1"),
        (["play", "--goal", "0"], "error: --goal must be at least 1, got 0"),
        (
            ["match", "--goal", "-3", "--p1", "random", "--p2", "random"],
            "error: --goal must be at least 1, got -3",
        ),
    ],
)
def test_bad_input_is_one_line_with_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "pig", *argv)
    assert code == 2
    assert out == ""
    assert err == message + "\n"


class _Interrupting:
    """A player that presses Ctrl-C on its 200th decision (counted across games)."""

    decisions = 0
    name = "interrupting"

    def choose(self, state: PigState, seat: int, rng: np.random.Generator) -> str:
        type(self).decisions += 1
        if type(self).decisions == 200:
            raise KeyboardInterrupt
        return HoldAtPlayer(20).choose(state, seat, rng)


def test_ctrl_c_prints_the_finished_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = pig_spec._player
    monkeypatch.setattr(
        pig_spec, "_player", lambda spec: _Interrupting() if spec == "random" else real(spec)
    )
    _Interrupting.decisions = 0
    code, out, err = run(
        capsys,
        "pig",
        "match",
        "--p1",
        "random",
        "--p2",
        "hold:25",
        "--games",
        "100",
        "--goal",
        "50",
    )
    assert code == 130
    finished = int(err.split("interrupted: ")[1].split(" of ")[0])
    assert err == f"interrupted: {finished} of 100 games finished\n"
    assert 0 < finished < 100 and finished % 2 == 0  # whole chunks of two games
    assert f"{finished} games of 100 (interrupted), seed 0, goal 50" in out


def test_players_lists_every_spec(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pig", "players")
    assert code == 0
    for word in ("random", "hold", "optimal", "mc", "uct", "simulations", "horizon", "rollout"):
        assert word in out


def test_the_move_json_matches_the_seed() -> None:
    assert pig_cli._moves_json(1, "hold") == '{"Two":"hold"}'
    assert json.loads(pig_cli._moves_json(0, "roll")) == {"One": "roll"}
