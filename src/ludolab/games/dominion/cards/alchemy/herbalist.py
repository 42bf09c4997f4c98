"""Herbalist (Alchemy, $2): +1 Buy, +$1. Once this turn, when you discard a Treasure from play,
you may put it onto your deck.

The +1 Buy and +$1 are the card's row. Its later effect resolves at the start of clean-up, once
per Herbalist in play (hook ``cleanup``): in a game without Night or Durations that discard
Treasures from play elsewhere, the Treasures are discarded from play in that clean-up. Rulings
(the 2022 wording and its FAQ, DominionStrategy wiki "Herbalist"): the effect is cumulative (two
Herbalists, or one played twice, put up to two Treasures back); it is optional; only a Treasure
that is discarded from play qualifies (one that stays in play or left it does not). The old text
("when you discard this from play, you may put one of your Treasures from play on top of your
deck") plays the same here.

Decision: topdeck (source Herbalist, the Treasures in play, then -1: none).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_TOPDECK,
    I64,
    I_O_OPT,
    K_TOPDECK,
    NONE,
    SILVER,
    TRUE,
    TY_TREASURE,
    Z_PLAY,
    ask,
    cost,
    emit,
    opts_zone,
    put_top,
    zo,
)

HERBALIST = np.int64(card_id("Herbalist"))
POTION = np.int64(card_id("Potion"))
ALCHEMIST = np.int64(card_id("Alchemist"))

PROMPTS = {"topdeck": "put a Treasure from play onto your deck (Herbalist)?"}


@inline
def herbalist_cleanup(S, I, F, p):
    """``p`` may put one Treasure it has in play onto its deck (decision: topdeck, the
    Treasures in play, then -1)."""
    n = opts_zone(S, I, p, Z_PLAY, TY_TREASURE, TRUE)
    if n <= 1:
        return
    a = ask(S, I, F, p, K_TOPDECK, HERBALIST, I64(-1), I64(-1), n)
    if a >= 0:
        S[zo(S, p, Z_PLAY) + a] -= 1
        put_top(S, I, p, a, TRUE)
        emit(I, EV_TOPDECK, p, a, I64(2))


@inline
def herbalist_pick(S, I, p, n):
    """The playbook: the dearest Treasure in play that costs more than a Silver (Gold, Potion,
    Platinum; Geronimoo's "better than Silver"), else none. A Potion stays while an Alchemist is
    in play: the Alchemists go onto the deck only with a Potion in play."""
    o = I[I_O_OPT]
    best = I64(-1)
    pl = zo(S, p, Z_PLAY)
    for i in range(n):
        x = I[o + i]
        if x < 0 or cost(S, I, x) <= cost(S, I, SILVER):
            continue
        if x == POTION and S[pl + ALCHEMIST] > 0:
            continue
        if best < 0 or cost(S, I, x) > cost(S, I, best):
            best = x
    return best


@hook
def cleanup(S, I, F, p, c):
    """Hook ``cleanup``: the start of ``p``'s clean-up, once per Herbalist in play."""
    herbalist_cleanup(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: after the bot's topdeck list, :func:`herbalist_pick`."""
    if stage == 1 and kind == K_TOPDECK:
        return herbalist_pick(S, I, p, n)
    return NONE
