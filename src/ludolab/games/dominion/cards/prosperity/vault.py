"""Vault (Prosperity): +2 Cards. Discard any number of cards for +$1 each. Each other player may
discard 2 cards, to draw a card.

The +2 Cards
is its row's column. Rulings (official FAQ): "any number" includes zero, and the cards just
drawn may be discarded; each other player chooses whether to discard 2, discards, then draws
one; a player with one card may discard it and draws nothing; one whose deck is empty after
discarding shuffles the discards in to draw.
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_COINS_PLUS,
    H_ACTIONS,
    H_COINS,
    H_NIDS,
    H_NP,
    I64,
    I_ERROR,
    I_O_OPT,
    K_DISCARD,
    K_YESNO,
    LIST_DISCARD,
    NONE,
    TRUE,
    Z_HAND,
    ask,
    card_opt,
    discard_card,
    discard_cards,
    discard_rank,
    draw,
    emit,
    ids_o,
    is_action,
    is_junk,
    list_len,
    opts_list,
    opts_zone,
    zo,
    zone_size,
)

VAULT = np.int64(card_id("Vault"))

PROMPTS = {"yesno": "discard 2 cards to draw 1 (Vault of seat {arg})?"}
OPTIONS = (
    ("vault", 0.0, (0.0, 2.0),
     "When another player's Vault offers to discard 2 cards to draw 1: 1 always (with 2 cards "
     "or more), 2 never; 0: the playbook (when 2 of the hand are Curses, Victory cards or dead "
     "Actions, and no Vault is in hand)"),
)


@inline
def vault_play(S, I, F, p):
    """Discard one card at a time (decision: discard with ``-1`` to stop; subject: cards
    discarded so far, arg -1), +$1 each; then each other seat in turn order: yes/no (arg: the
    Vault's seat), and on yes it discards two (decisions: discard, subject: cards still to go,
    arg: the Vault's seat; with one card it discards that one) and draws one if it discarded
    two."""
    h = zo(S, p, Z_HAND)
    k = I64(0)
    while I[I_ERROR] == 0:
        n = opts_zone(S, I, p, Z_HAND, I64(0), TRUE)
        if n <= 1:
            break
        a = ask(S, I, F, p, K_DISCARD, VAULT, k, I64(-1), n)
        if a < 0 or S[h + a] <= 0:
            break
        discard_card(S, I, F, p, Z_HAND, a, I64(0))
        k += 1
    if k > 0:
        S[H_COINS] += k
        emit(I, EV_COINS_PLUS, p, VAULT, k)
    np_ = S[H_NP]
    for i in range(1, np_):
        if I[I_ERROR] != 0:
            break
        q = (p + i) % np_
        if zone_size(S, q, Z_HAND) == 0:
            continue
        n = opts_list(I, I64(1), I64(0), NONE)
        if ask(S, I, F, q, K_YESNO, VAULT, I64(-1), p, n) != 1:
            continue
        if discard_cards(S, I, F, q, I64(2), VAULT, p) == 2:
            draw(S, I, q, I64(1))


@inline
def vault_discard(S, I, p, n, has_list):
    """The player's next discard for +$1 (after the bot's discard list; -1 stops): a card that
    is worth less than the $1 (a Curse, a Victory card, an Action it has no action left to
    play); never a Treasure (a Copper makes its $1 anyway). A bot with a discard list discards
    only what it names."""
    if has_list:
        return I64(-1)
    o = I[I_O_OPT]
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        if is_junk(I, x) or (is_action(I, x) and S[H_ACTIONS] == 0):
            return x
    return I64(-1)


@inline
def vault_accept(S, I, F, q):
    """Another seat's yes (1) or no (0) to discarding 2 for 1: bot option ``vault`` first;
    otherwise yes when two cards of its hand rank as junk in the general discard order
    (Curses, Victory cards, dead terminals) and it holds no Vault of its own (Geronimoo's
    Vault: a Vault in hand wants the cards to discard for coins)."""
    v = np.int64(card_opt(I, F, q, VAULT, I64(0)))
    if v == 2:
        return I64(0)
    h = zo(S, q, Z_HAND)
    if v == 1:
        return I64(1) if zone_size(S, q, Z_HAND) >= 2 else I64(0)
    if S[h + VAULT] > 0:
        return I64(0)
    io = ids_o(S)
    junk = I64(0)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] > 0 and discard_rank(S, I, x, False) <= 100:
            junk += S[h + x]
    return I64(1) if junk >= 2 else I64(0)


@hook
def play(S, I, F, p, c, group, mask):
    vault_play(S, I, F, p)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    if stage == 0:
        return NONE
    if kind == K_YESNO:
        return vault_accept(S, I, F, p)
    if kind == K_DISCARD and arg < 0:
        return vault_discard(S, I, p, n, list_len(I, p, LIST_DISCARD) > 0)
    return NONE
