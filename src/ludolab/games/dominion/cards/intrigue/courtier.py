"""Courtier (Intrigue): reveal a card from your hand. For each type it has (Action, Attack,
etc.), choose one: +1 Action; or +1 Buy; or +$3; or gain a Gold. The choices must be different.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    DUCHY,
    EV_CHOICE,
    EV_REVEAL,
    FALSE,
    GOLD,
    H_ACTIONS,
    H_BUYS,
    H_COINS,
    HDR,
    I64,
    I_O_OPT,
    K_MODE,
    K_REVEAL,
    NONE,
    OPT_EXTRA_BUYS,
    PROVINCE,
    Z_HAND,
    Z_OWN,
    action_waiting,
    ask,
    bot_opt,
    card_opt,
    coins_help,
    emit,
    gain,
    hand_coins,
    opts_zone,
    types,
    zo,
)

COURTIER = np.int64(card_id("Courtier"))
ACTION, BUY, COINS, GOLD_CHOICE = 0, 1, 2, 3

# Words: the names of its choices (decisions and logs) and its prompts
MODES = ("+1 Action", "+1 Buy", "+$3", "gain a Gold")
PROMPTS = {"reveal": "reveal a card from your hand: a choice per type it has (Courtier)"}
# Its bot options (name, default, allowed range, meaning)
OPTIONS = (
    ("courtier", 0.0, (0.0, 4321.0),
     "Courtier's choices in order of preference, a digit each: 1 +1 Action, 2 +1 Buy, 3 +$3, "
     "4 gain a Gold (43: Gold, then +$3, then the playbook); 0: the playbook (+1 Action when "
     "an Action waits in hand, +1 Buy with $8 per buy, a Gold while no Gold or Victory card "
     "other than Estate is owned, +$3 when it changes the buy, then Gold, +$3, Action, Buy)"),
    ("courtier_reveal", 0.0, (0.0, 4.0),
     "The card Courtier reveals: 0 one with the most types; 1-4 one with exactly that many "
     "types when the hand holds one (else the most)"),
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def type_count(I, x):
    """How many types card ``x`` has: every set bit of its types column (one bit per type, so
    Duration and any type a later set adds count without a change here)."""
    t = types(I, x)
    k = 0
    while t != 0:
        t &= t - 1
        k += 1
    return k


@njit(cache=True, _nrt=False, inline="always")
def courtier_play(S, I, F, p):
    """Reveal a card from hand (decision: reveal); then one mode decision per type it has
    (subject the revealed card, ``arg`` the choices made so far as bits), each among the
    choices not made yet; all are made before any is done. Gain a Gold with the pile empty:
    nothing. An empty hand: nothing."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    x = ask(S, I, F, p, K_REVEAL, COURTIER, I64(-1), I64(-1), n)
    emit(I, EV_REVEAL, p, x, I64(0))
    k = type_count(I, x)
    if k > 4:
        k = 4
    used = I64(0)
    o = I[I_O_OPT]
    for _ in range(k):
        n = 0
        for m in range(4):
            if (used >> m) & 1 == 0:
                I[o + n] = m
                n += 1
        a = ask(S, I, F, p, K_MODE, COURTIER, x, used, np.int64(n))
        used |= I64(1) << a
        emit(I, EV_CHOICE, p, COURTIER, a)
    if used & 1:
        S[H_ACTIONS] += 1
    if (used >> 1) & 1:
        S[H_BUYS] += 1
    if (used >> 2) & 1:
        S[H_COINS] += 3
    if (used >> 3) & 1:
        gain(S, I, F, p, GOLD, I64(0))


@njit(cache=True, _nrt=False, inline="always")
def courtier_reveal(S, I, F, p, n):
    """The card to reveal: bot option ``courtier_reveal`` (a card with that many types), else
    one with the most types (more choices never hurt); ties: the first in card order."""
    want = np.int64(card_opt(I, F, p, COURTIER, I64(1)))
    o = I[I_O_OPT]
    best = NONE
    bk = -1
    for i in range(n):
        x = I[o + i]
        k = type_count(I, x)
        if want > 0 and k == want:
            return x
        if k > bk:
            bk = k
            best = x
    return best


@njit(cache=True, _nrt=False, inline="always")
def courtier_choice(S, I, F, p, used):
    """The next choice (never one in ``used``): bot option ``courtier``'s digits first, else
    the playbook (after Geronimoo's Courtier), judged with the choices already made."""
    v = np.int64(card_opt(I, F, p, COURTIER, I64(0)))
    digits = 0
    w = v
    while w > 0 and digits < 6:
        digits += 1
        w //= 10
    for j in range(digits - 1, -1, -1):
        d = (v // (10 ** j)) % 10 - 1
        if 0 <= d <= 3 and (used >> d) & 1 == 0:
            return np.int64(d)
    coins = S[H_COINS] + hand_coins(S, I, p) + (3 if (used >> COINS) & 1 else 0)
    buys = S[H_BUYS] + (1 if (used >> BUY) & 1 else 0)
    if (used >> ACTION) & 1 == 0 and action_waiting(S, I, F, p):
        return I64(ACTION)
    if ((used >> BUY) & 1 == 0 and bot_opt(I, F, p, OPT_EXTRA_BUYS) != 0.0
            and 8 * buys <= coins):
        return I64(BUY)
    own = zo(S, p, Z_OWN)
    gold_left = S[HDR + GOLD] > 0
    early = S[own + DUCHY] == 0 and S[own + PROVINCE] == 0
    if (used >> GOLD_CHOICE) & 1 == 0 and gold_left and early and S[own + GOLD] == 0:
        return I64(GOLD_CHOICE)
    if (used >> COINS) & 1 == 0 and coins_help(S, I, F, p, I64(3)):
        return I64(COINS)
    if (used >> GOLD_CHOICE) & 1 == 0 and gold_left:
        return I64(GOLD_CHOICE)
    for m in (COINS, ACTION, BUY, GOLD_CHOICE):
        if (used >> m) & 1 == 0:
            return np.int64(m)
    return NONE


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    courtier_play(S, I, F, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's answer to a decision this card asks (stage 0: before
    the bot's lists, 1: after them); ``NONE``: no opinion, the general rule."""
    if stage == 0:
        return NONE
    if kind == K_REVEAL:
        return courtier_reveal(S, I, F, p, n)
    if kind == K_MODE:
        return courtier_choice(S, I, F, p, arg)
    return NONE
