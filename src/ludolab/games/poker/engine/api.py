"""The Python face of the compiled poker kernel: :class:`Engine`, :class:`HandRecords`,
:class:`HandHistory`."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ludolab.errors import LudolabError
from ludolab.games.poker.cards import cards_str
from ludolab.games.poker.engine import kernel as _k
from ludolab.games.poker.engine.layout import (
    BOT_MIN_PARAMS,
    CALL,
    FOLD,
    HIST_COLS,
    HOLE_SLOT,
    KIND_CALL,
    KIND_RAISE,
    KIND_RANDOM,
    MAX_SEATS,
    RAISE,
    VIEW_SIZE,
)
from ludolab.games.poker.rules import RuleSet, ruleset

__all__ = ["Engine", "HandEvent", "HandHistory", "HandRecords", "baseline_bots"]

STREET_NAMES = ("pre-flop", "flop", "turn", "river", "showdown")


def baseline_bots(*kinds: str) -> np.ndarray:
    """A bot matrix of baseline kinds: ``"call"``, ``"raise"`` or ``"random:F:C"`` (fold and
    call probabilities, the rest raises), one row each (tests, benchmarks)."""
    rows = []
    for k in kinds:
        if k == "call":
            rows.append([KIND_CALL, 0.0, 0.0])
        elif k == "raise":
            rows.append([KIND_RAISE, 0.0, 0.0])
        elif k.startswith("random"):
            parts = k.split(":")
            f, c = (float(parts[1]), float(parts[2])) if len(parts) == 3 else (1 / 3, 1 / 3)
            rows.append([KIND_RANDOM, f, c])
        else:
            raise LudolabError(f"unknown baseline poker bot {k!r}: call, raise or random:F:C")
    return np.array(rows, dtype=np.float64).reshape(len(rows), BOT_MIN_PARAMS)


@dataclass
class HandRecords:
    """Results of a batch of hands; first axis the hand, second the seat (chips are net)."""

    chips: np.ndarray  # int64 [H, n] chips won (+) or lost (-) by each seat
    invested: np.ndarray  # int64 [H, n] chips each seat put in the pot
    showdown: np.ndarray  # bool [H]
    street: np.ndarray  # int8 [H] last street reached (4 = showdown)
    folded: np.ndarray  # int8 [H, n] street of the seat's fold, -1 if it did not fold
    decisions: np.ndarray  # int16 [H, n]
    raises: np.ndarray  # int16 [H, n] bets and raises made
    values: np.ndarray  # int32 [H, n] hand value shown at showdown, -1 if not shown
    n_actions: np.ndarray  # int32 [H]
    hole: np.ndarray  # int8 [H, n, 2]
    board: np.ndarray  # int8 [H, 5]

    def small_bets(self, rules: RuleSet) -> np.ndarray:
        """Net result of each seat in small bets (``chips / rules.small_bet``)."""
        return self.chips / rules.small_bet


@dataclass(frozen=True)
class HandEvent:
    """One line of a hand history."""

    kind: str  # "blind", "action", "board", "show", "win"
    street: int
    seat: int
    action: str  # "small blind", "big blind", "fold", "check", "call", "bet", "raise", ...
    amount: int  # chips put in (blind, action) or taken (win); hand value for "show"
    pot: int  # pot after the event (blind, action, board)
    cards: tuple[int, ...] = ()  # board cards dealt so far (board), hole cards (show)


@dataclass
class HandHistory:
    """Everything about one traced hand: the deal, the seating, each event, the results."""

    seed: int
    button: int
    seating: tuple[int, ...]
    hole: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    events: list[HandEvent]
    chips: tuple[int, ...]
    rules: RuleSet
    views: np.ndarray  # int64 [decisions, VIEW_SIZE]: what each decision saw (layout.V_*)
    hist: np.ndarray  # int64 [decisions, HIST_COLS]: the betting history (layout.H_*)

    def lines(self, names: list[str] | None = None) -> list[str]:
        """A plain-text hand history (one string per event)."""
        who = [names[b] if names else f"bot {b}" for b in self.seating]
        out = [f"deal seed {self.seed}, button seat {self.button}"]
        for s, (a, b) in enumerate(self.hole):
            out.append(f"seat {s} ({who[s]}): {cards_str((a, b))}")
        for e in self.events:
            if e.kind == "board":
                out.append(f"*** {STREET_NAMES[e.street]} *** {cards_str(e.cards)} (pot {e.pot})")
            elif e.kind == "show":
                out.append(f"seat {e.seat} shows {cards_str(e.cards)}")
            elif e.kind == "win":
                out.append(f"seat {e.seat} wins {e.amount}")
            else:
                out.append(f"seat {e.seat} {e.action} {e.amount} (pot {e.pot})")
        out.append("net chips: " + ", ".join(f"seat {s} {c:+d}" for s, c in enumerate(self.chips)))
        return out


class Engine:
    """Batch and traced play of fixed-limit hold'em at one table size under one rule set."""

    def __init__(self, rules: RuleSet | str | None = None, nseats: int = 2) -> None:
        self.rules = ruleset(rules)
        self.rules.check_seats(nseats)
        self.nseats = int(nseats)

    def _args(self) -> tuple[int, int, int, int, int, bool]:
        r = self.rules
        return (r.small_blind, r.big_blind, r.small_bet, r.big_bet, r.cap, r.reverse_heads_up)

    def _check(self, bots: np.ndarray, seating: np.ndarray) -> None:
        if bots.ndim != 2 or bots.shape[1] < BOT_MIN_PARAMS or bots.shape[0] < 1:
            raise LudolabError(f"bots must be a [bots, >= {BOT_MIN_PARAMS}] matrix")
        if seating.size and (seating.min() < 0 or seating.max() >= bots.shape[0]):
            raise LudolabError(f"seating names bots outside 0..{bots.shape[0] - 1}")

    def deals(self, seeds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The cards of deals ``seeds``: ``board [H, 5]`` and ``hole [H, nseats, 2]`` (int64),
        exactly as :meth:`play` deals them (for value functions such as AIVAT's)."""
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64).reshape(-1)
        n = self.nseats
        out = np.zeros((seeds.shape[0], HOLE_SLOT + 2 * n), np.int64)
        _k.deal_batch(seeds, HOLE_SLOT + 2 * n, out)
        return out[:, :5], out[:, HOLE_SLOT:].reshape(-1, n, 2)

    def play(self, bots: np.ndarray, seeds: np.ndarray, buttons: np.ndarray | int,
             seating: np.ndarray) -> HandRecords:
        """Play ``len(seeds)`` hands in one compiled call: hand ``h`` deals from ``seeds[h]``
        with the button at ``buttons[h]`` and bot ``seating[h, s]`` (a row of ``bots``) in seat
        ``s``; ``seating`` may be one row for every hand."""
        n = self.nseats
        bots = np.ascontiguousarray(bots, dtype=np.float64)
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64).reshape(-1)
        H = seeds.shape[0]
        seating = np.asarray(seating, dtype=np.int64)
        if seating.ndim == 1:
            seating = np.broadcast_to(seating, (H, seating.shape[0]))
        seating = np.ascontiguousarray(seating)
        if seating.shape != (H, n):
            raise LudolabError(f"seating must be [{H}, {n}], got {list(seating.shape)}")
        buttons = np.ascontiguousarray(np.broadcast_to(np.asarray(buttons, np.int64), (H,)))
        if H and (buttons.min() < 0 or buttons.max() >= n):
            raise LudolabError(f"buttons must be seats 0..{n - 1}")
        self._check(bots, seating)
        chips = np.zeros((H, n), np.int64)
        invested = np.zeros((H, n), np.int64)
        folded = np.zeros((H, n), np.int64)
        decisions = np.zeros((H, n), np.int64)
        raises = np.zeros((H, n), np.int64)
        values = np.zeros((H, n), np.int64)
        street = np.zeros(H, np.int64)
        nactions = np.zeros(H, np.int64)
        deals = np.zeros((H, HOLE_SLOT + 2 * n), np.int64)
        _k.play_batch(bots, seeds, buttons, seating, *self._args(), chips, invested, folded,
                      decisions, raises, values, street, nactions, deals)
        return HandRecords(
            chips=chips, invested=invested, showdown=street == 4, street=street.astype(np.int8),
            folded=folded.astype(np.int8), decisions=decisions.astype(np.int16),
            raises=raises.astype(np.int16), values=values.astype(np.int32),
            n_actions=nactions.astype(np.int32),
            hole=deals[:, HOLE_SLOT:].reshape(H, n, 2).astype(np.int8),
            board=deals[:, :5].astype(np.int8),
        )

    def trace(self, bots: np.ndarray, seed: int, button: int, seating: np.ndarray) -> HandHistory:
        """Play one hand and return its :class:`HandHistory`."""
        n = self.nseats
        bots = np.ascontiguousarray(bots, dtype=np.float64)
        seat_bot = np.ascontiguousarray(seating, dtype=np.int64).reshape(-1)
        if seat_bot.shape[0] != n:
            raise LudolabError(f"seating must name {n} bots, got {seat_bot.shape[0]}")
        if not 0 <= int(button) < n:
            raise LudolabError(f"button must be a seat 0..{n - 1}, got {button}")
        self._check(bots, seat_bot)
        cap = self.rules.cap
        rows = 4 * n * (cap + 1) + 4
        trace = np.zeros((rows + 4 * n + 8, _k.TRACE_COLS), np.int64)
        hist = np.zeros((rows, HIST_COLS), np.int64)
        deal = np.zeros(HOLE_SLOT + 2 * MAX_SEATS, np.int64)
        chips = np.zeros(n, np.int64)
        invested = np.zeros(n, np.int64)
        values = np.zeros(n, np.int64)
        views = np.zeros((rows, VIEW_SIZE), np.int64)
        _, nh, nt = _k.trace_hand(bots, np.uint64(seed), int(button), seat_bot, n,
                                  *self._args(), trace, hist, deal, chips, invested, values, views)
        hole = tuple((int(deal[HOLE_SLOT + 2 * s]), int(deal[HOLE_SLOT + 2 * s + 1]))
                     for s in range(n))
        board = tuple(int(c) for c in deal[:5])
        events: list[HandEvent] = []
        level = 0
        for kind, street, seat, a, b, c in trace[:nt].tolist():
            if kind == _k.EV_BLIND:
                name = "small blind" if not events else "big blind"
                level = a
                events.append(HandEvent("blind", 0, seat, name, a, b))
            elif kind == _k.EV_BOARD:
                level = 0
                events.append(HandEvent("board", street, -1, "deal", 0, b, board[:a]))
            elif kind == _k.EV_ACTION:
                if a == FOLD:
                    name = "fold"
                elif a == CALL:
                    name = "check" if b == 0 else "call"
                else:
                    name = "bet" if level == 0 else "raise"
                    level += 1
                assert a in (FOLD, CALL, RAISE)
                events.append(HandEvent("action", street, seat, name, b, c))
            elif kind == _k.EV_SHOW:
                events.append(HandEvent("show", 4, seat, "show", a, 0, hole[seat]))
            else:
                events.append(HandEvent("win", street, seat, "win", a, 0))
        return HandHistory(int(seed), int(button), tuple(int(b) for b in seat_bot), hole, board,
                           events, tuple(int(c) for c in chips), self.rules, views[:nh].copy(),
                           hist[:nh].copy())
