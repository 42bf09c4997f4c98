"""The parameter row of a poker bot: named offsets into ``float64[ROW_SIZE]``.

A bot file (``docs/poker-bots.md``) is compiled to one row; the bot kernel
(:mod:`.kernel`) reads the row with these names (numba freezes them as constants), and the file
format (:mod:`.fileformat`) writes and describes it with the same names. Offsets 0..2 are the
engine contract's (``engine.layout``: ``BOT_KIND`` and the keyed-random probabilities).
"""

from __future__ import annotations

from ludolab.games.poker.engine.layout import BOT_KIND, KIND_CALL, KIND_RAISE, KIND_RANDOM

__all__ = [
    "BOT_KIND",
    "KIND_CALL",
    "KIND_LOKI1",
    "KIND_LOKI2",
    "KIND_NAMES",
    "KIND_RAISE",
    "KIND_RANDOM",
    "MAX_BUCKETS",
    "NSTREETS",
    "P_EDGES",
    "P_MAKE1",
    "P_MAKE2",
    "P_MAKE4",
    "P_NBUCKETS",
    "P_PF_MAKE1",
    "P_PF_MAKE2",
    "P_PF_MAKE4",
    "P_PF_POSITION",
    "P_POTENTIAL",
    "P_POT_ODDS",
    "P_RANDOM_CALL",
    "P_RANDOM_FOLD",
    "P_SAMPLES",
    "P_SEMI_BLUFF",
    "P_SHOWDOWN_ODDS",
    "P_TRIPLES",
    "ROW_SIZE",
    "triple_offset",
]

KIND_LOKI1 = 3
"""Loki-1: hand strength, potential, effective hand strength; deterministic thresholds."""
KIND_LOKI2 = 4
"""Loki-2: a (fold, call, raise) probability triple per street, strength bucket and whether a
bet is owed, sampled with the decision key."""
KIND_NAMES = {KIND_CALL: "call", KIND_RAISE: "raise", KIND_RANDOM: "random",
              KIND_LOKI1: "loki1", KIND_LOKI2: "loki2"}

# --- keyed random (engine contract: bot[1], bot[2]) --------------------------------------------
P_RANDOM_FOLD = 1
P_RANDOM_CALL = 2

# --- Loki (both kinds) ----------------------------------------------------------------------
P_SAMPLES = 3
"""Monte-Carlo samples of (opponent hand, cards to come) for the potential; 0 = exact
enumeration (two cards to come on the flop: ~1.07 million evaluations)."""
P_POTENTIAL = 4
"""1: effective hand strength uses the positive potential; 0: EHS = HS^n (no potential)."""
P_PF_MAKE1 = 5
"""Pre-flop: income rate (milli-bets, 10-seat roll-out) needed to call one bet."""
P_PF_MAKE2 = 6
"""Pre-flop: income rate needed to raise to two bets (and call two)."""
P_PF_MAKE4 = 7
"""Pre-flop: income rate needed to raise to the cap."""
P_PF_POSITION = 8
"""Pre-flop: income rate added to each threshold per seat still to act after this one."""
P_MAKE1 = 9
"""Post-flop: EHS to bet when nobody has, and to call one bet."""
P_MAKE2 = 10
"""Post-flop: EHS to raise while fewer than two bets are in, and call any."""
P_MAKE4 = 11
"""Post-flop: EHS to raise to the cap."""
P_SEMI_BLUFF = 12
"""Post-flop before the river: PPOT to bet as a semi-bluff when nobody has bet (> 1: never)."""
P_POT_ODDS = 13
"""1: call a bet when PPOT >= pot odds (flop and turn)."""
P_SHOWDOWN_ODDS = 14
"""1: on the river call when HS^n >= pot odds."""

# --- Loki-2 probability triples ----------------------------------------------------------------
MAX_BUCKETS = 10
NSTREETS = 4
P_NBUCKETS = 15
"""Strength buckets of the triple table (1..MAX_BUCKETS)."""
P_EDGES = 16
"""Upper edges of buckets 0 .. nbuckets-2 (EHS, or the pre-flop percentile), increasing."""
P_TRIPLES = P_EDGES + MAX_BUCKETS
"""Triples (fold, call, raise) at ``triple_offset(street, facing, bucket)``."""
ROW_SIZE = P_TRIPLES + NSTREETS * 2 * MAX_BUCKETS * 3


def triple_offset(street: int, facing: int, bucket: int) -> int:
    """Row offset of the fold probability of the triple for ``street`` (0..3), ``facing`` (0:
    nothing owed, 1: a bet to call) and strength ``bucket``; call and raise follow."""
    return P_TRIPLES + ((street * 2 + facing) * MAX_BUCKETS + bucket) * 3
