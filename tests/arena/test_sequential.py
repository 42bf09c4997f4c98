"""The one sequential-test loop (ludolab.arena.sequential.run_sequential): looks of whole deals,
the same records as a plain run, a stop at the first look after the test decides."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ludolab.arena.records import RecordBatch
from ludolab.arena.runner import run_games
from ludolab.arena.schedules import build_schedule
from ludolab.arena.sequential import first_bot_scores, run_sequential
from ludolab.arena.simulation import RecordsTask, build
from ludolab.arena.sprt import SPRT
from ludolab.core import registry
from ludolab.core.registry import TaskRequest
from ludolab.errors import LudolabError


class Coin:
    """Game g belongs to deal g // 2 (trial g % 2); ``won`` is a keyed coin of the game."""

    def run(self, indices: np.ndarray) -> RecordBatch:
        won = (np.sin(indices * 12.9898) * 43758.5453) % 1.0 < 0.5
        return RecordBatch({"index": indices, "deal": indices // 2, "trial": indices % 2,
                            "won": won.astype(float)})


class Counter:
    """A test that decides once it has seen ``need`` values; it keeps every look's size."""

    def __init__(self, need: int) -> None:
        self.need, self.sizes, self.status = need, [], "continue"

    def update(self, values: np.ndarray) -> None:
        self.sizes.append(len(values))
        self.status = "H1" if sum(self.sizes) >= self.need else "continue"


def test_looks_of_whole_deals_stop_after_the_deciding_look() -> None:
    test = Counter(need=9)
    looks: list[int] = []
    run = run_sequential(Coin(), 100, per_deal=2, look=5, test=test,
                         outcomes=lambda d: d["won"], workers=1,
                         on_look=lambda t, done: looks.append(done))
    # look=5 rounds down to 4 games (two whole deals); 9 values need three looks of 4
    assert test.sizes == [4, 4, 4] and looks == [4, 8, 12]
    assert (run.played, run.looks, run.set_aside, run.interrupted) == (12, 3, 0, False)
    plain = run_games(Coin(), 12, workers=1).records
    for key in ("index", "deal", "trial", "won"):
        np.testing.assert_array_equal(run.records[key], plain[key])


def test_a_deal_cut_by_the_game_limit_is_set_aside() -> None:
    test = Counter(need=10**6)  # never decides: the games run out first
    run = run_sequential(Coin(), 7, per_deal=2, look=4, test=test,
                         outcomes=lambda d: d["won"], workers=1)
    assert test.sizes == [4, 3] and run.played == 7
    assert run.set_aside == 1 and run.records["index"].tolist() == list(range(6))


def test_bad_look_is_one_line() -> None:
    with pytest.raises(LudolabError, match="a look must be at least 1 game, got 0"):
        run_sequential(Coin(), 10, per_deal=2, look=0, test=Counter(1),
                       outcomes=lambda d: d["won"], workers=1)


def test_paired_sprt_on_pig_is_fed_game_pairs_in_deal_order() -> None:
    # hold:20 against random in duplicate Pig: 2 games a deal, the paired SPRT sees one value
    # (0 to 2 points) per deal; the records are those of the plain run of the same games
    spec = registry.get("pig")
    schedule = build_schedule("rotation", 2, 2, seed=5)
    built, _ = build(spec, TaskRequest(("hold:20", "random"), schedule, 5, {"goal": 30}))
    task: Any = RecordsTask(built.task)
    test = SPRT(0.05, 0.05, 0.5, 0.6, paired=True)
    run = run_sequential(task, 4000, per_deal=2, look=100, test=test,
                         outcomes=lambda d: first_bot_scores(d, 2, "pig"), workers=1)
    # hold:20 wins about 0.95 of its games against random at goal 30: the first look of 50 pairs
    # decides (the figures of `ludolab arena run` on the same seed, before the loop was shared)
    assert (test.status, test.decided_at, run.played) == ("H1", 17, 100)
    assert test.n == run.played // 2  # every pair of the look, none twice
    plain = run_games(task, run.played, workers=1).records
    np.testing.assert_array_equal(run.records["seed"], plain["seed"])
    np.testing.assert_array_equal(run.records["seating"], plain["seating"])
