"""Witch: +2 Cards; each other player gains a Curse.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    I64,
    gain,
)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` gains a Curse while Curses remain. No decision. The +2 Cards
    are the card's row."""
    gain(S, I, F, q, CURSE, I64(0))
    return I64(0)
