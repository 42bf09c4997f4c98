"""``ludolab.poker``: schedules, intervals over units, the card-luck control variate, MeanSPRT."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab import poker
from ludolab.arena.sprt import MeanSPRT
from ludolab.arena.stats import mean_interval
from ludolab.errors import LudolabError


def test_heads_up_interval_is_the_t_interval_of_the_unit_means() -> None:
    # Every unit (a deal, both seatings) has two hands, so the ratio estimator over units is the
    # plain mean of the unit means and its interval the Student t interval of those D means.
    r = poker.simulate(["random:0.2:0.4", "call"], deals=400, seed=11)
    assert (r.hands, r.deals, r.games_per_deal) == (800, 400, 2)
    a = r.per_bot(0)
    units = a.reshape(400, 2).mean(axis=1)  # records are sorted by hand index: deal-major
    assert np.array_equal(r.records["deal"].reshape(400, 2)[:, 0], np.arange(400))
    expected = mean_interval(units)
    row = r.bot_rows()[0]
    assert row["sb_per_hand"] == pytest.approx(expected.mean, abs=1e-12)
    assert row["sb_ci"] == pytest.approx((expected.interval.low, expected.interval.high),
                                         abs=1e-12)
    assert row["units"] == 400


def test_heads_up_positions_are_zero_sum() -> None:
    r = poker.simulate(["Loki-1", "call"], deals=300, seed=5)
    button, big_blind = r.position_rows()
    assert (button["position"], big_blind["position"]) == ("button (small blind)", "big blind")
    assert button["sb_per_hand"] == pytest.approx(-big_blind["sb_per_hand"], abs=1e-12)
    assert r.position_names() == ["button (small blind)", "big blind"]


def test_the_same_game_is_played_and_counted_once() -> None:
    # call against call: both seatings of a deal are the same game, so one is played
    r = poker.simulate(["call", "call"], deals=50, seed=1)
    assert r.games_per_deal == 1 and r.hands == 50 and r.deals == 50
    assert r.bots == ["call", "call #2"]


def test_independent_schedule_makes_every_hand_a_unit() -> None:
    r = poker.simulate(["random:0.2:0.4", "call"], deals=300, seed=2, schedule="independent")
    assert r.games_per_deal == 1 and r.deals == r.hands == 300
    assert len(np.unique(r.records["seed"])) == 300
    # the keyed seating puts each bot in seat 0 about half the time (binomial(300, 1/2): 4.4 sd
    # either side of 150 is 117..183)
    assert 117 <= int((r.records["seating"][:, 0] == 0).sum()) <= 183


def test_table_8_1_with_three_bots_fills_the_seats_in_turn() -> None:
    r = poker.simulate(["call", "raise", "random:0.3:0.3"], deals=5, seed=3)
    # ten seats asked for through the schedule's default
    r10 = poker.simulate(["call", "raise", "random:0.3:0.3"], deals=5, seed=3,
                         schedule="table-8.1")
    assert r.seats == 3 and r10.seats == 10 and r10.games_per_deal == 10
    assert [row["seat_hands"] for row in r10.bot_rows()] == [200, 150, 150]
    # every bot takes every seat equally often over a unit (Table 8.1: each player each seat)
    seating = r10.records["seating"][:10]
    for seat in range(10):
        assert sorted(np.bincount(seating[:, seat], minlength=3).tolist()) == [3, 3, 4]


def test_results_do_not_depend_on_chunks_or_workers() -> None:
    a = poker.simulate(["random:0.1:0.5", "raise", "call"], deals=60, seed=4)
    b = poker.prepare(["random:0.1:0.5", "raise", "call"], 60, 4).run(chunk_size=7)
    for key in a.records:
        assert np.array_equal(a.records[key], b.records[key]), key


def test_card_luck_sums_to_zero_per_hand_and_per_duplicate_unit() -> None:
    r = poker.simulate(["random:0.2:0.4", "call"], deals=200, seed=5)
    luck = poker.card_luck(r, 3.0)
    assert luck.shape == (400, 2)
    assert np.allclose(luck.sum(axis=1), 0.0)  # the pot shares of one deal sum to 1
    seating = r.records["seating"]
    per_bot = np.where(seating == 0, luck, 0.0).sum(axis=1).reshape(200, 2).sum(axis=1)
    # a duplicate unit hands the bot both seats' cards: the card luck cancels exactly there
    assert np.allclose(per_bot, 0.0)


def test_card_luck_has_mean_zero() -> None:
    r = poker.simulate(["call", "call"], deals=20_000, seed=6, seats=6, schedule="independent")
    share = poker.card_luck(r, 1.0)[:, 0]  # share - 1/6 for seat 0, a fixed card position
    # The share lies in [-1/6, 5/6]: sd at most 0.373, so the mean of 20,000 independent deals
    # has sd at most 0.0026; 5 sd = 0.013 keeps the test far from flaky.
    assert abs(float(share.mean())) < 0.013


def test_schedule_errors_are_one_line() -> None:
    with pytest.raises(LudolabError, match=r"schedule table-8\.1 needs 10 seats"):
        poker.prepare(["call", "raise", "random"], 10, seats=3, schedule="table-8.1")
    with pytest.raises(LudolabError, match="poker seats 2 to 10 players, got 12"):
        poker.prepare(["call"], 10, seats=12)
    with pytest.raises(LudolabError, match="the number of deals must be at least 1, got 0"):
        poker.prepare(["call", "raise"], 0)


@pytest.mark.parametrize(("true_mean", "expected"), [(0.05, "H1"), (0.0, "H0")])
def test_mean_sprt_decides_for_the_true_hypothesis(true_mean: float, expected: str) -> None:
    # Units with sd 1: the expected sample size at d1 - d0 = 0.05 is about
    # 2 * 2.94 / (0.05^2 / 1) ~ 2,400 units, so 200 looks of 100 units decide with room to spare.
    rng = np.random.default_rng(12)
    test = MeanSPRT(0.0, 0.05)
    for _ in range(200):
        if test.update(rng.normal(true_mean, 1.0, 100)) != "continue":
            break
    assert test.status == expected
    assert test.decided_at is not None and test.decided_at % 100 == 0  # decided at a look
    assert test.to_dict()["status"] == expected


def test_mean_sprt_checks_its_hypotheses() -> None:
    with pytest.raises(LudolabError, match="d0 must be below d1"):
        MeanSPRT(0.05, 0.0)
    with pytest.raises(LudolabError, match=r"alpha must lie strictly between 0 and 0\.5"):
        MeanSPRT(0.0, 0.05, alpha=1.5)
    with pytest.raises(LudolabError, match="unit values must be finite"):
        MeanSPRT().update([1.0, float("nan")])


def test_mean_sprt_waits_for_its_minimum() -> None:
    test = MeanSPRT(0.0, 0.05, min_units=300)
    assert test.update(np.full(200, 5.0) + np.arange(200) % 2) == "continue"  # would be H1
    assert test.update(np.full(100, 5.0) + np.arange(100) % 2) == "H1"
    assert test.decided_at == 300
