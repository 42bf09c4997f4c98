"""Minion (Intrigue): +1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other
player with at least 5 cards in hand discards their hand and draws 4 cards.

The card's home in the engine: its effect and its default playbook, compiled on their own and
reached through the kernel's hook table (see ``docs/design/dominion-engine.md``). The +1 Action
is the card's row. Reactions (Moat, Diplomat) are revealed before the choice is made (the
kernel's ``attacked`` runs before this hook), as the official FAQ asks.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    EV_CHOICE,
    H_ACTIONS,
    H_COINS,
    H_NAIDS,
    H_NIDS,
    H_NP,
    I64,
    K_MODE,
    NONE,
    PSZ,
    Z_DISC,
    Z_HAND,
    aids_o,
    ask,
    card_opt,
    discard_zone,
    draw,
    emit,
    hand_coins,
    ids_o,
    is_action,
    is_treasure,
    opts_list,
    so,
    tcol,
    zo,
    zone_size,
)

# Words: the names of its modes (decisions and logs)
MODES = ("+$2", "discard hand, +4 Cards, attack")
# The card's own bot options: (name, default, allowed range, meaning)
OPTIONS = (
    ("minion", 0.0, (0.0, 2.0),
     "Minion's choice: 0 the playbook (+$2 while another Minion is in hand or when it reaches "
     "$8, else a new hand of 4 when it is worth more), 1 always +$2, 2 always the attack"),
)

MINION = np.int64(card_id("Minion"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def minion_play(S, I, F, p, mask):
    """Decision: mode (0 +$2, 1 discard the hand, +4 Cards and the attack). The attack hits each
    seat in ``mask`` (not protected by a Moat) that holds 5 or more cards then, in turn order:
    it discards its hand and draws 4."""
    n = opts_list(I, I64(0), I64(1), NONE)
    m = ask(S, I, F, p, K_MODE, MINION, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, MINION, m)
    if m == 0:
        S[H_COINS] += 2
        return
    discard_zone(S, I, p, Z_HAND, I64(0))
    draw(S, I, p, I64(4))
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if ((mask >> q) & 1) != 0 and zone_size(S, q, Z_HAND) >= 5:
            discard_zone(S, I, q, Z_HAND, I64(0))
            draw(S, I, q, I64(4))


@njit(cache=True, _nrt=False, inline="always")
def _value(I, x):
    """What a card is worth in a hand, in coins: a Treasure its coins, a Minion $2, another
    Action $1 (a rough value of what it does), anything else nothing."""
    if x == MINION:
        return 2.0
    if is_treasure(I, x):
        return float(tcol(I, x, COL_COINS))
    if is_action(I, x):
        return 1.0
    return 0.0


@njit(cache=True, _nrt=False, inline="always")
def minion_mode(S, I, F, p):
    """Bot option ``minion``: 1 always +$2, 2 always the attack. 0 (default; DominionSim's and the
    wiki's engine player): +$2 while another Minion is in hand (the last one decides) or when
    +$2 makes $8; else the attack when 4 new cards are worth at least the hand (the hand's
    Treasures, $2 a Minion, $1 another Action while an action is left) plus $2: the new cards
    are valued at the average of the draw pile (the discard pile and hand too when the pile
    holds fewer than 4 cards)."""
    mode = np.int64(card_opt(I, F, p, MINION, I64(0)))
    if mode == 1:
        return I64(0)
    if mode == 2:
        return I64(1)
    h = zo(S, p, Z_HAND)
    if S[h + MINION] > 0:
        return I64(0)
    coins = hand_coins(S, I, p)
    if S[H_COINS] + coins + 2 >= 8:
        return I64(0)
    hv = float(coins)
    if S[H_ACTIONS] > 0:
        ao = aids_o(S)
        for i in range(S[H_NAIDS]):
            x = S[ao + i]
            if x != MINION:
                hv += S[h + x] * 1.0
    # the average value of a card still to draw
    s = so(S, p)
    dn = S[s + _kernel.PS_DECKN]
    tot = 0.0
    cnt = I64(0)
    for k in range(dn):
        tot += _value(I, S[s + PSZ + k])
        cnt += 1
    if dn < 4:
        d = zo(S, p, Z_DISC)
        io = ids_o(S)
        for i in range(S[H_NIDS]):
            x = S[io + i]
            k = S[d + x] + S[h + x]
            if k > 0:
                tot += k * _value(I, x)
                cnt += k
    if cnt == 0:
        return I64(0)
    est = 4.0 * tot / cnt
    if est >= hv + 2.0:
        return I64(1)
    return I64(0)


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its +1 Action is the row)."""
    minion_play(S, I, F, p, mask)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's mode (stage 1, after the bot's lists)."""
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return minion_mode(S, I, F, p)
    return NONE


@njit(cache=True, _nrt=False)
def score(S, I, F, p, c):
    """Hook ``score``: after every other non-terminal Action (a Minion may discard the hand, so
    the Villages and cantrips go first), before the terminals."""
    return I64(999)
