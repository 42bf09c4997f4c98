"""Tide Pools (Seaside, second printing): +3 Cards, +1 Action. At the start of your next turn,
discard 2 cards.

+3 Cards and +1 Action are its row's
columns; ``play`` registers the waiting effect (:func:`~ludolab.games.dominion.engine.kernel.stay`)
and ``duration`` discards 2 cards from the hand at the start of the next turn (one discard
decision each, source Tide Pools; fewer when the hand holds fewer). ``ORDER = 1``: when several
start-of-turn effects wait, its discard comes after those that bring cards into the hand
(Haven's card, Tactician's and Caravan's draws), so it picks from the fuller hand. Playbook: the
bot's discard list, then the general discard order (Curses, Victory cards, dead terminals,
Copper, then the cheapest); not played when there is nothing to draw (no deck, no discard
pile: only the discards would be left). Throne Room on it: +6 Cards, +2 Actions now and 4
discards next turn.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    Z_DISC,
    deck_n,
    discard_cards,
    stay,
    zone_size,
)

TIDE_POOLS = np.int64(card_id("Tide Pools"))
#: Its waiting effect takes from the hand after the draws of the others (K_ORDER's default).
ORDER = 1


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +3 Cards and +1 Action are the row's; the discard waits."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn, discard 2 cards (decision: discard,
    source Tide Pools, subject the cards still to go)."""
    discard_cards(S, I, F, p, I64(2), TIDE_POOLS, I64(-1))
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: only while there is a card to draw (else only the discards are left)."""
    return I64(1) if deck_n(S, p) + zone_size(S, p, Z_DISC) > 0 else I64(0)
