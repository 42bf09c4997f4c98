"""Jester (Cornucopia, both printings): +$2. Each other player discards the top card of their
deck. If it's a Victory card they gain a Curse; otherwise they gain a copy of the discarded card
or you do, your choice.

+$2 is the card's row; the ``attack`` hook runs for each other player it affects, in turn
order (Moat and the other Reactions first, by the kernel's Attack block): the victim's top card
(shuffling if needed; nothing with no cards) is discarded, seen by all; a Victory card (any card
with the Victory type) gives the victim a Curse (while Curses remain); any other card asks the
Jester's player a gain decision (subject the card, argument the victim; options the card, "you",
and -1, "they"), while its Supply pile has one; a card with no Supply pile gives nothing
(official FAQ, Dominion Strategy wiki: a Curse discarded is not a Victory card, so a copy of the
Curse is gained by them or you; an empty pile means no copy).

The choice is in the bot language: the gain list (else the buy list) names the cards the bot
takes; otherwise the playbook, as DominionSim plays it: junk (Curse, Copper) goes to the victim,
anything else to the player.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    HDR,
    I64,
    K_GAIN,
    LIST_BUY,
    LIST_GAIN,
    NONE,
    ask,
    discard_card,
    gain,
    is_victory,
    list_accepts,
    list_len,
    opts_list,
    out_o,
    take_top,
)

JESTER = np.int64(card_id("Jester"))

PROMPTS = {"gain": "gain the copy of {subject} yourself, or -1: seat {arg} gains it (Jester)"}


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` discards its top card; a Victory card: ``q`` gains a Curse;
    another card: ``p`` chooses who gains a copy (while its pile has one)."""
    x = take_top(S, I, q)
    if x < 0:
        return I64(0)
    discard_card(S, I, F, q, I64(-1), x, I64(1))
    if is_victory(I, x):
        gain(S, I, F, q, CURSE, I64(0))
        return I64(0)
    if S[HDR + x] <= 0 or S[out_o(S) + x] != 0:  # no copy in the Supply: nobody gains one
        return I64(0)
    n = opts_list(I, x, I64(-1), NONE)
    if ask(S, I, F, p, K_GAIN, JESTER, x, q, n) == x:
        gain(S, I, F, p, x, I64(0))
    else:
        gain(S, I, F, q, x, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer`` (a gain decision is answered before the lists: the hook reads them): the
    card when the bot's gain list (else its buy list) takes it now; else a Curse or a Copper
    goes to the victim (-1), anything else to the player."""
    if stage != 0 or kind != K_GAIN:
        return NONE
    lst = LIST_GAIN if list_len(I, p, LIST_GAIN) > 0 else LIST_BUY
    if list_accepts(S, I, F, p, lst, subject):
        return subject
    if subject == CURSE or subject == COPPER:
        return I64(-1)
    return subject
