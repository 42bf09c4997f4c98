"""Secret Chamber (Intrigue, first printing): Discard any number of cards. +$1 per card discarded.
When another player plays an Attack card, you may reveal this from your hand. If you do, +2 Cards,
then put 2 cards from your hand on top of your deck.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_TOPDECK,
    FALSE,
    H_ACTIONS,
    H_COINS,
    H_NIDS,
    I64,
    I_ERROR,
    I_O_OPT,
    K_DISCARD,
    K_TOPDECK,
    K_YESNO,
    MILITIA,
    NONE,
    TRUE,
    Z_HAND,
    ask,
    card_opt,
    dead_terminals,
    discard_card,
    discard_pick,
    discard_rank,
    draw,
    emit,
    ids_o,
    is_action,
    is_junk,
    known_top,
    offer_reveal,
    opts_zone,
    put_top,
    so,
    zo,
)

SECRET_CHAMBER = np.int64(card_id("Secret Chamber"))
MINION = np.int64(card_id("Minion"))
TORTURER = np.int64(card_id("Torturer"))

# Words: its prompts ({subject}: the Attack, {arg}: its player's seat)
PROMPTS = {"yesno": "reveal Secret Chamber against {subject} (+2 Cards, then put 2 back)?"}
OPTIONS = (
    ("secret_chamber", 0.0, (0.0, 2.0),
     "revealing Secret Chamber against an Attack: 0 the playbook (once per Attack: not while "
     "the top 2 cards of the deck are the ones it put there), 1 always once, 2 never"),
)


@inline
def chamber_play(S, I, F, p):
    """Discard any number of cards from hand, one decision each (discard, subject the cards
    discarded so far, -1 to stop), then +$1 per card discarded."""
    k = I64(0)
    while I[I_ERROR] == 0:
        n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
        if n <= 1:
            break
        x = ask(S, I, F, p, K_DISCARD, SECRET_CHAMBER, k, I64(-1), n)
        if x < 0:
            break
        discard_card(S, I, F, p, Z_HAND, x, I64(0))
        k += 1
    S[H_COINS] += k


@inline
def chamber_discard(S, I, F, p, n):
    """The playbook's discard when Secret Chamber is played: a card that is worth nothing this
    turn (a Curse, a Victory card, an Action with no action left to play it) for $1; else stop.
    A Treasure is kept (played, it pays at least the same)."""
    o = I[I_O_OPT]
    for i in range(n):
        x = I[o + i]
        if x >= 0 and (is_junk(I, x) or (is_action(I, x) and S[H_ACTIONS] == 0)):
            return x
    return I64(-1)


@inline
def chamber_reveal(S, I, F, q, c, attacker):
    """Seat ``q`` may reveal Secret Chamber against Attack ``c`` (decision: yes/no, subject the
    Attack, argument its player); revealed: +2 Cards, then 2 cards from hand onto the deck, one
    decision each (topdeck, subject the Attack again; the second goes on top), known to their
    owner only. The seat is still affected (2); not revealed: 0."""
    if not offer_reveal(S, I, F, q, SECRET_CHAMBER, c, attacker):
        return I64(0)
    draw(S, I, q, I64(2))
    h = zo(S, q, Z_HAND)
    for _ in range(2):
        if I[I_ERROR] != 0:
            break
        n = opts_zone(S, I, q, Z_HAND, I64(0), FALSE)
        if n == 0:
            break
        x = ask(S, I, F, q, K_TOPDECK, SECRET_CHAMBER, c, attacker, n)
        S[h + x] -= 1
        put_top(S, I, q, x, FALSE)
        emit(I, EV_TOPDECK, q, x, I64(0))
    return I64(2)


@inline
def chamber_yesno(S, I, F, q):
    """Bot option ``secret_chamber``: 2 never reveals; 0 (default) and 1 reveal once per Attack:
    not when the top 2 cards of the deck are known to the seat (it just put them there; drawing
    them again changes nothing)."""
    if np.int64(card_opt(I, F, q, SECRET_CHAMBER, I64(0))) == 2:
        return I64(0)
    if known_top(S, so(S, q), FALSE) >= 2:
        return I64(0)
    return I64(1)


@inline
def _kth(S, I, q, k, dead):
    """The card at place ``k`` (0: the best) of seat ``q``'s hand ordered by the general discard
    order, best last to be discarded first; -1 if the hand holds ``k`` cards or fewer."""
    h = zo(S, q, Z_HAND)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] <= 0:
            continue
        rx = discard_rank(S, I, x, dead)
        better = I64(0)
        for j in range(S[H_NIDS]):
            y = S[io + j]
            if S[h + y] > 0 and y != x:
                ry = discard_rank(S, I, y, dead)
                if ry > rx or (ry == rx and y > x):
                    better += S[h + y]
        if better <= k < better + S[h + x]:
            return x
    return I64(-1)


@inline
def chamber_topdeck(S, I, F, q, attack, n):
    """The 2 cards put back (the playbook): against Minion the best 2 (a hand of 5 or more is
    discarded and 4 are drawn: these two come straight back); against Militia and Torturer
    the best cards after the 3 the hand keeps (the Attack then discards the worst); otherwise
    the first cards of the general discard order (Curses, Victory cards, dead terminals,
    Copper: against Bandit and Thief they are no Treasure worth taking, against Swindler the
    card trashed is junk)."""
    if attack == MINION:
        return _kth(S, I, q, I64(0), dead_terminals(S, I, q))
    if attack == MILITIA or attack == TORTURER:
        x = _kth(S, I, q, I64(3), dead_terminals(S, I, q))
        if x >= 0:
            return x
    x, _rank = discard_pick(S, I, q, n)  # the options are the hand's cards: never none
    return x


@hook
def play(S, I, F, p, c, group, mask):
    """Hook ``play``: discard any number of cards for +$1 each."""
    chamber_play(S, I, F, p)
    return I64(0)


@hook
def react(S, I, F, q, r, c, attacker):
    """Hook ``react``: seat ``q`` holds Secret Chamber when Attack ``c`` is played."""
    return chamber_reveal(S, I, F, q, c, attacker)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the playbook (stage 1, after the bot's lists)."""
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return chamber_yesno(S, I, F, p)
    if kind == K_DISCARD:
        return chamber_discard(S, I, F, p, n)
    if kind == K_TOPDECK:
        return chamber_topdeck(S, I, F, p, subject, n)
    return NONE
