"""Plots of many games (matplotlib, rendered with Agg, saved as PNG).

The inputs are plain arrays, the shape of the Dominion engine's ``GameRecords``
(``docs/design/dominion-engine.md``), for ``G`` games and ``P`` seats:

* ``turn_coins``, ``turn_vp``: int ``[G, P, T]`` -- money at the start of each buy phase and VP
  at the end of each turn, ``-1`` after the game ended for that seat;
* ``seating``: int ``[G, P]`` -- the bot index in each seat;
* ``vp``, ``turns``: int ``[G, P]`` -- final VP and the number of turns each seat took.

Per-turn curves average over the seat-games that *reached* that turn (turn ``t`` of seat ``p``
was played when ``t < turns[g, p]``; without ``turns``, when the value is not ``-1``). Late turns
are reached by few games, so a curve stops where fewer than ``min_share`` of the bot's
seat-games got that far: past that point it would show a handful of long games, not the bot.

Figures are built directly as :class:`matplotlib.figure.Figure` objects with an Agg canvas, so
pyplot's global state (and the interactive backend) is never touched: safe in workers, scripts
and notebooks alike.
"""

from __future__ import annotations

import io
import math
import os
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ludolab.core.scoring import lead_over_others

__all__ = [
    "dominion_figures",
    "figure_png",
    "game_lengths",
    "hit_rate_by_turn",
    "mean_by_turn",
    "plot_bot_results",
    "plot_coins_by_turn",
    "plot_game_length",
    "plot_hit_probability",
    "plot_score_margin",
    "plot_vp_by_turn",
    "save_figures",
    "save_png",
    "score_margins",
]

#: Default share of a bot's seat-games that must reach a turn for the curve to show it.
MIN_SHARE = 0.05
#: At most this many bars per bot in the score-margin histogram (wider margins share bars).
MAX_MARGIN_BARS = 40


def new_figure(width: float = 7.0, height: float = 4.2) -> Figure:
    """A figure with an Agg canvas (no pyplot)."""
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


# --------------------------------------------------------------------------------------------
# Numbers behind the plots


def _check_seating(seating: np.ndarray, bot_names: Sequence[str], g: int, p: int) -> np.ndarray:
    seat = np.asarray(seating)
    if seat.shape != (g, p):
        raise ValueError(f"seating has shape {seat.shape}, expected {(g, p)} (games, seats)")
    if seat.size and (seat.min() < 0 or seat.max() >= len(bot_names)):
        raise ValueError(
            f"seating names bot {int(seat.max())} but there are {len(bot_names)} bot names"
        )
    return seat


def _played(values: np.ndarray, turns: np.ndarray | None) -> np.ndarray:
    g, p, t = values.shape
    if turns is None:
        return values != -1
    tr = np.asarray(turns)
    if tr.shape != (g, p):
        raise ValueError(f"turns has shape {tr.shape}, expected {(g, p)} (games, seats)")
    return np.arange(t)[None, None, :] < tr[:, :, None]


def _per_turn(values: np.ndarray, name: str) -> np.ndarray:
    arr = np.asarray(values)
    if arr.ndim != 3:
        raise ValueError(f"{name} must be [games, seats, turns], got shape {arr.shape}")
    return arr


def mean_by_turn(
    values: np.ndarray, seating: np.ndarray, num_bots: int, turns: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Per bot and turn, the mean of ``values [G, P, T]`` over the seat-games that reached the
    turn: ``(mean [B, T]`` (NaN where none did), ``count [B, T])``."""
    vals = _per_turn(values, "values")
    return _masked_mean(vals, _played(vals, turns), np.asarray(seating), num_bots)


def _masked_mean(
    vals: np.ndarray, played: np.ndarray, seat: np.ndarray, num_bots: int
) -> tuple[np.ndarray, np.ndarray]:
    count = np.zeros((num_bots, vals.shape[2]), dtype=np.int64)
    total = np.zeros((num_bots, vals.shape[2]), dtype=np.float64)
    for b in range(num_bots):
        sel = (seat == b)[:, :, None] & played
        count[b] = sel.sum(axis=(0, 1))
        total[b] = np.where(sel, vals, 0).sum(axis=(0, 1), dtype=np.float64)
    mean = np.full(total.shape, np.nan)
    np.divide(total, count, out=mean, where=count > 0)
    return mean, count


def hit_rate_by_turn(
    turn_coins: np.ndarray,
    seating: np.ndarray,
    num_bots: int,
    threshold: int,
    turns: np.ndarray | None = None,
    cumulative: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Per bot and turn, the share of seat-games reaching the turn with ``coins >= threshold``
    on it (or, ``cumulative``, on it or any earlier turn): ``(rate [B, T], count [B, T])``."""
    coins = _per_turn(turn_coins, "turn_coins")
    played = _played(coins, turns)
    hit = (coins >= threshold) & played
    if cumulative:
        hit = np.logical_or.accumulate(hit, axis=2) & played
    return _masked_mean(hit.astype(np.int8), played, np.asarray(seating), num_bots)


def game_lengths(turns: np.ndarray) -> np.ndarray:
    """Length of each game in turns: the most turns any seat took (``[G]``)."""
    tr = np.asarray(turns)
    if tr.ndim != 2:
        raise ValueError(f"turns must be [games, seats], got shape {tr.shape}")
    return tr.max(axis=1)


def score_margins(vp: np.ndarray, seating: np.ndarray, num_bots: int) -> list[np.ndarray]:
    """Per bot, its margin in every seat-game it played: its VP minus the best VP of the other
    seats (positive: it was ahead). For two seats that is simply its lead over the opponent."""
    v = np.asarray(vp)
    if v.ndim != 2 or v.shape[1] < 2:
        raise ValueError(f"vp must be [games, seats] with at least 2 seats, got shape {v.shape}")
    seat = np.asarray(seating)
    margin = lead_over_others(v).astype(v.dtype)  # the one definition of a margin
    return [margin[seat == b] for b in range(num_bots)]


# --------------------------------------------------------------------------------------------
# Figures


def _shown(count: np.ndarray, share: float, n_games: int) -> np.ndarray:
    """Turns to draw for one bot: reached by at least ``share`` of its ``n_games`` seat-games."""
    return (count > 0) & (count >= share * n_games)


def _curve_figure(
    values: np.ndarray,
    seating: np.ndarray,
    bot_names: Sequence[str],
    turns: np.ndarray | None,
    min_share: float,
    title: str,
    ylabel: str,
) -> Figure:
    vals = _per_turn(values, "values")
    seat = _check_seating(seating, bot_names, vals.shape[0], vals.shape[1])
    mean, count = mean_by_turn(vals, seat, len(bot_names), turns)
    fig = new_figure()
    ax = fig.add_subplot()
    x = np.arange(1, vals.shape[2] + 1)
    for b, name in enumerate(bot_names):
        keep = _shown(count[b], min_share, int((seat == b).sum()))
        ax.plot(x[keep], mean[b][keep], marker=".", label=name)
    ax.set_title(title)
    ax.set_xlabel("turn")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend()
    return fig


def plot_vp_by_turn(
    turn_vp: np.ndarray,
    seating: np.ndarray,
    bot_names: Sequence[str],
    *,
    turns: np.ndarray | None = None,
    min_share: float = MIN_SHARE,
) -> Figure:
    """One line per bot: average VP at the end of each of its turns."""
    return _curve_figure(
        turn_vp, seating, bot_names, turns, min_share, "Average VP by turn", "victory points"
    )


def plot_coins_by_turn(
    turn_coins: np.ndarray,
    seating: np.ndarray,
    bot_names: Sequence[str],
    *,
    turns: np.ndarray | None = None,
    min_share: float = MIN_SHARE,
) -> Figure:
    """One line per bot: average money available in each of its buy phases."""
    return _curve_figure(
        turn_coins, seating, bot_names, turns, min_share, "Average money by turn", "coins ($)"
    )


def plot_hit_probability(
    turn_coins: np.ndarray,
    seating: np.ndarray,
    bot_names: Sequence[str],
    *,
    thresholds: Sequence[int] = (5, 6, 8),
    turns: np.ndarray | None = None,
    cumulative: bool = False,
    min_share: float = MIN_SHARE,
) -> Figure:
    """One panel per threshold ($5, $6, $8), one line per bot: the probability of having at
    least that much money on each turn (``cumulative``: on that turn or an earlier one)."""
    coins = _per_turn(turn_coins, "turn_coins")
    seat = _check_seating(seating, bot_names, coins.shape[0], coins.shape[1])
    fig = new_figure(4.0 * len(thresholds), 3.8)
    axes = fig.subplots(1, len(thresholds), sharey=True, squeeze=False)[0]
    x = np.arange(1, coins.shape[2] + 1)
    for ax, threshold in zip(axes, thresholds, strict=True):
        rate, count = hit_rate_by_turn(coins, seat, len(bot_names), threshold, turns, cumulative)
        for b, name in enumerate(bot_names):
            keep = _shown(count[b], min_share, int((seat == b).sum()))
            ax.plot(x[keep], rate[b][keep], marker=".", label=name)
        ax.set_title(f"${threshold} or more" + (" (by then)" if cumulative else ""))
        ax.set_xlabel("turn")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("probability")
    axes[0].legend()
    return fig


def plot_game_length(turns: np.ndarray) -> Figure:
    """Histogram of game length (the most turns any seat took), one bar per length."""
    lengths = game_lengths(turns)
    fig = new_figure()
    ax = fig.add_subplot()
    if lengths.size:
        values, counts = np.unique(lengths, return_counts=True)
        ax.bar(values, counts / lengths.size, width=0.9, color="tab:gray")
        ax.set_title(f"Game length (mean {lengths.mean():.1f} turns, {lengths.size:,} games)")
    else:
        ax.set_title("Game length (no games)")
    ax.set_xlabel("turns")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("share of games")
    ax.grid(alpha=0.3, axis="y")
    return fig


def plot_score_margin(vp: np.ndarray, seating: np.ndarray, bot_names: Sequence[str]) -> Figure:
    """Histogram per bot of its score margin (VP minus the best other seat), bots side by side:
    one bar per VP value, or per range of values when the margins span more than
    :data:`MAX_MARGIN_BARS` values."""
    v = np.asarray(vp)
    seat = _check_seating(seating, bot_names, v.shape[0], v.shape[1] if v.ndim == 2 else -1)
    margins = score_margins(v, seat, len(bot_names))
    fig = new_figure()
    ax = fig.add_subplot()
    nonempty = [m for m in margins if m.size]
    if nonempty:
        lo = int(min(m.min() for m in nonempty))
        hi = int(max(m.max() for m in nonempty))
        step = max(1, math.ceil((hi - lo + 1) / MAX_MARGIN_BARS))  # VP per bar
        starts = np.arange(lo, hi + 1, step)
        centers = starts + (step - 1) / 2
        width = 0.9 * step / len(bot_names)
        for b, (name, m) in enumerate(zip(bot_names, margins, strict=True)):
            counts = np.bincount((m - lo) // step, minlength=len(starts))[: len(starts)]
            offset = (b - (len(bot_names) - 1) / 2) * width
            ax.bar(centers + offset, counts / max(m.size, 1), width=width, label=name, alpha=0.85)
        ax.axvline(0, color="black", linewidth=0.8)
        ax.legend()
    ax.set_title("Score margin (VP minus the best other seat)")
    ax.set_xlabel("VP margin")
    ax.set_ylabel("share of the bot's games")
    ax.grid(alpha=0.3, axis="y")
    return fig


def plot_bot_results(rows: Sequence[dict], unit: str = "points") -> Figure:
    """Each bot's win rate and mean margin with their 95% intervals (the rows of
    :meth:`~ludolab.arena.simulation.SimulationResult.bot_rows`, intervals over deals): the
    headline figure of any game's simulation.

    >>> rows = [{"bot": "A", "win_rate": 0.6, "win_ci": (0.5, 0.7), "mean_margin": 2.0,
    ...          "margin_ci": (1.0, 3.0)}]
    >>> [ax.get_title() for ax in plot_bot_results(rows, "VP").axes]
    ['Win rate (95% interval over deals)', 'Margin in VP (95% interval over deals)']
    """
    fig = new_figure(8.0, 3.6)
    names = [str(r["bot"]) for r in rows]
    y = np.arange(len(rows))
    for k, (key, ci, title, scale) in enumerate((
            ("win_rate", "win_ci", "Win rate (95% interval over deals)", 100.0),
            ("mean_margin", "margin_ci", f"Margin in {unit} (95% interval over deals)", 1.0))):
        ax = fig.add_subplot(1, 2, k + 1)
        mid = np.array([float(r.get(key, math.nan)) for r in rows]) * scale
        lo = np.array([float(r.get(ci, (math.nan, math.nan))[0]) for r in rows]) * scale
        hi = np.array([float(r.get(ci, (math.nan, math.nan))[1]) for r in rows]) * scale
        err = np.where(np.isfinite(lo), np.vstack([mid - lo, hi - mid]), 0.0)
        ax.errorbar(mid, y, xerr=err, fmt="o", capsize=4)
        ax.set_yticks(y, names if k == 0 else [""] * len(names))
        ax.invert_yaxis()
        ax.axvline(50.0 if k == 0 else 0.0, color="#888", linewidth=0.8)
        ax.set_title(title, fontsize="medium")
        ax.set_xlabel("%" if k == 0 else unit)
        ax.grid(alpha=0.3, axis="x")
    return fig


def plot_card_stats(rows: Sequence[dict], top: int = 12) -> Figure:
    """What each bot bought and when (the rows of
    :func:`ludolab.games.dominion.cardstats.card_rows`): per card, each bot's buys per game
    (bars) and the mean turn of its first buy (dots), for the ``top`` cards bought most.

    >>> rows = [{"bot": "A", "card": "Silver", "bought": 6.0, "first_buy": 1.5},
    ...         {"bot": "B", "card": "Silver", "bought": 4.0, "first_buy": 2.0}]
    >>> [ax.get_title() for ax in plot_card_stats(rows).axes]
    ['Bought per game', 'Turn of the first buy (mean)']
    """
    bots = list(dict.fromkeys(str(r["bot"]) for r in rows))
    total: dict[str, float] = {}
    for r in rows:
        total[r["card"]] = total.get(r["card"], 0.0) + float(r["bought"])
    cards = [c for c, v in sorted(total.items(), key=lambda kv: -kv[1]) if v > 0][:top]
    fig = new_figure(8.0, 0.9 + 0.42 * max(1, len(cards)) * max(1, len(bots)) ** 0.5)
    y = np.arange(len(cards))
    h = 0.8 / max(1, len(bots))
    by = {(str(r["bot"]), r["card"]): r for r in rows}
    left, right = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    for i, bot in enumerate(bots):
        at = y - 0.4 + h * (i + 0.5)
        bought = [float(by[(bot, c)]["bought"]) if (bot, c) in by else 0.0 for c in cards]
        first = [float(by[(bot, c)]["first_buy"]) if (bot, c) in by else math.nan for c in cards]
        left.barh(at, bought, height=h, label=bot)
        right.plot(first, at, "o", label=bot)
    for ax, title in ((left, "Bought per game"), (right, "Turn of the first buy (mean)")):
        ax.set_yticks(y, cards if ax is left else [""] * len(cards))
        ax.invert_yaxis()
        ax.set_title(title, fontsize="medium")
        ax.grid(alpha=0.3, axis="x")
    left.legend(fontsize="small")
    right.set_xlabel("turn")
    return fig


def dominion_figures(
    *,
    turn_coins: np.ndarray,
    turn_vp: np.ndarray,
    seating: np.ndarray,
    bot_names: Sequence[str],
    vp: np.ndarray,
    turns: np.ndarray,
    min_share: float = MIN_SHARE,
) -> list[tuple[str, Figure]]:
    """The standard Dominion figures with their captions, ready for
    :func:`ludolab.report.html.write_report` or :func:`save_figures`."""
    return [
        (
            "Average VP by turn",
            plot_vp_by_turn(turn_vp, seating, bot_names, turns=turns, min_share=min_share),
        ),
        (
            "Average money by turn",
            plot_coins_by_turn(turn_coins, seating, bot_names, turns=turns, min_share=min_share),
        ),
        (
            "Probability of hitting $5, $6 and $8 by turn",
            plot_hit_probability(turn_coins, seating, bot_names, turns=turns, min_share=min_share),
        ),
        ("Game length", plot_game_length(turns)),
        ("Score margin", plot_score_margin(vp, seating, bot_names)),
    ]


# --------------------------------------------------------------------------------------------
# Saving


def figure_png(fig: Figure, dpi: int = 100) -> bytes:
    """The figure as PNG bytes."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def save_png(fig: Figure, path: str | os.PathLike[str], dpi: int = 100) -> Path:
    """Save the figure as a PNG file (folders are created); returns the path."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(figure_png(fig, dpi))
    return p


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "figure"


def save_figures(
    figures: Sequence[tuple[str, Figure]], directory: str | os.PathLike[str], dpi: int = 100
) -> list[Path]:
    """Save ``(caption, figure)`` pairs as PNGs named after their captions
    (``01-average-vp-by-turn.png``, ...); returns the paths."""
    d = Path(directory)
    return [
        save_png(fig, d / f"{i:02d}-{_slug(caption)}.png", dpi)
        for i, (caption, fig) in enumerate(figures, start=1)
    ]
