"""Pig from Python, in a notebook: matches between Pig players, summarised and plotted.

>>> from ludolab import pig
>>> result = pig.simulate(["hold:20", "hold:25"], games=200, seed=1, goal=50)
>>> result.games, result.deals, result.goal
(200, 100, 50)
>>> [row["bot"] for row in result.bot_rows()]
['hold:20', 'hold:25']

One of the game facades, with the shape of :mod:`ludolab.dominion` and :mod:`ludolab.poker`:
``prepare`` checks everything and plays nothing, ``simulate`` prepares and runs, and the
:class:`PigResult` has ``summary()``, ``print()``, ``to_dict()``, ``to_frame()`` and ``plot()``.
Players are the specs of ``ludolab pig players`` (``hold:20``, ``random``, ``uct``, ``mc``,
``optimal``, ...). By default every deal (a game seed: the same dice) is played twice with the
seats swapped, and every interval is computed over deals; the same player twice plays each deal
once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludolab.arena import simulation as _sim
from ludolab.arena.simulation import PreparedSimulation
from ludolab.errors import LudolabError
from ludolab.report.terminal import print_simulation, simulation_text

__all__ = ["PigResult", "PreparedSimulation", "prepare", "simulate"]


class PigResult(_sim.SimulationResult):
    """A Pig match's records and summaries, printable and plottable."""

    @property
    def goal(self) -> int:
        """The points a player needs to win."""
        return int(self.settings.get("goal", 100))

    def summary(self) -> str:
        """A plain-text result table (the tables :meth:`print` shows, without colours)."""
        return simulation_text(self)

    def print(self, console: Any = None) -> None:
        """Print the result tables with rich."""
        print_simulation(self, console)

    def plot(self) -> Any:
        """A matplotlib figure: each player's win rate and margin (its score minus the
        other's) with 95% intervals over deals."""
        if not self.games:
            raise LudolabError("no whole deal finished: nothing to plot")
        from ludolab.report import plots  # lazy: matplotlib, fast CLI start

        return plots.plot_bot_results(self.bot_rows(), self.spec.unit)


def prepare(
    bots: Sequence[str],
    games: int = 10_000,
    seed: int = 0,
    *,
    goal: int = 100,
    seating: str = "rotate",
) -> PreparedSimulation:
    """Check everything a match needs (the players' specs, goal, counts) without playing.

    Every user mistake surfaces here as one :class:`LudolabError`, before any game runs.
    """
    return _sim.prepare("pig", [str(b) for b in bots], games, seed,
                        options={"goal": goal}, seating=seating, result_type=PigResult)


def simulate(
    bots: Sequence[str],
    games: int = 10_000,
    seed: int = 0,
    *,
    goal: int = 100,
    seating: str = "rotate",
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PigResult:
    """Play ``games`` games between two Pig players (``bots``, as in every facade: player
    specs such as ``hold:20`` or ``uct``) and return a :class:`PigResult`.

    ``workers`` > 1 or ``backend="ray"`` spread chunks over processes; the records are
    identical whatever the split. Ctrl-C returns the whole deals that finished.
    """
    plan = prepare(bots, games, seed, goal=goal, seating=seating)
    result = plan.run(workers=workers, backend=backend, address=address, chunk_size=chunk_size,
                      progress=progress)
    assert isinstance(result, PigResult)
    return result
