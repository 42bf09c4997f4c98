"""Trader (Hinterlands, both printings): Trash a card from your hand. Gain a Silver per $1 it
costs. When you gain a card, you may reveal this from your hand, to exchange the card for a
Silver.

The home: its ``play`` hook trashes a card from the hand (decision: trash, no stop) and gains a
Silver per $1 of its cost now (while Silvers last). Its Reaction follows ``edition``:

* second printing (the exchange): its ``gained`` hook. After seat ``p`` gains a card other than
  a Silver, still where the gain put it, with a Trader in hand, ``p`` may reveal it (yes/no,
  subject the card): the card goes back to its pile and ``p`` gains a Silver. The card was
  gained, so its own when-gain effects happen too, in the order ``p`` chooses (K_ORDER, as for
  every ``gained`` hook: Trader first makes them lose track of it).
* first printing (a replacement): its ``would_gain`` hook. When ``p`` would gain a card other
  than a Silver, with a Trader in hand, it may reveal it (the same yes/no) to gain a Silver
  instead: the card is never gained, so its when-gain effects never happen (a bought card is
  still bought: its when-buy effects happened, Noble Brigand's attack).

Official FAQ (Dominion Strategy wiki): the Silvers come one per $1 the trashed card costs (a
Curse or Copper: none); the reaction works on any gain, on any player's turn (a Curse from
Witch), once per gain however many Traders are revealed; with no Silver left, no exchange.

Playbook (as DominionSim plays it): play trashes an Estate (two Silvers) while the game is
young, else a Curse, else a Copper, else the general trash order; exchange (or replace) a
Curse, a Copper or an Estate while five or more gains from the end (option ``trader``: 0 never
reveals).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    EV_REVEAL,
    FALSE,
    GAINED_ASK,
    H_EDITION,
    HDR,
    I64,
    K_TRASH,
    K_YESNO,
    NONE,
    SILVER,
    Z_DISC,
    Z_HAND,
    Z_OWN,
    ask,
    card_opt,
    cost,
    emit,
    estate_trash_ok,
    gain,
    gained_at,
    in_opts,
    opts_list,
    opts_zone,
    return_to_supply,
    take_top,
    trash_card,
    zo,
)

TRADER = np.int64(card_id("Trader"))

PROMPTS = {"trash": "trash a card: a Silver per $1 it costs (Trader)",
           "yesno": "reveal Trader: {subject} for a Silver?"}
OPTIONS = (
    ("trader", 1.0, (0, 1),
     "reveal Trader to exchange (or replace) a gained Curse, Copper or early Estate for a "
     "Silver (1, the playbook) or never (0)"),
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: trash a card from hand, then a Silver per $1 of its cost."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return I64(0)
    a = ask(S, I, F, p, K_TRASH, TRADER, I64(-1), I64(-1), n)
    k = cost(S, I, a)
    trash_card(S, I, F, p, Z_HAND, a, I64(0))
    for _ in range(k):
        gain(S, I, F, p, SILVER, I64(0))
    return I64(0)


@inline
def trader_offer(S, I, F, p, c):
    """Seat ``p`` may reveal a Trader from its hand for the card ``c`` it gains (or would):
    True when it did (none offered for a Silver, without a Trader or without Silvers)."""
    if c == SILVER or S[zo(S, p, Z_HAND) + TRADER] <= 0 or S[HDR + SILVER] <= 0:
        return False
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, TRADER, c, I64(-1), n) != 1:
        return False
    emit(I, EV_REVEAL, p, TRADER, I64(0))
    return True


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained`` (second printing): the exchange. Asked: 1 when it would be offered."""
    asked = where >= GAINED_ASK
    at = where - GAINED_ASK if asked else where
    ok = (S[H_EDITION] != 1 and c != SILVER and S[zo(S, p, Z_HAND) + TRADER] > 0
          and S[HDR + SILVER] > 0 and gained_at(S, p, c, at))
    if asked:
        return I64(ok)
    if not ok or not trader_offer(S, I, F, p, c):
        return where
    if where == 0:  # the card goes back to its pile
        S[zo(S, p, Z_DISC) + c] -= 1
    elif where == 1:
        S[zo(S, p, Z_HAND) + c] -= 1
    else:
        take_top(S, I, p)
    S[zo(S, p, Z_OWN) + c] -= 1
    return_to_supply(S, c)
    gain(S, I, F, p, SILVER, I64(0))
    return I64(3)


@hook
def would_gain(S, I, F, p, c, r, dest):
    """Hook ``would_gain`` (first printing): the replacement; returns Silver when revealed."""
    if S[H_EDITION] == 1 and trader_offer(S, I, F, p, c):
        return SILVER
    return c


@inline
def trader_trash(S, I, n):
    """The card to trash: an Estate while the game is young, a Curse, a Copper, else none
    (-1: the general order)."""
    if in_opts(I, n, ESTATE) and estate_trash_ok(S):
        return ESTATE
    if in_opts(I, n, CURSE):
        return CURSE
    if in_opts(I, n, COPPER):
        return COPPER
    return I64(-1)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the trash (after the bot's lists) and the reveal (module docstring)."""
    if kind == K_TRASH and stage == 1:
        a = trader_trash(S, I, n)
        return a if a >= 0 else NONE
    if kind == K_YESNO and stage == 0:
        if card_opt(I, F, p, TRADER, I64(0)) == 0.0:
            return I64(0)
        junk = subject == CURSE or subject == COPPER or (subject == ESTATE and estate_trash_ok(S))
        return I64(1) if junk else I64(0)
    return NONE
