"""The race heuristic: the probability of winning if both players held at 20 from here.

With hold-at-``h`` policies that depend only on a player's own remaining points, the two players
race independently: the number of turns ``N(r)`` a player needing ``r`` points takes (holding
at ``min(h, r)``) has a distribution computed exactly by dynamic programming over the die, and
the player to move wins when ``N(own) <= N(other)``. :func:`race_table` tabulates that
probability for every pair of remaining points; the search's heuristic reads it at the horizon
(``heuristic=race`` in the ``mc`` and ``uct`` specs), a calibrated win probability instead of
the seed's score difference, whose scale has nothing to do with the win/loss values of finished
games. No part of it comes from the solved game (:mod:`ludolab.games.pig.optimal`).

>>> t = race_table(30)
>>> round(float(t[1, 1]), 4)  # needing 1 point each, the player to move wins unless it rolls a 1
0.8571
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ludolab.core.game import GameState

#: The hold-at-N of both racers (hold-at-20 maximises the expected points of one turn).
RACE_HOLD_AT = 20
#: Largest remaining points tabulated; a player further from the goal counts as this far.
RACE_MAX = 200
#: Turns tabulated per player (the chance of needing more is negligible at RACE_MAX).
_TURNS = 600


def _turn_gains(target: int) -> np.ndarray:
    """``p[g]``: the probability that a turn holding once ``target`` points are reached banks
    ``g`` points (``g = 0``: a 1 was rolled)."""
    reach = np.zeros(target + 6)
    reach[0] = 1.0
    p = np.zeros(target + 6)
    for k in range(target):  # every turn total below the target rolls again
        if reach[k] == 0.0:
            continue
        p[0] += reach[k] / 6.0
        reach[k + 2 : k + 7] += reach[k] / 6.0
    p[target:] = reach[target:]
    return p


@lru_cache(maxsize=4)
def race_table(max_remaining: int = RACE_MAX, hold_at: int = RACE_HOLD_AT) -> np.ndarray:
    """``t[a, b]``: the probability that the player to move, needing ``a`` more points, wins a
    race of two hold-at-``hold_at`` players against one needing ``b`` (``1 <= a, b <=
    max_remaining``; row and column 0 are unused). Read-only, cached."""
    m = max_remaining
    # dist[r, n]: probability that a player needing r points needs exactly n turns.
    dist = np.zeros((m + 1, _TURNS))
    dist[0, 0] = 1.0
    for r in range(1, m + 1):
        gains = _turn_gains(min(hold_at, r))
        bust = gains[0]
        row = np.zeros(_TURNS)
        for g in range(1, gains.shape[0]):
            if gains[g] > 0.0:
                row[1:] += gains[g] * dist[max(r - g, 0), :-1]
        # N(r) = 1 + N(r) after a bust, 1 + N(r - g) otherwise: unroll the geometric busts.
        for n in range(1, _TURNS):
            row[n] += bust * row[n - 1]
        dist[r] = row
    later = 1.0 - np.cumsum(dist, axis=1) + dist  # later[r, n] = P(N(r) >= n)
    table = dist @ later.T  # sum over n of P(N(a) = n) P(N(b) >= n)
    table[0, :] = 1.0
    table.setflags(write=False)
    return table


def race_value(state: GameState, seat: int) -> float:
    """``seat``'s race heuristic in return units: ``goal * (2 P - 1)``, ``P`` its probability of
    winning the race from here (a turn in progress counts as if its points were held now)."""
    table = race_table()
    goal = state.goal  # type: ignore[attr-defined]
    scores = list(state.scores)  # type: ignore[attr-defined]
    a = state.active  # type: ignore[attr-defined]
    points = state.points  # type: ignore[attr-defined]
    if points:  # as if held: the other seat moves next
        scores[a] += points
        a = 1 - a
    need = [min(max(goal - x, 0), RACE_MAX) for x in scores]
    if need[a] == 0 or need[1 - a] == 0:
        p = 1.0 if need[a] == 0 else 0.0
    else:
        p = float(table[need[a], need[1 - a]])
    if seat != a:
        p = 1.0 - p
    return goal * (2.0 * p - 1.0)
