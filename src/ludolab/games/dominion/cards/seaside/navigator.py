"""Navigator (Seaside, first printing only): +$2. Look at the top 5 cards of your deck. Either
discard all of them, or put them back on top of your deck in any order.

The +$2 is the card's row. Official FAQ (Dominion Strategy wiki): with fewer than 5 cards in
the deck, look at those and shuffle the discard pile for the rest (the looked-at cards are not
shuffled in); with fewer than 5 in all, look at as many as there are; it is all or nothing -
discard all of them or put all of them back, in an order of your choice; they are not
revealed.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    EV_CHOICE,
    EV_TOPDECK,
    FALSE,
    H_NIDS,
    I64,
    K_MODE,
    K_TOPDECK,
    NONE,
    Z_ASIDE,
    ask,
    card_opt,
    discard_all,
    emit,
    ids_o,
    is_treasure,
    money_of,
    opts_list,
    opts_zone,
    owned_total,
    put_top,
    rank_pick,
    take_top,
    tcol,
    zo,
)

NAVIGATOR = np.int64(card_id("Navigator"))

# Words: its modes and prompt (decisions, logs); its bot option (card_opt(I, F, p, NAVIGATOR, 0))
MODES = ("discard them all", "put them back")
PROMPTS = {"mode": "the {arg} cards you looked at (Navigator): discard them all or put them back?"}
OPTIONS = (
    ("navigator_keep", 0.0, (0, 15),
     "0: put the cards back when their coins are at least those of an average hand of as many "
     "cards of the deck and $6 for 5 cards (the playbook); k > 0: put them back when their "
     "coins are at least k"),
)


@inline
def navigator_play(S, I, F, p):
    """Set aside the top 5 cards (shuffling when the deck runs out; fewer if there are fewer),
    then a mode (decision: mode, argument how many; 0 discard them all, 1 put them back); put
    back: one topdeck decision per card from the deepest place up (subject: its place from the
    top), the last chosen ends on top."""
    aside = zo(S, p, Z_ASIDE)
    k = 0
    for _ in range(5):
        x = take_top(S, I, p)
        if x < 0:
            break
        S[aside + x] += 1
        k += 1
    if k == 0:
        return
    n = opts_list(I, I64(0), I64(1), NONE)
    m = ask(S, I, F, p, K_MODE, NAVIGATOR, I64(-1), I64(k), n)
    emit(I, EV_CHOICE, p, NAVIGATOR, m)
    if m == 0:
        discard_all(S, I, F, p, Z_ASIDE, I64(1))
        return
    for place in range(k - 1, -1, -1):
        n = opts_zone(S, I, p, Z_ASIDE, I64(0), FALSE)
        x = ask(S, I, F, p, K_TOPDECK, NAVIGATOR, I64(place), I64(-1), n)
        S[aside + x] -= 1
        put_top(S, I, p, x, FALSE)
        emit(I, EV_TOPDECK, p, x, I64(2))


@inline
def navigator_keep(S, I, F, p, k):
    """Put the ``k`` looked-at cards back (1) or discard them (0)? Back when their coins reach
    the option ``navigator_keep`` (k > 0), else (the playbook) when they are worth at least an
    average draw of ``k`` cards from the whole deck (its money per card) and at least $6 for 5
    cards (a Gold; pro rata for fewer): a good next hand is kept, a poor one thrown away.
    Geronimoo's simulator discards below a fixed bar of its card values; against Big Money
    Ultimate (4,000 games, seeds 0 and 7) the average alone won 54.8%, a fixed $6 59.8% and
    59.2%, both together 60.4% and 60.0%."""
    aside = zo(S, p, Z_ASIDE)
    io = ids_o(S)
    coins = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[aside + x] > 0 and is_treasure(I, x):
            coins += S[aside + x] * tcol(I, x, COL_COINS)
    bar = card_opt(I, F, p, NAVIGATOR, I64(0))
    if bar > 0.0:
        return I64(1) if coins >= bar else I64(0)
    total = owned_total(S, p)
    if total <= 0:
        return I64(1)
    return I64(1) if coins * total >= money_of(S, I, p) * k and coins * 5 >= 6 * k else I64(0)


@inline
def navigator_deepest(S, I, p, n):
    """The card to put deepest now: the one the hand needs least (:func:`rank_pick` by the
    general discard order, with no dead terminals), so the best card ends on top."""
    return rank_pick(S, I, n, False)[0]


@hook
def play(S, I, F, p, c, group, mask):
    navigator_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the mode by :func:`navigator_keep`; the order by
    :func:`navigator_deepest` (after the bot's topdeck list)."""
    if stage == 0:
        if kind == K_MODE:
            return navigator_keep(S, I, F, p, arg)
        return NONE
    if kind == K_TOPDECK:
        return navigator_deepest(S, I, p, n)
    return NONE
