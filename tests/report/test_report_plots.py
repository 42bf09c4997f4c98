"""Report plots on a tiny hand-made record set whose every number is worked out below."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from matplotlib.container import BarContainer

from ludolab.report.plots import (
    dominion_figures,
    game_lengths,
    hit_rate_by_turn,
    mean_by_turn,
    plot_coins_by_turn,
    plot_game_length,
    plot_hit_probability,
    plot_score_margin,
    plot_vp_by_turn,
    save_figures,
    save_png,
    score_margins,
)

NAMES = ["Big Money", "Smithy"]
# 4 games, 2 seats, 3 turns; bots alternate seats.
SEATING = np.array([[0, 1], [1, 0], [0, 1], [1, 0]])
TURNS = np.array([[3, 2], [2, 2], [3, 3], [1, 1]])
# Game 1, seat 1 (bot 0) is at -1 VP after its first turn (a Curse): a real value, not the end.
TURN_VP = np.array(
    [
        [[3, 4, 6], [3, 5, -1]],
        [[3, 3, -1], [-1, 4, -1]],
        [[3, 9, 12], [3, 3, 6]],
        [[5, -1, -1], [3, -1, -1]],
    ],
    dtype=np.int16,
)
TURN_COINS = np.array(
    [
        [[5, 6, 8], [2, 7, -1]],
        [[4, 5, -1], [6, 3, -1]],
        [[3, 4, 5], [5, 5, 8]],
        [[8, -1, -1], [1, -1, -1]],
    ],
    dtype=np.int16,
)
VP = np.array([[6, 5], [3, 4], [12, 6], [5, 3]], dtype=np.int32)

# Bot 0's seat-games: g0 seat 0, g1 seat 1, g2 seat 0, g3 seat 1; bot 1's: the other seats.
# VP turn 1: bot 0 (3 - 1 + 3 + 3) / 4 = 2; turn 2: (4 + 4 + 9) / 3; turn 3: (6 + 12) / 2 = 9.
#            bot 1 (3 + 3 + 3 + 5) / 4 = 3.5; turn 2: (5 + 3 + 3) / 3; turn 3: 6 / 1.
VP_MEAN = [[2.0, 17 / 3, 9.0], [3.5, 11 / 3, 6.0]]
VP_COUNT = [[4, 3, 2], [4, 3, 1]]


def test_mean_by_turn_counts_only_turns_played() -> None:
    mean, count = mean_by_turn(TURN_VP, SEATING, 2, TURNS)
    assert np.allclose(mean, VP_MEAN)
    assert count.tolist() == VP_COUNT
    # without `turns`, -1 means "ended": the cursed seat's turn 1 drops out of the average
    mean2, count2 = mean_by_turn(TURN_VP, SEATING, 2)
    assert mean2[0, 0] == 3.0 and count2[0, 0] == 3
    # a bot that never played has NaN means and zero counts
    mean3, count3 = mean_by_turn(TURN_VP, SEATING, 3, TURNS)
    assert np.isnan(mean3[2]).all() and count3[2].tolist() == [0, 0, 0]


def test_hit_rates_per_turn_and_cumulative() -> None:
    # bot 0 coins: g0 [5, 6, 8], g1 [6, 3], g2 [3, 4, 5], g3 [1]
    rate5, count = hit_rate_by_turn(TURN_COINS, SEATING, 2, 5, TURNS)
    assert np.allclose(rate5[0], [2 / 4, 1 / 3, 2 / 2])
    assert count[0].tolist() == [4, 3, 2]
    rate8, _ = hit_rate_by_turn(TURN_COINS, SEATING, 2, 8, TURNS)
    assert np.allclose(rate8[0], [0.0, 0.0, 1 / 2])
    # by turn t, $6 at least once: g1 on turn 1; g0 on turn 2; g2 never
    cum6, _ = hit_rate_by_turn(TURN_COINS, SEATING, 2, 6, TURNS, cumulative=True)
    assert np.allclose(cum6[0], [1 / 4, 2 / 3, 1 / 2])
    # bot 1 coins: g0 [2, 7], g1 [4, 5], g2 [5, 5, 8], g3 [8]
    assert np.allclose(rate5[1], [2 / 4, 3 / 3, 1 / 1])


def test_lengths_and_margins() -> None:
    assert game_lengths(TURNS).tolist() == [3, 2, 3, 1]
    m0, m1 = score_margins(VP, SEATING, 2)
    assert m0.tolist() == [1, 1, 6, -2]
    assert m1.tolist() == [-1, -1, -6, 2]
    three = score_margins(np.array([[10, 7, 9]]), np.array([[0, 1, 2]]), 3)
    assert [m.tolist() for m in three] == [[1], [-3], [-1]]


def test_vp_figure_has_one_line_per_bot_cut_where_few_games_remain() -> None:
    fig = plot_vp_by_turn(TURN_VP, SEATING, NAMES, turns=TURNS, min_share=0.3)
    (ax,) = fig.axes
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == NAMES
    assert lines[0].get_xdata().tolist() == [1, 2, 3]
    assert np.allclose(lines[0].get_ydata(), VP_MEAN[0])
    # bot 1 reached turn 3 in 1 of its 4 seat-games: below 30 %, so the curve stops at turn 2
    assert lines[1].get_xdata().tolist() == [1, 2]
    assert np.allclose(lines[1].get_ydata(), VP_MEAN[1][:2])
    assert ax.get_title() == "Average VP by turn"


def test_coins_figure() -> None:
    fig = plot_coins_by_turn(TURN_COINS, SEATING, NAMES, turns=TURNS, min_share=0.0)
    lines = fig.axes[0].get_lines()
    # bot 0: (5 + 6 + 3 + 1) / 4, (6 + 3 + 4) / 3, (8 + 5) / 2
    assert np.allclose(lines[0].get_ydata(), [15 / 4, 13 / 3, 13 / 2])
    assert fig.axes[0].get_title() == "Average money by turn"


def test_hit_probability_figure_has_a_panel_per_threshold() -> None:
    fig = plot_hit_probability(TURN_COINS, SEATING, NAMES, turns=TURNS, min_share=0.0)
    assert [ax.get_title() for ax in fig.axes] == ["$5 or more", "$6 or more", "$8 or more"]
    assert [len(ax.get_lines()) for ax in fig.axes] == [2, 2, 2]
    assert np.allclose(fig.axes[0].get_lines()[0].get_ydata(), [0.5, 1 / 3, 1.0])
    assert np.allclose(fig.axes[2].get_lines()[0].get_ydata(), [0.0, 0.0, 0.5])


def test_game_length_histogram_bars() -> None:
    fig = plot_game_length(TURNS)
    ax = fig.axes[0]
    bars = ax.patches
    assert [round(b.get_x() + b.get_width() / 2) for b in bars] == [1, 2, 3]
    assert [b.get_height() for b in bars] == [0.25, 0.25, 0.5]
    assert ax.get_title() == "Game length (mean 2.2 turns, 4 games)"


def test_score_margin_histogram_bars() -> None:
    fig = plot_score_margin(VP, SEATING, NAMES)
    ax = fig.axes[0]
    containers = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert [c.get_label() for c in containers] == NAMES
    assert all(len(c) == 13 for c in containers)  # margins -6 .. 6, one bar each
    heights0 = {round(p.get_x() + p.get_width()): p.get_height() for p in containers[0]}
    assert {k: v for k, v in heights0.items() if v} == {-2: 0.25, 1: 0.5, 6: 0.25}
    heights1 = [p.get_height() for p in containers[1]]
    assert heights1[0] == 0.25 and heights1[5] == 0.5 and heights1[8] == 0.25  # -6, -1, 2
    assert sum(heights1) == 1.0


def test_dominion_figures_and_png_files(tmp_path: Path) -> None:
    figs = dominion_figures(
        turn_coins=TURN_COINS, turn_vp=TURN_VP, seating=SEATING, bot_names=NAMES, vp=VP, turns=TURNS
    )
    assert [c for c, _ in figs] == [
        "Average VP by turn",
        "Average money by turn",
        "Probability of hitting $5, $6 and $8 by turn",
        "Game length",
        "Score margin",
    ]
    paths = save_figures(figs, tmp_path / "plots")
    assert [p.name for p in paths] == [
        "01-average-vp-by-turn.png",
        "02-average-money-by-turn.png",
        "03-probability-of-hitting-5-6-and-8-by-turn.png",
        "04-game-length.png",
        "05-score-margin.png",
    ]
    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    single = save_png(figs[0][1], tmp_path / "one" / "vp.png")
    assert single.stat().st_size > 1000


def test_shape_errors() -> None:
    with pytest.raises(ValueError, match=r"^seating has shape \(3, 2\), expected \(4, 2\)"):
        plot_vp_by_turn(TURN_VP, SEATING[:3], NAMES)
    with pytest.raises(ValueError, match=r"^seating names bot 1 but there are 1 bot names$"):
        plot_vp_by_turn(TURN_VP, SEATING, NAMES[:1])
    with pytest.raises(ValueError, match=r"^values must be \[games, seats, turns\]"):
        plot_vp_by_turn(VP, SEATING, NAMES)
    with pytest.raises(ValueError, match=r"^turns has shape \(4,\), expected \(4, 2\)"):
        plot_coins_by_turn(TURN_COINS, SEATING, NAMES, turns=TURNS[:, 0])


def test_wide_margins_share_bars() -> None:
    """Margins from -50 to 50 span 101 values: bars of 3 VP (ceil(101 / 40)), 34 per bot."""
    vp = np.array([[60, 10], [10, 60]])
    fig = plot_score_margin(vp, np.array([[0, 1], [0, 1]]), NAMES)
    containers = [c for c in fig.axes[0].containers if isinstance(c, BarContainer)]
    assert [len(c) for c in containers] == [34, 34]
    heights = [p.get_height() for p in containers[0]]
    assert heights[0] == 0.5 and heights[-1] == 0.5 and sum(heights) == 1.0
