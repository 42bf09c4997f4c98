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


# --- hidden information -------------------------------------------------------------------------


class SecretNim(Nim):
    """Nim where each seat holds a secret number 0-3 that the other cannot see (it decides
    nothing but the returns' size): a sound hidden-information game."""

    perfect_information = False

    def __init__(self, heap: int = 12, secrets: tuple[int, int] = (1, 2)) -> None:
        super().__init__(heap)
        self.secrets = list(secrets)

    def returns(self) -> tuple[float, ...]:
        r = super().returns()
        return tuple(x * (1 + sum(self.secrets)) for x in r)

    def clone(self) -> SecretNim:
        c = super().clone()
        c.secrets = self.secrets[:]
        return c

    def information_state(self, seat: int) -> tuple:
        return (seat, self.heap, self.active, self.pending, tuple(self.rolls), self.last,
                self.secrets[seat])

    def resample(self, seat: int, rng: object) -> SecretNim:
        c = self.clone()
        c.secrets[1 - seat] = int(rng.integers(4))  # type: ignore[attr-defined]
        return c


def secret_factory(game: type[SecretNim]):
    return lambda seed: game(secrets=(seed % 4, (seed // 4) % 4))


def test_a_sound_hidden_information_game_passes() -> None:
    figures = check_game(secret_factory(SecretNim), range(30), check_clone_every=1)
    assert figures["games"] == 30.0
    # and its resample does redraw the hidden secret (else the contract holds trivially)
    s = SecretNim(secrets=(0, 3))
    drawn = {s.resample(0, _rng.stream(5, 0, _rng.RESAMPLE, k)).secrets[1] for k in range(40)}
    assert drawn == {0, 1, 2, 3}


class RedrawsOwnSecret(SecretNim):
    def resample(self, seat: int, rng: object) -> SecretNim:
        c = super().resample(seat, rng)
        c.secrets[seat] = (c.secrets[seat] + 1) % 4
        return c


_draws = itertools.count()


class UnkeyedResample(SecretNim):
    """Draws from a global counter instead of the stream it is given."""

    def resample(self, seat: int, rng: object) -> SecretNim:
        c = self.clone()
        c.secrets[1 - seat] = next(_draws) % 4
        return c


class PeekingResample(SecretNim):
    """A uniform draw of the other three values: looks fair, but reads the true secret."""

    def resample(self, seat: int, rng: object) -> SecretNim:
        c = self.clone()
        other = 1 - seat
        c.secrets[other] = (self.secrets[other] + 1 + int(rng.integers(3))) % 4  # type: ignore[attr-defined]
        return c


class MutatingResample(SecretNim):
    def resample(self, seat: int, rng: object) -> SecretNim:
        self.secrets[1 - seat] = int(rng.integers(4))  # type: ignore[attr-defined]
        return self.clone()


class UnhashableInfo(SecretNim):
    def information_state(self, seat: int) -> list:  # type: ignore[override]
        return list(super().information_state(seat))


class DeniesLegalMoves(SecretNim):
    def resample(self, seat: int, rng: object) -> SecretNim:
        c = super().resample(seat, rng)
        c.heap = 1 if c.heap == 2 else c.heap  # one move left instead of two, unseen by the info
        return c

    def information_state(self, seat: int) -> tuple:
        return (seat, self.active, self.pending, self.secrets[seat])


class PerfectButDraws(Nim):
    """Declares perfect information but its resample consumes randomness."""

    def resample(self, seat: int, rng: object) -> Nim:
        rng.random()  # type: ignore[attr-defined]
        return self.clone()


class PerfectButChanges(Nim):
    def resample(self, seat: int, rng: object) -> Nim:
        c = self.clone()
        c.last = 7
        return c


@pytest.mark.parametrize(
    ("factory", "message"),
    [
        (secret_factory(RedrawsOwnSecret), r"^seed 0 step 1: resample\(0\) changed what seat 0 "
                                           r"observes$"),
        (secret_factory(UnkeyedResample), r"^seed 0 step 1: resample\(0\) is not a function of "
                                          r"its stream$"),
        (secret_factory(PeekingResample), r"^seed 0 step 1: resample\(0\) depends on what seat 0 "
                                          r"cannot see$"),
        (secret_factory(MutatingResample), r"^seed 0 step 1: resample\(0\) changed the original$"),
        (secret_factory(UnhashableInfo), r"^seed 0 step 1: information_state\(0\) is not "
                                         r"hashable$"),
        (secret_factory(DeniesLegalMoves), r"^seed \d+ step \d+: resample\(\d\) changed seat \d's "
                                           r"legal moves$"),
        (lambda seed: PerfectButDraws(), r"^seed 0 step 1: a perfect-information resample drew "
                                         r"from the random stream$"),
        (lambda seed: PerfectButChanges(), r"^seed 0 step 1: a perfect-information resample "
                                           r"differs from the state$"),
    ],
)
def test_each_broken_hidden_information_property_is_caught(factory, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(factory, range(20), max_steps=500, check_clone_every=1)


def test_a_game_that_declares_hidden_information_must_implement_it() -> None:
    class Undeclared(Nim):
        perfect_information = False

    with pytest.raises(NotImplementedError, match=r"^Undeclared declares hidden information but "
                                                  r"has no information_state$"):
        Undeclared().information_state(0)
    with pytest.raises(NotImplementedError, match=r"^Undeclared declares hidden information but "
                                                  r"has no resample$"):
        Undeclared().resample(0, _rng.stream(1, 0, _rng.RESAMPLE))


def test_a_perfect_information_state_is_its_own_information_state() -> None:
    a, b = Nim(), Nim()
    assert a.information_state(0) == b.information_state(1)
    b.apply(1)
    assert a.information_state(0) != b.information_state(0)
    gen = _rng.stream(3, 0, _rng.RESAMPLE)
    world = a.resample(0, gen)
    assert world is not a and world.heap == a.heap
    assert gen.random() == _rng.stream(3, 0, _rng.RESAMPLE).random()  # nothing was drawn


def test_the_search_purpose_is_the_dominion_kernels() -> None:
    # one purpose for "a search's determinization", in Python and in the compiled Dominion search
    from ludolab.games.dominion.engine import searchkernel as SK

    assert _rng.RESAMPLE == SK.RNG_SEARCH == 7
