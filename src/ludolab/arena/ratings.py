"""Ratings for a round robin: Bradley-Terry by maximum likelihood, on the Elo scale.

Model
-----
Bot ``i`` has strength ``theta_i`` (natural-log units); its expected score against bot ``j`` is
``1 / (1 + exp(-(theta_i - theta_j)))``, which is exactly the Elo expectation
``1 / (1 + 10 ** (-(R_i - R_j) / 400))`` with ``R = theta * 400 / ln 10``. Ratings are fitted by
maximum likelihood (``scipy.optimize.minimize``, trust-region Newton with the exact gradient and
Hessian; the log-likelihood is concave, so the optimum is unique once it exists) and reported in
Elo points, anchored so that their mean is 0 or a named bot has a given rating.

Ties count as half a win (the likelihood uses points ``wins + ties / 2`` out of ``games``). We
chose this over Davidson's tie model because it keeps one meaning of "score" across ludolab: the
win share that the statistics, the SPRT and the Elo expectation all use, and it needs no extra
parameter. Standard errors come from the observed Fisher information (the negative Hessian at
the optimum, inverted on the free parameters). With ties the true per-game variance is
``s (1 - s) - ties / 4`` rather than ``s (1 - s)``, so these errors are slightly conservative
(too wide, never too narrow): by 5-8% at a 10% tie rate, where 95% intervals cover ~97%.

The maximum-likelihood fit exists only if the results graph is strongly connected: whenever a
group of bots has met the others, it must have scored at least once against them (otherwise the
group's rating difference runs off to infinity). :func:`bradley_terry` says which bots break it,
and ``prior_games`` adds that many drawn games to every pair that met, a light regularisation
that always gives finite ratings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import optimize as _opt
from scipy.sparse import csgraph as _csgraph

from ludolab.arena.stats import DealGroups, Interval, deal_groups, z_value
from ludolab.errors import LudolabError

#: Elo points per natural-log unit of strength (400 / ln 10 = 173.7...).
ELO_PER_NAT = 400.0 / math.log(10.0)


def elo_to_score(elo_difference: float) -> float:
    """Expected score for a rating advantage (``0 -> 0.5``, ``+400 -> 10/11``)."""
    return 1.0 / (1.0 + 10.0 ** (-elo_difference / 400.0))


def score_to_elo(score: float) -> float:
    """Rating advantage that gives an expected score (the inverse of :func:`elo_to_score`)."""
    if not 0.0 < score < 1.0:
        raise LudolabError(f"an Elo difference needs a score strictly between 0 and 1, got {score}")
    return -400.0 * math.log10(1.0 / score - 1.0)


# --------------------------------------------------------------------------------------------
# Pairwise results


@dataclass(frozen=True, eq=False)  # holds numpy arrays: compare fields explicitly
class PairwiseResults:
    """Head-to-head counts: ``wins[i, j]`` games bot i won against j; ``ties`` is symmetric."""

    names: tuple[str, ...]
    wins: np.ndarray
    ties: np.ndarray

    def __post_init__(self) -> None:
        n = len(self.names)
        if n < 2:
            raise LudolabError(f"ratings need at least 2 bots, got {n}")
        if len(set(self.names)) != n:
            dup = next(x for x in self.names if self.names.count(x) > 1)
            raise LudolabError(f"bot name {dup!r} appears twice")
        for label, m in (("wins", self.wins), ("ties", self.ties)):
            if m.shape != (n, n):
                raise LudolabError(f"{label} must be a {n}x{n} matrix, got shape {m.shape}")
            if np.any(m < 0) or not np.all(np.isfinite(m)):
                raise LudolabError(f"{label} must hold counts of at least 0")
            if np.any(np.diag(m) != 0):
                raise LudolabError(
                    f"{label} must be 0 on the diagonal (a bot does not play itself)"
                )
        if not np.allclose(self.ties, self.ties.T):
            raise LudolabError("ties must be symmetric (a tie of i with j is one of j with i)")

    @classmethod
    def from_games(
        cls, names: Sequence[str], games: Iterable[tuple[int, int, float]]
    ) -> PairwiseResults:
        """From ``(i, j, score_of_i)`` per game: score 1 (i won), 0.5 (tie) or 0 (j won)."""
        n = len(names)
        wins = np.zeros((n, n))
        ties = np.zeros((n, n))
        for k, (i, j, s) in enumerate(games):
            if not (0 <= i < n and 0 <= j < n) or i == j:
                raise LudolabError(f"game {k}: bots must be two different indices in 0..{n - 1}")
            if s == 1:
                wins[i, j] += 1
            elif s == 0:
                wins[j, i] += 1
            elif s == 0.5:
                ties[i, j] += 1
                ties[j, i] += 1
            else:
                raise LudolabError(f"game {k}: score must be 1, 0.5 or 0, got {s!r}")
        return cls(tuple(names), wins, ties)

    @classmethod
    def from_returns(
        cls,
        names: Sequence[str],
        seatings: Iterable[Sequence[int]],
        returns: Iterable[Sequence[float]],
    ) -> PairwiseResults:
        """Decompose multi-seat games into head-to-head results.

        For each game (``seatings[g][seat]`` = bot, ``returns[g][seat]`` = its return) every
        two seats held by different bots count as one game between them: the higher return
        wins, equal returns tie. Note that the pairs of one game (and the games of one deal) are
        not independent, so the model's standard errors are optimistic for three or more seats
        or duplicate seating: :func:`by_deal` gives the errors over deals.
        """
        n = len(names)
        wins = np.zeros((n, n))
        ties = np.zeros((n, n))
        for g, (seating, ret) in enumerate(zip(seatings, returns, strict=True)):
            if len(seating) != len(ret):
                raise LudolabError(f"game {g}: {len(seating)} seats but {len(ret)} returns")
            for s in range(len(seating)):
                for t in range(s + 1, len(seating)):
                    a, b = int(seating[s]), int(seating[t])
                    if a == b:
                        continue
                    if ret[s] > ret[t]:
                        wins[a, b] += 1
                    elif ret[s] < ret[t]:
                        wins[b, a] += 1
                    else:
                        ties[a, b] += 1
                        ties[b, a] += 1
        return cls(tuple(names), wins, ties)

    @property
    def games(self) -> np.ndarray:
        """Games played between each pair (symmetric)."""
        return self.wins + self.wins.T + self.ties

    @property
    def points(self) -> np.ndarray:
        """``points[i, j]``: i's points against j (wins plus half the ties)."""
        return self.wins + 0.5 * self.ties


def win_rate_matrix(results: PairwiseResults) -> np.ndarray:
    """``m[i, j]``: bot i's score share against bot j (ties half); NaN where they never met."""
    games = results.games
    with np.errstate(invalid="ignore", divide="ignore"):
        m = np.where(games > 0, results.points / np.where(games > 0, games, 1.0), np.nan)
    np.fill_diagonal(m, np.nan)
    return m


# --------------------------------------------------------------------------------------------
# Fit


@dataclass(frozen=True)
class Rating:
    """One bot's rating on the Elo scale with its interval."""

    name: str
    elo: float
    se: float
    interval: Interval
    games: int
    score: float

    def __str__(self) -> str:
        return f"{self.name}: {self.elo:+.1f} +/- {self.interval.half_width:.1f}"


@dataclass(frozen=True, eq=False)  # holds numpy arrays: compare fields explicitly
class Ratings:
    """Fitted Bradley-Terry ratings (Elo points) with their covariance.

    ``cov`` is the covariance of the anchored Elo ratings; use :meth:`difference` for the
    interval of one bot's advantage over another (it accounts for the covariance).
    """

    names: tuple[str, ...]
    elo: np.ndarray
    se: np.ndarray
    cov: np.ndarray
    anchor: str | None
    confidence: float
    log_likelihood: float
    results: PairwiseResults

    def index(self, name: str) -> int:
        """Position of bot ``name``."""
        try:
            return self.names.index(name)
        except ValueError:
            raise LudolabError(f"no bot named {name!r} in these ratings") from None

    @property
    def ratings(self) -> list[Rating]:
        """Per-bot ratings, in the order of ``names``."""
        z = z_value(self.confidence)
        games = self.results.games.sum(axis=1)
        points = self.results.points.sum(axis=1)
        out = []
        for i, name in enumerate(self.names):
            e, s = float(self.elo[i]), float(self.se[i])
            out.append(
                Rating(
                    name,
                    e,
                    s,
                    Interval(e, e - z * s, e + z * s, self.confidence),
                    round(float(games[i])),
                    float(points[i] / games[i]) if games[i] > 0 else math.nan,
                )
            )
        return out

    def difference(self, a: str, b: str) -> Interval:
        """Elo advantage of ``a`` over ``b`` with its interval."""
        i, j = self.index(a), self.index(b)
        d = float(self.elo[i] - self.elo[j])
        var = float(self.cov[i, i] + self.cov[j, j] - 2.0 * self.cov[i, j])
        half = z_value(self.confidence) * math.sqrt(max(var, 0.0))
        return Interval(d, d - half, d + half, self.confidence)

    def expected_score(self, a: str, b: str) -> float:
        """The model's expected score of ``a`` against ``b``."""
        return elo_to_score(float(self.elo[self.index(a)] - self.elo[self.index(b)]))

    def table(self) -> str:
        """A plain-text table, strongest first."""
        rows = sorted(self.ratings, key=lambda r: -r.elo)
        width = max(3, *(len(r.name) for r in rows))
        pct = round(100 * self.confidence)
        lines = [f"{'bot':<{width}}  {'Elo':>8}  {f'{pct}% interval':>20}  {'games':>7}  score"]
        for r in rows:
            lines.append(
                f"{r.name:<{width}}  {r.elo:>+8.1f}  "
                f"{f'[{r.interval.low:+.1f}, {r.interval.high:+.1f}]':>20}  "
                f"{r.games:>7}  {r.score:.3f}"
            )
        anchor = f"{self.anchor} fixed" if self.anchor else "mean 0"
        lines.append(f"(Bradley-Terry, ties as half wins, anchored at {anchor})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _unbounded_group(points: np.ndarray, games: np.ndarray, names: Sequence[str]) -> str | None:
    """Names of a group that never scored against the others it met, or None if the fit exists."""
    n = len(names)
    met = games > 0
    n_comp, labels = _csgraph.connected_components(met.astype(np.int8), directed=False)
    if n_comp > 1:
        group = [names[i] for i in range(n) if labels[i] == labels[0]]
        others = [names[i] for i in range(n) if labels[i] != labels[0]]
        return f"no games connect {', '.join(group)} with {', '.join(others)}"
    scored = (points > 0) & met
    n_comp, labels = _csgraph.connected_components(
        scored.astype(np.int8), directed=True, connection="strong"
    )
    if n_comp == 1:
        return None
    for c in range(n_comp):
        inside = labels == c
        # A sink component: nobody inside scored against anybody outside it.
        if not np.any(scored[np.ix_(inside, ~inside)]):
            group = [names[i] for i in range(n) if inside[i]]
            return f"{', '.join(group)} never scored against the other bots they met"
    return "the results graph is not strongly connected"  # pragma: no cover - a sink always exists


def bradley_terry(
    results: PairwiseResults,
    anchor: str | None = None,
    anchor_elo: float = 0.0,
    confidence: float = 0.95,
    prior_games: float = 0.0,
) -> Ratings:
    """Fit Bradley-Terry ratings by maximum likelihood and report them on the Elo scale.

    ``anchor``: ``None`` centres the ratings on a mean of 0; a bot's name fixes that bot at
    ``anchor_elo`` (its standard error is then 0 and the others' errors are relative to it).
    ``prior_games`` adds that many drawn games to every pair that met (0 = pure maximum
    likelihood, which fails with a clear error when a group of bots never scored against the
    rest).
    """
    names = results.names
    n = len(names)
    if prior_games < 0:
        raise LudolabError(f"prior_games must be at least 0, got {prior_games}")
    games = results.games
    points = results.points
    if prior_games > 0:
        met = games > 0
        games = games + prior_games * met
        points = points + 0.5 * prior_games * met
    problem = _unbounded_group(points, games, names)
    if problem is not None:
        raise LudolabError(
            f"ratings are unbounded (no maximum-likelihood fit): {problem}; "
            "play more games or set prior_games"
        )
    z_value(confidence)  # checks the confidence level
    if anchor is not None and anchor not in names:
        raise LudolabError(f"anchor {anchor!r} is not one of the bots: {', '.join(names)}")
    # Fit with one strength fixed at 0 (the anchor, or bot 0 before centring).
    ref = 0 if anchor is None else names.index(anchor)
    free = np.array([i for i in range(n) if i != ref])
    iu = np.triu_indices(n, 1)
    g_pairs = games[iu]
    p_pairs = points[iu]  # i's points against j for i < j
    keep = g_pairs > 0
    pi, pj, g_pairs, p_pairs = iu[0][keep], iu[1][keep], g_pairs[keep], p_pairs[keep]

    def full(theta_free: np.ndarray) -> np.ndarray:
        theta = np.zeros(n)
        theta[free] = theta_free
        return theta

    def negloglik(theta_free: np.ndarray) -> float:
        d = full(theta_free)
        d = d[pi] - d[pj]
        # -[p log sigma(d) + (g - p) log sigma(-d)], written stably with logaddexp.
        return float(
            np.sum(p_pairs * np.logaddexp(0.0, -d) + (g_pairs - p_pairs) * np.logaddexp(0.0, d))
        )

    def grad(theta_free: np.ndarray) -> np.ndarray:
        th = full(theta_free)
        sig = 1.0 / (1.0 + np.exp(-(th[pi] - th[pj])))
        r = g_pairs * sig - p_pairs  # derivative of the negative log-likelihood in d
        out = np.zeros(n)
        np.add.at(out, pi, r)
        np.add.at(out, pj, -r)
        return out[free]

    def hess(theta_free: np.ndarray) -> np.ndarray:
        th = full(theta_free)
        sig = 1.0 / (1.0 + np.exp(-(th[pi] - th[pj])))
        w = g_pairs * sig * (1.0 - sig)
        h = np.zeros((n, n))
        np.add.at(h, (pi, pj), -w)
        np.add.at(h, (pj, pi), -w)
        np.fill_diagonal(h, -h.sum(axis=1))
        return h[np.ix_(free, free)]

    res = _opt.minimize(
        negloglik,
        np.zeros(n - 1),
        jac=grad,
        hess=hess,
        method="trust-exact",
        options={"gtol": 1e-9, "maxiter": 500},
    )
    # Polish with plain Newton steps: near the optimum the trust region can stop early because
    # the objective no longer changes in floating point, while the gradient still can.
    x = res.x
    scale = max(1.0, float(g_pairs.sum()))
    for _ in range(5):
        g = grad(x)
        if np.max(np.abs(g)) <= 1e-12 * scale:
            break
        x = x - np.linalg.solve(hess(x), g)
    if np.max(np.abs(grad(x))) > 1e-8 * scale:  # pragma: no cover - a concave, bounded problem
        raise LudolabError(f"the ratings fit did not converge: {res.message}")
    theta = full(x)
    cov_free = np.linalg.inv(hess(x))  # inverse observed information
    cov = np.zeros((n, n))
    cov[np.ix_(free, free)] = cov_free
    if anchor is None:
        centre = np.eye(n) - np.full((n, n), 1.0 / n)
        theta = centre @ theta
        cov = centre @ cov @ centre.T
        offset = 0.0
    else:
        offset = float(anchor_elo)
    elo = theta * ELO_PER_NAT + offset
    cov_elo = cov * ELO_PER_NAT**2
    se = np.sqrt(np.clip(np.diag(cov_elo), 0.0, None))
    return Ratings(
        names=tuple(names),
        elo=elo,
        se=se,
        cov=cov_elo,
        anchor=anchor,
        confidence=confidence,
        log_likelihood=-negloglik(x),
        results=results,
    )


def by_deal(
    ratings: Ratings,
    seatings: np.ndarray,
    returns: np.ndarray,
    deals: np.ndarray | DealGroups,
    prior_games: float = 0.0,
) -> Ratings:
    """The same ratings with a covariance that treats each deal, not each game, as independent.

    Games of one deal share its luck (duplicate seating), and the head-to-head pairs of one
    multi-seat game share one game, so the inverse observed information of :func:`bradley_terry`
    (which counts every pair as an independent game) misstates the errors. The cluster-robust
    "sandwich" estimator ``H^-1 (sum_d u_d u_d^T) H^-1`` (Huber 1967; White 1982; Liang and
    Zeger 1986 for clustered data) keeps the fit and sums the score contributions ``u_d`` of
    every pair of every game within a deal before squaring, so correlated games count as one
    unit. ``H`` is the fit's information (``prior_games`` as given to :func:`bradley_terry`);
    ``seatings``, ``returns`` and ``deals`` are the games' ``[G, P]``, ``[G, P]`` and ``[G]``
    columns the ratings were fitted from.
    """
    n = len(ratings.names)
    seat = np.asarray(seatings, dtype=np.int64)
    ret = np.asarray(returns, dtype=np.float64)
    groups = deal_groups(deals)  # the deal column, or its DealGroups built once by the caller
    deal_idx, d_count = groups.codes, groups.count
    if d_count < 2:
        raise LudolabError(f"ratings by deal need at least 2 deals, got {d_count}")
    theta = np.asarray(ratings.elo, dtype=np.float64) / ELO_PER_NAT  # differences are what count
    u = np.zeros((d_count, n))
    for s in range(seat.shape[1]):
        for t in range(s + 1, seat.shape[1]):
            a, b = seat[:, s], seat[:, t]
            live = a != b
            p = np.where(ret[:, s] > ret[:, t], 1.0, np.where(ret[:, s] < ret[:, t], 0.0, 0.5))
            sig = 1.0 / (1.0 + np.exp(-(theta[a] - theta[b])))
            r = np.where(live, sig - p, 0.0)  # d(-log-likelihood)/d(theta_a); -r for theta_b
            np.add.at(u, (deal_idx, a), r)
            np.add.at(u, (deal_idx, b), -r)
    games = ratings.results.games
    if prior_games > 0:
        games = games + prior_games * (games > 0)
    diff = theta[:, None] - theta[None, :]
    sig = 1.0 / (1.0 + np.exp(-diff))
    h = -games * sig * (1.0 - sig)
    np.fill_diagonal(h, 0.0)
    np.fill_diagonal(h, -h.sum(axis=1))
    ref = 0 if ratings.anchor is None else ratings.names.index(ratings.anchor)
    free = np.array([i for i in range(n) if i != ref])
    h_inv = np.linalg.inv(h[np.ix_(free, free)])
    meat = u[:, free].T @ u[:, free] * d_count / (d_count - 1)  # small-sample factor D/(D-1)
    cov = np.zeros((n, n))
    cov[np.ix_(free, free)] = h_inv @ meat @ h_inv
    if ratings.anchor is None:
        centre = np.eye(n) - np.full((n, n), 1.0 / n)
        cov = centre @ cov @ centre.T
    cov_elo = cov * ELO_PER_NAT**2
    se = np.sqrt(np.clip(np.diag(cov_elo), 0.0, None))
    return Ratings(ratings.names, ratings.elo, se, cov_elo, ratings.anchor, ratings.confidence,
                   ratings.log_likelihood, ratings.results)
