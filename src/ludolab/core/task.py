"""A runner task that plays any :mod:`ludolab.core` game, game by game, through :class:`Match`.

It lives in ``core`` (it knows no game and no arena) so that a game's spec can build it; the
arena's :class:`ludolab.arena.core_task.CoreGameTask` adds the default rotation and hands the
runner a ``RecordBatch``. ``run`` returns the records as a dict of columns.

Games go through :class:`~ludolab.core.match.Match` (one Python step per move: the general path
for every game and every player, search players included; a game with a compiled batch engine,
like Dominion, brings its own task). Global game ``g`` is deal ``d`` and trial ``t`` with
``(d, t) = divmod(g, schedule.games_per_deal)``; every trial of a deal is played from the seed
of the deal, ``game_seeds(master_seed, d, 1)``, with the seating of trial ``t``. Since chance is
keyed by ``(seed, seat, purpose, index)``, each seat gets the same luck in every trial: the
bots change seats, the luck stays with the seat (duplicate seating).

Everything in the task is picklable so that worker processes can rebuild it: the state and the
players come from *factories* (module-level functions, classes or ``functools.partial`` of
them), and a fresh player is built for every game so that no player state leaks from one game
into the next (which would make results depend on chunking).

>>> from functools import partial
>>> from ludolab.games.pig import HoldAtPlayer, PigState
>>> class Alternate:  # the seatings of two bots (what arena.schedules.rotation(2) gives)
...     games_per_deal, num_seats = 2, 2
...     def seating(self, trial): return ((0, 1), (1, 0))[trial]
>>> task = MatchTask(unseeded(partial(PigState, goal=20)),
...                  [partial(HoldAtPlayer, 10), HoldAtPlayer], master_seed=7,
...                  schedule=Alternate())
>>> rec = task.run(np.arange(4))
>>> rec["seating"].tolist(), rec["deal"].tolist(), bool(rec["seed"][0] == rec["seed"][1])
([[0, 1], [1, 0], [0, 1], [1, 0]], [0, 0, 1, 1], True)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ludolab.core.game import GameState
from ludolab.core.match import Match
from ludolab.core.player import Player
from ludolab.core.rng import game_seeds_at
from ludolab.errors import LudolabError

__all__ = ["MatchTask", "SeatingSchedule", "unseeded"]


@runtime_checkable
class SeatingSchedule(Protocol):
    """What :class:`MatchTask` needs of a schedule (:class:`ludolab.arena.schedules.Schedule`
    has it): trials per deal, seats, and the bot index per seat of each trial."""

    @property
    def games_per_deal(self) -> int: ...

    @property
    def num_seats(self) -> int: ...

    def seating(self, trial: int) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class _Unseeded:
    factory: Callable[[], GameState]

    def __call__(self, seed: int) -> GameState:
        return self.factory()


def unseeded(factory: Callable[[], GameState]) -> Callable[[int], GameState]:
    """A ``state_factory`` for games whose start does not depend on the seed (Pig): it calls
    ``factory()`` and ignores the seed (picklable, unlike a lambda)."""
    return _Unseeded(factory)


def _takes_deal(seating: Callable[..., Any]) -> bool:
    """True when ``seating`` accepts a second argument (the deal)."""
    try:
        params = list(inspect.signature(seating).parameters.values())
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return False
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return True
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2


@dataclass(frozen=True)
class MatchTask:
    """Plays games of a core game between bots built by ``player_factories``.

    ``state_factory(seed)`` builds the initial state of a game (it receives the deal's seed as a
    Python int, e.g. for a random setup); ``player_factories[b]()`` builds bot ``b``;
    ``schedule`` decides the seating of each trial (required here; the arena's ``CoreGameTask``
    defaults to the rotation of all bots); ``max_steps`` caps a game (a capped game is recorded
    with ``truncated=True``).

    Records per game (``G`` games, ``P`` seats):

    ========== ================ ===================================================
    index      int64 [G]        global game index
    deal       int64 [G]        deal number (games of one deal share the seed)
    trial      int64 [G]        trial within the deal (which seating)
    block      int64 [G]        schedule block of the trial (bot subset; 0 if none)
    seed       uint64 [G]       game seed (the deal's)
    seating    int16 [G, P]     bot index in each seat
    returns    float64 [G, P]   returns per seat (``state.returns()``)
    winner     bool [G, P]      seats with the highest return (several on a tie)
    steps      int64 [G]        moves and chance events played
    truncated  bool [G]         stopped by ``max_steps`` before the end
    ========== ================ ===================================================
    """

    state_factory: Callable[[int], GameState]
    player_factories: Sequence[Callable[[], Player]]
    master_seed: int = 0
    schedule: Any = None
    max_steps: int = 1_000_000
    preferred_chunk_size: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        factories = tuple(self.player_factories)
        if not factories:
            raise LudolabError(f"a {type(self).__name__} needs at least one player")
        for i, f in enumerate(factories):
            if not callable(f):
                raise LudolabError(f"player factory {i} is not callable: {f!r}")
        if not callable(self.state_factory):
            raise LudolabError(f"state_factory is not callable: {self.state_factory!r}")
        object.__setattr__(self, "player_factories", factories)
        schedule = self.schedule
        if schedule is None:
            raise LudolabError(f"a {type(self).__name__} needs a schedule")
        for attr in ("games_per_deal", "num_seats", "seating"):
            if not hasattr(schedule, attr):
                raise LudolabError(f"schedule {schedule!r} has no {attr!r}")
        if schedule.games_per_deal < 1:
            raise LudolabError(f"schedule plays {schedule.games_per_deal} games per deal")
        object.__setattr__(self, "schedule", schedule)
        object.__setattr__(self, "_deal_seating", _takes_deal(schedule.seating))
        if self.max_steps < 1:
            raise LudolabError(f"max_steps must be at least 1, got {self.max_steps}")

    def seating_of(self, deal: int, trial: int) -> tuple[int, ...]:
        """Bot index per seat for ``trial`` of ``deal`` (checked against the bots we have)."""
        if self._deal_seating:  # a schedule whose seating varies by deal (independent games)
            seats = tuple(int(b) for b in self.schedule.seating(trial, deal))
        else:
            seats = tuple(int(b) for b in self.schedule.seating(trial))
        bad = [b for b in seats if not 0 <= b < len(self.player_factories)]
        if bad:
            raise LudolabError(
                f"the schedule seats bot {bad[0]} but only {len(self.player_factories)} "
                "player(s) were given"
            )
        return seats

    def _block_of(self, trial: int) -> int:
        block_of = getattr(self.schedule, "block_of", None)
        return int(block_of(trial)) if callable(block_of) else 0

    def play(self, index: int) -> tuple[Any, tuple[int, ...], int]:
        """Play global game ``index``: ``(MatchResult, seating, seed)`` (for inspection)."""
        deal, trial = divmod(int(index), self.schedule.games_per_deal)
        seed = int(game_seeds_at(self.master_seed, [deal])[0])
        seating = self.seating_of(deal, trial)
        state = self.state_factory(seed)
        if state.num_players != len(seating):
            raise LudolabError(
                f"the schedule seats {len(seating)} players but {state.game_name} has "
                f"{state.num_players} seats"
            )
        players = [self.player_factories[b]() for b in seating]
        result = Match(state, players, seed=seed, max_steps=self.max_steps).run()
        return result, seating, seed

    def run(self, indices: np.ndarray) -> dict[str, np.ndarray]:
        """Play the games at ``indices`` and return their records (see the class docstring)."""
        idx = np.asarray(indices, dtype=np.int64)
        n = len(idx)
        gpd = self.schedule.games_per_deal
        deals, trials = np.divmod(idx, gpd)
        seats = int(self.schedule.num_seats)
        seed_col = game_seeds_at(self.master_seed, deals)
        seating = np.zeros((n, seats), dtype=np.int16)
        returns = np.zeros((n, seats), dtype=np.float64)
        winner = np.zeros((n, seats), dtype=bool)
        steps = np.zeros(n, dtype=np.int64)
        truncated = np.zeros(n, dtype=bool)
        blocks = np.zeros(n, dtype=np.int64)
        for row, g in enumerate(idx):
            result, seat_bots, _ = self.play(int(g))
            if len(seat_bots) != seats:
                raise LudolabError(
                    f"the schedule says {seats} seats but seats {len(seat_bots)} bots in trial "
                    f"{int(trials[row])}"
                )
            seating[row] = seat_bots
            returns[row] = result.returns
            winner[row, list(result.winners())] = True
            steps[row] = result.steps
            truncated[row] = result.truncated
            blocks[row] = self._block_of(int(trials[row]))
        return {
            "index": idx,
            "deal": deals,
            "trial": trials,
            "block": blocks,
            "seed": seed_col,
            "seating": seating,
            "returns": returns,
            "winner": winner,
            "steps": steps,
            "truncated": truncated,
        }
