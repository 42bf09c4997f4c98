"""Diplomat (Intrigue): +2 Cards. If you have 5 or fewer cards in hand (after drawing), +2
Actions. When another player plays an Attack card, you may first reveal this from a hand of 5 or
more cards, to draw 2 cards then discard 3.

The +2 Cards are the card's row (applied before the hook, so the hand is counted after drawing).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    H_ACTIONS,
    H_NIDS,
    I64,
    K_YESNO,
    MILITIA,
    NONE,
    Z_HAND,
    card_opt,
    dead_terminals,
    discard_cards,
    discard_rank,
    draw,
    ids_o,
    offer_reveal,
    zo,
    zone_size,
)

DIPLOMAT = np.int64(card_id("Diplomat"))
MINION = np.int64(card_id("Minion"))
TORTURER = np.int64(card_id("Torturer"))

# Words: its prompts ({subject}: the Attack, {arg}: its player's seat)
PROMPTS = {"yesno": "reveal Diplomat against {subject} (draw 2, then discard 3)?"}
OPTIONS = (
    ("diplomat", 0.0, (0.0, 2.0),
     "revealing Diplomat against an Attack: 0 the playbook (against Militia, Minion and "
     "Torturer, or with 2 or more dead cards in hand), 1 always, 2 never"),
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +2 Actions when the hand holds 5 cards or fewer after the row's +2 Cards."""
    if zone_size(S, p, Z_HAND) <= 5:
        S[H_ACTIONS] += 2
    return I64(0)


@inline
def diplomat_reveal(S, I, F, q, c, attacker):
    """Seat ``q`` with 5 or more cards in hand may reveal Diplomat against Attack ``c``
    (decision: yes/no, subject the Attack, argument its player); revealed, it draws 2, then
    discards 3 (one decision per card: discard, subject the cards still to go), the Diplomat
    among them if it likes. Still affected by the Attack (2); not revealed: 0."""
    if zone_size(S, q, Z_HAND) < 5:
        return I64(0)
    if not offer_reveal(S, I, F, q, DIPLOMAT, c, attacker):
        return I64(0)
    draw(S, I, q, I64(2))
    discard_cards(S, I, F, q, I64(3), DIPLOMAT, attacker)
    return I64(2)


@inline
def diplomat_yesno(S, I, F, q, c):
    """Bot option ``diplomat``: 1 always reveals, 2 never. 0 (default): reveal against the
    Attacks that cut the hand (Militia; Minion, which then finds 4 cards and passes the seat
    by; Torturer, whose discards then come from the better 4 of 7), or when 2 or more cards of
    the hand are dead (Curses, Victory cards, terminals without actions to play them): drawing
    2 and discarding 3 then keeps the good cards."""
    mode = np.int64(card_opt(I, F, q, DIPLOMAT, I64(0)))
    if mode == 1:
        return I64(1)
    if mode == 2:
        return I64(0)
    if c == MILITIA or c == MINION or c == TORTURER:
        return I64(1)
    h = zo(S, q, Z_HAND)
    io = ids_o(S)
    dead = dead_terminals(S, I, q)
    junk = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] > 0 and discard_rank(S, I, x, dead) < 300:
            junk += S[h + x]
    return I64(1) if junk >= 2 else I64(0)


@hook
def react(S, I, F, q, r, c, attacker):
    """Hook ``react``: seat ``q`` holds Diplomat when Attack ``c`` is played (2: revealed and
    resolved, the Attack still hits; 0: not revealed)."""
    return diplomat_reveal(S, I, F, q, c, attacker)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: whether to reveal (stage 1); the discards follow the bot's discard list,
    then the general discard order."""
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return diplomat_yesno(S, I, F, p, subject)
    return NONE


@hook
def score(S, I, F, p, c):
    """Hook ``score``: from a hand of 4 cards or fewer (itself included) it gives +2 Actions, so
    it plays first, like a village; else as a terminal that draws 2."""
    if zone_size(S, p, Z_HAND) <= 4:
        return I64(1000 + 10 * 4 + 2)
    bonus = I64(100) if S[H_ACTIONS] >= 2 else I64(0)
    return bonus + 10 * 4 + 2
