"""Scheme (Hinterlands, both printings): +1 Card, +1 Action. This turn, you may put one of your
Action cards onto your deck when you discard it from play. (First printing: at the start of
Clean-up this turn, you may choose an Action card you have in play; if you discard it from play
this turn, put it on your deck.)

+1 Card and +1 Action are the card's row. Both printings play alike here: the pool's cards
discard from play only in clean-up, so the choice is made at its start (the ``cleanup`` hook)
and the chosen card goes from play onto the deck, before the new hand is drawn. Official FAQ
(Dominion Strategy wiki): the Action card may be Scheme itself or any other Action card you
have in play, played before or after Scheme; Scheme is cumulative: two Schemes, or a Throne
Room'd Scheme, put up to two Action cards onto the deck. So the number of choices is the turn's
plays of Scheme (``turn_o``, Throne Room's two plays counted), made once: the hook, called once
per Scheme in play, uses the count up. A card staying in play (a Duration with effects still
waiting) is not discarded and cannot be chosen. Decisions: topdeck (subject how many choices
are left, argument -1: the distinct Action cards in play that will be discarded, and -1).

Playbook: the dearest Action card in play each time (DominionSim tags one Action per Scheme,
balancing villages and terminals; the dearest is the usual pick, a bot's topdeck list decides
first).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_TOPDECK,
    FALSE,
    H_NIDS,
    I64,
    I_ERROR,
    I_O_OPT,
    K_TOPDECK,
    NONE,
    TRUE,
    Z_PLAY,
    Z_STAY,
    ask,
    emit,
    extreme_cost,
    ids_o,
    is_action,
    put_top,
    turn_o,
    zo,
)

SCHEME = np.int64(card_id("Scheme"))

PROMPTS = {"topdeck": "put an Action card from play onto your deck (Scheme; {subject} left)?"}


@hook
def cleanup(S, I, F, p, r):
    """Hook ``cleanup``: as many times as Scheme was played this turn, an Action card in play
    (one that will be discarded) may go onto the deck; the count is used up by the first call."""
    tu = turn_o(S)
    k = S[tu + SCHEME]
    S[tu + SCHEME] = 0
    pl = zo(S, p, Z_PLAY)
    sz = zo(S, p, Z_STAY)
    io = ids_o(S)
    o = I[I_O_OPT]
    while k > 0 and I[I_ERROR] == 0:
        n = I64(0)
        for i in range(S[H_NIDS]):
            x = S[io + i]
            if S[pl + x] - S[sz + x] > 0 and is_action(I, x):
                I[o + n] = x
                n += 1
        if n == 0:
            break
        I[o + n] = -1
        a = ask(S, I, F, p, K_TOPDECK, SCHEME, k, I64(-1), n + 1)
        if a < 0:
            break
        S[pl + a] -= 1
        put_top(S, I, p, a, TRUE)
        emit(I, EV_TOPDECK, p, a, I64(2))
        k -= 1
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's topdeck list, the dearest Action card offered."""
    if stage == 0 or kind != K_TOPDECK:
        return NONE
    return extreme_cost(S, I, n, FALSE)
