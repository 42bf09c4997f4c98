"""Ill-Gotten Gains (Hinterlands, first printing): $1. When you play this, you may gain a Copper,
putting it into your hand. When you gain this, each other player gains a Curse.

$1 is the card's row. Official FAQ (Dominion Strategy wiki): playing it, you may gain a Copper
from the Supply into your hand, which you may then play; gaining an Ill-Gotten Gains (bought or
otherwise), each other player gains a Curse, in turn order from the gainer's left, while Curses
last; this is not an Attack (Moat does not stop it). Decision: yes/no (subject Copper) when a
Copper is left.

Playbook, as DominionSim plays it: gain the Copper when the bot's buy list wants Copper, or when
the extra $1 changes what it buys this turn.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    GAINED_ASK,
    HDR,
    I64,
    K_YESNO,
    LIST_BUY,
    NONE,
    ask,
    coins_help,
    each_other_gains,
    gain,
    list_accepts,
    opts_list,
)

ILL_GOTTEN_GAINS = np.int64(card_id("Ill-Gotten Gains"))

PROMPTS = {"yesno": "gain a Copper into your hand (Ill-Gotten Gains)?"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: may gain a Copper into the hand (decision: yes/no)."""
    if S[HDR + COPPER] > 0:
        n = opts_list(I, I64(1), I64(0), NONE)
        if ask(S, I, F, p, K_YESNO, ILL_GOTTEN_GAINS, COPPER, I64(-1), n) == 1:
            gain(S, I, F, p, COPPER, I64(1))
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: an Ill-Gotten Gains gained gives each other seat a Curse, in turn order
    from the gainer's left; asked (``where >= GAINED_ASK``): 1 while Curses are left."""
    if where >= GAINED_ASK:
        return I64(c == ILL_GOTTEN_GAINS and S[HDR + CURSE] > 0)
    if c == ILL_GOTTEN_GAINS:
        each_other_gains(S, I, F, p, CURSE)
    return where


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the Copper when the buy list wants one now or the $1 buys more."""
    if stage == 0 or kind != K_YESNO:
        return NONE
    if list_accepts(S, I, F, p, LIST_BUY, COPPER) or coins_help(S, I, F, p, I64(1)):
        return I64(1)
    return I64(0)
