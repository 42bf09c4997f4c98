"""Hamlet (Cornucopia, both printings): +1 Card, +1 Action. You may discard a card for +1 Action.
You may discard a card for +1 Buy.

+1 Card and +1 Action are the card's row (drawn first); the home asks two optional discards in
the printed order (discard: the hand and -1, subject -1, argument 0 for +1 Action, 1 for +1 Buy;
official FAQ, Dominion Strategy wiki: each discard is optional and gives its bonus only if a
card was discarded; the card drawn may be discarded).

The playbook, as DominionSim plays it: whether to discard is the card's (before the bot's
discard list, which then chooses the card): for +1 Action when the hand holds more terminal
Actions worth playing than actions left (discarding a non-Action costing $3 or less), or a dead
card (a Victory card or Curse); for +1 Buy when a dead card is left, or an Action that can no
longer be played. The card is the bot's discard list's, else the general order (Curses, Victory
cards, Copper, then the cheapest).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    H_ACTIONS,
    H_BUYS,
    H_NAIDS,
    I64,
    K_DISCARD,
    NONE,
    TRUE,
    Z_HAND,
    aids_o,
    ask,
    cost,
    discard_card,
    is_action,
    is_junk,
    is_terminal,
    opts_zone,
    rank_pick,
    zo,
)
from ludolab.games.dominion.engine.kernel import useful as worth_playing

HAMLET = np.int64(card_id("Hamlet"))

PROMPTS = {"discard:0": "discard a card for +1 Action (Hamlet)?",
           "discard:1": "discard a card for +1 Buy (Hamlet)?"}


@inline
def hamlet_discard(S, I, F, p, what):
    """One optional discard (argument ``what``: 0 for +1 Action, 1 for +1 Buy); a discarded
    card gives the bonus."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
    if n <= 1:
        return
    x = ask(S, I, F, p, K_DISCARD, HAMLET, I64(-1), what, n)
    if x < 0:
        return
    discard_card(S, I, F, p, Z_HAND, x, I64(0))
    if what == 0:
        S[H_ACTIONS] += 1
    else:
        S[H_BUYS] += 1


@hook
def play(S, I, F, p, c, group, mask):
    hamlet_discard(S, I, F, p, I64(0))
    hamlet_discard(S, I, F, p, I64(1))
    return I64(0)


@inline
def terminals_to_play(S, I, F, p):
    """How many terminal Actions worth playing (their ``useful``) seat ``p`` holds."""
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    k = I64(0)
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        if S[h + x] > 0 and is_terminal(I, x) and worth_playing(S, I, F, p, x):
            k += S[h + x]
    return k


@inline
def fodder(S, I, x):
    """A card worth less than the play of another terminal: not an Action, costing $3 or less
    (Copper, Silver, Estate...)."""
    return not is_action(I, x) and cost(S, I, x) <= 3


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: before the bot's discard list, whether to discard at all (-1: no);
    after it, the card the general discard order puts first."""
    if kind != K_DISCARD:
        return NONE
    x, _rank = rank_pick(S, I, n, False)
    if x == NONE:
        return I64(-1)
    if stage == 1:
        return x
    if is_junk(I, x):
        return NONE  # a dead card: discard (the list may choose which)
    if arg == 0:
        if terminals_to_play(S, I, F, p) > S[H_ACTIONS] and fodder(S, I, x):
            return NONE
        return I64(-1)
    if is_action(I, x) and S[H_ACTIONS] == 0:
        return NONE  # an Action that can no longer be played
    return I64(-1)
