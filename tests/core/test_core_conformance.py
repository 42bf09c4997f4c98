"""The conformance check: a sound toy game passes; each deliberately broken one is caught."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from ludolab.core import ConformanceError, GameState, check_game
from ludolab.core import rng as _rng


class Nim(GameState):
    """Take 1 or 2 from a heap of ``heap``; a keyed die may add one back after seat 1 moves.

    Sound by construction: every broken variant below changes exactly one method.
    """

    game_name = "nim"

    def __init__(self, heap: int = 12) -> None:
        self.heap = heap
        self.active = 0
        self.pending = False
        self.rolls = [0, 0]
        self.last = -1

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.heap <= 0

    def is_chance(self) -> bool:
        return self.pending

    def active_seats(self) -> tuple[int, ...]:
        return () if self.pending or self.is_terminal() else (self.active,)

    def legal_moves(self, seat: int) -> Sequence[int]:
        if seat not in self.active_seats():
            return ()
        return (1, 2) if self.heap >= 2 else (1,)

    def apply(self, move: object) -> None:
        self.heap -= move  # type: ignore[operator]
        self.last = self.active
        if self.heap > 0 and self.active == 1:
            self.pending = True
        self.active = 1 - self.active

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return ((0, 0.75), (1, 0.25))

    def chance_key(self) -> tuple[int, int, int]:
        return (_rng.TABLE, _rng.CHANCE, self.rolls[0])

    def apply_chance(self, outcome: object) -> None:
        self.heap += outcome  # type: ignore[operator]
        self.rolls[0] += 1
        self.pending = False

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0, 0.0)
        return (1.0, -1.0) if self.last == 0 else (-1.0, 1.0)

    def clone(self) -> Nim:
        c = type(self)(self.heap)
        c.active, c.pending, c.rolls, c.last = self.active, self.pending, self.rolls[:], self.last
        return c


def test_a_sound_game_passes_and_reports_figures() -> None:
    figures = check_game(lambda seed: Nim(), range(40), check_clone_every=1)
    assert figures["games"] == 40.0
    assert figures["mean_steps"] > 6  # at least 12 / 2 moves per game


class NoMoves(Nim):
    def legal_moves(self, seat: int) -> Sequence[int]:
        return () if self.heap == 5 else super().legal_moves(seat)


class NoMover(Nim):
    def active_seats(self) -> tuple[int, ...]:
        return () if self.heap == 5 and not self.pending else super().active_seats()


class BadSum(Nim):
    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return ((0, 0.75), (1, 0.2))


class ZeroProbability(Nim):
    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return ((0, 1.0), (1, 0.0))


class NoOutcomes(Nim):
    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return ()


class SamplesUnlisted(Nim):
    def sample_chance(self, game_seed: int) -> object:
        return 7


class SharedClone(Nim):
    def clone(self) -> Nim:
        c = super().clone()
        c.rolls = self.rolls  # shares a mutable list with the original
        return c


class SloppyClone(Nim):
    def clone(self) -> Nim:
        c = super().clone()
        c.last = 99  # forgets a field
        return c


class ShortReturns(Nim):
    def returns(self) -> tuple[float, ...]:
        return (1.0,) if self.is_terminal() else (0.0, 0.0)


class Endless(Nim):
    def apply(self, move: object) -> None:
        self.active = 1 - self.active  # never takes anything


_counter = itertools.count()


class Forgetful(Nim):
    """Draws its chance from a global counter instead of the keyed stream."""

    def sample_chance(self, game_seed: int) -> object:
        return next(_counter) % 2


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (NoMoves, r"^seed \d+ step \d+: seat \d has no legal move$"),
        (NoMover, r"^seed \d+ step \d+: non-terminal state with no mover$"),
        (BadSum, r"^seed 0 step \d+: chance probabilities sum to 0\.95$"),
        (ZeroProbability, r"^seed 0 step \d+: non-positive probability$"),
        (NoOutcomes, r"^seed 0 step \d+: chance state with no outcomes$"),
        (SamplesUnlisted, r"^seed 0 step \d+: sampled 7 not listed$"),
        (SharedClone, r"^seed 0 step \d+: changing a clone changed the original$"),
        (SloppyClone, r"^seed 0 step \d+: clone differs from the original$"),
        (ShortReturns, r"^seed 0: returns \(1\.0,\) do not match 2 seats$"),
        (Endless, r"^seed 0: game not over after 500 steps$"),
        (Forgetful, r"^seed \d+: the same seed did not replay the same game$"),
    ],
)
def test_each_broken_property_is_caught(game: type[Nim], message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(lambda seed: game(), range(20), max_steps=500, check_clone_every=1)
