"""Salvager (Seaside, both printings): +1 Buy. Trash a card from your hand. +$ equal to its cost.

The +1 Buy is
the card's row. Official FAQ (Dominion Strategy wiki): trashing is not optional if the hand has
a card; the +$ is the trashed card's cost when it is trashed (a cost reduction in force, e.g.
Bridge, lowers it); with an empty hand nothing happens.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COPPER,
    CURSE,
    ESTATE,
    EV_COINS_PLUS,
    FALSE,
    H_COINS,
    H_NIDS,
    I64,
    K_TRASH,
    NONE,
    Z_HAND,
    ask,
    buy_with,
    cost,
    emit,
    estate_trash_ok,
    hand_coins,
    ids_o,
    in_opts,
    is_junk,
    is_treasure,
    opts_zone,
    tcol,
    trash_card,
    zo,
)

SALVAGER = np.int64(card_id("Salvager"))


@inline
def salvager_play(S, I, F, p):
    """Trash a card from hand (decision: trash, no -1; nothing with an empty hand) and get +$
    its cost at that moment."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    x = ask(S, I, F, p, K_TRASH, SALVAGER, I64(-1), I64(-1), n)
    k = cost(S, I, x)
    trash_card(S, I, F, p, Z_HAND, x, I64(0))
    if k > 0:
        S[H_COINS] += k
        emit(I, EV_COINS_PLUS, p, SALVAGER, k)


@inline
def salvager_worth(S, I, c):
    """How much the bot values owning ``c`` (-1: nothing): a Curse 0, an Estate 1 early (5 late),
    a Copper 2, other Victory cards 100 + cost (kept), the rest 10 + cost."""
    if c < 0:
        return I64(-1)
    if c == CURSE:
        return I64(0)
    if c == ESTATE:
        return I64(1) if estate_trash_ok(S) else I64(5)
    if c == COPPER:
        return I64(2)
    if is_junk(I, c):
        return 100 + cost(S, I, c)
    return 10 + cost(S, I, c)


@inline
def salvager_pick(S, I, F, p):
    """The card in hand to trash and whether it is a good one (Geronimoo's simulator's rule):
    a card is a candidate when trashing it buys something better than the hand buys without it
    and better than the card itself, or when it is junk (Curse, Estate, Copper) and the buy
    stays the same; of the candidates, the one whose buy is best, then the least worth. No
    candidate: the least worth card (False)."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    coins = S[H_COINS] + hand_coins(S, I, p)
    without = buy_with(S, I, F, p, coins, I64(-1))
    w0 = salvager_worth(S, I, without)
    best = I64(-1)
    best_gain = I64(-2)
    best_worth = I64(1 << 40)
    low = I64(-1)
    low_worth = I64(1 << 40)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] <= 0:
            continue
        wx = salvager_worth(S, I, x)
        if wx < low_worth:
            low = x
            low_worth = wx
        v = tcol(I, x, COL_COINS) if is_treasure(I, x) else I64(0)
        b = buy_with(S, I, F, p, coins - v + cost(S, I, x), x)
        wb = salvager_worth(S, I, b)
        ok = (b >= 0 and wb > w0 and wx < wb) or (wx <= 2 and b == without)
        if not ok:
            continue
        if wb > best_gain or (wb == best_gain and wx < best_worth):
            best = x
            best_gain = wb
            best_worth = wx
    if best >= 0:
        return best, True
    return low, False


@hook
def play(S, I, F, p, c, group, mask):
    salvager_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's trash list, :func:`salvager_pick`."""
    if stage == 0 or kind != K_TRASH:
        return NONE
    x, _ = salvager_pick(S, I, F, p)
    if x >= 0 and in_opts(I, n, x):
        return x
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: play it when the hand holds a card worth trashing by
    :func:`salvager_pick` (else it would trash a good card for nothing it needs)."""
    h = zo(S, p, Z_HAND) + SALVAGER
    S[h] -= 1  # the Salvager to be played is not a card to trash
    _, good = salvager_pick(S, I, F, p)
    S[h] += 1
    return I64(1) if good else I64(0)
