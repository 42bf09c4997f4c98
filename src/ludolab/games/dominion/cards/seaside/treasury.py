"""Treasury (Seaside, both printings): +1 Card, +1 Action, +$1. Second printing: At the end of your
Buy phase this turn, if you didn't gain a Victory card in it, you may put this onto your deck.
First printing: When you discard this from play, if you didn't buy a Victory card this turn, you
may put this on top of your deck.

The +1 Card,
+1 Action and +$1 are the card's row.

Both printings decide at the start of the clean-up (hook ``cleanup``, once per Treasury in play):
in a game without Night the end of the Buy phase and the discard from play are that moment.
The condition is ``H_BUY_VGAINS``, the Victory cards the player gained during this Buy phase;
the first printing's "didn't buy a Victory card this turn" is the same count here, since a card
is bought only in the Buy phase and no card of these sets gains a Victory card in the Buy phase
other than by buying it. Rulings (official FAQ, DominionStrategy wiki "Treasury"): each Treasury
in play may go onto the deck; gaining a Victory card some other way earlier in the turn does not
count; under Throne Room the one Treasury goes onto the deck once (it is one card); buying or
gaining a Victory card in the Buy phase stops every Treasury.

Decision: put it onto the deck (``K_YESNO``, subject Treasury).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    H_BUY_VGAINS,
    I64,
    K_YESNO,
    NONE,
    card_opt,
    offer_play_to_deck,
)

TREASURY = np.int64(card_id("Treasury"))

PROMPTS = {"yesno": "put Treasury onto your deck?"}

#: Its bot option: whether it goes back onto the deck.
OPTIONS = (
    ("treasury_topdeck", 1.0, (0, 1),
     "put Treasury onto the deck when allowed (1, the playbook: it is a Peddler in every hand)"),
)


@inline
def treasury_cleanup(S, I, F, p):
    """No Victory card gained in this Buy phase: may put one Treasury from play onto the deck
    (decision: yes/no, subject Treasury)."""
    if S[H_BUY_VGAINS] != 0:
        return
    offer_play_to_deck(S, I, F, p, TREASURY)


@hook
def cleanup(S, I, F, p, c):
    """Hook ``cleanup``: the start of ``p``'s clean-up, once per Treasury in play."""
    treasury_cleanup(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: yes unless the ``treasury_topdeck`` option says no (stage 0)."""
    if kind == K_YESNO:
        return I64(1) if card_opt(I, F, p, TREASURY, I64(0)) != 0.0 else I64(0)
    return NONE
