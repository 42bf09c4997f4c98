"""Jack of All Trades (Hinterlands, both printings): gain a Silver. Look at the top card of your
deck; you may discard it. Draw until you have 5 cards in hand. You may trash a non-Treasure card
from your hand.

The first printing's "discard it or put it back" is the same choice. Official FAQ (Dominion
Strategy wiki): the steps go in order; the Silver goes to the discard pile (none when the pile is
empty); with no cards in deck the discard pile (the new Silver with it) is shuffled to look at
one; a card not discarded stays on top and may be drawn by the draw to 5; with 5 or more cards
in hand nothing is drawn; the trash is optional and not a Treasure (a Treasure-Victory card is a
Treasure). Decisions: yes/no (discard the card looked at, subject it), trash (the non-Treasures
in hand and -1).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    H_NIDS,
    I64,
    I_O_OPT,
    K_TRASH,
    K_YESNO,
    NONE,
    SILVER,
    Z_HAND,
    ask,
    draw,
    estate_trash_ok,
    gain,
    ids_o,
    in_opts,
    is_junk,
    is_treasure,
    top_keep_or_discard,
    trash_from,
    zo,
)

JACK = np.int64(card_id("Jack of All Trades"))

PROMPTS = {"yesno": "discard {subject} from the top of your deck (Jack of All Trades)?",
           "trash": "trash a non-Treasure card from your hand (Jack of All Trades)?"}


@inline
def hand_size(S, I, p):
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    k = I64(0)
    for i in range(S[H_NIDS]):
        k += S[h + S[io + i]]
    return k


@inline
def jack_play(S, I, F, p):
    """Gain a Silver; look at the top card and discard it or put it back
    (``kernel.top_keep_or_discard``); draw to 5; offer the non-Treasures in hand to trash."""
    gain(S, I, F, p, SILVER, I64(0))
    top_keep_or_discard(S, I, F, p, JACK)
    k = hand_size(S, I, p)
    if k < 5:
        draw(S, I, p, 5 - k)
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    o = I[I_O_OPT]
    n = I64(0)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        if S[h + c] > 0 and not is_treasure(I, c):
            I[o + n] = c
            n += 1
    if n == 0:
        return
    I[o + n] = -1
    a = ask(S, I, F, p, K_TRASH, JACK, I64(-1), I64(-1), n + 1)
    if a >= 0:
        trash_from(S, I, p, Z_HAND, a, I64(0))


@inline
def jack_target(S, x):
    """A card the playbook trashes: a Curse, or an Estate while the game is young."""
    return x == CURSE or (x == ESTATE and estate_trash_ok(S))


@inline
def jack_discard(S, I, p, x):
    """Discard the card looked at when it is junk (Curse, Victory-only card) or a Copper,
    as DominionSim plays it; but keep a Curse, or an Estate the playbook would trash, when the
    draw to 5 will take it and the hand holds no such card yet (the trash then gets it)."""
    h = zo(S, p, Z_HAND)
    if jack_target(S, x) and hand_size(S, I, p) < 5:
        if S[h + CURSE] == 0 and (x == CURSE or not jack_target(S, ESTATE)
                                  or S[h + ESTATE] == 0):
            return I64(0)
    return I64(1) if is_junk(I, x) or x == COPPER else I64(0)


@inline
def jack_trash(S, I, n):
    """A Curse, else an Estate while the game is young (``estate_trash_ok``), else none."""
    if in_opts(I, n, CURSE):
        return CURSE
    if in_opts(I, n, ESTATE) and estate_trash_ok(S):
        return ESTATE
    return I64(-1)


@hook
def play(S, I, F, p, c, group, mask):
    jack_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's lists, :func:`jack_discard` and :func:`jack_trash`."""
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return jack_discard(S, I, p, subject)
    if kind == K_TRASH:
        return jack_trash(S, I, n)
    return NONE
