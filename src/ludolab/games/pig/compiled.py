"""Pig's compiled interface: the rules as numba functions over an ``int64`` array, for the
compiled search (:mod:`ludolab.players.compiled`).

The array mirrors :class:`~ludolab.games.pig.game.PigState` field for field (:data:`LAYOUT`);
actions are 0 (roll) and 1 (hold), chance outcomes 0..5 (faces 1..6). A die drawn with seed
``seed`` is the face ``PigState.sample_chance(seed)`` gives: the same keyed word
``(seed, active seat, DIE, dice that seat has rolled)``, so common random numbers mean the same
dice per seat in both implementations. ``cfg`` picks the rollout policy (random, or hold-at-N),
the heuristic (banked score difference, or with the turn's points) and the cut (any move, or turn
starts only), the same choices as the ``mc`` and ``uct`` specs.

>>> s = encode(PigState(goal=30, scores=(10, 20), points=4))
>>> [int(s[i]) for i in (SCORE0, SCORE1, POINTS, GOAL)]
[10, 20, 4, 30]
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from numba import njit

from ludolab.core import rng as _rng
from ludolab.core.jitcache import guard
from ludolab.core.rngjit import keyed_below, next_below
from ludolab.games.pig.game import HOLD, ROLL, PigState
from ludolab.games.pig.race import RACE_MAX, race_table
from ludolab.players.compiled.interface import (
    APPLY,
    CHANCE,
    CHANCE_DRAW,
    HEURISTIC,
    LEGAL,
    POLICY,
    QUIET,
    RETURNS,
    STATUS,
    TERMINAL,
    CompiledGame,
)
from ludolab.players.compiled.search import flat_run as generic_flat_run
from ludolab.players.compiled.search import uct_run as generic_uct_run

_ROOT = __file__.replace("games/pig/compiled.py", "")
guard(__file__, [_ROOT + "core/rngjit.py", _ROOT + "players/compiled/search.py",
                 _ROOT + "players/compiled/interface.py"])

# The state array (one named offset per PigState field).
SCORE0, SCORE1, ACTIVE, POINTS, ROUND, ROLLS0, ROLLS1, PENDING, OVER, GOAL, MAX_ROUNDS = range(11)
LAYOUT = ("score0", "score1", "active", "points", "round", "rolls0", "rolls1", "pending",
          "over", "goal", "max_rounds")
ROLL_ID = 0
HOLD_ID = 1
DIE = _rng.DIE

# The cfg array: four settings, then (heuristic "race" only) the race table's largest remaining
# points M and the table itself, row by row ((M + 1) x (M + 1), see ludolab.games.pig.race).
CFG_ROLLOUT, CFG_HOLD_AT, CFG_HEURISTIC, CFG_CUT, CFG_RACE_MAX, CFG_RACE = range(6)
ROLLOUT_RANDOM, ROLLOUT_HOLD = 0, 1
HEURISTIC_SCORE, HEURISTIC_HELD, HEURISTIC_RACE = 0, 1, 2
CUT_MOVE, CUT_TURN = 0, 1


def encode(state: PigState) -> np.ndarray:
    """The ``int64`` array of a Pig state."""
    return np.array(
        [state.scores[0], state.scores[1], state.active, state.points, state.round,
         state.rolls[0], state.rolls[1], int(state.pending), int(state.over), state.goal,
         state.max_rounds],
        dtype=np.int64,
    )


@njit(STATUS, cache=True)
def status(s):
    """The seat to move, CHANCE after a roll, TERMINAL once over."""
    if s[OVER]:
        return TERMINAL
    if s[PENDING]:
        return CHANCE
    return s[ACTIVE]


@njit(LEGAL, cache=True)
def legal(s, out):
    """Roll at a turn's start, hold once the goal is reached, else both (roll first)."""
    if s[POINTS] == 0:
        out[0] = ROLL_ID
        return 1
    if s[SCORE0 + s[ACTIVE]] + s[POINTS] >= s[GOAL]:
        out[0] = HOLD_ID
        return 1
    out[0] = ROLL_ID
    out[1] = HOLD_ID
    return 2


@njit(cache=True)
def _end_turn(s):
    if s[ACTIVE] == 1:
        s[ROUND] += 1
    s[ACTIVE] = 1 - s[ACTIVE]
    s[POINTS] = 0
    goal = s[GOAL]
    s[OVER] = s[SCORE0] >= goal or s[SCORE1] >= goal or s[ROUND] > s[MAX_ROUNDS]


@njit(APPLY, cache=True)
def apply(s, action):
    """Roll (a die is now pending) or hold (bank the turn's points, pass the turn)."""
    if action == ROLL_ID:
        s[PENDING] = 1
    else:
        s[SCORE0 + s[ACTIVE]] += s[POINTS]
        _end_turn(s)
    return 0


@njit(CHANCE_DRAW, cache=True)
def chance(s, seed):
    """The keyed die of ``seed`` (as ``PigState.sample_chance``) applied; returns face - 1."""
    a = s[ACTIVE]
    face = 1 + keyed_below(6, seed, a, DIE, s[ROLLS0 + a])
    s[PENDING] = 0
    s[ROLLS0 + a] += 1
    if face == 1:
        s[POINTS] = 0
        _end_turn(s)
    else:
        s[POINTS] += face
    return face - 1


@njit(POLICY, cache=True)
def policy(s, cfg, rng):
    """The rollout policy: a random legal move, or hold-at-N."""
    if s[POINTS] == 0:
        return ROLL_ID
    if s[SCORE0 + s[ACTIVE]] + s[POINTS] >= s[GOAL]:
        return HOLD_ID
    if cfg[CFG_ROLLOUT] == ROLLOUT_HOLD:
        return ROLL_ID if s[POINTS] < cfg[CFG_HOLD_AT] else HOLD_ID
    return next_below(rng, 2)


@njit(RETURNS, cache=True)
def returns(s, out):
    """The winner's score (capped at the goal) minus the loser's, negated for the loser."""
    goal = s[GOAL]
    r = 0.0
    if s[SCORE0] >= goal:
        r = float(min(goal, s[SCORE0]) - s[SCORE1])
    elif s[SCORE1] >= goal:
        r = -float(min(goal, s[SCORE1]) - s[SCORE0])
    out[0] = r
    out[1] = -r
    return 0


@njit(cache=True)
def _race(s, cfg, out):
    """The race heuristic (twin of :func:`ludolab.games.pig.race.race_value`): ``goal * (2P - 1)``
    with ``P`` read from the table in ``cfg``; a turn in progress counts as held."""
    goal = s[GOAL]
    m = np.int64(cfg[CFG_RACE_MAX])
    a = s[ACTIVE]
    own = s[SCORE0 + a]
    other = s[SCORE1 - a]
    if s[POINTS] > 0:  # as if held: the other seat moves next
        own += s[POINTS]
        a = 1 - a
        t = own
        own = other
        other = t
    need_own = min(max(goal - own, 0), m)
    need_other = min(max(goal - other, 0), m)
    if need_own == 0:
        p = 1.0
    elif need_other == 0:
        p = 0.0
    else:
        p = cfg[CFG_RACE + need_own * (m + 1) + need_other]
    v = goal * (2.0 * p - 1.0)
    out[a] = v
    out[1 - a] = -v


@njit(HEURISTIC, cache=True)
def heuristic(s, cfg, out):
    """Banked score difference per seat, or counting the active seat's turn points too, or the
    race heuristic (the win probability if both held at 20 from here, in return units)."""
    if cfg[CFG_HEURISTIC] == HEURISTIC_RACE:
        _race(s, cfg, out)
        return 0
    a = s[SCORE0]
    b = s[SCORE1]
    if cfg[CFG_HEURISTIC] == HEURISTIC_HELD and not s[OVER]:
        if s[ACTIVE] == 0:
            a += s[POINTS]
        else:
            b += s[POINTS]
    out[0] = float(a - b)
    out[1] = float(b - a)
    return 0


@njit(QUIET, cache=True)
def quiet(s, cfg):
    """Whether a playout may be cut here: anywhere, or only at a turn's start."""
    return cfg[CFG_CUT] != CUT_TURN or s[POINTS] == 0


KERNEL = (status, legal, apply, chance, policy, returns, heuristic, quiet)


# The one compiled search, bound to Pig's functions (see ludolab.players.compiled.interface):
# numba specialises and inlines it here, and caches it with these wrappers. Each function is
# paired with a 0 so that numba calls it directly instead of turning it into a pointer.
@njit(cache=True)
def flat_run(root, cfg, seat, actions, first, count, horizon, win_values, scale, paired, counts,
             totals, meta, rng, s, raw, values, sim_rng):
    """:func:`ludolab.players.compiled.search.flat_run` for Pig."""
    generic_flat_run(((status, 0), (legal, 0), (apply, 0), (chance, 0), (policy, 0),
                      (returns, 0), (heuristic, 0), (quiet, 0)), root, cfg, seat, actions, first,
                     count, horizon, win_values, scale, paired, counts, totals, meta, rng, s, raw,
                     values, sim_rng)


@njit(cache=True)
def uct_run(root, cfg, count, c, horizon, win_values, scale, paired, info, acts, untried, child,
            edge_n, edge_w, meta, seeds, rng, s, raw, values, path_node, path_act):
    """:func:`ludolab.players.compiled.search.uct_run` for Pig."""
    generic_uct_run(((status, 0), (legal, 0), (apply, 0), (chance, 0), (policy, 0), (returns, 0),
                     (heuristic, 0), (quiet, 0)), root, cfg, count, c, horizon, win_values, scale,
                    paired, info, acts, untried, child, edge_n, edge_w, meta, seeds, rng, s, raw,
                    values, path_node, path_act)


PIG = CompiledGame(
    name="pig",
    kernel=KERNEL,
    num_players=2,
    slots=6,
    encode=encode,  # type: ignore[arg-type]
    moves=(ROLL, HOLD),
    config=np.array([ROLLOUT_RANDOM, 20, HEURISTIC_SCORE, CUT_TURN], dtype=np.float64),
    bound=(flat_run, uct_run),
)


def configured(*, rollout_hold_at: int | None = None, held: bool = False, race: bool = False,
               cut_at_turn: bool = True) -> CompiledGame:
    """Pig's compiled interface with a rollout policy (``None``: random; N: hold-at-N), a
    heuristic (``held``: counting the turn's points; ``race``: the race table's win
    probability) and a cut (``cut_at_turn``)."""
    if held and race:
        raise ValueError("one heuristic: held or race")
    cfg = np.array(
        [ROLLOUT_RANDOM if rollout_hold_at is None else ROLLOUT_HOLD,
         20 if rollout_hold_at is None else rollout_hold_at,
         HEURISTIC_RACE if race else HEURISTIC_HELD if held else HEURISTIC_SCORE,
         CUT_TURN if cut_at_turn else CUT_MOVE],
        dtype=np.float64,
    )
    if race:
        cfg = np.concatenate([cfg, [RACE_MAX], race_table().ravel()])
    return replace(PIG, config=cfg)
