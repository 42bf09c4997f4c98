"""Tunnel (Hinterlands, both printings): 2 VP. When you discard this other than during
Clean-up, you may reveal it to gain a Gold.

2 VP is the card's row; the home is its ``discarded`` hook, which every discard outside
clean-up calls (``kernel.discard_card``: from the hand, from the deck, set-aside cards). Official
FAQ (Dominion Strategy wiki): it works on your turn (Oasis) and on another's (Margrave), from the
hand, the deck or set aside (Cartographer); revealing is optional; it does not work when cards go
to the discard pile without being discarded (a gain, Chancellor's deck) nor in Clean-up; each
discard reveals it once; no Gold left, no Gold. Decision: yes/no (subject Gold), asked only
while a Gold is left.

Playbook: reveal (option ``tunnel``: 0 never), as DominionSim plays it.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    GOLD,
    HDR,
    I64,
    K_YESNO,
    NONE,
    ask,
    card_opt,
    emit,
    gain,
    opts_list,
)

TUNNEL = np.int64(card_id("Tunnel"))

PROMPTS = {"yesno": "reveal the discarded Tunnel to gain a Gold?"}
OPTIONS = (
    ("tunnel", 1.0, (0, 1), "reveal a discarded Tunnel for a Gold (1, the playbook) or never (0)"),
)


@hook
def discarded(S, I, F, p, c, r, z):
    """Hook ``discarded``: a Tunnel discarded other than in clean-up may be revealed for a
    Gold (yes/no)."""
    if c != TUNNEL or S[HDR + GOLD] <= 0:
        return I64(0)
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, TUNNEL, GOLD, I64(-1), n) == 1:
        emit(I, EV_REVEAL, p, TUNNEL, I64(0))
        gain(S, I, F, p, GOLD, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: reveal unless the option says never."""
    if stage == 0 and kind == K_YESNO:
        return I64(1) if card_opt(I, F, p, TUNNEL, I64(0)) != 0.0 else I64(0)
    return NONE
