"""Statistics for many games: intervals you can trust and what duplicate seating buys.

Conventions
-----------
* A bot's **score** in one game is its share of the win: 1 for a win, 0.5 for a two-way tie,
  0 for a loss (``1/k`` when ``k`` seats tie for first; see :func:`game_scores`). The mean score
  is the "win share" the arena reports and the quantity the SPRT tests.
* A schedule plays every **deal** (a game seed) in ``games_per_deal`` seatings; results grouped
  by deal form an array of shape ``(deals, games_per_deal)`` (see :func:`group_by_deal`). For two
  bots in a two-seat rotation that is one row per *game pair*.
* Intervals are two-sided at ``confidence`` (default 0.95) and come back as :class:`Interval`.

Why these statistics
--------------------
* **Wilson** for a proportion (win rate, tie rate): unlike the plain normal ("Wald") interval it
  stays inside [0, 1] and keeps close to its nominal coverage for small counts and rates near 0
  or 1.
* **Score with ties** is not binomial; its variance is the *trinomial* one,
  ``(w + t/4)/n - s^2``, and with hundreds of games the normal interval around the mean is
  accurate.
* **Paired (pentanomial) statistics.** Games of one deal share the same luck, so they are not
  independent: treating them as independent gets the variance wrong. The honest unit is the deal.
  For a game pair the pair's points take five values (0, 0.5, 1, 1.5, 2: the *pentanomial*), and
  the variance of the mean score is the variance of the pair means divided by the number of
  pairs. When seats swap the same luck, good and bad deals cancel inside the pair, so this
  variance is much smaller than the trinomial one -- that difference is what duplicate buys,
  reported as :func:`effective_games`: how many *independent* games give the same interval width.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ludolab.errors import LudolabError

#: Pair points of a game pair for the pentanomial, ascending (A's points over the two games).
PENTANOMIAL_POINTS: tuple[float, ...] = (0.0, 0.5, 1.0, 1.5, 2.0)


# --------------------------------------------------------------------------------------------
# Basic types and checks


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with a two-sided confidence interval ``[low, high]``."""

    estimate: float
    low: float
    high: float
    confidence: float = 0.95

    @property
    def half_width(self) -> float:
        """Half the interval's width (the "plus or minus")."""
        return (self.high - self.low) / 2.0

    def contains(self, value: float) -> bool:
        """True when ``value`` lies inside the interval (bounds included)."""
        return self.low <= value <= self.high

    def format(self, digits: int = 3, percent: bool = False) -> str:
        """``"0.523 [0.512, 0.534]"`` (or ``"52.3% [51.2%, 53.4%]"`` with ``percent``)."""
        if percent:
            d = max(digits - 2, 0)
            return (
                f"{100 * self.estimate:.{d}f}% [{100 * self.low:.{d}f}%, {100 * self.high:.{d}f}%]"
            )
        return f"{self.estimate:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"

    def __str__(self) -> str:
        return self.format()


def _check_confidence(confidence: float) -> float:
    if not (isinstance(confidence, int | float) and 0.0 < confidence < 1.0):
        raise LudolabError(f"confidence must be between 0 and 1 (exclusive), got {confidence!r}")
    return float(confidence)


def z_value(confidence: float = 0.95) -> float:
    """The two-sided standard normal quantile for ``confidence`` (1.95996... for 0.95)."""
    return float(_ndtri(0.5 + _check_confidence(confidence) / 2.0))


def _ndtri(q: float) -> float:
    """The standard normal quantile: ``scipy.stats.norm.ppf`` is this very function of
    ``scipy.special``, which loads in a third of the time of ``scipy.stats`` (imported here, on
    first use, so a command that prints no interval does not load it)."""
    from scipy.special import ndtri  # lazy: loaded by the first interval

    return float(ndtri(q))


def _t_quantile(q: float, df: int) -> float:
    """Student's t quantile with ``df`` degrees of freedom (what ``scipy.stats.t.ppf`` computes,
    through the same ``scipy.special.stdtrit``)."""
    from scipy.special import stdtrit  # lazy: loaded by the first interval

    return float(stdtrit(df, q))


def _as_float_array(values: Iterable[float], what: str) -> np.ndarray:
    try:
        arr = np.asarray(list(values) if not isinstance(values, np.ndarray) else values, float)
    except (TypeError, ValueError) as exc:
        raise LudolabError(f"{what} must be numbers: {exc}") from None
    if not np.all(np.isfinite(arr)):
        raise LudolabError(f"{what} contain a value that is not a finite number")
    return arr


# --------------------------------------------------------------------------------------------
# Proportions and win/tie/loss


def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> Interval:
    """Wilson score interval for a proportion ``successes / trials``.

    Why Wilson: it inverts the score test, so it never leaves [0, 1] and its coverage stays near
    nominal even for a handful of games or a rate near 0 or 1, where the normal interval fails.
    ``successes`` may be fractional (e.g. wins plus half the ties) but must lie in
    ``[0, trials]``.

    >>> wilson_interval(0, 10).format()
    '0.000 [0.000, 0.278]'
    """
    if isinstance(trials, bool) or not isinstance(trials, int | np.integer) or trials <= 0:
        raise LudolabError(f"trials must be a whole number of at least 1, got {trials!r}")
    if not (0 <= successes <= trials):
        raise LudolabError(f"successes must be between 0 and {trials}, got {successes!r}")
    z = z_value(confidence)
    n = float(trials)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2.0 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half), confidence)


@dataclass(frozen=True, slots=True)
class WinTieLoss:
    """Win/tie/loss counts of one bot with Wilson intervals and the mean score.

    ``score`` is the mean score per game (win 1, tie by ``k`` seats ``1/k``, loss 0) with a
    normal interval from the per-game score variance (the trinomial variance for two seats):
    the right interval when games are independent. For duplicate schedules use
    :func:`paired_score`, which accounts for games sharing a deal.
    """

    wins: int
    ties: int
    losses: int
    win: Interval
    tie: Interval
    loss: Interval
    score: Interval

    @property
    def games(self) -> int:
        """Number of games."""
        return self.wins + self.ties + self.losses

    def __str__(self) -> str:
        return (
            f"{self.games} games: W {self.wins} / T {self.ties} / L {self.losses}; "
            f"win {self.win.format(percent=True)}, score {self.score}"
        )


def _mean_normal_interval(mean: float, var: float, n: int, confidence: float) -> Interval:
    half = z_value(confidence) * math.sqrt(max(var, 0.0) / n)
    return Interval(mean, mean - half, mean + half, confidence)


def win_tie_loss(wins: int, ties: int, losses: int, confidence: float = 0.95) -> WinTieLoss:
    """Summary of counts: Wilson intervals for each rate and the score with its trinomial interval.

    The score counts a tie as half a win; its variance per game is the trinomial
    ``(w + t/4)/n - s^2`` (the exact variance of a game worth 1, 0.5 or 0).
    """
    for name, v in (("wins", wins), ("ties", ties), ("losses", losses)):
        if isinstance(v, bool) or not isinstance(v, int | np.integer) or v < 0:
            raise LudolabError(f"{name} must be a whole number of at least 0, got {v!r}")
    n = int(wins) + int(ties) + int(losses)
    if n == 0:
        raise LudolabError("no games to summarise (wins + ties + losses is 0)")
    s = (wins + 0.5 * ties) / n
    var = (wins + 0.25 * ties) / n - s * s
    return WinTieLoss(
        int(wins),
        int(ties),
        int(losses),
        wilson_interval(wins, n, confidence),
        wilson_interval(ties, n, confidence),
        wilson_interval(losses, n, confidence),
        _mean_normal_interval(s, var, n, confidence),
    )


def summarize_scores(scores: Iterable[float], confidence: float = 0.95) -> WinTieLoss:
    """Win/tie/loss summary from per-game scores (1 win, 0 loss, anything between a tie).

    The score interval uses the sample variance of the scores, so a three-way tie worth 1/3 is
    counted at its true value.
    """
    arr = _as_float_array(scores, "scores")
    if arr.size == 0:
        raise LudolabError("no games to summarise (scores are empty)")
    if np.any((arr < 0) | (arr > 1)):
        raise LudolabError("scores must lie between 0 and 1 (a win is 1, a loss 0)")
    wins = int(np.sum(arr == 1.0))
    losses = int(np.sum(arr == 0.0))
    ties = int(arr.size - wins - losses)
    n = int(arr.size)
    return WinTieLoss(
        wins,
        ties,
        losses,
        wilson_interval(wins, n, confidence),
        wilson_interval(ties, n, confidence),
        wilson_interval(losses, n, confidence),
        _mean_normal_interval(float(arr.mean()), float(arr.var()), n, confidence),
    )


def game_scores(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's share of the win from one game's returns: ``1/k`` to each of ``k`` best seats.

    >>> game_scores((3.0, -3.0))
    (1.0, 0.0)
    >>> game_scores((5, 5, 2))
    (0.5, 0.5, 0.0)
    """
    if len(returns) == 0:
        raise LudolabError("a game needs at least one seat's return")
    best = max(returns)
    k = sum(1 for r in returns if r == best)
    return tuple((1.0 / k if r == best else 0.0) for r in returns)


def results_by_seat(
    seats: Iterable[int], scores: Iterable[float], confidence: float = 0.95
) -> dict[int, WinTieLoss]:
    """One bot's results split by the seat it sat in (seat -> :class:`WinTieLoss`).

    Shows the seat advantage (Dominion's first player, Pig's first roller) that rotation removes.
    """
    seat_arr = np.asarray(list(seats) if not isinstance(seats, np.ndarray) else seats)
    score_arr = _as_float_array(scores, "scores")
    if seat_arr.shape != score_arr.shape:
        raise LudolabError(
            f"seats and scores differ in length ({seat_arr.size} vs {score_arr.size})"
        )
    out: dict[int, WinTieLoss] = {}
    for s in sorted({int(x) for x in seat_arr.tolist()}):
        out[s] = summarize_scores(score_arr[seat_arr == s], confidence)
    return out


# --------------------------------------------------------------------------------------------
# Means (score margin)


@dataclass(frozen=True, slots=True)
class MeanSummary:
    """Mean of per-game values (e.g. score margin) with its interval."""

    n: int
    mean: float
    sd: float
    sem: float
    interval: Interval

    def __str__(self) -> str:
        return f"{self.interval} (n={self.n}, sd={self.sd:.3g})"


def mean_interval(
    values: Iterable[float],
    confidence: float = 0.95,
    method: Literal["t", "normal"] = "t",
) -> MeanSummary:
    """Mean with a Student-t (default) or normal interval, from the sample standard deviation.

    The t interval is exact for normal data and, by the central limit theorem, right for the
    bounded score margins of games at the sample sizes the arena uses; for small samples it is
    wider than the normal one, as it should be.
    """
    arr = _as_float_array(values, "values")
    n = int(arr.size)
    if n < 2:
        raise LudolabError(f"a mean interval needs at least 2 values, got {n}")
    if method not in ("t", "normal"):
        raise LudolabError(f"method must be 't' or 'normal', got {method!r}")
    conf = _check_confidence(confidence)
    mean = float(arr.mean())
    sd = float(arr.std(ddof=1))
    sem = sd / math.sqrt(n)
    # Student t for the sample sd; the normal quantile when asked (large samples, comparisons).
    q = _t_quantile(0.5 + conf / 2.0, n - 1) if method == "t" else z_value(conf)
    return MeanSummary(n, mean, sd, sem, Interval(mean, mean - q * sem, mean + q * sem, conf))


# --------------------------------------------------------------------------------------------
# Paired / duplicate statistics


def group_by_deal(
    deals: Iterable[int] | DealGroups,
    trials: Iterable[int],
    values: Iterable[float],
    games_per_deal: int,
) -> np.ndarray:
    """Arrange per-game values as ``(deals, games_per_deal)`` rows, by deal then trial.

    Only complete deals are kept (a run stopped mid-deal leaves a partial one, which would bias
    the paired estimate). Rows are ordered by deal number; a repeated ``(deal, trial)`` is an
    error. ``deals`` may be a :class:`DealGroups` already built for these games.
    """
    if games_per_deal < 1:
        raise LudolabError(f"games_per_deal must be at least 1, got {games_per_deal}")
    groups = deals if isinstance(deals, DealGroups) else DealGroups(_int_array(deals))
    t = _int_array(trials)
    v = _as_float_array(values, "values")
    if not (groups.codes.shape == t.shape == v.shape):
        raise LudolabError("deals, trials and values must have the same length")
    if np.any((t < 0) | (t >= games_per_deal)):
        raise LudolabError(f"trial numbers must lie in 0..{games_per_deal - 1}")
    key = groups.codes * games_per_deal + t
    filled = np.bincount(key, minlength=groups.count * games_per_deal)
    if filled.size and filled.max() > 1:
        _raise_repeat(groups.values[groups.codes], t, games_per_deal)
    table = np.empty((groups.count, games_per_deal))
    table.reshape(-1)[key] = v
    complete = filled.reshape(groups.count, games_per_deal).all(axis=1)
    return table[complete]


def _int_array(values: Iterable[int]) -> np.ndarray:
    return np.asarray(list(values) if not isinstance(values, np.ndarray) else values,
                      dtype=np.int64).reshape(-1)


def _raise_repeat(d: np.ndarray, t: np.ndarray, games_per_deal: int) -> None:
    """Name the first repeated ``(deal, trial)`` in game order (the error path only)."""
    seen: set[tuple[int, int]] = set()
    for pair in zip(d.tolist(), t.tolist(), strict=True):
        if pair in seen:
            raise LudolabError(f"deal {pair[0]} trial {pair[1]} appears twice")
        seen.add(pair)


def _check_by_deal(values_by_deal: np.ndarray | Sequence[Sequence[float]]) -> np.ndarray:
    arr = np.asarray(values_by_deal, dtype=float)
    if arr.ndim != 2:
        raise LudolabError(
            "values by deal must be a 2-D array (deals x games per deal), "
            f"got {arr.ndim} dimension(s)"
        )
    if arr.shape[0] < 2:
        raise LudolabError(f"paired statistics need at least 2 complete deals, got {arr.shape[0]}")
    if not np.all(np.isfinite(arr)):
        raise LudolabError("values by deal contain a value that is not a finite number")
    return arr


@dataclass(frozen=True, slots=True)
class PairedSummary:
    """A mean over a duplicate/rotation schedule, next to the independent-games view.

    ``mean`` is the interval from the variance of deal means (the pentanomial variance for game
    pairs): the honest one. ``independent`` is what the same games would give if they were
    independent (the trinomial variance for scores): wider when rotation cancels luck.
    ``effective_games`` is the number of independent games that would give ``mean``'s width,
    and ``factor = effective_games / games`` is the variance reduction (above 1 when duplicate
    helps). ``pentanomial`` holds the counts of pair points 0, 0.5, 1, 1.5, 2 when each deal is
    a pair of games scored 0, 0.5 or 1 (else ``None``).
    """

    deals: int
    games_per_deal: int
    mean: Interval
    independent: Interval
    var_game: float
    var_deal_mean: float
    effective_games: float
    factor: float
    pentanomial: tuple[int, int, int, int, int] | None = None

    @property
    def games(self) -> int:
        """Number of games (deals x games per deal)."""
        return self.deals * self.games_per_deal

    def __str__(self) -> str:
        return (
            f"{self.mean} over {self.deals} deals x {self.games_per_deal} "
            f"(independent games would give {self.independent}); "
            f"worth {self.effective_games:,.0f} independent games ({self.factor:.2f}x)"
        )


def paired_summary(
    values_by_deal: np.ndarray | Sequence[Sequence[float]], confidence: float = 0.95
) -> PairedSummary:
    """Mean of a per-game quantity (score, score margin) over a rotation schedule.

    The unit of independence is the deal: the variance of the overall mean is
    ``var(deal means) / deals``. The per-game variance ``var_game`` (all games pooled) is what an
    independent, randomly seated schedule would have, so ``var_game / var(mean)`` independent games
    give the same precision (:func:`effective_games`).
    """
    arr = _check_by_deal(values_by_deal)
    conf = _check_confidence(confidence)
    deals, gpd = arr.shape
    games = deals * gpd
    mean = float(arr.mean())
    # Population (maximum-likelihood) variances, as for the trinomial and pentanomial counts:
    # with two-game deals of scores 0/0.5/1 the two intervals are exactly the pentanomial and
    # trinomial ones, and the effective-games ratio compares like with like.
    var_game = float(arr.var())
    deal_means = arr.mean(axis=1)
    var_deal_mean = float(deal_means.var())
    var_of_mean = var_deal_mean / deals
    z = z_value(conf)
    paired = Interval(
        mean, mean - z * math.sqrt(var_of_mean), mean + z * math.sqrt(var_of_mean), conf
    )
    indep_half = z * math.sqrt(var_game / games)
    independent = Interval(mean, mean - indep_half, mean + indep_half, conf)
    eff = _effective(var_game, var_of_mean)
    return PairedSummary(
        deals=deals,
        games_per_deal=gpd,
        mean=paired,
        independent=independent,
        var_game=var_game,
        var_deal_mean=var_deal_mean,
        effective_games=eff,
        factor=eff / games,
        pentanomial=None,
    )


def _effective(var_game: float, var_of_mean: float) -> float:
    if var_of_mean <= 0.0:
        return math.inf if var_game > 0.0 else float("nan")
    return var_game / var_of_mean


def effective_games(values_by_deal: np.ndarray | Sequence[Sequence[float]]) -> float:
    """Independent games needed for the interval width this duplicate schedule achieved.

    ``var_game / (var(deal means) / deals)``; compare with ``deals * games_per_deal``. Infinite
    when every deal has the same mean (all luck cancelled), NaN when nothing varies at all.
    """
    return paired_summary(values_by_deal).effective_games


def pentanomial_counts(pair_points: Iterable[float]) -> np.ndarray:
    """Counts of pair points 0, 0.5, 1, 1.5, 2 (A's points over a game pair), in that order."""
    arr = _as_float_array(pair_points, "pair points")
    idx = arr * 2.0
    k = np.rint(idx)
    if np.any(np.abs(idx - k) > 1e-9) or np.any((k < 0) | (k > 4)):
        bad = arr[(np.abs(idx - k) > 1e-9) | (k < 0) | (k > 4)][0]
        raise LudolabError(
            f"pair points must be one of 0, 0.5, 1, 1.5, 2 (A's points over two games), got {bad:g}"
        )
    return np.bincount(k.astype(np.int64), minlength=5)


def pentanomial_score(counts: Sequence[int], confidence: float = 0.95) -> Interval:
    """A's mean score per game from pentanomial counts, with the pentanomial normal interval.

    Each pair contributes its mean score ``points / 2`` in {0, 0.25, 0.5, 0.75, 1}; the variance
    of the overall mean is the variance of those pair means over the number of pairs. This is
    the interval chess-engine testing uses for paired openings, and the right one whenever the
    two games of a pair share luck.
    """
    c = np.asarray(counts, dtype=float)
    if c.shape != (5,) or np.any(c < 0):
        raise LudolabError("pentanomial counts must be 5 numbers of at least 0 (pair points 0..2)")
    n = float(c.sum())
    if n < 2:
        raise LudolabError(f"a pentanomial interval needs at least 2 pairs, got {n:g}")
    x = np.array(PENTANOMIAL_POINTS) / 2.0
    mean = float((c * x).sum() / n)
    var = float((c * (x - mean) ** 2).sum() / n)
    return _mean_normal_interval(mean, var, int(n), _check_confidence(confidence))


def paired_score(
    scores_by_deal: np.ndarray | Sequence[Sequence[float]], confidence: float = 0.95
) -> PairedSummary:
    """A's mean score over a rotation schedule (rows: deals; columns: A's score in each trial).

    Same as :func:`paired_summary`, after checking scores lie in [0, 1]. For two-game deals with
    scores 0, 0.5 and 1 the result carries the pentanomial counts, and ``mean`` is then exactly
    the pentanomial interval (:func:`pentanomial_score`) while ``independent`` is the trinomial
    one.
    """
    arr = _check_by_deal(scores_by_deal)
    if np.any((arr < 0) | (arr > 1)):
        raise LudolabError("scores must lie between 0 and 1 (a win is 1, a loss 0)")
    summary = paired_summary(arr, confidence)
    if arr.shape[1] == 2 and np.all(np.isin(arr, (0.0, 0.5, 1.0))):
        c = pentanomial_counts(arr.sum(axis=1))
        penta = (int(c[0]), int(c[1]), int(c[2]), int(c[3]), int(c[4]))
        return PairedSummary(
            deals=summary.deals,
            games_per_deal=summary.games_per_deal,
            mean=summary.mean,
            independent=summary.independent,
            var_game=summary.var_game,
            var_deal_mean=summary.var_deal_mean,
            effective_games=summary.effective_games,
            factor=summary.factor,
            pentanomial=penta,
        )
    return summary


def trinomial_score(wins: int, ties: int, losses: int, confidence: float = 0.95) -> Interval:
    """A's mean score from independent-game counts with the trinomial normal interval."""
    return win_tie_loss(wins, ties, losses, confidence).score


# --------------------------------------------------------------------------------------------
# Intervals over deals (cluster samples): what every printed interval of a run uses


@dataclass(frozen=True, slots=True)
class ClusterSummary:
    """A ratio mean over clusters (deals) with its interval and what the clustering costs.

    ``estimate`` is ``sum(totals) / sum(sizes)`` (per game); ``clusters`` the deals that
    contributed; ``games`` the games in them; ``effective_games`` how many independent games
    would give the same variance (below ``games`` when the games of a deal are positively
    correlated, as in a mirror match played in both seatings; above when duplicate seating
    cancels luck; NaN for a mean, which has no binomial reference).
    """

    clusters: int
    games: int
    estimate: float
    sem: float
    effective_games: float
    interval: Interval


def _ratio_variance(totals: np.ndarray, sizes: np.ndarray) -> tuple[float, float]:
    """Ratio estimate ``r = sum(y)/sum(m)`` and the linearised variance of ``r`` over ``D``
    sampled clusters: ``D/(D-1) * sum((y_d - r m_d)^2) / (sum m)^2`` (Cochran, *Sampling
    Techniques*, 3rd ed., 1977, sec. 6.11: the ratio estimator of a cluster sample)."""
    d = len(totals)
    m = float(sizes.sum())
    r = float(totals.sum()) / m
    resid = np.multiply(sizes, r)  # totals - r * sizes, squared, in one buffer
    np.subtract(totals, resid, out=resid)
    np.square(resid, out=resid)
    var = d / (d - 1) * float(resid.sum()) / (m * m) if d > 1 else math.inf
    return r, var


def _cluster_arrays(totals: Iterable[float], sizes: Iterable[float]) -> tuple[np.ndarray,
                                                                              np.ndarray]:
    y = _as_float_array(totals, "totals")
    m = _as_float_array(sizes, "sizes")
    if y.shape != m.shape:
        raise LudolabError("totals and sizes must have the same length")
    keep = m > 0  # a deal where the bot did not play carries no information about it
    if not keep.all():
        y, m = y[keep], m[keep]
    if y.size < 2:
        raise LudolabError(f"an interval over deals needs at least 2 deals, got {y.size}")
    return y, m


def cluster_proportion(
    successes: Iterable[float], sizes: Iterable[float], confidence: float = 0.95
) -> ClusterSummary:
    """A rate (win, tie, loss) over games grouped in deals, with a Wilson interval on the
    *effective* number of games.

    Games of one deal are not independent (duplicate seating replays one deal's luck; a mirror
    match would replay the very same game), so the variance of the rate comes from the deal
    totals (the ratio estimator of a cluster sample, Cochran 1977, sec. 6.11). That variance
    sets the effective sample size ``n_eff = p (1 - p) / var`` (Kish's design effect,
    ``n / deff``), and the Wilson interval is computed with ``n_eff`` games -- the
    "effective sample size" Wilson interval for clustered binomial data of Korn and Graubard
    (1998, *Survey Methodology* 24:193-201). With one game per deal and independent deals it is
    the ordinary Wilson interval on ``D - 1`` to ``D`` games. When every deal gives the same rate
    (``var = 0``, e.g. no ties at all) the deals are the units: ``n_eff = D``.

    >>> s = cluster_proportion([1, 0, 1, 1, 0, 1, 0, 1], [1] * 8)
    >>> round(s.estimate, 3), round(s.effective_games, 1)
    (0.625, 7.0)
    >>> dup = cluster_proportion([1, 1, 1, 1], [2, 2, 2, 2])  # won one game of every deal
    >>> dup.effective_games, dup.estimate
    (4.0, 0.5)
    """
    conf = _check_confidence(confidence)
    y, m = _cluster_arrays(successes, sizes)
    if np.any((y < 0) | (y > m)):
        raise LudolabError("successes must lie between 0 and the games of their deal")
    p, var = _ratio_variance(y, m)
    d = int(y.size)
    n_eff = p * (1.0 - p) / var if var > 0 and 0 < p < 1 else float(d)
    n_eff = max(n_eff, 1e-9)
    z = z_value(conf)
    denom = 1.0 + z * z / n_eff
    centre = (p + z * z / (2.0 * n_eff)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n_eff + z * z / (4.0 * n_eff * n_eff)) / denom
    iv = Interval(p, max(0.0, centre - half), min(1.0, centre + half), conf)
    return ClusterSummary(d, int(m.sum()), p, math.sqrt(var), n_eff, iv)


def cluster_mean(
    totals: Iterable[float], sizes: Iterable[float], confidence: float = 0.95
) -> ClusterSummary:
    """A per-game mean (a score margin) over games grouped in deals, with a Student-t interval
    on ``D - 1`` degrees of freedom from the deal totals (the ratio estimator of a cluster
    sample, Cochran 1977, sec. 6.11; the deal, not the game, is the independent unit).

    >>> s = cluster_mean([4.0, -2.0, 6.0, 0.0], [2, 2, 2, 2])
    >>> s.estimate, s.clusters, s.games
    (1.0, 4, 8)
    """
    conf = _check_confidence(confidence)
    y, m = _cluster_arrays(totals, sizes)
    r, var = _ratio_variance(y, m)
    d = int(y.size)
    sem = math.sqrt(var)
    q = _t_quantile(0.5 + conf / 2.0, d - 1)
    return ClusterSummary(d, int(m.sum()), r, sem, math.nan,
                          Interval(r, r - q * sem, r + q * sem, conf))


class DealGroups:
    """The games of a run grouped by deal, computed once and shared by every statistic.

    ``codes[g]`` is the rank of game ``g``'s deal among the distinct deals (0 for the smallest
    deal number), ``count`` the number of distinct deals and ``values`` the deal numbers in
    rank order: exactly what ``np.unique(deals, return_inverse=True)`` gives, but in linear time
    when the deal numbers are dense (they are game indices divided by the games per deal, so a
    run's deals span about as many numbers as it has games; only sparse numbers fall back on a
    sort). Summaries ask for per-deal totals many times (every rate and margin of every bot), so
    they build one ``DealGroups`` and pass it instead of the raw deal column.

    >>> g = DealGroups(np.array([7, 3, 7, 9]))
    >>> g.codes.tolist(), g.count, g.values.tolist()
    ([1, 0, 1, 2], 3, [3, 7, 9])
    """

    __slots__ = ("_one_each", "_sizes", "codes", "count", "values")

    #: A lookup table of at most this many entries per game (plus a constant) is used; sparser
    #: deal numbers are ranked by a sort.
    DENSE_FACTOR = 4

    def __init__(self, deals: np.ndarray) -> None:
        d = np.asarray(deals, dtype=np.int64).reshape(-1)
        self.codes, self.values = _dense_ranks(d, self.DENSE_FACTOR)
        self.count = int(self.values.size)
        # one game per deal, games in deal order (a mirror match, or one seating): a deal's
        # total is its game's value, no summing needed
        self._one_each = self.count == d.size and bool(
            (self.codes == np.arange(d.size)).all())
        self._sizes: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.codes.size)

    def __getstate__(self) -> tuple:
        return (self.codes, self.count, self.values, self._one_each)

    def __setstate__(self, state: tuple) -> None:
        self.codes, self.count, self.values, self._one_each = state
        self._sizes = None

    @property
    def sizes(self) -> np.ndarray:
        """Games per deal (float64, in rank order), counted once."""
        if self._sizes is None:
            self._sizes = np.bincount(self.codes, minlength=self.count).astype(np.float64)
        return self._sizes

    def totals(self, weights: np.ndarray) -> np.ndarray:
        """Per deal: the sum of ``weights [G]`` over its games (float64, in rank order)."""
        if self._one_each:  # what bincount gives: 0.0 + the value (so -0.0 becomes 0.0)
            return np.asarray(weights, dtype=np.float64) + 0.0
        return np.bincount(self.codes, weights=weights, minlength=self.count).astype(np.float64)


def _dense_ranks(d: np.ndarray, factor: int) -> tuple[np.ndarray, np.ndarray]:
    """``(inverse, unique)`` of ``np.unique(d, return_inverse=True)``, linear for dense values."""
    if not d.size:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    lo, hi = int(d.min()), int(d.max())
    span = hi - lo + 1
    if span <= factor * d.size + 1024:
        offset = d - lo
        present = np.zeros(span, dtype=bool)
        present[offset] = True
        rank = np.cumsum(present, dtype=np.int64) - 1
        return rank[offset], np.flatnonzero(present).astype(np.int64) + lo
    order = np.argsort(d, kind="stable")
    ordered = d[order]
    starts = np.empty(d.size, dtype=bool)
    starts[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    codes = np.empty(d.size, dtype=np.int64)
    codes[order] = np.cumsum(starts, dtype=np.int64) - 1
    return codes, ordered[starts]


def deal_groups(deals: np.ndarray | DealGroups) -> DealGroups:
    """``deals`` grouped (:class:`DealGroups`), or the groups themselves when already built."""
    return deals if isinstance(deals, DealGroups) else DealGroups(deals)


def deal_totals(
    deals: np.ndarray | DealGroups, values: np.ndarray, mask: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Per deal: the sum of ``values`` over its games (and seats where ``mask`` holds) and the
    number of values summed; ``values``/``mask`` are ``[G]`` or ``[G, P]`` beside ``deals [G]``
    (the deal column, or its :class:`DealGroups` when the caller asks many times).

    >>> deal_totals(np.array([0, 0, 1, 1]), np.array([1.0, 0.0, 1.0, 1.0]))
    (array([1., 2.]), array([2., 2.]))
    """
    groups = deal_groups(deals)
    v = np.asarray(values, dtype=np.float64)
    if mask is None and v.ndim == 1:  # every game counts once: the sizes are the deal sizes
        return groups.totals(v), groups.sizes.copy()  # (v * 1.0 is v, bit for bit)
    w = np.ones_like(v) if mask is None else np.asarray(mask, dtype=np.float64)
    if v.ndim == 2:
        v, w = (v * w).sum(axis=1), w.sum(axis=1)
    else:
        v = v * w
    return groups.totals(v), groups.totals(w)


def whole_deals(deals: np.ndarray | DealGroups, trials: np.ndarray,
                games_per_deal: int) -> np.ndarray:
    """Boolean mask of the games whose deal finished every one of its ``games_per_deal`` trials
    (a run interrupted mid-deal leaves partial deals, which would bias duplicate statistics).

    >>> whole_deals(np.array([0, 0, 1]), np.array([0, 1, 0]), 2).tolist()
    [True, True, False]
    """
    if not len(deals):
        return np.zeros(0, dtype=bool)
    if games_per_deal <= 1:  # every game is a whole deal (no grouping needed)
        return np.ones(len(deals), dtype=bool)
    groups = deal_groups(deals)
    # distinct trials per deal: mark every (deal, trial) pair once, count the marks per deal
    trial = DealGroups(np.asarray(trials, dtype=np.int64))
    pairs = DealGroups(groups.codes * trial.count + trial.codes)
    distinct = np.bincount(pairs.values // trial.count, minlength=groups.count)
    return (distinct >= games_per_deal)[groups.codes]
