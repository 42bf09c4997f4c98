"""Smugglers (Seaside, both printings): Gain a copy of a card costing up to $6 that the player to
your right gained on their last turn.

What a seat
gained during its most recent turn is its marker zone ``Z_GAINED`` (the kernel zeroes it when the
seat's turn starts and counts only gains made during that seat's own turn).

Rulings (official FAQ, DominionStrategy wiki "Smugglers"): the card must cost $6 or less when
Smugglers is played (Bridge's reduction counts then), not when it was gained; it need not have
been bought; with several such cards the player chooses one, with none nothing is gained; the
choice may be a card whose pile is empty, and then nothing is gained; it is not an Attack
(Moat and Lighthouse do not stop it). The seat to the right of seat ``p`` is ``p - 1``; in a
one-player game there is none.

Decision: the card (``K_GAIN``, subject 6, options the gained cards costing $6 or less now,
those with cards left in the Supply first). The bot's gain list (else its buy list) answers;
when an option's pile is empty the playbook picks among those with cards left by the list.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    E_SIZE,
    H_NIDS,
    H_NP,
    HDR,
    I64,
    I_O_BE,
    I_O_OPT,
    K_GAIN,
    LIST_BUY,
    LIST_GAIN,
    NONE,
    Z_GAINED,
    ask,
    cond_true,
    cost,
    gain,
    gains_to_end,
    ids_o,
    in_opts,
    is_junk,
    list_len,
    list_range,
    within,
    zo,
)

SMUGGLERS = np.int64(card_id("Smugglers"))


@inline
def smugglers_options(S, I, p):
    """The cards seat ``p - 1`` gained on its last turn costing up to $6 now: those with cards
    left in the Supply, then those whose pile is empty. Returns how many."""
    n_pl = S[H_NP]
    r = (p + n_pl - 1) % n_pl
    g = zo(S, r, Z_GAINED)
    o = I[I_O_OPT]
    io = ids_o(S)
    n = I64(0)
    for empty in range(2):
        for i in range(S[H_NIDS]):
            x = S[io + i]
            if S[g + x] > 0 and within(S, I, x, I64(6)) and (S[HDR + x] <= 0) == (empty == 1):
                I[o + n] = x
                n += 1
    return n


@inline
def smugglers_play(S, I, F, p):
    """The choice (decision: gain), then the gain to the discard pile (nothing if that pile is
    empty)."""
    if S[H_NP] < 2:
        return
    n = smugglers_options(S, I, p)
    if n == 0:
        return
    x = ask(S, I, F, p, K_GAIN, SMUGGLERS, I64(6), I64(-1), n)
    if x >= 0 and S[HDR + x] > 0:
        gain(S, I, F, p, x, I64(0))


@inline
def smugglers_pick(S, I, F, p, n):
    """With an empty pile among the options (the general rules would happily pick it and gain
    nothing): the first card of the bot's gain list (else its buy list) that applies and has
    cards left; else the most expensive one with cards left that is not a Curse; else an empty
    pile (gaining nothing beats a Curse). No empty pile: NONE (the lists and the general gain
    rule decide)."""
    o = I[I_O_OPT]
    empty = I64(-1)
    for i in range(n):
        if S[HDR + I[o + i]] <= 0:
            empty = I[o + i]
            break
    if empty < 0:
        return NONE
    lst = LIST_GAIN if list_len(I, p, LIST_GAIN) > 0 else LIST_BUY
    s0, e0 = list_range(I, p, lst)
    for r in range(s0, e0):
        c = I[I[I_O_BE] + r * E_SIZE + 1]
        if in_opts(I, n, c) and S[HDR + c] > 0 and cond_true(S, I, F, p, r):
            return c
    best = I64(-1)
    for i in range(n):
        x = I[o + i]
        if S[HDR + x] > 0 and x != CURSE and not is_junk(I, x):
            if best < 0 or cost(S, I, x) > cost(S, I, best):
                best = x
    if best >= 0:
        return best
    for i in range(n):
        x = I[o + i]
        if S[HDR + x] > 0 and x != CURSE:
            return x
    return empty


@inline
def smugglers_useful(S, I, p):
    """Worth playing when the player to the right gained a card costing up to $6 now with
    cards left that is not a Curse (a Victory card only near the end: 4 gains or fewer)."""
    n_pl = S[H_NP]
    if n_pl < 2:
        return False
    g = zo(S, (p + n_pl - 1) % n_pl, Z_GAINED)
    io = ids_o(S)
    late = gains_to_end(S) <= 4
    for i in range(S[H_NIDS]):  # (not through the option scratch: a play decision holds it)
        x = S[io + i]
        if (S[g + x] > 0 and within(S, I, x, I64(6)) and S[HDR + x] > 0 and x != CURSE
                and (late or not is_junk(I, x))):
            return True
    return False


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: :func:`smugglers_useful`."""
    return I64(1) if smugglers_useful(S, I, p) else I64(0)


@hook
def play(S, I, F, p, c, group, mask):
    smugglers_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the gain when an option's pile is empty (stage 0)."""
    if stage == 0 and kind == K_GAIN:
        return smugglers_pick(S, I, F, p, n)
    return NONE
