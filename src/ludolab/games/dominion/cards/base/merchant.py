"""Merchant: +1 Card, +1 Action. The first time you play a Silver this turn, +$1.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    H_COINS,
    H_MERCHANT,
    I64,
    MERCHANT,
    SILVER,
    Z_PLAY,
    emit,
    zo,
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def merchant_play(S):
    """Count the Merchant (each play counts, twice under Throne Room); the bonus is paid in the
    buy phase by :func:`merchant_bonus`. No decision."""
    S[H_MERCHANT] += 1


@njit(cache=True, _nrt=False, inline="always")
def merchant_bonus(S, I, p, silvers):
    """Buy phase, after every Treasure is played: +$1 per Merchant played this turn if a Silver
    was played (``silvers``: the Silvers the hand held before the Treasures were played)."""
    if silvers > 0 and S[H_MERCHANT] > 0:
        S[H_COINS] += S[H_MERCHANT]
        emit(I, EV_COINS_PLUS, p, MERCHANT, S[H_MERCHANT])


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    merchant_play(S)
    return I64(0)


@njit(cache=True, _nrt=False)
def buy_start(S, I, F, p, c):
    """Hook ``buy_start``: the buy phase begins (every Treasure has been played)."""
    merchant_bonus(S, I, p, S[zo(S, p, Z_PLAY) + SILVER])
    return I64(0)
