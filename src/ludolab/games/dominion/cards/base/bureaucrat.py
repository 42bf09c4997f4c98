"""Bureaucrat: gain a Silver onto your deck. Each other player reveals a Victory card from their
hand and puts it onto their deck (or reveals a hand with no Victory cards).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    BUREAUCRAT,
    EV_REVEAL,
    EV_TOPDECK,
    FALSE,
    I64,
    K_TOPDECK,
    NONE,
    SILVER,
    TRUE,
    TY_VICTORY,
    Z_HAND,
    ask,
    each_attacked,
    emit,
    extreme_cost,
    gain,
    opts_zone,
    put_top,
    zo,
)


@inline
def bureaucrat_topdeck(S, I, n):
    """The victim puts back its cheapest Victory card."""
    return extreme_cost(S, I, n, TRUE)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: gain a Silver onto the deck, then the attack (:func:`attack`)."""
    gain(S, I, F, p, SILVER, I64(2))
    each_attacked(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` puts a Victory card from its hand onto its deck (decision:
    topdeck, argument the Bureaucrat's player), or reveals a hand with none. House policy:
    :func:`bureaucrat_topdeck` (after the victim's topdeck list)."""
    n = opts_zone(S, I, q, Z_HAND, TY_VICTORY, FALSE)
    if n == 0:
        emit(I, EV_REVEAL, q, I64(-1), I64(0))
        return I64(0)
    a = ask(S, I, F, q, K_TOPDECK, BUREAUCRAT, I64(-1), p, n)
    emit(I, EV_REVEAL, q, a, I64(0))
    S[zo(S, q, Z_HAND) + a] -= 1
    put_top(S, I, q, a, True)
    emit(I, EV_TOPDECK, q, a, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TOPDECK:
        return bureaucrat_topdeck(S, I, n)
    return NONE
