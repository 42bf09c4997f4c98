"""Golem (Alchemy, $4P): Reveal cards from your deck until you reveal 2 Action cards other than
Golems. Discard the other cards, then play the Action cards in either order.

Rulings (official FAQ, DominionStrategy wiki "Golem"): revealed Golems are discarded with the
other non-chosen cards; if the deck and discard pile run out first, you play what you found
(one Action or none); the Actions are played, they use no Action of yours; one that is itself
a Duration or moves itself follows its own rules; you choose their order.

Decision: which of the two Actions is played first (play, source Golem; none when both are
copies of one card). House policy: the general play order (non-terminals first).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DISCARD,
    EV_REVEAL,
    H_NIDS,
    I64,
    I_O_OPT,
    K_PLAY,
    Z_ASIDE,
    Z_DISC,
    Z_PLAY,
    ask,
    deck_n,
    emit,
    ids_o,
    is_action,
    new_group,
    push_play,
    take_top,
    zo,
    zone_size,
)

GOLEM = np.int64(card_id("Golem"))

PROMPTS = {"play": "Action to play first (Golem)"}


@inline
def golem_play(S, I, F, p):
    """Reveal until two non-Golem Actions (or the deck and discard pile run out), discard the
    rest, then play the Actions: the one ``p`` chooses first (pushed last on the play stack)."""
    aside = zo(S, p, Z_ASIDE)
    a1 = I64(-1)
    a2 = I64(-1)
    while a2 < 0 and deck_n(S, p) + zone_size(S, p, Z_DISC) > 0:
        x = take_top(S, I, p)
        if x < 0:
            break
        emit(I, EV_REVEAL, p, x, I64(0))
        S[aside + x] += 1
        if is_action(I, x) and x != GOLEM:
            if a1 < 0:
                a1 = x
            else:
                a2 = x
    # the Actions wait set aside (a decision's view sees them); the other cards are discarded
    if a1 >= 0:
        S[aside + a1] -= 1
    if a2 >= 0:
        S[aside + a2] -= 1
    d = zo(S, p, Z_DISC)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[aside + x]
        if k > 0:
            S[aside + x] = 0
            S[d + x] += k
            for _ in range(k):
                emit(I, EV_DISCARD, p, x, I64(1))
    if a1 < 0:
        return
    S[aside + a1] += 1
    if a2 >= 0:
        S[aside + a2] += 1
    first = a1
    if a2 >= 0 and a2 != a1:
        o = I[I_O_OPT]
        I[o] = a1
        I[o + 1] = a2
        first = ask(S, I, F, p, K_PLAY, GOLEM, I64(-1), I64(-1), I64(2))
    second = a2 if first == a1 else a1
    pl = zo(S, p, Z_PLAY)
    if a2 >= 0:
        S[aside + second] -= 1
        S[pl + second] += 1
        push_play(S, I, second, new_group(S, I), I64(3))
    S[aside + first] -= 1
    S[pl + first] += 1
    push_play(S, I, first, new_group(S, I), I64(3))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: :func:`golem_play`."""
    golem_play(S, I, F, p)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing while the deck or discard pile holds a card (Geronimoo)."""
    return I64(1) if deck_n(S, p) + zone_size(S, p, Z_DISC) > 0 else I64(0)
