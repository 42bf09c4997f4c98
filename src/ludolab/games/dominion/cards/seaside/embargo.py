"""Embargo (Seaside, first printing only): +$2. Trash this. If you did, add an Embargo token to a
Supply pile. (For the rest of the game, when a player buys a card from that pile, they gain a
Curse.)

The +$2
is the card's row; the tokens are the header region ``tok_o(S)`` (one count per pile), and the
kernel's buy gives the buyer a Curse per token on the bought card's pile.

Printings (``--rules edition=1|2``): the current errata (edition 2, the default) says "If you
did": under Throne Room the Embargo is trashed by its first play only, so only that play adds a
token. The first printing's text ("Trash this card. Put an Embargo token on top of a Supply
pile.") adds a token on every play: two under Throne Room (its FAQ: they may go on different
piles). Rulings (DominionStrategy wiki "Embargo"): tokens stack; a pile may take one whether or
not it is empty; only buying gives Curses (a gain otherwise does not); the token affects every
player, its placer included; with the Curse pile empty nothing more happens.

Decision: the pile (``K_NAME``, options every Supply pile of the game).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    E_SIZE,
    EV_TOKEN,
    H_EDITION,
    H_NIDS,
    H_NP,
    HDR,
    I64,
    I_GFLAG_CAP,
    I_O_BE,
    I_O_GFLAG,
    I_O_OPT,
    K_NAME,
    LIST_BUY,
    NONE,
    PROVINCE,
    Z_OWN,
    Z_PLAY,
    ask,
    card_opt,
    emit,
    gains_to_end,
    ids_o,
    in_opts,
    is_action,
    is_junk,
    lead_of,
    list_names,
    list_range,
    tok_o,
    trash_card,
    zo,
)

EMBARGO = np.int64(card_id("Embargo"))

PROMPTS = {"name": "the Supply pile to put an Embargo token on"}

#: Its bot options: when the token goes on the Province pile.
OPTIONS = (
    ("embargo_province_late", 1.0, (0, 1),
     "late in the game (4 gains or fewer from the end) and not behind: the Province pile"),
)


@inline
def embargo_play(S, I, F, p, group):
    """Trash this Embargo from play once per play group (Feast's pattern); the current errata
    adds a token only when this play trashed it, the first printing on every play."""
    fo = I[I_O_GFLAG]
    done = group < I[I_GFLAG_CAP] and I[fo + group] != 0
    trashed = False
    if not done and S[zo(S, p, Z_PLAY) + EMBARGO] > 0:
        trash_card(S, I, F, p, Z_PLAY, EMBARGO, I64(1))
        trashed = True
        if group < I[I_GFLAG_CAP]:
            I[fo + group] = 1
    if not trashed and S[H_EDITION] == 2:
        return
    o = I[I_O_OPT]
    io = ids_o(S)
    n = S[H_NIDS]
    for i in range(n):
        I[o + i] = S[io + i]
    x = ask(S, I, F, p, K_NAME, EMBARGO, I64(-1), I64(-1), n)
    if x >= 0:
        S[tok_o(S) + x] += 1
        emit(I, EV_TOKEN, p, x, S[tok_o(S) + x])


@inline
def embargo_pile(S, I, F, p, n):
    """The pile for the token: late in the game and not behind (option), the Province pile;
    else the opponents' key card: the first card on another seat's buy list that is not on
    mine, not only a Victory card (a Duchy or Estate they take late is no plan to stop), has no
    token yet and has cards left (Geronimoo's placement: it stops them, not me);
    else the kingdom Action the opponents own most more copies of than I do; else the Curse pile
    (a token there changes nothing)."""
    if (card_opt(I, F, p, EMBARGO, I64(0)) != 0.0 and gains_to_end(S) <= 4
            and lead_of(S, I, p) >= 0 and in_opts(I, n, PROVINCE)):
        return PROVINCE
    n_pl = S[H_NP]
    to = tok_o(S)
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        s0, e0 = list_range(I, q, LIST_BUY)
        for r in range(s0, e0):
            c = I[I[I_O_BE] + r * E_SIZE + 1]
            if (c != CURSE and c != COPPER and not is_junk(I, c)
                    and not list_names(I, p, LIST_BUY, c)
                    and S[to + c] == 0 and S[HDR + c] > 0 and in_opts(I, n, c)):
                return c
    best = I64(NONE)
    bd = I64(0)
    mine = zo(S, p, Z_OWN)
    o = I[I_O_OPT]
    for j in range(n):
        c = I[o + j]
        if c < 0 or not is_action(I, c) or c == EMBARGO or S[HDR + c] <= 0 or S[to + c] > 0:
            continue
        theirs = I64(0)
        for i in range(1, n_pl):
            q = (p + i) % n_pl
            k = S[zo(S, q, Z_OWN) + c]
            if k > theirs:
                theirs = k
        d = theirs - S[mine + c]
        if d > bd:
            bd = d
            best = c
    if best != NONE:
        return best
    if in_opts(I, n, CURSE):
        return CURSE
    return I[o]


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the trashing and the token (the +$2 is the card's row)."""
    embargo_play(S, I, F, p, group)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the pile (stage 1)."""
    if stage == 1 and kind == K_NAME:
        return embargo_pile(S, I, F, p, n)
    return NONE
