"""The race heuristic's table: exact against an independent evaluation, and its readings."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.games.pig import PigState
from ludolab.games.pig.optimal import against_hold
from ludolab.games.pig.race import RACE_MAX, race_table, race_value


@pytest.mark.parametrize("goal", [30, 100])
def test_race_of_two_hold_at_20_players_is_exact(goal: int) -> None:
    # Hold-at-20 against hold-at-20 evaluated by against_hold's value iteration (a different
    # computation: over the game's positions, not the turn counts of each racer) gives the same
    # first-player probability, to the iteration's tolerance.
    roll = np.zeros((goal + 6, goal, goal), dtype=bool)
    roll[:20] = True  # roll below 20 turn points
    first, second = against_hold(goal, 20, roll)
    table = race_table()
    assert abs(table[goal, goal] - first) < 1e-9
    assert abs(table[goal, goal] - (1 - second)) < 1e-9


def test_race_table_facts() -> None:
    t = race_table()
    assert t.shape == (RACE_MAX + 1, RACE_MAX + 1)
    assert t[1, 1] == pytest.approx(6 / 7)  # win unless a 1, then the same race for the other
    assert np.all((t >= 0) & (t <= 1))
    inner = t[1:, 1:]
    assert np.all(np.diff(inner, axis=0) <= 1e-12)  # needing more never helps
    assert np.all(np.diff(inner, axis=1) >= -1e-12)  # the other needing more never hurts
    assert np.all(inner + inner.T > 1)  # moving first is an advantage


def test_race_value_in_return_units() -> None:
    # goal * (2 P - 1), zero-sum; a turn in progress counts as held (the other seat to move).
    s = PigState(goal=100, scores=(40, 60), active=0)
    t = race_table()
    assert race_value(s, 0) == pytest.approx(100 * (2 * t[60, 40] - 1))
    assert race_value(s, 1) == -race_value(s, 0)
    s = PigState(goal=100, scores=(40, 60), active=0, points=12)
    assert race_value(s, 1) == pytest.approx(100 * (2 * t[40, 48] - 1))
    assert race_value(PigState(goal=30, scores=(31, 5), active=1), 0) == 30.0
