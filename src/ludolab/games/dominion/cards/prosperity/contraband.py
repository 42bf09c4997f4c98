"""Contraband (Prosperity, first printing): $3. +1 Buy. When you play this, the player to your
left names a card. You can't buy that card this turn.

The $3
and +1 Buy are its row's columns; ``play`` asks the player to the left to name a card (any
card of this game's Supply, or -1: a card that is not in it) and bans it (``kernel.ban``: the
buy options, the bots' buy and the step-wise API respect it until the turn ends). Each
Contraband played names a card; all the named cards are banned. Gaining the named card other
ways (Hoard's Gold, Talisman's copy) is not buying it.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    EV_CHOICE,
    H_COINS,
    H_NIDS,
    H_NP,
    H_NTIDS,
    HDR,
    I64,
    I_O_OPT,
    K_NAME,
    NONE,
    PROVINCE,
    Z_HAND,
    Z_PLAY,
    ask,
    ban,
    buy_with,
    can_buy,
    card_opt,
    cost,
    emit,
    ids_o,
    money_of,
    owned_total,
    tcol,
    tids_o,
    zo,
    zone_size,
)

CONTRABAND = np.int64(card_id("Contraband"))

# Words: its prompt and its log line (the card named)
PROMPTS = {"name": "name a card the player to your right may not buy this turn (Contraband)"}
OPTIONS = (
    ("contraband", 0.0, (0, 2),
     "When to play Contraband: 0 the playbook (last of the Treasures, and only when its $3 "
     "changes what the bot would buy), 1 always, 2 never"),
    ("contraband_name", 0.0, (0, 1),
     "The card named for the player to the right's Contraband: 0 the card that player's own "
     "buy rules take with the $ it is expected to have (the $ in play plus its hand's share "
     "of the money it owns outside play); 1 the dearest card it could afford with that $"),
)


def choice_words(arg: int) -> str:
    """The log's words for its choice event (``arg``: the card named, -1: one not in the
    Supply)."""
    return f"names {CARDS[arg].name}" if 0 <= arg < len(CARDS) else "names a card not in the Supply"


@inline
def contraband_play(S, I, F, p):
    """The player to the left names a card (decision: name, asked of that seat; options every
    card of this game's Supply, then -1 for a card outside it; ``arg``: the Contraband
    player); ``p`` may not buy it this turn. A one-player game has nobody to name one."""
    np_ = S[H_NP]
    if np_ < 2:
        return
    q = (p + 1) % np_
    o = I[I_O_OPT]
    io = ids_o(S)
    n = S[H_NIDS]
    for i in range(n):
        I[o + i] = S[io + i]
    I[o + n] = -1
    named = ask(S, I, F, q, K_NAME, CONTRABAND, I64(-1), p, n + 1)
    emit(I, EV_CHOICE, q, CONTRABAND, named)
    if named >= 0:
        ban(S, named)


@inline
def expected_coins(S, I, p):
    """The $ seat ``p`` is expected to have this turn, as the other players can see it: the $
    already made, plus its cards in hand times the money per card it owns outside play."""
    pl = zo(S, p, Z_PLAY)
    to = tids_o(S)
    out_money = money_of(S, I, p)
    out_cards = owned_total(S, p) - zone_size(S, p, Z_PLAY)
    for i in range(S[H_NTIDS]):
        x = S[to + i]
        out_money -= S[pl + x] * tcol(I, x, COL_COINS)
    hand = zone_size(S, p, Z_HAND)
    extra = I64(0)
    if out_cards > 0 and out_money > 0:
        extra = (hand * out_money + out_cards - 1) // out_cards  # rounded up
    return S[H_COINS] + extra


@inline
def contraband_name(S, I, F, q, p, n):
    """The card seat ``q`` names for seat ``p``'s Contraband: what ``p``'s buy rules take with
    its :func:`expected_coins` (cards already named are skipped, so a second Contraband names
    the next likely card: Geronimoo's simulator reasons the same way); option
    ``contraband_name`` 1, or no such card: the dearest card ``p`` may buy that it could
    afford; none: Province."""
    k = expected_coins(S, I, p)
    x = I64(-1)
    if card_opt(I, F, q, CONTRABAND, I64(1)) == 0.0:
        x = buy_with(S, I, F, p, k, I64(-1))
    if x < 0:
        io = ids_o(S)
        bc = I64(-1)
        for i in range(S[H_NIDS]):
            c = S[io + i]
            kc = cost(S, I, c)
            if S[HDR + c] > 0 and kc <= k and kc > bc and can_buy(S, I, F, p, c):
                bc = kc
                x = c
    if x < 0:
        x = PROVINCE
    return x


@inline
def contraband_useful(S, I, F, p):
    """Play Contraband (option ``contraband``: 1 always, 2 never; 0 the playbook) only when its
    $3 changes what the bot would buy with the $ it has and the other Treasures in hand will
    make: otherwise the card named would be the one it buys anyway."""
    mode = np.int64(card_opt(I, F, p, CONTRABAND, I64(0)))
    if mode == 1:
        return True
    if mode == 2:
        return False
    h = zo(S, p, Z_HAND)
    to = tids_o(S)
    now = S[H_COINS]
    for i in range(S[H_NTIDS]):
        x = S[to + i]
        if x != CONTRABAND:
            now += S[h + x] * tcol(I, x, COL_COINS)
    return buy_with(S, I, F, p, now + 3, I64(-1)) != buy_with(S, I, F, p, now, I64(-1))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its $3 and +1 Buy are its row's)."""
    contraband_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the name (:func:`contraband_name`; ``p`` is the naming seat, ``arg``
    the Contraband player)."""
    if stage == 0 or kind != K_NAME:
        return NONE
    return contraband_name(S, I, F, p, arg, n)


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: :func:`contraband_useful`."""
    return I64(1) if contraband_useful(S, I, F, p) else I64(0)


@hook
def score(S, I, F, p, c):
    """Hook ``score``: played after the other Treasures of its player, when the $ they make is
    known (its ``useful`` hook then decides whether it is worth a ban)."""
    return I64(-100)
