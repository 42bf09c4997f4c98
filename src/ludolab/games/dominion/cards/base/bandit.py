"""Bandit: gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a revealed
Treasure other than Copper, and discards the rest.
"""

from __future__ import annotations

from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    BANDIT,
    EV_GAIN,
    GOLD,
    I64,
    K_TRASH,
    K_YESNO,
    NONE,
    THIEF,
    TRUE,
    Z_ASIDE,
    Z_DISC,
    Z_OWN,
    ask,
    discard_all,
    each_attacked,
    emit,
    extreme_cost,
    gain,
    opts_list,
    reveal_two,
    trash_card,
    trash_o,
    treasure_options,
    zo,
)


@inline
def bandit_thief_attack(S, I, F, p, c, q):
    """Bandit's or Thief's (``c``) attack on seat ``q``: it reveals two cards; when they hold
    two different Treasures (Bandit: other than Copper) one is chosen to be trashed (decision:
    trash): by the victim for Bandit (argument the Bandit's player), by the Thief's player for
    Thief (argument the victim), who then decides whether to gain it from the trash (decision:
    yes/no, subject the card); the rest are discarded. House policy: :func:`bandit_trash`;
    :func:`thief_trash`, :func:`thief_yesno`."""
    x1, x2 = reveal_two(S, I, q)
    t1, t2 = treasure_options(I, x1, x2, c == THIEF)
    if t1 != NONE or t2 != NONE:
        n = opts_list(I, t1, t2, NONE)
        chooser = q if c == BANDIT else p
        a = ask(S, I, F, chooser, K_TRASH, c, I64(-1), p if c == BANDIT else q, n)
        trash_card(S, I, F, q, Z_ASIDE, a, I64(2))
        if c == THIEF:
            n = opts_list(I, I64(1), I64(0), NONE)
            if ask(S, I, F, p, K_YESNO, THIEF, a, q, n) == 1:
                S[trash_o(S) + a] -= 1
                S[zo(S, p, Z_OWN) + a] += 1
                S[zo(S, p, Z_DISC) + a] += 1
                emit(I, EV_GAIN, p, a, I64(3))
    discard_all(S, I, F, q, Z_ASIDE, I64(1))


@inline
def bandit_trash(S, I, n):
    """The Bandit's victim gives up the cheaper Treasure."""
    return extreme_cost(S, I, n, TRUE)


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: gain a Gold, then the attack (:func:`attack`)."""
    gain(S, I, F, p, GOLD, I64(0))
    each_attacked(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: :func:`bandit_thief_attack` on seat ``q``."""
    bandit_thief_attack(S, I, F, p, c, q)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_TRASH:
        return bandit_trash(S, I, n)
    return NONE
