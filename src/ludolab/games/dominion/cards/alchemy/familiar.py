"""Familiar (Alchemy, $3P): +1 Card, +1 Action. Each other player gains a Curse.

The +1 Card and +1 Action are the card's row. Rulings (official FAQ, DominionStrategy wiki
"Familiar"): you draw a card, get +1 Action, and each other player gains a Curse (in turn order,
while Curses remain; a Moat or a Lighthouse keeps one from it).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import CURSE, I64, gain


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` gains a Curse while Curses remain. No decision."""
    gain(S, I, F, q, CURSE, I64(0))
    return I64(0)
