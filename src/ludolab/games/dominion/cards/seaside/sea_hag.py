"""Sea Hag (Seaside, first printing only): Each other player discards the top card of their
deck, then gains a Curse onto their deck.

Official FAQ (Dominion Strategy wiki): a
victim with an empty deck shuffles first (with no cards at all it discards nothing but still
gains the Curse); with the Curses gone it still discards. No decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    I64,
    discard_card,
    gain,
    take_top,
)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: the top card of seat ``q``'s deck to its discard pile (everyone sees
    it), then a Curse onto its deck (while any remain)."""
    x = take_top(S, I, q)
    if x >= 0:
        discard_card(S, I, F, q, I64(-1), x, I64(1))
    gain(S, I, F, q, CURSE, I64(2))
    return I64(0)
