"""Spy: each player (you too) reveals their top card; you choose: discard or put back.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    I64,
    K_YESNO,
    NONE,
    SPY,
    each_top_discard_or_back,
    is_junk,
)

PROMPTS = {"yesno": "discard seat {arg}'s {subject} (Spy)? (no: put it back)"}


@inline
def spy_play(S, I, F, p, mask):
    """The Spy's player first, then each seat in ``mask`` (not protected by a Moat), reveals its
    top card; the Spy's player decides yes (discard) or no (put back), subject the card,
    argument its owner. House policy: :func:`spy_yesno`."""
    each_top_discard_or_back(S, I, F, p, mask, SPY)


@inline
def spy_yesno(I, p, x, q):
    """Discard my own junk and keep a good card on top; leave an opponent's junk on top and
    discard a good card (junk: Curse, Victory-only cards and Copper)."""
    junk = is_junk(I, x) or x == COPPER
    if q == p:
        return I64(1) if junk else I64(0)
    return I64(0) if junk else I64(1)


@hook
def play(S, I, F, p, c, group, mask):
    spy_play(S, I, F, p, mask)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return spy_yesno(I, p, subject, arg)
    return NONE
