"""Per-deal grouping (``DealGroups``) against the formulas it replaced (np.unique, a Python loop).

The summaries must print the very same numbers as before: every comparison here is exact
(``array_equal``), on random deal columns that are dense, sparse (seeds far apart, which takes
the sort path), shuffled, negative, and with deals of unequal sizes.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from ludolab.arena.stats import (
    DealGroups,
    cluster_mean,
    cluster_proportion,
    deal_totals,
    group_by_deal,
    whole_deals,
)
from ludolab.errors import LudolabError


# -- the formulas as they were (np.unique and a Python loop) -----------------------------------
def old_deal_totals(deals, values, mask=None):
    d = np.asarray(deals, dtype=np.int64)
    v = np.asarray(values, dtype=np.float64)
    w = np.ones_like(v) if mask is None else np.asarray(mask, dtype=np.float64)
    if v.ndim == 2:
        v, w = (v * w).sum(axis=1), w.sum(axis=1)
    else:
        v = v * w
    _, inverse = np.unique(d, return_inverse=True)
    inverse = inverse.reshape(-1)
    return (np.bincount(inverse, weights=v).astype(np.float64),
            np.bincount(inverse, weights=w).astype(np.float64))


def old_whole_deals(deals, trials, games_per_deal):
    d = np.asarray(deals, dtype=np.int64)
    if not d.size:
        return np.zeros(0, dtype=bool)
    if games_per_deal <= 1:
        return np.ones(d.size, dtype=bool)
    uniq, inverse = np.unique(d, return_inverse=True)
    distinct = np.zeros(len(uniq), dtype=np.int64)
    pairs = np.unique(np.stack([inverse.reshape(-1), np.asarray(trials, np.int64)]), axis=1)
    np.add.at(distinct, pairs[0], 1)
    return (distinct >= games_per_deal)[inverse.reshape(-1)]


def old_group_by_deal(deals, trials, values, games_per_deal):
    rows, seen = {}, {}
    for deal, trial, value in zip(list(deals), list(trials), list(values), strict=True):
        if deal not in rows:
            rows[deal] = np.empty(games_per_deal)
            seen[deal] = np.zeros(games_per_deal, dtype=bool)
        if seen[deal][trial]:
            raise LudolabError(f"deal {deal} trial {trial} appears twice")
        seen[deal][trial] = True
        rows[deal][trial] = value
    complete = [k for k in sorted(rows) if seen[k].all()]
    if not complete:
        return np.empty((0, games_per_deal))
    return np.vstack([rows[k] for k in complete])


def random_run(rng: np.random.Generator, kind: str, per_deal: int):
    """Deal and trial columns of a run with some deals incomplete, in a shuffled order."""
    n_deals = int(rng.integers(1, 400))
    if kind == "dense":
        numbers = np.arange(n_deals) + int(rng.integers(0, 50))
    elif kind == "gaps":  # a resumed run: some deals missing, numbers still close
        numbers = np.sort(rng.choice(3 * n_deals, n_deals, replace=False))
    elif kind == "sparse":  # seeds far apart: the sort path
        numbers = np.sort(rng.choice(2**40, n_deals, replace=False)) - 2**39
    else:
        raise AssertionError(kind)
    deals, trials = [], []
    for number in numbers:
        played = per_deal if rng.random() < 0.8 else int(rng.integers(1, per_deal + 1))
        which = rng.permutation(per_deal)[:played]  # unequal sizes: some trials missing
        deals += [number] * played
        trials += which.tolist()
    order = rng.permutation(len(deals))
    return np.asarray(deals, np.int64)[order], np.asarray(trials, np.int64)[order]


KINDS = ("dense", "gaps", "sparse")


@pytest.mark.parametrize("kind", KINDS)
def test_groups_are_numpy_unique(kind):
    rng = np.random.default_rng(11)
    for _ in range(30):
        deals, _ = random_run(rng, kind, 3)
        uniq, inverse = np.unique(deals, return_inverse=True)
        g = DealGroups(deals)
        assert np.array_equal(g.codes, inverse.reshape(-1))
        assert np.array_equal(g.values, uniq)
        assert g.count == len(uniq) and len(g) == len(deals)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("per_deal", [1, 2, 6])
def test_totals_and_whole_deals_are_unchanged(kind, per_deal):
    rng = np.random.default_rng(per_deal * 100 + len(kind))
    for _ in range(20):
        deals, trials = random_run(rng, kind, per_deal)
        groups = DealGroups(deals)
        values = rng.normal(size=(len(deals), 3))
        mask = rng.random((len(deals), 3)) < 0.5
        for args in ((values[:, 0],), (values, mask), (values[:, 1], mask[:, 0])):
            want = old_deal_totals(deals, *args)
            for got in (deal_totals(deals, *args), deal_totals(groups, *args)):
                assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
        keep = old_whole_deals(deals, trials, per_deal)
        assert np.array_equal(whole_deals(deals, trials, per_deal), keep)
        assert np.array_equal(whole_deals(groups, trials, per_deal), keep)
        got = group_by_deal(groups, trials, values[:, 2], per_deal)
        assert np.array_equal(got, old_group_by_deal(deals, trials, values[:, 2], per_deal))


def test_intervals_are_identical_to_the_unique_formula():
    """The printed statistics: same totals in the same order give bit-identical intervals."""
    rng = np.random.default_rng(3)
    deals, _ = random_run(rng, "gaps", 2)
    win = (rng.random(len(deals)) < 0.4).astype(float)
    margin = rng.normal(size=len(deals))
    assert cluster_proportion(*deal_totals(deals, win)) == cluster_proportion(
        *old_deal_totals(deals, win))
    assert cluster_mean(*deal_totals(deals, margin)) == cluster_mean(
        *old_deal_totals(deals, margin))


def test_empty_and_repeated():
    assert DealGroups(np.zeros(0, np.int64)).count == 0
    assert deal_totals(np.zeros(0, np.int64), np.zeros(0))[0].shape == (0,)
    assert whole_deals(np.zeros(0, np.int64), np.zeros(0, np.int64), 2).shape == (0,)
    assert group_by_deal([], [], [], 2).shape == (0, 2)
    with pytest.raises(LudolabError, match="deal 5 trial 1 appears twice"):
        group_by_deal([4, 5, 4, 5], [1, 1, 0, 1], [0.0, 1.0, 2.0, 3.0], 2)
    with pytest.raises(LudolabError, match=r"trial numbers must lie in 0\.\.1"):
        group_by_deal([0], [2], [0.0], 2)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_by_bot_is_the_fancy_index(seats):
    """``by_bot`` (put_along_axis for [G, P]) equals ``out[g, seating[g, s]] = values[g, s]``."""
    from ludolab.arena.simulation import by_bot

    rng = np.random.default_rng(seats)
    mixed = np.array([rng.permutation(seats) for _ in range(300)], dtype=np.int8)
    fixed = np.tile(np.arange(seats, dtype=np.int8), (300, 1))  # bot i in seat i throughout
    for seating, shape in itertools.product((mixed, fixed), ((300, seats), (300, seats, 4))):
        values = rng.normal(size=shape)
        want = np.empty_like(values)
        want[np.arange(300)[:, None], seating.astype(np.int64)] = values
        assert np.array_equal(by_bot({"seating": seating, "x": values}, "x"), want)


def test_summary_rows_are_computed_once_and_follow_the_records():
    from ludolab.arena.simulation import simulate

    result = simulate("pig", ["hold:20", "hold:25"], games=200, seed=4)
    rows = result.bot_rows()
    rows[0]["wins"] = -1  # a caller's edit stays its own
    assert result.bot_rows()[0]["wins"] != -1
    assert result.bot_rows() == result.bot_rows() and result.deals == 100
    keep = result.records["deal"] < 50  # replaced records: groups and rows are recomputed
    result.records = {k: v[keep] for k, v in result.records.items()}
    assert result.deals == 50 and result.bot_rows()[0]["games"] == 100


def test_bot_means_of_integer_columns_are_bit_identical_to_the_rearranged_mean():
    from ludolab.arena.simulation import SimulationResult, by_bot

    rng = np.random.default_rng(9)
    games = 5000
    seating = np.array([rng.permutation(3) for _ in range(games)], dtype=np.int8)
    records = {"index": np.arange(games), "deal": np.arange(games) // 3,
               "trial": np.arange(games) % 3, "seating": seating,
               "vp": rng.integers(-5, 80, (games, 3)).astype(np.int32),
               "gain": rng.normal(size=(games, 3))}
    result = SimulationResult("dominion", ["a", "b", "c"], 0, "rotate", records, games)
    for key in ("vp", "gain"):
        for b in range(3):
            assert result._bot_mean(key, b) == float(by_bot(records, key)[:, b].mean())
