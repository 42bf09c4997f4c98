"""Tactician (Seaside): If you have at least one card in hand: Discard your hand, and at the
start of your next turn, +5 Cards, +1 Action, and +1 Buy.

The first
printing ("Discard your hand. If you discarded any cards this way, then at the start of your
next turn, +5 Cards, +1 Buy and +1 Action") plays the same. FAQ: with no card in hand it does
nothing and is discarded in this turn's clean-up; Throne Room on it: the second play finds an
empty hand and does nothing (one +5 Cards next turn), the Throne Room stays with it.

Playbook: played last of the turn's Actions while two or more actions are left (after the
others have made their money and drawn their cards); not played when the hand holds nothing
else, nor when the coins in hand already buy what the bot would buy with any amount (bot option
``tactician`` 1: play it whenever the hand holds a card); never chosen by Throne Room or King's
Court (their second play does nothing).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    H_ACTIONS,
    H_BUYS,
    H_COINS,
    I64,
    Z_HAND,
    buy_with,
    card_opt,
    discard_all,
    draw,
    hand_coins,
    stay,
    zone_size,
)

TACTICIAN = np.int64(card_id("Tactician"))

OPTIONS = (
    ("tactician", 0.0, (0, 1),
     "When to play Tactician: 0 the playbook (not when the coins in hand already buy what the "
     "bot would buy with any amount), 1 whenever the hand holds another card"),
)
#: The coins added to ask "what would the bot buy with any amount" (above every cost).
RICH = I64(64)


@inline
def tactician_useful(S, I, F, p, basic):
    """Worth playing from hand: the hand holds another card to discard, and (option 0) the coins
    made and in hand do not already buy what the bot buys with unlimited coins (a Province
    hand is kept). Played by Throne Room or King's Court (``basic``): never (only the first play
    does something)."""
    if basic != 0:
        return False
    if zone_size(S, p, Z_HAND) < 2:
        return False
    if card_opt(I, F, p, TACTICIAN, I64(0)) != 0.0:
        return True
    coins = S[H_COINS] + hand_coins(S, I, p)
    best = buy_with(S, I, F, p, coins + RICH, I64(-1))
    return best < 0 or buy_with(S, I, F, p, coins, I64(-1)) != best


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: with at least one card in hand, discard the hand and wait for the next
    turn; else nothing (Tactician is cleaned up this turn)."""
    if zone_size(S, p, Z_HAND) == 0:
        return I64(0)
    discard_all(S, I, F, p, Z_HAND, I64(0))
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn, +5 Cards, +1 Action, +1 Buy."""
    draw(S, I, p, I64(5))
    S[H_ACTIONS] += 1
    S[H_BUYS] += 1
    return I64(0)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: is playing it worth it now (:func:`tactician_useful`)?"""
    return I64(1) if tactician_useful(S, I, F, p, basic) else I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default action order. With two or more actions left it
    comes after every other Action (the hand it discards has done its work); with one, among
    the terminals costing $5 (the default order's 10 x cost plus cards drawn): after Witch,
    before Merchant Ship, Smithy and the cheaper ones (its +5 Cards next turn beat them)."""
    return I64(1) if S[H_ACTIONS] >= 2 else I64(51)
