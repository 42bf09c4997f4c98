"""Baker (Guilds, both printings): +1 Card, +1 Action, +1 Coffers. Setup: each player gets +1
Coffers.

+1 Card and +1 Action are the card's row; the home adds the Coffers and declares the setup
(``SETUP_COFFERS``: every seat starts a game dealing Baker with 1 Coffers). No decision.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import I64, add_coffers

BAKER = np.int64(card_id("Baker"))

COFFERS = True
SETUP_COFFERS = 1


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +1 Coffers."""
    add_coffers(S, I, p, BAKER, I64(1))
    return I64(0)
