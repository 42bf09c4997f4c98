"""Witch's Hut (Hinterlands, second printing): +4 Cards. Discard 2 cards, revealed. If they're
both Actions, each other player gains a Curse.

+4 Cards are the card's row (drawn first); the home discards two cards from the hand, one
decision each (discard; subject the cards still to go, 2 then 1; argument the card discarded
first, -1 before it), each revealed, and only when both are Action cards does the Attack's part
reach the seats it affects (each gains a Curse, in turn order, while Curses last). The
Reactions (Moat) are offered when it is played, as for every Attack. Official FAQ (Dominion
Strategy wiki): the discarded cards are revealed even when they are not both Actions; a card
with another type besides Action counts as an Action. With fewer than two cards in hand, what
there is is discarded, and no Curse is given.

Playbook: with two or more Action cards in hand that this turn cannot play (the Actions in hand
beyond the actions left) and Curses left, discard two of them, the cheapest first (option
``witchs_hut``: 0 never aims for the Curse); else the bot's discard list, else the general
discard order.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    EV_REVEAL,
    FALSE,
    H_ACTIONS,
    H_NAIDS,
    HDR,
    I64,
    I_O_OPT,
    K_DISCARD,
    NONE,
    Z_HAND,
    aids_o,
    ask,
    card_opt,
    cost,
    discard_card,
    each_attacked,
    emit,
    gain,
    is_action,
    opts_zone,
    zo,
)

WITCHS_HUT = np.int64(card_id("Witch's Hut"))

PROMPTS = {"discard": "discard a card, revealed ({subject} to go; Witch's Hut: two Actions "
                      "curse the others)"}
OPTIONS = (
    ("witchs_hut", 1.0, (0, 1),
     "discard two Action cards the turn cannot play, for the Curses (1, the playbook), or "
     "discard by the general order only (0)"),
)


@inline
def hut_discard(S, I, F, p, left, first):
    """Seat ``p`` discards one card from its hand, revealed (decision: discard, subject
    ``left``, argument ``first``); returns it (-1: the hand was empty)."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return I64(-1)
    x = ask(S, I, F, p, K_DISCARD, WITCHS_HUT, left, first, n)
    emit(I, EV_REVEAL, p, x, I64(0))
    discard_card(S, I, F, p, Z_HAND, x, I64(0))
    return x


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: discard two cards, revealed; both Actions: each affected seat gains a
    Curse (the ``attack`` hook, through ``each_attacked``)."""
    x1 = hut_discard(S, I, F, p, I64(2), I64(-1))
    x2 = hut_discard(S, I, F, p, I64(1), x1)
    if x1 >= 0 and x2 >= 0 and is_action(I, x1) and is_action(I, x2) and mask != 0:
        each_attacked(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` gains a Curse while Curses remain."""
    gain(S, I, F, q, CURSE, I64(0))
    return I64(0)


@inline
def cheapest_action(S, I, n):
    """The cheapest Action card among the ``n`` options (-1: none)."""
    o = I[I_O_OPT]
    best = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x >= 0 and is_action(I, x) and (best < 0 or cost(S, I, x) < cost(S, I, best)):
            best = x
    return best


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer`` (stage 0, before the bot's lists): aim for the Curses (module
    docstring); otherwise no opinion."""
    if stage != 0 or kind != K_DISCARD or card_opt(I, F, p, WITCHS_HUT, I64(0)) == 0.0:
        return NONE
    if S[HDR + CURSE] <= 0:
        return NONE
    if subject == 1:  # the second card: only if the first was an Action
        a = cheapest_action(S, I, n) if arg >= 0 and is_action(I, arg) else I64(-1)
        return a if a >= 0 else NONE
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    acts = I64(0)
    for i in range(S[H_NAIDS]):
        acts += S[h + S[ao + i]]
    if acts - S[H_ACTIONS] >= 2:
        return cheapest_action(S, I, n)
    return NONE
