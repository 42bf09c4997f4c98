"""Sailor (Seaside, second printing): +1 Action. Once this turn, when you gain a Duration card,
you may play it. At the start of your next turn, +$2 and you may trash a card from your hand.

The card's home in the engine (see ``docs/design/dominion-engine.md``): the +1 Action is the
card's row. The ``play`` hook registers the waiting effect with the number of this turn
(``H_NTURNS``) as its argument: while that effect waits with this turn's number, its "once this
turn" is unused. The ``gained`` hook: when the Sailor's player gains a Duration card in that turn
(bought or gained otherwise, in any phase, wherever it was gained to, set aside by Blockade
included) it may play it (a yes/no decision, subject the gained card): the card moves into play
and is played at once (``play_card``), and the argument becomes 0 (used). Each Sailor plays one
gained Duration (two Sailors: two), a gained card is played at most once (the first Sailor's
hook moves it; it is then gone for the second), and a card already moved by an earlier hook
cannot be played (official FAQ). Playing a card in the Buy phase gives its +Actions to no use
and its drawn Treasures cannot be played after buying. The next turn: +$2 and a trash decision
(from the hand, -1: none); ``ORDER = 1``, so it comes after the other start-of-turn effects that
draw.

The playbook: play the gained Duration (bot option ``sailor``: 0 declines); trash a Curse, an
Estate while five or more gains are needed to end the game, a Copper when the Treasures owned
keep $6 without it and the hand still buys the same best card; else nothing (a bot's trash list
goes first).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.seaside._waiting import GAINED_ASK, wait_find
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COPPER,
    CURSE,
    ESTATE,
    EV_COINS_PLUS,
    H_COINS,
    H_NTURNS,
    I64,
    I_O_OPT,
    K_TRASH,
    K_YESNO,
    NONE,
    TRUE,
    TY_DURATION,
    Z_DISC,
    Z_HAND,
    Z_PLAY,
    ask,
    buy_tier,
    card_opt,
    copper_trash_ok,
    emit,
    estate_trash_ok,
    gained_at,
    hand_coins,
    opts_list,
    opts_zone,
    play_card,
    stay,
    take_top,
    tcol,
    trash_card,
    types,
    zo,
)

SAILOR = np.int64(card_id("Sailor"))
#: its next-turn effect takes from the hand: after the start-of-turn effects that draw
ORDER = 1

# Words: its prompts ({subject}: the gained card)
PROMPTS = {"yesno": "play the {subject} you gained (Sailor)?"}
OPTIONS = (
    ("sailor", 1.0, (0, 1),
     "play a Duration card gained while a Sailor's 'once this turn' is unused (1, the playbook) "
     "or never (0)"),
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the effect waits; its argument, this turn's number, marks the "once this
    turn" unused."""
    stay(S, I, F, p, c, group, S[H_NTURNS])
    return I64(0)


@hook
def gained(S, I, F, p, c, r, where):
    """Hook ``gained``: seat ``p`` gained Duration ``c`` during the turn it played a Sailor whose
    "once this turn" is unused: it may play it (yes/no). Returns 3 (gone into play) if it did."""
    asked = where >= GAINED_ASK
    at = where - GAINED_ASK if asked else where
    if (types(I, c) & TY_DURATION) == 0 or not gained_at(S, p, c, at):
        return I64(0) if asked else where
    k = wait_find(S, p, SAILOR, S[H_NTURNS])
    if asked:
        return I64(1) if k >= 0 else I64(0)
    if k < 0:
        return where
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, SAILOR, c, I64(-1), n) != 1:
        return where
    S[k + 1] = 0  # this Sailor's "once this turn" is used
    if where == 0:
        S[zo(S, p, Z_DISC) + c] -= 1
    elif where == 1:
        S[zo(S, p, Z_HAND) + c] -= 1
    else:
        take_top(S, I, p)
    S[zo(S, p, Z_PLAY) + c] += 1
    play_card(S, I, F, p, c, I64(0))
    return I64(3)


@inline
def sailor_trash(S, I, p, n):
    """The card to trash at the start of the turn (options: the hand, then -1): a Curse; an
    Estate early (five or more gains from the end); a Copper the money can spare (the Treasures
    owned keep $6) that the hand's buy does not need; else none."""
    o = I[I_O_OPT]
    has_curse = False
    has_estate = False
    has_copper = False
    for i in range(n):
        x = I[o + i]
        has_curse = has_curse or x == CURSE
        has_estate = has_estate or x == ESTATE
        has_copper = has_copper or x == COPPER
    if has_curse:
        return CURSE
    if has_estate and estate_trash_ok(S):
        return ESTATE
    if has_copper and copper_trash_ok(S, I, p):
        coins = S[H_COINS] + hand_coins(S, I, p)
        if buy_tier(S, I, coins - tcol(I, COPPER, COL_COINS)) == buy_tier(S, I, coins):
            return COPPER
    return I64(-1)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: +$2, then it may trash a card from its hand (decision: trash, options
    the hand and -1)."""
    S[H_COINS] += 2
    emit(I, EV_COINS_PLUS, p, SAILOR, I64(2))
    n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
    if n > 1:
        a = ask(S, I, F, p, K_TRASH, SAILOR, I64(-1), I64(-1), n)
        if a >= 0:
            trash_card(S, I, F, p, Z_HAND, a, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: play the gained Duration (option ``sailor``); the trash (stage 1, after
    the bot's trash list: :func:`sailor_trash`)."""
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return I64(1) if card_opt(I, F, p, SAILOR, I64(0)) != 0.0 else I64(0)
    if kind == K_TRASH:
        return sailor_trash(S, I, p, n)
    return NONE
