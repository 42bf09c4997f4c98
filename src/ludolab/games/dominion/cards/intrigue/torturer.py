"""Torturer (Intrigue): +3 Cards. Each other player either discards 2 cards or gains a Curse to
their hand, their choice. (They may pick an option they can't do.)

The card's home in the engine: its effect and the victims' default playbook, compiled on their
own and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``). The
+3 Cards are the card's row.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    E_SIZE,
    EV_CHOICE,
    H_COINS,
    H_CUR,
    H_NIDS,
    H_NP,
    HDR,
    I64,
    I_ERROR,
    I_O_BE,
    K_MODE,
    LIST_BUY,
    NONE,
    PROVINCE,
    Z_HAND,
    ask,
    buy_with,
    card_opt,
    dead_terminals,
    discard_cards,
    discard_rank,
    emit,
    gain,
    hand_coins,
    ids_o,
    list_range,
    opts_list,
    zo,
    zone_size,
)

# Words: the names of the victim's two choices (decisions and logs)
MODES = ("discard 2 cards", "gain a Curse to hand")
# The card's own bot options: (name, default, allowed range, meaning)
OPTIONS = (
    ("torturer", 0.0, (0.0, 2.0),
     "a victim's choice: 0 the playbook (the Curse only when discarding 2 costs the hand the "
     "first card of its buy list, a Province; else discard 2), 1 always discard 2, 2 always the "
     "Curse"),
)

TORTURER = np.int64(card_id("Torturer"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def torturer_attack(S, I, F, p, mask):
    """Each seat in ``mask``, in turn order, chooses (decision: mode 0 discard 2 cards, 1 gain a
    Curse to hand; the argument is the Torturer's player) and does what it can: discarding
    takes one decision per card (discard, subject the cards still to go), as many as the hand
    holds up to 2; a Curse comes to the hand only while the Curse pile has one."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if ((mask >> q) & 1) == 0 or I[I_ERROR] != 0:
            continue
        n = opts_list(I, I64(0), I64(1), NONE)
        m = ask(S, I, F, q, K_MODE, TORTURER, I64(-1), p, n)
        emit(I, EV_CHOICE, q, TORTURER, m)
        if m == 0:
            discard_cards(S, I, F, q, I64(2), TORTURER, p)
        else:
            gain(S, I, F, q, CURSE, I64(1))


@njit(cache=True, _nrt=False, inline="always")
def _top_card(I, q):
    """The first card of ``q``'s buy list (Province for an empty list, which buys Big Money):
    the buy a hand is worth a Curse for."""
    s0, e0 = list_range(I, q, LIST_BUY)
    if e0 > s0:
        return I[I[I_O_BE] + s0 * E_SIZE + 1]
    return PROVINCE


@njit(cache=True, _nrt=False, inline="always")
def _first_discard(S, I, q, dead):
    """The card of ``q``'s hand the general discard order discards first, and its rank (the
    hand is not empty)."""
    h = zo(S, q, Z_HAND)
    io = ids_o(S)
    best = I64(-1)
    br = I64(1 << 40)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] > 0:
            r = discard_rank(S, I, x, dead)
            if r < br:
                br = r
                best = x
    return best, br


@njit(cache=True, _nrt=False, inline="always")
def torturer_choice(S, I, F, q):
    """Victim ``q``'s choice. Bot option ``torturer``: 1 always discards, 2 always takes the
    Curse. 0 (default, after DominionSim's victim): with the Curse pile empty, "gain a Curse"
    (it does nothing); with fewer than 2 cards in hand, or when the two first discards (the
    general discard order) are Curses, Victory cards or dead terminals: discard; else take the
    Curse only when the whole hand buys the first card of the victim's buy list (a Province)
    and the hand left after the two discards would not (:func:`buy_with`). A Curse costs a
    point and a dead card for the rest of the game; a weaker next buy short of the Province
    costs less (Big Money Ultimate's victims took about ten Curses a game against Torturer with
    a rule that kept every buy tier)."""
    mode = np.int64(card_opt(I, F, q, TORTURER, I64(0)))
    if mode == 1:
        return I64(0)
    if mode == 2:
        return I64(1)
    if S[HDR + CURSE] <= 0:
        return I64(1)
    h = zo(S, q, Z_HAND)
    if zone_size(S, q, Z_HAND) < 2:
        return I64(0)
    base = S[H_COINS] if S[H_CUR] == q else I64(0)
    full = base + hand_coins(S, I, q)
    # take the two first discards out of the hand, look, and put them back (the option
    # scratch holds this decision's options: it is not touched)
    dead = dead_terminals(S, I, q)
    x1, r1 = _first_discard(S, I, q, dead)
    S[h + x1] -= 1
    x2, r2 = _first_discard(S, I, q, dead)
    S[h + x2] -= 1
    junk = np.int64(r1 < 300) + np.int64(r2 < 300)
    left = base + hand_coins(S, I, q)
    S[h + x2] += 1
    S[h + x1] += 1
    if junk >= 2:
        return I64(0)
    top = _top_card(I, q)
    if buy_with(S, I, F, q, full, I64(-1)) == top and buy_with(S, I, F, q, left, I64(-1)) != top:
        return I64(1)
    return I64(0)


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the attack (the +3 Cards are the card's row)."""
    torturer_attack(S, I, F, p, mask)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the victim's choice (stage 1, after the bot's lists); the discards
    follow the victim's discard list, then the general discard order."""
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return torturer_choice(S, I, F, p)
    return NONE
