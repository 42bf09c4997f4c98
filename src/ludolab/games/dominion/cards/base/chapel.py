"""Chapel: trash up to 4 cards from your hand.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CHAPEL,
    COPPER,
    CURSE,
    ESTATE,
    H_COINS,
    H_NIDS,
    I64,
    K_TRASH,
    LIST_TRASH,
    NONE,
    TRUE,
    Z_HAND,
    ask,
    buy_with,
    copper_trash_ok,
    estate_trash_ok,
    hand_coins,
    ids_o,
    in_opts,
    list_accepts,
    list_len,
    opts_zone,
    trash_card,
    zo,
)


@inline
def chapel_play(S, I, F, p):
    """One trash decision per card (subject: cards trashed so far, ``-1`` stops), at most 4.
    House policy: :func:`chapel_trash`; played only when :func:`chapel_useful`."""
    for k in range(4):
        n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
        a = ask(S, I, F, p, K_TRASH, CHAPEL, np.int64(k), I64(-1), n)
        if a < 0:
            break
        trash_card(S, I, F, p, Z_HAND, a, I64(0))


@inline
def chapel_copper_ok(S, I, F, p, k):
    """Trash a Copper now (``k`` cards trashed so far by this Chapel)? While the Treasures
    owned keep $6 after it, and, when the hand held fewer than four junk cards (Curses, Estates,
    Coppers) before this Chapel, only if losing its coin leaves this turn's buy unchanged: a
    small trash that costs the buy is not worth it (Geronimoo's Chapel: trash over the buy only
    with four cards to trash)."""
    if not copper_trash_ok(S, I, p):
        return False
    h = zo(S, p, Z_HAND)
    if S[h + CURSE] + S[h + ESTATE] + S[h + COPPER] + k >= 4:
        return True
    c = S[H_COINS] + hand_coins(S, I, p)
    return buy_with(S, I, F, p, c, I64(-1)) == buy_with(S, I, F, p, c - 1, I64(-1))


@inline
def chapel_useful(S, I, F, p):
    """Worth playing: with a trash list, when the hand holds a card the list accepts; without,
    when it holds a Curse, an Estate early, or a Copper the money can spare."""
    h = zo(S, p, Z_HAND)
    if list_len(I, p, LIST_TRASH) > 0:
        io = ids_o(S)
        for i in range(S[H_NIDS]):
            x = S[io + i]
            if S[h + x] > 0 and list_accepts(S, I, F, p, LIST_TRASH, x):
                return True
        return False
    return (
        S[h + CURSE] > 0
        or (S[h + ESTATE] > 0 and estate_trash_ok(S))
        or (S[h + COPPER] > 0 and chapel_copper_ok(S, I, F, p, I64(0)))
    )


@inline
def chapel_trash(S, I, F, p, k, n, has_list):
    """The next card to trash (-1: stop; ``k`` trashed so far). A bot with a trash list trashes
    only what it names (its list was asked first); otherwise Curse, Estate while early, Copper
    while money allows and this turn's buy can spare it (:func:`chapel_copper_ok`)."""
    if has_list:
        return I64(-1)
    if in_opts(I, n, CURSE):
        return CURSE
    if in_opts(I, n, ESTATE) and estate_trash_ok(S):
        return ESTATE
    if in_opts(I, n, COPPER) and chapel_copper_ok(S, I, F, p, k):
        return COPPER
    return I64(-1)


@hook
def play(S, I, F, p, c, group, mask):
    chapel_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return chapel_trash(S, I, F, p, subject, n, list_len(I, p, LIST_TRASH) > 0)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: is playing this card worth it now (1) or not (0)? ``basic``: asked
    for a card another card would play (Throne Room, Vassal)."""
    return I64(chapel_useful(S, I, F, p))
