"""Moneylender: you may trash a Copper from your hand for +$3 (first edition: you must).

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_COINS_PLUS,
    H_COINS,
    H_EDITION,
    I64,
    K_YESNO,
    MONEYLENDER,
    NONE,
    Z_HAND,
    ask,
    emit,
    opts_list,
    trash_from,
    zo,
)

# Words: its prompts ({subject}: the card asked about, {arg}: the other seat)
PROMPTS = {"yesno": "trash a Copper for +$3 (Moneylender)?"}

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def moneylender_play(S, I, F, p):
    """Second edition: a yes/no decision (subject Copper); first edition: the Copper is
    trashed whenever there is one. House policy: yes; played only when
    :func:`moneylender_useful`."""
    if S[zo(S, p, Z_HAND) + COPPER] > 0:
        yes = True
        if S[H_EDITION] == 2:
            n = opts_list(I, I64(1), I64(0), NONE)
            yes = ask(S, I, F, p, K_YESNO, MONEYLENDER, COPPER, I64(-1), n) == 1
        if yes:
            trash_from(S, I, p, Z_HAND, COPPER, I64(0))
            S[H_COINS] += 3
            emit(I, EV_COINS_PLUS, p, MONEYLENDER, I64(3))


@njit(cache=True, _nrt=False, inline="always")
def moneylender_useful(S, p):
    """Worth playing with a Copper in hand (the yes/no answer is the general one: yes)."""
    return S[zo(S, p, Z_HAND) + COPPER] > 0


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    moneylender_play(S, I, F, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: is playing this card worth it now (1) or not (0)? ``basic``: asked
    for a card another card would play (Throne Room, Vassal)."""
    return I64(moneylender_useful(S, p))
