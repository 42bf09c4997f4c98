"""War Chest (Prosperity, second printing): The player to your left names a card. Gain a card
costing up to $5 that hasn't been named for War Chests this turn.

The turn's memory of the names: each play of a War Chest is a play instance (a group, as
Throne Room's plays are), and the flag the kernel keeps per play instance (``I_O_GFLAG``,
cleared when the instance begins, so a turn replayed from its start rebuilds it) holds, for a
War Chest's instance, ``NAMED + the card named``. The names of this turn are those of this
turn's instances (``S[H_GROUP]`` of them; the counter restarts every turn).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    DUCHY,
    E_SIZE,
    EV_CHOICE,
    FALSE,
    H_GROUP,
    H_NIDS,
    H_NP,
    HDR,
    I64,
    I_GFLAG_CAP,
    I_O_BE,
    I_O_GFLAG,
    I_O_OPT,
    K_GAIN,
    K_NAME,
    LIST_BUY,
    LIST_GAIN,
    NONE,
    ask,
    cond_true,
    cost,
    emit,
    gain,
    gains_to_end,
    ids_o,
    is_junk,
    is_treasure,
    is_victory,
    list_len,
    list_names,
    list_range,
    opts_supply,
    within,
)

WAR_CHEST = np.int64(card_id("War Chest"))
NAMED = np.int64(1 << 20)  # a play instance's flag: NAMED + the card named (War Chest's)

# Words: its prompt (who names for whom) and its log line (the card named)
PROMPTS = {"name": "name a card that seat {arg}'s War Chest may not gain this turn"}


def choice_words(arg: int) -> str:
    """The log's words for the namer's choice event (``arg``: the card named)."""
    return f"names {CARDS[arg].name}" if 0 <= arg < len(CARDS) else "names a card"


@inline
def was_named(S, I, c):
    """Has card ``c`` been named for a War Chest this turn (a flag of this turn's play
    instances, :data:`NAMED`)?"""
    fo = I[I_O_GFLAG]
    k = min(S[H_GROUP], I[I_GFLAG_CAP])
    for g in range(k):
        if I[fo + g] == NAMED + c:
            return True
    return False


@inline
def war_chest_play(S, I, F, p, group):
    """The player to the left (the next seat; none in a one-player game) names a card (decision:
    name, asked of that seat, options every card of this game's supply, ``arg`` the War Chest's
    player); the name is kept for the turn. Then ``p`` gains a card costing up to $5 that no War
    Chest this turn was told (decision: gain, cost cap 5, no stop; nothing left: no gain). House
    policy: :func:`war_chest_name` for the namer, the gain lists for ``p``."""
    npl = S[H_NP]
    if npl > 1:
        q = (p + 1) % npl
        o = I[I_O_OPT]
        io = ids_o(S)
        n = S[H_NIDS]
        for i in range(n):
            I[o + i] = S[io + i]
        named = ask(S, I, F, q, K_NAME, WAR_CHEST, I64(-1), p, n)
        emit(I, EV_CHOICE, q, WAR_CHEST, named)
        if group < I[I_GFLAG_CAP]:
            I[I[I_O_GFLAG] + group] = NAMED + named
    n = opts_supply(S, I, I64(5), I64(0), FALSE)
    o = I[I_O_OPT]
    m = 0
    for i in range(n):  # the cards named for War Chests this turn are not options
        x = I[o + i]
        if not was_named(S, I, x):
            I[o + m] = x
            m += 1
    if m == 0:
        return
    a = ask(S, I, F, p, K_GAIN, WAR_CHEST, I64(5), I64(-1), m)
    if a >= 0:
        gain(S, I, F, p, a, I64(0))


@inline
def gainable(S, I, c):
    """Could the War Chest gain ``c`` now: in the supply, costing up to $5, not named yet."""
    return S[HDR + c] > 0 and within(S, I, c, I64(5)) and not was_named(S, I, c)


@inline
def war_chest_name(S, I, F, p, owner, n):
    """The card seat ``p`` names against ``owner``'s War Chest: the card ``owner`` would most
    likely gain with it. A bot's gain list (else its buy list) read as ``decide`` reads it for
    the gain: the first entry that is gainable (:func:`gainable`) and whose condition holds for
    ``owner``. No such entry (an outside seat, or lists that want nothing at $5): late (3 gains
    or fewer end the game) a Duchy; else the dearest gainable card that is not only Victory
    or Curse (ties: the first in supply order)."""
    c = list_gain(S, I, F, owner)
    if c >= 0:
        return c
    if gains_to_end(S) <= 3 and gainable(S, I, DUCHY):
        return DUCHY
    best = NONE
    bc = I64(-1)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        if gainable(S, I, c) and not is_junk(I, c) and cost(S, I, c) > bc:
            bc = cost(S, I, c)
            best = c
    return best


@inline
def list_gain(S, I, F, p):
    """The card ``p``'s gain list (else its buy list) would gain with this War Chest: its first
    gainable entry whose condition holds (-1: none; an outside seat has no lists)."""
    lst = LIST_GAIN if list_len(I, p, LIST_GAIN) > 0 else LIST_BUY
    s0, e0 = list_range(I, p, lst)
    for r in range(s0, e0):
        c = I[I[I_O_BE] + r * E_SIZE + 1]
        if gainable(S, I, c) and cond_true(S, I, F, p, r):
            return c
    return I64(-1)


@inline
def war_chest_gain(S, I, F, p, n):
    """The gain when ``p``'s lists name nothing gainable (the named cards are out, limits are
    reached): the dearest Treasure among the options that is not also a Victory card and that
    the lists do not name (a card they name whose entry said no, a limit reached, stays out, as
    in the action order): a Venture or Crystal Ball rather than the default gain's Copper once
    Silver was named; none: NONE,
    the default gain. When the lists name a card, or there are none (Big Money's empty list:
    the default gain's Gold, Silver...): NONE."""
    if list_len(I, p, LIST_BUY) + list_len(I, p, LIST_GAIN) == 0 or list_gain(S, I, F, p) >= 0:
        return NONE
    lst = LIST_GAIN if list_len(I, p, LIST_GAIN) > 0 else LIST_BUY
    o = I[I_O_OPT]
    best = NONE
    bc = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x < 0 or list_names(I, p, lst, x):
            continue  # a card the lists name, whose entry said no (a limit), is not taken
        if is_treasure(I, x) and not is_victory(I, x) and cost(S, I, x) > bc:
            bc = cost(S, I, x)
            best = x
    return best


@hook
def play(S, I, F, p, c, group, mask):
    war_chest_play(S, I, F, p, group)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook's answer to a decision this card asks (stage 0: before
    the bot's lists, 1: after them); ``NONE``: no opinion, the general rule. The name is the
    namer's (``p``, the seat to the left; ``arg``: the War Chest's player)."""
    if stage == 0:
        if kind == K_GAIN:
            return war_chest_gain(S, I, F, p, n)
        return NONE
    if kind == K_NAME:
        return war_chest_name(S, I, F, p, arg, n)
    return NONE


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default Treasure order (higher first): before the
    diggers (a reshuffle they cause then takes the card it gained), long before Bank."""
    return I64(500)
