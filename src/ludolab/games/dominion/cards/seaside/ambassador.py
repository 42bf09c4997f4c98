"""Ambassador (Seaside, first printing only): Reveal a card from your hand. Return up to 2 copies
of it from your hand to the Supply. Then each other player gains a copy of it.

Rulings (official FAQ, DominionStrategy wiki "Ambassador"): the player may return 0, 1 or 2
copies; the other players then gain a copy each in turn order from the player to the left, so
when the pile runs out the later ones get none; with no other card in hand it does nothing.
Returned cards go on their pile, so a pile emptied this turn that is no longer empty at the end
of the turn does not count toward the game's end (``H_EMPTY`` falls again). A seat a Reaction
protects (Moat, Lighthouse) gains nothing; the return happens anyway (it is not an attack on
anyone). Every card here is a Supply card, so the "not from the Supply" ruling never arises.

Decisions: reveal (``K_REVEAL``, options the distinct cards in hand), then how many to return
(``K_MODE``, options 0..min(2, copies in hand), subject the revealed card; ``MODES`` names them).
"""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine.hooks import hook, inline
from ludolab.games.dominion.engine.kernel import (
    COL_COINS,
    COPPER,
    CURSE,
    ESTATE,
    EV_CHOICE,
    EV_REVEAL,
    FALSE,
    H_EMPTY,
    H_NIDS,
    H_NP,
    HDR,
    I64,
    I_ERROR,
    I_O_OPT,
    K_MODE,
    K_REVEAL,
    NONE,
    Z_HAND,
    Z_OWN,
    ask,
    card_opt,
    coins_help,
    cost,
    emit,
    gain,
    gains_to_end,
    ids_o,
    in_opts,
    is_victory,
    money_of,
    opts_zone,
    out_o,
    tcol,
    zo,
)

AMBASSADOR = np.int64(card_id("Ambassador"))

#: Words: the return decision's options (0, 1 or 2 copies) and its prompt.
MODES = ("return none", "return one", "return two")
PROMPTS = {"reveal": "reveal a card to return and give away (Ambassador)",
           "mode": "how many copies to return to the Supply (Ambassador)"}

#: Its bot option: when Coppers may be returned.
OPTIONS = (
    ("ambassador_copper_money", 5.0, (0, 100),
     "return a Copper only while the Treasure money left owned stays at least this ($)"),
)


# the choice event's arg: the returned card + _CODE * how many
_CODE = 1000


def choice_words(arg: int) -> str:
    """The log's words for the return event (``arg`` = card + 1000 x copies)."""
    k, c = divmod(int(arg), _CODE)
    return f"returns {k} {CARDS[c].name} to the Supply"


@inline
def return_to_supply(S, p, c):
    """One ``c`` goes from ``p``'s hand back onto its Supply pile (an empty pile is no longer
    empty: ``H_EMPTY`` falls)."""
    S[zo(S, p, Z_HAND) + c] -= 1
    S[zo(S, p, Z_OWN) + c] -= 1
    if S[HDR + c] == 0:
        S[H_EMPTY] -= 1
    S[HDR + c] += 1


@inline
def ambassador_play(S, I, F, p, mask):
    """Reveal, return 0-2 copies, then each seat in ``mask`` gains one, from the left."""
    n = opts_zone(S, I, p, Z_HAND, I64(0), FALSE)
    if n == 0:
        return
    x = ask(S, I, F, p, K_REVEAL, AMBASSADOR, I64(-1), I64(-1), n)
    if I[I_ERROR] != 0 or x < 0:
        return
    emit_reveal(I, p, x)
    if S[out_o(S) + x] != 0:  # a card not from the Supply (a Prize): Ambassador does nothing
        return
    have = S[zo(S, p, Z_HAND) + x]
    top = have if have < 2 else I64(2)
    o = I[I_O_OPT]
    for i in range(top + 1):
        I[o + i] = i
    k = ask(S, I, F, p, K_MODE, AMBASSADOR, x, I64(-1), top + 1)
    if k < 0:
        k = I64(0)
    for _ in range(k):
        return_to_supply(S, p, x)
    emit(I, EV_CHOICE, p, AMBASSADOR, x + _CODE * k)
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if (mask >> q) & 1 and I[I_ERROR] == 0:
            gain(S, I, F, q, x, I64(0))


@inline
def emit_reveal(I, p, x):
    emit(I, EV_REVEAL, p, x, I64(0))


@inline
def returnable(S, I, F, p, x, late):
    """Is ``x`` a card the playbook returns: a Curse; an Estate while the game is not near its
    end (``late``: returning it would cost VP and give the others some); a Copper while the
    money left owned stays at least the ``ambassador_copper_money`` option and this turn's buy
    does not change without its $1 (Geronimoo's "removing reduces buying power")."""
    if x == CURSE:
        return True
    if x == ESTATE:
        return not late
    if x == COPPER:
        floor = card_opt(I, F, p, AMBASSADOR, I64(0))
        return (money_of(S, I, p) - tcol(I, COPPER, COL_COINS) >= floor
                and not coins_help(S, I, F, p, -tcol(I, COPPER, COL_COINS)))
    return False


@inline
def ambassador_count(S, I, F, p, x, n):
    """How many to return: as many as offered when :func:`returnable`, else none; a second
    Copper only if the money floor and this turn's buy still hold without both."""
    late = gains_to_end(S) <= 4
    if not returnable(S, I, F, p, x, late):
        return I64(0)
    top = n - 1
    if x == COPPER and top == 2:
        floor = card_opt(I, F, p, AMBASSADOR, I64(0))
        v = 2 * tcol(I, COPPER, COL_COINS)
        if money_of(S, I, p) - v < floor or coins_help(S, I, F, p, -v):
            return I64(1)
    return top


@inline
def ambassador_reveal(S, I, F, p, n):
    """The card to reveal: the best of Curse x2, Estate x2, Curse, Copper x2, Estate, Copper
    (copies in hand, each only if :func:`returnable`): two junk cards gone beat one (the
    wiki's strategy article: two Coppers before one Estate early), but a Curse given away is
    worth more than a Copper. Nothing returnable: the card that helps the others least when
    they gain it: Curse, Copper, a Victory card (not late), then the cheapest."""
    h = zo(S, p, Z_HAND)
    late = gains_to_end(S) <= 4
    best = I64(NONE)
    bs = I64(-1)
    o = I[I_O_OPT]
    for i in range(n):
        x = I[o + i]
        if x < 0 or not returnable(S, I, F, p, x, late):
            continue
        two = S[h + x] >= 2
        if x == COPPER and two:  # a second Copper only if the buy can spare both
            two = ambassador_count(S, I, F, p, x, I64(3)) == 2
        if x == CURSE:
            sc = 6 if two else 4
        elif x == ESTATE:
            sc = 5 if two else 2
        else:
            sc = 3 if two else 1
        if sc > bs:
            bs = sc
            best = x
    if best != NONE:
        return best
    if in_opts(I, n, CURSE):
        return CURSE
    if in_opts(I, n, COPPER):
        return COPPER
    bc = I64(1 << 30)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        kx = cost(S, I, x)
        if is_victory(I, x) and late:
            kx += 100  # a Victory card given away late gives the others VP
        if kx < bc:
            bc = kx
            best = x
    return best


@inline
def ambassador_useful(S, I, F, p, basic):
    """Worth playing while the hand (this one aside unless another card plays it) holds a card
    the playbook returns (:func:`returnable`)."""
    h = zo(S, p, Z_HAND)
    late = gains_to_end(S) <= 4
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = S[h + x]
        if x == AMBASSADOR and basic == 0:
            k -= 1
        if k > 0 and returnable(S, I, F, p, x, late):
            return True
    return False


@hook
def play(S, I, F, p, c, group, mask):
    ambassador_play(S, I, F, p, mask)
    return I64(0)


@hook
def answer(S, I, F, p, kind, source, subject, arg, n, stage):
    """Hook ``answer``: the card to reveal and how many to return (stage 1)."""
    if stage == 0:
        return NONE
    if kind == K_REVEAL:
        return ambassador_reveal(S, I, F, p, n)
    if kind == K_MODE:
        return ambassador_count(S, I, F, p, subject, n)
    return NONE


@hook
def useful(S, I, F, p, c, basic):
    """Hook ``useful``: :func:`ambassador_useful`."""
    return I64(1) if ambassador_useful(S, I, F, p, basic) else I64(0)
