"""The compiled fixed-limit hold'em kernel: one hand per call of :func:`play_hand`, batches
through :func:`play_batch`, optional event trace. Array state only; no Python objects.

Order of play (``docs/poker.md``, "Rules and engine"): multi-way the seat after the button posts
the small blind, the next the big blind, and the seat after the big blind acts first pre-flop;
heads-up with ``reverse`` the button posts the small blind and acts first pre-flop. After the
flop the first active seat after the button acts first. Every raise re-opens the action for
every other active seat. The pot goes to the best hands at showdown; a split leaves odd chips
one each to the winners nearest the button's left.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache
from ludolab.core import rngjit as _rngjit
from ludolab.core.rngjit import key_prefix, mix64
from ludolab.games.poker.engine.layout import (
    CALL,
    DEAL_CARDS,
    FOLD,
    H_ACTION,
    H_AMOUNT,
    H_SEAT,
    H_STREET,
    HOLE_SLOT,
    PURPOSE_DEAL,
    PURPOSE_DECIDE,
    RAISE,
    SHOWDOWN,
    TABLE_SEAT,
    V_ACTIVE_MASK,
    V_BB_SEAT,
    V_BET_SIZE,
    V_BIG_BET,
    V_BOARD0,
    V_BUTTON,
    V_CAP,
    V_DECISION,
    V_HOLE0,
    V_HOLE1,
    V_INVESTED,
    V_KEY,
    V_LAST_BETTOR,
    V_NACTIVE,
    V_NBOARD,
    V_NCALLERS,
    V_NHIST,
    V_NSEATS,
    V_NTOACT,
    V_POSITION,
    V_POT,
    V_RAISES,
    V_ROUND_INVESTED,
    V_SB_SEAT,
    V_SEAT,
    V_SMALL_BET,
    V_STREET,
    V_TO_CALL,
    VIEW_SIZE,
)

_HERE = Path(__file__).resolve()
_POKER = _HERE.parent.parent

# numba's cache sees only this file: drop it when anything compiled into it changes.
jitcache.guard(
    _HERE,
    [_HERE.parent / "layout.py", _HERE.parent / "baseline.py", _POKER / "evaluator.py",
     _rngjit.__file__, *sorted((_POKER / "bots").glob("**/*.py"))],
)

# Every decision goes through the bot kernel (importing it imports the bots package:
# ``bots/__init__.py`` must not import this module or ``engine.api`` at its top level).
from ludolab.games.poker.bots.kernel import decide  # noqa: E402 (after the cache guard)
from ludolab.games.poker.evaluator import eval7  # noqa: E402 (after the cache guard)

# trace event kinds: rows of (kind, street, seat, a, b, c)
EV_BLIND = 0  # a = chips posted, b = pot after
EV_ACTION = 1  # a = action as played, b = chips put in, c = pot after
EV_BOARD = 2  # a = cards on the board now
EV_SHOW = 3  # a = hand value
EV_WIN = 4  # a = chips taken from the pot
TRACE_COLS = 6


@njit(cache=True)
def deal_cards(seed, ncards, deck, out):
    """Cards of deal indices ``0 .. ncards-1`` into ``out``: a partial Fisher-Yates where step
    ``i`` swaps position ``i`` with ``i + below(52 - i)`` drawn from ``keyed_u64(seed, TABLE,
    DEAL, i)``, so deal index ``i`` never depends on how many cards are dealt after it."""
    for i in range(52):
        deck[i] = i
    pre = key_prefix(seed, TABLE_SEAT, PURPOSE_DEAL)
    for i in range(ncards):
        w = mix64(pre ^ np.uint64(i))
        j = i + np.int64(((w >> np.uint64(32)) * np.uint64(52 - i)) >> np.uint64(32))
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
        out[i] = deck[i]


@njit(cache=True)
def _trace(trace, nt, kind, street, seat, a, b, c):
    if nt < trace.shape[0]:
        trace[nt, 0] = kind
        trace[nt, 1] = street
        trace[nt, 2] = seat
        trace[nt, 3] = a
        trace[nt, 4] = b
        trace[nt, 5] = c
    return nt + 1


@njit(cache=True)
def play_hand(bots, seed, button, seat_bot, n, sb_chips, bb_chips, small_bet, big_bet, cap,
              reverse, view, hist, deal, deck, invested, chips, folded, decisions, raises,
              values, trace, tracing, views):
    """Play one hand; fills ``invested``, ``chips`` (net), ``folded``, ``decisions``,
    ``raises``, ``values`` (hand values at showdown, -1 otherwise) for seats ``0..n-1``.

    Returns ``(last street or SHOWDOWN, actions, trace rows)``. When ``tracing``, the view of
    decision ``k`` of the hand is copied to ``views[k]`` (if it fits).
    """
    deal_cards(seed, HOLE_SLOT + 2 * n, deck, deal)
    active = np.ones(n, np.bool_)
    need = np.zeros(n, np.bool_)
    rinv = np.zeros(n, np.int64)
    dprefix = np.zeros(n, np.uint64)
    for s in range(n):
        invested[s] = 0
        chips[s] = 0
        folded[s] = -1
        decisions[s] = 0
        raises[s] = 0
        values[s] = -1
        dprefix[s] = key_prefix(seed, s, PURPOSE_DECIDE)
    if n == 2 and reverse:
        sb = button
        bb = 1 - button
        first = button
    else:
        sb = (button + 1) % n
        bb = (button + 2) % n
        first = (button + 3) % n
    pot = sb_chips + bb_chips
    invested[sb] = sb_chips
    invested[bb] = bb_chips
    nt = 0
    if tracing:
        nt = _trace(trace, nt, EV_BLIND, 0, sb, sb_chips, sb_chips, 0)
        nt = _trace(trace, nt, EV_BLIND, 0, bb, bb_chips, pot, 0)
    nactive = n
    nh = 0
    street = 0
    for street in range(4):
        bet = small_bet if street < 2 else big_bet
        for s in range(n):
            rinv[s] = 0
            need[s] = active[s]
        if street == 0:
            rinv[sb] = sb_chips
            rinv[bb] = bb_chips
            level = bb_chips
            nbets = 1
            last = bb
            p = first
        else:
            level = 0
            nbets = 0
            last = -1
            p = (button + 1) % n
            if n == 2 and reverse:
                p = 1 - button
            if tracing:
                nb = 3 if street == 1 else street + 2
                nt = _trace(trace, nt, EV_BOARD, street, -1, nb, pot, 0)
        ncallers = 0
        while True:
            # the next seat that must act, from p clockwise
            found = -1
            for k in range(n):
                q = (p + k) % n
                if need[q]:
                    found = q
                    break
            if found < 0:
                break
            p = found
            ntoact = 0
            for s in range(n):
                if s != p and need[s]:
                    ntoact += 1
            to_call = level - rinv[p]
            view[V_SEAT] = p
            view[V_NSEATS] = n
            view[V_BUTTON] = button
            view[V_STREET] = street
            view[V_HOLE0] = deal[HOLE_SLOT + 2 * p]
            view[V_HOLE1] = deal[HOLE_SLOT + 2 * p + 1]
            nb = 0 if street == 0 else (3 if street == 1 else street + 2)
            for i in range(5):
                view[V_BOARD0 + i] = deal[i] if i < nb else -1
            view[V_NBOARD] = nb
            view[V_POT] = pot
            view[V_TO_CALL] = to_call
            view[V_BET_SIZE] = bet
            view[V_RAISES] = nbets
            view[V_CAP] = cap
            view[V_NACTIVE] = nactive
            view[V_NTOACT] = ntoact
            pos = (p - button) % n
            view[V_POSITION] = n if pos == 0 else pos
            view[V_INVESTED] = invested[p]
            view[V_KEY] = np.int64(mix64(dprefix[p] ^ np.uint64(decisions[p])))
            view[V_NHIST] = nh
            view[V_DECISION] = decisions[p]
            view[V_SMALL_BET] = small_bet
            view[V_BIG_BET] = big_bet
            mask = 0
            for s in range(n):
                if active[s]:
                    mask |= 1 << s
            view[V_ACTIVE_MASK] = mask
            view[V_ROUND_INVESTED] = rinv[p]
            view[V_NCALLERS] = ncallers
            view[V_LAST_BETTOR] = last
            view[V_SB_SEAT] = sb
            view[V_BB_SEAT] = bb
            if tracing and nh < views.shape[0]:
                views[nh, :] = view
            a = decide(bots[seat_bot[p]], view, hist)
            decisions[p] += 1
            # a free fold is a check, a raise at the cap a call, anything unknown a call
            if (a == FOLD and to_call == 0) or (a == RAISE and nbets >= cap) or (
                a != FOLD and a != RAISE
            ):
                a = CALL
            put = 0
            need[p] = False
            if a == FOLD:
                active[p] = False
                folded[p] = street
                nactive -= 1
            elif a == CALL:
                put = to_call
                ncallers += 1
            else:
                level += bet
                nbets += 1
                put = level - rinv[p]
                last = p
                ncallers = 0
                raises[p] += 1
                for s in range(n):
                    if s != p and active[s]:
                        need[s] = True
            rinv[p] += put
            invested[p] += put
            pot += put
            if nh < hist.shape[0]:
                hist[nh, H_STREET] = street
                hist[nh, H_SEAT] = p
                hist[nh, H_ACTION] = a
                hist[nh, H_AMOUNT] = put
            nh += 1
            if tracing:
                nt = _trace(trace, nt, EV_ACTION, street, p, a, put, pot)
            if nactive == 1:
                break
            p = (p + 1) % n
        if nactive == 1:
            break
    if nactive == 1:
        for s in range(n):
            if active[s]:
                chips[s] = pot
                if tracing:
                    nt = _trace(trace, nt, EV_WIN, street, s, pot, 0, 0)
        for s in range(n):
            chips[s] -= invested[s]
        return street, nh, nt
    best = -1
    for s in range(n):
        if active[s]:
            v = eval7(deal[0], deal[1], deal[2], deal[3], deal[4],
                      deal[HOLE_SLOT + 2 * s], deal[HOLE_SLOT + 2 * s + 1])
            values[s] = v
            if v > best:
                best = v
            if tracing:
                nt = _trace(trace, nt, EV_SHOW, SHOWDOWN, s, v, 0, 0)
    k = 0
    for s in range(n):
        if values[s] == best:
            k += 1
    share = pot // k
    odd = pot - share * k
    for i in range(1, n + 1):  # from the button's left, clockwise: odd chips go first
        s = (button + i) % n
        if values[s] == best:
            chips[s] = share
            if odd > 0:
                chips[s] += 1
                odd -= 1
            if tracing:
                nt = _trace(trace, nt, EV_WIN, SHOWDOWN, s, chips[s], 0, 0)
    for s in range(n):
        chips[s] -= invested[s]
    return SHOWDOWN, nh, nt


@njit(cache=True)
def play_batch(bots, seeds, buttons, seating, sb_chips, bb_chips, small_bet, big_bet, cap,
               reverse, chips, invested, folded, decisions, raises, values, street, nactions,
               deals):
    """Play hand ``h`` with ``seeds[h]``, ``buttons[h]``, ``seating[h]`` for every ``h``; the
    per-hand outputs are rows of the ``[H, ...]`` arrays passed in."""
    nhands = seeds.shape[0]
    n = seating.shape[1]
    view = np.zeros(VIEW_SIZE, np.int64)
    hist = np.zeros((4 * n * (cap + 1) + 4, 4), np.int64)
    deal = np.zeros(DEAL_CARDS, np.int64)
    deck = np.zeros(52, np.int64)
    trace = np.zeros((1, 6), np.int64)
    views = np.zeros((1, VIEW_SIZE), np.int64)
    inv = np.zeros(n, np.int64)
    ch = np.zeros(n, np.int64)
    fo = np.zeros(n, np.int64)
    de = np.zeros(n, np.int64)
    ra = np.zeros(n, np.int64)
    va = np.zeros(n, np.int64)
    for h in range(nhands):
        st, na, _ = play_hand(bots, seeds[h], buttons[h], seating[h], n, sb_chips, bb_chips,
                              small_bet, big_bet, cap, reverse, view, hist, deal, deck, inv,
                              ch, fo, de, ra, va, trace, False, views)
        street[h] = st
        nactions[h] = na
        for s in range(n):
            chips[h, s] = ch[s]
            invested[h, s] = inv[s]
            folded[h, s] = fo[s]
            decisions[h, s] = de[s]
            raises[h, s] = ra[s]
            values[h, s] = va[s]
        for i in range(HOLE_SLOT + 2 * n):
            deals[h, i] = deal[i]


@njit(cache=True)
def trace_hand(bots, seed, button, seat_bot, n, sb_chips, bb_chips, small_bet, big_bet, cap,
               reverse, trace, hist, deal, chips, invested, values, views):
    """One hand with its event trace and the view of every decision (``views[k]``, in the
    order of the history rows); returns ``(street, actions, trace rows)``."""
    view = np.zeros(VIEW_SIZE, np.int64)
    deck = np.zeros(52, np.int64)
    fo = np.zeros(n, np.int64)
    de = np.zeros(n, np.int64)
    ra = np.zeros(n, np.int64)
    return play_hand(bots, seed, button, seat_bot, n, sb_chips, bb_chips, small_bet, big_bet,
                     cap, reverse, view, hist, deal, deck, invested, chips, fo, de, ra, values,
                     trace, True, views)


@njit(cache=True)
def deal_batch(seeds, ncards, out):
    """``out[h, :ncards]`` = the cards of deal slots ``0 .. ncards-1`` of ``seeds[h]``."""
    deck = np.zeros(52, np.int64)
    deal = np.zeros(DEAL_CARDS, np.int64)
    for h in range(seeds.shape[0]):
        deal_cards(seeds[h], ncards, deck, deal)
        for i in range(ncards):
            out[h, i] = deal[i]
