"""Guard Dog (Hinterlands, second printing): +2 Cards. If you have 5 or fewer cards in hand,
+2 Cards. When another player plays an Attack, you may first play this from your hand.

The first +2 Cards are the card's row; its ``play`` hook counts the hand after them and draws 2
more with 5 or fewer. Its Reaction is its ``react`` hook: when another player plays an Attack,
its holder may play it from the hand (yes/no, subject the Attack, argument its player) before
the Attack does anything (``kernel.play_from``: into play, no Action used); the Attack still
affects that player (the hook answers 2: resolved, the hand changed, so a Moat or another Guard
Dog drawn may be revealed next). Official FAQ (Dominion Strategy wiki): you draw 2, then count
your hand; played against an Attack, the Attack still happens unless you stop it another way
(a Moat you just drew). A Guard Dog played on another's turn is discarded in that turn's
clean-up.

Playbook: play it against every Attack (option ``guard_dog``: 0 never).
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
    ask,
    card_opt,
    draw,
    opts_list,
    play_from,
    zone_size,
)

GUARD_DOG = np.int64(card_id("Guard Dog"))

PROMPTS = {"yesno": "play Guard Dog from your hand before the {subject}?"}
OPTIONS = (
    ("guard_dog", 1.0, (0, 1),
     "play a Guard Dog from the hand when another player plays an Attack (1, the playbook) or "
     "never (0)"),
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +2 Cards more with 5 or fewer cards in hand (after the row's +2)."""
    if zone_size(S, p, Z_HAND) <= 5:
        draw(S, I, p, I64(2))
    return I64(0)


@hook
def react(S, I, F, q, r, c, attacker):
    """Hook ``react``: seat ``q`` may play the Guard Dog first (2: played, still affected)."""
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, q, K_YESNO, GUARD_DOG, c, attacker, n) != 1:
        return I64(0)
    play_from(S, I, F, q, GUARD_DOG, Z_HAND)
    return I64(2)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: play it unless the option says never."""
    if stage == 0 and kind == K_YESNO:
        return I64(1) if card_opt(I, F, p, GUARD_DOG, I64(0)) != 0.0 else I64(0)
    return NONE
