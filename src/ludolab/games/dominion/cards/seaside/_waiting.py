"""Reading a seat's waiting Duration effects (helper S4's cards: Monkey, Corsair, Blockade,
Sailor), on top of the kernel's register of the effects ``stay`` made wait.

Not a card's home (the name starts with ``_``): compiled helpers the homes inline. A home that
inlines them lists this file in its :func:`ludolab.core.jitcache.guard` call.
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel

# GAINED_ASK: the order of simultaneous when-gain effects asks a ``gained`` hook, with
# ``where`` at least this, only whether it would act (the kernel's comment says more); the
# homes import it from here with the waiting-effect helpers.
from ludolab.games.dominion.engine.kernel import GAINED_ASK, I64, wait_at, wait_n

_jitcache.guard(Path(__file__), [_kernel.__file__])

__all__ = ["GAINED_ASK", "wait_count", "wait_find"]


@njit(cache=True, _nrt=False, inline="always")
def wait_count(S, p, c):
    """How many effects of card ``c`` seat ``p`` has waiting (Throne Room on it: two)."""
    k = I64(0)
    for i in range(wait_n(S, p)):
        if S[wait_at(S, p, i)] == c:
            k += 1
    return k


@njit(cache=True, _nrt=False, inline="always")
def wait_find(S, p, c, arg):
    """The index in ``S`` of seat ``p``'s first waiting effect of card ``c`` whose argument is
    ``arg`` (its argument is at +1), or -1."""
    for i in range(wait_n(S, p)):
        k = wait_at(S, p, i)
        if S[k] == c and S[k + 1] == arg:
            return k
    return I64(-1)
