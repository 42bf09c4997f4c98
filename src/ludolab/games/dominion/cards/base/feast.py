"""Feast (first edition): trash this card; gain a card costing up to $5.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    FALSE,
    FEAST,
    I64,
    I_GFLAG_CAP,
    I_O_GFLAG,
    K_GAIN,
    LIST_GAIN,
    NONE,
    Z_OWN,
    Z_PLAY,
    ask,
    buy_with,
    gain,
    in_opts,
    list_len,
    opts_supply,
    trash_card,
    zo,
)


@inline
def feast_play(S, I, F, p, group):
    """Trash the Feast from play once per play group (under Throne Room: trashed once, two
    gains), then gain (decision: gain, cost cap 5). House policy: the bot's gain list, else its
    buy list read as if this Feast were still owned (:func:`feast_gain`), else the default
    gain (:func:`default_gain`)."""
    fo = I[I_O_GFLAG]
    done = group < I[I_GFLAG_CAP] and I[fo + group] != 0
    if not done and S[zo(S, p, Z_PLAY) + FEAST] > 0:
        trash_card(S, I, F, p, Z_PLAY, FEAST, I64(1))
        if group < I[I_GFLAG_CAP]:
            I[fo + group] = 1
    n = opts_supply(S, I, I64(5), I64(0), FALSE)
    a = ask(S, I, F, p, K_GAIN, FEAST, I64(5), I64(-1), n)
    if a >= 0:
        gain(S, I, F, p, a, I64(0))


@hook
def play(S, I, F, p, c, group, mask):
    feast_play(S, I, F, p, group)
    return I64(0)


@inline
def feast_gain(S, I, F, p, n):
    """The gain by the buy list, chosen as if the trashed Feast were still owned (the order of
    Geronimoo's simulator: gain, then trash): a ``Feast limit 1`` entry would otherwise take a
    Feast for the Feast, a turn that gains nothing. NONE: no such card, the lists decide."""
    own = zo(S, p, Z_OWN)
    S[own + FEAST] += 1
    c = buy_with(S, I, F, p, I64(5), I64(-1))
    S[own + FEAST] -= 1
    if c >= 0 and c != FEAST and in_opts(I, n, c):
        return c
    return NONE


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0 and kind == K_GAIN and list_len(I, p, LIST_GAIN) == 0:
        return feast_gain(S, I, F, p, n)
    return NONE
