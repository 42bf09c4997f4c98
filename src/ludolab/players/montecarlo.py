"""Flat Monte Carlo: try each move many times with playouts, keep the best average."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ludolab.core.game import GameState, Move
from ludolab.core.player import Player
from ludolab.players.base import (
    Budget,
    Heuristic,
    Judge,
    RandomPlayer,
    Worlds,
    apply_moves,
    check_search_settings,
    keys_its_chance,
    playout,
    value_scale_for,
)


class MonteCarloPlayer:
    """Flat Monte Carlo search (Ludorum's ``MonteCarloPlayer``).

    Simulations go to the legal moves in turn (round robin, so each move gets the same share);
    each applies the move to a copy of the state and plays it out with ``rollout`` (random by
    default) until the end, or until ``horizon`` moves have been played, where ``heuristic``
    judges the state (see :class:`~ludolab.players.base.Judge` for ``quiet`` and
    ``win_values``). The move with the best mean value for the player's seat wins (ties go to the
    first legal move).

    With ``paired`` (the default) the moves are compared on the same luck: each round of
    simulations (one per move) draws its chance from the game's keyed streams of one fresh seed,
    so that in Pig every branch rolls the same dice per seat (common random numbers; a far
    smaller error for the same number of simulations). Games that do not key their chance
    (the default ``chance_key``) fall back to independent draws.

    In a game with hidden information (``perfect_information`` False) the player never plays
    out the true state: each round draws a determinization from its seat's information set
    (:class:`~ludolab.players.base.Worlds`, keyed by the round number) and every move of the
    round is tried in that same world, so moves are compared on the same guess of the hidden
    cards as well as on the same luck.

    Parameters: ``simulations`` (total over all moves), ``time_cap`` (seconds per decision;
    None or 0 for no cap: then the choice is reproducible from the player's random stream),
    ``horizon`` (moves, chance draws not counted; None plays to the end), ``heuristic``
    (``f(state, seat)`` in the units of the returns, required with a horizon), ``rollout`` (any
    :class:`~ludolab.core.Player`), ``value_scale`` (default: the game's ``return_bound()``).

    ``last_search`` keeps ``{move: (simulations, mean scaled value)}`` of the latest decision.
    """

    def __init__(
        self,
        simulations: int = 1000,
        *,
        time_cap: float | None = None,
        horizon: int | None = None,
        heuristic: Heuristic | None = None,
        rollout: Player | None = None,
        paired: bool = True,
        win_values: bool = False,
        quiet: Callable[[GameState], bool] | None = None,
        value_scale: float | None = None,
        name: str | None = None,
    ) -> None:
        check_search_settings(simulations, time_cap, horizon, heuristic, value_scale)
        self.simulations = int(simulations)
        self.time_cap = time_cap or None
        self.horizon = horizon
        self.heuristic = heuristic
        self.rollout: Player = rollout if rollout is not None else RandomPlayer()
        self.paired = paired
        self.win_values = win_values
        self.quiet = quiet
        self.value_scale = value_scale
        self.name = name or f"mc:simulations={self.simulations}" + (
            f",horizon={horizon}" if horizon else ""
        )
        self.last_search: dict[Move, tuple[int, float]] = {}

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        """The legal move with the best mean playout value for ``seat``."""
        moves = list(state.legal_moves(seat))
        if len(moves) == 1:
            self.last_search = {moves[0]: (0, 0.0)}
            return moves[0]
        n = len(moves)
        judge = Judge(
            self.heuristic, value_scale_for(state, self.value_scale), self.win_values, self.quiet
        )
        totals = [0.0] * n
        counts = [0] * n
        budget = Budget(self.simulations, self.time_cap, minimum=n)
        left = None if self.horizon is None else self.horizon - 1
        paired = self.paired and keys_its_chance(state)
        chance_seed = None
        sim_rng = rng
        if paired:  # one stream per round, rewound for each move of the round
            bits = np.random.Philox(0)
            sim_rng = np.random.Generator(bits)
            start = bits.state
        worlds = Worlds(state, seat, rng)
        world = state
        i = 0
        while budget.more():
            m = i % n
            if worlds.hidden and m == 0:
                world = worlds.world(i // n)  # round i // n: one world for all its moves
            i += 1
            if paired:
                if m == 0:
                    chance_seed = int(rng.integers(1 << 62))
                    bits = np.random.Philox(key=chance_seed)
                    sim_rng = np.random.Generator(bits)
                    start = bits.state
                else:
                    bits.state = start
            s = world.clone()
            apply_moves(s, seat, moves[m], self.rollout, sim_rng)
            values = playout(s, left, self.rollout, judge, sim_rng, chance_seed)
            totals[m] += values[seat]
            counts[m] += 1
        means = [totals[m] / counts[m] if counts[m] else float("-inf") for m in range(n)]
        self.last_search = {moves[m]: (counts[m], means[m]) for m in range(n)}
        best = max(range(n), key=lambda m: means[m])
        return moves[best]

    def __repr__(self) -> str:
        return (
            f"MonteCarloPlayer(simulations={self.simulations}, time_cap={self.time_cap}, "
            f"horizon={self.horizon}, rollout={self.rollout!r}, paired={self.paired}, "
            f"win_values={self.win_values})"
        )
