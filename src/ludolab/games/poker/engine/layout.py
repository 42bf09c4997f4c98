"""The contract between the poker engine and the bot kernel: named offsets, codes and keys.

Every number the engine and ``games/poker/bots/kernel.py`` share is named here ONCE (the bot
kernel imports these names; numba freezes module-level ints as compile-time constants). The
prose version is ``docs/design/poker.md``.

The bot decision has the signature ``decide(bot: float64[:], view: int64[:], hist: int64[:, :])
-> int`` and returns :data:`FOLD`, :data:`CALL` or :data:`RAISE`.
"""

from __future__ import annotations

from ludolab.core import rng as _rng

# --- actions (the decision's answer, and column H_ACTION of the history) ----------------------
FOLD = 0
"""Give up the hand (played as a check when nothing is owed, ``view[V_TO_CALL] == 0``)."""
CALL = 1
"""Check (nothing owed) or call."""
RAISE = 2
"""Bet (nothing owed) or raise; at the cap it is played as a call."""

# --- streets ----------------------------------------------------------------------------------
PREFLOP = 0
FLOP = 1
TURN = 2
RIVER = 3
SHOWDOWN = 4
"""Only in records: the hand reached a showdown (``street`` column)."""

# --- the view: one flat int64 array per decision, offsets below --------------------------------
V_SEAT = 0
"""The deciding seat (0 .. nseats-1); cards belong to seats, bots move between seats."""
V_NSEATS = 1
"""Seats at the table (2 .. 10)."""
V_BUTTON = 2
"""The button's seat."""
V_STREET = 3
"""PREFLOP, FLOP, TURN or RIVER."""
V_HOLE0 = 4
"""The deciding seat's first hole card (``rank * 4 + suit``)."""
V_HOLE1 = 5
"""Its second hole card."""
V_BOARD0 = 6
"""Board cards at V_BOARD0 .. V_BOARD0 + 4; only the first ``view[V_NBOARD]`` are dealt (the
rest are -1)."""
V_NBOARD = 11
"""Board cards dealt so far: 0, 3, 4 or 5."""
V_POT = 12
"""Chips in the pot now, every street and the blinds included (before this decision)."""
V_TO_CALL = 13
"""Chips the deciding seat must add to call (0: it may check)."""
V_BET_SIZE = 14
"""Chips of one bet on this street (small bet on pre-flop and flop, big bet on turn and river)."""
V_RAISES = 15
"""Bets made on this street so far (pre-flop the big blind counts as the first bet)."""
V_CAP = 16
"""Bets allowed per street (a raise at ``V_RAISES == V_CAP`` is played as a call)."""
V_NACTIVE = 17
"""Seats still in the hand (not folded), the deciding seat included."""
V_NTOACT = 18
"""Active seats that still act after this one on this street if nobody raises."""
V_POSITION = 19
"""Seats after the button, clockwise: 1 small blind (multi-way), ..., nseats the button (the
heads-up button, which posts the small blind, has position 2 = nseats as well)."""
V_INVESTED = 20
"""Chips the deciding seat has put in the pot this hand (blinds included)."""
V_KEY = 21
"""A 64-bit key for this decision (the bits of a uint64 stored as int64): ``keyed_u64(deal
seed, seat, PURPOSE_DECIDE, V_DECISION)``, so a sampling bot is reproducible and duplicate-fair
(the same seat meets the same key whoever sits there)."""
V_NHIST = 22
"""Rows of ``hist`` filled so far (the actions before this decision)."""
V_DECISION = 23
"""This seat's decision number in the hand (0 for its first)."""
V_SMALL_BET = 24
"""Chips of a small bet (the unit of results)."""
V_BIG_BET = 25
"""Chips of a big bet."""
V_ACTIVE_MASK = 26
"""Bit ``s`` set when seat ``s`` is still in the hand."""
V_ROUND_INVESTED = 27
"""Chips the deciding seat has put in on this street."""
V_NCALLERS = 28
"""Calls made on this street since its last bet or raise (pre-flop: since the big blind)."""
V_LAST_BETTOR = 29
"""Seat of the last bet or raise on this street (pre-flop the big blind's seat); -1 if none."""
V_SB_SEAT = 30
"""Seat that posted the small blind."""
V_BB_SEAT = 31
"""Seat that posted the big blind."""
VIEW_SIZE = 32

# --- the history: int64[rows, HIST_COLS], one row per voluntary action (blinds are not rows) ---
H_STREET = 0
H_SEAT = 1
H_ACTION = 2
"""FOLD, CALL or RAISE as played (a fold when nothing is owed is recorded as CALL, a raise at
the cap as CALL)."""
H_AMOUNT = 3
"""Chips the action put in the pot."""
HIST_COLS = 4

# --- bot parameter vectors (rows of a float64[bots, K] matrix; K >= BOT_MIN_PARAMS) -------------
BOT_KIND = 0
"""``bot[BOT_KIND]`` selects the decision rule. Kinds 0..2 are the baselines below, with these
meanings in every kernel; the bot kernel owns kinds >= 3."""
KIND_CALL = 0
"""Always check or call."""
KIND_RAISE = 1
"""Always bet or raise (calls at the cap)."""
KIND_RANDOM = 2
"""Keyed random: fold with probability ``bot[1]``, call with ``bot[2]``, else raise; the uniform
is ``(uint64(view[V_KEY]) >> 11) * 2**-53``."""
BOT_MIN_PARAMS = 3

# --- keyed randomness (purposes of ludolab.core.rng.keyed_u64 used by poker) -------------------
TABLE_SEAT = 255
"""``rng.TABLE``: the deal belongs to nobody."""
PURPOSE_DEAL = _rng.POKER_DEAL
"""Card ``i`` of a deal is drawn with ``keyed_u64(deal seed, TABLE_SEAT, PURPOSE_DEAL, i)``."""
PURPOSE_DECIDE = _rng.POKER_DECIDE
"""Decision keys (see V_KEY)."""

# --- deal slots: which deal index holds which card (independent of the seat count) -------------
BOARD_SLOT = 0
"""Board cards are deal indices 0..4 (flop 0-2, turn 3, river 4)."""
HOLE_SLOT = 5
"""Seat ``s`` holds deal indices ``HOLE_SLOT + 2s`` and ``HOLE_SLOT + 2s + 1``."""
MAX_SEATS = 10
DEAL_CARDS = HOLE_SLOT + 2 * MAX_SEATS
