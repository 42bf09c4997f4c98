"""Investment (Prosperity, second printing): Trash a card from your hand. Choose one: +$1; or
trash this to reveal your hand for +1 VP per differently named Treasure there.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    EV_CHOICE,
    EV_COINS_PLUS,
    EV_REVEAL,
    FALSE,
    H_COINS,
    H_NIDS,
    I64,
    I_GFLAG_CAP,
    I_O_GFLAG,
    I_O_OPT,
    K_MODE,
    K_TRASH,
    NONE,
    Z_HAND,
    Z_PLAY,
    add_vpt,
    ask,
    card_opt,
    coins_help,
    copper_trash_ok,
    cost,
    emit,
    estate_trash_ok,
    gains_to_end,
    ids_o,
    is_junk,
    is_treasure,
    opts_list,
    opts_zone,
    trash_card,
    zo,
)

INVESTMENT = np.int64(card_id("Investment"))

MODES = ("+$1", "trash it for VP")
# Its bot option (bot files: ``[options] investment = 3``), read with card_opt(..., INVESTMENT, 0)
OPTIONS = (
    ("investment", 0.0, (0, 10),
     "When Investment trashes itself for VP: 0 the playbook (for 2+ VP; late also for 1 VP when "
     "the $1 does not change the buy), k > 0 whenever the hand shows k or more differently "
     "named Treasures"),
)


@inline
def kinds_in_hand(S, I, p, skip):
    """Differently named Treasures in ``p``'s hand, one copy of ``skip`` left out (the card
    about to be trashed; -1: none)."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    k = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        m = S[h + x] - (1 if x == skip else 0)
        if m > 0 and is_treasure(I, x):
            k += 1
    return k


@inline
def can_trash_itself(S, I, p, group):
    """Is this Investment still there to trash: one is in play and this play instance has not
    trashed it already (played twice, e.g. by Tiara: the second play cannot trash it again)."""
    if S[zo(S, p, Z_PLAY) + INVESTMENT] <= 0:
        return False
    return not (group < I[I_GFLAG_CAP] and I[I[I_O_GFLAG] + group] != 0)


@inline
def investment_play(S, I, F, p, group):
    """Trash a card from hand (decision: trash, no stop; source Investment; nothing when the
    hand is empty), then choose (decision: mode 0 +$1, 1 trash this for VP; mode 1 only while
    this Investment is in play): +$1; or trash it from play, reveal the hand and take a VP token
    per differently named Treasure there (the revealed Treasures stay in hand, still playable).
    House policy: :func:`investment_trash` and :func:`investment_cash_in`."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n > 0:
        x = ask(S, I, F, p, K_TRASH, INVESTMENT, I64(-1), I64(-1), n)
        trash_card(S, I, F, p, Z_HAND, x, I64(0))
    two = I64(1) if can_trash_itself(S, I, p, group) else NONE
    n = opts_list(I, I64(0), two, NONE)
    m = ask(S, I, F, p, K_MODE, INVESTMENT, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, INVESTMENT, m)
    if m == 0:
        S[H_COINS] += 1
        emit(I, EV_COINS_PLUS, p, INVESTMENT, I64(1))
        return
    trash_card(S, I, F, p, Z_PLAY, INVESTMENT, I64(1))
    if group < I[I_GFLAG_CAP]:
        I[I[I_O_GFLAG] + group] = 1
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    for i in range(S[H_NIDS]):  # the hand, revealed (every card, for the log)
        x = S[io + i]
        for _ in range(S[h + x]):
            emit(I, EV_REVEAL, p, x, I64(0))
    k = kinds_in_hand(S, I, p, I64(-1))
    if k > 0:
        add_vpt(S, I, p, k)


@inline
def junk_rank(S, I, p, x):
    """How gladly the playbook trashes ``x`` (lower: sooner; >= 100: not junk): a Curse, an
    Estate while estate_trash_ok, a Copper while copper_trash_ok."""
    if x == CURSE:
        return I64(0)
    if x == ESTATE and estate_trash_ok(S):
        return I64(1)
    if x == COPPER and copper_trash_ok(S, I, p):
        return I64(2)
    return I64(100)


@inline
def has_junk(S, I, p):
    """Does ``p``'s hand hold a card the playbook trashes gladly (:func:`junk_rank`)?"""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] > 0 and junk_rank(S, I, p, x) < 100:
            return True
    return False


@inline
def investment_cash_in(S, I, F, p, k):
    """Trash Investment for ``k`` VP (the differently named Treasures the hand will show)?

    Bot option ``investment`` k0 > 0: exactly when k >= k0. Else the playbook: whenever k >= 2
    (measured: Big Money Ultimate with two Investments wins 61% against Big Money Ultimate
    cashing in at 2 kinds, 48% at 3, 35% at 5 with junk in hand first; 1,000 games each, see
    docs/bots.md); late (3 gains or fewer end the game) also for 1 VP when the $1 would not
    change this turn's buy."""
    k0 = np.int64(card_opt(I, F, p, INVESTMENT, I64(0)))
    if k0 > 0:
        return k >= k0
    if k >= 2:
        return True
    if k == 1 and gains_to_end(S) <= 3:
        return not coins_help(S, I, F, p, I64(1))
    return False


@inline
def investment_trash(S, I, F, p, n):
    """The card to trash (after the bot's trash list): junk first (:func:`junk_rank`); else, when
    Investment will cash in, a card whose loss costs no VP (not the last copy of a Treasure,
    not a Victory card late), else the cheapest; Victory cards that are only Victory last."""
    o = I[I_O_OPT]
    h = zo(S, p, Z_HAND)
    late = gains_to_end(S) <= 3
    vp_plan = investment_cash_in(S, I, F, p, kinds_in_hand(S, I, p, I64(-1)))
    best = I64(-1)
    br = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        r = junk_rank(S, I, p, x)
        if r >= 100:
            r = 1000 + 10 * cost(S, I, x)
            if is_junk(I, x):
                r += 100000 if late else 0
            if vp_plan and is_treasure(I, x) and S[h + x] == 1:
                r += 10000
        if r < br:
            br = r
            best = x
    return best


@hook
def play(S, I, F, p, c, group, mask):
    investment_play(S, I, F, p, group)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return investment_trash(S, I, F, p, n)
    if kind == K_MODE:
        return I64(1) if investment_cash_in(S, I, F, p, kinds_in_hand(S, I, p, I64(-1))) \
            else I64(0)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: worth playing when its trash costs nothing (junk in hand, or nothing
    else in hand) or it would cash in now; else it would trash a good card for $1."""
    if has_junk(S, I, p):
        return I64(1)
    h = zo(S, p, Z_HAND)
    others = I64(0)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        others += S[h + S[io + i]]
    if basic == 0:
        others -= 1  # the Investment itself is still in hand when asked from hand
    if others <= 0:
        return I64(1)
    skip = INVESTMENT if basic == 0 else I64(-1)
    return I64(1) if investment_cash_in(S, I, F, p, kinds_in_hand(S, I, p, skip)) else I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: its place in the default Treasure order (higher first): early, right
    after Anvil, while the hand still holds the Copper it trashes and the Treasures its VP
    counts."""
    return I64(1900)
