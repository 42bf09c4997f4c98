"""Soothsayer (Guilds, both printings): Gain a Gold. Each other player gains a Curse, and if
they did, draws a card.

Official FAQ (Dominion Strategy wiki): the Gold first, then each other player in turn order
gains a Curse; one who gained none (the Curses gone, or unaffected by the Attack) draws
nothing. No decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    GOLD,
    I64,
    draw,
    each_attacked,
    gain,
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: a Gold, then the Attack on each seat it affects (``mask``)."""
    gain(S, I, F, p, GOLD, I64(0))
    if mask != 0:
        each_attacked(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` gains a Curse; if it did, it draws a card."""
    if gain(S, I, F, q, CURSE, I64(0)):
        draw(S, I, q, I64(1))
        return I64(1)
    return I64(0)
