"""Doctor (Guilds, first printing): Name a card. Reveal the top 3 cards of your deck. Trash the
matches. Put the rest back on top in any order. Overpay: for each $1 overpaid, look at the top
card of your deck; trash it, discard it, or put it back.

Official FAQ (Dominion Strategy wiki): with fewer than 3 cards after shuffling, reveal what
there is; the cards not named go back in the order you choose. Overpay: per $1 one look, each
card dealt with before the next (put back, the same card is looked at again). Decisions: the
name (K_NAME, options every card of this game's Supply); the order of the cards put back (a
topdeck decision per place from the top, subject the place; copies of one card need none); per
$1 overpaid a mode (K_MODE, subject the card: 0 trash, 1 discard, 2 put back).

Playbook, after DominionSim's: name the junk card likeliest on top (Curse, Estate, or a Copper
the money can spare: the most copies in the draw pile); put the dearest card back on top;
overpay what the buys leave, trash a Curse, an early Estate or a spare Copper, discard other
junk and Coppers, put back anything else.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COPPER,
    CURSE,
    ESTATE,
    EV_REVEAL,
    FALSE,
    I64,
    I_O_OPT,
    K_MODE,
    K_NAME,
    K_OVERPAY,
    K_TOPDECK,
    NONE,
    PS_DECKN,
    PSZ,
    Z_ASIDE,
    ask,
    copper_trash_ok,
    cost,
    discard_card,
    emit,
    estate_trash_ok,
    is_junk,
    name_a_card,
    opts_list,
    opts_zone,
    overpay_spare,
    put_top,
    so,
    take_top,
    trash_card,
    trash_from,
    zo,
)

DOCTOR = np.int64(card_id("Doctor"))

PROMPTS = {"name": "name a card (Doctor: the matches among the top 3 are trashed)",
           "topdeck": "which card goes back next from the top (Doctor; place {subject})",
           "mode": "the top card, {subject} (Doctor)"}
MODES = ("trash", "discard", "put back")


def choice_words(arg: int) -> str:
    """The log's words for its choice event (``arg``: the card named)."""
    return f"names {CARDS[arg].name}" if 0 <= arg < len(CARDS) else "names a card"


@inline
def doctor_play(S, I, F, p):
    """Name; reveal up to 3 (set aside); trash the matches; the rest back in the chosen order."""
    named = name_a_card(S, I, F, p, DOCTOR)
    aside = zo(S, p, Z_ASIDE)
    m = I64(0)
    for _ in range(3):
        x = take_top(S, I, p)
        if x < 0:
            break
        emit(I, EV_REVEAL, p, x, I64(0))
        if x == named:
            S[aside + x] += 1
            trash_from(S, I, p, Z_ASIDE, x, I64(2))
        else:
            S[aside + x] += 1
            m += 1
    # the order from the top: a choice per place while two different cards remain
    c0 = I64(-1)
    c1 = I64(-1)
    c2 = I64(-1)
    # (the cards stay set aside until every place is chosen: every card is somewhere at a
    # decision)
    o = I[I_O_OPT]
    for j in range(m):
        k = opts_zone(S, I, p, Z_ASIDE, I64(0), FALSE)
        n_opt = I64(0)
        for i in range(k):
            y = I[o + i]
            placed = np.int64(c0 == y) + np.int64(c1 == y)
            if S[aside + y] - placed > 0:
                I[o + n_opt] = y
                n_opt += 1
        x = ask(S, I, F, p, K_TOPDECK, DOCTOR, I64(j), I64(-1), n_opt)
        if j == 0:
            c0 = x
        elif j == 1:
            c1 = x
        else:
            c2 = x
    for x in (c2, c1, c0):
        if x >= 0:
            S[aside + x] -= 1
            put_top(S, I, p, x, True)


@inline
def doctor_name(S, I, p):
    """The junk card (Curse, Estate, a spare Copper) with the most copies in the draw pile."""
    s = so(S, p)
    best = CURSE
    most = I64(0)
    for c in (CURSE, ESTATE, COPPER):
        if c == COPPER and not copper_trash_ok(S, I, p):
            continue
        k = I64(0)
        for j in range(S[s + PS_DECKN]):
            if S[s + PSZ + j] == c:
                k += 1
        if k > most:
            most = k
            best = c
    return best


@inline
def doctor_mode(S, I, p, x):
    """0 trash a Curse, an early Estate, a spare Copper; 1 discard other junk or Copper;
    2 put back."""
    if x == CURSE or (x == ESTATE and estate_trash_ok(S)) or (
            x == COPPER and copper_trash_ok(S, I, p)):
        return I64(0)
    if x == COPPER or is_junk(I, x):
        return I64(1)
    return I64(2)


@hook
def play(S, I, F, p, c, group, mask):
    doctor_play(S, I, F, p)
    return I64(0)


@hook
def overpay(S, I, F, p, c, x):
    """Hook ``overpay``: per $1, the top card: trash, discard or put back."""
    for _ in range(x):
        t = take_top(S, I, p)
        if t < 0:
            break
        aside = zo(S, p, Z_ASIDE)
        S[aside + t] += 1  # held aside while asked (every card is somewhere at a decision)
        n = opts_list(I, I64(0), I64(1), I64(2))
        m = ask(S, I, F, p, K_MODE, DOCTOR, t, I64(-1), n)
        if m == 0:
            trash_card(S, I, F, p, Z_ASIDE, t, I64(2))
        elif m == 1:
            discard_card(S, I, F, p, Z_ASIDE, t, I64(1))
        else:
            S[aside + t] -= 1
            put_top(S, I, p, t, False)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the name, the order, the overpay and its modes (module docstring)."""
    if stage == 0:
        return NONE
    if kind == K_NAME:
        return doctor_name(S, I, p)
    if kind == K_TOPDECK:
        o = I[I_O_OPT]
        best = I[o]
        for i in range(n):
            if cost(S, I, I[o + i]) > cost(S, I, best):
                best = I[o + i]
        return best
    if kind == K_MODE:
        return doctor_mode(S, I, p, subject)
    if kind == K_OVERPAY:
        return overpay_spare(S, I, F, p, n - 1)
    return NONE
