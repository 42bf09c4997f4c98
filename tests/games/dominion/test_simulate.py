"""simulate(): seating, reproducibility across processes and chunkings, summaries, errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ludolab.dominion import by_bot, simulate
from ludolab.errors import LudolabError


@pytest.fixture(scope="module")
def smithy_vs_bm():
    return simulate(["Smithy Big Money", "Big Money"], games=3000, seed=11)


def test_rotated_seating_plays_each_seed_in_both_seats(smithy_vs_bm) -> None:
    rec = smithy_vs_bm.records
    assert smithy_vs_bm.games == 3000
    assert rec["seating"][:4].tolist() == [[0, 1], [1, 0], [0, 1], [1, 0]]
    assert rec["seed"][0] == rec["seed"][1] and rec["seed"][1] != rec["seed"][2]
    # by bot: every bot sits once per game, and seat counts balance exactly
    seat_of = by_bot({"seating": rec["seating"], "seat": np.tile([0, 1], (3000, 1))}, "seat")
    assert sorted(set(map(tuple, seat_of.tolist()))) == [(0, 1), (1, 0)]
    assert (seat_of[:, 0] == 0).sum() == 1500


def test_results_do_not_depend_on_workers_or_chunks(smithy_vs_bm) -> None:
    again = simulate(["Smithy Big Money", "Big Money"], games=3000, seed=11, workers=2,
                     chunk_size=257)
    for key, value in smithy_vs_bm.records.items():
        assert np.array_equal(value, again.records[key]), key
    other = simulate(["Smithy Big Money", "Big Money"], games=3000, seed=12)
    assert not np.array_equal(other.records["vp"], smithy_vs_bm.records["vp"])


def test_summary_rows_add_up_and_smithy_beats_big_money(smithy_vs_bm) -> None:
    rows = {r["bot"]: r for r in smithy_vs_bm.bot_rows()}
    smithy, bm = rows["Smithy Big Money"], rows["Big Money"]
    assert smithy["wins"] == bm["losses"] and smithy["ties"] == bm["ties"]
    assert smithy["wins"] + smithy["ties"] + smithy["losses"] == 3000
    # Smithy BM wins ~93.9% of games against plain Big Money (measured on 4,000 games); with 3,000
    # games the binomial sd is 0.0044, so 0.85 is far below and the Wilson interval must exclude 0.5
    assert smithy["win_rate"] > 0.85 and smithy["win_ci"][0] > 0.5
    assert smithy["mean_margin"] == pytest.approx(-bm["mean_margin"])
    lo, hi = smithy["margin_ci"]
    assert lo < smithy["mean_margin"] < hi and lo > 0
    seats = smithy_vs_bm.seat_rows()
    assert seats[0]["wins"] + seats[1]["wins"] + seats[0]["ties"] == 3000
    ends = smithy_vs_bm.end_shares()
    assert sum(ends.values()) == pytest.approx(1.0)
    text = smithy_vs_bm.summary()
    assert "Smithy Big Money" in text and "By seat" in text
    doc = json.loads(json.dumps(smithy_vs_bm.to_dict()))
    assert doc["games"] == 3000 and doc["kingdom"] == ["Smithy"]


def test_fixed_seating_keeps_bot_order() -> None:
    r = simulate(["Big Money", "Big Money"], games=50, seed=1, seating="fixed")
    assert r.bots == ["Big Money", "Big Money #2"]
    assert (r.records["seating"] == [0, 1]).all()


def test_three_and_four_bots_rotate_over_all_seatings() -> None:
    r = simulate(["Big Money", "Smithy Big Money", "Witch Big Money"], games=12, seed=3,
                 kingdom="Smithy, Witch")
    assert r.records["seating"].shape == (12, 3)
    assert len({tuple(s) for s in r.records["seating"].tolist()}) == 6


def test_turn_stats_feed_the_vp_plot() -> None:
    r = simulate(["Big Money", "Smithy Big Money"], games=40, seed=2, turn_stats=True)
    assert r.records["turn_vp"].shape[:2] == (40, 2)
    fig = r.plot_vp_by_turn()
    assert len(fig.axes[0].lines) == 2
    with pytest.raises(LudolabError, match="turn_stats=True"):
        simulate(["Big Money"], games=5).plot_vp_by_turn()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ["Big Money"] * 7}, "Dominion takes 1 to 6 bots, got 7"),
        ({"games": -3}, "the number of games must be at least 1, got -3"),
        ({"bots": ["Big Mony"]}, "did you mean 'Big Money'"),
        ({"bots": ["Witch Big Money"], "kingdom": "first-game"}, "needs Witch"),
        ({"seating": "random"}, "unknown seating 'random'"),
        ({"rules": "offical"}, "official"),
    ],
)
def test_bad_input_is_a_one_line_error(kwargs: dict, message: str) -> None:
    args = {"bots": ["Big Money", "Big Money"], "games": 10} | kwargs
    with pytest.raises(LudolabError) as err:
        simulate(**args)
    assert message in str(err.value)
    assert "\n" not in str(err.value)
