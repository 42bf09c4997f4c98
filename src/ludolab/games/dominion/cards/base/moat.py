"""Moat: +2 Cards. When another player plays an Attack, you may first reveal this from your hand, to
be unaffected by it.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_MOAT,
    I64,
    K_YESNO,
    MOAT,
    NONE,
    OPT_REVEAL_MOAT,
    ask,
    bot_opt,
    emit,
    opts_list,
)

PROMPTS = {"yesno": "reveal Moat against {subject}?"}


@inline
def moat_yesno(I, F, p):
    """Reveal the Moat unless the bot's option ``reveal_moat`` is off."""
    return I64(1) if bot_opt(I, F, p, OPT_REVEAL_MOAT) != 0.0 else I64(0)


@inline
def moat_reveal(S, I, F, q, c, attacker):
    """Seat ``q`` holding a Moat is asked whether to reveal it (decision: yes/no, the subject is
    the Attack ``c``, the argument its player); revealed: unaffected (1). House policy: reveal
    against every Attack (bot option ``reveal_moat``, on by default). Throne Room on an Attack
    asks again for the second play."""
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, q, K_YESNO, MOAT, c, attacker, n) == 1:
        emit(I, EV_MOAT, q, c, I64(0))
        return I64(1)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return moat_yesno(I, F, p)
    return NONE


@hook
def react(S, I, F, q, r, c, attacker):
    """Hook ``react``: seat ``q`` holds this Reaction when Attack ``c`` is played; 1: unaffected."""
    return moat_reveal(S, I, F, q, c, attacker)
