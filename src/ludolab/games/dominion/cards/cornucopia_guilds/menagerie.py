"""Menagerie (Cornucopia, both printings): +1 Action. Reveal your hand. If the revealed cards all
have different names, +3 Cards. Otherwise, +1 Card.

+1 Action is the card's row; the home reveals the hand (a reveal event per card) and draws 3
when no two cards share a name (the kernel's variety count of the hand equals its size), else 1
(official FAQ, Dominion Strategy wiki: only names matter, Copper and Silver differ; an empty hand
has no matching cards: +3 Cards). No decision: the playbook is the general play order (a
non-terminal, played before terminals).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    Z_HAND,
    distinct_in,
    draw,
    reveal_zone,
    zone_size,
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: reveal the hand; +3 Cards if its cards all differ in name, else +1."""
    reveal_zone(S, I, p, Z_HAND)
    if distinct_in(S, p, Z_HAND) == zone_size(S, p, Z_HAND):
        draw(S, I, p, I64(3))
    else:
        draw(S, I, p, I64(1))
    return I64(0)
