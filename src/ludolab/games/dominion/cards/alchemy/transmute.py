"""Transmute (Alchemy, cost P): Trash a card from your hand. If it is an... Action card, gain a
Duchy; Treasure card, gain a Transmute; Victory card, gain a Gold.

Rulings (official FAQ, DominionStrategy wiki "Transmute"): trashing a Curse gains nothing; a card
of several types gains each applicable card (an Action-Victory card such as Nobles: a Duchy and
a Gold). The trash is not optional while the hand holds a card.

Decision: trash (source Transmute, every card in hand, no stop).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COPPER,
    CURSE,
    DUCHY,
    ESTATE,
    FALSE,
    GOLD,
    H_COINS,
    H_NIDS,
    I64,
    K_TRASH,
    NONE,
    TY_ACTION,
    TY_TREASURE,
    TY_VICTORY,
    Z_HAND,
    ask,
    buy_with,
    card_opt,
    cost,
    gain,
    gains_to_end,
    hand_coins,
    ids_o,
    in_opts,
    opts_zone,
    tcol,
    trash_from,
    types,
    zo,
)

TRANSMUTE = np.int64(card_id("Transmute"))

PROMPTS = {"trash": "trash a card (Transmute: Action: a Duchy, Treasure: a Transmute, "
                    "Victory: a Gold)"}

#: Its bot option: when an Action card becomes a Duchy.
OPTIONS = (
    ("transmute_duchy_at", 4.0, (0, 99),
     "trash an Action for a Duchy once the game is this many gains from its end or closer "
     "(gains_to_end; 4, the playbook)"),
)


@inline
def transmute_play(S, I, F, p):
    """Trash a card from the hand (decision: trash), then gain by its types: an Action a Duchy,
    a Treasure a Transmute, a Victory card a Gold (each while its pile has one)."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    a = ask(S, I, F, p, K_TRASH, TRANSMUTE, I64(-1), I64(-1), n)
    if a < 0:
        return
    trash_from(S, I, p, Z_HAND, a, I64(0))
    t = types(I, a)
    if (t & TY_ACTION) != 0:
        gain(S, I, F, p, DUCHY, I64(0))
    if (t & TY_TREASURE) != 0:
        gain(S, I, F, p, TRANSMUTE, I64(0))
    if (t & TY_VICTORY) != 0:
        gain(S, I, F, p, GOLD, I64(0))


@inline
def transmute_pick(S, I, F, p, skip):
    """The playbook's card to trash (-1: none worth it): a Curse, then an Estate (a Gold), then
    near the end (option ``transmute_duchy_at``) the cheapest other Action (a Duchy), then a
    Copper whose loss leaves this turn's buy the same (Geronimoo's "buying power"). ``skip``:
    one Transmute in the hand is the one being played (not a card to trash)."""
    h = zo(S, p, Z_HAND)
    if S[h + CURSE] > 0:
        return CURSE
    if S[h + ESTATE] > 0:
        return ESTATE
    if gains_to_end(S) <= card_opt(I, F, p, TRANSMUTE, I64(0)):
        best = I64(-1)
        io = ids_o(S)
        for i in range(S[H_NIDS]):
            x = S[io + i]
            k = S[h + x] - (skip if x == TRANSMUTE else I64(0))
            if k > 0 and (types(I, x) & TY_ACTION) != 0 and (
                    best < 0 or cost(S, I, x) < cost(S, I, best)):
                best = x
        if best >= 0:
            return best
    if S[h + COPPER] > 0:
        coins = S[H_COINS] + hand_coins(S, I, p)
        v = tcol(I, COPPER, COL_COINS)
        if buy_with(S, I, F, p, coins - v, COPPER) == buy_with(S, I, F, p, coins, I64(-1)):
            return COPPER
    return I64(-1)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: :func:`transmute_play`."""
    transmute_play(S, I, F, p)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing when the playbook has a card to trash (the Transmute to
    play may be one of the hand's cards: one copy is not counted)."""
    return I64(1) if transmute_pick(S, I, F, p, I64(1)) >= 0 else I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's trash list, :func:`transmute_pick`, else the card the
    general rule trashes first (the trash is forced)."""
    if stage == 1 and kind == K_TRASH:
        x = transmute_pick(S, I, F, p, I64(0))
        if x >= 0 and in_opts(I, n, x):
            return x
    return NONE
