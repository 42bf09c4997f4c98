"""Minion (Intrigue): +1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other
player with at least 5 cards in hand discards their hand and draws 4 cards.

The +1 Action
is the card's row. Reactions (Moat, Diplomat) are revealed before the choice is made (the
kernel's ``attacked`` runs before this hook), as the official FAQ asks.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_CHOICE,
    H_ACTIONS,
    H_COINS,
    H_NAIDS,
    H_NIDS,
    I64,
    K_MODE,
    LIST_BUY,
    NONE,
    Z_DISC,
    Z_HAND,
    aids_o,
    ask,
    card_opt,
    cost,
    deck_n,
    discard_all,
    draw,
    each_attacked,
    emit,
    first_wish,
    hand_coins,
    ids_o,
    is_junk,
    opts_list,
    zo,
    zone_size,
)

MODES = ("+$2", "discard hand, +4 Cards, attack")
OPTIONS = (
    ("minion", 0.0, (0.0, 2.0),
     "Minion's choice: 0 the playbook (+$2 while another Minion is in hand or when it reaches "
     "the buy list's best wish, else the attack), 1 always +$2, 2 always the attack"),
)

MINION = np.int64(card_id("Minion"))


@inline
def minion_play(S, I, F, p, c, mask):
    """Decision: mode (0 +$2, 1 discard the hand, +4 Cards and the attack: :func:`attack` on
    each seat in ``mask``, in turn order)."""
    n = opts_list(I, I64(0), I64(1), NONE)
    m = ask(S, I, F, p, K_MODE, MINION, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, MINION, m)
    if m == 0:
        S[H_COINS] += 2
        return
    discard_all(S, I, F, p, Z_HAND, I64(0))
    draw(S, I, p, I64(4))
    each_attacked(S, I, F, p, c, mask)


@inline
def _top_buy_cost(S, I, F, p):
    """The cost of the first card of ``p``'s buy list that it would buy now with enough coins
    (:func:`first_wish`): what +$2 should reach; $8 without a list."""
    c = first_wish(S, I, F, p, LIST_BUY)
    return cost(S, I, c) if c >= 0 else I64(8)


@inline
def minion_mode(S, I, F, p):
    """Bot option ``minion``: 1 always +$2, 2 always the attack. 0 (default; DominionSim's
    Minion player): +$2 while another Minion, or another Action with an action left to play it,
    is in hand (the last one decides), or when +$2 makes the coins reach the best card the
    bot's buy list wants now (its first entry that applies; $8 without a list), or when the
    draw pile holds fewer than 4 cards and the discard pile more than 3 Coppers, Curses and
    Victory cards (the new hand would be junk); else the attack: a new hand of 4, which also
    strips the others' 5-card hands."""
    mode = np.int64(card_opt(I, F, p, MINION, I64(0)))
    if mode == 1:
        return I64(0)
    if mode == 2:
        return I64(1)
    h = zo(S, p, Z_HAND)
    if S[h + MINION] > 0:
        return I64(0)
    if S[H_ACTIONS] > 0:
        ao = aids_o(S)
        for i in range(S[H_NAIDS]):
            if S[h + S[ao + i]] > 0:
                return I64(0)  # another Action to play: keep the hand that holds it
    if S[H_COINS] + hand_coins(S, I, p) + 2 >= _top_buy_cost(S, I, F, p):
        return I64(0)
    if deck_n(S, p) < 4:
        d = zo(S, p, Z_DISC)
        io = ids_o(S)
        junk = I64(0)
        for i in range(S[H_NIDS]):
            x = S[io + i]
            if S[d + x] > 0 and (x == COPPER or is_junk(I, x)):
                junk += S[d + x]
        if junk > 3:
            return I64(0)
    return I64(1)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its +1 Action is the row)."""
    minion_play(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q``, holding 5 or more cards now, discards its hand and draws 4."""
    if zone_size(S, q, Z_HAND) >= 5:
        discard_all(S, I, F, q, Z_HAND, I64(0))
        draw(S, I, q, I64(4))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's mode (stage 1, after the bot's lists)."""
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return minion_mode(S, I, F, p)
    return NONE


@hook
def score(S, I, F, p, c):
    """Hook ``score``: after every other non-terminal Action (a Minion may discard the hand, so
    the Villages and cantrips go first), before the terminals."""
    return I64(999)
