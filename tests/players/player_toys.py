"""Tiny games with known answers for the player tests (imported by the test modules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ludolab.core import GameState
from ludolab.core import rng as _rng


class Table(GameState):
    """One decision for seat 0, with fixed returns per move (two seats, zero-sum)."""

    game_name = "table"

    def __init__(self, payoffs: dict[str, float]) -> None:
        self.payoffs = payoffs
        self.chosen: str | None = None

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.chosen is not None

    def active_seats(self) -> tuple[int, ...]:
        return () if self.chosen else (0,)

    def legal_moves(self, seat: int) -> Sequence[str]:
        return tuple(self.payoffs) if seat == 0 and not self.chosen else ()

    def apply(self, move: object) -> None:
        self.chosen = str(move)

    def returns(self) -> tuple[float, float]:
        if self.chosen is None:
            return (0.0, 0.0)
        v = self.payoffs[self.chosen]
        return (v, -v)

    def clone(self) -> Table:
        c = Table(self.payoffs)
        c.chosen = self.chosen
        return c


class Gamble(GameState):
    """Seat 0 takes ``safe`` (+0.5) or ``gamble``: a keyed coin wins +1 with probability ``p``,
    else -1. Expected value of the gamble: ``2p - 1``."""

    game_name = "gamble"

    def __init__(self, p: float) -> None:
        self.p = p
        self.stage = "decide"  # decide -> coin -> over
        self.value = 0.0

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.stage == "over"

    def is_chance(self) -> bool:
        return self.stage == "coin"

    def active_seats(self) -> tuple[int, ...]:
        return (0,) if self.stage == "decide" else ()

    def legal_moves(self, seat: int) -> Sequence[str]:
        return ("safe", "gamble") if seat == 0 and self.stage == "decide" else ()

    def apply(self, move: object) -> None:
        if move == "safe":
            self.value, self.stage = 0.5, "over"
        else:
            self.stage = "coin"

    def chance_outcomes(self) -> Sequence[tuple[str, float]]:
        return (("win", self.p), ("lose", 1.0 - self.p))

    def chance_key(self) -> tuple[int, int, int]:
        return (0, _rng.CHANCE, 0)

    def apply_chance(self, outcome: object) -> None:
        self.value = 1.0 if outcome == "win" else -1.0
        self.stage = "over"

    def returns(self) -> tuple[float, float]:
        return (self.value, -self.value)

    def return_bound(self) -> float:
        return 1.0

    def clone(self) -> Gamble:
        c = Gamble(self.p)
        c.stage, c.value = self.stage, self.value
        return c


# Seat 0 picks L, M or R; seat 1 picks x or y; seat 2 keeps or spoils. Returns per seat:
_FIRST_TWO = {
    ("L", "x"): (0.9, 0.1),
    ("L", "y"): (0.0, 0.5),
    ("M", "x"): (0.7, 0.8),
    ("M", "y"): (0.0, 0.1),
    ("R", "x"): (0.5, 0.2),
    ("R", "y"): (0.4, 0.0),
}


class ThreeSeats(GameState):
    """A three-player game solved by backward induction with each seat maximising its own value.

    Seat 2 keeps (0.1 for itself) or spoils (0.2 for itself and -0.6 for seat 0, but only after
    M; elsewhere spoiling gives seat 2 nothing). Each seat for itself: after L seat 1 takes y
    (0.5 > 0.1) and seat 0 gets 0.0; after M seat 1 takes x and seat 2 spoils, leaving seat 0 0.1;
    after R seat 1 takes x and seat 2 keeps: 0.5. So seat 0 should pick R. A search that lets
    every seat maximise seat 0 picks L (0.9); one that ignores seat 2's interest picks M (0.7).
    """

    game_name = "three-seats"

    def __init__(self) -> None:
        self.moves: list[str] = []

    @property
    def num_players(self) -> int:
        return 3

    def is_terminal(self) -> bool:
        return len(self.moves) == 3

    def active_seats(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (len(self.moves),)

    def legal_moves(self, seat: int) -> Sequence[str]:
        if self.is_terminal() or seat != len(self.moves):
            return ()
        return (("L", "M", "R"), ("x", "y"), ("keep", "spoil"))[seat]

    def apply(self, move: object) -> None:
        self.moves.append(str(move))

    def returns(self) -> tuple[float, float, float]:
        if not self.is_terminal():
            return (0.0, 0.0, 0.0)
        a, b, c = self.moves
        r0, r1 = _FIRST_TWO[(a, b)]
        if c == "keep":
            return (r0, r1, 0.1)
        if a == "M":
            return (r0 - 0.6, r1, 0.2)
        return (r0, r1, 0.0)

    def clone(self) -> ThreeSeats:
        c = ThreeSeats()
        c.moves = self.moves[:]
        return c


class Dilemma(GameState):
    """A one-shot prisoner's dilemma with simultaneous moves; ``defect`` strictly dominates."""

    game_name = "dilemma"
    PAYOFF: ClassVar[dict[tuple[str, str], tuple[float, float]]] = {
        ("cooperate", "cooperate"): (0.6, 0.6),
        ("cooperate", "defect"): (0.0, 1.0),
        ("defect", "cooperate"): (1.0, 0.0),
        ("defect", "defect"): (0.2, 0.2),
    }

    def __init__(self) -> None:
        self.shown: tuple[str, str] | None = None

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.shown is not None

    def active_seats(self) -> tuple[int, ...]:
        return () if self.shown else (0, 1)

    def legal_moves(self, seat: int) -> Sequence[str]:
        return () if self.shown else ("cooperate", "defect")

    def apply(self, move: object) -> None:
        raise ValueError("simultaneous game: use apply_joint")

    def apply_joint(self, moves: dict) -> None:  # type: ignore[override]
        self.shown = (moves[0], moves[1])

    def returns(self) -> tuple[float, float]:
        return self.PAYOFF[self.shown] if self.shown else (0.0, 0.0)

    def clone(self) -> Dilemma:
        c = Dilemma()
        c.shown = self.shown
        return c


class Trap(GameState):
    """Seat 0 picks ``bait`` or ``plain``, then walks ``length`` forced steps.

    ``bait`` looks good to the heuristic (+1 at once) but ends the game at -1; ``plain`` looks
    neutral (0) and ends at +0.5. A short horizon falls for the bait; playing to the end does not.
    """

    game_name = "trap"

    def __init__(self, length: int = 3) -> None:
        self.length = length
        self.path: str | None = None
        self.steps = 0

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.path is not None and self.steps >= self.length

    def active_seats(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (0,)

    def legal_moves(self, seat: int) -> Sequence[str]:
        if self.is_terminal() or seat != 0:
            return ()
        return ("bait", "plain") if self.path is None else ("step",)

    def apply(self, move: object) -> None:
        if self.path is None:
            self.path = str(move)
        else:
            self.steps += 1

    def returns(self) -> tuple[float, float]:
        if not self.is_terminal():
            return (0.0, 0.0)
        v = -1.0 if self.path == "bait" else 0.5
        return (v, -v)

    def return_bound(self) -> float:
        return 1.0

    def clone(self) -> Trap:
        c = Trap(self.length)
        c.path, c.steps = self.path, self.steps
        return c


def trap_heuristic(state: GameState, seat: int) -> float:
    """+1 for seat 0 on the bait path, 0 otherwise (zero-sum)."""
    v = 1.0 if state.path == "bait" else 0.0  # type: ignore[attr-defined]
    return v if seat == 0 else -v
