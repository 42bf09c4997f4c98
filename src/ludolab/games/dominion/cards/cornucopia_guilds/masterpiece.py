"""Masterpiece (Guilds, first printing): $1. Overpay: when you buy this, you may overpay for it;
if you do, gain a Silver per $1 you overpaid.

$1 is the card's row: played as a plain Treasure (its home has no ``play`` hook). Official FAQ
(Dominion Strategy wiki): the Silvers are gained when it is bought, before the Masterpiece
itself; overpaying $0 gains none; with fewer Silvers left, gain what there is. Decision: the
overpay (K_OVERPAY, subject Masterpiece, options 0..the coins left). Playbook, after
DominionSim (which overpays every coin left): overpay what the remaining buys leave
(``overpay_spare``), at most the option ``masterpiece`` Silvers.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    K_OVERPAY,
    NONE,
    SILVER,
    card_opt,
    gain,
    overpay_spare,
)

MASTERPIECE = np.int64(card_id("Masterpiece"))

OPTIONS = (("masterpiece", 10.0, (0, 20), "overpay for at most this many Silvers"),)


@hook
def overpay(S, I, F, p, c, x):
    """Hook ``overpay``: a Silver per $1 overpaid (while the pile has one)."""
    for _ in range(x):
        gain(S, I, F, p, SILVER, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the overpay (see the module docstring)."""
    if stage == 0 or kind != K_OVERPAY:
        return NONE
    k = overpay_spare(S, I, F, p, n - 1)
    cap = I64(card_opt(I, F, p, MASTERPIECE, 0))
    return k if k < cap else cap
