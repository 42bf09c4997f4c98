"""Reading a seat's waiting Duration effects (Monkey, Corsair, Blockade, Sailor), on top of the
kernel's register of the effects ``stay`` made wait.

Not a card's home (the name starts with ``_``): compiled helpers the homes inline (the layer's
guard finds this file among a home's dependencies by itself).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import inline

# GAINED_ASK: the order of simultaneous when-gain effects asks a ``gained`` hook, with
# ``where`` at least this, only whether it would act (the kernel's comment says more); the
# homes import it from here with the waiting-effect helpers.
from ludolab.games.dominion.engine.kernel import GAINED_ASK, I64, wait_at, wait_n

__all__ = ["GAINED_ASK", "wait_count", "wait_find"]


@inline
def wait_count(S, p, c):
    """How many effects of card ``c`` seat ``p`` has waiting (Throne Room on it: two)."""
    k = I64(0)
    for i in range(wait_n(S, p)):
        if S[wait_at(S, p, i)] == c:
            k += 1
    return k


@inline
def wait_find(S, p, c, arg):
    """The index in ``S`` of seat ``p``'s first waiting effect of card ``c`` whose argument is
    ``arg`` (its argument is at +1), or -1."""
    for i in range(wait_n(S, p)):
        k = wait_at(S, p, i)
        if S[k] == c and S[k + 1] == arg:
            return k
    return I64(-1)
