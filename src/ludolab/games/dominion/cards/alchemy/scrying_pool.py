"""Scrying Pool (Alchemy, $2P): Action-Attack. +1 Action. Each player (including you) reveals the
top card of their deck and either discards it or puts it back, your choice. Then reveal cards
from your deck until revealing one that isn't an Action. Put all of those revealed cards into
your hand.

The +1 Action is the card's row. Rulings (official FAQ, DominionStrategy wiki "Scrying Pool"):
you go first, then each other player in turn order (a Moat keeps its holder out of the first
part only); then you reveal until a non-Action card (an Action-Treasure or Action-Victory card
is an Action: you go on) and take every revealed card into your hand, the non-Action too; if
the deck and discard pile run out first, you take what you revealed.

Decisions: for each revealed top card, discard it (yes) or put it back (no) (subject the card,
argument its owner). House policy: Spy's (discard my junk and Coppers, keep my good cards on
top: an Action or a Gold there is taken by the dig; leave an opponent's junk on top).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.base.spy import spy_yesno
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DRAW,
    EV_REVEAL,
    I64,
    K_YESNO,
    NONE,
    Z_DISC,
    Z_HAND,
    deck_n,
    each_top_discard_or_back,
    emit,
    is_action,
    take_top,
    zo,
    zone_size,
)

SCRYING_POOL = np.int64(card_id("Scrying Pool"))

PROMPTS = {"yesno": "discard seat {arg}'s {subject} (Scrying Pool)? (no: put it back)"}


@inline
def pool_tops(S, I, F, p, mask):
    """``p`` first, then each seat in ``mask`` (the Attack's: not protected) in turn order,
    reveals its top card; ``p`` decides: discard (yes) or put back (no)."""
    each_top_discard_or_back(S, I, F, p, mask, SCRYING_POOL)


@inline
def pool_dig(S, I, p):
    """Reveal from ``p``'s deck until a card that is not an Action (or none is left); every
    revealed card goes to the hand."""
    h = zo(S, p, Z_HAND)
    while deck_n(S, p) + zone_size(S, p, Z_DISC) > 0:
        x = take_top(S, I, p)
        if x < 0:
            break
        emit(I, EV_REVEAL, p, x, I64(0))
        S[h + x] += 1
        emit(I, EV_DRAW, p, x, I64(0))
        if not is_action(I, x):
            break


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: :func:`pool_tops`, then :func:`pool_dig`."""
    pool_tops(S, I, F, p, mask)
    pool_dig(S, I, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's lists, Spy's policy (``spy.spy_yesno``)."""
    if stage == 1 and kind == K_YESNO:
        return spy_yesno(I, p, subject, arg)
    return NONE
