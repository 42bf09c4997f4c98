"""A :class:`~ludolab.arena.runner.GameTask` that plays any :mod:`ludolab.core` game.

:class:`CoreGameTask` is :class:`ludolab.core.task.MatchTask` (every game through
:class:`~ludolab.core.match.Match`, duplicate seating, keyed seeds) with the arena's defaults:
without a schedule it plays the rotation of all bots (:func:`ludolab.arena.schedules.rotation`,
which for two bots alternates the seats), and its records come back as a
:class:`~ludolab.arena.runner.RecordBatch`.

>>> from functools import partial
>>> from ludolab.games.pig import HoldAtPlayer, PigState
>>> task = CoreGameTask(unseeded(partial(PigState, goal=20)),
...                     [partial(HoldAtPlayer, 10), HoldAtPlayer], master_seed=7)
>>> rec = task.run(np.arange(4))
>>> rec["seating"].tolist(), rec["deal"].tolist(), bool(rec["seed"][0] == rec["seed"][1])
([[0, 1], [1, 0], [0, 1], [1, 0]], [0, 0, 1, 1], True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ludolab.arena.runner import RecordBatch
from ludolab.arena.schedules import rotation
from ludolab.core.task import MatchTask, SeatingSchedule, unseeded

__all__ = ["CoreGameTask", "SeatingSchedule", "unseeded"]


@dataclass(frozen=True)
class CoreGameTask(MatchTask):
    """:class:`~ludolab.core.task.MatchTask` defaulting to the rotation of all bots, returning a
    :class:`~ludolab.arena.runner.RecordBatch` (see ``MatchTask`` for the columns)."""

    def __post_init__(self) -> None:
        if self.schedule is None and tuple(self.player_factories):
            object.__setattr__(self, "schedule", rotation(len(tuple(self.player_factories))))
        super().__post_init__()

    def run(self, indices: np.ndarray) -> RecordBatch:  # type: ignore[override]
        """Play the games at ``indices`` and return their records."""
        return RecordBatch(super().run(indices))
