"""Charlatan (Prosperity, second printing): +$3. Each other player gains a Curse. In games using
this, Curse is also a Treasure worth $1.

The +$3 is the card's row; Curse as a
Treasure worth $1 is the engine's (``H_CURSE_COIN``: set when Charlatan is in the game, so the
buy phase plays Curses like Coppers).
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
    """Hook ``attack``: seat ``q`` gains a Curse while the Curse pile has one (the +$3 is the
    card's row)."""
    gain(S, I, F, q, CURSE, I64(0))
    return I64(0)
