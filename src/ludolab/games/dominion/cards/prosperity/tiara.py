"""Tiara (Prosperity, second printing): +1 Buy. This turn, when you gain a card, you may put it
onto your deck. You may play a Treasure from your hand twice.

The
+1 Buy is its row's column; ``play`` asks for the Treasure to play twice; the ``gained`` hook
offers the topdeck for the rest of the turn (once per gain, however many Tiaras were played;
Royal Seal's playbook, shared with it).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.cards.prosperity.royal_seal import gained_topdeck, topdeck_worth_it
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COL_SPECIAL,
    EV_CHOICE,
    GAINED_ASK,
    H_CUR,
    I64,
    I_ERROR,
    I_O_OPT,
    K_PLAY,
    K_TOPDECK,
    NONE,
    TREASURE_FIRST,
    TY_TREASURE,
    Z_HAND,
    card_opt,
    emit,
    pick_from_hand,
    play_treasure,
    play_treasure_effect,
    tcol,
    turn_o,
    zo,
)

TIARA = np.int64(card_id("Tiara"))
CONTRABAND = np.int64(card_id("Contraband"))

# Words: its prompt and its log line (the Treasure played twice)
PROMPTS = {"play": "play a Treasure from your hand twice (Tiara)"}
OPTIONS = (
    ("tiara", 0.0, (0, 2),
     "The cards Tiara puts onto the deck this turn: 0 the playbook (every gained card but "
     "Copper, Curses and cards that are only Victory), 1 every card, 2 none"),
)


def choice_words(arg: int) -> str:
    """The log's words for its choice event (``arg``: the Treasure it plays twice)."""
    return f"plays {CARDS[arg].name} twice" if 0 <= arg < len(CARDS) else "plays a Treasure twice"


@inline
def tiara_play(S, I, F, p):
    """Choose a Treasure in hand (decision: play, source Tiara, -1 declines); it goes into play
    once and is played twice: its columns and its home's effect each time (a Tiara played
    twice gives +2 Buys and two more Treasures to play twice)."""
    a = pick_from_hand(S, I, F, p, K_PLAY, TIARA, TY_TREASURE)
    if a < 0:
        return
    emit(I, EV_CHOICE, p, TIARA, a)
    play_treasure(S, I, F, p, a)
    if I[I_ERROR] == 0:
        play_treasure_effect(S, I, F, p, a)


@inline
def twice_value(I, x):
    """What playing Treasure ``x`` a second time is worth, in $: its coins, +1 for a Treasure
    that does more than make money; Contraband's second play lets the left player name a
    second card, so it counts $1 only."""
    if x == CONTRABAND:
        return I64(1)
    v = tcol(I, x, COL_COINS)
    if tcol(I, x, COL_SPECIAL) != 0:
        v += 1
    return v


@inline
def tiara_pick(S, I, F, p, n):
    """The Treasure to play twice: the one worth most the second time (:func:`twice_value`);
    another Tiara is worth the two best other Treasures in hand (each of its plays doubles
    one). None worth anything: decline."""
    o = I[I_O_OPT]
    h = zo(S, p, Z_HAND)
    best1 = I64(0)
    best2 = I64(0)
    for i in range(n):  # the two best non-Tiara Treasures in hand, copies counted
        x = I[o + i]
        if x < 0 or x == TIARA:
            continue
        v = twice_value(I, x)
        for _ in range(min(S[h + x], 2)):
            if v > best1:
                best2 = best1
                best1 = v
            elif v > best2:
                best2 = v
    a = I64(-1)
    av = I64(0)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        v = best1 + best2 if x == TIARA else twice_value(I, x)
        if v > av:
            av = v
            a = x
    return a


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its +1 Buy is its row's)."""
    tiara_play(S, I, F, p)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: after the player whose turn it is played a Tiara this turn, each card it
    gains may go onto its deck (one question however many Tiaras it played)."""
    if p != S[H_CUR] or S[turn_o(S) + TIARA] == 0:
        return I64(0) if where >= GAINED_ASK else where
    return gained_topdeck(S, I, F, p, c, TIARA, where)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the Treasure to play twice (:func:`tiara_pick`, after the bot's play
    list) and the topdeck playbook (bot option ``tiara``, after the bot's topdeck list)."""
    if stage == 0:
        return NONE
    if kind == K_PLAY:
        return tiara_pick(S, I, F, p, n)
    if kind == K_TOPDECK:
        mode = np.int64(card_opt(I, F, p, TIARA, I64(0)))
        return subject if topdeck_worth_it(I, subject, mode) else I64(-1)
    return NONE


@hook
def score(S, I, F, p, c):
    """Hook ``score``: Tiara is played before the plain Treasures (``TREASURE_FIRST``: it plays
    one of them twice, and its topdeck covers every later gain)."""
    return I64(TREASURE_FIRST)
