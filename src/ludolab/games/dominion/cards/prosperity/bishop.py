"""Bishop (Prosperity): +$1. +1 VP. Trash a card from your hand. +1 VP per $2 it costs (round
down). Each other player may trash a card from their hand.

The +$1 is its
row's column. Rulings (official FAQ): trashing is mandatory for the player (with an empty hand
the +$1 and +1 VP still come), optional for the others, who trash in turn order and get no VP;
the cost is the card's cost now (Bridge's reduction counts).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COL_VP,
    COPPER,
    CURSE,
    ESTATE,
    FALSE,
    H_COINS,
    H_NP,
    I64,
    I_ERROR,
    I_O_OPT,
    K_TRASH,
    NONE,
    TRUE,
    Z_HAND,
    add_vpt,
    ask,
    buy_with,
    copper_trash_ok,
    cost,
    estate_trash_ok,
    gains_to_end,
    hand_coins,
    in_opts,
    is_treasure,
    opts_zone,
    tcol,
    trash_card,
    trash_rank,
)

BISHOP = np.int64(card_id("Bishop"))

PROMPTS = {"trash": "trash a card (Bishop of seat {arg}; -1: none)"}


@inline
def bishop_play(S, I, F, p):
    """+1 VP; trash a card from hand (decision: trash, no stop option; arg -1), +VP half its
    cost now, rounded down; then each other seat in turn order may trash one (decision: trash
    with ``-1`` to decline; arg: the Bishop's seat)."""
    add_vpt(S, I, p, I64(1))
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n > 0:
        a = ask(S, I, F, p, K_TRASH, BISHOP, I64(-1), I64(-1), n)
        if a >= 0:
            k = cost(S, I, a)  # before it leaves the hand: the cost now (Bridge)
            trash_card(S, I, F, p, Z_HAND, a, I64(0))
            if k >= 2:
                add_vpt(S, I, p, k // 2)
    np_ = S[H_NP]
    for i in range(1, np_):
        if I[I_ERROR] != 0:
            break
        q = (p + i) % np_
        n = opts_zone(S, I, q, Z_HAND, I64(0), TRUE)
        if n <= 1:
            continue  # an empty hand: nothing to trash
        b = ask(S, I, F, q, K_TRASH, BISHOP, I64(-1), p, n)
        if b >= 0:
            trash_card(S, I, F, q, Z_HAND, b, I64(0))


@inline
def keeps_buy(S, I, F, p, x):
    """Does this turn's buy stay the same without card ``x`` from hand (its coins if it is a
    Treasure, and the bot's lists read as if it were not owned)? Geronimoo's "removing it does
    not reduce buying power"."""
    pot = S[H_COINS] + hand_coins(S, I, p)
    less = pot - tcol(I, x, COL_COINS) if is_treasure(I, x) else pot
    return buy_with(S, I, F, p, less, x) == buy_with(S, I, F, p, pot, I64(-1))


@inline
def bishop_trash(S, I, F, p, n):
    """The card the playbook trashes (after the bot's trash list): a Curse; early (five or more
    gains from the end) the first card by the general trash order (Estate, Copper, then the
    cheapest) among those whose loss keeps this turn's buy; late, the one worth the most VP
    (half its cost less its own VP: a Gold is +3) among those; none keeps the buy: the first
    by the trash order."""
    o = I[I_O_OPT]
    if in_opts(I, n, CURSE):
        return CURSE
    late = gains_to_end(S) <= 3
    best = I64(-1)
    best_key = I64(1) << 40
    fallback = I64(-1)
    fb_rank = I64(1) << 40
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        rk = trash_rank(S, I, x)
        if rk < fb_rank:
            fb_rank = rk
            fallback = x
        if not keeps_buy(S, I, F, p, x):
            continue
        key = rk - 100 * (cost(S, I, x) // 2 - tcol(I, x, COL_VP)) if late else rk
        if key < best_key:
            best_key = key
            best = x
    return best if best >= 0 else fallback


@inline
def other_trash(S, I, F, q, n):
    """Another seat's answer (it may trash one): a Curse; an Estate while Estates are worth
    trashing (:func:`estate_trash_ok`); a Copper while its money allows
    (:func:`copper_trash_ok`) and its next turn's buy, with the hand it holds, stays the same
    (Geronimoo's Bishop: junk only, never what it needs); else none."""
    if in_opts(I, n, CURSE):
        return CURSE
    if in_opts(I, n, ESTATE) and estate_trash_ok(S):
        return ESTATE
    if in_opts(I, n, COPPER) and copper_trash_ok(S, I, q):
        hc = hand_coins(S, I, q)
        if buy_with(S, I, F, q, hc - 1, COPPER) == buy_with(S, I, F, q, hc, I64(-1)):
            return COPPER
    return I64(-1)


@hook
def play(S, I, F, p, c, group, mask):
    bishop_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0 or kind != K_TRASH:
        return NONE
    if arg >= 0:
        return other_trash(S, I, F, p, n)
    return bishop_trash(S, I, F, p, n)
