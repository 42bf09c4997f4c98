"""Explorer (Seaside, first printing only): You may reveal a Province from your hand. If you do,
gain a Gold to your hand. If you don't, gain a Silver to your hand.

The card's home in the engine: its effect and its default playbook, compiled on their own and
reached through the kernel's hook table (see ``docs/design/dominion-engine.md``). Official FAQ
(Dominion Strategy wiki): revealing is optional; the Province stays in hand; a revealed
Province with the Gold pile empty gains nothing (not a Silver instead).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    GOLD,
    HDR,
    I64,
    K_YESNO,
    NONE,
    PROVINCE,
    SILVER,
    Z_HAND,
    ask,
    emit,
    gain,
    opts_list,
    zo,
)

EXPLORER = np.int64(card_id("Explorer"))

# Words: its prompt
PROMPTS = {"yesno": "reveal a Province to gain a Gold to your hand (Explorer)? (no: a Silver)"}

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def explorer_play(S, I, F, p):
    """With a Province in hand: a yes/no decision (subject Province); yes reveals it and gains
    a Gold to the hand. Otherwise (or no) gain a Silver to the hand."""
    if S[zo(S, p, Z_HAND) + PROVINCE] > 0:
        n = opts_list(I, I64(1), I64(0), NONE)
        if ask(S, I, F, p, K_YESNO, EXPLORER, PROVINCE, I64(-1), n) == 1:
            emit(I, EV_REVEAL, p, PROVINCE, I64(0))
            gain(S, I, F, p, GOLD, I64(1))
            return
    gain(S, I, F, p, SILVER, I64(1))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    explorer_play(S, I, F, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: reveal the Province (a Gold beats a Silver) - unless the Gold pile is
    empty and the Silver pile is not (revealing would gain nothing)."""
    if stage == 0 or kind != K_YESNO:
        return NONE
    if S[HDR + GOLD] <= 0 and S[HDR + SILVER] > 0:
        return I64(0)
    return I64(1)
