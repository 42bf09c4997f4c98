"""Merchant: +1 Card, +1 Action. The first time you play a Silver this turn, +$1.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    H_COINS,
    H_MERCHANT,
    I64,
    MERCHANT,
    SILVER,
    Z_PLAY,
    emit,
    want_buy_start,
    zo,
)


@inline
def merchant_play(S):
    """Count the Merchant (each play counts, twice under Throne Room); the bonus is paid in the
    buy phase by :func:`merchant_bonus`. No decision."""
    S[H_MERCHANT] += 1
    want_buy_start(S)


@inline
def merchant_bonus(S, I, p, silvers):
    """Buy phase, after every Treasure is played: +$1 per Merchant played this turn if a Silver
    was played (``silvers``: the Silvers the hand held before the Treasures were played)."""
    if silvers > 0 and S[H_MERCHANT] > 0:
        S[H_COINS] += S[H_MERCHANT]
        emit(I, EV_COINS_PLUS, p, MERCHANT, S[H_MERCHANT])


@hook
def play(S, I, F, p, c, group, mask):
    merchant_play(S)
    return I64(0)


@hook
def buy_start(S, I, F, p, c):
    """Hook ``buy_start``: the buy phase begins (every Treasure has been played)."""
    merchant_bonus(S, I, p, S[zo(S, p, Z_PLAY) + SILVER])
    return I64(0)
