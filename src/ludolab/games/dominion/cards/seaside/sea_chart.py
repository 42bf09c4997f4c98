"""Sea Chart (Seaside, second printing): +1 Card, +1 Action. Reveal the top card of your deck.
If you have a copy of it in play, put it into your hand.

+1 Card and +1 Action are the card's row
(drawn first). Official FAQ (Dominion Strategy wiki): a copy in play counts whoever played it -
the Sea Chart just played, or a Duration still in play from an earlier turn; otherwise the
revealed card stays on top of the deck (everyone has seen it). No decision.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_DRAW,
    EV_REVEAL,
    I64,
    TRUE,
    Z_HAND,
    Z_PLAY,
    emit,
    put_top,
    take_top,
    zo,
)


@inline
def sea_chart_play(S, I, F, p):
    """Reveal the top card (shuffling if the deck is empty; nothing if there is no card at all):
    into the hand if a copy is in play, else back on top, known to everyone."""
    x = take_top(S, I, p)
    if x < 0:
        return
    emit(I, EV_REVEAL, p, x, I64(0))
    if S[zo(S, p, Z_PLAY) + x] > 0:
        S[zo(S, p, Z_HAND) + x] += 1
        emit(I, EV_DRAW, p, x, I64(0))
    else:
        put_top(S, I, p, x, TRUE)


@hook
def play(S, I, F, p, c, group, mask):
    sea_chart_play(S, I, F, p)
    return I64(0)
