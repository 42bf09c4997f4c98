"""The generic game API: what every ludolab game state offers.

Conventions
-----------
* Seats are ``0 .. num_players-1``.
* A state is one of three kinds: a **decision** state (one or more seats are active and must
  move), a **chance** state (nature draws an outcome) or a **terminal** state.
* ``apply(move)`` and ``apply_chance(outcome)`` **mutate the state in place** and return
  ``None``; call :meth:`GameState.clone` first to keep the original. In-place updates are what
  keeps search fast; ``clone()`` is cheap (a few small copies).
* Chance is explicit: :meth:`GameState.chance_outcomes` lists ``(outcome, probability)`` pairs
  (a die is six outcomes of 1/6), and :meth:`GameState.chance_key` says whose luck the next
  draw is, so that a :class:`~ludolab.core.match.Match` samples it from the keyed stream
  ``(game seed, seat, purpose, index)`` (see :mod:`ludolab.core.rng`).
* ``returns()`` gives one number per seat at a terminal state (for Pig, the score difference).
* Hidden information is declared: a game whose seats cannot see everything (poker's hole cards,
  Dominion's hands and draw piles) sets :attr:`GameState.perfect_information` to False and
  implements :meth:`GameState.information_state` (what one seat has observed, as a hashable
  value) and :meth:`GameState.resample` (a state drawn from the seat's information set: every
  thing the seat cannot see is redrawn, everything it has observed is kept). These are
  OpenSpiel's ``information_state_string`` and ``resample_from_infostate``. A search player
  never searches the true state of such a game: it searches resampled ones (see
  ``docs/design/hidden-information.md``). A perfect-information game (Pig: its die is chance,
  not a secret) inherits both: the information state is the whole state and ``resample`` is a
  clone that draws nothing.
"""

from __future__ import annotations

import pickle
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from ludolab.core import rng as _rng

Move = Hashable
Outcome = Hashable


class GameState(ABC):
    """Abstract base of every game state (see the module docstring for the conventions)."""

    #: A short game name ("pig", "dominion").
    game_name: str = "game"

    #: Whether every seat sees the whole state (chance may still be pending: a die not yet
    #: rolled is no secret). A game with hidden information declares False and implements
    #: :meth:`information_state` and :meth:`resample`.
    perfect_information: ClassVar[bool] = True

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    def is_chance(self) -> bool:
        """True when nature moves next (the default: games without chance)."""
        return False

    @abstractmethod
    def active_seats(self) -> tuple[int, ...]:
        """Seats that must move now: one for turn-based games, several for simultaneous moves.

        Empty at chance and terminal states.
        """

    @abstractmethod
    def legal_moves(self, seat: int) -> Sequence[Move]:
        """The moves ``seat`` may make now (never empty for an active seat)."""

    @abstractmethod
    def apply(self, move: Move) -> None:
        """Play ``move`` for the single active seat, in place."""

    def apply_joint(self, moves: Mapping[int, Move]) -> None:
        """Play one move for each active seat (simultaneous games override this)."""
        seats = self.active_seats()
        if len(seats) != 1 or set(moves) != set(seats):
            raise ValueError(f"expected exactly one move for seats {seats}, got {dict(moves)}")
        self.apply(moves[seats[0]])

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        """``(outcome, probability)`` pairs at a chance state; probabilities sum to 1."""
        raise NotImplementedError(f"{type(self).__name__} has no chance states")

    def apply_chance(self, outcome: Outcome) -> None:
        """Resolve the pending chance event with ``outcome``, in place."""
        raise NotImplementedError(f"{type(self).__name__} has no chance states")

    def chance_key(self) -> tuple[int, int, int]:
        """``(seat, purpose, index)`` of the pending chance draw, for keyed sampling.

        The default names the table as the owner and counts nothing; games should override it
        so that each seat's luck is its own.
        """
        return (_rng.TABLE, _rng.CHANCE, 0)

    def sample_chance(self, game_seed: int) -> Outcome:
        """Draw the pending chance outcome from the keyed stream of this game seed."""
        seat, purpose, index = self.chance_key()
        u = _rng.keyed_uniform(game_seed, seat, purpose, index)
        return pick_outcome(self.chance_outcomes(), u)

    def sample_chance_with(self, generator: Any) -> Outcome:
        """Draw the pending chance outcome from a numpy ``Generator`` (for search rollouts)."""
        return pick_outcome(self.chance_outcomes(), float(generator.random()))

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """One number per seat at a terminal state (zeros before the end)."""

    def return_bound(self) -> float | None:
        """The largest absolute return a seat can get (100 for Pig to 100), or None if unknown.

        Search players divide values by it, so that an exploration constant means the same in
        every game.
        """
        return None

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy: changing one never changes the other."""

    def information_state(self, seat: int) -> Hashable:
        """Everything ``seat`` has observed so far, as a hashable value: two states give ``seat``
        the same value exactly when it cannot tell them apart (its own cards, the public cards
        and actions, what it was shown).

        The default, for perfect-information games, is the whole state (its pickle); a game
        with hidden information must override it.
        """
        if not self.perfect_information:
            raise NotImplementedError(
                f"{type(self).__name__} declares hidden information but has no information_state"
            )
        return pickle.dumps(self)

    def resample(self, seat: int, rng: np.random.Generator) -> GameState:
        """A new state drawn from ``seat``'s information set, given what it has observed.

        What ``seat`` cannot see (other seats' hidden cards, the order of a shuffled pile) is
        redrawn from the numpy ``Generator`` ``rng``; everything it observes is kept, so
        ``resample(seat, rng).information_state(seat) == information_state(seat)``. The result
        is a function of the information state and of ``rng`` (the same keyed stream gives the
        same state) and never of what the seat cannot see. ``self`` is left unchanged.

        The default, for perfect-information games, is :meth:`clone` and draws nothing from
        ``rng`` (a search's random stream is then exactly what it was without it); a game with
        hidden information must override it.
        """
        if not self.perfect_information:
            raise NotImplementedError(
                f"{type(self).__name__} declares hidden information but has no resample"
            )
        return self.clone()

    def current_seat(self) -> int:
        """The single active seat (a convenience for turn-based games)."""
        seats = self.active_seats()
        if len(seats) != 1:
            raise ValueError(f"no single active seat: {seats}")
        return seats[0]


def pick_outcome(outcomes: Sequence[tuple[Outcome, float]], u: float) -> Outcome:
    """The outcome whose cumulative-probability interval contains ``u`` in [0, 1)."""
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if u < acc:
            return outcome
    return outcomes[-1][0]
