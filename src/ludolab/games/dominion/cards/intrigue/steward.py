"""Steward (Intrigue): choose one: +2 Cards; or +$2; or trash 2 cards from your hand.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    DUCHY,
    ESTATE,
    EV_CHOICE,
    FALSE,
    H_ACTIONS,
    H_COINS,
    I64,
    K_MODE,
    K_TRASH,
    NONE,
    PROVINCE,
    STEWARD,
    TY_TREASURE,
    Z_DISC,
    Z_HAND,
    Z_OWN,
    ask,
    buy_with,
    card_opt,
    count_types,
    deck_n,
    draw,
    emit,
    hand_coins,
    money_of,
    opts_list,
    opts_zone,
    trash_card,
    zo,
    zone_size,
)

MODES = ("+2 Cards", "+$2", "trash 2 cards")

# Its bot options (bot files: ``[options] steward = 2``), read with card_opt(..., STEWARD, slot)
OPTIONS = (
    ("steward", 4.0, (0, 4),
     "Steward's choice: 4 (default) trash a Curse, or an Estate with a second Curse/Estate/"
     "Copper, before the first Duchy or Province while more than $5 of Treasure stays; else "
     "+$2 when it makes the buy a Province; else +2 Cards. 0 the playbook of document 003 "
     "(trash Estates/Coppers when it keeps 5+ Treasures, else +$2 at $6-7, else +2 Cards), "
     "1 always +2 Cards, 2 always +$2, 3 always trash"),
)


@inline
def steward_play(S, I, F, p):
    """Decision: mode (0 +2 Cards, 1 +$2, 2 trash); trashing is one decision per card (trash,
    subject 0 then 1), exactly two while the hand has cards. House policy: :func:`steward_mode`;
    the cards to trash follow the bot's trash list, then the general trash order (Curse, Estate,
    Copper, then the cheapest)."""
    n = opts_list(I, I64(0), I64(1), I64(2))
    m = ask(S, I, F, p, K_MODE, STEWARD, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, STEWARD, m)
    if m == 0:
        draw(S, I, p, I64(2))
    elif m == 1:
        S[H_COINS] += 2
    else:
        for j in range(2):
            n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
            if n == 0:
                break
            a = ask(S, I, F, p, K_TRASH, STEWARD, np.int64(j), I64(-1), n)
            trash_card(S, I, F, p, Z_HAND, a, I64(0))


@inline
def steward_mode(S, I, F, p):
    """Bot option ``steward``: 4 (default) :func:`steward_buying_power`; 1 always draws, 2 always
    takes $2, 3 always trashes; 0 follows document 003 (``doc003-steward.toml`` sets it):
    trash when two Estates/Coppers can go while 5+ Treasures remain (Coppers only down to 5
    Treasures); else +$2 when it turns $6-7 into $8; else +2 Cards when two cards can be
    drawn; else +$2."""
    mode = np.int64(card_opt(I, F, p, STEWARD, I64(0)))
    if mode == 1:
        return I64(0)
    if mode == 2:
        return I64(1)
    if mode == 3:
        return I64(2)
    if mode == 4:
        return steward_buying_power(S, I, F, p)
    h = zo(S, p, Z_HAND)
    estates = S[h + ESTATE]
    coppers = S[h + COPPER]
    money_cards = count_types(S, I, p, TY_TREASURE)
    if money_cards - min(coppers, 2) < 5:
        coppers = max(0, min(coppers, money_cards - 5))
    c = hand_coins(S, I, p) + S[H_COINS]
    if estates + coppers >= 2:
        return I64(2)
    if 6 <= c <= 7:
        return I64(1)
    if deck_n(S, p) + zone_size(S, p, Z_DISC) >= 2:
        return I64(0)
    return I64(1)


@inline
def steward_buying_power(S, I, F, p):
    """Option value 4, the default. Trash when it thins the deck: a Curse, or an Estate with a
    second Curse/Estate/Copper, while the deck is lean on green (before the first Duchy or
    Province; a Curse goes at any time) and more than $5 of Treasure stays; else +$2 when two
    more coins make this turn's buy a Province; else +2 Cards (+$2 when nothing is left to
    draw). Two dead cards (Curses, Estates) are trashed even over a Province; a bot with an
    action left draws before it trashes one Estate and a Copper.

    Learnt from how Geronimoo's DominionSim plays the card (trash before the first green card,
    weigh +$2 by what it buys) and measured against it: +$2 for anything less than a Province
    loses to drawing, and an Estate with a Copper is worth trashing even when +$2 would buy a
    Gold (``docs/bots.md``, "Against Geronimoo's figures")."""
    h = zo(S, p, Z_HAND)
    own = zo(S, p, Z_OWN)
    curses = S[h + CURSE]
    estates = S[h + ESTATE]
    coppers = S[h + COPPER]
    early = S[own + DUCHY] + S[own + PROVINCE] == 0
    lost = min(coppers, max(0, 2 - curses - estates))  # the Coppers the trashing takes
    trash_ok = ((early or curses > 0) and curses + estates >= 1
                and curses + estates + coppers >= 2 and money_of(S, I, p) - lost > 5)
    dead = curses > 0 or estates >= 2
    can_draw = deck_n(S, p) + zone_size(S, p, Z_DISC) >= 1
    c = hand_coins(S, I, p) + S[H_COINS]
    province = (buy_with(S, I, F, p, c + 2, I64(-1)) == PROVINCE
                and buy_with(S, I, F, p, c, I64(-1)) != PROVINCE)
    if dead and trash_ok:
        return I64(2)
    if province:
        return I64(1)
    if S[H_ACTIONS] > 0 and can_draw:  # an action left: the cards drawn may be played
        return I64(0)
    if trash_ok:
        return I64(2)
    return I64(0) if can_draw else I64(1)


@hook
def play(S, I, F, p, c, group, mask):
    steward_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return steward_mode(S, I, F, p)
    return NONE
