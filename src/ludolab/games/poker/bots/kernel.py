"""The compiled poker bot decision: ``decide(bot, view, hist) -> FOLD | CALL | RAISE``.

The engine (``engine/kernel.py``) calls :func:`decide` for every decision with the row of the
deciding bot and the view of ``engine/layout.py`` (the contract: ``docs/design/poker.md``).
Kinds 0..2 are the engine's baselines; this module adds the Loki bots of Billings, Papp,
Schaeffer and Szafron (document 002 is from Papp's thesis on Loki):

* **Hand strength** HS: the share of the opponent's possible hole cards (all pairs of unseen
  cards, equally likely) that the seat's hand beats now, ties counting half; against ``n``
  live opponents ``HS^n``.
* **Potential** (:func:`strength_potential`): over the cards to come, PPOT is the chance of
  ending ahead when behind now, NPOT of ending behind when ahead now (ties count half). Exact
  enumeration, or a keyed Monte Carlo over (opponent hand, cards to come) pairs: the samples
  are drawn from ``view[V_KEY]``, so two seats with the same cards and key see the same figure.
* **Effective hand strength** EHS = HS^n + (1 - HS^n) * PPOT.
* **Loki-1** (:func:`loki1_decide`): pre-flop by the income rate of the hand's class (a
  10-seat all-call roll-out, :data:`INCOME_RATE`) against make1/make2/make4 thresholds raised
  by a step per seat still to act; post-flop by EHS thresholds, with semi-bluffs on PPOT, pot
  odds on PPOT (flop, turn) and showdown odds on HS^n (river).
* **Loki-2** (:func:`loki2_decide`): a probability triple (fold, call, raise) chosen by street,
  strength bucket (EHS, or pre-flop the hand's percentile) and whether a bet is owed, sampled
  with the decision key.

This module imports only the engine's layout and baseline and the evaluator (never
``engine.kernel`` or ``engine.api``: the engine imports this file).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache
from ludolab.core import rngjit as _rngjit
from ludolab.games.poker.bots.row import (
    KIND_LOKI1,
    KIND_LOKI2,
    MAX_BUCKETS,
    P_EDGES,
    P_MAKE1,
    P_MAKE2,
    P_MAKE4,
    P_NBUCKETS,
    P_PF_MAKE1,
    P_PF_MAKE2,
    P_PF_MAKE4,
    P_PF_POSITION,
    P_POT_ODDS,
    P_POTENTIAL,
    P_SAMPLES,
    P_SEMI_BLUFF,
    P_SHOWDOWN_ODDS,
    P_TRIPLES,
)
from ludolab.games.poker.engine.layout import (
    BOT_KIND,
    CALL,
    FOLD,
    KIND_RANDOM,
    RAISE,
    RIVER,
    V_BET_SIZE,
    V_BOARD0,
    V_HOLE0,
    V_HOLE1,
    V_KEY,
    V_NACTIVE,
    V_NBOARD,
    V_NTOACT,
    V_POT,
    V_RAISES,
    V_STREET,
    V_TO_CALL,
)

_HERE = Path(__file__).resolve()
_POKER = _HERE.parent.parent
jitcache.guard(
    _HERE,
    [_HERE.parent / "row.py", _POKER / "engine" / "layout.py", _POKER / "engine" / "baseline.py",
     _POKER / "evaluator.py", _rngjit.__file__],
)

from ludolab.games.poker.engine.baseline import baseline_decide, key_uniform  # noqa: E402
from ludolab.games.poker.evaluator import eval7, eval_n  # noqa: E402

__all__ = [
    "INCOME_RATE",
    "PERCENTILE",
    "ROLLOUT_SAMPLES",
    "ROLLOUT_SEATS",
    "decide",
    "effective_strength",
    "hand_class",
    "loki1_decide",
    "loki2_decide",
    "strength_potential",
]

POTENTIAL_SALT = 0x5EED0F0705E17A11
"""XORed into the decision key to start the potential's sample stream (the raw key gives
Loki-2's action uniform)."""
ROLLOUT_SEATS = 10
"""Seats of the pre-flop income-rate roll-out (Loki's: ten players, all calling to the end)."""
ROLLOUT_SAMPLES = 12_000
"""Deals per hand class in the roll-out (standard error of an income rate <= ~45 milli-bets)."""

AHEAD = 0
TIED = 1
BEHIND = 2


@njit(cache=True)
def _below(word, n):
    """An integer in ``0 .. n-1`` from the top 32 bits of ``word`` (multiply-shift)."""
    return np.int64(((word >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True)
def hand_class(c0, c1):
    """The hand's class 0..168 as a 13x13 cell: pairs ``r*13 + r``, suited ``hi*13 + lo``,
    offsuit ``lo*13 + hi`` (ranks 0 = deuce .. 12 = ace)."""
    r0 = c0 >> 2
    r1 = c1 >> 2
    hi = max(r0, r1)
    lo = min(r0, r1)
    if hi == lo:
        return hi * 13 + hi
    if (c0 & 3) == (c1 & 3):
        return hi * 13 + lo
    return lo * 13 + hi


@njit(cache=True)
def _class_cards(cls):
    """Two cards of hand class ``cls``."""
    i = cls // 13
    j = cls % 13
    if i == j:
        return i * 4, i * 4 + 1
    if i > j:
        return i * 4, j * 4
    return j * 4, i * 4 + 1


@njit(cache=True)
def _rollout_income_rates(seats, samples):
    """Income rate (milli-bets) of each hand class: ``1000 * (seats * equity - 1)``, its net
    when every seat puts in one bet and all go to the showdown against random hands."""
    out = np.zeros(169, np.float64)
    deck = np.zeros(52, np.int64)
    need = 5 + 2 * (seats - 1)
    for cls in range(169):
        c0, c1 = _class_cards(cls)
        n = 0
        for c in range(52):
            if c != c0 and c != c1:
                deck[n] = c
                n += 1
        state = np.uint64(cls + 1) * np.uint64(0x2545F4914F6CDD1D)
        share = 0.0
        for _ in range(samples):
            for k in range(need):  # a partial Fisher-Yates over the 50 unseen cards
                state, w = _rngjit.step(state)
                j = k + _below(w, n - k)
                t = deck[k]
                deck[k] = deck[j]
                deck[j] = t
            ours = eval7(deck[0], deck[1], deck[2], deck[3], deck[4], c0, c1)
            best = -1
            ties = 0
            for s in range(seats - 1):
                v = eval7(deck[0], deck[1], deck[2], deck[3], deck[4], deck[5 + 2 * s],
                          deck[6 + 2 * s])
                if v > best:
                    best = v
                    ties = 1
                elif v == best:
                    ties += 1
            if ours > best:
                share += 1.0
            elif ours == best:
                share += 1.0 / (ties + 1)
        out[cls] = 1000.0 * (seats * share / samples - 1.0)
    return out


def _percentiles(rates: np.ndarray) -> np.ndarray:
    """Share of the 1,326 starting hands with a lower income rate (equal ones count half)."""
    weight = np.array([6.0 if c // 13 == c % 13 else (4.0 if c // 13 > c % 13 else 12.0)
                       for c in range(169)])
    out = np.zeros(169)
    for c in range(169):
        out[c] = (weight[rates < rates[c]].sum() + 0.5 * weight[rates == rates[c]].sum()) / 1326
    return out


INCOME_RATE = _rollout_income_rates(ROLLOUT_SEATS, ROLLOUT_SAMPLES)
"""Income rate of each hand class (:func:`hand_class`), milli-bets per hand."""
PERCENTILE = _percentiles(INCOME_RATE)
"""Pre-flop strength of each hand class: the share of starting hands it outranks (0..1)."""


@njit(cache=True)
def strength_potential(h0, h1, board, nboard, samples, key, with_potential):
    """``(HS, PPOT, NPOT)`` of hole cards ``h0, h1`` on the first ``nboard`` (3, 4 or 5) cards
    of ``board`` against one opponent holding any two unseen cards.

    The potential (0 on the river, or when not ``with_potential``) is exact for ``samples ==
    0``, else estimated from ``samples`` (opponent hand, cards to come) pairs drawn from ``key``.
    Counts are per (opponent hand, board) pair, so PPOT = P(ahead at the end | behind now), ties
    counting half in both the event and the condition.
    """
    dead = np.zeros(52, np.bool_)
    dead[h0] = True
    dead[h1] = True
    cards = np.zeros(7, np.int64)
    for i in range(nboard):
        dead[board[i]] = True
        cards[i] = board[i]
    unseen = np.zeros(52, np.int64)
    nun = 0
    for c in range(52):
        if not dead[c]:
            unseen[nun] = c
            nun += 1
    ncards = nboard + 2
    cards[nboard] = h0
    cards[nboard + 1] = h1
    ours = eval_n(cards, ncards)
    nopp = nun * (nun - 1) // 2
    opp_a = np.zeros(nopp, np.int64)
    opp_b = np.zeros(nopp, np.int64)
    opp_now = np.zeros(nopp, np.int64)  # AHEAD / TIED / BEHIND: where WE stand against it
    count = np.zeros(3, np.float64)
    k = 0
    for i in range(nun):
        cards[nboard] = unseen[i]
        for j in range(i + 1, nun):
            cards[nboard + 1] = unseen[j]
            v = eval_n(cards, ncards)
            opp_a[k] = unseen[i]
            opp_b[k] = unseen[j]
            idx = AHEAD if ours > v else (TIED if ours == v else BEHIND)
            opp_now[k] = idx
            count[idx] += 1.0
            k += 1
    hs = (count[AHEAD] + 0.5 * count[TIED]) / nopp
    if nboard >= 5 or not with_potential:
        return hs, 0.0, 0.0
    hp = np.zeros((3, 3), np.float64)
    b0 = board[0]
    b1 = board[1]
    b2 = board[2]
    if samples <= 0:
        if nboard == 4:
            b3 = board[3]
            our_end = np.zeros(52, np.int64)
            for r in range(nun):
                our_end[unseen[r]] = eval7(b0, b1, b2, b3, unseen[r], h0, h1)
            for o in range(nopp):
                a = opp_a[o]
                b = opp_b[o]
                now = opp_now[o]
                for r in range(nun):
                    c = unseen[r]
                    if c in (a, b):
                        continue
                    v = eval7(b0, b1, b2, b3, c, a, b)
                    u = our_end[c]
                    hp[now, AHEAD if u > v else (TIED if u == v else BEHIND)] += 1.0
        else:
            our_end = np.zeros((52, 52), np.int64)
            for t in range(nun):
                for r in range(t + 1, nun):
                    our_end[unseen[t], unseen[r]] = eval7(b0, b1, b2, unseen[t], unseen[r],
                                                          h0, h1)
            for o in range(nopp):
                a = opp_a[o]
                b = opp_b[o]
                now = opp_now[o]
                for t in range(nun):
                    ct = unseen[t]
                    if ct in (a, b):
                        continue
                    for r in range(t + 1, nun):
                        cr = unseen[r]
                        if cr in (a, b):
                            continue
                        v = eval7(b0, b1, b2, ct, cr, a, b)
                        u = our_end[ct, cr]
                        hp[now, AHEAD if u > v else (TIED if u == v else BEHIND)] += 1.0
    else:
        state = np.uint64(key) ^ np.uint64(POTENTIAL_SALT)
        for _ in range(samples):
            state, w = _rngjit.step(state)
            o = _below(w, nopp)
            a = opp_a[o]
            b = opp_b[o]
            ct = -1
            while True:
                state, w = _rngjit.step(state)
                ct = unseen[_below(w, nun)]
                if ct != a and ct != b:
                    break
            if nboard == 4:
                u = eval7(b0, b1, b2, board[3], ct, h0, h1)
                v = eval7(b0, b1, b2, board[3], ct, a, b)
            else:
                cr = -1
                while True:
                    state, w = _rngjit.step(state)
                    cr = unseen[_below(w, nun)]
                    if cr != a and cr != b and cr != ct:
                        break
                u = eval7(b0, b1, b2, ct, cr, h0, h1)
                v = eval7(b0, b1, b2, ct, cr, a, b)
            hp[opp_now[o], AHEAD if u > v else (TIED if u == v else BEHIND)] += 1.0
    tot_b = hp[BEHIND, 0] + hp[BEHIND, 1] + hp[BEHIND, 2]
    tot_t = hp[TIED, 0] + hp[TIED, 1] + hp[TIED, 2]
    tot_a = hp[AHEAD, 0] + hp[AHEAD, 1] + hp[AHEAD, 2]
    ppot = 0.0
    npot = 0.0
    den = tot_b + 0.5 * tot_t
    if den > 0:
        ppot = (hp[BEHIND, AHEAD] + 0.5 * hp[BEHIND, TIED] + 0.5 * hp[TIED, AHEAD]) / den
    den = tot_a + 0.5 * tot_t
    if den > 0:
        npot = (hp[AHEAD, BEHIND] + 0.5 * hp[TIED, BEHIND] + 0.5 * hp[AHEAD, TIED]) / den
    return hs, ppot, npot


@njit(cache=True)
def effective_strength(bot, view):
    """``(HS^n, PPOT, EHS)`` of the deciding seat after the flop, ``n`` its live opponents."""
    nb = view[V_NBOARD]
    board = view[V_BOARD0:V_BOARD0 + 5]
    use_pot = bot[P_POTENTIAL] > 0.5 and nb < 5
    hs, ppot, _npot = strength_potential(view[V_HOLE0], view[V_HOLE1], board, nb,
                                         np.int64(bot[P_SAMPLES]), view[V_KEY], use_pot)
    nopp = max(1, view[V_NACTIVE] - 1)
    hsn = hs**nopp
    ehs = hsn + (1.0 - hsn) * ppot if use_pot else hsn
    return hsn, ppot, ehs


@njit(cache=True)
def _preflop(bot, view):
    """Loki-1 pre-flop: make4 raises to the cap, make2 raises to two bets and calls two, make1
    calls one bet; each threshold grows by ``bot[P_PF_POSITION]`` per seat still to act."""
    ir = INCOME_RATE[hand_class(view[V_HOLE0], view[V_HOLE1])]
    adj = bot[P_PF_POSITION] * view[V_NTOACT]
    to_call = view[V_TO_CALL]
    bet = view[V_BET_SIZE]
    if ir >= bot[P_PF_MAKE4] + adj:
        return RAISE
    if ir >= bot[P_PF_MAKE2] + adj:
        if view[V_RAISES] < 2:
            return RAISE
        return CALL if to_call <= 2 * bet else FOLD
    if ir >= bot[P_PF_MAKE1] + adj:
        return CALL if to_call <= bet else FOLD
    return FOLD


@njit(cache=True)
def loki1_decide(bot, view):
    """Loki-1: income-rate thresholds pre-flop, EHS thresholds and odds after (module doc)."""
    street = view[V_STREET]
    if street == 0:
        return _preflop(bot, view)
    hsn, ppot, ehs = effective_strength(bot, view)
    nbets = view[V_RAISES]
    to_call = view[V_TO_CALL]
    if ehs >= bot[P_MAKE4]:
        return RAISE
    if ehs >= bot[P_MAKE2]:
        return RAISE if nbets < 2 else CALL
    if ehs >= bot[P_MAKE1]:
        if nbets == 0:
            return RAISE
        if to_call <= view[V_BET_SIZE]:
            return CALL
    if street < RIVER and nbets == 0 and bot[P_POTENTIAL] > 0.5 and ppot >= bot[P_SEMI_BLUFF]:
        return RAISE
    if to_call == 0:
        return CALL
    odds = to_call / (view[V_POT] + to_call)
    if street < RIVER:
        if bot[P_POT_ODDS] > 0.5 and ppot >= odds:
            return CALL
    elif bot[P_SHOWDOWN_ODDS] > 0.5 and hsn >= odds:
        return CALL
    return FOLD


@njit(cache=True)
def loki2_decide(bot, view):
    """Loki-2: sample the (fold, call, raise) triple of (street, strength bucket, bet owed)."""
    street = view[V_STREET]
    if street == 0:
        strength = PERCENTILE[hand_class(view[V_HOLE0], view[V_HOLE1])]
    else:
        _hsn, _ppot, strength = effective_strength(bot, view)
    nbuckets = min(max(np.int64(bot[P_NBUCKETS]), 1), MAX_BUCKETS)
    b = 0
    while b < nbuckets - 1 and strength >= bot[P_EDGES + b]:
        b += 1
    facing = 1 if view[V_TO_CALL] > 0 else 0
    off = P_TRIPLES + ((street * 2 + facing) * MAX_BUCKETS + b) * 3
    u = key_uniform(view[V_KEY])
    if u < bot[off]:
        return FOLD
    if u < bot[off] + bot[off + 1]:
        return CALL
    return RAISE


@njit(cache=True)
def decide(bot, view, hist):
    """FOLD, CALL or RAISE for the bot of row ``bot`` given ``view`` and ``hist`` (contract:
    ``docs/design/poker.md``); kinds 0..2 are the engine's baselines, unknown kinds call."""
    kind = np.int64(bot[BOT_KIND])
    if kind <= KIND_RANDOM:
        return baseline_decide(bot, view, hist)
    if kind == KIND_LOKI1:
        return loki1_decide(bot, view)
    if kind == KIND_LOKI2:
        return loki2_decide(bot, view)
    return CALL
