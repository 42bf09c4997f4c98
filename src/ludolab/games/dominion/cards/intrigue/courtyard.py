"""Courtyard (Intrigue): +3 Cards. Put a card from your hand onto your deck.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
FAQ: the card put back may be any card of the hand, not only one of the three drawn; with an
empty hand nothing is put back. Only its owner knows which card it is (``put_top`` private).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    EV_TOPDECK,
    FALSE,
    I64,
    K_TOPDECK,
    NONE,
    Z_DISC,
    Z_HAND,
    ask,
    deck_n,
    emit,
    opts_zone,
    put_top,
    putback_pick,
    zo,
    zone_size,
)

COURTYARD = np.int64(card_id("Courtyard"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def courtyard_play(S, I, F, p):
    """(+3 Cards is the row's.) Decision: topdeck, the options are the hand's cards (no
    "none": it is mandatory while the hand has a card). House policy: the bot's topdeck list,
    then :func:`~ludolab.games.dominion.engine.kernel.putback_pick`."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    a = ask(S, I, F, p, K_TOPDECK, COURTYARD, I64(-1), I64(-1), n)
    S[zo(S, p, Z_HAND) + a] -= 1
    put_top(S, I, p, a, FALSE)
    emit(I, EV_TOPDECK, p, a, I64(0))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    courtyard_play(S, I, F, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's card to put back (after the bot's topdeck list)."""
    if stage == 1 and kind == K_TOPDECK:
        return putback_pick(S, I, F, p, n)
    return NONE


@njit(cache=True, _nrt=False)
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: only while there is a card to draw (else it would only put one back)."""
    return I64(1) if deck_n(S, p) + zone_size(S, p, Z_DISC) > 0 else I64(0)
