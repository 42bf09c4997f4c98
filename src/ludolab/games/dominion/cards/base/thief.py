"""Thief (first edition): each other player reveals the top 2 cards of their deck. If they revealed
any Treasure cards, they trash one of them that you choose. You may gain any or all of these
trashed cards. They discard the other revealed cards.

The card's home in the engine: its effect and its default playbook, compiled on their own
and reached through the kernel's hook table (see ``docs/design/dominion-engine.md``).
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards.base.bandit import bandit_thief_attack
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    FALSE,
    I64,
    K_TRASH,
    K_YESNO,
    NONE,
    extreme_cost,
)

# Words: its prompts ({subject}: the card asked about, {arg}: the other seat)
PROMPTS = {"yesno": "gain the trashed {subject} (Thief)?"}

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__, _here.parent / "bandit.py"])


@njit(cache=True, _nrt=False, inline="always")
def thief_trash(S, I, n):
    """The Thief's player trashes the most valuable Treasure."""
    return extreme_cost(S, I, n, FALSE)


@njit(cache=True, _nrt=False, inline="always")
def thief_yesno(x):
    """Gain the trashed Treasure unless it is a Copper."""
    return I64(0) if x == COPPER else I64(1)


@njit(cache=True, _nrt=False)
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` reveals two cards; the Thief's player trashes a Treasure
    among them and may gain it (``bandit.bandit_thief_attack``)."""
    bandit_thief_attack(S, I, F, p, c, q)
    return I64(0)


@njit(cache=True, _nrt=False)
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's answer to a decision this card asks (stage 0: before
    the bot's lists, 1: after them); ``NONE``: no opinion, the general rule."""
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return thief_trash(S, I, n)
    if kind == K_YESNO:
        return thief_yesno(subject)
    return NONE
