"""Clerk (Prosperity, second printing): +$2. Each other player with 5 or more cards in hand puts
one onto their deck. At the start of your turn, you may play this from your hand.

The card's home in the engine: its attack, its start-of-turn play and the default playbooks,
compiled on their own and reached through the kernel's hook table (see
``docs/design/dominion-engine.md``). The +$2 is the card's row.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    COL_BUYS,
    COL_COINS,
    EV_PLAY,
    EV_TOPDECK,
    FALSE,
    H_BUYS,
    H_COINS,
    H_NAIDS,
    H_NP,
    H_PLAYED,
    I64,
    I_ERROR,
    I_O_OPT,
    K_TOPDECK,
    K_YESNO,
    NONE,
    Z_HAND,
    Z_PLAY,
    aids_o,
    ask,
    attacked,
    buy_with,
    card_opt,
    cost,
    dead_terminals,
    discard_rank,
    emit,
    hand_coins,
    is_action,
    is_terminal,
    is_treasure,
    move,
    new_group,
    opts_list,
    opts_zone,
    put_top,
    tcol,
    turn_o,
    zo,
    zone_size,
)

# Words: its prompt
PROMPTS = {"yesno": "play Clerk from your hand at the start of your turn?"}
# The card's own bot options: (name, default, allowed range, meaning)
OPTIONS = (
    ("clerk", 1.0, (0, 1),
     "play each Clerk in hand at the start of the turn (1, the playbook: +$2 and the attack "
     "without spending the Action) or keep them for the Action phase (0)"),
)

CLERK = np.int64(card_id("Clerk"))
THRONE_ROOM = np.int64(card_id("Throne Room"))
KINGS_COURT = np.int64(card_id("King's Court"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def clerk_attack(S, I, F, p, mask):
    """Each seat in ``mask``, in turn order, with 5 or more cards in hand puts one of them onto
    its deck (decision: topdeck, from the hand, argument the Clerk's player; not revealed)."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if ((mask >> q) & 1) == 0 or I[I_ERROR] != 0:
            continue
        if zone_size(S, q, Z_HAND) < 5:
            continue
        n = opts_zone(S, I, q, Z_HAND, I64(0), FALSE)
        a = ask(S, I, F, q, K_TOPDECK, CLERK, I64(-1), p, n)
        S[zo(S, q, Z_HAND) + a] -= 1
        put_top(S, I, q, a, False)
        emit(I, EV_TOPDECK, q, a, I64(0))


@njit(cache=True, _nrt=False, inline="always")
def clerk_putback(S, I, F, q, n):
    """The victim's card to put onto its deck (it comes back in the hand after next): a terminal
    Action it could not play (more terminals than actions in hand: the most expensive), else the
    best card whose coins its next buy does not need (its own buy list buys the same card with
    the hand's Treasures left, :func:`buy_with`: a Victory card or a Curse first, then spare
    Treasure), else the one it misses least (by the general discard order)."""
    o = I[I_O_OPT]
    coins = hand_coins(S, I, q)
    want = buy_with(S, I, F, q, coins, I64(-1))
    dead = dead_terminals(S, I, q)
    best = I64(-1)
    best_rank = I64(-1)
    low = I64(-1)
    low_rank = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        if dead and is_terminal(I, x):
            rank = I64(5000) + cost(S, I, x)
            if rank > best_rank:
                best = x
                best_rank = rank
            continue
        rank = discard_rank(S, I, x, dead)
        if is_action(I, x):
            rank += 2000  # an Action it can play stays in hand while it has something else
        v = tcol(I, x, COL_COINS) if is_treasure(I, x) else I64(0)
        if not is_action(I, x) and rank > best_rank and (
                v == 0 or buy_with(S, I, F, q, coins - v, I64(-1)) == want):
            best = x
            best_rank = rank
        if rank < low_rank:
            low = x
            low_rank = rank
    if best >= 0:
        return best
    if low >= 0:
        return low
    return I[o]


@njit(cache=True, _nrt=False, inline="always")
def clerk_at_start(S, I, F, p):
    """Play a Clerk at the start of the turn? Yes (bot option ``clerk``: 1), unless the hand
    holds a Throne Room or King's Court with no other Action for it than Clerks, and no more
    Clerks than those: a Clerk played twice or three times in the Action phase gives more
    (+$4 and two attacks for the one Action) than one played now with the Throne Room dead."""
    if card_opt(I, F, p, CLERK, I64(0)) == 0.0:
        return I64(0)
    h = zo(S, p, Z_HAND)
    thrones = S[h + THRONE_ROOM] + S[h + KINGS_COURT]
    if thrones == 0:
        return I64(1)
    ao = aids_o(S)
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        if x != CLERK and x != THRONE_ROOM and x != KINGS_COURT and S[h + x] > 0:
            return I64(1)  # the Throne Room has another Action to play
    return I64(1) if S[h + CLERK] > thrones else I64(0)


@njit(cache=True, _nrt=False, inline="always")
def clerk_from_hand(S, I, F, p):
    """At the start of ``p``'s turn: while its hand holds a Clerk, it may play one (decision:
    yes/no, subject Clerk); played, the Clerk moves to play and does everything a played card
    does (+$2, the attack, counted as an Action played this turn) without using an Action.
    Declining stops the offers for this turn."""
    h = zo(S, p, Z_HAND)
    while S[h + CLERK] > 0 and I[I_ERROR] == 0:
        n = opts_list(I, I64(1), I64(0), NONE)
        if ask(S, I, F, p, K_YESNO, CLERK, CLERK, I64(-1), n) != 1:
            break
        move(S, p, Z_HAND, Z_PLAY, CLERK)
        new_group(S, I)
        S[H_PLAYED] += 1
        S[turn_o(S) + CLERK] += 1
        emit(I, EV_PLAY, p, CLERK, I64(0))
        S[H_BUYS] += tcol(I, CLERK, COL_BUYS)
        S[H_COINS] += tcol(I, CLERK, COL_COINS)
        clerk_attack(S, I, F, p, attacked(S, I, F, p, CLERK))


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the attack (the +$2 is the card's row)."""
    clerk_attack(S, I, F, p, mask)
    return I64(0)


@njit(cache=True, _nrt=False)
def turn_start(S, I, F, p, r):
    """Hook ``turn_start``: the Clerks in hand may be played (:func:`clerk_from_hand`)."""
    clerk_from_hand(S, I, F, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the start-of-turn play (:func:`clerk_at_start`), the victim's put-back
    (stage 1, after its topdeck list)."""
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return clerk_at_start(S, I, F, p)
    if kind == K_TOPDECK:
        return clerk_putback(S, I, F, p, n)
    return NONE

