"""Tribute (Intrigue, first printing only): the player to your left reveals then discards the top
2 cards of their deck. For each differently named card revealed, if it is an... Action card,
+2 Actions; Treasure card, +$2; Victory card, +2 Cards.

No choice: no playbook.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    H_ACTIONS,
    H_COINS,
    H_NP,
    I64,
    TY_ACTION,
    TY_TREASURE,
    TY_VICTORY,
    Z_ASIDE,
    discard_card,
    draw,
    emit,
    reveal_two,
    types,
)


@inline
def tribute_bonus(S, I, p, x):
    """The bonus of one revealed card: each of its types counts (Harem: +$2 and +2 Cards; Great
    Hall, Nobles, Mill: +2 Actions and +2 Cards); a Curse gives nothing."""
    t = types(I, x)
    if (t & TY_ACTION) != 0:
        S[H_ACTIONS] += 2
    if (t & TY_TREASURE) != 0:
        S[H_COINS] += 2
        emit(I, EV_COINS_PLUS, p, x, I64(2))
    if (t & TY_VICTORY) != 0:
        draw(S, I, p, I64(2))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the seat to the left reveals its top 2 cards (shuffling its discard pile,
    not the revealed card, if its deck runs out; with fewer cards it reveals what it has) and
    discards them; then a bonus per differently named card. Alone in the game: nothing."""
    n_pl = S[H_NP]
    if n_pl < 2:
        return I64(0)
    q = (p + 1) % n_pl
    x1, x2 = reveal_two(S, I, q)
    for x in (x1, x2):
        if x >= 0:
            discard_card(S, I, F, q, Z_ASIDE, x, I64(1))
    if x1 >= 0:
        tribute_bonus(S, I, p, x1)
    if x2 >= 0 and x2 != x1:
        tribute_bonus(S, I, p, x2)
    return I64(0)
