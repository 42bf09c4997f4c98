"""Compiled twins of :mod:`ludolab.core.rng` for numba code: keyed words and a SplitMix64 stream.

Compiled games draw their chance from the same keyed words as their Python rules
(``keyed_below(6, seed, seat, DIE, index)`` is the same die in both), and compiled search keeps its
own random stream in a one-element ``uint64`` array advanced by :func:`next_u64`. A test asserts
that the twins give the same words as :mod:`ludolab.core.rng`. This is the project's one compiled
SplitMix64: the Dominion and poker kernels import it (and list this file in their
:func:`~ludolab.core.jitcache.guard`, so a change here recompiles them). No function here
allocates, so kernels compiled without reference counting (``_nrt=False``) may call them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, _nrt=False)
def mix64(z: np.uint64) -> np.uint64:
    """SplitMix64 finaliser of ``z + GOLDEN`` (twin of :func:`ludolab.core.rng.mix64`)."""
    z = np.uint64(z) + GOLDEN
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, _nrt=False)
def keyed_u64(seed: np.uint64, seat: int, purpose: int, index: int) -> np.uint64:
    """Twin of :func:`ludolab.core.rng.keyed_u64` for non-negative seat, purpose and index."""
    h = mix64(np.uint64(seed))
    h = mix64(h ^ np.uint64(seat))
    h = mix64(h ^ np.uint64(purpose))
    return mix64(h ^ np.uint64(index))


@njit(cache=True, _nrt=False)
def key_prefix(seed: np.uint64, seat: int, purpose: int) -> np.uint64:
    """The first three rounds of :func:`keyed_u64`: ``mix64(key_prefix(...) ^ index)`` is the
    word of draw ``index`` (kernels that draw many indices of one key compute it once)."""
    h = mix64(np.uint64(seed))
    h = mix64(h ^ np.uint64(seat))
    return mix64(h ^ np.uint64(purpose))


@njit(cache=True, _nrt=False)
def step(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """One SplitMix64 step on a scalar state: ``(new state, word)`` (the word is
    ``mix64(state)``; :func:`next_u64` is the same on a one-element array)."""
    state = np.uint64(state)
    return state + GOLDEN, mix64(state)


@njit(cache=True, _nrt=False)
def keyed_below(n: int, seed: np.uint64, seat: int, purpose: int, index: int) -> int:
    """Twin of :func:`ludolab.core.rng.keyed_below`: an integer in ``range(n)``."""
    w = keyed_u64(seed, seat, purpose, index)
    return np.int64(((w >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, _nrt=False)
def next_u64(state: np.ndarray) -> np.uint64:
    """The next word of the SplitMix64 sequence kept in ``state[0]`` (advanced in place)."""
    s = state[0] + GOLDEN
    state[0] = s
    z = (s ^ (s >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, _nrt=False)
def next_below(state: np.ndarray, n: int) -> int:
    """An integer in ``range(n)`` from the stream in ``state`` (multiply-shift, as keyed_below)."""
    w = next_u64(state)
    return np.int64(((w >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, _nrt=False)
def next_uniform(state: np.ndarray) -> float:
    """A float in [0, 1) from the stream in ``state`` (53 random bits)."""
    return np.float64(next_u64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
