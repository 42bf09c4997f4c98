"""Bank (Prosperity): +$1 per Treasure you have in play (counting this).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
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


@inline
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


@inline
def bank_play(S, I, p):
    """+$1 per Treasure in play, this Bank included (it is in play when it makes its money,
    however it got there: from hand, Venture, Crystal Ball). Counted once, now: Treasures played
    later add nothing to it (the FAQ). No decision."""
    k = treasures_in_play(S, I, p)
    S[H_COINS] += k
    emit(I, EV_COINS_PLUS, p, BANK, k)


@inline
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


@hook
def play(S, I, F, p, c, group, mask):
    bank_play(S, I, p)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: played from hand, Bank goes last: not now while another Treasure worth
    playing is still in hand (so the default order plays Bank after every other Treasure, whatever
    their scores); played by another card (``basic``: Venture, Crystal Ball), always."""
    if basic != 0:
        return I64(1)
    return I64(0) if bank_waits(S, I, F, p) else I64(1)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default Treasure order (higher first): the lowest of
    the Treasures here, so it comes after everything else."""
    return I64(0)
