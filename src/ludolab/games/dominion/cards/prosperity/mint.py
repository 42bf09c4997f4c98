"""Mint (Prosperity): you may reveal a Treasure from your hand. Gain a copy of it. When you
gain this, trash all non-Duration Treasures you have in play. (First printing: when you buy
this, trash all Treasures you have in play.)

Which
text plays is ``S[H_EDITION]``: the second printing trashes through the ``gained`` hook
(however Mint is gained), the first through the ``bought`` hook (only when it is bought,
before it is gained). The $ those Treasures made stays; Treasures still in hand stay.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.prosperity.talisman import talisman_copies
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    E_SIZE,
    EV_REVEAL,
    GAINED_ASK,
    H_EDITION,
    H_NTIDS,
    HDR,
    I64,
    I_FN_COND,
    I_O_BE,
    K_REVEAL,
    LIST_BUY,
    NONE,
    TY_DURATION,
    TY_TREASURE,
    Z_HAND,
    Z_OWN,
    Z_PLAY,
    call_ptr,
    card_opt,
    cost,
    emit,
    gain,
    is_treasure,
    list_range,
    pick_from_hand,
    tids_o,
    trash_card,
    types,
    zo,
)

MINT = np.int64(card_id("Mint"))

PROMPTS = {"reveal": "reveal a Treasure from your hand to gain a copy of it (Mint)"}
OPTIONS = (
    ("mint", 0.0, (0, 1),
     "The Treasure Mint copies: 0 the playbook (the first Treasure in hand the bot's buy list "
     "would buy now, else the dearest one in hand but Copper); 1 Copper too (Gardens decks)"),
)


@inline
def mint_play(S, I, F, p):
    """Reveal a Treasure from hand (decision: reveal, the Treasures in hand and -1) and gain a
    copy of it to the discard pile (none when its pile is empty); the revealed card stays."""
    a = pick_from_hand(S, I, F, p, K_REVEAL, MINT, TY_TREASURE)
    if a < 0:
        return
    emit(I, EV_REVEAL, p, a, I64(0))
    gain(S, I, F, p, a, I64(0))


@inline
def mint_pick(S, I, F, p):
    """The Treasure to copy: the first entry of the bot's buy list that is a Treasure in hand
    with cards left, under its copy limit, whose condition holds (as Geronimoo's simulator reads
    the buy rules);
    else the dearest Treasure in hand with cards left but Copper (bot option ``mint`` 1: Copper
    too); else none (-1)."""
    h = zo(S, p, Z_HAND)
    own = zo(S, p, Z_OWN)
    s0, e0 = list_range(I, p, LIST_BUY)
    for r in range(s0, e0):
        row = I[I_O_BE] + r * E_SIZE
        x = I[row + 1]
        if S[h + x] == 0 or S[HDR + x] == 0 or not is_treasure(I, x):
            continue
        if I[row + 2] >= 0 and S[own + x] >= I[row + 2]:
            continue  # its copy limit is reached
        if I[row + 4] > 0 and call_ptr(I[I_FN_COND], S, I, F, p, I[row + 3], I[row + 4]) == 0:
            continue  # its condition does not hold (the condition machine, by its address)
        return x
    copper_ok = card_opt(I, F, p, MINT, I64(0)) == 1.0
    to = tids_o(S)
    best = I64(-1)
    bc = I64(-1)
    for i in range(S[H_NTIDS]):
        x = S[to + i]
        if S[h + x] == 0 or S[HDR + x] == 0 or (x == COPPER and not copper_ok):
            continue
        k = cost(S, I, x)
        if k > bc:
            bc = k
            best = x
    return best


@inline
def trash_treasures_in_play(S, I, F, p, durations):
    """Trash every Treasure seat ``p`` has in play; ``durations`` false keeps the Duration
    Treasures (the second printing's "non-Duration": an Astrolabe stays in play, its effect
    waiting for the next turn)."""
    pl = zo(S, p, Z_PLAY)
    to = tids_o(S)
    for i in range(S[H_NTIDS]):
        x = S[to + i]
        if not durations and (types(I, x) & TY_DURATION) != 0:
            continue
        for _ in range(S[pl + x]):
            trash_card(S, I, F, p, Z_PLAY, x, I64(1))


@hook
def play(S, I, F, p, c, group, mask):
    mint_play(S, I, F, p)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained`` (second printing): gaining a Mint, however, trashes the Treasures its
    new owner has in play, but not the Duration ones."""
    if where >= GAINED_ASK:  # asked whether it would act (kernel.GAINED_ASK)
        return I64(c == MINT and S[H_EDITION] != 1)
    if c == MINT and S[H_EDITION] != 1:
        trash_treasures_in_play(S, I, F, p, False)
    return where


@hook
def bought(S, I, F, p, c, r):
    """Hook ``bought`` (first printing): buying a Mint trashes the Treasures in play. Talisman's
    copy (a Mint made to cost $4 or less) resolves first, the order its player would choose
    (the hooks run in card id order, Mint's before Talisman's, whose Talismans are then gone)."""
    if c == MINT and S[H_EDITION] == 1:
        talisman_copies(S, I, F, p, c)
        trash_treasures_in_play(S, I, F, p, True)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing when the hand holds a Treasure worth copying."""
    return I64(1) if mint_pick(S, I, F, p) >= 0 else I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the Treasure to reveal (:func:`mint_pick`)."""
    if stage == 0 or kind != K_REVEAL:
        return NONE
    return mint_pick(S, I, F, p)
