"""Peddler (Prosperity): +1 Card, +1 Action, +$1. During your Buy phase, this costs $2 less per
Action card you have in play.

The card's home in the engine (see ``docs/design/dominion-engine.md``). Its play is its row
(+1 Card, +1 Action, +$1); its cost rule is its ``cost_down`` hook, which ``kernel.cost`` asks
whenever Peddler's cost matters: in the buy phase, $2 less per Action card the current player
has in play, never below $0, with Bridge's and Quarry's reductions on top. The cost is lower
only in the buy phase: a gain in the action phase (Workshop) or in another player's turn sees
$8. The default play order already plays a non-Action-losing cantrip first.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    H_CUR,
    H_NAIDS,
    H_PHASE,
    I64,
    PH_BUY,
    Z_PLAY,
    aids_o,
    zo,
)


@hook
def cost_down(S, I, c):
    """Hook ``cost_down``: during the buy phase, $2 less per Action card the current player
    has in play (Peddler itself included)."""
    if S[H_PHASE] != PH_BUY:
        return I64(0)
    pl = zo(S, S[H_CUR], Z_PLAY)
    ao = aids_o(S)
    d = I64(0)
    for i in range(S[H_NAIDS]):
        d += 2 * S[pl + S[ao + i]]
    return d
