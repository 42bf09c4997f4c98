"""Mill (Intrigue, Action-Victory): +1 Card, +1 Action. You may discard 2 cards, for +$2. 1 VP.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_COINS_PLUS,
    FALSE,
    H_COINS,
    H_NIDS,
    I64,
    K_DISCARD,
    K_YESNO,
    NONE,
    Z_HAND,
    ask,
    card_opt,
    dead_terminals,
    discard_card,
    discard_rank,
    emit,
    ids_o,
    opts_list,
    opts_zone,
    zo,
    zone_size,
)

MILL = np.int64(card_id("Mill"))

PROMPTS = {"yesno": "discard 2 cards for +$2 (Mill)?"}
OPTIONS = (
    ("mill", 0.0, (0.0, 2.0),
     "Mill's discard: 1 never, 2 always (with 2 cards in hand); 0: the playbook (when the two "
     "cards to discard are each no better than a Copper: Curses, Victory cards, dead "
     "terminals, Coppers)"),
)


@inline
def mill_play(S, I, F, p):
    """With a card in hand, ask yes/no; yes: discard two cards (decision: discard, subject the
    cards still to discard; the FAQ: with one card in hand you may discard it, but +$2 only
    comes with two discarded)."""
    if zone_size(S, p, Z_HAND) == 0:
        return
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, MILL, I64(-1), I64(-1), n) != 1:
        return
    done = 0
    for j in range(2):
        n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
        if n == 0:
            break
        a = ask(S, I, F, p, K_DISCARD, MILL, np.int64(2 - j), I64(-1), n)
        discard_card(S, I, F, p, Z_HAND, a, I64(0))
        done += 1
    if done == 2:
        S[H_COINS] += 2
        emit(I, EV_COINS_PLUS, p, MILL, I64(2))


@inline
def mill_yes(S, I, F, p):
    """1 discard, 0 not: bot option ``mill`` first, else the playbook (after Geronimoo's Mill):
    with two cards or more in hand, when the second-worst card to discard (:func:`discard_rank`)
    is no better than a Copper."""
    v = np.int64(card_opt(I, F, p, MILL, I64(0)))
    if v == 1:
        return I64(0)
    if zone_size(S, p, Z_HAND) < 2:
        return I64(0)
    if v == 2:
        return I64(1)
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    dead = dead_terminals(S, I, p)
    r1 = 1 << 30
    r2 = 1 << 30
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[h + x]
        if k <= 0:
            continue
        r = discard_rank(S, I, x, dead)
        for _ in range(min(k, 2)):
            if r < r1:
                r2 = r1
                r1 = r
            elif r < r2:
                r2 = r
    return I64(1) if r2 <= discard_rank(S, I, COPPER, dead) else I64(0)


@hook
def play(S, I, F, p, c, group, mask):
    mill_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return mill_yes(S, I, F, p)
    return NONE
