"""Weaver (Hinterlands, second printing): Gain two Silvers or a card costing up to $4. When you
discard this other than in Clean-up, you may play it.

The home: its ``play`` hook asks the mode (``MODES``: two Silvers, or a card costing up to $4,
then a gain decision with subject 4); its ``discarded`` hook, called by every discard outside
clean-up (``kernel.discard_card``), offers to play the Weaver just discarded (yes/no, subject
Weaver): it moves from the discard pile into play and resolves (``kernel.play_from``), on its
owner's turn or another's (an Attack's discard: Militia, Margrave), using no Action. A Weaver
played on another player's turn is discarded in that turn's clean-up with the other cards in
play.

Playbook (as DominionSim plays it): the card the bot's buy list would buy with $4 when that is
not a Silver (then the gain decision takes it: the gain list, else the buy list), else two
Silvers (option ``weaver``: 0 always two Silvers); always play a discarded Weaver.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    K_MODE,
    K_YESNO,
    NONE,
    SILVER,
    Z_DISC,
    ask,
    buy_with,
    card_opt,
    cost,
    gain,
    gain_choice,
    opts_list,
    play_from,
)

WEAVER = np.int64(card_id("Weaver"))

MODES = ("gain two Silvers", "gain a card costing up to $4")
PROMPTS = {"mode": "Weaver: two Silvers or a card costing up to $4?",
           "gain": "gain a card costing up to ${subject} (Weaver)",
           "yesno": "play the discarded Weaver?"}
OPTIONS = (
    ("weaver", 1.0, (0, 1),
     "the card the buy list would buy with $4 unless it is a Silver, else two Silvers (1, the "
     "playbook), or always two Silvers (0)"),
    ("weaver_discarded", 1.0, (0, 1),
     "play a Weaver when it is discarded other than in clean-up (1, the playbook) or never (0)"),
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the mode, then two Silvers or the card."""
    n = opts_list(I, I64(0), I64(1), NONE)
    if ask(S, I, F, p, K_MODE, WEAVER, I64(-1), I64(-1), n) == 0:
        gain(S, I, F, p, SILVER, I64(0))
        gain(S, I, F, p, SILVER, I64(0))
    else:
        a = gain_choice(S, I, F, p, WEAVER, I64(4), I64(0), False, I64(-1))
        if a >= 0:
            gain(S, I, F, p, a, I64(0))
    return I64(0)


@hook
def discarded(S, I, F, p, c, r, z):
    """Hook ``discarded``: a Weaver discarded other than in clean-up may be played (yes/no);
    returns 1 when it was."""
    if c != WEAVER:
        return I64(0)
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, WEAVER, WEAVER, I64(-1), n) != 1:
        return I64(0)
    play_from(S, I, F, p, c, Z_DISC)
    return I64(1)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer`` (before the bot's lists): the mode and the play by the options."""
    if stage != 0:
        return NONE
    if kind == K_MODE:
        if card_opt(I, F, p, WEAVER, I64(0)) == 0.0:
            return I64(0)
        w = buy_with(S, I, F, p, I64(4), I64(-1))
        return I64(1) if w >= 0 and w != SILVER and cost(S, I, w) <= 4 else I64(0)
    if kind == K_YESNO:
        return I64(1) if card_opt(I, F, p, WEAVER, I64(1)) != 0.0 else I64(0)
    return NONE
