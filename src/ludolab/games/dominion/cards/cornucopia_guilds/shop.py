"""Shop (Cornucopia & Guilds, second printing): +1 Card, +$1. You may play an Action card from your
hand that you don't have a copy of in play.

+1 Card and +$1 are the card's row (drawn first); the home offers a play decision (source Shop;
options the Action cards in hand with no copy in play, and -1) and plays the card chosen, which
uses no Action (official FAQ, Dominion Strategy wiki: Shop itself is in play, so another Shop
cannot be played with it; the card is played, not just its text: it goes to play).

The playbook: the bot's play list, else the most valuable Action worth playing now, a terminal
first (it saves an Action: 10 x cost + 5 x cards, terminals ahead), none if none is worth it.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_CARDS,
    H_NAIDS,
    I64,
    I_O_OPT,
    K_PLAY,
    NONE,
    Z_HAND,
    Z_PLAY,
    aids_o,
    ask,
    cost,
    is_terminal,
    move,
    new_group,
    push_play,
    tcol,
    useful_basic,
    zo,
)

SHOP = np.int64(card_id("Shop"))
#: The trace's "how" of a play by Shop (log: "plays X (Shop)").
SHOP_PLAY = I64(7)

PROMPTS = {"play": "play an Action you have no copy of in play (Shop)"}


@inline
def shop_options(S, I, p):
    """Options: the Action cards in ``p``'s hand with no copy in play, then -1."""
    o = I[I_O_OPT]
    h = zo(S, p, Z_HAND)
    pl = zo(S, p, Z_PLAY)
    ao = aids_o(S)
    n = 0
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        I[o + n] = x
        n += np.int64(S[h + x] > 0 and S[pl + x] == 0)
    I[o + n] = -1
    return n + 1


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: may play an Action from hand that has no copy in play."""
    n = shop_options(S, I, p)
    if n <= 1:
        return I64(0)
    x = ask(S, I, F, p, K_PLAY, SHOP, I64(-1), I64(-1), n)
    if x >= 0:
        move(S, p, Z_HAND, Z_PLAY, x)
        push_play(S, I, x, new_group(S, I), SHOP_PLAY)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's play list, the best Action worth playing (terminals
    first), else -1."""
    if stage == 0 or kind != K_PLAY:
        return NONE
    o = I[I_O_OPT]
    best = I64(-1)
    bs = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x < 0 or not useful_basic(S, I, F, p, x):
            continue
        s = 10 * cost(S, I, x) + 5 * tcol(I, x, COL_CARDS) + (1000 if is_terminal(I, x) else 0)
        if s > bs:
            bs = s
            best = x
    return best
