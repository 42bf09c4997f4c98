"""Sea Witch (Seaside, second printing): +2 Cards. Each other player gains a Curse. At the start
of your next turn, +2 Cards, then discard 2 cards.

The card's home in the engine (see ``docs/design/dominion-engine.md``): the +2 Cards now are the
card's row; the Curses (in turn order, from the player to the left, while the pile lasts: the
official FAQ) and the registration of the next-turn effect are its ``play`` hook; the next turn's
draw and discard its ``duration`` hook. The discard is two decisions (discard, from the whole
hand, the drawn cards or any other: the FAQ), fewer if the hand runs out. Throne Room on it:
two Curses each, and next turn twice "+2 Cards, then discard 2" (one effect after the other).

The playbook: the general discard order (Curses, Victory cards, terminals it has no action for,
Coppers first); a bot's discard list goes first. Played like Witch (a terminal that draws two).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    I64,
    discard_cards,
    draw,
    each_attacked,
    gain,
    stay,
)

SEA_WITCH = np.int64(card_id("Sea Witch"))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: each seat the attack affects gains a Curse (:func:`attack`); then the next
    turn's effect waits."""
    each_attacked(S, I, F, p, c, mask)
    stay(S, I, F, p, c, group, I64(0))
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` gains a Curse (none once the pile is empty)."""
    gain(S, I, F, q, CURSE, I64(0))
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: +2 Cards, then discard 2 cards (one decision each, while the hand has
    cards; source Sea Witch, subject the cards still to discard)."""
    draw(S, I, p, I64(2))
    discard_cards(S, I, F, p, I64(2), SEA_WITCH, I64(-1))
    return I64(0)
