"""Sea Hag (Seaside, first printing only): Each other player discards the top card of their
deck, then gains a Curse onto their deck.

Official FAQ (Dominion Strategy wiki): a
victim with an empty deck shuffles first (with no cards at all it discards nothing but still
gains the Curse); with the Curses gone it still discards. No decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    CURSE,
    EV_DISCARD,
    H_NP,
    I64,
    Z_DISC,
    emit,
    gain,
    take_top,
    zo,
)


@inline
def sea_hag_play(S, I, F, p, mask):
    """Each seat in ``mask`` (not protected by a Reaction), in turn order: the top card of its
    deck to its discard pile (everyone sees it), then a Curse onto its deck (while any remain)."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if not (mask >> q) & 1:
            continue
        x = take_top(S, I, q)
        if x >= 0:
            S[zo(S, q, Z_DISC) + x] += 1
            emit(I, EV_DISCARD, q, x, I64(1))
        gain(S, I, F, q, CURSE, I64(2))


@hook
def play(S, I, F, p, c, group, mask):
    sea_hag_play(S, I, F, p, mask)
    return I64(0)
