"""Oracle (Hinterlands, first printing): Each player (including you) reveals the top 2 cards of
their deck, and you choose one: either they discard them, or they put them back on top in an
order they choose. Then +2 Cards.

The home: its ``play`` hook goes through the players in turn order from its player (who is
always affected; the others unless a Reaction or Lighthouse spares them). Each reveals two
cards (fewer when deck and discard pile run out); the Oracle's player chooses (decision: mode,
``MODES``; subject the first card revealed, argument the revealing seat) whether they are
discarded or put back; put back, their owner orders them (decision: topdeck, subject 0 the top
place, argument the Oracle's player; none for a single card or two copies). Then its player
draws 2. Official FAQ (Dominion Strategy wiki): both are discarded or both put back; you draw
after, so cards you put back are the ones you draw. The wiki's clarification: the order put
back is public, so the cards go back known to every player (the search player's re-deal keeps
them where they are).

Playbook, by the general discard order (``kernel.discard_rank``: a Copper 300, a Victory card
100, a Curse 0, a card worth keeping 1000 and up): your own two are discarded when they rank
below ``oracle`` Coppers together (default 2: two Coppers' worth), another player's when they
rank at or above it (as DominionSim plays it).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_TOPDECK,
    FALSE,
    H_NIDS,
    H_NP,
    I64,
    I_ERROR,
    K_MODE,
    K_TOPDECK,
    NONE,
    Z_ASIDE,
    ask,
    card_opt,
    discard_card,
    discard_rank,
    draw,
    emit,
    ids_o,
    opts_list,
    put_top,
    reveal_two,
    zo,
)

ORACLE = np.int64(card_id("Oracle"))

MODES = ("discard them", "put them back")
PROMPTS = {"mode": "seat {arg} revealed {subject} and another card: discard them or put them "
                   "back (Oracle)?",
           "topdeck": "which card goes on top (Oracle)?"}
OPTIONS = (
    ("oracle", 2.0, (0, 10),
     "the Coppers' worth (by the general discard order) below which your own two revealed "
     "cards are discarded and at or above which another player's are (2, the playbook)"),
)


@inline
def oracle_reveal(S, I, F, p, q):
    """Seat ``q`` reveals two cards; ``p`` chooses discard (0) or put back (1); put back, ``q``
    orders two different cards."""
    x1, x2 = reveal_two(S, I, q)
    if x1 < 0:
        return
    n = opts_list(I, I64(0), I64(1), NONE)
    m = ask(S, I, F, p, K_MODE, ORACLE, x1, q, n)
    if m == 0:
        discard_card(S, I, F, q, Z_ASIDE, x1, I64(1))
        if x2 >= 0:
            discard_card(S, I, F, q, Z_ASIDE, x2, I64(1))
        return
    top = x1
    below = x2
    if x2 >= 0 and x2 != x1:
        n = opts_list(I, x1, x2, NONE)
        top = ask(S, I, F, q, K_TOPDECK, ORACLE, I64(0), p, n)
        below = x2 if top == x1 else x1
    aside = zo(S, q, Z_ASIDE)
    if below >= 0:
        S[aside + below] -= 1
        put_top(S, I, q, below, True)
        emit(I, EV_TOPDECK, q, below, I64(2))
    S[aside + top] -= 1
    put_top(S, I, q, top, True)
    emit(I, EV_TOPDECK, q, top, I64(2))


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: every player from its own player in turn order (the others only when
    affected: ``mask``), then +2 Cards."""
    n_pl = S[H_NP]
    for i in range(n_pl):
        q = (p + i) % n_pl
        if (i == 0 or ((mask >> q) & 1) != 0) and I[I_ERROR] == 0:
            oracle_reveal(S, I, F, p, q)
    draw(S, I, p, I64(2))
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer`` (after the bot's lists): discard or keep by the two cards' worth (the
    module docstring); the order put back: no opinion (the general rule)."""
    if stage != 1 or kind != K_MODE:
        return NONE
    aside = zo(S, arg, Z_ASIDE)
    io = ids_o(S)
    worth = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[aside + x]
        if k > 0:
            worth += k * discard_rank(S, I, x, FALSE)
    line = card_opt(I, F, p, ORACLE, I64(0)) * 300.0
    if arg == p:
        return I64(0) if worth < line else I64(1)
    return I64(0) if worth >= line else I64(1)
