"""Masquerade (Intrigue): +2 Cards. Each player with any cards in hand passes one to the next such
player to their left, at once. Then you may trash a card from your hand.

Printings (``S[H_EDITION]``): the second (above; FAQ: players with no cards in hand are
skipped, neither passing nor receiving; if only one player has cards, they pass to
themselves) and the first ("Each player passes a card in their hand to the player on their
left. You may trash a card from your hand."; a player with no cards in hand passes nothing
but still receives the card from the right). Either way every player chooses the card to pass
before any card moves (face down on the table: here its owner's set-aside zone), the cards
are passed, not gained, and only the player of Masquerade may trash. It is not an Attack. Each
pass is a trace event (passer, card, receiver): the log names it.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COPPER,
    CURSE,
    E_SIZE,
    ESTATE,
    EV_PASS,
    FALSE,
    H_COINS,
    H_EDITION,
    H_NP,
    H_NTURNS,
    I64,
    I_O_BE,
    I_O_OPT,
    K_PASS,
    K_TRASH,
    LIST_TRASH,
    NONE,
    PS_RECV,
    TRUE,
    Z_ASIDE,
    Z_HAND,
    Z_OWN,
    ask,
    buy_tier,
    cond_true,
    copper_trash_ok,
    cost,
    emit,
    estate_trash_ok,
    hand_coins,
    in_opts,
    is_junk,
    list_range,
    move,
    opts_zone,
    so,
    tcol,
    trash_card,
    zo,
    zone_size,
)

MASQUERADE = np.int64(card_id("Masquerade"))

PROMPTS = {"pass": "pass a card to seat {arg} (Masquerade)"}


@inline
def receiver(S, q, holders):
    """The seat ``q`` passes to: the next seat to its left (first printing), or the next one
    that had cards in hand (second printing; ``holders``: their bit mask); ``q`` itself when
    there is no other."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        r = (q + i) % n_pl
        if S[H_EDITION] == 1 or (holders >> r) & 1:
            return r
    return q


@inline
def masquerade_play(S, I, F, p):
    """(+2 Cards is the row's.) Decisions: pass (every seat with cards, in turn order from the
    player: options its hand's cards, argument the receiving seat; all asked before any card
    moves), then trash (the player's hand and -1, none). A seat that would pass to itself is
    not asked (the card would stay where it is)."""
    n_pl = S[H_NP]
    holders = I64(0)
    for q in range(n_pl):
        if zone_size(S, q, Z_HAND) > 0:
            holders |= I64(1) << q
    packed = I64(0)  # 8 bits per seat: 1 + the card it passes (0: none)
    for i in range(n_pl):
        q = (p + i) % n_pl
        if (holders >> q) & 1 == 0:
            continue
        r = receiver(S, q, holders)
        if r == q:
            continue
        n = opts_zone(S, I, q, Z_HAND, I64(0), FALSE)
        x = ask(S, I, F, q, K_PASS, MASQUERADE, I64(-1), r, n)
        move(S, q, Z_HAND, Z_ASIDE, x)  # face down on the table until every seat has chosen
        packed |= (x + 1) << (8 * q)
    for q in range(n_pl):
        x = ((packed >> (8 * q)) & 0xFF) - 1
        if x < 0:
            continue
        r = receiver(S, q, holders)
        S[zo(S, q, Z_ASIDE) + x] -= 1
        S[zo(S, q, Z_OWN) + x] -= 1
        S[zo(S, r, Z_HAND) + x] += 1
        S[zo(S, r, Z_OWN) + x] += 1
        S[so(S, r) + PS_RECV] = S[H_NTURNS]
        emit(I, EV_PASS, q, x, r)
    n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
    a = ask(S, I, F, p, K_TRASH, MASQUERADE, I64(-1), I64(-1), n)
    if a >= 0:
        trash_card(S, I, F, p, Z_HAND, a, I64(0))


@inline
def pass_rank(S, I, x):
    """Lower = pass first: Curse, Estate (while five or more gains are needed to end the game;
    later its VP swing counts), Copper, then the cheapest; other Victory cards last."""
    if x == CURSE:
        return I64(0)
    if x == ESTATE:
        return I64(1) if estate_trash_ok(S) else I64(50)
    if x == COPPER:
        return I64(2)
    if is_junk(I, x):
        return 100 + cost(S, I, x)
    return 10 + cost(S, I, x)


@inline
def masquerade_pass(S, I, F, q, n):
    """The card seat ``q`` passes: the first card of its bot's trash list that applies now and is
    not a Victory card it would give away late (:func:`pass_rank` 50 or more), else the lowest
    :func:`pass_rank` (the worst card for it, and the one the next player gains least from)."""
    s0, e0 = list_range(I, q, LIST_TRASH)
    for r in range(s0, e0):
        c = I[I[I_O_BE] + r * E_SIZE + 1]
        if in_opts(I, n, c) and pass_rank(S, I, c) < 50 and cond_true(S, I, F, q, r):
            return c
    o = I[I_O_OPT]
    best = I[o]
    br = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        rk = pass_rank(S, I, x)
        if rk < br:
            br = rk
            best = x
    return best


@inline
def masquerade_trash(S, I, p, n):
    """After the bot's trash list: a Curse; an Estate while five or more gains are needed to end
    the game; a Copper while the Treasures keep $6 and the buy this turn does not need its $1;
    else nothing (-1)."""
    if in_opts(I, n, CURSE):
        return CURSE
    if in_opts(I, n, ESTATE) and estate_trash_ok(S):
        return ESTATE
    if in_opts(I, n, COPPER) and copper_trash_ok(S, I, p):
        coins = S[H_COINS] + hand_coins(S, I, p)
        if buy_tier(S, I, coins - tcol(I, COPPER, COL_COINS)) == buy_tier(S, I, coins):
            return COPPER
    return I64(-1)


@hook
def play(S, I, F, p, c, group, mask):
    masquerade_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the card to pass (every seat) and the card to trash (after the bot's trash
    list)."""
    if stage == 0:
        return NONE
    if kind == K_PASS:
        return masquerade_pass(S, I, F, p, n)
    if kind == K_TRASH:
        return masquerade_trash(S, I, p, n)
    return NONE
