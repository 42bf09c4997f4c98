"""Trail (Hinterlands, second printing): +1 Card, +1 Action. When you gain, trash, or discard
this, other than in Clean-up, you may play it.

+1 Card, +1 Action are the card's row; the home is its three triggers, each offering to play
the Trail (yes/no, subject Trail; ``kernel.play_from`` moves it into play from where it is and
resolves it, using no Action): ``gained`` (wherever the gain put it, bought or gained otherwise;
several when-gain effects on it are ordered by its gainer, K_ORDER), ``trashed`` (from the
trash: it goes into play, and clean-up discards it to its owner's discard pile) and
``discarded`` (every discard outside clean-up, ``kernel.discard_card``). On another player's
turn its +1 Card still draws for its owner; its +1 Action is no one's. A Trail that moved on
before its trigger resolved (Watchtower trashed the gained card) is not played.

Playbook: always play it (option ``trail``: 0 never).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    GAINED_ASK,
    I64,
    K_YESNO,
    NONE,
    Z_DISC,
    Z_HAND,
    ask,
    card_opt,
    gained_at,
    opts_list,
    play_from,
    trash_o,
)

TRAIL = np.int64(card_id("Trail"))

PROMPTS = {"yesno": "play the Trail ({arg})?"}
OPTIONS = (
    ("trail", 1.0, (0, 1),
     "play a Trail when it is gained, trashed or discarded other than in clean-up (1, the "
     "playbook) or never (0)"),
)


@inline
def trail_offer(S, I, F, p, z, why):
    """Seat ``p`` may play the Trail from zone ``z`` (yes/no; argument ``why``: 0 gained, 1
    trashed, 2 discarded). True when it did."""
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, TRAIL, TRAIL, why, n) != 1:
        return False
    play_from(S, I, F, p, TRAIL, z)
    return True


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: a Trail gained may be played from where it went (returns 3 when it
    was); asked: 1 while it is still there."""
    asked = where >= GAINED_ASK
    at = where - GAINED_ASK if asked else where
    ok = c == TRAIL and gained_at(S, p, c, at)
    if asked:
        return I64(ok)
    if not ok:
        return where
    z = Z_DISC if where == 0 else (Z_HAND if where == 1 else I64(-2))
    if trail_offer(S, I, F, p, z, I64(0)):
        return I64(3)
    return where


@hook
def trashed(S, I, F, p, c, r, how):
    """Hook ``trashed``: a Trail trashed may be played from the trash."""
    if c == TRAIL and S[trash_o(S) + c] > 0 and trail_offer(S, I, F, p, I64(-1), I64(1)):
        return I64(1)
    return I64(0)


@hook
def discarded(S, I, F, p, c, r, z):
    """Hook ``discarded``: a Trail discarded other than in clean-up may be played."""
    if c == TRAIL and trail_offer(S, I, F, p, Z_DISC, I64(2)):
        return I64(1)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: play it unless the option says never."""
    if stage == 0 and kind == K_YESNO:
        return I64(1) if card_opt(I, F, p, TRAIL, I64(0)) != 0.0 else I64(0)
    return NONE


def choice_words(arg: int) -> str:
    """The log's words for the trigger (the yes/no's argument)."""
    return ("gained", "trashed", "discarded")[arg] if 0 <= arg < 3 else "played"
