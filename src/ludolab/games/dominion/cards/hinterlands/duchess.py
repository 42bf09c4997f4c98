"""Duchess (Hinterlands, first printing): +$2. Each player (including you) looks at the top card
of their deck, and discards it or puts it back. In games using this, when you gain a Duchy, you
may gain a Duchess.

+$2 is the card's row. Official FAQ (Dominion Strategy wiki): each player, you first and then in
turn order, looks at their own top card and chooses to discard it or put it back (a player with
no deck shuffles the discard pile first; one with no cards at all looks at none); this is not an
Attack. When any player gains a Duchy (bought or otherwise) in a game with Duchess in the
Supply, that player may gain a Duchess. Decisions: yes/no (each player's: discard the card
looked at, subject it); gain (options Duchess and -1, subject its cost, argument Duchy).

Playbook, as DominionSim plays it: each player discards a card dead in hand (a Curse, a
Victory-only card) and puts back the rest; a Duchess comes with a Duchy when the bot's buy (or
gain) list wants a Duchess now.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    DUCHY,
    GAINED_ASK,
    H_NP,
    HDR,
    I64,
    I_ERROR,
    K_GAIN,
    K_YESNO,
    LIST_BUY,
    LIST_GAIN,
    NONE,
    ask,
    cost,
    gain,
    is_junk,
    list_accepts,
    opts_list,
    top_keep_or_discard,
)

DUCHESS = np.int64(card_id("Duchess"))

PROMPTS = {"yesno": "discard {subject} from the top of your deck (Duchess)?",
           "gain": "gain a Duchess with the Duchy (Duchess)?"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: every seat from ``p`` on, in turn order, looks at its top card and discards
    it or puts it back (``kernel.top_keep_or_discard``)."""
    n_pl = S[H_NP]
    for i in range(n_pl):
        if I[I_ERROR] != 0:
            break
        top_keep_or_discard(S, I, F, (p + i) % n_pl, DUCHESS)
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: a Duchy gained offers its gainer a Duchess (decision: gain, options
    Duchess and -1) while Duchesses are left; asked (``where >= GAINED_ASK``): 1 when it
    would."""
    acts = c == DUCHY and S[HDR + DUCHESS] > 0
    if where >= GAINED_ASK:
        return I64(acts)
    if acts:
        n = opts_list(I, DUCHESS, I64(-1), NONE)
        if ask(S, I, F, p, K_GAIN, DUCHESS, cost(S, I, DUCHESS), DUCHY, n) == DUCHESS:
            gain(S, I, F, p, DUCHESS, I64(0))
    return where


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: a Duchess is gained with a Duchy when the bot's gain or buy list wants
    one now (before the lists: the same test, and no default gain); after the lists, the card
    looked at is discarded when dead in hand."""
    if kind == K_GAIN:
        if stage != 0:
            return NONE
        wants = (list_accepts(S, I, F, p, LIST_BUY, DUCHESS)
                 or list_accepts(S, I, F, p, LIST_GAIN, DUCHESS))
        return DUCHESS if wants else I64(-1)
    if stage == 0 or kind != K_YESNO:
        return NONE
    return I64(1) if is_junk(I, subject) else I64(0)
