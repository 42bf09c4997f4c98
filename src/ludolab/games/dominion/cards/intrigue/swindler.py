"""Swindler (Intrigue): +$2. Each other player trashes the top card of their deck and gains a card
with the same cost that you choose.

The
+$2 is the card's row.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    EV_REVEAL,
    I64,
    I_O_OPT,
    K_NAME,
    LIST_BUY,
    LIST_GAIN,
    NONE,
    TY_ATTACK,
    Z_ASIDE,
    ask,
    card_opt,
    cost,
    cost_rec,
    emit,
    gain,
    gains_to_end,
    is_junk,
    is_terminal,
    is_treasure,
    list_len,
    list_names,
    opts_supply_exact,
    take_top,
    trash_card,
    types,
    zo,
)

# Words: its prompt ({subject}: the card trashed, {arg}: the victim's seat)
PROMPTS = {"name": "choose the card seat {arg} gains for its trashed {subject}"}
OPTIONS = (
    ("swindler_green", 4.0, (0.0, 99.0),
     "give a victim a Victory card (Estate for a $2 card, Duchy for a $5 one) while more than "
     "this many gains are needed to end the game; nearer the end, the weakest other card"),
)

SWINDLER = np.int64(card_id("Swindler"))


@inline
def _harm(S, I, F, p, q, x, green):
    """How much gaining ``x`` helps victim ``q`` (lower: the Swindler's player prefers it): a
    Curse; a Victory card while the game is far from its end (``green``); a card the victim's
    bot would never buy (its buy or gain list does not name it), a terminal before a
    non-terminal; then the same order for cards it would buy, a Treasure last; an Attack after
    all of these (the victim's bot plays it against the Swindler's player: a Swindler handed
    to a Big Money victim for its Silver is a Silver that swindles back); a Victory card near
    the end of the game (points for the victim) after all."""
    if x == CURSE:
        return I64(0)
    if is_junk(I, x):
        return I64(1) if green else I64(500) + cost(S, I, x)
    r = I64(100)
    listed = list_names(I, q, LIST_BUY, x) or list_names(I, q, LIST_GAIN, x)
    has_list = list_len(I, q, LIST_BUY) + list_len(I, q, LIST_GAIN) > 0
    if listed or not has_list:
        r = I64(200)
    if is_treasure(I, x):
        r += 50
    elif not is_terminal(I, x):
        r += 20
    if (types(I, x) & TY_ATTACK) != 0:
        r += 200  # the victim plays it against us: after every card it would not
    return r


@inline
def swindler_pick(S, I, F, p, q, n):
    """The attacker's choice for victim ``q`` among the ``n`` options: the lowest :func:`_harm`
    (first on ties). Bot option ``swindler_green`` sets how far from the end Victory cards
    still count as junk (default: more than 4 gains to go)."""
    green = gains_to_end(S) > np.int64(card_opt(I, F, p, SWINDLER, I64(0)))
    o = I[I_O_OPT]
    best = I[o]
    br = I64(1 << 30)
    for i in range(n):
        x = I[o + i]
        r = _harm(S, I, F, p, q, x, green)
        if r < br:
            br = r
            best = x
    return best


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` trashes the top card of its deck (shuffling its discard pile
    if the deck is empty; nothing when it has no cards there either) and gains to its discard
    pile a card from the Supply with the same cost now (Bridge counts), which the Swindler's
    player chooses (decision: name, options the non-empty piles of that cost, subject the
    trashed card, argument the victim). No pile of that cost: nothing is gained. The +$2 is the
    card's row."""
    x = take_top(S, I, q)
    if x < 0:
        return I64(0)
    S[zo(S, q, Z_ASIDE) + x] += 1
    emit(I, EV_REVEAL, q, x, I64(0))
    trash_card(S, I, F, q, Z_ASIDE, x, I64(2))
    n = opts_supply_exact(S, I, cost_rec(S, I, x), I64(0))
    if n > 0:
        g = ask(S, I, F, p, K_NAME, SWINDLER, x, q, n)
        gain(S, I, F, q, g, I64(0))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the attacker's pick for the victim (``arg``)."""
    if kind == K_NAME:
        return swindler_pick(S, I, F, p, arg, n)
    return NONE
