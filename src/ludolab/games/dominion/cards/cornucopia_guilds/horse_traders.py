"""Horse Traders (Cornucopia, first printing): +1 Buy, +$3. Discard 2 cards. When another player
plays an Attack card, you may first set this aside from your hand. If you do, then at the start
of your next turn, +1 Card and return this to your hand.

+1 Buy and +$3 are the card's row; the ``play`` hook discards 2 cards (one discard decision
each; all cards when fewer). The ``react`` hook: when another player plays an Attack, a yes/no
decision (source Horse Traders, subject the Attack, argument its player); yes sets this copy
aside (the set-aside zone across turns) and returns "hand changed", so a second copy is offered
next; it does not make the seat unaffected. Its ``turn_start`` hook: at the start of its owner's
turn, each copy set aside gives +1 Card and then returns to the hand (official FAQ, Dominion
Strategy wiki: set aside it is neither in hand nor in play, so it can answer one Attack per
round; several may be set aside against one Attack, e.g. two against Followers; it can be played
on the next turn after coming back).

The playbook: discard list, else the general discard order; always set aside (its owner's next
hand gains a card and keeps the Horse Traders).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    I64,
    K_YESNO,
    NONE,
    Z_HAND,
    Z_HAVEN,
    ask,
    discard_cards,
    draw,
    opts_list,
    set_aside,
    take_aside,
    zo,
)

HORSE_TRADERS = np.int64(card_id("Horse Traders"))

PROMPTS = {"yesno": "set Horse Traders aside against {subject} (+1 Card next turn)?",
           "discard": "discard a card (Horse Traders)"}


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: discard 2 cards (the +1 Buy and +$3 are the row's)."""
    discard_cards(S, I, F, p, I64(2), HORSE_TRADERS, I64(-1))
    return I64(0)


@hook
def react(S, I, F, q, r, c, attacker):
    """Hook ``react``: seat ``q`` may set this copy aside; 2 (the hand changed: another copy is
    offered) if it did, else 0. The Attack still affects ``q``."""
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, q, K_YESNO, HORSE_TRADERS, c, attacker, n) != 1:
        return I64(0)
    S[zo(S, q, Z_HAND) + HORSE_TRADERS] -= 1
    set_aside(S, I, q, HORSE_TRADERS)
    return I64(2)


@hook
def turn_start(S, I, F, p, r):
    """Hook ``turn_start``: for each copy set aside, +1 Card, then the copy to the hand."""
    while S[zo(S, p, Z_HAVEN) + HORSE_TRADERS] > 0:
        draw(S, I, p, I64(1))
        take_aside(S, I, p, HORSE_TRADERS)
    return I64(0)
