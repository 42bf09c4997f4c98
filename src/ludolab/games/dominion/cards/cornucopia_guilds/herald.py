"""Herald (Guilds, both printings): +1 Card, +1 Action. Reveal the top card of your deck. If it's
an Action, play it. Overpay: for each $1 you overpaid, look through your discard pile and put a
card from it onto your deck.

+1 Card and +1 Action are the card's row. Official FAQ (Dominion Strategy wiki): an Action
revealed is played (it uses no Action), any other card goes back on top; with no deck and no
discard pile nothing is revealed. Overpay: the Herald is not yet in the discard pile; one card
per $1, each chosen in turn (the last on top). Decisions: the overpay (K_OVERPAY, subject
Herald), then per $1 a topdeck from the discard pile (source Herald, subject the cards still
to go; no stop while it has cards). Playbook, after DominionSim: overpay what the remaining
buys leave (``overpay_spare``), at most one $ per card in the discard pile costing $3 or more
that is not a Victory card or Curse; put back the dearest such card first.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_REVEAL,
    EV_TOPDECK,
    FALSE,
    H_NIDS,
    I64,
    I_O_OPT,
    K_OVERPAY,
    K_TOPDECK,
    NONE,
    Z_DISC,
    Z_PLAY,
    ask,
    cost,
    emit,
    ids_o,
    is_action,
    is_junk,
    new_group,
    opts_zone,
    overpay_spare,
    push_play,
    put_top,
    take_top,
    zo,
)

HERALD = np.int64(card_id("Herald"))

PROMPTS = {"topdeck": "put a card from your discard pile onto your deck (Herald; {subject} "
                      "to go)"}


@inline
def herald_play(S, I, F, p):
    """Reveal the top card: an Action is played (no Action used), another goes back."""
    x = take_top(S, I, p)
    if x < 0:
        return
    emit(I, EV_REVEAL, p, x, I64(0))
    if is_action(I, x):
        S[zo(S, p, Z_PLAY) + x] += 1
        push_play(S, I, x, new_group(S, I), I64(8))
    else:
        put_top(S, I, p, x, True)


@inline
def good_in_discard(S, I, p):
    """The cards of ``p``'s discard pile costing $3 or more that are not Victory cards or
    Curses (worth drawing again)."""
    d = zo(S, p, Z_DISC)
    io = ids_o(S)
    k = I64(0)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        if S[d + c] > 0 and not is_junk(I, c) and cost(S, I, c) >= 3:
            k += S[d + c]
    return k


@hook
def play(S, I, F, p, c, group, mask):
    herald_play(S, I, F, p)
    return I64(0)


@hook
def overpay(S, I, F, p, c, x):
    """Hook ``overpay``: per $1, a card from the discard pile onto the deck."""
    for j in range(x):
        n = opts_zone(S, I, p, Z_DISC, I64(0), FALSE)
        if n == 0:
            break
        a = ask(S, I, F, p, K_TOPDECK, HERALD, x - j, I64(-1), n)
        S[zo(S, p, Z_DISC) + a] -= 1
        put_top(S, I, p, a, False)
        emit(I, EV_TOPDECK, p, a, I64(1))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the overpay and the cards put back (see the module docstring)."""
    if stage == 0:
        return NONE
    if kind == K_OVERPAY:
        k = overpay_spare(S, I, F, p, n - 1)
        g = good_in_discard(S, I, p)
        return k if k < g else g
    if kind == K_TOPDECK and source == HERALD:
        o = I[I_O_OPT]
        best = I64(-1)
        bc = I64(-1)
        for i in range(n):
            c = I[o + i]
            if c >= 0 and not is_junk(I, c) and cost(S, I, c) > bc:
                bc = cost(S, I, c)
                best = c
        return best if best >= 0 else I[o]
    return NONE
