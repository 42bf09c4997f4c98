"""Crystal Ball (Prosperity, second printing): $1. Look at the top card of your deck. You may
trash it, discard it, or, if it's an Action or Treasure, play it.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.cards.prosperity._playing import play_action_now, play_treasure_from
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_CARDS,
    COL_COINS,
    COL_SPECIAL,
    COPPER,
    CURSE,
    ESTATE,
    EV_CHOICE,
    I64,
    I_O_OPT,
    K_MODE,
    NONE,
    PS_DECKN,
    PSZ,
    ask,
    card_opt,
    coins_help,
    copper_trash_ok,
    discard_card,
    emit,
    estate_trash_ok,
    is_action,
    is_junk,
    is_treasure,
    opts_list,
    put_top,
    reshuffle,
    so,
    take_top,
    tcol,
    trash_card,
    useful_basic,
)

CRYSTAL_BALL = np.int64(card_id("Crystal Ball"))

# Words: the names of its modes (decisions and logs); the decision's subject is the card seen
MODES = ("leave it on the deck", "trash it", "discard it", "play it")
# Its bot option (bot files: ``[options] crystal_ball = 1``), read with card_opt(..., 0)
OPTIONS = (
    ("crystal_ball", 0.0, (0, 1),
     "Crystal Ball and an Action on top of the deck: 0 the playbook (play it in the buy phase "
     "when it draws, gives $ or has an effect), 1 leave every Action for the next hand"),
)


@inline
def top_card(S, I, p):
    """The top card of ``p``'s deck, looked at where it lies (an empty deck is shuffled from the
    discard pile first), or -1 when there is none."""
    s = so(S, p)
    if S[s + PS_DECKN] == 0 and not reshuffle(S, I, p):
        return I64(-1)
    return S[s + PSZ + S[s + PS_DECKN] - 1]


@inline
def crystal_ball_play(S, I, F, p):
    """Look at the top card (:func:`top_card`; none: nothing). One decision (mode, subject the
    card): 0 leave it there (its owner now knows it), 1 trash it, 2 discard it, 3 play it (only
    an Action or a Treasure). A Treasure is played as from hand (its coins and effect); an
    Action is played in the buy phase without using an Action (its +Actions are no use there;
    cards it draws are, Treasures among them can still be played; a Throne Room plays an Action
    from hand twice). House policy: :func:`crystal_ball_mode`."""
    x = top_card(S, I, p)
    if x < 0:
        return
    playable = is_action(I, x) or is_treasure(I, x)
    n = opts_list(I, I64(0), I64(1), I64(2))
    if playable:
        I[I[I_O_OPT] + n] = 3
        n += 1
    m = ask(S, I, F, p, K_MODE, CRYSTAL_BALL, x, I64(-1), n)
    emit(I, EV_CHOICE, p, CRYSTAL_BALL, m)
    if m == 0:
        take_top(S, I, p)
        put_top(S, I, p, x, False)  # back where it was, known to its owner
        return
    take_top(S, I, p)
    if m == 1:
        trash_card(S, I, F, p, I64(-1), x, I64(2))
    elif m == 2:
        discard_card(S, I, F, p, I64(-1), x, I64(1))
    elif is_treasure(I, x):
        play_treasure_from(S, I, F, p, x, I64(-1))
    else:
        play_action_now(S, I, F, p, x)


@inline
def crystal_ball_mode(S, I, F, p, x, n):
    """What to do with ``x`` on top of the deck. A Curse: trash it. An Estate: trash it early
    (estate_trash_ok), else discard it; any other card that is only Victory: discard it. A
    Copper: play it when its $1 changes this turn's buy, else trash it while the Treasures
    owned keep $6 (copper_trash_ok), else play it. Another Treasure or an Action: play it when
    it is worth playing by another card (its ``useful`` hook with ``basic``: a Bank always; a
    Throne Room never), and for an Action only when it gives the buy phase something (cards,
    coins or a special effect; bot option ``crystal_ball`` 1: never an Action); else leave it
    for the next hand."""
    if x == CURSE:
        return I64(1)
    if is_junk(I, x):
        if x == ESTATE and estate_trash_ok(S):
            return I64(1)
        return I64(2)
    can_play = n > 3
    if x == COPPER and can_play:
        if coins_help(S, I, F, p, I64(1)):
            return I64(3)
        return I64(1) if copper_trash_ok(S, I, p) else I64(3)
    if can_play and useful_basic(S, I, F, p, x):
        if is_treasure(I, x):
            return I64(3)
        if card_opt(I, F, p, CRYSTAL_BALL, I64(0)) == 1.0:
            return I64(0)
        if tcol(I, x, COL_CARDS) > 0 or tcol(I, x, COL_COINS) > 0 or tcol(I, x, COL_SPECIAL) != 0:
            return I64(3)
    return I64(0)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its $1 is its row's)."""
    crystal_ball_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_MODE:
        return crystal_ball_mode(S, I, F, p, subject, n)
    return NONE


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default Treasure order (higher first): before Loan and
    Venture (it clears the top of the deck they would dig through), long before Bank."""
    return I64(400)
