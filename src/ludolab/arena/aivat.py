"""A luck-removing control variate in the spirit of AIVAT, for games with a value function.

Idea
----
Suppose a game offers a value function ``value(state, seat)``, fixed before the run, that
estimates the seat's expected outcome from a state (for Pig, the exact probability of winning
under optimal play, from value iteration). Replay a finished game through the core API; at every
chance event, with outcomes ``o`` of probability ``p(o)`` and the drawn outcome ``o*``, the
**luck term** is::

    luck = value(state after o*) - sum_o p(o) * value(state after o)

the part of the value change that the dice, not the players, caused. The corrected outcome is
``outcome - sum of luck terms``.

Why it is unbiased and why it helps
-----------------------------------
Given everything before a chance event, the drawn outcome has distribution ``p``, so each luck
term has conditional mean exactly 0, whatever the value function (a martingale difference). Their
sum therefore has mean 0 and the corrected outcome has the *same expectation* as the plain one:
no bias, even with a poor value function. A good value function makes the luck terms track the
real effect of the dice on the result, so subtracting them removes most of the luck and the
variance drops; with an exact value function and deterministic players, nothing but luck is
left and every corrected outcome equals the value of the initial state.

The value function must predict the same quantity as ``outcome`` (a win probability for a
win/loss outcome, an expected score margin for a margin) and must not be tuned on the games it
corrects. Only chance events are corrected (full AIVAT also corrects the known policies of the
players' own random choices; ludolab's bots are deterministic or use their own keyed streams).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ludolab.arena.stats import MeanSummary, mean_interval
from ludolab.core.game import GameState
from ludolab.core.match import ChanceRecord, MoveRecord
from ludolab.errors import LudolabError

ValueFunction = Callable[[GameState, int], float]
History = Sequence[MoveRecord | ChanceRecord]


def luck_terms(
    initial_state: GameState, history: History, value_fn: ValueFunction, seat: int
) -> list[float]:
    """The luck term of every chance event of one recorded game, in order (for ``seat``).

    ``initial_state`` is the state the game started from (it is cloned, never changed);
    ``history`` is :attr:`~ludolab.core.match.MatchResult.history`. Simultaneous moves (several
    active seats) are replayed together through ``apply_joint``.
    """
    state = initial_state.clone()
    if not 0 <= seat < state.num_players:
        raise LudolabError(f"seat must lie in 0..{state.num_players - 1}, got {seat}")
    terms: list[float] = []
    i = 0
    while i < len(history):
        rec = history[i]
        if state.is_terminal():
            raise LudolabError(f"history record {i} comes after the end of the game")
        if isinstance(rec, ChanceRecord):
            if not state.is_chance():
                raise LudolabError(
                    f"history record {i} is a chance draw but the game expects a move there"
                )
            expected = 0.0
            actual: float | None = None
            for outcome, p in state.chance_outcomes():
                child = state.clone()
                child.apply_chance(outcome)
                v = float(value_fn(child, seat))
                expected += p * v
                if outcome == rec.outcome:
                    actual = v
            if actual is None:
                raise LudolabError(
                    f"history record {i}: outcome {rec.outcome!r} is not a possible outcome there"
                )
            terms.append(actual - expected)
            state.apply_chance(rec.outcome)
            i += 1
        elif isinstance(rec, MoveRecord):
            if state.is_chance():
                raise LudolabError(
                    f"history record {i} is a move but the game expects a chance draw"
                )
            seats = state.active_seats()
            if len(seats) == 1:
                if rec.seat != seats[0]:
                    raise LudolabError(
                        f"history record {i} is a move of seat {rec.seat} but seat {seats[0]} "
                        "is to move"
                    )
                state.apply(rec.move)
                i += 1
            else:
                group = list(history[i : i + len(seats)])
                if len(group) < len(seats) or not all(isinstance(r, MoveRecord) for r in group):
                    raise LudolabError(
                        f"history record {i}: expected one move for each of seats {seats}"
                    )
                joint = {r.seat: r.move for r in group}  # type: ignore[union-attr]
                if set(joint) != set(seats):
                    raise LudolabError(
                        f"history record {i}: moves for seats {sorted(joint)}, expected {seats}"
                    )
                state.apply_joint(joint)
                i += len(seats)
        else:
            raise LudolabError(f"history record {i} is neither a move nor a chance draw: {rec!r}")
    return terms


def luck_total(
    initial_state: GameState, history: History, value_fn: ValueFunction, seat: int
) -> float:
    """Sum of the luck terms of one recorded game for ``seat`` (mean 0 over games)."""
    return float(sum(luck_terms(initial_state, history, value_fn, seat)))


def corrected_outcomes(
    games: Iterable[tuple[GameState, History, float]], value_fn: ValueFunction, seat: int
) -> np.ndarray:
    """``outcome - luck_total`` for each ``(initial_state, history, outcome)``.

    ``outcome`` is the plain result for ``seat`` on the value function's scale (1/0 for a win
    when the value is a win probability). The mean of the result estimates the same quantity as
    the plain mean, with less variance.
    """
    out = [
        float(outcome) - luck_total(state, history, value_fn, seat)
        for state, history, outcome in games
    ]
    return np.asarray(out, dtype=float)


@dataclass(frozen=True)
class AivatSummary:
    """Plain against corrected means and the variance reduction the correction bought.

    ``variance_ratio`` = plain variance / corrected variance: one corrected game is worth that
    many plain games for the width of the interval. ``luck`` is the mean luck removed per game
    (plain minus corrected) with its interval; it should contain 0.
    """

    games: int
    plain: MeanSummary
    corrected: MeanSummary
    luck: MeanSummary
    variance_ratio: float

    def __str__(self) -> str:
        return (
            f"plain {self.plain.interval}, corrected {self.corrected.interval} over "
            f"{self.games} games; variance / {self.variance_ratio:.2f} "
            f"(mean luck {self.luck.mean:+.4f})"
        )


def aivat_summary(
    plain: Sequence[float] | np.ndarray,
    corrected: Sequence[float] | np.ndarray,
    confidence: float = 0.95,
) -> AivatSummary:
    """Compare plain and corrected outcomes of the same games."""
    p = np.asarray(plain, dtype=float)
    c = np.asarray(corrected, dtype=float)
    if p.shape != c.shape or p.ndim != 1:
        raise LudolabError(
            f"plain and corrected outcomes must be flat and of equal length, got {p.shape} and "
            f"{c.shape}"
        )
    ps = mean_interval(p, confidence)
    cs = mean_interval(c, confidence)
    luck = mean_interval(p - c, confidence)
    var_c = cs.sd**2
    ratio = ps.sd**2 / var_c if var_c > 0 else float("inf")
    return AivatSummary(int(p.size), ps, cs, luck, ratio)
