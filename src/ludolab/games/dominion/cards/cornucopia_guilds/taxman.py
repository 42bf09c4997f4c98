"""Taxman (Guilds, first printing): You may trash a Treasure from your hand. Each other player
with 5 or more cards in hand discards a copy of it (or reveals a hand without it). Gain a
Treasure card costing up to $3 more than the trashed card, putting it on top of your deck.

Official FAQ (Dominion Strategy wiki): with no Treasure trashed, the other players discard
nothing and you gain nothing; the others discard a copy only with 5 or more cards in hand (a
player unaffected by the Attack, Moat, discards nothing); the gained Treasure goes onto the deck
(and may cost less, or be the same card). Decisions: the trash (the Treasures in hand and -1),
then the gain (Treasures costing up to the trashed card's cost + 3, argument the trashed card).

Playbook, after DominionSim's: trash the dearest Treasure for which the buy list wants a
dearer Treasure within $3 (a Silver into a Gold, a Copper into a Silver, a Gold into a
Platinum); gain that Treasure.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DISCARD,
    EV_REVEAL,
    FALSE,
    H_NIDS,
    H_NP,
    I64,
    K_GAIN,
    K_TRASH,
    NONE,
    TY_TREASURE,
    Z_DISC,
    Z_HAND,
    cost,
    cost_rec,
    emit,
    gain,
    gain_choice,
    ids_o,
    in_opts,
    is_treasure,
    move,
    pick_from_hand,
    trash_from,
    wanted_of_type,
    zo,
    zone_size,
)

TAXMAN = np.int64(card_id("Taxman"))

PROMPTS = {"trash": "trash a Treasure (Taxman: gain one costing up to $3 more onto your deck)?",
           "gain": "gain a Treasure costing up to ${subject} onto your deck (Taxman)"}


@inline
def taxman_play(S, I, F, p, mask):
    """The optional trash; each affected player with 5+ cards discards a copy; the gain."""
    x = pick_from_hand(S, I, F, p, K_TRASH, TAXMAN, TY_TREASURE)
    if x < 0:
        return
    trash_from(S, I, p, Z_HAND, x, I64(0))
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if ((mask >> q) & 1) == 0 or zone_size(S, q, Z_HAND) < 5:
            continue
        if S[zo(S, q, Z_HAND) + x] > 0:
            move(S, q, Z_HAND, Z_DISC, x)
            emit(I, EV_DISCARD, q, x, I64(0))
        else:
            emit(I, EV_REVEAL, q, I64(-1), I64(0))
    g = gain_choice(S, I, F, p, TAXMAN, cost_rec(S, I, x) + 3, TY_TREASURE, FALSE, x)
    if g >= 0:
        gain(S, I, F, p, g, I64(2))


@inline
def taxman_target(S, I, F, p):
    """The dearest Treasure in hand the buy list would trade up within $3, or -1."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    best = I64(-1)
    bc = I64(-1)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        if S[h + c] <= 0 or not is_treasure(I, c):
            continue
        k = cost(S, I, c)
        if k <= bc:
            continue
        w = wanted_of_type(S, I, F, p, k + 3, TY_TREASURE, I64(-1))
        if w >= 0 and cost(S, I, w) > k:
            best = c
            bc = k
    return best


@hook
def play(S, I, F, p, c, group, mask):
    taxman_play(S, I, F, p, mask)
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing with a Treasure to trade up."""
    return I64(taxman_target(S, I, F, p) >= 0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the trash list :func:`taxman_target`; the gain: the Treasure the
    buy list wants within the cap (before the lists: they are for buying)."""
    if kind == K_GAIN and stage == 0:
        w = wanted_of_type(S, I, F, p, subject, TY_TREASURE, I64(-1))
        return w if in_opts(I, n, w) else NONE
    if kind == K_TRASH and stage == 1:
        t = taxman_target(S, I, F, p)
        return t if in_opts(I, n, t) else I64(-1)
    return NONE
