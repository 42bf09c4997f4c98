"""Pirate Ship (Seaside, first printing only): Choose one: +$1 per Coin token on your Pirate Ship
mat; or each other player reveals the top 2 cards of their deck, trashes one of those Treasures
that you choose, and discards the rest, and then if anyone trashed a Treasure you add a Coin
token to your Pirate Ship mat.

The
mat's Coin tokens are the seat scalar ``PS_COINTOK``.

Rulings (official FAQ, DominionStrategy wiki "Pirate Ship"): Reactions (Moat) are revealed when
it is played, before the mode is chosen, whatever the mode will be; the player of Pirate Ship
picks which revealed Treasure each victim trashes (one, not optional, when there is one); the
other revealed cards are discarded; one Coin token at most per play, however many players
trashed a Treasure; the tokens are never spent, so +$1 per token each time the money mode is
chosen. A victim whose deck runs out shuffles its discard pile to reveal. Throne Room: two
plays, each choosing its mode (the second sees a token the first added).

Decisions: the mode (``K_MODE``: 0 the coins, 1 the attack; ``MODES``), then per victim in turn
order the Treasure to trash (``K_TRASH``, asked of the player, subject the victim, options the
revealed Treasures).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    EV_CHOICE,
    EV_COINS_PLUS,
    EV_TOKEN,
    H_COINS,
    I64,
    I_O_OPT,
    K_MODE,
    K_TRASH,
    NONE,
    PS_COINTOK,
    TRUE,
    Z_ASIDE,
    ask,
    card_opt,
    coins_help,
    cost,
    discard_card,
    each_attacked,
    emit,
    gains_to_end,
    opts_list,
    reveal_two,
    so,
    trash_card,
    treasure_options,
    zo,
)

PIRATE_SHIP = np.int64(card_id("Pirate Ship"))

#: Words: the modes (``K_MODE`` options 0 and 1) and the prompts.
MODES = ("+$1 per Coin token", "attack")
PROMPTS = {"mode": "Pirate Ship: coins or attack",
           "trash": "the Treasure seat {arg} trashes (Pirate Ship)"}

#: Its bot options: the mode.
OPTIONS = (
    ("pirate_ship_mode", 0.0, (0, 2),
     "the mode: 0 the playbook (the coins when they change this turn's buy or late in the "
     "game, else the attack), 1 always the coins, 2 always the attack"),
)


@inline
def coin_tokens(S, p):
    """The Coin tokens on seat ``p``'s Pirate Ship mat."""
    return S[so(S, p) + PS_COINTOK]


@inline
def pirate_ship_play(S, I, F, p, c, mask):
    """The mode (decision: mode, options 0 coins / 1 attack), then it: the coins, or the attack
    on each seat in ``mask`` (:func:`attack`) and one Coin token if any of them trashed a
    Treasure."""
    n = opts_list(I, I64(0), I64(1), NONE)
    m = ask(S, I, F, p, K_MODE, PIRATE_SHIP, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, PIRATE_SHIP, m)
    if m == 0:
        k = coin_tokens(S, p)
        if k > 0:
            S[H_COINS] += k
            emit(I, EV_COINS_PLUS, p, PIRATE_SHIP, k)
    elif each_attacked(S, I, F, p, c, mask) > 0:
        S[so(S, p) + PS_COINTOK] += 1
        emit(I, EV_TOKEN, p, I64(-1), S[so(S, p) + PS_COINTOK])


@inline
def pirate_ship_mode(S, I, F, p):
    """The playbook's mode: the coins when the tokens change what this turn buys (Geronimoo's
    "increases buying power") or the game is near its end (3 gains or fewer), else the attack
    (each hit adds a token for every later Pirate Ship). Option ``pirate_ship_mode`` forces
    one."""
    forced = card_opt(I, F, p, PIRATE_SHIP, I64(0))
    if forced == 1.0:
        return I64(0)
    if forced == 2.0:
        return I64(1)
    k = coin_tokens(S, p)
    if k > 0 and (gains_to_end(S) <= 3 or coins_help(S, I, F, p, k)):
        return I64(0)
    return I64(1)


@inline
def pirate_ship_trash(S, I, n):
    """The victim's Treasure to trash: the most expensive (its loss hurts most)."""
    o = I[I_O_OPT]
    best = I[o]
    for i in range(1, n):
        x = I[o + i]
        if x >= 0 and cost(S, I, x) > cost(S, I, best):
            best = x
    return best


@hook
def play(S, I, F, p, c, group, mask):
    pirate_ship_play(S, I, F, p, c, mask)
    return I64(0)


@hook
def attack(S, I, F, p, c, q):
    """Hook ``attack``: seat ``q`` reveals two cards; ``p`` picks the Treasure it trashes
    (decision: trash, argument the victim); the rest are discarded. 1 when a Treasure was
    trashed."""
    x1, x2 = reveal_two(S, I, q)
    t1, t2 = treasure_options(I, x1, x2, TRUE)
    aside = zo(S, q, Z_ASIDE)
    took = I64(0)
    if t1 != NONE or t2 != NONE:
        n = opts_list(I, t1, t2, NONE)
        t = ask(S, I, F, p, K_TRASH, PIRATE_SHIP, I64(-1), q, n)
        trash_card(S, I, F, q, Z_ASIDE, t, I64(2))
        took = I64(1)
    for x in (x1, x2):
        if x >= 0 and S[aside + x] > 0:
            discard_card(S, I, F, q, Z_ASIDE, x, I64(1))
    return took


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the mode (stage 0: the bot's lists have no say) and the Treasure to
    trash (stage 0: the trash list is for the bot's own cards, not a victim's)."""
    if kind == K_MODE:
        return pirate_ship_mode(S, I, F, p)
    if kind == K_TRASH:
        return pirate_ship_trash(S, I, n)
    return NONE
