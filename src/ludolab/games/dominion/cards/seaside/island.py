"""Island (Seaside, both printings): Put this and a card from your hand onto your Island mat.
2 VP.

The
2 VP are the card's row; the mat is the seat's zone ``Z_ISLAND`` (cards there are still owned, so
scored at the end, Island's 2 VP included; everyone may see them).

Rulings (official FAQ, DominionStrategy wiki "Island"): the card from hand is not optional when
the hand has one; with an empty hand the Island goes to the mat alone. Cards on the mat never
come back. Throne Room on Island: the Island goes to the mat once, with a card from the hand for
each play (two cards); an Island that is not in play any more is not moved again.

Decision: the card from hand (``K_REVEAL``, options the distinct cards in hand; the bot's lists
have no say, the playbook or the ``island_copper`` option decide).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    EV_MAT,
    FALSE,
    H_NIDS,
    I64,
    I_GFLAG_CAP,
    I_O_GFLAG,
    I_O_OPT,
    K_REVEAL,
    NONE,
    Z_HAND,
    Z_ISLAND,
    Z_PLAY,
    ask,
    card_opt,
    coins_help,
    cost,
    dead_terminals,
    discard_rank,
    emit,
    gains_to_end,
    ids_o,
    is_junk,
    opts_zone,
    zo,
)

ISLAND = np.int64(card_id("Island"))

PROMPTS = {"reveal": "the card to put on the Island mat with Island"}

#: Its bot option: a Copper on the mat when the buy does not need it.
OPTIONS = (
    ("island_copper", 1.0, (0, 1),
     "with no Victory card or Curse in hand, put a Copper on the mat when this turn's buy does "
     "not need its $1 (and play Island for it)"),
)


@inline
def island_play(S, I, F, p, group):
    """Island to the mat once per play group (Feast's pattern: under Throne Room once), then a
    card from the hand (decision: reveal, source Island) to the mat."""
    fo = I[I_O_GFLAG]
    done = group < I[I_GFLAG_CAP] and I[fo + group] != 0
    mat = zo(S, p, Z_ISLAND)
    if not done and S[zo(S, p, Z_PLAY) + ISLAND] > 0:
        S[zo(S, p, Z_PLAY) + ISLAND] -= 1
        S[mat + ISLAND] += 1
        emit(I, EV_MAT, p, ISLAND, I64(1))
        if group < I[I_GFLAG_CAP]:
            I[fo + group] = 1
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    x = ask(S, I, F, p, K_REVEAL, ISLAND, I64(-1), I64(-1), n)
    if x >= 0:
        S[zo(S, p, Z_HAND) + x] -= 1
        S[mat + x] += 1
        emit(I, EV_MAT, p, x, I64(1))


@inline
def copper_spare(S, I, F, p):
    """May a Copper go to the mat: the option allows it and this turn's buy does not change
    without its $1 (Geronimoo's "buying power")."""
    return card_opt(I, F, p, ISLAND, I64(0)) != 0.0 and not coins_help(S, I, F, p, I64(-1))


@inline
def island_pick(S, I, F, p, n):
    """The card for the mat: a Victory card that does nothing else (the most expensive: its VP
    stay counted), then a Curse, then a spare Copper (:func:`copper_spare`), else the card the
    hand misses least (:func:`discard_rank`)."""
    o = I[I_O_OPT]
    best = I64(NONE)
    bc = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x >= 0 and x != CURSE and is_junk(I, x) and cost(S, I, x) > bc:
            bc = cost(S, I, x)
            best = x
    if best != NONE:
        return best
    h = zo(S, p, Z_HAND)
    if S[h + CURSE] > 0:
        return CURSE
    if S[h + COPPER] > 0 and copper_spare(S, I, F, p):
        return COPPER
    dead = dead_terminals(S, I, p)
    br = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        if x >= 0 and discard_rank(S, I, x, dead) < br:
            br = discard_rank(S, I, x, dead)
            best = x
    return best


@inline
def island_useful(S, I, F, p, basic):
    """Worth playing when the hand (this Island aside unless another card plays it) holds a
    Victory card or a Curse, or a spare Copper, or nothing else, or the game is about to end
    (2 gains or fewer: the Island leaves the deck for nothing)."""
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    others = I64(0)
    junk = False
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[h + x]
        if x == ISLAND and basic == 0:
            k -= 1
        if k > 0:
            others += k
            if is_junk(I, x):
                junk = True
    if junk or others == 0 or gains_to_end(S) <= 2:
        return True
    return S[h + COPPER] > 0 and copper_spare(S, I, F, p)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: the card's effect (its 2 VP are the card's row)."""
    island_play(S, I, F, p, group)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the card for the mat (stage 1)."""
    if stage == 1 and kind == K_REVEAL:
        return island_pick(S, I, F, p, n)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: :func:`island_useful`."""
    return I64(1) if island_useful(S, I, F, p, basic) else I64(0)
