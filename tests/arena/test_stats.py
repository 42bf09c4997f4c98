"""Tests of ludolab.arena.stats: intervals, win/tie/loss, paired (pentanomial) statistics."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as st

from ludolab.arena.stats import (
    Interval,
    effective_games,
    game_scores,
    group_by_deal,
    mean_interval,
    paired_score,
    paired_summary,
    pentanomial_counts,
    pentanomial_score,
    results_by_seat,
    summarize_scores,
    trinomial_score,
    wilson_interval,
    win_tie_loss,
    z_value,
)
from ludolab.errors import LudolabError

# --------------------------------------------------------------------------------------------
# Wilson


@pytest.mark.parametrize(
    ("k", "n", "conf"),
    [(0, 10, 0.95), (3, 10, 0.95), (10, 10, 0.9), (517, 1000, 0.99), (1, 2, 0.8)],
)
def test_wilson_matches_scipy(k: int, n: int, conf: float) -> None:
    ours = wilson_interval(k, n, conf)
    ref = st.binomtest(k, n).proportion_ci(confidence_level=conf, method="wilson")
    assert ours.estimate == k / n
    assert ours.low == pytest.approx(ref.low, abs=1e-12)
    assert ours.high == pytest.approx(ref.high, abs=1e-12)
    assert ours.confidence == conf


def test_wilson_known_value_and_bounds() -> None:
    # For 0 successes the upper bound is z^2 / (n + z^2) exactly.
    z = st.norm.ppf(0.975)
    iv = wilson_interval(0, 10)
    assert iv.low == 0.0
    assert iv.high == pytest.approx(z * z / (10 + z * z), rel=1e-12)
    assert str(iv) == "0.000 [0.000, 0.278]"
    # Fractional successes (wins + ties / 2) are allowed and stay inside [0, 1].
    iv = wilson_interval(9.5, 10)
    assert 0.0 < iv.low < 0.95 < iv.high <= 1.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((3, 0), "trials must be a whole number of at least 1, got 0"),
        ((11, 10), "successes must be between 0 and 10, got 11"),
        ((-1, 10), "successes must be between 0 and 10, got -1"),
        ((3, 10, 1.5), "confidence must be between 0 and 1 (exclusive), got 1.5"),
    ],
)
def test_wilson_errors(args: tuple, message: str) -> None:
    with pytest.raises(LudolabError) as exc:
        wilson_interval(*args)
    assert str(exc.value) == message


def test_z_value() -> None:
    assert z_value(0.95) == pytest.approx(1.959963984540054, rel=1e-12)
    assert z_value(0.99) == pytest.approx(2.5758293035489, rel=1e-12)


def test_interval_helpers() -> None:
    iv = Interval(0.5234, 0.5, 0.55)
    assert iv.half_width == pytest.approx(0.025)
    assert iv.contains(0.5) and iv.contains(0.55) and not iv.contains(0.56)
    assert iv.format(percent=True) == "52.3% [50.0%, 55.0%]"


# --------------------------------------------------------------------------------------------
# Win/tie/loss and scores


def test_win_tie_loss_exact() -> None:
    s = win_tie_loss(50, 20, 30)
    assert (s.wins, s.ties, s.losses, s.games) == (50, 20, 30, 100)
    assert s.win == wilson_interval(50, 100)
    assert s.tie == wilson_interval(20, 100)
    assert s.loss == wilson_interval(30, 100)
    # score 0.6; trinomial variance (50 + 20/4)/100 - 0.36 = 0.19 per game.
    assert s.score.estimate == pytest.approx(0.6)
    half = st.norm.ppf(0.975) * math.sqrt(0.19 / 100)
    assert s.score.low == pytest.approx(0.6 - half, rel=1e-12)
    assert s.score.high == pytest.approx(0.6 + half, rel=1e-12)
    assert trinomial_score(50, 20, 30) == s.score
    assert str(s).startswith("100 games: W 50 / T 20 / L 30; win 50.0% [")


def test_win_tie_loss_errors() -> None:
    with pytest.raises(
        LudolabError, match=r"^no games to summarise \(wins \+ ties \+ losses is 0\)$"
    ):
        win_tie_loss(0, 0, 0)
    with pytest.raises(LudolabError, match=r"^ties must be a whole number of at least 0, got -1$"):
        win_tie_loss(1, -1, 0)


def test_summarize_scores_counts_three_way_ties_at_their_value() -> None:
    scores = [1, 0, 1 / 3, 1 / 3, 0.5, 1]
    s = summarize_scores(scores)
    assert (s.wins, s.ties, s.losses) == (2, 3, 1)
    assert s.score.estimate == pytest.approx(np.mean(scores))
    half = st.norm.ppf(0.975) * np.std(scores) / math.sqrt(6)
    assert s.score.high - s.score.estimate == pytest.approx(half)
    # With only 0 / 0.5 / 1 it agrees exactly with the counts version.
    scores = [1] * 50 + [0.5] * 20 + [0] * 30
    assert summarize_scores(scores).score.high == pytest.approx(win_tie_loss(50, 20, 30).score.high)
    with pytest.raises(LudolabError, match=r"^scores must lie between 0 and 1"):
        summarize_scores([1, 2])


def test_game_scores() -> None:
    assert game_scores((3.0, -3.0)) == (1.0, 0.0)
    assert game_scores((0, 0)) == (0.5, 0.5)
    assert game_scores((5, 5, 2)) == (0.5, 0.5, 0.0)
    assert game_scores((1, 4, 4, 4)) == (0.0, 1 / 3, 1 / 3, 1 / 3)


def test_results_by_seat() -> None:
    seats = [0, 1, 0, 1, 0, 1]
    scores = [1, 0, 1, 0.5, 0, 1]
    by = results_by_seat(seats, scores)
    assert sorted(by) == [0, 1]
    assert (by[0].wins, by[0].ties, by[0].losses) == (2, 0, 1)
    assert (by[1].wins, by[1].ties, by[1].losses) == (1, 1, 1)
    assert by[1].score.estimate == pytest.approx(0.5)
    with pytest.raises(LudolabError, match=r"^seats and scores differ in length \(2 vs 3\)$"):
        results_by_seat([0, 1], [1, 0, 1])


# --------------------------------------------------------------------------------------------
# Means


def test_mean_interval_t_and_normal() -> None:
    values = [2.0, -1.0, 4.5, 0.5, 3.0, -2.0, 1.0]
    m = mean_interval(values)
    lo, hi = st.t.interval(0.95, df=6, loc=np.mean(values), scale=st.sem(values))
    assert m.n == 7
    assert m.mean == pytest.approx(np.mean(values))
    assert m.sd == pytest.approx(np.std(values, ddof=1))
    assert (m.interval.low, m.interval.high) == (pytest.approx(lo), pytest.approx(hi))
    mn = mean_interval(values, method="normal", confidence=0.9)
    z = st.norm.ppf(0.95)
    assert mn.interval.high == pytest.approx(np.mean(values) + z * st.sem(values))
    # t is wider than normal at the same confidence for small n.
    assert m.interval.half_width > mean_interval(values, method="normal").interval.half_width


def test_mean_interval_errors() -> None:
    with pytest.raises(LudolabError, match=r"^a mean interval needs at least 2 values, got 1$"):
        mean_interval([1.0])
    with pytest.raises(LudolabError, match=r"^method must be 't' or 'normal', got 'z'$"):
        mean_interval([1.0, 2.0], method="z")  # type: ignore[arg-type]
    with pytest.raises(LudolabError, match=r"^values contain a value that is not a finite number$"):
        mean_interval([1.0, math.nan])


# --------------------------------------------------------------------------------------------
# Grouping and paired statistics


def test_group_by_deal_keeps_complete_deals_in_order() -> None:
    deals = [3, 0, 3, 0, 7]
    trials = [1, 1, 0, 0, 0]
    values = [0.5, 1.0, 0.0, 0.25, 9.0]
    out = group_by_deal(deals, trials, values, games_per_deal=2)
    # deal 7 is incomplete (one of two games) and is dropped.
    np.testing.assert_array_equal(out, [[0.25, 1.0], [0.0, 0.5]])
    with pytest.raises(LudolabError, match=r"^deal 0 trial 1 appears twice$"):
        group_by_deal([0, 0], [1, 1], [1, 1], 2)
    with pytest.raises(LudolabError, match=r"^trial numbers must lie in 0\.\.1$"):
        group_by_deal([0], [2], [1], 2)


def test_pentanomial_counts_and_errors() -> None:
    c = pentanomial_counts([0, 0.5, 1, 1, 1.5, 2, 2, 2])
    np.testing.assert_array_equal(c, [1, 1, 2, 1, 3])
    with pytest.raises(LudolabError) as exc:
        pentanomial_counts([1.0, 0.7])
    assert str(exc.value) == (
        "pair points must be one of 0, 0.5, 1, 1.5, 2 (A's points over two games), got 0.7"
    )


def test_paired_score_exact_pentanomial_and_trinomial() -> None:
    # Six game pairs (A's score in game 1, game 2).
    pairs = np.array([[1, 0], [1, 0.5], [1, 1], [0, 1], [0.5, 0.5], [1, 0]])
    s = paired_score(pairs)
    assert s.pentanomial == (0, 0, 4, 1, 1)
    assert (s.deals, s.games_per_deal, s.games) == (6, 2, 12)
    assert s.mean.estimate == pytest.approx(7.5 / 12)
    # The paired interval is the pentanomial one, the independent interval the trinomial one.
    assert s.mean == pentanomial_score(s.pentanomial)
    flat = pairs.ravel()
    trinomial = win_tie_loss(
        int((flat == 1).sum()), int((flat == 0.5).sum()), int((flat == 0).sum())
    )
    assert s.independent.low == pytest.approx(trinomial.score.low, rel=1e-12)
    assert s.independent.high == pytest.approx(trinomial.score.high, rel=1e-12)
    # By hand: pair means 0.5 x4, 0.75, 1; games: 6 wins, 3 ties, 3 losses.
    pm = np.array([0.5, 0.75, 1, 0.5, 0.5, 0.5])
    assert s.var_deal_mean == pytest.approx(pm.var())
    assert s.var_game == pytest.approx(flat.var())
    assert s.effective_games == pytest.approx(flat.var() / (pm.var() / 6))
    assert s.factor == pytest.approx(s.effective_games / 12)


def test_paired_summary_larger_blocks_have_no_pentanomial() -> None:
    scores = np.array([[1, 0, 0.5], [0, 0, 1], [1, 1, 0]])
    s = paired_score(scores)
    assert s.pentanomial is None
    assert s.mean.estimate == pytest.approx(scores.mean())
    assert s.var_deal_mean == pytest.approx(scores.mean(axis=1).var())


def test_paired_errors() -> None:
    with pytest.raises(
        LudolabError, match=r"^paired statistics need at least 2 complete deals, got 1$"
    ):
        paired_summary([[1.0, 0.0]])
    with pytest.raises(LudolabError, match=r"^values by deal must be a 2-D array"):
        paired_summary([1.0, 0.0, 1.0])
    with pytest.raises(LudolabError, match=r"^scores must lie between 0 and 1"):
        paired_score([[1.0, 2.0], [0.0, 1.0]])
    with pytest.raises(
        LudolabError, match=r"^a pentanomial interval needs at least 2 pairs, got 1$"
    ):
        pentanomial_score([0, 0, 1, 0, 0])


def test_effective_games_edge_cases() -> None:
    # Every pair splits 1-1: all luck cancelled, the paired variance is 0.
    assert effective_games([[1, 0], [0, 1], [1, 0]]) == math.inf
    # Nothing varies at all.
    assert math.isnan(effective_games([[0.5, 0.5], [0.5, 0.5]]))
    # Identical games within a deal: duplicate buys nothing, it costs (factor 1/2).
    rng = np.random.default_rng(5)
    col = rng.normal(size=(2000, 1))
    s = paired_summary(np.hstack([col, col]))
    assert s.factor == pytest.approx(0.5, rel=1e-12)


def _probit_pairs(n_pairs: int, luck_var: float, edge: float, seed: int) -> np.ndarray:
    """Game pairs where the deal's luck favours whoever holds seat 0's cards.

    Game 1: A holds seat 0's cards and wins when ``edge + d + e1 > 0``; game 2 swaps the cards,
    A wins when ``edge - d + e2 > 0``; ``d ~ N(0, luck_var)``, ``e ~ N(0, 1)``.
    """
    rng = np.random.default_rng(seed)
    d = rng.normal(0.0, math.sqrt(luck_var), n_pairs)
    e = rng.normal(size=(n_pairs, 2))
    g1 = (edge + d + e[:, 0] > 0).astype(float)
    g2 = (edge - d + e[:, 1] > 0).astype(float)
    return np.column_stack([g1, g2])


def test_duplicate_variance_reduction_matches_theory_for_win_share() -> None:
    # With edge 0 each game is a fair coin (variance 1/4), and the two games' latent variables
    # have correlation rho = -luck_var / (1 + luck_var) = -0.8. Sheppard's formula gives
    # P(both won) = 1/4 + arcsin(rho) / (2 pi), so the pair mean has variance
    # (1/2 + 2 cov) / 4 with cov = P(both) - 1/4, and the exact factor is
    # (1/4) / (2 var(pair mean)) = 2.4410.
    rho = -0.8
    cov = math.asin(rho) / (2 * math.pi)
    factor = 0.25 / (2 * (0.5 + 2 * cov) / 4)
    assert factor == pytest.approx(2.4410, abs=1e-4)
    s = paired_score(_probit_pairs(20_000, 4.0, 0.0, seed=11))
    # Sampling error: the pair mean takes values 0, 1/2, 1 with kurtosis ~4.9, so its variance
    # estimate has relative sd sqrt((4.9 - 1) / 20000) = 1.4%; the per-game variance of a fair
    # coin is nearly exact. A +-6% band is over 4 sd.
    assert s.factor == pytest.approx(factor, rel=0.06)
    assert s.effective_games == pytest.approx(factor * 40_000, rel=0.06)
    assert s.mean.half_width < s.independent.half_width
    assert s.mean.half_width * math.sqrt(s.factor) == pytest.approx(s.independent.half_width)
    assert s.pentanomial is not None and s.pentanomial[1] == s.pentanomial[3] == 0


def test_duplicate_variance_reduction_for_score_margin() -> None:
    # Margin of A in game 1: edge + d + e1; game 2: edge - d + e2. Per game variance
    # luck_var + 1 = 5; pair mean variance 1/2, so factor = 5 / (2 * 1/2) = 5. Each variance
    # estimate from 20,000 normal pairs has relative sd sqrt(2/20000) = 1%; +-7% is > 4 sd of the
    # ratio.
    rng = np.random.default_rng(12)
    d = rng.normal(0.0, 2.0, 20_000)
    e = rng.normal(size=(20_000, 2))
    margins = np.column_stack([0.3 + d + e[:, 0], 0.3 - d + e[:, 1]])
    s = paired_summary(margins)
    assert s.factor == pytest.approx(5.0, rel=0.07)
    assert effective_games(margins) == pytest.approx(s.effective_games)
    # The edge 0.3 lies inside the paired interval (95%; with a fixed seed this holds).
    assert s.mean.contains(0.3)
    assert s.mean.half_width == pytest.approx(1.96 * math.sqrt(0.5 / 20_000), rel=0.05)
