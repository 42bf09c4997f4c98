"""Pieces shared by the game-independent players: the random player, playouts, value scaling."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ludolab.core import rng as _rng
from ludolab.core.game import GameState, Move
from ludolab.core.player import Player

#: ``heuristic(state, seat)``: how good a non-terminal ``state`` is for ``seat``, in the units of
#: the game's returns (e.g. Pig's score difference).
Heuristic = Callable[[GameState, int], float]


class RandomPlayer:
    """Picks one of the legal moves uniformly at random (from the player's own keyed stream)."""

    name = "random"

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        """A uniformly random legal move."""
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        return moves[int(rng.random() * len(moves))]

    def __repr__(self) -> str:
        return "RandomPlayer()"


def apply_moves(
    state: GameState, seat: int, move: Move, others: Player, rng: np.random.Generator
) -> None:
    """Apply ``seat``'s ``move``; at a simultaneous state the other active seats ask ``others``."""
    seats = state.active_seats()
    if len(seats) == 1:
        state.apply(move)
        return
    joint = {s: (move if s == seat else others.choose(state, s, rng)) for s in seats}
    state.apply_joint(joint)


@dataclass(frozen=True, slots=True)
class Judge:
    """How a search values the state where a simulation stops, scaled to about [-1, 1].

    * At the end of the game: the returns divided by ``scale``; or, with ``win_values``, the
      outcome (1 for the sole best seat, 0 for seats tied for best, -1 for the others), which
      makes the search play to win rather than to maximise the margin.
    * At the horizon: ``heuristic(state, seat) / scale``. With a ``quiet`` predicate the cut waits
      for the first decision state it accepts (in Pig: the start of a turn, so that no turn's
      points are left hanging), playing on with the rollout policy until then.
    """

    heuristic: Heuristic | None = None
    scale: float = 1.0
    win_values: bool = False
    quiet: Callable[[GameState], bool] | None = None

    def terminal(self, state: GameState) -> tuple[float, ...]:
        """Values of a finished game."""
        returns = state.returns()
        if self.win_values:
            return outcome_values(returns)
        return tuple(float(r) / self.scale for r in returns)

    def cut(self, state: GameState) -> tuple[float, ...]:
        """Values of a state judged by the heuristic."""
        h = self.heuristic
        assert h is not None
        return tuple(float(h(state, s)) / self.scale for s in range(state.num_players))

    def can_cut(self, state: GameState) -> bool:
        """Whether a simulation past its horizon may stop at this decision state."""
        return self.quiet is None or self.quiet(state)


def playout(
    state: GameState,
    moves_left: int | None,
    policy: Player,
    judge: Judge,
    rng: np.random.Generator,
    chance_seed: int | None = None,
) -> tuple[float, ...]:
    """Play ``state`` forward in place with ``policy`` for every seat and return the values.

    Chance is drawn from ``rng`` with the state's own probabilities, or, given ``chance_seed``,
    from the game's keyed streams of that seed (``state.sample_chance(chance_seed)``), so that
    playouts with the same seed get the same luck per seat. The playout stops at the end of the
    game or, when ``moves_left`` is not None, once that many more moves have been played and the
    judge may cut (chance draws are not moves). Values come from ``judge``.
    """
    while not state.is_terminal():
        if state.is_chance():
            if chance_seed is None:
                state.apply_chance(state.sample_chance_with(rng))
            else:
                state.apply_chance(state.sample_chance(chance_seed))
            continue
        if moves_left is not None:
            if moves_left <= 0 and judge.can_cut(state):
                return judge.cut(state)
            moves_left -= 1
        seats = state.active_seats()
        if len(seats) == 1:
            state.apply(policy.choose(state, seats[0], rng))
        else:
            state.apply_joint({s: policy.choose(state, s, rng) for s in seats})
    return judge.terminal(state)


def outcome_values(returns: Sequence[float]) -> tuple[float, ...]:
    """Win/tie/loss values of terminal returns: 1 for the sole best seat, 0 for seats tied for
    best, -1 for the others (in Pig: the sign of the score difference)."""
    best = max(returns)
    tied = sum(1 for r in returns if r == best) > 1
    return tuple((0.0 if tied else 1.0) if r == best else -1.0 for r in returns)


class Worlds:
    """The states a search may look at for ``seat``: determinizations drawn from its
    information set (``GameState.resample``), never the true state of a hidden-information game.

    ``world(k)`` is the k-th determinization of this decision, drawn from the keyed stream
    ``(search seed, seat, RESAMPLE, k)``; the search seed is drawn once from the player's stream
    at the start of the decision. So the k-th world depends only on what the seat has observed
    and on the player's stream: the same decision searched twice with the same stream sees the
    same worlds, whatever the hidden truth is. For a perfect-information game ``world(k)`` is a
    plain clone and nothing is drawn, so the player's stream (and every game it plays) is
    exactly what it was before determinization existed.
    """

    __slots__ = ("hidden", "search_seed", "seat", "state")

    def __init__(self, state: GameState, seat: int, rng: np.random.Generator) -> None:
        self.state = state
        self.seat = seat
        self.hidden = not state.perfect_information
        self.search_seed = int(rng.integers(1 << 62)) if self.hidden else 0

    def world(self, k: int) -> GameState:
        """A fresh state to search: the k-th determinization (a clone if nothing is hidden)."""
        if not self.hidden:
            return self.state.clone()
        return self.state.resample(
            self.seat, _rng.stream(self.search_seed, self.seat, _rng.RESAMPLE, k)
        )


def keys_its_chance(state: GameState) -> bool:
    """Whether the game names whose luck each chance draw is (overrides ``chance_key``).

    Only then can playouts share luck through keyed draws; the default key is the same for every
    draw.
    """
    return type(state).chance_key is not GameState.chance_key


def value_scale_for(state: GameState, value_scale: float | None) -> float:
    """The divisor that brings returns to about [-1, 1]: the given scale, the game's bound, or 1."""
    if value_scale is not None:
        return float(value_scale)
    bound = state.return_bound()
    return float(bound) if bound else 1.0


class Budget:
    """A simulation budget: at most ``simulations`` runs, and at most ``time_cap`` seconds.

    ``minimum`` runs always happen (so every move gets tried), whatever the clock says. With no
    time cap the search is a pure function of the state and the random stream.
    """

    __slots__ = ("deadline", "done", "minimum", "simulations")

    def __init__(self, simulations: int, time_cap: float | None, minimum: int) -> None:
        self.simulations = simulations
        self.minimum = minimum
        self.deadline = time.perf_counter() + time_cap if time_cap else None
        self.done = 0

    def more(self) -> bool:
        """Whether another simulation may start (counts it if so)."""
        if self.done >= self.minimum and (
            self.done >= self.simulations
            or (self.deadline is not None and time.perf_counter() >= self.deadline)
        ):
            return False
        self.done += 1
        return True


def check_search_settings(
    simulations: int,
    time_cap: float | None,
    horizon: int | None,
    heuristic: Heuristic | None,
    value_scale: float | None = None,
) -> None:
    """Raise ``ValueError`` with a clear message for impossible search settings."""
    if value_scale is not None and value_scale <= 0:
        raise ValueError(f"value_scale must be positive, got {value_scale}")
    if simulations < 1:
        raise ValueError(f"simulations must be at least 1, got {simulations}")
    if time_cap is not None and time_cap < 0:
        raise ValueError(f"time_cap must be 0 (off) or more seconds, got {time_cap}")
    if horizon is not None:
        if horizon < 1:
            raise ValueError(f"horizon must be at least 1 move, got {horizon}")
        if heuristic is None:
            raise ValueError("a horizon needs a heuristic to judge the states where it stops")
