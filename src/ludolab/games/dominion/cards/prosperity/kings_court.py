"""King's Court (Prosperity): You may play an Action card from your hand three times.

Both printings
read the same ("you may choose an Action card in your hand; play it three times").
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_ACTIONS,
    COL_CARDS,
    H_ACTIONS,
    H_NAIDS,
    I64,
    I_O_OPT,
    K_PLAY,
    NONE,
    THRONE_ROOM,
    TRUE,
    Z_HAND,
    aids_o,
    cost,
    play_times,
    tcol,
    useful_basic,
    zo,
)

KINGS_COURT = np.int64(card_id("King's Court"))

PROMPTS = {"play": "play an Action three times (King's Court)"}
#: The trace's play event of the first of the three plays (``EV_PLAY`` arg 4; the second and
#: third are 5 and 6; the log's words).
KC_FIRST = np.int64(4)


@inline
def kings_court_play(S, I, F, p):
    """Choose an Action in hand (decision: play, source King's Court; ``-1`` declines: the
    choice is optional in both printings) and play it three times (:func:`play_times`: each
    play resolves completely before the next, a card that moves itself does so once). Playing
    it uses none of the turn's actions."""
    play_times(S, I, F, p, KINGS_COURT, I64(3), KC_FIRST, TRUE)


@inline
def hand_actions(S, I, F, p, skip):
    """Counts in ``p``'s hand, leaving one ``skip`` out: Actions worth playing that are not
    Throne Room or King's Court, and of those the terminal ones and the villages (+2 Actions)."""
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    worth = I64(0)
    terms = I64(0)
    villages = I64(0)
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        k = S[h + x] - (1 if x == skip else 0)
        if k <= 0 or x == KINGS_COURT or x == THRONE_ROOM:
            continue
        if not useful_basic(S, I, F, p, x):
            continue
        worth += k
        if tcol(I, x, COL_ACTIONS) == 0:
            terms += k
        elif tcol(I, x, COL_ACTIONS) >= 2:
            villages += k
    return worth, terms, villages


@inline
def kings_court_target(S, I, F, p, x):
    """The score of Action ``x`` as the card to play three times (asked after the bot's play
    list; the best score is taken; -1: not worth it). Another King's Court or Throne Room when
    two other Actions worth playing wait in hand (it then plays each of them several times); a
    village when the hand holds more terminals than the actions left and its other villages
    could play; otherwise the costliest, drawing cards first (10 x cost + 5 x cards, the Throne
    Room rule)."""
    if x == KINGS_COURT or x == THRONE_ROOM:
        worth, _terms, _villages = hand_actions(S, I, F, p, x)
        return I64(2000) if worth >= 2 else I64(-1)
    if not useful_basic(S, I, F, p, x):
        return I64(-1)
    _worth, terms, villages = hand_actions(S, I, F, p, x)
    sc = 10 * cost(S, I, x) + 5 * tcol(I, x, COL_CARDS)
    if tcol(I, x, COL_ACTIONS) >= 1 and terms > S[H_ACTIONS] + villages:
        sc += 1000
    return sc


@inline
def kings_court_pick(S, I, F, p, n):
    """The Action to play three times, after the bot's play list: the best
    :func:`kings_court_target`; none worth it: decline (``-1``)."""
    o = I[I_O_OPT]
    best = I64(-1)
    best_score = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        sc = kings_court_target(S, I, F, p, x)
        if sc > best_score:
            best_score = sc
            best = x
    return best


@inline
def kings_court_useful(S, I, F, p, basic):
    """Worth playing when the hand holds another Action worth playing (not a Throne Room or
    King's Court); played by another card (Throne Room, Vassal: ``basic``), when it holds two,
    so that every play of it has something to play."""
    worth, _terms, _villages = hand_actions(S, I, F, p, I64(-1))
    return worth >= (2 if basic != 0 else 1)


@inline
def kings_court_score(S, I, F, p):
    """Its place in the default action order (:func:`play_score`): first of all when the hand
    holds a village and more terminals than the actions left after it and the other villages
    could play (a tripled village feeds them); otherwise after the non-terminal Actions (the
    villages are played first) and before Throne Room and the terminals."""
    _worth, terms, villages = hand_actions(S, I, F, p, I64(-1))
    if villages > 0 and terms > S[H_ACTIONS] + villages - 2:
        return I64(5000)
    return I64(600) + cost(S, I, KINGS_COURT)


@hook
def play(S, I, F, p, c, group, mask):
    kings_court_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_PLAY:
        return kings_court_pick(S, I, F, p, n)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    return I64(1) if kings_court_useful(S, I, F, p, basic) else I64(0)


@hook
def score(S, I, F, p, c):
    return kings_court_score(S, I, F, p)
