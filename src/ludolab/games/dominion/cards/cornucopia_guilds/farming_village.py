"""Farming Village (Cornucopia, first printing): +2 Actions. Reveal cards from your deck until you
reveal a Treasure or Action card. Put that card into your hand and discard the rest.

+2 Actions is the card's row; the home reveals with the kernel's ``reveal_until_type`` (the
discard pile is shuffled in when the deck runs out, the revealed cards are not), puts the
Action or Treasure found into the hand and discards the others (official FAQ, Dominion
Strategy wiki: a card that is both, such as an Action-Treasure, counts; if no such card is
found after shuffling, you just discard everything revealed). No decision: the playbook is the
general play order (a village, played before terminals).
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook
from ludolab.games.dominion.engine.kernel import (
    EV_DRAW,
    I64,
    TY_ACTION,
    TY_TREASURE,
    Z_ASIDE,
    Z_HAND,
    discard_all,
    emit,
    reveal_until_type,
    zo,
)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the first Action or Treasure revealed to the hand, the rest discarded."""
    x = reveal_until_type(S, I, p, I64(TY_ACTION | TY_TREASURE))
    if x >= 0:
        S[zo(S, p, Z_HAND) + x] += 1
        emit(I, EV_DRAW, p, x, I64(0))
    discard_all(S, I, F, p, Z_ASIDE, I64(1))
    return I64(0)
