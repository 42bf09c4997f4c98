"""Upgrade (Intrigue): +1 Card, +1 Action. Trash a card from your hand. Gain a card costing
exactly $1 more than it.

The +1
Card and +1 Action are the card's row (drawn before the trash).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
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
    in_opts,
    trash_then_gain,
    zo,
)

UPGRADE = np.int64(card_id("Upgrade"))

PROMPTS = {"gain": "gain a card costing exactly $1 more than the trashed card (Upgrade)"}


@inline
def upgrade_play(S, I, F, p):
    """Trash (decision: trash, mandatory while the hand has a card; an empty hand trashes and
    gains nothing), then gain (decision: gain, subject the exact cost, argument the trashed
    card) a card costing exactly $1 more than the trashed one, both costs as they are now
    (Bridge: a Copper still costs $0, an Estate $1, so Copper becomes Estate). No card at that
    cost: nothing is gained (:func:`trash_then_gain`). House policy: :func:`upgrade_trash`; the
    gain: the gain list, else the buy list, else the default gain."""
    trash_then_gain(S, I, F, p, UPGRADE, I64(0), FALSE, I64(1), True, I64(0), I64(0))


@inline
def upgrade_target(S, I, p):
    """The card the playbook trashes from hand, or -1 if none is worth it: a Curse (gone, or a
    $1 card under Bridge); an Estate while five or more gains are needed to end the game (a $3:
    Silver); a Copper while the money owned stays at $6 or more."""
    h = zo(S, p, Z_HAND)
    if S[h + CURSE] > 0:
        return CURSE
    if S[h + ESTATE] > 0 and estate_trash_ok(S):
        return ESTATE
    if S[h + COPPER] > 0 and copper_trash_ok(S, I, p):
        return COPPER
    return I64(-1)


@inline
def upgrade_trash(S, I, p, n):
    """After the bot's trash list: :func:`upgrade_target` if it is an option, else NONE (the
    general trash order: Curse, Estate, Copper, then the cheapest, Victory cards last)."""
    t = upgrade_target(S, I, p)
    if t >= 0 and in_opts(I, n, t):
        return t
    return NONE


@hook
def play(S, I, F, p, c, group, mask):
    upgrade_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 1 and kind == K_TRASH:
        return upgrade_trash(S, I, p, n)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing (a cantrip, but its trash is mandatory) when the hand
    already holds a card the playbook wants trashed (:func:`upgrade_target`)."""
    return I64(upgrade_target(S, I, p) >= 0)
