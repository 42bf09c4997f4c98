"""Scores every game shares: shared-win points, the lead over the best other seat, display names.

One home for facts the arena, the reports and every game's spec would otherwise each recompute
(and let drift): how a win shared by ``k`` seats scores, what a seat's margin is, and how a bot
that appears twice in a line-up is named.

>>> shared_win_points(np.array([[True, False], [True, True]])).tolist()
[[1.0, 0.0], [0.5, 0.5]]
>>> lead_over_others(np.array([[30, 25, 28]])).tolist()
[[2.0, -5.0, -2.0]]
>>> unique_names(["Big Money", "Big Money", "Witch"])
['Big Money', 'Big Money #2', 'Witch']
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

__all__ = ["lead_over_others", "shared_win_points", "unique_names"]


def shared_win_points(won: np.ndarray) -> np.ndarray:
    """Per game and seat: 1 for a sole win, ``1/k`` for a ``k``-way shared win, 0 for a loss.

    ``won`` is a ``[G, P]`` boolean mask of the seats that won each game.
    """
    won = np.asarray(won, dtype=bool)
    k = won.sum(axis=1, keepdims=True)
    return np.where(won, 1.0 / np.maximum(k, 1), 0.0)


def lead_over_others(values: np.ndarray) -> np.ndarray:
    """Per game and seat: the seat's value minus the best other seat's (0 for a lone seat).

    ``values`` is ``[G, P]`` (VP, points, chips); returns float64 ``[G, P]``.
    """
    v = np.asarray(values, dtype=np.float64)
    out = np.empty_like(v)
    seats = v.shape[1]
    for s in range(seats):
        if seats == 1:
            out[:, s] = v[:, s]
            continue
        others = np.delete(v, s, axis=1)
        out[:, s] = v[:, s] - others.max(axis=1)
    return out


def unique_names(names: Iterable[str]) -> list[str]:
    """Display names with repeats numbered: a mirror match is "Big Money" and "Big Money #2"."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n} #{seen[n]}")
    return out
