"""Alchemist (Alchemy, $3P): +2 Cards, +1 Action. At the start of Clean-up this turn, if you have
a Potion in play, you may put this onto your deck.

The +2 Cards and +1 Action are the card's row; the rest is hook ``cleanup`` (the start of
clean-up, once per Alchemist in play). Rulings (the 2022 wording and its FAQ, DominionStrategy
wiki "Alchemist"): optional; a Potion in play is enough (it need not have bought anything); each
Alchemist in play may go onto the deck; a Potion that left play before clean-up does not count.
The old wording ("when you discard this from play, if you have a Potion in play") plays the same
here. Herbalist's playbook leaves the Potion in play while an Alchemist is there.

Decision: put it onto the deck (yes/no, subject Alchemist).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    I64,
    K_YESNO,
    NONE,
    Z_PLAY,
    card_opt,
    offer_play_to_deck,
    zo,
)

ALCHEMIST = np.int64(card_id("Alchemist"))
POTION = np.int64(card_id("Potion"))

PROMPTS = {"yesno": "put Alchemist onto your deck?"}

#: Its bot option: whether it goes back onto the deck.
OPTIONS = (
    ("alchemist_topdeck", 1.0, (0, 1),
     "put Alchemist onto the deck when a Potion is in play (1, the playbook: it draws again "
     "next turn)"),
)


@inline
def alchemist_cleanup(S, I, F, p):
    """With a Potion and this Alchemist in play: may put it onto the deck (yes/no)."""
    if S[zo(S, p, Z_PLAY) + POTION] > 0:
        offer_play_to_deck(S, I, F, p, ALCHEMIST)


@hook
def cleanup(S, I, F, p, c):
    """Hook ``cleanup``: the start of ``p``'s clean-up, once per Alchemist in play."""
    alchemist_cleanup(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: yes unless the ``alchemist_topdeck`` option says no."""
    if kind == K_YESNO:
        return I64(1) if card_opt(I, F, p, ALCHEMIST, I64(0)) != 0.0 else I64(0)
    return NONE
