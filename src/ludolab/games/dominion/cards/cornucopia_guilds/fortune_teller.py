"""Fortune Teller (Cornucopia, first printing): +$2. Each other player reveals cards from the top of
their deck until they reveal a Victory card or a Curse. They put it on top and discard the rest.

+$2 is the card's row; the ``attack`` hook runs for each other player it affects (Reactions
first, by the kernel's Attack block): the kernel's ``reveal_until_type`` reveals until a Victory
card or Curse (the victim's discard pile shuffled in when the deck runs out, the revealed cards
not), which goes back on top, known to all; the others are discarded (official FAQ, Dominion
Strategy wiki: a card with the Victory type among others counts; with none found after
shuffling, every card revealed is discarded). No decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    TY_CURSE,
    TY_VICTORY,
    Z_ASIDE,
    discard_all,
    put_top,
    reveal_until_type,
)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` reveals until a Victory card or Curse, puts it on top and
    discards the rest."""
    x = reveal_until_type(S, I, q, I64(TY_VICTORY | TY_CURSE))
    discard_all(S, I, F, q, Z_ASIDE, I64(1))
    if x >= 0:
        put_top(S, I, q, x, True)
    return I64(0)
