"""Butcher (Guilds, both printings): +2 Coffers. You may trash a card from your hand, to gain a
card, costing up to $1 more than it per Coffers you spend.

Official FAQ (Dominion Strategy wiki): first the two Coffers; then you may trash a card and
spend any number of Coffers, none too, the two just taken too; the card gained costs up to the
trashed card's cost plus the Coffers spent (an Estate and six Coffers: a Province; another
Butcher and none: a Duchy). Coffers spent this way give no $. Decisions: trash (the hand and
-1), then, a card trashed and Coffers held, how many to spend (K_COFFERS, source Butcher,
subject the trashed card, options 0..the Coffers), then the gain (cost cap the trashed card's
cost plus those spent, argument the trashed card).

Playbook, after DominionSim's: trash a Curse; a Gold when the buy list would turn it into a
Province ($8 without that Gold: the Remodel rule); an Estate early (``estate_trash_ok``), or
late into the Duchy the buy list wants at $5; else nothing (the Coffers wait for a buy). Spend
what the card the buy list would buy with the trashed card's cost plus every Coffers costs
beyond the trashed card (a Silver when the list wants nothing there).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    DUCHY,
    ESTATE,
    EV_COFFERS_SPEND,
    FALSE,
    GOLD,
    HDR,
    I64,
    K_COFFERS,
    K_TRASH,
    NONE,
    PROVINCE,
    PS_COFFERS,
    SILVER,
    TRUE,
    Z_HAND,
    add_coffers,
    ask,
    buy_with,
    cost,
    cost_rec,
    emit,
    estate_trash_ok,
    gain,
    gain_choice,
    in_opts,
    opts_count,
    so,
    trash_from_hand,
    zo,
)

BUTCHER = np.int64(card_id("Butcher"))

COFFERS = True
PROMPTS = {"trash": "trash a card to gain one costing up to $1 more per Coffers spent (Butcher)?",
           "coffers": "spend Coffers to gain a dearer card for the {subject} (Butcher)"}


@inline
def butcher_play(S, I, F, p):
    """+2 Coffers; the optional trash; the Coffers to spend; the gain."""
    add_coffers(S, I, p, BUTCHER, I64(2))
    x = trash_from_hand(S, I, F, p, BUTCHER, I64(0), TRUE)
    if x < 0:
        return
    s = so(S, p)
    m = I64(0)
    if S[s + PS_COFFERS] > 0:
        n = opts_count(I, S[s + PS_COFFERS])
        m = ask(S, I, F, p, K_COFFERS, BUTCHER, x, I64(-1), n)
        if m > 0:
            S[s + PS_COFFERS] -= m
            emit(I, EV_COFFERS_SPEND, p, BUTCHER, m)
    g = gain_choice(S, I, F, p, BUTCHER, cost_rec(S, I, x) + m, I64(0), FALSE, x)
    if g >= 0:
        gain(S, I, F, p, g, I64(0))


@inline
def butcher_target(S, I, F, p):
    """The card the playbook trashes from hand, or -1 (see the module docstring)."""
    h = zo(S, p, Z_HAND)
    if S[h + CURSE] > 0:
        return CURSE
    if (S[h + GOLD] > 0 and S[HDR + PROVINCE] > 0
            and buy_with(S, I, F, p, I64(8), GOLD) == PROVINCE):
        return GOLD
    if S[h + ESTATE] > 0:
        if estate_trash_ok(S):
            return ESTATE
        if (S[HDR + DUCHY] > 0 and S[so(S, p) + PS_COFFERS] >= 3
                and buy_with(S, I, F, p, I64(5), ESTATE) == DUCHY):
            return ESTATE
    return I64(-1)


@inline
def butcher_spend(S, I, F, p, x, k):
    """Of ``k`` Coffers, what the wanted card for trashed ``x`` costs beyond it."""
    base = cost(S, I, x)
    t = buy_with(S, I, F, p, base + k, x)
    if t < 0 and base + k >= cost(S, I, SILVER) and S[HDR + SILVER] > 0:
        t = SILVER
    if t < 0:
        return I64(0)
    need = cost(S, I, t) - base
    if need <= 0:
        return I64(0)
    return need if need < k else k


@hook
def play(S, I, F, p, c, group, mask):
    butcher_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's trash list, :func:`butcher_target` (-1: none); the
    Coffers: :func:`butcher_spend`."""
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        t = butcher_target(S, I, F, p)
        return t if in_opts(I, n, t) else I64(-1)
    if kind == K_COFFERS:
        return butcher_spend(S, I, F, p, subject, n - 1)
    return NONE
