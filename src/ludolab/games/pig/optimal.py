"""The optimal Pig policy, by value iteration (the win probability of every position).

For the player about to decide, with banked score ``i``, opponent score ``j`` and turn points
``k`` (``i + k < goal``), the probability of winning under optimal play by both is::

    P(i, j, k) = max(hold, roll)          (k > 0; at k = 0 the rules force a roll)
    hold       = 1 - P(j, i + k, 0)
    roll       = (1 - P(j, i, 0)) / 6 + sum(P(i, j, k + r) for r in 2..6) / 6

with ``P = 1`` once ``i + k >= goal`` (the player must hold, and wins). The equations are
circular (a 1 hands the turn back with the same scores), so they are solved by value iteration:
each sweep goes down ``k`` from the goal to 0 (so a sweep settles a whole turn at once, Gauss-
Seidel style within the turn), vectorised over all ``(i, j)`` with numpy, until no value moves by
more than ``1e-12``. Goal 100 takes a fraction of a second; tables are cached per goal.

The table ignores the 100-round tie rule: a game that long has negligible probability.

:func:`against_hold` does the same for a fixed opponent, hold-at-n: it evaluates a policy
against it exactly, or finds the best response (the most any policy wins against it).

>>> round(solve(100).first_player_win_probability, 4)
0.5306
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ludolab.core import rng as _rng
from ludolab.core.game import GameState, Move
from ludolab.core.player import Player
from ludolab.games.pig.game import HOLD, ROLL, PigState

TOLERANCE = 1e-12
MAX_SWEEPS = 100_000


@dataclass(frozen=True)
class PigSolution:
    """The solved game for one goal.

    ``win[k, i, j]`` is the win probability of the player to decide with score ``i``, opponent
    score ``j`` and turn points ``k`` (1.0 where ``i + k >= goal``), for ``k < goal + 6``.
    ``roll[k, i, j]`` says whether rolling is optimal there (ties go to holding).
    """

    goal: int
    win: np.ndarray
    roll: np.ndarray
    sweeps: int

    @property
    def first_player_win_probability(self) -> float:
        """Probability that the first player wins when both play optimally."""
        return float(self.win[0, 0, 0])

    def decide(self, own: int, other: int, points: int) -> str:
        """The optimal move for the player with score ``own`` and ``points`` this turn."""
        if points == 0:
            return ROLL
        if own + points >= self.goal:
            return HOLD
        return ROLL if self.roll[points, own, other] else HOLD

    def to_move_wins(self, own: int, other: int, points: int) -> float:
        """Win probability of the player to decide (see the class docstring)."""
        if own + points >= self.goal:
            return 1.0
        return float(self.win[points, own, other])


@lru_cache(maxsize=8)
def solve(goal: int) -> PigSolution:
    """Value-iterate Pig to ``goal`` (cached per goal)."""
    if goal < 1:
        raise ValueError(f"the goal must be at least 1, got {goal}")
    g = goal
    depth = g + 6
    ii = np.arange(g)[:, None]
    kk = np.arange(depth)[:, None, None]
    done = (ii[None, :, :] + kk) >= g  # done[k, i, 0]: i + k >= goal, broadcast over j
    done = np.broadcast_to(done, (depth, g, g))
    win = np.where(done, 1.0, 0.5)
    roll = np.zeros((depth, g, g), dtype=bool)
    # pad[x, j] = 1 - P(j, x, 0) for x < goal, and 1 beyond (the holder reached the goal).
    pad = np.ones((g + depth, g))
    sweeps = 0
    while True:
        sweeps += 1
        old0 = win[0].copy()
        pad[:g] = 1.0 - old0.T
        lose_turn = pad[:g] / 6.0  # (1 - P(j, i, 0)) / 6, as [i, j]
        ahead = win[g + 1 : g + 6].sum(axis=0)  # sum of P(i, j, k + r), r = 2..6, for k = g - 1
        for k in range(g - 1, -1, -1):
            if k < g - 1:  # slide the window of the five faces down by one
                ahead += win[k + 2] - win[k + 7]
            live = ~done[k]
            rolled = lose_turn + ahead / 6.0
            if k == 0:
                value = rolled
                roll[0] = live
            else:
                held = pad[k : k + g]  # 1 - P(j, i + k, 0)
                roll[k] = (rolled > held) & live
                value = np.maximum(rolled, held)
            win[k] = np.where(live, value, 1.0)
        delta = float(np.max(np.abs(win[0] - old0)))
        if delta < TOLERANCE:
            break
        if sweeps >= MAX_SWEEPS:  # pragma: no cover - the iteration is a contraction
            raise RuntimeError(f"Pig value iteration did not converge (delta {delta})")
    win.setflags(write=False)
    roll.setflags(write=False)
    return PigSolution(goal=g, win=win, roll=roll, sweeps=sweeps)


def against_hold(goal: int, n: int, roll: np.ndarray | None = None) -> tuple[float, float]:
    """Exact win probabilities against hold-at-``n``: ``(moving first, moving second)``.

    With ``roll`` (a table like :attr:`PigSolution.roll`, e.g. the optimal policy's) the policy
    it describes is evaluated; without it the best response to hold-at-``n`` is computed (the
    most any policy can win against it). Same scheme as :func:`solve`: each sweep settles a turn
    of each player from the other's start-of-turn values of the previous sweep.

    >>> first, second = against_hold(100, 20, solve(100).roll)
    >>> round((first + second) / 2, 4)
    0.5399
    """
    me, op = hold_tables(goal, n, roll)
    return float(me[0, 0, 0]), float(op[0, 0, 0])


def hold_tables(goal: int, n: int, roll: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The tables behind :func:`against_hold`: ``(me, op)``, our probability of winning against
    hold-at-``n`` when we are to move (``me[k, i, j]``: our score ``i``, theirs ``j``, ``k``
    turn points) and when they are (``op[k, i, j]``: their score ``i``, ours ``j``), under the
    policy ``roll`` or, without it, the best response. They price every move of a player
    against hold-at-``n`` exactly (``bench/search.py --regret``).
    """
    if goal < 1 or n < 1:
        raise ValueError(f"the goal and n must be at least 1, got goal {goal} and n {n}")
    g, depth = goal, goal + 6
    ii = np.arange(g)[:, None]
    done = np.broadcast_to((ii[None, :, :] + np.arange(depth)[:, None, None]) >= g, (depth, g, g))
    # me[k, i, j]: we are to move with score i, the hold player has j; op[k, i, j]: the hold
    # player is to move with score i, we have j. Both hold *our* probability of winning.
    me = np.where(done, 1.0, 0.5)
    op = np.where(done, 0.0, 0.5)
    pad_me = np.zeros((g + depth, g))  # pad_me[x, j] = op(0, j, x): we held at x
    pad_op = np.ones((g + depth, g))  # pad_op[x, j] = me(0, j, x): they held at x
    while True:
        old = (me[0].copy(), op[0].copy())
        pad_me[:g] = old[1].T
        pad_me[g:] = 1.0  # we reached the goal
        pad_op[:g] = old[0].T
        pad_op[g:] = 0.0  # they reached the goal
        for table, pad, lose, hold_rule in ((me, pad_me, pad_me, None), (op, pad_op, pad_op, n)):
            ahead = table[g + 1 : g + 6].sum(axis=0)
            for k in range(g - 1, -1, -1):
                if k < g - 1:
                    ahead += table[k + 2] - table[k + 7]
                rolled = (lose[:g] + ahead) / 6.0
                if k == 0:
                    value = rolled
                else:
                    held = pad[k : k + g]
                    if hold_rule is not None:
                        value = rolled if k < hold_rule else held
                    elif roll is not None:
                        value = np.where(roll[k], rolled, held)
                    else:
                        value = np.maximum(rolled, held)
                table[k] = np.where(done[k], table[k], value)
        change = max(float(np.max(np.abs(me[0] - old[0]))), float(np.max(np.abs(op[0] - old[1]))))
        if change < TOLERANCE:
            return me, op


def move_values_against_hold(goal: int, n: int) -> Callable[[int, int, int], tuple[float, float]]:
    """``values(own, other, points)``: the probabilities of winning against hold-at-``n`` after
    rolling and after holding, best response afterwards (from :func:`hold_tables`).

    What a move loses against the best response, ``max(values) - values[move]``, summed over a
    game's decisions, is by how much the player's expected win rate falls short of the best
    response's (the performance difference lemma): a player is priced exactly from a few dozen
    games, where counting wins needs thousands (``bench/search.py --regret``).

    >>> roll, hold = move_values_against_hold(100, 20)(0, 0, 30)
    >>> hold > roll
    True
    """
    me, op = hold_tables(goal, n)

    def values(own: int, other: int, points: int) -> tuple[float, float]:
        hold = 1.0 if own + points >= goal else float(op[0, other, own + points])
        roll = float(op[0, other, own]) + sum(
            1.0 if own + points + r >= goal else float(me[points + r, own, other])
            for r in range(2, 7))
        return roll / 6.0, hold

    return values


def win_probability_function(goal: int) -> Callable[[PigState, int], float]:
    """``f(state, seat)``: the probability that ``seat`` wins from ``state`` under optimal play.

    Works at decision states, at chance states (the expectation over the die) and at terminal
    states (1 for the winner, 0 for the loser, 0.5 each on a tie). The state's goal must be
    ``goal``. Used by the arena for variance reduction (an AIVAT-style estimator).
    """
    sol = solve(goal)

    def win_probability(state: PigState, seat: int) -> float:
        if state.goal != goal:
            raise ValueError(f"this function is for goal {goal}, the state has goal {state.goal}")
        if state.is_terminal():
            w = state.winner()
            return 0.5 if w is None else float(w == seat)
        a = state.active
        own, other = state.scores[a], state.scores[1 - a]
        k = state.points
        if state.pending:  # expectation over the die
            p = (1.0 - sol.to_move_wins(other, own, 0)) / 6.0
            p += sum(sol.to_move_wins(own, other, k + r) for r in range(2, 7)) / 6.0
        else:
            p = sol.to_move_wins(own, other, k)
        return p if seat == a else 1.0 - p

    return win_probability


class OptimalPlayer:
    """Plays the policy that maximises the probability of winning (value iteration)."""

    name = "optimal"

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        """Look the move up in the solved table for the state's goal (solved once per goal)."""
        assert isinstance(state, PigState)
        sol = solve(state.goal)
        return sol.decide(state.scores[seat], state.scores[1 - seat], state.points)

    def __repr__(self) -> str:
        return "OptimalPlayer()"


def priced_win_rates(player: Player, hold: Player, games: int, seed: int, goal: int = 100,
                     n: int = 20) -> list[float]:
    """Per game (seats alternating, dice keyed by the game seeds of ``seed``): the best
    response's win rate against hold-at-``n`` from ``player``'s seat, less what ``player``'s
    decisions lose against it at their exact prices (:func:`move_values_against_hold`).

    ``hold`` must play hold-at-``n``. The mean is an unbiased estimate of ``player``'s expected
    win rate against it, with a fraction of a win count's spread: strength measured in hundreds
    of games instead of thousands.
    """
    best = against_hold(goal, n)
    values = move_values_against_hold(goal, n)
    rates = []
    for g, game_seed in enumerate(_rng.game_seeds(seed, 0, games)):
        seat, state, rng = g % 2, PigState(goal=goal), np.random.default_rng(g)
        loss = 0.0
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(int(game_seed)))
                continue
            a = state.active
            if a != seat:
                state.apply(hold.choose(state, a, rng))
                continue
            move = player.choose(state, a, rng)
            if len(state.legal_moves(a)) > 1:
                roll, held = values(state.scores[a], state.scores[1 - a], state.points)
                loss += max(roll, held) - (roll if move == ROLL else held)
            state.apply(move)
        rates.append(best[seat] - loss)
    return rates
