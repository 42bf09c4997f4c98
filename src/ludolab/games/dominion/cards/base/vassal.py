"""Vassal: discard the top card of your deck; if an Action, you may play it.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    I64,
    K_YESNO,
    NONE,
    VASSAL,
    Z_DISC,
    Z_PLAY,
    ask,
    discard_card,
    is_action,
    move,
    new_group,
    opts_list,
    push_play,
    take_top,
    useful_basic,
)

PROMPTS = {"yesno": "play {subject} (Vassal)?"}


@inline
def vassal_play(S, I, F, p):
    """A discarded Action asks yes/no (play it?; played via the play stack, no action used).
    House policy: :func:`vassal_yesno`."""
    x = take_top(S, I, p)
    if x >= 0:
        gone = discard_card(S, I, F, p, I64(-1), x, I64(1))  # its own trigger played it
        if gone == 0 and is_action(I, x):
            n = opts_list(I, I64(1), I64(0), NONE)
            if ask(S, I, F, p, K_YESNO, VASSAL, x, I64(-1), n) == 1:
                move(S, p, Z_DISC, Z_PLAY, x)
                push_play(S, I, x, new_group(S, I), I64(3))


@inline
def vassal_yesno(S, I, F, p, x):
    """Play the discarded Action when it is worth playing now."""
    return I64(1) if useful_basic(S, I, F, p, x) else I64(0)


@hook
def play(S, I, F, p, c, group, mask):
    vassal_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return vassal_yesno(S, I, F, p, subject)
    return NONE
