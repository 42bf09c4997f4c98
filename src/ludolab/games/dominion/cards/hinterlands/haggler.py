"""Haggler (Hinterlands, both printings): +$2. This turn, when you gain a card, if you bought it,
gain a cheaper non-Victory card. (First printing: while this is in play, when you buy a card,
gain a card costing less than it that is not a Victory card.)

+$2 is the card's row. ``S[H_EDITION]`` picks the text. Second printing (the ``gained`` hook):
each gain of the card being bought (``H_BUYING``) by the player whose turn it is gains one
cheaper non-Victory card per play of Haggler this turn (``turn_o``: a Throne Room'd Haggler
counts twice, and a Haggler and a Throne Room'd one three times, as the FAQ says), after the
bought card is gained. First printing (the ``bought`` hook): each buy gains one such card per
Haggler in play (a Throne Room'd Haggler is still one card in play: once, the 2016 FAQ), when
the card is bought. Official FAQ (Dominion Strategy wiki): the gain is not optional, comes from
the Supply to the discard pile, costs less than the bought card now (whole costs: less than $3P
are $3 and $2P), is not a Victory card (a card with the Victory type among others is one);
nothing cheaper left: no gain; a card gained otherwise than by buying (Haggler's own gain
included) gives nothing. Decisions: gain (subject the cap, argument the bought card).

Playbook, as DominionSim plays it: the bot's gain list, else its buy list at that cap, else the
default gain.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    H_BUYING,
    H_CUR,
    H_EDITION,
    H_NIDS,
    HDR,
    I64,
    I_ERROR,
    I_O_OPT,
    K_GAIN,
    Z_PLAY,
    ask,
    cost,
    cost_rec,
    costs_less,
    gain,
    ids_o,
    is_victory,
    turn_o,
    zo,
)

HAGGLER = np.int64(card_id("Haggler"))

PROMPTS = {"gain": "gain a non-Victory card cheaper than the bought card (Haggler)"}


@inline
def cheaper_options(S, I, c):
    """Options: the Supply piles with cards left costing less than ``c`` (whole cost records:
    less than $3P are $3 and $2P, never $4), not Victory cards."""
    o = I[I_O_OPT]
    io = ids_o(S)
    n = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        I[o + n] = x
        n += np.int64(S[HDR + x] > 0 and costs_less(S, I, x, c) and not is_victory(I, x))
    return n


@inline
def haggle(S, I, F, p, c, times):
    """Gain ``times`` non-Victory cards costing less than ``c`` (a decision each)."""
    cap = cost(S, I, c) - 1
    for _ in range(times):
        if I[I_ERROR] != 0:
            return
        n = cheaper_options(S, I, c)
        if n == 0:
            return
        a = ask(S, I, F, p, K_GAIN, HAGGLER, cap, c, n)
        if a >= 0:
            gain(S, I, F, p, a, I64(0))


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained`` (second printing): the card being bought, gained by the player whose turn
    it is, gains one cheaper non-Victory card per Haggler played this turn; asked (``where >=
    GAINED_ASK``): 1 when it would."""
    acts = (S[H_EDITION] != 1 and c == S[H_BUYING] and p == S[H_CUR]
            and S[turn_o(S) + HAGGLER] > 0)
    if where >= GAINED_ASK:
        return I64(acts and cost_rec(S, I, c) >= 1)
    if acts:
        haggle(S, I, F, p, c, S[turn_o(S) + HAGGLER])
    return where


@hook
def bought(S, I, F, p, c, r):
    """Hook ``bought`` (first printing): each buy gains one cheaper non-Victory card per Haggler
    in play."""
    if S[H_EDITION] == 1 and p == S[H_CUR]:
        haggle(S, I, F, p, c, S[zo(S, p, Z_PLAY) + HAGGLER])
    return I64(0)
