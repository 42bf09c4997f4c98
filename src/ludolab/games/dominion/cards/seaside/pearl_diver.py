"""Pearl Diver (Seaside, first printing only): +1 Card, +1 Action. Look at the bottom card of
your deck. You may put it on top.

+1 Card and
+1 Action are the card's row (drawn first). The deck's bottom card is the draw pile's first
position (the pile is stored bottom up). Official FAQ (Dominion Strategy wiki): draw first,
then look at the bottom card, shuffling first if the deck is empty; the card is not revealed.
With one card in the deck it is both top and bottom: nothing to choose.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    EV_TOPDECK,
    FALSE,
    I64,
    K_YESNO,
    NONE,
    PS_DECKN,
    PS_DEEP,
    PS_KNOWN_LO,
    PS_PUB_LO,
    PSZ,
    ask,
    deep_with,
    emit,
    is_action,
    is_junk,
    known_top,
    opts_list,
    put_top,
    reshuffle,
    so,
)

PEARL_DIVER = np.int64(card_id("Pearl Diver"))

PROMPTS = {"yesno": "put {subject} from the bottom of your deck on top (Pearl Diver)?"}


@inline
def take_bottom(S, p):
    """Remove and return the bottom card of ``p``'s draw pile (not empty). What is known of
    the pile's positions (counted from the bottom) moves down by one with the cards."""
    s = so(S, p)
    base = s + PSZ
    n = S[s + PS_DECKN]
    c = S[base]
    for i in range(n - 1):
        S[base + i] = S[base + i + 1]
    S[s + PS_DECKN] = n - 1
    for f in (PS_KNOWN_LO, PS_PUB_LO):
        lo = S[s + f]
        hi = S[s + f + 1]
        if hi > lo:
            S[s + f] = lo - 1 if lo > 0 else I64(0)
            S[s + f + 1] = hi - 1
    d = S[s + PS_DEEP]
    if d == 1:
        S[s + PS_DEEP] = 0
    elif d > 1:
        S[s + PS_DEEP] = d - 1
    return c


@inline
def know_bottom(S, p):
    """Its owner now knows the bottom card of its draw pile (left there): the search's re-deal
    keeps it in place (``PS_DEEP`` = 1, position 0). Known already (the whole pile is the known
    run, or it is the deep card): nothing changes; a second deep card is not tracked, as in
    ``kernel.put_at`` (``kernel.deep_with``)."""
    s = so(S, p)
    n = S[s + PS_DECKN]
    if known_top(S, s, FALSE) >= n:
        return
    d = S[s + PS_DEEP]
    if d > n:  # drawn since: forgotten
        d = I64(0)
    if d == 1:
        return
    S[s + PS_DEEP] = deep_with(S, d, I64(0))


@inline
def pearl_diver_play(S, I, F, p):
    """Look at the bottom card (shuffling the discard pile first if the deck is empty); with
    two or more cards in the deck a yes/no decision (subject: that card) whether to put it on
    top (face down: only its owner knows it)."""
    s = so(S, p)
    if S[s + PS_DECKN] == 0 and not reshuffle(S, I, p):
        return
    if S[s + PS_DECKN] < 2:
        know_bottom(S, p)  # one card: its top and bottom, looked at
        return
    c = S[s + PSZ]
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, PEARL_DIVER, c, I64(-1), n) == 1:
        take_bottom(S, p)
        put_top(S, I, p, c, FALSE)
        emit(I, EV_TOPDECK, p, c, I64(2))
    else:
        know_bottom(S, p)


@hook
def play(S, I, F, p, c, group, mask):
    pearl_diver_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: put it on top unless it is junk (a Curse or a Victory card) or a Copper
    - an Action or a Treasure better than Copper is worth drawing next."""
    if stage == 0 or kind != K_YESNO:
        return NONE
    if is_junk(I, subject) or subject == COPPER:
        return I64(0)
    if is_action(I, subject) or subject >= 0:
        return I64(1)
    return I64(0)
