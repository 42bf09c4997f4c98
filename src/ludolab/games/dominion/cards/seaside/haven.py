"""Haven (Seaside): +1 Card, +1 Action. Set aside a card from your hand face down (under this).
At the start of your next turn, put it into your hand.

+1 Card and
+1 Action are its row's columns; ``play`` asks which card of the hand to set aside (a topdeck
decision, source Haven: the card is kept for the next turn, as Courtyard's card put onto the
deck is, so the bot's ``topdeck`` list steers it), moves it to the seat's Haven zone
(:func:`~ludolab.games.dominion.engine.kernel.set_aside`, hidden from the other players) and
registers the waiting effect with the card as its argument; ``duration`` puts it into the hand.
FAQ: the set-aside is mandatory while the hand holds a card; with an empty hand nothing is set
aside and Haven is cleaned up this turn (it does not stay out). Throne Room on it: +2 Cards,
+2 Actions, two cards set aside, both back next turn. Both printings read the same.

Playbook (after the bot's topdeck list), learnt from Geronimoo's simulator and the Dominion
Strategy article: a terminal that the actions left cannot play; else the best Treasure whose
coins this turn's buy does not need (the bot's buy with and without them); else a card that does
nothing now (a Victory card, an Action not worth playing); else the card missed least.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_ACTIONS,
    COL_COINS,
    FALSE,
    H_ACTIONS,
    H_COINS,
    H_NAIDS,
    I64,
    I_O_OPT,
    K_TOPDECK,
    NONE,
    Z_HAND,
    aids_o,
    ask,
    buy_with,
    cost,
    discard_rank,
    hand_coins,
    is_action,
    is_terminal,
    is_treasure,
    opts_zone,
    play_score,
    set_aside,
    stay,
    take_aside,
    tcol,
    zo,
)
from ludolab.games.dominion.engine.kernel import useful as worth_playing

HAVEN = np.int64(card_id("Haven"))

# Words: its prompt (the decision is a topdeck one: the card kept for the next turn)
PROMPTS = {"topdeck": "set aside a card from your hand for your next turn (Haven)"}


@inline
def excess_terminals(S, I, F, p):
    """Does ``p``'s hand hold more terminal Actions worth playing than the actions left and
    its villages (+2 Actions) can play?"""
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    terms = I64(0)
    villages = I64(0)
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        k = S[h + x]
        if k <= 0:
            continue
        if tcol(I, x, COL_ACTIONS) >= 2:
            villages += k
        elif is_terminal(I, x) and worth_playing(S, I, F, p, x):
            terms += k
    return terms > S[H_ACTIONS] + villages


@inline
def haven_pick(S, I, F, p, n):
    """The card of the ``n`` options (the cards in hand) to set aside (the module's playbook):
    ranks 4000+ a terminal the actions cannot play (the one the default order plays last),
    2000+ a Treasure this turn's buy does not need (the most coins first), 1000+ a card that
    does nothing now; else the card missed least (:func:`discard_rank`)."""
    o = I[I_O_OPT]
    coins = S[H_COINS] + hand_coins(S, I, p)
    want = buy_with(S, I, F, p, coins, I64(-1))
    excess = excess_terminals(S, I, F, p)
    best = I64(-1)
    best_rank = I64(-1)
    low = I64(-1)
    low_rank = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        rank = I64(-1)
        if is_action(I, x):
            if not worth_playing(S, I, F, p, x):
                rank = 1000 + cost(S, I, x)
            elif excess and is_terminal(I, x):
                rank = 4000 + max(I64(0), 999 - min(play_score(S, I, F, p, x), I64(999)))
        elif is_treasure(I, x):
            v = tcol(I, x, COL_COINS)
            if buy_with(S, I, F, p, coins - v, I64(-1)) == want:
                rank = 2000 + 10 * v + cost(S, I, x)
        else:
            rank = I64(1000)
        if rank > best_rank:
            best = x
            best_rank = rank
        dr = discard_rank(S, I, x, excess)
        if dr < low_rank:
            low = x
            low_rank = dr
    if best >= 0:
        return best
    if low >= 0:
        return low
    return I[o]


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: +1 Card and +1 Action are the row's; then a card of the hand is set aside
    (decision: topdeck, source Haven, no "none") and waits for the next turn. An empty hand:
    nothing is set aside and nothing waits."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return I64(0)
    a = ask(S, I, F, p, K_TOPDECK, HAVEN, I64(-1), I64(-1), n)
    S[zo(S, p, Z_HAND) + a] -= 1
    set_aside(S, I, p, a)
    stay(S, I, F, p, c, group, a)
    return I64(0)


@hook
def duration(S, I, F, p, c, arg):
    """Hook ``duration``: the start of the next turn, the card set aside (``arg``) goes into the
    hand."""
    take_aside(S, I, p, arg)  # Z_HAVEN -> hand
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the card to set aside (:func:`haven_pick`, after the bot's topdeck
    list)."""
    if stage == 1 and kind == K_TOPDECK:
        return haven_pick(S, I, F, p, n)
    return NONE
