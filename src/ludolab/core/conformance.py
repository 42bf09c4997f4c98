"""The conformance check every ludolab game passes (in its own tests).

``check_game(factory, seeds)`` plays random games from many seeds and asserts, at every step:

* a non-terminal decision state has at least one active seat, and every active seat has at
  least one legal move;
* a chance state lists outcomes with positive probabilities that sum to 1, and the keyed sample
  is one of them;
* ``clone()`` is independent: changing the clone leaves the original unchanged (compared through
  ``pickle``, so a game only has to be picklable);
* hidden information (every ``check_clone_every`` steps, for every seat): the information
  state is hashable; ``resample(seat, rng)`` leaves the original unchanged, keeps the seat's
  information state, the seats to move and the seat's own legal moves, gives the same state for
  the same keyed stream ``(seed, seat, RESAMPLE, step)``, and gives that same state again when
  it resamples one of its own resamples (so it reads only what the seat observed: a resample
  that kept or used the true hidden cards would differ); a game declaring
  ``perfect_information`` resamples to an equal state and draws nothing from the stream;
* ``returns()`` has one number per seat at the end;
* the game ends within ``max_steps``;
* the same seed replays the same game (identical history and returns).

Failures raise :class:`ConformanceError` naming the seed and step.
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable, Iterable

import numpy as np

from ludolab.core import rng as _rng
from ludolab.core.game import GameState


class ConformanceError(AssertionError):
    """A game broke the generic API contract."""


def _random_playthrough(
    factory: Callable[[int], GameState], seed: int, max_steps: int, check_clone_every: int
) -> tuple[list, tuple[float, ...], int]:
    state = factory(seed)
    gen = _rng.stream(seed, _rng.TABLE, _rng.PLAYER)
    history: list = []
    steps = 0
    while not state.is_terminal():
        if steps >= max_steps:
            raise ConformanceError(f"seed {seed}: game not over after {max_steps} steps")
        steps += 1
        if steps % check_clone_every == 0:
            _check_clone(state, seed, steps)
            _check_information(state, seed, steps)
        if state.is_chance():
            outcomes = list(state.chance_outcomes())
            if not outcomes:
                raise ConformanceError(f"seed {seed} step {steps}: chance state with no outcomes")
            total = sum(p for _, p in outcomes)
            if not math.isclose(total, 1.0, rel_tol=0, abs_tol=1e-9):
                raise ConformanceError(
                    f"seed {seed} step {steps}: chance probabilities sum to {total}"
                )
            if any(p <= 0 for _, p in outcomes):
                raise ConformanceError(f"seed {seed} step {steps}: non-positive probability")
            outcome = state.sample_chance(seed)
            if outcome not in [o for o, _ in outcomes]:
                raise ConformanceError(f"seed {seed} step {steps}: sampled {outcome!r} not listed")
            state.apply_chance(outcome)
            history.append(("chance", outcome))
            continue
        seats = state.active_seats()
        if not seats:
            raise ConformanceError(f"seed {seed} step {steps}: non-terminal state with no mover")
        joint = {}
        for seat in seats:
            moves = list(state.legal_moves(seat))
            if not moves:
                raise ConformanceError(f"seed {seed} step {steps}: seat {seat} has no legal move")
            joint[seat] = moves[int(gen.integers(len(moves)))]
        if len(seats) == 1:
            state.apply(joint[seats[0]])
        else:
            state.apply_joint(joint)
        history.append(("move", tuple(sorted(joint.items()))))
    returns = tuple(float(r) for r in state.returns())
    if len(returns) != state.num_players:
        raise ConformanceError(
            f"seed {seed}: returns {returns} do not match {state.num_players} seats"
        )
    return history, returns, steps


def _check_clone(state: GameState, seed: int, step: int) -> None:
    before = pickle.dumps(state)
    copy = state.clone()
    if pickle.dumps(copy) != before:
        raise ConformanceError(f"seed {seed} step {step}: clone differs from the original")
    if copy.is_terminal():
        return
    # A state with no outcome or no move is left to the main loop, which names the problem.
    if copy.is_chance():
        outcomes = copy.chance_outcomes()
        if not outcomes:
            return
        copy.apply_chance(outcomes[0][0])
    else:
        seats = copy.active_seats()
        if not seats or any(not copy.legal_moves(s) for s in seats):
            return
        if len(seats) == 1:
            copy.apply(copy.legal_moves(seats[0])[0])
        else:
            copy.apply_joint({s: copy.legal_moves(s)[0] for s in seats})
    if pickle.dumps(state) != before:
        raise ConformanceError(f"seed {seed} step {step}: changing a clone changed the original")


def _check_information(state: GameState, seed: int, step: int) -> None:
    """The hidden-information contract at one state, for every seat (see the module doc)."""
    before = pickle.dumps(state)
    where = f"seed {seed} step {step}"
    for seat in range(state.num_players):
        info = state.information_state(seat)
        try:
            hash(info)
        except TypeError:
            raise ConformanceError(
                f"{where}: information_state({seat}) is not hashable"
            ) from None
        gen = _rng.stream(seed, seat, _rng.RESAMPLE, step)
        world = state.resample(seat, gen)
        if pickle.dumps(state) != before:
            raise ConformanceError(f"{where}: resample({seat}) changed the original")
        if state.perfect_information:
            if gen.random() != _rng.stream(seed, seat, _rng.RESAMPLE, step).random():
                raise ConformanceError(
                    f"{where}: a perfect-information resample drew from the random stream"
                )
            if pickle.dumps(world) != before:
                raise ConformanceError(
                    f"{where}: a perfect-information resample differs from the state"
                )
        if world.information_state(seat) != info:
            raise ConformanceError(f"{where}: resample({seat}) changed what seat {seat} observes")
        if world.is_chance() != state.is_chance() or world.active_seats() != state.active_seats():
            raise ConformanceError(f"{where}: resample({seat}) changed who moves next")
        if seat in state.active_seats() and list(world.legal_moves(seat)) != list(
            state.legal_moves(seat)
        ):
            raise ConformanceError(f"{where}: resample({seat}) changed seat {seat}'s legal moves")
        shown = pickle.dumps(world)
        again = state.resample(seat, _rng.stream(seed, seat, _rng.RESAMPLE, step))
        if pickle.dumps(again) != shown:
            raise ConformanceError(f"{where}: resample({seat}) is not a function of its stream")
        twice = world.resample(seat, _rng.stream(seed, seat, _rng.RESAMPLE, step))
        if pickle.dumps(twice) != shown:
            raise ConformanceError(
                f"{where}: resample({seat}) depends on what seat {seat} cannot see"
            )


def check_game(
    factory: Callable[[int], GameState],
    seeds: Iterable[int] = range(50),
    *,
    max_steps: int = 100_000,
    check_clone_every: int = 7,
    replay_seeds: int = 3,
) -> dict[str, float]:
    """Run the conformance check; returns a few figures (games, mean steps) for the test log.

    ``factory(seed)`` builds the initial state of a game (it may use the seed, e.g. for a random
    kingdom).
    """
    seeds = list(seeds)
    steps_seen = []
    first: dict[int, tuple] = {}
    for i, seed in enumerate(seeds):
        history, returns, steps = _random_playthrough(factory, seed, max_steps, check_clone_every)
        steps_seen.append(steps)
        if i < replay_seeds:
            first[seed] = (history, returns)
    for seed, (history, returns) in first.items():
        again, returns2, _ = _random_playthrough(factory, seed, max_steps, check_clone_every)
        if again != history or returns2 != returns:
            raise ConformanceError(f"seed {seed}: the same seed did not replay the same game")
    return {"games": float(len(seeds)), "mean_steps": float(np.mean(steps_seen)) if seeds else 0.0}
