"""Farmhands (Cornucopia & Guilds, second printing): +1 Card, +2 Actions. When you gain this, you
may set aside an Action or Treasure from your hand, and play it at the start of your next turn.

+1 Card and +2 Actions are the card's row. Its ``gained`` hook (this Farmhands gained, however:
bought or otherwise) offers a play decision (source Farmhands; options the Action and Treasure
cards in hand, and -1); the card chosen is set aside (the set-aside zone across turns, public)
and the kernel's ``wait_next_turn`` registers a waiting effect, so at the start of its owner's
next turn the ``duration`` hook takes it back and plays it (no Action used; a Treasure makes its
$ then). Rulings: the printed text (Dominion Strategy wiki, Farmhands): the choice is optional;
the card is played, not just its text.

The playbook: the bot's play list, else the most expensive card offered (a card left in hand
when Farmhands is bought is discarded in Clean-up: set aside, it is played next turn instead),
none when the hand holds no Action or Treasure.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    H_NIDS,
    I64,
    I_O_OPT,
    K_PLAY,
    NONE,
    TRUE,
    TY_ACTION,
    TY_TREASURE,
    Z_HAND,
    Z_HAVEN,
    Z_PLAY,
    ask,
    cost,
    ids_o,
    move,
    opts_zone,
    play_card,
    set_aside,
    take_aside,
    types,
    wait_next_turn,
    zo,
)

FARMHANDS = np.int64(card_id("Farmhands"))
#: The trace's "how" of a play by Farmhands at the start of a turn.
FARMHANDS_PLAY = I64(0)

PROMPTS = {"play": "set aside an Action or Treasure to play at the start of your next turn "
                   "(Farmhands)"}


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: a Farmhands gained lets its gainer set aside an Action or Treasure from
    hand, played at the start of the next turn."""
    if c != FARMHANDS:
        return I64(0) if where >= GAINED_ASK else I64(where)
    if where >= GAINED_ASK:  # asked: counted without touching the option buffer
        h = zo(S, p, Z_HAND)
        io = ids_o(S)
        k = I64(0)
        for i in range(S[H_NIDS]):
            x = S[io + i]
            k += I64(S[h + x] > 0 and (types(I, x) & (TY_ACTION | TY_TREASURE)) != 0)
        return I64(k > 0)
    n = opts_zone(S, I, p, Z_HAND, I64(TY_ACTION | TY_TREASURE), TRUE)
    if n <= 1:
        return I64(where)
    x = ask(S, I, F, p, K_PLAY, FARMHANDS, I64(-1), I64(-1), n)
    if x >= 0:
        S[zo(S, p, Z_HAND) + x] -= 1
        set_aside(S, I, p, x)
        wait_next_turn(S, I, p, FARMHANDS, x)
    return I64(where)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the card set aside comes back and is played."""
    if S[zo(S, p, Z_HAVEN) + arg] <= 0:
        return I64(0)
    take_aside(S, I, p, arg)
    move(S, p, Z_HAND, Z_PLAY, arg)
    play_card(S, I, F, p, arg, FARMHANDS_PLAY)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's play list, the most expensive card offered."""
    if stage == 0 or kind != K_PLAY:
        return NONE
    o = I[I_O_OPT]
    best = I64(-1)
    bc = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x >= 0 and cost(S, I, x) > bc:
            bc = cost(S, I, x)
            best = x
    return best
