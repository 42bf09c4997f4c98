"""Tests of ludolab.arena.ratings: Bradley-Terry on the Elo scale, errors, win-rate matrix."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ludolab.arena.ratings import (
    ELO_PER_NAT,
    PairwiseResults,
    bradley_terry,
    elo_to_score,
    score_to_elo,
    win_rate_matrix,
)
from ludolab.errors import LudolabError


def test_elo_score_conversions() -> None:
    assert elo_to_score(0) == 0.5
    assert elo_to_score(400) == pytest.approx(10 / 11)
    assert score_to_elo(0.75) == pytest.approx(400 * math.log10(3))
    assert score_to_elo(elo_to_score(-123.4)) == pytest.approx(-123.4)
    with pytest.raises(LudolabError, match=r"^an Elo difference needs a score strictly between"):
        score_to_elo(1.0)


def test_two_bots_closed_form() -> None:
    # 75 wins of 100: the MLE advantage is the logit, 400 log10(3) Elo, and its standard error
    # is 1 / sqrt(n p (1 - p)) natural-log units, split evenly by the mean-0 anchoring.
    wins = np.array([[0.0, 75.0], [25.0, 0.0]])
    r = bradley_terry(PairwiseResults(("A", "B"), wins, np.zeros((2, 2))))
    diff = 400 * math.log10(3)
    se_diff = ELO_PER_NAT / math.sqrt(100 * 0.75 * 0.25)
    np.testing.assert_allclose(r.elo, [diff / 2, -diff / 2], atol=1e-6)
    np.testing.assert_allclose(r.se, [se_diff / 2, se_diff / 2], rtol=1e-6)
    d = r.difference("A", "B")
    assert d.estimate == pytest.approx(diff, abs=1e-6)
    assert d.half_width == pytest.approx(1.959963984540054 * se_diff, rel=1e-6)
    assert r.expected_score("A", "B") == pytest.approx(0.75, abs=1e-9)
    # Anchored on B at 1000: B is exact, A carries the whole error.
    r = bradley_terry(
        PairwiseResults(("A", "B"), wins, np.zeros((2, 2))), anchor="B", anchor_elo=1000
    )
    np.testing.assert_allclose(r.elo, [1000 + diff, 1000], atol=1e-6)
    np.testing.assert_allclose(r.se, [se_diff, 0.0], rtol=1e-6, atol=1e-9)


def test_ties_count_half() -> None:
    # 50 wins, 50 ties, 0 losses is a score of 0.75: the same ratings as 75-25.
    ties = np.array([[0.0, 50.0], [50.0, 0.0]])
    wins = np.array([[0.0, 50.0], [0.0, 0.0]])
    r = bradley_terry(PairwiseResults(("A", "B"), wins, ties))
    assert r.elo[0] - r.elo[1] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert r.ratings[0].score == pytest.approx(0.75)
    assert r.ratings[0].games == 100


def _synthetic(true_elo: np.ndarray, games: int, tie_rate: float, seed: int) -> PairwiseResults:
    """Round robin from the model: expected score from Elo, ``tie_rate`` of games drawn."""
    rng = np.random.default_rng(seed)
    n = true_elo.size
    wins = np.zeros((n, n))
    ties = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            s = elo_to_score(true_elo[i] - true_elo[j])
            p = [s - tie_rate / 2, tie_rate, 1 - s - tie_rate / 2]  # expected score is s
            w, t, l = rng.multinomial(games, p)
            wins[i, j], wins[j, i] = w, l
            ties[i, j] = ties[j, i] = t
    names = tuple(f"bot{i}" for i in range(n))
    return PairwiseResults(names, wins, ties)


TRUE_ELO = np.array([-200.0, -100.0, 0.0, 100.0, 200.0])  # mean 0, as the default anchor


def test_recovers_known_strengths() -> None:
    res = _synthetic(TRUE_ELO, games=2000, tie_rate=0.1, seed=4)
    r = bradley_terry(res)
    assert r.elo.sum() == pytest.approx(0.0, abs=1e-8)
    # Each estimate lies within 4 standard errors of the truth (each such miss has probability
    # 6e-5 for a correct fit).
    z = (r.elo - TRUE_ELO) / r.se
    assert np.all(np.abs(z) < 4), z
    # The errors are those of the true model's Fisher information: the Laplacian with weights
    # games * s * (1 - s), whose pseudo-inverse is the covariance of mean-0 strengths. The fitted
    # scores differ from the true ones by ~1%, so the errors agree within 5%.
    s = np.array([[elo_to_score(a - b) for b in TRUE_ELO] for a in TRUE_ELO])
    weights = 2000 * s * (1 - s)
    np.fill_diagonal(weights, 0.0)
    laplacian = np.diag(weights.sum(axis=1)) - weights
    se_true = ELO_PER_NAT * np.sqrt(np.diag(np.linalg.pinv(laplacian)))
    np.testing.assert_allclose(r.se, se_true, rtol=0.05)
    np.testing.assert_allclose(
        r.cov, ELO_PER_NAT**2 * np.linalg.pinv(laplacian), rtol=0.1, atol=0.5
    )
    # The order is right and the table lists the strongest first.
    assert list(np.argsort(r.elo)) == [0, 1, 2, 3, 4]
    assert r.table().splitlines()[1].startswith("bot4 ")


def test_interval_coverage_over_seeded_repeats() -> None:
    """95% intervals cover the truth about 97% of the time when 10% of games are ties.

    With ties counted as half wins the observed-information errors are conservative: the true
    per-game score variance is s(1-s) - t/4 instead of s(1-s), 10% less at s = 0.5 and 16% less
    at s = 0.2 (400 Elo apart), so the errors are 5-8% too wide and coverage rises to ~0.97
    (measured over 5,000 intervals: 0.971; without ties the same check gives 0.946). Over 300
    repeats x 5 bots = 1,500 intervals, correlated within a repeat (which at most inflates the sd
    of the coverage fraction from 0.0043 to ~0.0065), the band [0.94, 0.995] is over 3.5 sd on
    each side: it still catches intervals 20% too narrow (coverage ~0.89) or twice too wide
    (coverage ~0.9995).
    """
    covered = 0
    total = 0
    for seed in range(300):
        r = bradley_terry(_synthetic(TRUE_ELO, games=100, tie_rate=0.1, seed=1000 + seed))
        for rating, truth in zip(r.ratings, TRUE_ELO, strict=True):
            covered += rating.interval.contains(truth)
            total += 1
    assert 0.94 <= covered / total <= 0.995, covered / total


def test_anchor_shifts_ratings_without_changing_differences() -> None:
    res = _synthetic(TRUE_ELO, games=300, tie_rate=0.0, seed=9)
    centred = bradley_terry(res)
    anchored = bradley_terry(res, anchor="bot2", anchor_elo=1500)
    np.testing.assert_allclose(
        anchored.elo - anchored.elo[2], centred.elo - centred.elo[2], atol=1e-6
    )
    assert anchored.elo[2] == 1500 and anchored.se[2] == 0
    # Differences have the same interval whatever the anchoring.
    a, b = centred.difference("bot4", "bot0"), anchored.difference("bot4", "bot0")
    assert a.estimate == pytest.approx(b.estimate, abs=1e-6)
    assert a.half_width == pytest.approx(b.half_width, rel=1e-6)


def test_unbounded_and_disconnected_results_fail_clearly() -> None:
    names = ("A", "B", "C")
    wins = np.array([[0.0, 5, 3], [0, 0, 2], [0, 1, 0]])
    with pytest.raises(LudolabError) as exc:
        bradley_terry(PairwiseResults(names, wins, np.zeros((3, 3))))
    assert str(exc.value) == (
        "ratings are unbounded (no maximum-likelihood fit): B, C never scored against the other "
        "bots they met; play more games or set prior_games"
    )
    # A prior of one drawn game per pair that met makes the fit finite, A clearly first.
    r = bradley_terry(PairwiseResults(names, wins, np.zeros((3, 3))), prior_games=1)
    assert np.all(np.isfinite(r.elo)) and r.elo[0] == max(r.elo)
    assert r.ratings[0].score == 1.0  # reported scores are the real ones, without the prior
    split = np.array([[0.0, 3, 0, 0], [2, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]])
    with pytest.raises(
        LudolabError,
        match=r"^ratings are unbounded \(no maximum-likelihood fit\): no games connect A, B "
        r"with C, D; play more",
    ):
        bradley_terry(PairwiseResults(("A", "B", "C", "D"), split, np.zeros((4, 4))))
    with pytest.raises(LudolabError, match=r"^anchor 'Z' is not one of the bots: A, B, C$"):
        bradley_terry(PairwiseResults(names, wins, np.zeros((3, 3))), anchor="Z", prior_games=1)


def test_bad_pairwise_input() -> None:
    with pytest.raises(LudolabError, match=r"^ratings need at least 2 bots, got 1$"):
        PairwiseResults(("A",), np.zeros((1, 1)), np.zeros((1, 1)))
    with pytest.raises(LudolabError, match=r"^bot name 'A' appears twice$"):
        PairwiseResults(("A", "A"), np.zeros((2, 2)), np.zeros((2, 2)))
    with pytest.raises(LudolabError, match=r"^ties must be symmetric"):
        PairwiseResults(("A", "B"), np.zeros((2, 2)), np.array([[0.0, 1], [0, 0]]))
    with pytest.raises(LudolabError, match=r"^wins must be a 2x2 matrix, got shape \(3, 3\)$"):
        PairwiseResults(("A", "B"), np.zeros((3, 3)), np.zeros((2, 2)))
    with pytest.raises(LudolabError, match=r"^game 1: score must be 1, 0.5 or 0, got 0.3$"):
        PairwiseResults.from_games(("A", "B"), [(0, 1, 1), (0, 1, 0.3)])


def test_from_games_and_win_rate_matrix() -> None:
    games = [(0, 1, 1), (0, 1, 0.5), (1, 0, 1), (2, 0, 0), (1, 2, 1), (1, 2, 1)]
    res = PairwiseResults.from_games(("A", "B", "C"), games)
    np.testing.assert_array_equal(res.wins, [[0, 1, 1], [1, 0, 2], [0, 0, 0]])
    np.testing.assert_array_equal(res.ties, [[0, 1, 0], [1, 0, 0], [0, 0, 0]])
    m = win_rate_matrix(res)
    assert m[0, 1] == pytest.approx(1.5 / 3) and m[1, 0] == pytest.approx(1.5 / 3)
    assert m[0, 2] == 1.0 and m[2, 0] == 0.0
    assert m[1, 2] == 1.0
    assert np.all(np.isnan(np.diag(m)))
    lonely = PairwiseResults.from_games(("A", "B", "C"), [(0, 1, 1)])
    assert np.isnan(win_rate_matrix(lonely)[0, 2])


def test_from_returns_decomposes_multi_seat_games() -> None:
    # Three seats: bots 2, 0, 1 with returns 5, 5, 1 -> 2 ties 0; 2 beats 1; 0 beats 1.
    # A lineup that repeats a bot (0 twice) skips the pair of copies.
    res = PairwiseResults.from_returns(
        ("A", "B", "C"), [(2, 0, 1), (0, 0, 1)], [(5, 5, 1), (3, 1, 2)]
    )
    np.testing.assert_array_equal(res.wins, [[0, 2, 0], [1, 0, 0], [0, 1, 0]])
    np.testing.assert_array_equal(res.ties, [[0, 0, 1], [0, 0, 0], [1, 0, 0]])


def test_intervals_by_deal_count_copies_of_a_game_once() -> None:
    from ludolab.arena.ratings import by_deal

    rng = np.random.default_rng(20261123)
    strength = np.array([0.0, 0.4, 0.9])
    g = 3000
    pairs = np.array([rng.choice(3, 2, replace=False) for _ in range(g)])
    p_first = 1 / (1 + np.exp(-(strength[pairs[:, 0]] - strength[pairs[:, 1]])))
    first_wins = rng.random(g) < p_first
    ret = np.stack([first_wins, ~first_wins], axis=1).astype(float)
    names = ["a", "b", "c"]

    single = bradley_terry(PairwiseResults.from_returns(names, pairs, ret))
    robust = by_deal(single, pairs, ret, np.arange(g))
    # independent games, correct model: the sandwich agrees with the information matrix (its
    # own sampling error at 3,000 games is a few per cent)
    assert np.allclose(robust.se, single.se, rtol=0.08)

    # every game played twice in its deal (a copy): the naive errors shrink by sqrt(2), the
    # errors by deal stay those of the distinct games
    dup_pairs, dup_ret = np.repeat(pairs, 2, axis=0), np.repeat(ret, 2, axis=0)
    naive = bradley_terry(PairwiseResults.from_returns(names, dup_pairs, dup_ret))
    honest = by_deal(naive, dup_pairs, dup_ret, np.repeat(np.arange(g), 2))
    assert np.allclose(naive.se * np.sqrt(2), single.se, rtol=1e-6)
    assert np.allclose(honest.se, robust.se, rtol=1e-6)
