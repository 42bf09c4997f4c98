"""A sequential test that stops a match-up as soon as the answer is clear (SPRT / GSPRT).

The question is about A's expected score per game ``s`` (win 1, tie 0.5, loss 0): H0 ``s = p0``
against H1 ``s = p1`` (e.g. 0.50 against 0.55), with error rates ``alpha`` (accepting H1 when H0
holds) and ``beta`` (accepting H0 when H1 holds). After each observation the log-likelihood ratio
(LLR) is compared with Wald's bounds ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``:
below the lower one the test accepts H0, above the upper one H1, in between it plays on.

Outcomes
--------
* **trinomial** (``paired=False``): one observation is a game; A scores 0, 0.5 or 1. Counts are
  kept in that order (losses, ties, wins).
* **pentanomial** (``paired=True``): one observation is a game *pair* of a duplicate schedule
  (the same deal with seats swapped); A's points over the pair are 0, 0.5, 1, 1.5 or 2, i.e. a
  mean score of 0, 0.25, 0.5, 0.75 or 1 per game. Counts are kept in that order. Pairs are the
  right unit because the two games of a deal share luck: treating them as independent games
  would overstate the evidence when they are positively correlated and waste it when, as with
  seat swapping, they are negatively correlated (which is why paired tests stop sooner).

Which likelihood ratio
----------------------
The distribution of an observation is not known under either hypothesis (only its mean is), so
the test is a *generalized* SPRT: each hypothesis is represented by the most likely multinomial
distribution over the observed outcome values whose mean equals ``p0`` (resp. ``p1``). We compute
that constrained maximum-likelihood estimate **exactly**: with empirical frequencies ``q_i`` at
score values ``x_i``, the maximiser is ``p_i = q_i / (1 + lam * (x_i - s))`` where ``lam`` solves
``sum q_i (x_i - s) / (1 + lam (x_i - s)) = 0`` (a one-dimensional monotone equation, solved by
safeguarded Newton steps). Then ``LLR = sum n_i log(p_i(p1) / p_i(p0))``.

Why exact rather than the usual normal approximation ``LLR ~ n (p1-p0)(2m-p0-p1) / (2 var)``
(:func:`llr_normal`, provided for comparison): the exact form is the generalized likelihood
ratio itself, with no normality assumption, so it stays right for lopsided scores, small samples
and the coarse five-point pentanomial; when ``p0`` and ``p1`` are close and the sample is large
the two agree (a test checks it). A tiny prior (``PSEUDO_COUNT`` per outcome value, in the
frequencies only) keeps the estimate inside the simplex before every outcome value has been seen;
without it a first few identical results would give an infinite LLR.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Literal

import numpy as np

from ludolab.arena.stats import Interval, pentanomial_score, win_tie_loss
from ludolab.errors import LudolabError

#: Per-game score values of the trinomial outcomes (losses, ties, wins).
TRINOMIAL_VALUES = np.array([0.0, 0.5, 1.0])
#: Per-game mean score of the pentanomial outcomes (pair points 0, 0.5, 1, 1.5, 2 halved).
PENTANOMIAL_VALUES = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
#: Prior count added to every outcome value's frequency before the constrained MLE.
PSEUDO_COUNT = 1e-3

Status = Literal["continue", "H0", "H1"]


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's LLR bounds ``(log(beta / (1 - alpha)), log((1 - beta) / alpha))``."""
    _check_errors(alpha, beta)
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _check_errors(alpha: float, beta: float) -> None:
    """The error rates of every sequential test (poker's --sprt, a tournament's [stop], the
    evolution's hall): each strictly between 0 and 0.5 -- a test wrong half the time or more is
    no test, and one rule everywhere (poker sim once accepted an alpha of 0.7)."""
    for name, v in (("alpha", alpha), ("beta", beta)):
        if not (isinstance(v, int | float) and 0.0 < v < 0.5):
            raise LudolabError(f"{name} must lie strictly between 0 and 0.5, got {v!r}")


def _check_hypotheses(p0: float, p1: float) -> None:
    for name, v in (("p0", p0), ("p1", p1)):
        if not (isinstance(v, int | float) and 0.0 < v < 1.0):
            raise LudolabError(
                f"{name} (an expected score) must be between 0 and 1 (exclusive), got {v!r}"
            )
    if not p0 < p1:
        raise LudolabError(f"p0 must be below p1 (H0: score p0, H1: score p1), got {p0} and {p1}")


def _values_for(k: int) -> np.ndarray:
    if k == 3:
        return TRINOMIAL_VALUES
    if k == 5:
        return PENTANOMIAL_VALUES
    raise LudolabError(
        f"counts must have 3 entries (losses, ties, wins) or 5 (pair points 0..2), got {k}"
    )


def _constrained_lambda(freq: np.ndarray, a: np.ndarray) -> np.ndarray:
    """Solve ``sum freq * a / (1 + lam * a) = 0`` for ``lam`` along the last axis of ``freq``.

    ``a = x - s`` has negative and positive entries, so the root lies in
    ``(-1 / max(a), -1 / min(a))``, where every ``1 + lam * a`` is positive; the left side is
    strictly decreasing there and goes from +inf to -inf (every ``freq`` is positive).
    Safeguarded Newton: a Newton step when it stays inside the current bracket, else bisection.
    """
    shape = freq.shape[:-1]
    q = freq.reshape(-1, a.size)
    lam = np.zeros(q.shape[0])
    lo = np.full(q.shape[0], -1.0 / a.max())
    hi = np.full(q.shape[0], -1.0 / a.min())
    active = np.arange(q.shape[0])
    for _ in range(200):
        if active.size == 0:
            break
        la, qa = lam[active], q[active]
        den = 1.0 + la[:, None] * a
        f = np.sum(qa * a / den, axis=1)
        fp = -np.sum(qa * a * a / (den * den), axis=1)
        pos = f > 0.0
        lo_a = np.where(pos, la, lo[active])
        hi_a = np.where(pos, hi[active], la)
        step = f / fp
        newton = la - step
        converged = np.abs(step) <= 1e-14 * (1.0 + np.abs(la))
        inside = ((newton > lo_a) & (newton < hi_a)) | converged
        lam[active] = np.where(inside, newton, 0.5 * (lo_a + hi_a))
        lo[active], hi[active] = lo_a, hi_a
        active = active[~converged]
    return lam.reshape(shape)


def _llr_from_counts(counts: np.ndarray, p0: float, p1: float) -> np.ndarray:
    """Exact GSPRT LLR for counts along the last axis (any leading shape)."""
    x = _values_for(counts.shape[-1])
    total = counts.sum(axis=-1, keepdims=True)
    freq = (counts + PSEUDO_COUNT) / (total + PSEUDO_COUNT * x.size)
    a0 = x - p0
    a1 = x - p1
    lam0 = _constrained_lambda(freq, a0)
    lam1 = _constrained_lambda(freq, a1)
    # log p_i(p1) - log p_i(p0) = log(1 + lam0 a0_i) - log(1 + lam1 a1_i); the q_i cancel.
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.log1p(lam0[..., None] * a0) - np.log1p(lam1[..., None] * a1)
        # An unseen outcome contributes nothing; never let 0 * inf turn into NaN.
        return np.sum(np.where(counts > 0, counts * terms, 0.0), axis=-1)


def _as_counts(counts: Sequence[float] | np.ndarray) -> np.ndarray:
    c = np.asarray(counts, dtype=float)
    if c.ndim < 1:
        raise LudolabError("counts must be a sequence of 3 or 5 numbers")
    _values_for(c.shape[-1])
    if np.any(c < 0) or not np.all(np.isfinite(c)):
        raise LudolabError("counts must be finite numbers of at least 0")
    return c


def llr(counts: Sequence[float] | np.ndarray, p0: float, p1: float) -> float:
    """Exact generalized log-likelihood ratio of H1 (score ``p1``) against H0 (score ``p0``).

    ``counts`` are trinomial (losses, ties, wins) or pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2
    points); see the module docstring for the method. Positive values favour H1.

    >>> round(llr([0, 0, 0], 0.5, 0.55), 12)
    0.0
    """
    _check_hypotheses(p0, p1)
    c = _as_counts(counts)
    if c.ndim != 1:
        raise LudolabError("llr takes one set of counts; use llr_path for many")
    return float(_llr_from_counts(c, p0, p1))


def llr_path(counts_path: np.ndarray, p0: float, p1: float) -> np.ndarray:
    """Exact LLR for many count vectors at once (shape ``(..., 3)`` or ``(..., 5)``).

    Pass the running (cumulative) counts of a sequence of outcomes to get the LLR after each
    one; vectorised, so tests and the runner can check every stopping point cheaply.
    """
    _check_hypotheses(p0, p1)
    return _llr_from_counts(_as_counts(counts_path), p0, p1)


def llr_normal(counts: Sequence[float] | np.ndarray, p0: float, p1: float) -> float:
    """The normal approximation ``n (p1 - p0)(2 m - p0 - p1) / (2 var)`` of :func:`llr`.

    ``m`` and ``var`` are the sample mean and variance of the per-observation score. For
    comparison only; :class:`SPRT` uses the exact form.
    """
    _check_hypotheses(p0, p1)
    c = _as_counts(counts)
    x = _values_for(c.size)
    n = float(c.sum())
    if n == 0:
        return 0.0
    m = float((c * x).sum() / n)
    var = float((c * (x - m) ** 2).sum() / n)
    if var <= 0.0:
        raise LudolabError("the normal approximation needs outcomes that vary")
    return n * (p1 - p0) * (2.0 * m - p0 - p1) / (2.0 * var)


def outcome_indices(outcomes: Iterable[float] | np.ndarray, paired: bool) -> np.ndarray:
    """Map outcomes to count indices: game scores 0/0.5/1, or pair points 0/0.5/1/1.5/2.

    With ``paired``, a 2-D array of shape ``(pairs, 2)`` (A's score in each game of the pair) is
    accepted too and summed per row.
    """
    arr = np.asarray(
        list(outcomes) if not isinstance(outcomes, np.ndarray) else outcomes, dtype=float
    )
    if paired and arr.ndim == 2 and arr.shape[1] == 2:
        arr = arr.sum(axis=1)
    if arr.ndim != 1:
        raise LudolabError("outcomes must be a flat sequence of numbers")
    k = np.rint(arr * 2.0)
    top = 4 if paired else 2
    bad = (np.abs(arr * 2.0 - k) > 1e-9) | (k < 0) | (k > top) | ~np.isfinite(arr)
    if np.any(bad):
        allowed = "0, 0.5, 1, 1.5, 2 (A's points over a game pair)" if paired else "0, 0.5, 1"
        raise LudolabError(f"outcomes must be one of {allowed}, got {arr[bad][0]:g}")
    return k.astype(np.int64)


class SPRT:
    """An incremental SPRT on A's expected score: feed outcomes, read ``status``.

    ``paired=True`` takes game pairs (pentanomial), ``paired=False`` single games (trinomial).
    The decision is taken at the first observation whose LLR crosses a bound (checked after every
    outcome of :meth:`update`) and then kept: later updates still count (``llr`` and the counts
    move on) but ``status`` stays, as a stopped test should.

    >>> t = SPRT(alpha=0.05, beta=0.05, p0=0.5, p1=0.55, paired=True)
    >>> t.update([1.0, 1.5, 1.0])
    'continue'
    >>> [round(b, 4) for b in t.bounds]
    [-2.9444, 2.9444]
    """

    def __init__(
        self,
        alpha: float = 0.05,
        beta: float = 0.05,
        p0: float = 0.5,
        p1: float = 0.55,
        paired: bool = True,
    ) -> None:
        _check_errors(alpha, beta)
        _check_hypotheses(p0, p1)
        self.alpha = float(alpha)
        self.beta = float(beta)
        self.p0 = float(p0)
        self.p1 = float(p1)
        self.paired = bool(paired)
        self.counts = np.zeros(5 if self.paired else 3)
        self._llr = 0.0
        self._status: Status = "continue"
        self.decided_at: int | None = None
        self.decision_llr: float | None = None

    @property
    def bounds(self) -> tuple[float, float]:
        """``(lower, upper)`` = ``(log(beta/(1-alpha)), log((1-beta)/alpha))``."""
        return sprt_bounds(self.alpha, self.beta)

    @property
    def llr(self) -> float:
        """The current log-likelihood ratio (H1 over H0)."""
        return self._llr

    @property
    def status(self) -> Status:
        """``"continue"``, ``"H0"`` (A's score is p0) or ``"H1"`` (A's score is p1)."""
        return self._status

    @property
    def n(self) -> int:
        """Observations so far (pairs when paired, games otherwise)."""
        return int(self.counts.sum())

    def _decide(self, value: float) -> Status:
        lower, upper = self.bounds
        if value >= upper:
            return "H1"
        if value <= lower:
            return "H0"
        return "continue"

    def update(self, outcomes: Iterable[float] | np.ndarray) -> Status:
        """Add outcomes in the order they were played; returns the status.

        Unpaired: A's game scores (0, 0.5, 1). Paired: A's points per pair (0 .. 2 in steps of
        0.5), or an array ``(pairs, 2)`` of A's score in each game. The bounds are checked after
        every single outcome, so the stop is exact even inside a large batch.
        """
        idx = outcome_indices(outcomes, self.paired)
        if idx.size == 0:
            return self._status
        k = self.counts.size
        steps = np.zeros((idx.size, k))
        steps[np.arange(idx.size), idx] = 1.0
        path = self.counts + np.cumsum(steps, axis=0)
        if self._status == "continue":
            values = _llr_from_counts(path, self.p0, self.p1)
            lower, upper = self.bounds
            crossed = np.nonzero((values >= upper) | (values <= lower))[0]
            if crossed.size:
                first = int(crossed[0])
                self.decision_llr = float(values[first])
                self._status = self._decide(self.decision_llr)
                self.decided_at = self.n + first + 1
            self._llr = float(values[-1])
        else:
            self._llr = float(_llr_from_counts(path[-1], self.p0, self.p1))
        self.counts = path[-1]
        return self._status

    def update_counts(self, counts: Sequence[float] | np.ndarray) -> Status:
        """Add a batch given only as counts (order unknown): the bounds are checked at its end."""
        c = _as_counts(counts)
        if c.shape != self.counts.shape:
            raise LudolabError(
                f"this {'paired' if self.paired else 'unpaired'} SPRT takes "
                f"{self.counts.size} counts, got {c.size}"
            )
        self.counts = self.counts + c
        self._llr = float(_llr_from_counts(self.counts, self.p0, self.p1))
        if self._status == "continue":
            self._status = self._decide(self._llr)
            if self._status != "continue":
                self.decided_at = self.n
                self.decision_llr = self._llr
        return self._status

    def score(self, confidence: float = 0.95) -> Interval | None:
        """A's mean score per game so far with its interval (pentanomial or trinomial)."""
        if self.n < 2:
            return None
        if self.paired:
            return pentanomial_score(self.counts, confidence)
        c = self.counts.astype(np.int64)
        return win_tie_loss(int(c[2]), int(c[1]), int(c[0]), confidence).score

    def summary(self) -> str:
        """One line: hypotheses, LLR against its bounds, sample, counts and the status."""
        lower, upper = self.bounds
        unit = "pairs" if self.paired else "games"
        label = "pentanomial" if self.paired else "L/T/W"
        counts = " ".join(str(int(c)) for c in self.counts)
        score = self.score()
        score_text = f", score {score}" if score is not None else ""
        verdict = {
            "continue": "continue",
            "H0": f"H0 accepted (score {self.p0:g}) after {self.decided_at} {unit}",
            "H1": f"H1 accepted (score {self.p1:g}) after {self.decided_at} {unit}",
        }[self._status]
        if self._status != "continue" and self.decided_at != self.n:
            verdict += f" (LLR {self.decision_llr:.3f} at the stop)"
        return (
            f"SPRT score {self.p0:g} vs {self.p1:g} (alpha {self.alpha:g}, beta {self.beta:g}): "
            f"LLR {self._llr:.3f} in [{lower:.3f}, {upper:.3f}], {self.n} {unit} "
            f"({label} {counts}){score_text}: {verdict}"
        )

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return (
            f"SPRT(alpha={self.alpha}, beta={self.beta}, p0={self.p0}, p1={self.p1}, "
            f"paired={self.paired})"
        )


# --------------------------------------------------------------------------------------------
# Unbounded means (a margin in chips or small bets per unit)


class MeanSPRT:
    """A sequential test on the mean ``d`` of an unbounded per-unit quantity (a difference in
    small bets per hand, one value per duplicate unit): H0 ``d = d0`` against H1 ``d = d1``.

    The units are independent but their distribution is unknown, so this is the generalized
    SPRT with the normal approximation: each hypothesis is the normal law of mean ``d0`` (resp.
    ``d1``) and the sample variance, giving ``LLR = n (d1 - d0)(2 m - d0 - d1) / (2 var)``
    (``m``, ``var``: mean and population variance of the ``n`` units so far; the same form as
    :func:`llr_normal`, which fishtest uses for game pairs). It is the right approximation when a
    unit is a mean of many hands and the test looks only after batches of many units: the test
    decides at the end of each :meth:`update` (a look), never inside it, and not before
    ``min_units`` units: heavy-tailed units (two nearly identical bots, most units exactly 0 and
    a few large) make the early sample variance too small and the LLR too confident (measured in
    docs/poker.md "Experiments"). Wald's bounds are those of :func:`sprt_bounds`.

    >>> t = MeanSPRT(0.0, 0.05)
    >>> t.update([0.3, -0.2, 0.1, 0.4, -0.1])
    'continue'
    >>> round(t.mean, 2), t.n
    (0.1, 5)
    """

    def __init__(self, d0: float = 0.0, d1: float = 0.05, alpha: float = 0.05,
                 beta: float = 0.05, min_units: int = 0) -> None:
        _check_errors(alpha, beta)
        if isinstance(min_units, bool) or not isinstance(min_units, int) or min_units < 0:
            raise LudolabError(f"min_units must be a whole number of at least 0, got {min_units!r}")
        self.min_units = min_units
        for name, v in (("d0", d0), ("d1", d1)):
            if not (isinstance(v, int | float) and math.isfinite(v)):
                raise LudolabError(f"{name} must be a finite number, got {v!r}")
        if not d0 < d1:
            raise LudolabError(f"d0 must be below d1 (H0: mean d0, H1: mean d1), got {d0} and "
                               f"{d1}")
        self.d0, self.d1 = float(d0), float(d1)
        self.alpha, self.beta = float(alpha), float(beta)
        self.n = 0
        self._sum = 0.0
        self._sumsq = 0.0
        self._llr = 0.0
        self._status: Status = "continue"
        self.decided_at: int | None = None
        self.looks = 0

    @property
    def bounds(self) -> tuple[float, float]:
        """``(lower, upper)`` = ``(log(beta/(1-alpha)), log((1-beta)/alpha))``."""
        return sprt_bounds(self.alpha, self.beta)

    @property
    def llr(self) -> float:
        """The log-likelihood ratio (H1 over H0) at the last look."""
        return self._llr

    @property
    def status(self) -> Status:
        """``"continue"``, ``"H0"`` (mean d0) or ``"H1"`` (mean d1); kept once decided."""
        return self._status

    @property
    def mean(self) -> float:
        """Mean of the units so far."""
        return self._sum / self.n if self.n else math.nan

    def update(self, values: Iterable[float] | np.ndarray) -> Status:
        """Add a batch of unit values (a look) and decide at its end; returns the status."""
        arr = np.asarray(list(values) if not isinstance(values, np.ndarray) else values,
                         dtype=float).reshape(-1)
        if not np.all(np.isfinite(arr)):
            raise LudolabError("unit values must be finite numbers")
        self.n += int(arr.size)
        self._sum += float(arr.sum())
        self._sumsq += float((arr * arr).sum())
        self.looks += 1
        if self.n < 2:
            return self._status
        m = self.mean
        var = max(self._sumsq / self.n - m * m, 0.0)
        if var <= 0.0:
            self._llr = math.inf if m > (self.d0 + self.d1) / 2 else -math.inf
        else:
            self._llr = self.n * (self.d1 - self.d0) * (2 * m - self.d0 - self.d1) / (2 * var)
        if self._status == "continue" and self.n >= self.min_units:
            lower, upper = self.bounds
            if self._llr >= upper:
                self._status, self.decided_at = "H1", self.n
            elif self._llr <= lower:
                self._status, self.decided_at = "H0", self.n
        return self._status

    def summary(self) -> str:
        """One line: hypotheses, LLR against its bounds, units, mean and the status."""
        lower, upper = self.bounds
        verdict = {"continue": "continue",
                   "H0": f"H0 accepted (mean {self.d0:g}) after {self.decided_at} units",
                   "H1": f"H1 accepted (mean {self.d1:g}) after {self.decided_at} units",
                   }[self._status]
        return (f"SPRT mean {self.d0:g} vs {self.d1:g} (alpha {self.alpha:g}, beta "
                f"{self.beta:g}): LLR {self._llr:.3f} in [{lower:.3f}, {upper:.3f}], {self.n} "
                f"units in {self.looks} looks, mean {self.mean:+.4f}: {verdict}")

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready record of the test."""
        lower, upper = self.bounds
        return {"d0": self.d0, "d1": self.d1, "alpha": self.alpha, "beta": self.beta,
                "min_units": self.min_units,
                "llr": self._llr if math.isfinite(self._llr) else None,
                "bounds": [lower, upper], "units": self.n, "looks": self.looks,
                "mean": self.mean if self.n else None, "status": self._status,
                "decided_at": self.decided_at}

    def __str__(self) -> str:
        return self.summary()
