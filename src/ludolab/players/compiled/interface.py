"""What a game hands the compiled search: eight numba functions with fixed signatures.

A game with a compiled interface keeps its state in a flat ``int64`` array and supplies, compiled
with ``@njit(<signature>, cache=True)`` using the signatures below:

=================  =====================================  ========================================
kernel slot        signature                              meaning
=================  =====================================  ========================================
``status``         ``status(s) -> int64``                 the seat to move, or :data:`CHANCE`, or
                                                          :data:`TERMINAL`
``legal``          ``legal(s, out) -> int64``             writes the legal action ids (``0 ..
                                                          slots-1``, in the game's order) to
                                                          ``out``, returns how many
``apply``          ``apply(s, action) -> int64``          plays ``action`` for the seat to move
``chance``         ``chance(s, seed) -> int64``           draws the pending chance event from the
                                                          keyed words of ``seed`` (uint64), applies
                                                          it, returns its outcome id (``0 ..
                                                          slots-1``)
``policy``         ``policy(s, cfg, rng) -> int64``       the rollout policy's action; ``rng`` is a
                                                          one-element uint64 SplitMix64 stream
``returns``        ``returns(s, out) -> int64``           writes each seat's return at a terminal
                                                          state
``heuristic``      ``heuristic(s, cfg, out) -> int64``    writes each seat's value of a state
                                                          where a playout is cut, in return units
``quiet``          ``quiet(s, cfg) -> bool``              whether a playout past its horizon may
                                                          stop here
=================  =====================================  ========================================

``cfg`` is a ``float64`` array of the game's own settings (which rollout policy, which heuristic),
passed through untouched by the search. The search receives the functions as
:attr:`CompiledGame.pointers`, each wrapped in a one-element tuple: numba types a tuple of
same-signature functions as a first-class function type (a pointer) rather than by the identity
of the function, so the search is compiled once, cached on disk, and serves every game
(:mod:`ludolab.players.compiled.search`) with no per-game specialisation to compile.

Calls through pointers cannot be inlined. A game may therefore also *bind* the two search
routines to its own functions (:attr:`CompiledGame.bound`): a cached ``@njit`` wrapper per routine
that builds the kernel tuple from its functions inside compiled code and calls the generic
routine, so numba specialises it for that game (inlined, some two to three times faster) and
caches the specialisation with the wrapper. It is the same one search, instantiated per game like
a template; games that do not bind run it through pointers.

Chance drawn through a *seed* rather than a stream is what lets the search compare moves on the
same luck: with common random numbers the k-th simulation of every move gets the same seed, and
a game that keys its draws by (seed, seat, purpose, index) then gives each seat the same dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import types

from ludolab.core.game import GameState, Move

#: ``status`` of a chance state.
CHANCE = -1
#: ``status`` of a terminal state.
TERMINAL = -2

_S = types.int64[::1]
_CFG = types.float64[::1]
_OUT = types.float64[::1]
_RNG = types.uint64[::1]

STATUS = types.int64(_S)
LEGAL = types.int64(_S, types.int64[::1])
APPLY = types.int64(_S, types.int64)
CHANCE_DRAW = types.int64(_S, types.uint64)
POLICY = types.int64(_S, _CFG, _RNG)
RETURNS = types.int64(_S, _OUT)
HEURISTIC = types.int64(_S, _CFG, _OUT)
QUIET = types.boolean(_S, _CFG)

#: The signatures in kernel order.
SIGNATURES = (STATUS, LEGAL, APPLY, CHANCE_DRAW, POLICY, RETURNS, HEURISTIC, QUIET)


@dataclass(frozen=True)
class CompiledGame:
    """A game's compiled interface for the search.

    ``kernel`` holds the eight functions in the order of :data:`SIGNATURES`; ``slots`` bounds
    every action and outcome id; ``encode`` turns a :class:`~ludolab.core.GameState` into the
    ``int64`` state array; ``moves`` maps action ids to the game's moves; ``config`` is the
    ``cfg`` array handed to ``policy``, ``heuristic`` and ``quiet``. ``bound`` optionally holds
    the game's specialised ``(flat_run, uct_run)``: the routines of
    :mod:`~ludolab.players.compiled.search` without their first argument.
    """

    name: str
    kernel: tuple[Any, ...]
    num_players: int
    slots: int
    encode: Callable[[GameState], np.ndarray]
    moves: Sequence[Move]
    config: np.ndarray
    bound: tuple[Callable[..., None], Callable[..., None]] | None = None

    def __post_init__(self) -> None:
        if len(self.kernel) != len(SIGNATURES):
            raise ValueError(f"a compiled game needs {len(SIGNATURES)} kernel functions, "
                             f"got {len(self.kernel)}")
        if self.slots < len(self.moves) or self.slots < 1:
            raise ValueError(f"slots ({self.slots}) must cover the {len(self.moves)} moves")

    @property
    def pointers(self) -> tuple[tuple[Any], ...]:
        """The kernel as the search takes it: each function in a one-element tuple (see the
        module docstring)."""
        return tuple((f,) for f in self.kernel)

    def action_of(self, move: Move) -> int:
        """The action id of ``move``."""
        return list(self.moves).index(move)
