"""A compiled 5-, 6- and 7-card poker hand evaluator (numba).

A hand's value is ``category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5``: the
category (0 high card .. 8 straight flush) then the five ranks that break ties, most significant
first (for a straight only its top card). Higher is better; equal values tie.

How it is fast (one addition and two or three small-table reads per card, tables ~1.5 MB):

* Each card adds one 64-bit word (``_ADD``): ``5**rank`` for ranks 2..8 in bits 0-19 (a
  base-5 count of each low rank), ``5**(rank-7)`` for ranks 9..A in bits 20-39, and ``1`` in the
  suit's 4-bit field at bit ``40 + 4*suit``. Seven cards never overflow a digit or a field.
* Adding ``3`` to every suit field sets its top bit exactly when that suit has five cards or more:
  then the hand is a flush (with seven cards a flush excludes quads and full houses), and the
  suit's 13-bit rank mask (ORed from ``_BIT``) indexes the 8,192-entry ``_FLUSH`` table.
* Otherwise only the rank counts matter: ``_LOW[low base-5 sum]`` gives the offset of the low
  ranks' segment and ``_HIGH[high base-5 sum]`` the index of the high ranks' multiset inside it
  (high multisets are numbered by size, so a segment only holds the sizes that can complete a
  hand of 5 to 7 cards); ``_RANKS[offset + index]`` is the value.

The tables are built at import by compiled (cached) functions, from the category rules alone.

>>> from ludolab.games.poker.cards import parse_cards
>>> v = eval_cards(parse_cards("AsKs QsJsTs 2c3d"))
>>> CATEGORY_NAMES[category(v)]
'straight flush'
>>> eval_cards(parse_cards("Ah2d 3c4s5h 9c9d")) < eval_cards(parse_cards("6h2d 3c4s5h 9c9d"))
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from ludolab.errors import LudolabError

__all__ = [
    "CATEGORY_NAMES",
    "category",
    "describe",
    "eval5_from_counts",
    "eval7",
    "eval7_many",
    "eval_cards",
    "eval_n",
]

CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

N_LOW = 5**7
N_HIGH = 5**6


@njit(cache=True)
def _value(cat, k1, k2, k3, k4, k5):
    return np.int32((cat << 20) | (k1 << 16) | (k2 << 12) | (k3 << 8) | (k4 << 4) | k5)


@njit(cache=True)
def _straight_top(mask):
    """Top rank of the best straight in a 13-bit rank mask, or -1 (the wheel's top is 3)."""
    for top in range(12, 3, -1):
        m = 0x1F << (top - 4)
        if mask & m == m:
            return top
    if mask & 0x100F == 0x100F:
        return 3
    return -1


@njit(cache=True)
def _flush_value(mask):
    """Value of the best five cards of one suit given their rank mask (>= 5 bits)."""
    top = _straight_top(mask)
    if top >= 0:
        return _value(STRAIGHT_FLUSH, top, 0, 0, 0, 0)
    k = np.zeros(5, np.int64)
    j = 0
    for r in range(12, -1, -1):
        if mask >> r & 1 and j < 5:
            k[j] = r
            j += 1
    return _value(FLUSH, k[0], k[1], k[2], k[3], k[4])


@njit(cache=True)
def eval5_from_counts(counts):
    """Value of the best non-flush five cards given 13 rank counts (5 to 7 cards in all)."""
    mask = 0
    for r in range(13):
        if counts[r] > 0:
            mask |= 1 << r
    quad = -1
    trips = np.full(3, -1, np.int64)
    nt = 0
    pairs = np.full(4, -1, np.int64)
    np_ = 0
    singles = np.full(7, -1, np.int64)
    ns = 0
    for r in range(12, -1, -1):
        c = counts[r]
        if c == 4:
            quad = r
        elif c == 3:
            trips[nt] = r
            nt += 1
        elif c == 2:
            pairs[np_] = r
            np_ += 1
        elif c == 1:
            singles[ns] = r
            ns += 1
    if quad >= 0:
        kick = -1
        for r in range(12, -1, -1):
            if r != quad and counts[r] > 0:
                kick = r
                break
        return _value(QUADS, quad, kick, 0, 0, 0)
    if nt >= 1 and (nt >= 2 or np_ >= 1):
        p = pairs[0]
        if nt >= 2 and trips[1] > p:
            p = trips[1]
        return _value(FULL_HOUSE, trips[0], p, 0, 0, 0)
    top = _straight_top(mask)
    if top >= 0:
        return _value(STRAIGHT, top, 0, 0, 0, 0)
    if nt == 1:
        k = np.full(2, 0, np.int64)
        j = 0
        for r in range(12, -1, -1):
            if r != trips[0] and counts[r] > 0 and j < 2:
                k[j] = r
                j += 1
        return _value(TRIPS, trips[0], k[0], k[1], 0, 0)
    if np_ >= 2:
        kick = 0
        for r in range(12, -1, -1):
            if r != pairs[0] and r != pairs[1] and counts[r] > 0:
                kick = r
                break
        return _value(TWO_PAIR, pairs[0], pairs[1], kick, 0, 0)
    if np_ == 1:
        k = np.full(3, 0, np.int64)
        j = 0
        for r in range(12, -1, -1):
            if r != pairs[0] and counts[r] > 0 and j < 3:
                k[j] = r
                j += 1
        return _value(PAIR, pairs[0], k[0], k[1], k[2], 0)
    return _value(HIGH_CARD, singles[0], singles[1], singles[2], singles[3], singles[4])


@njit(cache=True)
def _digits(code, n, out):
    total = 0
    for i in range(n):
        out[i] = code % 5
        code //= 5
        total += out[i]
    return total


@njit(cache=True)
def _build_tables():
    """(low offsets, high indices, values, flush values); see the module docstring."""
    dig = np.zeros(7, np.int64)
    # high multisets (6 ranks, 0..4 each, at most 7 cards), numbered by size then code
    high = np.full(N_HIGH, -1, np.int32)
    n_le = np.zeros(8, np.int64)  # high multisets of size <= k
    nxt = 0
    for size in range(8):
        for code in range(N_HIGH):
            if _digits(code, 6, dig) == size:
                high[code] = nxt
                nxt += 1
        n_le[size] = nxt
    low = np.full(N_LOW, -1, np.int32)
    off = 0
    for code in range(N_LOW):
        a = _digits(code, 7, dig)
        if a <= 7:
            low[code] = off
            off += n_le[7 - a]
    values = np.zeros(off, np.int32)
    counts = np.zeros(13, np.int64)
    hd = np.zeros(7, np.int64)
    for code in range(N_LOW):
        if low[code] < 0:
            continue
        a = _digits(code, 7, dig)
        for hcode in range(N_HIGH):
            hi = high[hcode]
            b = _digits(hcode, 6, hd)
            if b + a > 7:
                continue
            if a + b >= 5:
                for r in range(7):
                    counts[r] = dig[r]
                for r in range(6):
                    counts[7 + r] = hd[r]
                values[low[code] + hi] = eval5_from_counts(counts)
    flush = np.zeros(8192, np.int32)
    for m in range(8192):
        bits = 0
        for r in range(13):
            bits += m >> r & 1
        if bits >= 5:
            flush[m] = _flush_value(m)
    return low, high, values, flush


def _card_words() -> tuple[np.ndarray, np.ndarray]:
    add = np.zeros(52, np.int64)
    bit = np.zeros(52, np.int64)
    for c in range(52):
        r, s = c >> 2, c & 3
        add[c] = (5**r if r < 7 else 5 ** (r - 7) << 20) + (1 << (40 + 4 * s))
        bit[c] = 1 << (16 * s + r)
    return add, bit


_LOW, _HIGH, _RANKS, _FLUSH = _build_tables()
_ADD, _BIT = _card_words()


@njit(cache=True)
def eval7(c0, c1, c2, c3, c4, c5, c6):
    """Value of the best five of seven distinct cards (``rank * 4 + suit``); higher is better."""
    a = _ADD[c0] + _ADD[c1] + _ADD[c2] + _ADD[c3] + _ADD[c4] + _ADD[c5] + _ADD[c6]
    f = ((a >> 40) + 0x3333) & 0x8888
    if f != 0:
        m = _BIT[c0] | _BIT[c1] | _BIT[c2] | _BIT[c3] | _BIT[c4] | _BIT[c5] | _BIT[c6]
        if f & 0x8:
            sh = 0
        elif f & 0x80:
            sh = 16
        elif f & 0x800:
            sh = 32
        else:
            sh = 48
        return _FLUSH[(m >> sh) & 0x1FFF]
    return _RANKS[_LOW[a & 0xFFFFF] + _HIGH[(a >> 20) & 0xFFFFF]]


@njit(cache=True)
def eval_n(cards, n):
    """Value of the best five of the first ``n`` (5, 6 or 7) distinct cards of ``cards``."""
    a = 0
    m = 0
    for i in range(n):
        a += _ADD[cards[i]]
        m |= _BIT[cards[i]]
    f = ((a >> 40) + 0x3333) & 0x8888
    if f != 0:
        if f & 0x8:
            sh = 0
        elif f & 0x80:
            sh = 16
        elif f & 0x800:
            sh = 32
        else:
            sh = 48
        return _FLUSH[(m >> sh) & 0x1FFF]
    return _RANKS[_LOW[a & 0xFFFFF] + _HIGH[(a >> 20) & 0xFFFFF]]


@njit(cache=True)
def category(value):
    """The category of a hand value: 0 high card .. 8 straight flush."""
    return value >> 20


@njit(cache=True)
def eval7_many(hands, out):
    """``out[i] = eval7(*hands[i])`` for an int64[N, 7] array (benchmarks, tests)."""
    for i in range(hands.shape[0]):
        out[i] = eval7(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4],
                       hands[i, 5], hands[i, 6])


def eval_cards(cards: Sequence[int]) -> int:
    """Value of 5 to 7 distinct cards (Python entry point; LudolabError for bad input)."""
    cs = [int(c) for c in cards]
    if not 5 <= len(cs) <= 7:
        raise LudolabError(f"a poker hand has 5 to 7 cards, got {len(cs)}")
    if len(set(cs)) != len(cs) or any(not 0 <= c < 52 for c in cs):
        raise LudolabError(f"cards must be distinct numbers 0..51, got {cs}")
    return int(eval_n(np.array(cs, np.int64), len(cs)))


def describe(value: int) -> str:
    """The category and the ranks that decide ties, e.g. ``"flush A K 9 6 3"``,
    ``"full house 9 3"``, ``"straight 5"`` (the wheel)."""
    from ludolab.games.poker.cards import RANKS  # light module, kept local to avoid a cycle

    cat = value >> 20
    ks = [(value >> s) & 0xF for s in (16, 12, 8, 4, 0)]
    used = {0: 5, 1: 4, 2: 3, 3: 3, 4: 1, 5: 5, 6: 2, 7: 2, 8: 1}[cat]
    return CATEGORY_NAMES[cat] + " " + " ".join(RANKS[k] for k in ks[:used])
