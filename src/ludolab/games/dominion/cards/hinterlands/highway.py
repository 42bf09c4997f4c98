"""Highway (Hinterlands, both printings): +1 Card, +1 Action. While this is in play, cards cost
$1 less. (First printing: "..., but not less than $0": the same rule, no cost goes below $0.)

+1 Card and +1 Action are the card's row. Official FAQ (Dominion Strategy wiki): every card
costs $1 less (not below $0) while the Highway is in play, everywhere (Supply, hand, deck); the
bonus is cumulative, one per Highway in play; a Throne Room'd Highway is still one card in play,
so cards cost $1 less, not $2. The reduction is the turn's ``H_COST_DOWN`` (what
``kernel.cost`` subtracts), added once per copy: the play instance's flag (``I_O_GFLAG``) marks
a Highway that already counts, so Throne Room's second play adds nothing. A Highway stays in
play until clean-up (no card of the pool takes one out of play during the turn), when the
reduction ends with the turn. No decision; the default play order plays it as a cantrip.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import H_COST_DOWN, I64, I_GFLAG_CAP, I_O_GFLAG

#: this card changes what cards cost (``kernel.H_COSTS``)
CHANGES_COSTS = True


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the first play of this copy makes every card cost $1 less while it is in
    play; a second play of the same copy (Throne Room, King's Court) adds nothing."""
    if 0 <= group < I[I_GFLAG_CAP]:
        f = I[I_O_GFLAG] + group
        if I[f] != 0:
            return I64(0)
        I[f] = 1
    S[H_COST_DOWN] += 1
    return I64(0)
