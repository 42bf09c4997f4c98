"""Stonemason (Guilds, both printings): Trash a card from your hand. Gain 2 cards each costing
less than it. Overpay: when you buy this, you may overpay for it; if you do, gain 2 Action
cards each costing the amount you overpaid.

Official FAQ (Dominion Strategy wiki): the two cards may differ, each costing less than the
trashed card (a $0 card trashed: nothing to gain); with an empty hand nothing happens. Overpay:
the two Action cards cost exactly the amount overpaid (they may differ); $0: nothing; they are
gained before the Stonemason. Decisions: trash (the hand; no stop), two gains (cost cap the
trashed card's cost - 1, argument the trashed card); overpay (K_OVERPAY, subject Stonemason),
then two gains of an Action costing exactly the amount (subject the amount).

Playbook, after DominionSim: played with a Curse or a Copper in hand, which it trashes (a
trasher; the bot's trash list first); gains by the gain list, else the buy list; overpays for
the Action card (not Stonemason) the buy list would buy with every coin left, its cost.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    FALSE,
    I64,
    K_GAIN,
    K_OVERPAY,
    K_TRASH,
    NONE,
    TY_ACTION,
    Z_HAND,
    ask,
    cost,
    gain,
    in_opts,
    opts_supply_exact,
    opts_supply_less,
    trash_from_hand,
    wanted_of_type,
    zo,
)

STONEMASON = np.int64(card_id("Stonemason"))

PROMPTS = {"trash": "trash a card (Stonemason)",
           "gain": "gain a card cheaper than the trashed card (Stonemason)",
           "gain:-1": "gain an Action card costing exactly ${subject} (Stonemason)"}


@inline
def stonemason_play(S, I, F, p):
    """Trash a card (mandatory); two gains each costing less than it."""
    x = trash_from_hand(S, I, F, p, STONEMASON, I64(0), FALSE)
    if x < 0:
        return
    k = cost(S, I, x) - 1  # the decision's subject (words); the options compare whole costs
    for _ in range(2):
        g = ask(S, I, F, p, K_GAIN, STONEMASON, k, x, opts_supply_less(S, I, x, I64(0)))
        if g >= 0:
            gain(S, I, F, p, g, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    stonemason_play(S, I, F, p)
    return I64(0)


@hook
def overpay(S, I, F, p, c, x):
    """Hook ``overpay``: two Action cards each costing exactly ``x``."""
    for _ in range(2):
        n = opts_supply_exact(S, I, x, TY_ACTION)
        if n == 0:
            break
        g = ask(S, I, F, p, K_GAIN, STONEMASON, x, I64(-1), n)
        gain(S, I, F, p, g, I64(0))
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing with a Curse or a Copper in hand."""
    h = zo(S, p, Z_HAND)
    return I64(S[h + CURSE] > 0 or S[h + COPPER] > 0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the trash list a Curse, else a Copper; the overpay (see the
    module docstring)."""
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        if in_opts(I, n, CURSE):
            return CURSE
        if in_opts(I, n, COPPER):
            return COPPER
        return NONE
    if kind == K_OVERPAY:
        t = wanted_of_type(S, I, F, p, n - 1, TY_ACTION, STONEMASON)
        return cost(S, I, t) if t >= 0 else I64(0)
    return NONE


