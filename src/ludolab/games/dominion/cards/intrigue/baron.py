"""Baron (Intrigue): +1 Buy. You may discard an Estate for +$4. If you don't, gain an Estate.

The +1 Buy is the card's row.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    ESTATE,
    EV_COINS_PLUS,
    H_COINS,
    HDR,
    I64,
    K_YESNO,
    LIST_BUY,
    NONE,
    Z_HAND,
    ask,
    card_opt,
    discard_card,
    emit,
    gain,
    list_accepts,
    opts_list,
    zo,
)

BARON = np.int64(card_id("Baron"))

# Words: its prompt, and its bot option (read with card_opt(I, F, p, BARON, 0))
PROMPTS = {"yesno": "discard an Estate for +$4 (Baron)? (no: gain an Estate)"}
OPTIONS = (
    ("baron_keep_estate", 0.0, (0, 1),
     "1: keep an Estate in hand and gain another instead of discarding it for +$4 (an Estate "
     "rush); 0: discard it for +$4 (the playbook)"),
)


@inline
def baron_play(S, I, F, p):
    """With an Estate in hand: a yes/no decision (subject Estate); yes discards it for +$4. No
    Estate in hand, or no: gain an Estate (nothing if the pile is empty)."""
    h = zo(S, p, Z_HAND)
    if S[h + ESTATE] > 0:
        n = opts_list(I, I64(1), I64(0), NONE)
        if ask(S, I, F, p, K_YESNO, BARON, ESTATE, I64(-1), n) == 1:
            discard_card(S, I, F, p, Z_HAND, ESTATE, I64(0))
            S[H_COINS] += 4
            emit(I, EV_COINS_PLUS, p, BARON, I64(4))
            return
    gain(S, I, F, p, ESTATE, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    baron_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: discard the Estate (the +$4; Geronimoo's simulator and the wiki's
    Baron play do the same), unless the bot option ``baron_keep_estate`` is 1 (keep it, gain
    another)."""
    if stage == 0 or kind != K_YESNO:
        return NONE
    if card_opt(I, F, p, BARON, I64(0)) != 0.0:
        return I64(0)
    return I64(1)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing with an Estate in hand, when the bot's buy list takes an
    Estate now (the gain is welcome), or when the Estate pile is empty (nothing to gain): else
    it would only add a +Buy and an Estate to the deck (Geronimoo's simulator holds it back the
    same way). With the option ``baron_keep_estate``, always."""
    if card_opt(I, F, p, BARON, I64(0)) != 0.0:
        return I64(1)
    if S[zo(S, p, Z_HAND) + ESTATE] > 0 or S[HDR + ESTATE] == 0:
        return I64(1)
    return I64(list_accepts(S, I, F, p, LIST_BUY, ESTATE))
