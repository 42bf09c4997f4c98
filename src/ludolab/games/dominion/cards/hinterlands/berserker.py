"""Berserker (Hinterlands, second printing): Gain a card costing less than this. Each other
player discards down to 3 cards in hand. When you gain this, if you have an Action in play,
play this.

The home: its ``play`` hook gains a card costing less than the Berserker now (decision: gain,
subject the coins cap; a Potion cost is never cheaper than $5), then each seat the Attack
affects discards down to 3 (its ``attack`` hook, Militia's shape); its ``gained`` hook plays a
Berserker just gained when its gainer has an Action card in play (``play_from``: from wherever
the gain put it). Official FAQ (Dominion Strategy wiki): played this way it goes into play,
gains the cheaper card and attacks, and the others may still react (Moat); gained with no Action
in play, it is not played. The play is not optional ("play this"), so there is no decision; on
another player's turn (gained with a Duration in play) it attacks then, its +nothing given to no
one. Several when-gain effects on the same Berserker are ordered by its gainer (K_ORDER, as
every ``gained`` hook is).

Playbook: the gain is the bot's gain list, else its buy list at that cap, else the general
gain (Gold, Silver...); the victims discard by their discard list, else the general order.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    H_NAIDS,
    I64,
    K_GAIN,
    Z_DISC,
    Z_HAND,
    Z_PLAY,
    aids_o,
    ask,
    cost,
    discard_cards,
    each_attacked,
    gain,
    gained_at,
    opts_supply_less,
    play_from,
    zo,
    zone_size,
)

BERSERKER = np.int64(card_id("Berserker"))

PROMPTS = {"gain": "gain a card cheaper than Berserker (Berserker)",
           "discard": "discard down to 3 cards ({subject} to go; Berserker)"}


@inline
def action_in_play(S, I, p):
    """Does seat ``p`` have an Action card in play?"""
    pl = zo(S, p, Z_PLAY)
    ao = aids_o(S)
    for i in range(S[H_NAIDS]):
        if S[pl + S[ao + i]] > 0:
            return True
    return False


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: gain a card costing less than this (none if no pile has one), then the
    Attack."""
    n = opts_supply_less(S, I, BERSERKER, I64(0))
    if n > 0:
        a = ask(S, I, F, p, K_GAIN, BERSERKER, cost(S, I, BERSERKER) - 1, I64(-1), n)
        if a >= 0:
            gain(S, I, F, p, a, I64(0))
    if mask != 0:
        each_attacked(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` discards down to 3 cards in hand, one decision per card."""
    discard_cards(S, I, F, q, zone_size(S, q, Z_HAND) - 3, c, p)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: a Berserker gained while its gainer has an Action in play is played
    from where it went (returns 3: gone into play); asked: 1 when that would happen."""
    asked = where >= GAINED_ASK
    at = where - GAINED_ASK if asked else where
    ok = c == BERSERKER and gained_at(S, p, c, at) and action_in_play(S, I, p)
    if asked:
        return I64(ok)
    if not ok:
        return where
    z = Z_DISC if where == 0 else (Z_HAND if where == 1 else I64(-2))
    play_from(S, I, F, p, c, z)
    return I64(3)
