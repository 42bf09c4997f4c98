"""Bank (Prosperity): +$1 per Treasure you have in play (counting this).

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
    EV_COINS_PLUS,
    H_COINS,
    H_NIDS,
    I64,
    Z_HAND,
    Z_PLAY,
    emit,
    ids_o,
    is_treasure,
    zo,
)
from ludolab.games.dominion.engine.kernel import useful as useful_now

BANK = np.int64(card_id("Bank"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def treasures_in_play(S, I, p):
    """The Treasures ``p`` has in play now (each copy counted; a Curse in a game with Charlatan
    is one: the card table gives it the Treasure type then)."""
    pl = zo(S, p, Z_PLAY)
    io = ids_o(S)
    k = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[pl + x] > 0 and is_treasure(I, x):
            k += S[pl + x]
    return k


@njit(cache=True, _nrt=False, inline="always")
def bank_play(S, I, p):
    """+$1 per Treasure in play, this Bank included (it is in play when it makes its money,
    however it got there: from hand, Venture, Crystal Ball). Counted once, now: Treasures played
    later add nothing to it (the FAQ). No decision."""
    k = treasures_in_play(S, I, p)
    S[H_COINS] += k
    emit(I, EV_COINS_PLUS, p, BANK, k)


@njit(cache=True, _nrt=False, inline="always")
def bank_waits(S, I, F, p):
    """Does ``p``'s hand hold another Treasure (not a Bank) that is worth playing now (its
    ``useful`` hook, or any plain Treasure)? Then Bank waits for it: each Treasure played first
    adds $1 to it."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if x != BANK and S[h + x] > 0 and is_treasure(I, x) and useful_now(S, I, F, p, x):
            return True
    return False


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    bank_play(S, I, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: played from hand, Bank goes last: not now while another Treasure worth
    playing is still in hand (so the default order plays Bank after every other Treasure, whatever
    their scores); played by another card (``basic``: Venture, Crystal Ball), always."""
    if basic != 0:
        return I64(1)
    return I64(0) if bank_waits(S, I, F, p) else I64(1)


@njit(cache=True, _nrt=False)
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default Treasure order (higher first): the lowest of
    the Treasures here, so it comes after everything else."""
    return I64(0)
