"""Lighthouse (Seaside): +1 Action, +$1. At the start of your next turn: +$1. Until then, when
another player plays an Attack card, it doesn't affect you.

+1 Action and +$1 now are its row's
columns; ``play`` registers the waiting effect (:func:`~ludolab.games.dominion.engine.kernel.stay`:
Lighthouse stays in play until the clean-up of the next turn) and ``duration`` gives the second
+$1. ``protect`` is the protection: the kernel's ``attacked`` asks it for a seat with a
Lighthouse in play (Reactions may still be revealed, FAQ). The first printing
said "while this is in play", the 2022 printing "until [the start of your next turn]": the two
differ only for an Attack another player plays during your own next turn, which no card of this
engine does.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import EV_COINS_PLUS, H_COINS, I64, emit, stay

LIGHTHOUSE = np.int64(card_id("Lighthouse"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +1 Action and +$1 now are the row's; the next turn's +$1 waits."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn, +$1."""
    S[H_COINS] += 1
    emit(I, EV_COINS_PLUS, p, LIGHTHOUSE, I64(1))
    return I64(0)


@hook
def protect(S, I, F, q, r, c, attacker):
    """Hook ``protect``: a Lighthouse in seat ``q``'s play area keeps every Attack another
    player plays from affecting ``q``."""
    return I64(1)
