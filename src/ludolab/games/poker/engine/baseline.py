"""Baseline decisions (kinds 0..2 of the layout): always call, always raise, keyed random.

The bot kernel (``games/poker/bots/kernel.py``) answers kinds 0..2 with this function; its own
kinds (the Loki bots) are the rest.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludolab.games.poker.engine.layout import (
    BOT_KIND,
    CALL,
    FOLD,
    KIND_RAISE,
    KIND_RANDOM,
    RAISE,
    V_KEY,
)


@njit(cache=True)
def key_uniform(key):
    """The float in [0, 1) of a 64-bit key stored as int64 (its top 53 bits)."""
    return np.float64(np.uint64(key) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def baseline_decide(bot, view, hist):
    """FOLD, CALL or RAISE for baseline kinds; any other kind calls."""
    kind = np.int64(bot[BOT_KIND])
    if kind == KIND_RAISE:
        return RAISE
    if kind == KIND_RANDOM:
        u = key_uniform(view[V_KEY])
        if u < bot[1]:
            return FOLD
        if u < bot[1] + bot[2]:
            return CALL
        return RAISE
    return CALL
