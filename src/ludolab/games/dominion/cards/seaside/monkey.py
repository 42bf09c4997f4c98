"""Monkey (Seaside, second printing): Until your next turn, when the player to your right gains a
card, +1 Card. At the start of your next turn, +1 Card.

The card's home in the engine (see ``docs/design/dominion-engine.md``): its ``play`` hook only
registers the waiting effect; its ``gained`` hook draws a card for each of the Monkey effects its
owner has waiting whenever the player to the owner's right (the seat before it in turn order)
gains a card (any card, however gained, on any player's turn, the owner's own included: a Curse
from the owner's Sea Witch counts, as the official FAQ says), until the ``duration`` hook ends it
at the start of the owner's next turn with +1 Card. Throne Room on Monkey: two effects, so +2
Cards a gain and +2 Cards next turn. No decisions. With one player there is no player to the
right: only the next-turn card.

The playbook: the general play order puts it after the terminals that do something now (it is a
terminal that gives nothing this turn).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.seaside import _waiting
from ludolab.games.dominion.cards.seaside._waiting import GAINED_ASK, wait_count
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    H_NP,
    I64,
    I_ERROR,
    draw,
    stay,
)

MONKEY = np.int64(card_id("Monkey"))

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__, _waiting.__file__])


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the effect waits until the start of ``p``'s next turn."""
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@njit(cache=True, _nrt=False)
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: seat ``p`` gained ``c``; the seat to its left (the next in turn order,
    whose right ``p`` is) draws one card per Monkey effect it has waiting. Where ``c`` is does
    not matter."""
    n_pl = S[H_NP]
    if n_pl < 2:
        return where
    owner = (p + 1) % n_pl
    k = wait_count(S, owner, MONKEY)
    if where >= GAINED_ASK:
        return I64(1) if k > 0 else I64(0)
    if k > 0 and I[I_ERROR] == 0:
        draw(S, I, owner, k)
    return where


@njit(cache=True, _nrt=False)
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: +1 Card (and the effect on the right player's gains ends)."""
    draw(S, I, p, I64(1))
    return I64(0)
