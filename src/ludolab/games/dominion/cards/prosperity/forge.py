"""Forge (Prosperity): Trash any number of cards from your hand. Gain a card with cost exactly
equal to the total cost in $ of the trashed cards.

Rulings
(official FAQ): "any number" includes zero, and then a card costing exactly $0 is gained if
there is one (Copper, Curse); with no card at the total nothing is gained; the gain comes from
the Supply to the discard pile; each card's cost is its cost now (Bridge).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    ESTATE,
    I64,
    I_ERROR,
    K_GAIN,
    K_TRASH,
    LIST_TRASH,
    NONE,
    TRUE,
    Z_HAND,
    ask,
    cost,
    gain,
    gains_to_end,
    in_opts,
    list_len,
    opts_supply_exact,
    opts_zone,
    trash_card,
    zo,
)

FORGE = np.int64(card_id("Forge"))

PROMPTS = {"trash": "trash a card (Forge; none: stop)",
           "gain": "gain a card costing exactly the trashed cards' total (Forge)"}


@inline
def forge_play(S, I, F, p):
    """Trash one card at a time (decision: trash with ``-1`` to stop; subject: cards trashed so
    far), adding up their costs now; then gain (decision: gain among the piles costing exactly
    the total, no stop option; subject: the total)."""
    total = I64(0)
    k = I64(0)
    while I[I_ERROR] == 0:
        n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
        if n <= 1:
            break
        a = ask(S, I, F, p, K_TRASH, FORGE, k, I64(-1), n)
        if a < 0:
            break
        total += cost(S, I, a)
        trash_card(S, I, F, p, Z_HAND, a, I64(0))
        k += 1
    n = opts_supply_exact(S, I, total, I64(0))
    if n > 0:
        b = ask(S, I, F, p, K_GAIN, FORGE, total, I64(-1), n)
        if b >= 0:
            gain(S, I, F, p, b, I64(0))


@inline
def forge_junk(S, I, p, x):
    """Is ``x`` a card the playbook forges away: a Curse, or an Estate unless the game is two
    gains from its end? Not a Copper: it adds $0 to the total, so it only thins, and a money
    deck needs it (measured: Forge Big Money that also forged Coppers while its money allowed
    won 26% against Big Money Ultimate); a bot that wants Coppers gone names them in its trash
    list."""
    if x == CURSE:
        return True
    if x == ESTATE:
        return gains_to_end(S) > 2
    return False


@inline
def forge_trash(S, I, p, n, has_list):
    """The next card to trash (-1: stop): junk (:func:`forge_junk`), Curses and Estates first. A
    bot with a trash list trashes only what it names (its list was asked first)."""
    if has_list:
        return I64(-1)
    for x in (CURSE, ESTATE):
        if in_opts(I, n, x) and forge_junk(S, I, p, x):
            return x
    return I64(-1)


@inline
def forge_useful(S, I, p):
    """Worth playing with two cards or more to forge away (one alone gains only a $0 or $2
    card)."""
    h = zo(S, p, Z_HAND)
    k = I64(0)
    for x in (CURSE, ESTATE):
        if S[h + x] > 0 and forge_junk(S, I, p, x):
            k += S[h + x]
    return k >= 2


@hook
def play(S, I, F, p, c, group, mask):
    forge_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's answer to a decision this card asks (stage 0: before
    the bot's lists, 1: after them); ``NONE``: no opinion, the general rule (the gain: the bot's
    gain or buy list, else the default gain among the exact-cost piles)."""
    if stage == 1 and kind == K_TRASH:
        return forge_trash(S, I, p, n, list_len(I, p, LIST_TRASH) > 0)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    return I64(1) if forge_useful(S, I, p) else I64(0)
