"""Noble Brigand (Hinterlands, first printing): +$1. When you buy this or play it, each other
player reveals the top 2 cards of their deck, trashes a revealed Silver or Gold you choose, and
discards the rest. If they didn't reveal a Treasure, they gain a Copper. You gain the trashed
cards.

+$1 is the card's row; the home is the attack, done by its ``play`` hook (to the seats the
Attack affects) and by its ``bought`` hook (to every other seat). Official FAQ (Dominion
Strategy wiki): each other player, in turn order, reveals two cards, trashes a Silver or Gold
among them that you choose (no other Treasure), discards the rest, and gains a Copper if they
revealed no Treasure at all; finally you gain every Silver and Gold trashed this way. Gaining a
Noble Brigand without buying it does nothing; buying it is not playing an Attack, so Moat
cannot answer the buy (Moat does answer the play). Decision: trash (the Silver and Gold
revealed, when both are; argument the victim), asked of the Noble Brigand's player.

Playbook: take the Gold over a Silver (the bot's trash list first).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    FALSE,
    GOLD,
    H_NP,
    I64,
    I_ERROR,
    K_TRASH,
    NONE,
    SILVER,
    Z_ASIDE,
    ask,
    discard_all,
    extreme_cost,
    gain,
    gain_from_trash,
    is_treasure,
    opts_list,
    reveal_two,
    trash_card,
)

NOBLE_BRIGAND = np.int64(card_id("Noble Brigand"))

PROMPTS = {"trash": "trash which of seat {arg}'s revealed cards (Noble Brigand: you gain it)?"}


@inline
def brigand_hit(S, I, F, p, q):
    """Seat ``q`` reveals two cards; a Silver or Gold among them, chosen by ``p``, is
    trashed; the rest are discarded; no Treasure revealed: ``q`` gains a Copper. Returns the
    card trashed (-1: none)."""
    x1, x2 = reveal_two(S, I, q)
    ok1 = x1 == SILVER or x1 == GOLD
    ok2 = x2 == SILVER or x2 == GOLD
    t1 = x1 if ok1 else NONE
    t2 = x2 if ok2 and x2 != x1 else NONE
    if t1 == NONE and t2 != NONE:
        t1 = t2
        t2 = NONE
    a = I64(-1)
    if t1 != NONE:
        n = opts_list(I, t1, t2, NONE)
        a = ask(S, I, F, p, K_TRASH, NOBLE_BRIGAND, I64(-1), q, n)
        trash_card(S, I, F, q, Z_ASIDE, a, I64(2))
    discard_all(S, I, F, q, Z_ASIDE, I64(1))
    if not ((x1 >= 0 and is_treasure(I, x1)) or (x2 >= 0 and is_treasure(I, x2))):
        gain(S, I, F, q, COPPER, I64(0))
    return a


@inline
def brigand_attack(S, I, F, p, mask):
    """The attack on each seat of ``mask`` in turn order from ``p``'s left, then ``p`` gains
    the Silvers and Golds trashed (from the trash, as Lurker gains)."""
    n_pl = S[H_NP]
    silvers = I64(0)
    golds = I64(0)
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if ((mask >> q) & 1) != 0 and I[I_ERROR] == 0:
            a = brigand_hit(S, I, F, p, q)
            silvers += I64(a == SILVER)
            golds += I64(a == GOLD)
    for _ in range(silvers):
        gain_from_trash(S, I, F, p, SILVER)
    for _ in range(golds):
        gain_from_trash(S, I, F, p, GOLD)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the attack on the seats it affects (after their Reactions)."""
    brigand_attack(S, I, F, p, mask)
    return I64(0)


@hook
def bought(S, I, F, p, c, r):
    """Hook ``bought``: buying a Noble Brigand does its attack to every other seat (no
    Reaction answers a buy)."""
    if c == NOBLE_BRIGAND:
        everyone = (I64(1) << S[H_NP]) - 1
        brigand_attack(S, I, F, p, everyone & ~(I64(1) << p))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer`` (after the bot's lists): the Gold before a Silver."""
    if stage == 1 and kind == K_TRASH:
        return extreme_cost(S, I, n, FALSE)
    return NONE
