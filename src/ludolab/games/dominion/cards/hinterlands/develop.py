"""Develop (Hinterlands, both printings): trash a card from your hand. Gain two cards onto your
deck, with one costing exactly $1 more than it, and one costing exactly $1 less than it, in
either order.

Official FAQ (Dominion Strategy wiki): the trash is not optional while the hand has a card;
the gains are from the Supply, onto the deck, costs as they are now; with no card at one of the
costs only the other is gained (none at either: nothing); the player chooses the order, so
chooses which one ends on top. Decisions: trash (the hand, subject -1); when both costs have a
card, a mode (0: the $1-cheaper card first, so the dearer one ends on top; 1: the dearer one
first); then a gain per cost (subject the exact cost, argument the trashed card).

Playbook, as DominionSim plays it: trash the first card (in the general trash order) for which
the bot's buy list wants a card at exactly $1 more and one at exactly $1 less (an Ill-Gotten
Gains into a Gold and a Caravan); else the card the trash order puts first. The gains: the bot's
gain list, else its buy list at that cost, else the default gain. The order: the dearer card on
top (bot option ``develop``: 0 puts the cheaper one on top). Worth playing with such a pair in
hand, a Curse, or an Estate to turn into a Silver while the game is young.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    ESTATE,
    EV_CHOICE,
    FALSE,
    H_NIDS,
    I64,
    I_O_OPT,
    K_GAIN,
    K_MODE,
    K_TRASH,
    NONE,
    POT_UNIT,
    Z_HAND,
    ask,
    buy_with,
    card_opt,
    cost,
    cost_rec,
    emit,
    estate_trash_ok,
    gain,
    ids_o,
    opts_list,
    opts_supply_exact,
    opts_zone,
    trash_card,
    trash_rank,
    zo,
)

DEVELOP = np.int64(card_id("Develop"))

PROMPTS = {"trash": "trash a card from your hand (Develop)",
           "mode": "which card to gain first (Develop: the second ends on top)",
           "gain": "gain a card costing exactly ${subject} onto your deck (Develop)"}
MODES = ("the $1-cheaper card first", "the $1-dearer card first")
OPTIONS = (("develop", 1.0, (0.0, 1.0),
            "1: the dearer of Develop's two gains ends on top of the deck; 0: the cheaper"),)


@inline
def develop_gain(S, I, F, p, k, trashed):
    """Gain a card costing exactly ``k`` onto the deck (decision: gain), if one is left."""
    n = opts_supply_exact(S, I, k, I64(0))
    if n > 0:
        b = ask(S, I, F, p, K_GAIN, DEVELOP, k, trashed, n)
        if b >= 0:
            gain(S, I, F, p, b, I64(2))


@inline
def develop_play(S, I, F, p):
    """Trash a card from the hand; gain the two cards (the order: a mode decision when both
    costs have a card)."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    a = ask(S, I, F, p, K_TRASH, DEVELOP, I64(-1), I64(-1), n)
    trash_card(S, I, F, p, Z_HAND, a, I64(0))
    k = cost_rec(S, I, a)  # whole costs: trashing a $3P card gains a $4P and a $2P card
    up = opts_supply_exact(S, I, k + 1, I64(0)) > 0
    down = cost(S, I, a) >= 1 and opts_supply_exact(S, I, k - 1, I64(0)) > 0
    first_up = False
    if up and down:
        m = ask(S, I, F, p, K_MODE, DEVELOP, a, I64(-1), opts_list(I, I64(0), I64(1), NONE))
        emit(I, EV_CHOICE, p, DEVELOP, m)
        first_up = m == 1
    if first_up:
        develop_gain(S, I, F, p, k + 1, a)
        develop_gain(S, I, F, p, k - 1, a)
    else:
        if down:
            develop_gain(S, I, F, p, k - 1, a)
        if up:
            develop_gain(S, I, F, p, k + 1, a)


@inline
def wants_at(S, I, F, p, k):
    """Does the bot's buy list want a card costing exactly ``k`` (what it buys with $k costs
    exactly that)?"""
    if k < 0:
        return False
    b = buy_with(S, I, F, p, k & (POT_UNIT - 1), I64(-1))  # (its coins; Potions as it has them)
    return b >= 0 and cost_rec(S, I, b) == k


@inline
def develop_pair(S, I, F, p, x):
    """Would trashing ``x`` gain two cards the bot wants (one each side of its cost)?"""
    k = cost_rec(S, I, x)
    return wants_at(S, I, F, p, k + 1) and cost(S, I, x) >= 1 and wants_at(S, I, F, p, k - 1)


@inline
def develop_trash(S, I, F, p, n):
    """Of the ``n`` options (the hand), the first in the trash order that makes a wanted pair,
    else the first in the trash order."""
    o = I[I_O_OPT]
    best = I64(-1)
    br = 1 << 30
    pair = I64(-1)
    pr = 1 << 30
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        r = trash_rank(S, I, x)
        if r < br:
            br = r
            best = x
        if r < pr and develop_pair(S, I, F, p, x):
            pr = r
            pair = x
    return pair if pair >= 0 else best


@hook
def play(S, I, F, p, c, group, mask):
    develop_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the trash after the bot's trash list (:func:`develop_trash`); the order
    by the bot option (dearer on top: the cheaper first)."""
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return develop_trash(S, I, F, p, n)
    if kind == K_MODE:
        return I64(0) if card_opt(I, F, p, DEVELOP, 0) != 0.0 else I64(1)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: with a Curse in hand, an Estate while the game is young
    (``estate_trash_ok``), or a card that makes a wanted pair."""
    h = zo(S, p, Z_HAND)
    if S[h + CURSE] > 0 or (S[h + ESTATE] > 0 and estate_trash_ok(S)):
        return I64(1)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[h + x] - (1 if x == DEVELOP else 0)
        if k > 0 and develop_pair(S, I, F, p, x):
            return I64(1)
    return I64(0)
