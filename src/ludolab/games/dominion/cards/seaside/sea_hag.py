"""Sea Hag (Seaside, first printing only): Each other player discards the top card of their
deck, then gains a Curse onto their deck.

The card's home in the engine: its effect, compiled on its own and reached through the kernel's
hook table (see ``docs/design/dominion-engine.md``). Official FAQ (Dominion Strategy wiki): a
victim with an empty deck shuffles first (with no cards at all it discards nothing but still
gains the Curse); with the Curses gone it still discards. No decision.
"""

from __future__ import annotations

from pathlib import Path

from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.engine import kernel as _kernel
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

_here = Path(__file__)
_jitcache.guard(_here, [_kernel.__file__])


@njit(cache=True, _nrt=False, inline="always")
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


@njit(cache=True, _nrt=False)
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect."""
    sea_hag_play(S, I, F, p, mask)
    return I64(0)
