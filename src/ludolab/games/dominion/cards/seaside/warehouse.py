"""Warehouse (Seaside, both printings): +3 Cards, +1 Action. Discard 3 cards.

The card's home in the engine: its effect, compiled on its own and reached through the kernel's
hook table (see ``docs/design/dominion-engine.md``). +3 Cards and +1 Action are the card's row
(drawn first). Official FAQ (Dominion Strategy wiki): draw, then discard 3 cards (any 3, the
ones just drawn or others); with fewer than 3 cards in hand, discard them all.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    H_NIDS,
    I64,
    PS_DECKN,
    Z_DISC,
    discard_cards,
    ids_o,
    so,
    zo,
)

WAREHOUSE = np.int64(card_id("Warehouse"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def warehouse_play(S, I, F, p):
    """Discard 3 cards from hand, one decision each (discard; subject: the cards still to go).
    House policy: the bot's discard list, else the general discard order (Curses, Victory
    cards, dead terminals, Copper, then the cheapest)."""
    discard_cards(S, I, F, p, I64(3), WAREHOUSE, I64(-1))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    warehouse_play(S, I, F, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: play it unless the deck and discard pile hold fewer than 2 cards (it
    would only shrink the hand: Geronimoo's simulator's rule)."""
    d = zo(S, p, Z_DISC)
    k = S[so(S, p) + PS_DECKN]
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        k += S[d + S[io + i]]
    return I64(1) if k >= 2 else I64(0)
