"""Throne Room: you may play an Action card from your hand twice.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_CARDS,
    FALSE,
    H_EDITION,
    H_NIDS,
    I64,
    I_O_OPT,
    K_PLAY,
    NONE,
    THRONE_ROOM,
    Z_HAND,
    cost,
    extreme_cost,
    ids_o,
    in_opts,
    is_action,
    play_times,
    tcol,
    useful_basic,
    zo,
)

PROMPTS = {"play": "play an Action twice (Throne Room)"}


@inline
def throne_room_play(S, I, F, p):
    """Choose an Action in hand (decision: play, source Throne Room; second edition: ``-1``
    declines, first edition: one must be chosen if there is one) and play it twice
    (:func:`play_times`; Feast trashes itself once). House policy: :func:`throne_room_target`;
    when to play a Throne Room at all: :func:`throne_room_useful` and
    :func:`throne_room_score`."""
    play_times(S, I, F, p, THRONE_ROOM, I64(2), I64(1), S[H_EDITION] == 2)


@inline
def throne_room_target(S, I, F, p, x):
    """The score of Action ``x`` as the card to play twice (asked after the bot's play list; the
    best score is taken): 10 x cost + 5 x cards drawn, -1 when ``x`` is not worth playing now
    (:func:`useful_basic`; never another Throne Room). None worth it: none (second edition) or
    the most expensive (first edition: a card must be chosen; :func:`decide`'s general rule)."""
    if not useful_basic(S, I, F, p, x):
        return -1
    return 10 * cost(S, I, x) + 5 * tcol(I, x, COL_CARDS)


@inline
def throne_room_useful(S, I, F, p):
    """Worth playing when the hand holds another Action (not a Throne Room) worth playing."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if x != THRONE_ROOM and S[h + x] > 0 and is_action(I, x) and useful_basic(S, I, F, p, x):
            return True
    return False


@inline
def throne_room_score(S, I):
    """Its place in the default action order (:func:`play_score`): after every non-terminal
    Action, before the terminals."""
    return 500 + cost(S, I, THRONE_ROOM)


@inline
def throne_room_pick(S, I, F, p, n):
    """The Action to play twice, after the bot's play list: the best :func:`throne_room_target`;
    none worth it: none (second edition: ``-1`` is an option) or the most expensive (first
    edition: a card must be chosen)."""
    o = I[I_O_OPT]
    optional = in_opts(I, n, I64(-1))
    best = I64(-1)
    best_score = -(1 << 30)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        sc = throne_room_target(S, I, F, p, x)
        if sc < 0:
            continue
        if sc > best_score:
            best_score = sc
            best = x
    if best >= 0:
        return best
    if optional:
        return I64(-1)
    return extreme_cost(S, I, n, FALSE)


@hook
def play(S, I, F, p, c, group, mask):
    throne_room_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_PLAY:
        return throne_room_pick(S, I, F, p, n)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: is playing this card worth it now (1) or not (0)? ``basic``: asked
    for a card another card would play (never another Throne Room)."""
    return I64(0) if basic != 0 else I64(throne_room_useful(S, I, F, p))


@hook
def score(S, I, F, p, c):
    return throne_room_score(S, I)
