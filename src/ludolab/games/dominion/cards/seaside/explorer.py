"""Explorer (Seaside, first printing only): You may reveal a Province from your hand. If you do,
gain a Gold to your hand. If you don't, gain a Silver to your hand.

Official FAQ
(Dominion Strategy wiki): revealing is optional; the Province stays in hand; a revealed
Province with the Gold pile empty gains nothing (not a Silver instead).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
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

PROMPTS = {"yesno": "reveal a Province to gain a Gold to your hand (Explorer)? (no: a Silver)"}


@inline
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


@hook
def play(S, I, F, p, c, group, mask):
    explorer_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: reveal the Province (a Gold beats a Silver) - unless the Gold pile is
    empty and the Silver pile is not (revealing would gain nothing)."""
    if stage == 0 or kind != K_YESNO:
        return NONE
    if S[HDR + GOLD] <= 0 and S[HDR + SILVER] > 0:
        return I64(0)
    return I64(1)
