"""Remake (Cornucopia, both printings): Do this twice: Trash a card from your hand, then gain a card
costing exactly $1 more than it.

Twice the kernel's trash-then-gain block: a trash decision (mandatory while the hand has a card),
then a gain decision (subject the exact cost, argument the trashed card) over the piles costing
exactly $1 more than it now; no such pile: nothing gained (official FAQ, Dominion Strategy wiki:
trash, gain, then trash and gain again; if there is no card at that cost you gain nothing; with
one card in hand you trash it and gain, then the second time nothing happens).

The playbook, as DominionSim plays it: played only with two cards in hand it wants trashed (a
Curse; an Estate while five or more gains are needed to end the game; a Copper while the money
owned stays at $6 or more: Upgrade's targets); each trash is the bot's trash list, else that
target, else the general trash order; the gain is the gain list, else the buy list, else the
default gain.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.intrigue.upgrade import upgrade_trash
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    FALSE,
    I64,
    K_TRASH,
    NONE,
    Z_HAND,
    copper_trash_ok,
    estate_trash_ok,
    trash_then_gain,
    zo,
)

REMAKE = np.int64(card_id("Remake"))

PROMPTS = {"gain": "gain a card costing exactly $1 more than the trashed card (Remake)",
           "trash": "trash a card from your hand (Remake)"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: twice, trash a card from hand and gain one costing exactly $1 more."""
    for _ in range(2):
        trash_then_gain(S, I, F, p, REMAKE, I64(0), FALSE, I64(1), True, I64(0), I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's trash list, Upgrade's target (a Curse, an early Estate,
    a spare Copper), else the general trash order."""
    if stage == 1 and kind == K_TRASH:
        return upgrade_trash(S, I, p, n)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing with two cards in hand the playbook wants trashed."""
    h = zo(S, p, Z_HAND)
    k = S[h + CURSE]
    if estate_trash_ok(S):
        k += S[h + ESTATE]
    if copper_trash_ok(S, I, p):
        k += min(S[h + COPPER], I64(2))
    return I64(k >= 2)
