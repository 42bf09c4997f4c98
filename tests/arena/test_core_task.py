"""CoreGameTask: any core game through Match, with duplicate seating, as a runner task."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
import pytest

from ludolab.arena import schedules
from ludolab.arena.core_task import CoreGameTask, unseeded
from ludolab.arena.runner import run_games
from ludolab.core import rng
from ludolab.core.game import GameState
from ludolab.core.match import ChanceRecord, Match
from ludolab.errors import LudolabError

MASTER = 99


class Race(GameState):
    """A toy dice race. The active seat picks how many dice to roll (1 or 2); each die is a
    chance event keyed by (that seat, DIE, its own roll count); the first seat to reach
    ``target`` wins (+1, the others -1)."""

    game_name = "race"

    def __init__(self, target: int = 20, seats: int = 2) -> None:
        self.target = target
        self.scores = [0] * seats
        self.rolls = [0] * seats
        self.turn = 0
        self.pending = 0

    @property
    def num_players(self) -> int:
        return len(self.scores)

    def is_terminal(self) -> bool:
        return max(self.scores) >= self.target

    def is_chance(self) -> bool:
        return self.pending > 0 and not self.is_terminal()

    def active_seats(self) -> tuple[int, ...]:
        return () if self.is_terminal() or self.pending else (self.turn,)

    def legal_moves(self, seat: int) -> Sequence[int]:
        return (1, 2)

    def apply(self, move: int) -> None:
        self.pending = move

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def chance_key(self) -> tuple[int, int, int]:
        return (self.turn, rng.DIE, self.rolls[self.turn])

    def apply_chance(self, outcome: int) -> None:
        self.scores[self.turn] += outcome
        self.rolls[self.turn] += 1
        self.pending -= 1
        if self.pending == 0 and not self.is_terminal():
            self.turn = (self.turn + 1) % len(self.scores)

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0,) * len(self.scores)
        best = max(self.scores)
        return tuple(1.0 if s == best and s >= self.target else -1.0 for s in self.scores)

    def clone(self) -> Race:
        c = Race(self.target, len(self.scores))
        c.scores, c.rolls, c.turn, c.pending = (
            list(self.scores),
            list(self.rolls),
            self.turn,
            self.pending,
        )
        return c


def race(seed: int, target: int = 20, seats: int = 2) -> Race:
    return Race(target, seats)


class Fixed:
    def __init__(self, dice: int) -> None:
        self.dice = dice
        self.name = f"fixed-{dice}"

    def choose(self, state: GameState, seat: int, rng_: np.random.Generator) -> int:
        return self.dice


class Coin:
    name = "coin"

    def choose(self, state: GameState, seat: int, rng_: np.random.Generator) -> int:
        return int(rng_.integers(1, 3))


def test_records_of_a_concrete_situation() -> None:
    """Target 1: whoever sits in seat 0 wins with its first die (a move and one chance event)."""
    task = CoreGameTask(partial(race, target=1), [partial(Fixed, 1), partial(Fixed, 2)], MASTER)
    rec = task.run(np.arange(6, dtype=np.int64))
    assert rec.columns == (
        "index",
        "deal",
        "trial",
        "block",
        "seed",
        "seating",
        "returns",
        "winner",
        "steps",
        "truncated",
    )
    assert rec["deal"].tolist() == [0, 0, 1, 1, 2, 2]
    assert rec["trial"].tolist() == [0, 1, 0, 1, 0, 1]
    assert rec["block"].tolist() == [0] * 6
    assert rec["seating"].tolist() == [[0, 1], [1, 0]] * 3
    assert rec["returns"].tolist() == [[1.0, -1.0]] * 6
    assert rec["winner"].tolist() == [[True, False]] * 6
    assert rec["steps"].tolist() == [2] * 6
    assert rec["truncated"].tolist() == [False] * 6
    # both trials of a deal play the deal's seed: game_seeds(master, deal, 1)
    assert rec["seed"].tolist() == [
        int(rng.game_seeds(MASTER, d, 1)[0]) for d in (0, 0, 1, 1, 2, 2)
    ]
    assert rec["seating"].dtype == np.int16 and rec["seed"].dtype == np.uint64


def test_record_equals_a_direct_match() -> None:
    task = CoreGameTask(race, [Coin, partial(Fixed, 2)], MASTER)
    rec = task.run(np.array([7], dtype=np.int64))  # deal 3, trial 1: bot 1 in seat 0
    seed = int(rng.game_seeds(MASTER, 3, 1)[0])
    direct = Match(Race(), [Fixed(2), Coin()], seed=seed).run()
    assert rec["returns"][0].tolist() == list(direct.returns)
    assert rec["steps"][0] == direct.steps


def test_duplicate_seating_gives_each_seat_the_same_dice() -> None:
    """Different bots swap seats between the two trials of a deal, yet seat s rolls the same
    k-th die in both (dice are keyed by seat and that seat's roll count)."""
    task = CoreGameTask(race, [partial(Fixed, 1), partial(Fixed, 2)], MASTER)
    compared = 0
    for deal in range(10):
        first, _, _ = task.play(2 * deal)
        second, _, _ = task.play(2 * deal + 1)
        for seat in (0, 1):
            a = [c.outcome for c in first.history if isinstance(c, ChanceRecord) and c.seat == seat]
            b = [
                c.outcome for c in second.history if isinstance(c, ChanceRecord) and c.seat == seat
            ]
            k = min(len(a), len(b))
            assert k > 0 and a[:k] == b[:k]
            compared += k
    assert compared > 50
    # identical bots in swapped seats replay the very same game: same seat returns and steps
    mirror = CoreGameTask(race, [partial(Fixed, 2), partial(Fixed, 2)], MASTER).run(np.arange(20))
    assert np.array_equal(mirror["returns"][0::2], mirror["returns"][1::2])
    assert np.array_equal(mirror["steps"][0::2], mirror["steps"][1::2])


def test_same_records_through_the_runner_with_any_chunking() -> None:
    task = CoreGameTask(race, [Coin, Coin], MASTER)
    direct = task.run(np.arange(30, dtype=np.int64))
    one = run_games(task, 30, workers=1, chunk_size=7)
    two = run_games(task, 30, workers=2, chunk_size=4)
    assert one.records.equals(direct)
    assert two.records.equals(direct)


def test_three_seats_with_the_schedules_module() -> None:
    sched = schedules.rotation(3)  # all 6 seatings of three bots
    task = CoreGameTask(
        partial(race, seats=3), [Coin, partial(Fixed, 1), partial(Fixed, 2)], MASTER, sched
    )
    rec = task.run(np.arange(12, dtype=np.int64))
    assert [tuple(s) for s in rec["seating"].tolist()] == list(sched.trials) * 2
    assert rec["deal"].tolist() == [0] * 6 + [1] * 6
    assert rec["winner"].sum(axis=1).tolist() == [1] * 12


def test_round_robin_blocks_and_independent_seatings() -> None:
    rr = schedules.round_robin(3)  # pairs (0,1), (0,2), (1,2), two trials each
    rec = CoreGameTask(race, [Coin, Coin, Coin], MASTER, rr).run(np.arange(6, dtype=np.int64))
    assert rec["block"].tolist() == [0, 0, 1, 1, 2, 2]
    assert rec["seating"].tolist() == [[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]]
    ind = schedules.independent(2, seed=5)  # seating drawn per deal
    rec = CoreGameTask(race, [Coin, Coin], MASTER, ind).run(np.arange(40, dtype=np.int64))
    assert [tuple(s) for s in rec["seating"].tolist()] == [ind.game_seating(g) for g in range(40)]
    assert len({tuple(s) for s in rec["seating"].tolist()}) == 2  # both orders occur in 40 deals


def test_truncated_games_are_flagged() -> None:
    rec = CoreGameTask(race, [Coin, Coin], MASTER, max_steps=3).run(np.arange(2, dtype=np.int64))
    assert rec["truncated"].tolist() == [True, True]
    assert rec["steps"].tolist() == [3, 3]
    assert rec["returns"].tolist() == [[0.0, 0.0], [0.0, 0.0]]


def test_unseeded_wraps_a_seedless_factory() -> None:
    factory = unseeded(partial(Race, 5))
    assert factory(123).target == 5


def test_configuration_errors() -> None:
    with pytest.raises(LudolabError, match=r"^a CoreGameTask needs at least one player$"):
        CoreGameTask(race, [], MASTER)
    with pytest.raises(LudolabError, match=r"^player factory 1 is not callable: 3$"):
        CoreGameTask(race, [Coin, 3], MASTER)
    three = CoreGameTask(race, [Coin, Coin, Coin], MASTER)  # rotation(3) seats three players
    with pytest.raises(LudolabError, match=r"^the schedule seats 3 players but race has 2 seats$"):
        three.run(np.arange(1, dtype=np.int64))
    lone = CoreGameTask(race, [Coin], MASTER, schedules.rotation([0, 1]))
    with pytest.raises(
        LudolabError, match=r"^the schedule seats bot 1 but only 1 player\(s\) were given$"
    ):
        lone.run(np.arange(1, dtype=np.int64))
