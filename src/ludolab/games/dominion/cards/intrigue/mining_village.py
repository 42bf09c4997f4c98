"""Mining Village (Intrigue): +1 Card, +2 Actions. You may trash this for +$2.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_CARDS,
    EV_COINS_PLUS,
    H_COINS,
    H_NAIDS,
    I64,
    I_GFLAG_CAP,
    I_O_GFLAG,
    K_YESNO,
    NONE,
    Z_HAND,
    Z_PLAY,
    aids_o,
    ask,
    card_opt,
    coins_help,
    emit,
    gains_to_end,
    opts_list,
    tcol,
    trash_card,
    zo,
)
from ludolab.games.dominion.engine.kernel import useful as worth_playing

MINING_VILLAGE = np.int64(card_id("Mining Village"))

PROMPTS = {"yesno": "trash Mining Village for +$2?"}
OPTIONS = (
    ("mining_village", 0.0, (0.0, 3.0),
     "When Mining Village trashes itself: 1 engine (kept as a village until the game is 3 "
     "gains from its end, then always), 2 never, 3 always; 0: the playbook (when +$2 changes "
     "the buy, or the game is 3 gains from its end)"),
)


@inline
def mining_village_play(S, I, F, p, group):
    """While it is still in play and has not trashed itself in this play instance (under Throne
    Room it can be trashed once only, so +$2 once: the FAQ), ask yes/no; yes: trash it from
    play, +$2."""
    fo = I[I_O_GFLAG]
    capped = group >= I[I_GFLAG_CAP]
    if not capped and I[fo + group] != 0:
        return
    if S[zo(S, p, Z_PLAY) + MINING_VILLAGE] <= 0:
        return
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, MINING_VILLAGE, I64(-1), I64(-1), n) != 1:
        return
    trash_card(S, I, F, p, Z_PLAY, MINING_VILLAGE, I64(1))
    if not capped:
        I[fo + group] = 1
    S[H_COINS] += 2
    emit(I, EV_COINS_PLUS, p, MINING_VILLAGE, I64(2))


@inline
def mining_village_trash(S, I, F, p):
    """1 trash, 0 keep: bot option ``mining_village`` first, else the playbook (after
    Geronimoo's Mining Village): trash when +$2 changes what the bot buys, or when the game is
    3 gains or fewer from its end."""
    v = np.int64(card_opt(I, F, p, MINING_VILLAGE, I64(0)))
    late = gains_to_end(S) <= 3
    if v == 2:
        return I64(0)
    if v == 3 or late:
        return I64(1)
    if v == 1:
        return I64(0)
    if draw_waiting(S, I, F, p):
        return I64(0)
    return I64(1) if coins_help(S, I, F, p, I64(2)) else I64(0)


@inline
def draw_waiting(S, I, F, p):
    """Does the hand still hold an Action that draws and is worth playing? Then the coins in
    hand are not the turn's coins yet, and the village is worth more than +$2."""
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        if S[h + x] > 0 and tcol(I, x, COL_CARDS) > 0 and worth_playing(S, I, F, p, x):
            return True
    return False


@hook
def play(S, I, F, p, c, group, mask):
    mining_village_play(S, I, F, p, group)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return mining_village_trash(S, I, F, p)
    return NONE
