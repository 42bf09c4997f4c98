"""Outpost (Seaside, Action-Duration, $5): if this is the first time you played an Outpost this
turn, and the previous turn wasn't yours, then take an extra turn after this one, and you only
draw 3 cards for your next hand.

The card's home in the engine (helper SE; see ``docs/design/dominion-engine.md``, "Durations,
mats, tokens, extra turns"). The kernel keeps the rules of the current errata and the official
FAQ (Dominion Strategy wiki, "Outpost", Official FAQ 2022): :func:`kernel.extra_turn` grants the
turn only for the first Outpost of a turn that is not itself an extra turn (so never a third
turn in a row); the clean-up then draws 3; the extra turn is not counted for the tie-break.
Outpost stays in play until the clean-up of the extra turn (a waiting effect that does nothing),
and a Throne Room that played it stays with it; an Outpost that grants nothing is discarded.
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import I64, OUTPOST, extra_turn, stay

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: ask for the extra turn; granted, Outpost stays until that turn's clean-up."""
    if extra_turn(S, I, p) != 0:
        stay(S, I, F, p, OUTPOST, group, I64(0))
    return I64(0)
