"""arena.simulation: intervals over deals, mirror matches played once, whole deals only."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.arena.schedules import rotation, without_copies
from ludolab.arena.simulation import simulate
from ludolab.arena.stats import cluster_proportion, wilson_interval


def test_a_mirror_match_plays_each_deal_once() -> None:
    r = simulate("dominion", ["Big Money", "Big Money"], games=400, seed=2)
    assert r.bots == ["Big Money", "Big Money #2"]
    assert r.games_per_deal == 1 and r.deals == 400
    assert (r.records["seating"] == [0, 1]).all()
    assert len(np.unique(r.records["seed"])) == 400  # no game played twice
    assert without_copies(rotation(3), [0, 1, 0]).games_per_deal == 3


def test_duplicate_intervals_count_deals_not_games() -> None:
    # Copies of one game are perfectly correlated: 200 deals each counted twice carry the
    # information of 200 games, and the interval must be as wide as Wilson's on 200 games
    # (not on 400, which is narrower by about sqrt(2) = 1.4).
    won = np.tile([1.0, 0.0, 1.0, 1.0], 50) * 2
    s = cluster_proportion(won, np.full(200, 2.0))
    single = wilson_interval(int(won.sum() / 2), 200)
    assert s.effective_games == pytest.approx(200 * 199 / 200, rel=0.01)
    assert s.interval.half_width == pytest.approx(single.half_width, rel=0.01)


def test_a_partial_deal_is_set_aside_and_said() -> None:
    r = simulate("dominion", ["Big Money", "Smithy Big Money", "Witch Big Money"], games=15,
                 seed=4, options={"kingdom": "Smithy, Witch"})
    # 6 seatings per deal: 15 games are 2 whole deals and 3 games of a third
    assert r.games == 12 and r.set_aside == 3 and r.deals == 2
    assert r.to_dict()["set_aside"] == 3


def test_pig_simulation_goes_through_the_same_registry() -> None:
    r = simulate("pig", ["hold:20", "hold:10"], games=200, seed=1, options={"goal": 30})
    rows = r.bot_rows()
    assert rows[0]["wins"] + rows[1]["wins"] == 200
    lo, hi = rows[0]["win_ci"]
    assert lo < rows[0]["win_rate"] < hi
    assert r.settings == {"goal": 30} and r.end_shares() == {}


def test_ctrl_c_mid_deal_keeps_whole_deals_and_counts_the_rest() -> None:
    def stop(done: int, total: int) -> None:
        if done >= 3:  # the first chunk of three games ends inside deal 1
            raise KeyboardInterrupt

    r = simulate("pig", ["hold:20", "hold:10"], games=40, seed=1, options={"goal": 30},
                 chunk_size=3, progress=stop)
    assert r.interrupted
    assert r.games == 2 and r.set_aside == 1
    assert r.to_dict()["set_aside"] == 1


def test_a_mirror_tournament_plays_each_deal_once(tmp_path) -> None:
    from ludolab.arena.tournament import load_tournament, run_tournament

    path = tmp_path / "t.toml"
    path.write_text('game = "pig"\nplayers = ["hold:20", "hold:20"]\ngames = 50\nseed = 2\n'
                    '[pig]\ngoal = 30\n')
    result = run_tournament(load_tournament(path), workers=1)
    assert result.schedule.games_per_deal == 1 and result.games == 50
    assert len(np.unique(result.records["seed"])) == 50
    rows = result.bot_rows()
    assert rows[0]["seat_games"] == rows[1]["seat_games"] == 50 and rows[0]["deals"] == 50


def test_copies_of_a_bot_share_the_seats_evenly() -> None:
    # [A, A, B]: three distinct arrangements per deal; each copy of A sits once in each seat,
    # so the two copies' rows differ only by luck (before the labels were chosen greedily,
    # copy 1 sat in seat 1 twice and never in seat 3)
    trials = without_copies(rotation(3), [0, 0, 1]).trials
    for bot in range(3):
        assert sorted(t.index(bot) for t in trials) == [0, 1, 2]
