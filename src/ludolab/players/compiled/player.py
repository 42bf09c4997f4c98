"""Flat Monte Carlo and UCT players that search inside a game's compiled interface.

They take the settings of :class:`~ludolab.players.MonteCarloPlayer` and
:class:`~ludolab.players.UCTPlayer` and play the same way (see
:mod:`ludolab.players.compiled.search`), some 80 (UCT) to 140 (flat Monte
Carlo) times more simulations per second on Pig (``bench/search.py``). The game supplies a
:class:`~ludolab.players.compiled.interface.CompiledGame` whose ``config`` already says which
rollout policy, heuristic and cut to use.

Randomness: each decision draws one 64-bit seed from the player's ``rng`` (its keyed stream) and
the search runs on a SplitMix64 stream from it, so without a time cap a decision is a pure
function of the state and the stream.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterator

import numpy as np
from numba.core.errors import NumbaExperimentalFeatureWarning

from ludolab.core.game import GameState, Move
from ludolab.core.rngjit import mix64
from ludolab.players.base import check_search_settings
from ludolab.players.compiled import search
from ludolab.players.compiled.interface import CompiledGame

#: Simulations between two looks at the clock when a time cap is set.
CLOCK_CHUNK = 64
#: Most tree nodes a UCT decision allocates (a node per new move or chance outcome).
MAX_NODES = 1 << 22



def _quietly(run: Callable[..., None], *args: object) -> None:
    """Call a compiled search routine without numba's "experimental" warning about passing
    functions as values, which the search relies on deliberately (one search for all games)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaExperimentalFeatureWarning)
        run(*args)


class _CompiledSearch:
    """Settings, validation and the time-budget loop shared by both compiled players."""

    kind = "search"

    def __init__(
        self,
        game: CompiledGame,
        simulations: int = 1000,
        *,
        time_cap: float | None = None,
        horizon: int | None = None,
        paired: bool = True,
        win_values: bool = False,
        value_scale: float | None = None,
        name: str | None = None,
    ) -> None:
        # the game's compiled interface always has a heuristic for the horizon
        check_search_settings(simulations, time_cap, None, None, value_scale)
        if horizon is not None and horizon < 1:
            raise ValueError(f"horizon must be at least 1 move, got {horizon}")
        self.game = game
        self.simulations = int(simulations)
        self.time_cap = time_cap or None
        self.horizon = horizon
        self.paired = paired
        self.win_values = win_values
        self.value_scale = value_scale
        self.name = name or f"{self.kind}:simulations={self.simulations}"
        self.last_search: dict[Move, tuple[int, float]] = {}

    def _scale(self, state: GameState) -> float:
        if self.value_scale is not None:
            return float(self.value_scale)
        bound = state.return_bound()
        return float(bound) if bound else 1.0

    def _chunks(self, minimum: int) -> Iterator[tuple[int, int]]:
        """Chunk sizes up to ``simulations``, stopping at the time cap once ``minimum`` ran."""
        deadline = time.perf_counter() + self.time_cap if self.time_cap else None
        done = 0
        while done < self.simulations:
            step = self.simulations - done
            if deadline is not None:
                step = min(step, max(CLOCK_CHUNK, minimum - done))
            yield done, step
            done += step
            if deadline is not None and done >= minimum and time.perf_counter() >= deadline:
                return

    def _routine(self, which: int) -> tuple[Callable[..., None], ...]:
        """``(routine, leading args)`` for flat Monte Carlo (0) or UCT (1): the game's bound
        specialisation, or the generic routine through pointers."""
        if self.game.bound is not None:
            return (self.game.bound[which],)
        return ((search.flat_run, search.uct_run)[which], self.game.pointers)

    def _legal(self, state: GameState, seat: int) -> list[Move]:
        if not state.perfect_information:  # it would search the true state: refuse to peek
            raise ValueError(
                f"the compiled {self.kind} search has no determinization; {state.game_name} has "
                "hidden information (use the Python mc or uct players)"
            )
        return list(state.legal_moves(seat))


class CompiledMonteCarloPlayer(_CompiledSearch):
    """Flat Monte Carlo in the compiled search (the compiled twin of
    :class:`~ludolab.players.MonteCarloPlayer`): round robin over the legal moves, the best mean
    wins (ties: the first legal move)."""

    kind = "mc"

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        """The legal move with the best mean playout value for ``seat``."""
        moves = self._legal(state, seat)
        if len(moves) == 1:
            self.last_search = {moves[0]: (0, 0.0)}
            return moves[0]
        g = self.game
        actions = np.array([g.action_of(m) for m in moves], dtype=np.int64)
        n = len(moves)
        root = g.encode(state)
        counts = np.zeros(n, dtype=np.int64)
        totals = np.zeros(n)
        meta = np.zeros(search.META_LEN, dtype=np.int64)
        stream = np.array([mix64(np.uint64(int(rng.integers(1 << 63))))], dtype=np.uint64)
        sim_rng = np.zeros(1, dtype=np.uint64)
        s = root.copy()
        raw = np.zeros(g.num_players)
        values = np.zeros(g.num_players)
        horizon = -1 if self.horizon is None else self.horizon
        scale = self._scale(state)
        for first, count in self._chunks(n):
            _quietly(*self._routine(0), root, g.config, seat, actions, first, count,
                     horizon, self.win_values, scale, self.paired, counts, totals, meta, stream,
                     s, raw, values, sim_rng)
        means = [float(totals[m] / counts[m]) if counts[m] else float("-inf") for m in range(n)]
        self.last_search = {moves[m]: (int(counts[m]), means[m]) for m in range(n)}
        return moves[max(range(n), key=lambda m: means[m])]

    def __repr__(self) -> str:
        return (f"CompiledMonteCarloPlayer({self.game.name}, simulations={self.simulations}, "
                f"time_cap={self.time_cap}, horizon={self.horizon}, paired={self.paired}, "
                f"win_values={self.win_values})")


class CompiledUCTPlayer(_CompiledSearch):
    """UCT in the compiled search (the compiled twin of :class:`~ludolab.players.UCTPlayer` for
    turn-based games): UCB1 per seat, chance drawn by its probabilities, the most visited root
    move wins (ties: the better mean, then the first legal move)."""

    kind = "uct"

    def __init__(self, game: CompiledGame, simulations: int = 1000, *, c: float = 1.0,
                 **settings: object) -> None:
        if c < 0:
            raise ValueError(f"the exploration constant c must be 0 or more, got {c}")
        self.c = float(c)
        super().__init__(game, simulations, **settings)  # type: ignore[arg-type]

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        """The most visited move of ``seat`` at the root after the search."""
        moves = self._legal(state, seat)
        if len(moves) == 1:
            self.last_search = {moves[0]: (0, 0.0)}
            return moves[0]
        g = self.game
        slots = g.slots
        cap = min(MAX_NODES, 3 * self.simulations + 8)
        info = np.zeros((cap, search.INFO_COLUMNS), dtype=np.int64)
        acts = np.zeros((cap, slots), dtype=np.int64)
        untried = np.zeros((cap, slots), dtype=np.int64)
        child = np.full((cap, slots), -1, dtype=np.int64)
        edge_n = np.zeros((cap, slots), dtype=np.int64)
        edge_w = np.zeros((cap, slots))
        meta = np.zeros(search.META_LEN, dtype=np.int64)
        meta[search.SIZE] = 1  # the root
        seeds = np.zeros(self.simulations + 1, dtype=np.uint64)
        stream = np.array([mix64(np.uint64(int(rng.integers(1 << 63))))], dtype=np.uint64)
        root = g.encode(state)
        s = root.copy()
        raw = np.zeros(g.num_players)
        values = np.zeros(g.num_players)
        path_node = np.zeros(cap, dtype=np.int64)
        path_act = np.zeros(cap, dtype=np.int64)
        horizon = -1 if self.horizon is None else self.horizon
        scale = self._scale(state)
        for _, count in self._chunks(len(moves)):
            _quietly(*self._routine(1), root, g.config, count, self.c, horizon,
                     self.win_values, scale, self.paired, info, acts, untried, child, edge_n,
                     edge_w, meta, seeds, stream, s, raw, values, path_node, path_act)
        stats = {}
        for m in moves:
            a = g.action_of(m)
            n = int(edge_n[0, a])
            stats[m] = (n, float(edge_w[0, a]) / n if n else 0.0)
        self.last_search = stats
        return max(moves, key=lambda m: stats[m])

    def __repr__(self) -> str:
        return (f"CompiledUCTPlayer({self.game.name}, simulations={self.simulations}, "
                f"c={self.c}, time_cap={self.time_cap}, horizon={self.horizon}, "
                f"paired={self.paired}, win_values={self.win_values})")
