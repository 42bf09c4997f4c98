"""Lighthouse (Seaside): +1 Action, +$1. At the start of your next turn: +$1. Until then, when
another player plays an Attack card, it doesn't affect you.

+1 Action and +$1 now and the +$1 at the start of the next turn are its row's columns
(``next_coins``: the kernel keeps it in play until the clean-up of that turn). ``protect`` is the
protection: the kernel's ``attacked`` asks it for a seat with a Lighthouse in play (Reactions may
still be revealed, FAQ). The first printing said "while this is in play", the 2022 printing
"until [the start of your next turn]": the two differ only for an Attack another player plays
during your own next turn, which no card of this engine does.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import I64


@hook
def protect(S, I, F, q, r, c, attacker):
    """Hook ``protect``: a Lighthouse in seat ``q``'s play area keeps every Attack another
    player plays from affecting ``q``."""
    return I64(1)
