"""Thief (first edition): each other player reveals the top 2 cards of their deck. If they revealed
any Treasure cards, they trash one of them that you choose. You may gain any or all of these
trashed cards. They discard the other revealed cards.
"""

from __future__ import annotations

from ludolab.games.dominion.cards.base.bandit import bandit_thief_attack
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    FALSE,
    I64,
    K_TRASH,
    K_YESNO,
    NONE,
    extreme_cost,
)

PROMPTS = {"yesno": "gain the trashed {subject} (Thief)?"}


@inline
def thief_trash(S, I, n):
    """The Thief's player trashes the most valuable Treasure."""
    return extreme_cost(S, I, n, FALSE)


@inline
def thief_yesno(x):
    """Gain the trashed Treasure unless it is a Copper."""
    return I64(0) if x == COPPER else I64(1)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` reveals two cards; the Thief's player trashes a Treasure
    among them and may gain it (``bandit.bandit_thief_attack``)."""
    bandit_thief_attack(S, I, F, p, c, q)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return thief_trash(S, I, n)
    if kind == K_YESNO:
        return thief_yesno(subject)
    return NONE
