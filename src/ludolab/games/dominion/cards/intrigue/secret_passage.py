"""Secret Passage (Intrigue): +2 Cards, +1 Action. Take a card from your hand and put it anywhere
in your deck.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
FAQ: the card may be one just drawn or any other card of the hand; it goes on top, at the
bottom or anywhere between (a position is counted from the top); with no cards in the deck it
becomes the deck. Only its owner knows which card went where (``kernel.put_at``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_TOPDECK,
    FALSE,
    I64,
    I_O_OPT,
    K_POSITION,
    K_TOPDECK,
    NONE,
    Z_HAND,
    ask,
    card_opt,
    deck_n,
    discard_rank,
    emit,
    opts_zone,
    put_at,
    putback_pick,
    zo,
)

SECRET_PASSAGE = np.int64(card_id("Secret Passage"))
#: Positions offered at most besides the bottom (the option scratch holds a few more than the
#: number of card ids): a card goes under up to this many cards, or to the bottom.
MAX_DEPTH = 60

# Words and bot options
PROMPTS = {"position": "where in your deck {subject} goes (Secret Passage)"}
OPTIONS = (
    ("secret_passage", 0.0, (0, 2),
     "where Secret Passage puts its card: 0 the playbook (Curses, Victory cards and Copper to "
     "the bottom, anything better on top), 1 always on top, 2 always at the bottom"),
)

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
def secret_passage_play(S, I, F, p):
    """(+2 Cards, +1 Action are the row's.) Decisions: topdeck (the hand's cards, mandatory),
    then position (subject the card; options 0 on top .. k under k cards, the bottom being the
    deck's size; deeper than :data:`MAX_DEPTH` only the bottom is offered)."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    a = ask(S, I, F, p, K_TOPDECK, SECRET_PASSAGE, I64(-1), I64(-1), n)
    k = deck_n(S, p)
    o = I[I_O_OPT]
    m = k if k < MAX_DEPTH else I64(MAX_DEPTH)
    for i in range(m + 1):
        I[o + i] = i
    n = m + 1
    if m < k:
        I[o + n] = k
        n += 1
    pos = ask(S, I, F, p, K_POSITION, SECRET_PASSAGE, a, I64(-1), n)
    S[zo(S, p, Z_HAND) + a] -= 1  # in hand until its place is chosen (the card is never lost)
    put_at(S, I, p, a, pos)
    emit(I, EV_TOPDECK, p, a, I64(0) if pos == 0 else 3 + pos)


@njit(cache=True, _nrt=False, inline="always")
def secret_passage_card(S, I, F, p, n):
    """The card to put back: :func:`~ludolab.games.dominion.engine.kernel.putback_pick`, the
    best card this turn's buy can spare (a Gold the Province does not need goes on top for the
    next hand), else the one missed least (a Victory card, to the bottom). As Geronimoo's
    Secret Passage; putting junk away first instead measured weaker (docs/bots.md)."""
    return putback_pick(S, I, F, p, n)


@njit(cache=True, _nrt=False, inline="always")
def secret_passage_position(S, I, F, p, c, n):
    """Bot option ``secret_passage``: 1 on top, 2 at the bottom; 0 (default): a Curse, a Victory
    card or a Copper (what its player would discard first) to the bottom, anything better on
    top, for the next hand. The bottom is the last option."""
    mode = np.int64(card_opt(I, F, p, SECRET_PASSAGE, I64(0)))
    bottom = I[I[I_O_OPT] + n - 1]
    if mode == 1:
        return I64(0)
    if mode == 2:
        return bottom
    if discard_rank(S, I, c, FALSE) <= discard_rank(S, I, COPPER, FALSE):  # Copper or worse
        return bottom
    return I64(0)


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    secret_passage_play(S, I, F, p)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the card (after the bot's topdeck list) and where it goes."""
    if stage == 0:
        if kind == K_POSITION:
            return secret_passage_position(S, I, F, p, subject, n)
        return NONE
    if kind == K_TOPDECK:
        return secret_passage_card(S, I, F, p, n)
    return NONE
