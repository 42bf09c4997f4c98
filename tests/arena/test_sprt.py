"""Tests of ludolab.arena.sprt: the exact GSPRT, its decisions and its error rates."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import optimize, stats

from ludolab.arena.sprt import (
    PENTANOMIAL_VALUES,
    PSEUDO_COUNT,
    SPRT,
    TRINOMIAL_VALUES,
    llr,
    llr_normal,
    llr_path,
    sprt_bounds,
)
from ludolab.errors import LudolabError


def _tilted(base: list[float], values: np.ndarray, target: float) -> np.ndarray:
    """The exponential tilt of ``base`` whose mean score is exactly ``target``."""
    b = np.asarray(base, float)

    def mean_minus_target(t: float) -> float:
        w = b * np.exp(t * values)
        return float((w / w.sum() * values).sum() - target)

    t = optimize.brentq(mean_minus_target, -50, 50, xtol=1e-14)
    w = b * np.exp(t * values)
    return w / w.sum()


TRI_BASE = [0.4, 0.2, 0.4]  # losses, ties, wins: 20% ties
PENTA_BASE = [0.05, 0.2, 0.5, 0.2, 0.05]  # most pairs split 1-1, as under duplicate seating


def _brute_force_llr(counts: list[float], p0: float, p1: float) -> float:
    """The same LLR from a general-purpose constrained optimiser (SLSQP), for cross-checking."""
    c = np.asarray(counts, float)
    x = TRINOMIAL_VALUES if c.size == 3 else PENTANOMIAL_VALUES
    q = (c + PSEUDO_COUNT) / (c.sum() + PSEUDO_COUNT * c.size)

    def best(s: float) -> np.ndarray:
        cons = [
            {"type": "eq", "fun": lambda p: p.sum() - 1.0},
            {"type": "eq", "fun": lambda p: (p * x).sum() - s},
        ]
        res = optimize.minimize(
            lambda p: -(q * np.log(np.maximum(p, 1e-300))).sum(),
            np.full(c.size, 1.0 / c.size),
            constraints=cons,
            bounds=[(1e-12, 1.0)] * c.size,
            method="SLSQP",
            options={"ftol": 1e-15, "maxiter": 1000},
        )
        return res.x

    return float((c * np.log(best(p1) / best(p0))).sum())


# --------------------------------------------------------------------------------------------
# The pure functions


@pytest.mark.parametrize(("alpha", "beta"), [(0.05, 0.05), (0.01, 0.1), (0.2, 0.05)])
def test_bounds_are_walds(alpha: float, beta: float) -> None:
    lower, upper = sprt_bounds(alpha, beta)
    assert lower == math.log(beta / (1 - alpha))
    assert upper == math.log((1 - beta) / alpha)
    assert SPRT(alpha, beta, 0.5, 0.55).bounds == (lower, upper)


@pytest.mark.parametrize(
    "counts",
    [[40, 20, 40], [35, 20, 45], [120, 30, 250], [3, 80, 300, 120, 10], [20, 5, 40, 7, 30]],
)
def test_exact_llr_matches_a_general_optimiser(counts: list[float]) -> None:
    assert llr(counts, 0.5, 0.55) == pytest.approx(_brute_force_llr(counts, 0.5, 0.55), abs=2e-6)


def test_llr_known_values() -> None:
    assert llr([0, 0, 0], 0.5, 0.55) == 0.0
    assert llr([0, 0, 0, 0, 0], 0.5, 0.55) == 0.0
    # Only wins: the best distribution with mean s puts mass s on a win, so LLR = n log(p1/p0).
    assert llr([0, 0, 10], 0.5, 0.55) == pytest.approx(10 * math.log(1.1), abs=1e-6)
    assert llr([10, 0, 0], 0.5, 0.55) == pytest.approx(10 * math.log(0.45 / 0.5), abs=1e-6)
    # A sample whose mean is exactly p1 has LLR = n * KL(sample || best at p0) > 0, and one at
    # p0 a negative LLR.
    assert llr([35, 20, 45], 0.5, 0.55) > 0 > llr([40, 20, 40], 0.5, 0.55)


@pytest.mark.parametrize("counts", [[35, 20, 45], [3, 80, 300, 120, 10], [7, 0, 30]])
def test_llr_mirror_symmetry(counts: list[float]) -> None:
    # Swapping A and B (reversed counts, scores 1 - s) swaps the hypotheses.
    mirrored = llr(counts[::-1], 1 - 0.55, 1 - 0.5)
    assert mirrored == pytest.approx(-llr(counts, 0.5, 0.55), abs=1e-9)


def test_exact_and_normal_llr_agree_for_close_hypotheses_and_large_samples() -> None:
    # Second-order agreement: the relative difference is of the order of (p1 - p0) and the
    # distance of the sample mean from them, a few percent here.
    for counts in ([3000, 2000, 5000], [30, 800, 3000, 1200, 100], [4000, 2000, 4000]):
        exact, normal = llr(counts, 0.5, 0.52), llr_normal(counts, 0.5, 0.52)
        assert exact == pytest.approx(normal, rel=0.05)
    # ...and drift apart for lopsided data, where the exact form matters.
    exact, normal = llr([3000, 2000, 5000], 0.5, 0.55), llr_normal([3000, 2000, 5000], 0.5, 0.55)
    assert abs(exact - normal) > 0.03 * abs(exact)


def test_llr_path_equals_llr_on_every_prefix() -> None:
    rng = np.random.default_rng(3)
    idx = rng.choice(5, size=200, p=PENTA_BASE)
    path = np.cumsum(np.eye(5)[idx], axis=0)
    values = llr_path(path, 0.5, 0.55)
    for i in (0, 1, 2, 17, 100, 199):
        assert values[i] == pytest.approx(llr(path[i], 0.5, 0.55), abs=1e-12)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 0.05, 0.5, 0.55), "alpha must lie strictly between 0 and 0.5, got 0"),
        ((0.05, 1.0, 0.5, 0.55), "beta must lie strictly between 0 and 0.5, got 1.0"),
        ((0.7, 0.05, 0.5, 0.55), "alpha must lie strictly between 0 and 0.5, got 0.7"),
        ((0.05, float("nan"), 0.5, 0.55), "beta must lie strictly between 0 and 0.5, got nan"),
        (
            (0.05, 0.05, 0.55, 0.5),
            "p0 must be below p1 (H0: score p0, H1: score p1), got 0.55 and 0.5",
        ),
        (
            (0.05, 0.05, 0.0, 0.5),
            "p0 (an expected score) must be between 0 and 1 (exclusive), got 0.0",
        ),
    ],
)
def test_bad_parameters(args: tuple, message: str) -> None:
    with pytest.raises(LudolabError) as exc:
        SPRT(*args)
    assert str(exc.value) == message


def test_bad_outcomes_and_counts() -> None:
    with pytest.raises(LudolabError) as exc:
        SPRT(paired=False).update([1, 0.7])
    assert str(exc.value) == "outcomes must be one of 0, 0.5, 1, got 0.7"
    with pytest.raises(LudolabError) as exc:
        SPRT(paired=True).update([2.5])
    assert (
        str(exc.value)
        == "outcomes must be one of 0, 0.5, 1, 1.5, 2 (A's points over a game pair), got 2.5"
    )
    with pytest.raises(LudolabError) as exc:
        llr([1, 2, 3, 4], 0.5, 0.55)
    assert str(exc.value) == (
        "counts must have 3 entries (losses, ties, wins) or 5 (pair points 0..2), got 4"
    )
    with pytest.raises(LudolabError) as exc:
        SPRT(paired=True).update_counts([1, 2, 3])
    assert str(exc.value) == "this paired SPRT takes 5 counts, got 3"


# --------------------------------------------------------------------------------------------
# The incremental object


def test_update_stops_at_the_first_crossing_and_keeps_the_decision() -> None:
    rng = np.random.default_rng(8)
    probs = _tilted(PENTA_BASE, PENTANOMIAL_VALUES, 0.6)
    pairs = rng.choice(5, size=3000, p=probs) * 0.5  # pair points
    t = SPRT(0.05, 0.05, 0.5, 0.55, paired=True)
    assert t.update(pairs[:10]) == "continue"
    status = t.update(pairs[10:])
    assert status == "H1"
    # The decision is at the first prefix whose LLR reaches the upper bound, computed by hand.
    lower, upper = t.bounds
    counts = np.cumsum(np.eye(5)[(pairs * 2).astype(int)], axis=0)
    values = []
    for c in counts:
        values.append(llr(c, 0.5, 0.55))
        if not lower < values[-1] < upper:
            break
    first = len(values) - 1
    assert t.decided_at == first + 1
    assert t.decision_llr == pytest.approx(values[first], abs=1e-12)
    assert values[first] >= upper
    # Everything was still counted; the status stays H1.
    assert t.n == 3000
    assert t.llr == pytest.approx(llr(counts[-1], 0.5, 0.55), abs=1e-12)
    assert t.update([0.0] * 50) == "H1"
    assert t.summary().endswith(
        f"H1 accepted (score 0.55) after {first + 1} pairs (LLR {values[first]:.3f} at the stop)"
    )


def test_update_counts_checks_at_the_end_of_the_batch() -> None:
    t = SPRT(0.05, 0.05, 0.5, 0.55, paired=False)
    assert t.update_counts([40, 20, 40]) == "continue"
    assert t.llr == pytest.approx(llr([40, 20, 40], 0.5, 0.55))
    assert t.update_counts([0, 0, 60]) == "H1"
    assert t.decided_at == 160
    u = SPRT(0.05, 0.05, 0.5, 0.55, paired=False)
    u.update([0] * 40 + [0.5] * 20 + [1] * 40)
    assert u.llr == pytest.approx(llr([40, 20, 40], 0.5, 0.55), abs=1e-12)


def test_paired_update_accepts_game_score_pairs() -> None:
    a = SPRT(paired=True)
    b = SPRT(paired=True)
    a.update([[1, 0], [1, 0.5], [0.5, 0.5]])
    b.update([1, 1.5, 1])
    np.testing.assert_array_equal(a.counts, [0, 0, 2, 1, 0])
    assert a.llr == b.llr


def test_summary_text() -> None:
    t = SPRT(0.05, 0.05, 0.5, 0.55, paired=False)
    t.update([1, 1, 0, 0.5])
    assert t.summary() == (
        "SPRT score 0.5 vs 0.55 (alpha 0.05, beta 0.05): LLR "
        f"{t.llr:.3f} in [-2.944, 2.944], 4 games (L/T/W 1 1 2), "
        f"score {t.score()}: continue"
    )
    t.update_counts([0, 0, 200])
    assert t.summary().endswith("H1 accepted (score 0.55) after 204 games")
    assert str(t) == t.summary()


# --------------------------------------------------------------------------------------------
# Decisions and error rates on synthetic data


@pytest.mark.parametrize("paired", [True, False])
def test_clear_cases_decide_correctly(paired: bool) -> None:
    # A true score of 0.6 lies beyond p1 = 0.55: accepting H0 would need a deviation far below
    # alpha's scale (the drift of the LLR is strongly positive); likewise 0.5 = p0 accepts H0 with
    # probability about 1 - alpha. Fixed seeds make the outcome reproducible.
    values = PENTANOMIAL_VALUES if paired else TRINOMIAL_VALUES
    base = PENTA_BASE if paired else TRI_BASE
    scale = 2.0 if paired else 1.0  # pair points are twice the mean score
    for true, expected, seed in (
        (0.6, "H1", 21),
        (0.5, "H0", 22),
        (0.65, "H1", 23),
        (0.4, "H0", 24),
    ):
        rng = np.random.default_rng(seed)
        outcomes = rng.choice(values, size=5000, p=_tilted(base, values, true)) * scale
        t = SPRT(0.05, 0.05, 0.5, 0.55, paired=paired)
        assert t.update(outcomes) == expected, (true, t.summary())


def _decisions(
    probs: np.ndarray, values: np.ndarray, runs: int, steps: int, seed: int
) -> np.ndarray:
    """Decision of ``runs`` seeded sequential tests (+1 H1, -1 H0, 0 undecided after ``steps``)."""
    rng = np.random.default_rng(seed)
    idx = rng.choice(values.size, size=(runs, steps), p=probs)
    path = np.cumsum(np.eye(values.size)[idx], axis=1)
    values_llr = llr_path(path, 0.5, 0.55)
    lower, upper = sprt_bounds(0.05, 0.05)
    crossed = (values_llr >= upper) | (values_llr <= lower)
    first = crossed.argmax(axis=1)
    at = values_llr[np.arange(runs), first]
    return np.where(~crossed.any(axis=1), 0, np.where(at >= upper, 1, -1))


@pytest.mark.parametrize("paired", [True, False])
def test_error_rates_match_alpha_and_beta(paired: bool) -> None:
    """400 seeded runs at exactly p0 and 400 at exactly p1, alpha = beta = 0.05.

    Wald's inequalities bound the error rates by alpha / (1 - beta) = 0.0526 (crossing with
    overshoot only lowers them; the generalized test is close to this). A count of errors among
    400 runs is then at most Binomial(400, 0.0526): its 99.9% quantile is the upper band. The
    lower band (at least 1% errors) catches a test so conservative it is useless: with a true
    rate near 4-5%, fewer than 4 errors in 400 has probability below 1e-4. Every run must decide
    within the step cap (about 10x the average sample number).
    """
    values = PENTANOMIAL_VALUES if paired else TRINOMIAL_VALUES
    base = PENTA_BASE if paired else TRI_BASE
    steps = 1200 if paired else 3000
    runs = 400
    upper_band = stats.binom.ppf(0.999, runs, 0.05 / 0.95)
    h0 = _decisions(_tilted(base, values, 0.5), values, runs, steps, seed=101 + paired)
    h1 = _decisions(_tilted(base, values, 0.55), values, runs, steps, seed=201 + paired)
    assert np.all(h0 != 0) and np.all(h1 != 0)
    false_h1 = int(np.sum(h0 == 1))
    false_h0 = int(np.sum(h1 == -1))
    assert 4 <= false_h1 <= upper_band, false_h1
    assert 4 <= false_h0 <= upper_band, false_h0


def test_paired_test_stops_sooner_under_duplicate_seating() -> None:
    """Same games, two ways of testing: pairs (pentanomial) against single games (trinomial).

    Pairs come from a duplicate model in which the deal's luck goes to whoever holds seat 0's
    cards (see test_stats._probit_pairs): luck variance 4, noise 1, A's edge 0.28 on the probit
    scale (true score 0.55). Swapping seats cancels the luck inside each pair, so the pair mean
    varies ~2.4x less than independent games would, and the paired test needs roughly that many
    times fewer games. Over 60 seeded runs the ratio of mean games used is asserted above 1.5 (the
    average sample numbers are themselves averages of 60 runs, with relative sd ~10% each).
    """
    rng = np.random.default_rng(77)
    games_paired, games_single = [], []
    for _ in range(60):
        d = rng.normal(0.0, 2.0, 4000)
        e = rng.normal(size=(4000, 2))
        g1 = (0.28 + d + e[:, 0] > 0).astype(float)
        g2 = (0.28 - d + e[:, 1] > 0).astype(float)
        paired = SPRT(0.05, 0.05, 0.5, 0.55, paired=True)
        paired.update(g1 + g2)
        single = SPRT(0.05, 0.05, 0.5, 0.55, paired=False)
        single.update(np.column_stack([g1, g2]).ravel())
        assert paired.status != "continue" and single.status != "continue"
        games_paired.append(2 * paired.decided_at)
        games_single.append(single.decided_at)
    assert np.mean(games_single) / np.mean(games_paired) > 1.5
