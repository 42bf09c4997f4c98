"""A toy game with a compiled interface, to test the compiled search apart from any real game.

Gamble: seat 0 takes a sure 0.5 (``safe``, action 0) or flips a coin that wins with probability
``p`` (``gamble``, action 1: +1 on a win, -1 on a loss); seat 1 gets the negative. The state
array is ``[stage, p in per-mille, result]`` (stage 0: decide, 1: coin pending, 2: over).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludolab.core.rngjit import keyed_below
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

STAGE, PERMILLE, RESULT = range(3)


@njit(STATUS, cache=True)
def status(s):
    if s[STAGE] == 0:
        return 0
    return CHANCE if s[STAGE] == 1 else TERMINAL


@njit(LEGAL, cache=True)
def legal(s, out):
    out[0] = 0
    out[1] = 1
    return 2


@njit(APPLY, cache=True)
def apply(s, action):
    if action == 0:
        s[RESULT] = 500
        s[STAGE] = 2
    else:
        s[STAGE] = 1
    return 0


@njit(CHANCE_DRAW, cache=True)
def chance(s, seed):
    won = keyed_below(1000, seed, 0, 99, 0) < s[PERMILLE]
    s[RESULT] = 1000 if won else -1000
    s[STAGE] = 2
    return 1 if won else 0


@njit(POLICY, cache=True)
def policy(s, cfg, rng):
    return 0


@njit(RETURNS, cache=True)
def returns(s, out):
    out[0] = s[RESULT] / 1000.0
    out[1] = -out[0]
    return 0


@njit(HEURISTIC, cache=True)
def heuristic(s, cfg, out):
    out[0] = 0.0
    out[1] = 0.0
    return 0


@njit(QUIET, cache=True)
def quiet(s, cfg):
    return True


def encode(state: object) -> np.ndarray:
    """The array of a ``player_toys.Gamble`` state at its decision."""
    return np.array([0, round(state.p * 1000), 0], dtype=np.int64)  # type: ignore[attr-defined]


GAMBLE = CompiledGame(
    name="gamble",
    kernel=(status, legal, apply, chance, policy, returns, heuristic, quiet),
    num_players=2,
    slots=2,
    encode=encode,
    moves=("safe", "gamble"),
    config=np.zeros(1),
)
