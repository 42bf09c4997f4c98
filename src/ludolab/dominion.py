"""Dominion from Python, in a notebook: simulate bots, summarise, plot.

>>> from ludolab import dominion
>>> result = dominion.simulate(["Big Money", "Smithy Big Money"], games=2_000, seed=7)
>>> result.games
2000
>>> sorted(result.bots)
['Big Money', 'Smithy Big Money']
>>> len(result.to_frame()) == result.games   # one row per game (pandas: ludolab[notebook])
True

This module is one of the game facades (:mod:`ludolab.dominion`, :mod:`ludolab.poker`,
:mod:`ludolab.pig`), the layer between ``cli``/``web`` and ``evolve``/``arena``/``report``:
each has ``prepare`` (check everything, play nothing), ``simulate`` (prepare and run), and a
result with ``summary()``, ``print()``, ``to_dict()``, ``to_frame()`` and ``plot()``. It composes
the arena's generic simulation (:mod:`ludolab.arena.simulation`, Dominion through its registered
spec), the terminal tables (:mod:`ludolab.report.terminal`) and the figures
(:mod:`ludolab.report.plots`), so the game package itself imports none of them.

Seating: by default every deal is played in every seating of the bots (``seating="rotate"``:
2 games per deal for 2 bots, 6 for 3, 24 for 4), so each bot gets every seat's shuffles;
``seating="fixed"`` keeps bot *i* in seat *i* (as the documents' own experiments did). The same
bot twice (a mirror match) plays each deal once: the copies keep their seats, so a copy's row is
its seat's row (with a third bot, the copies share the seats evenly). Every interval is computed
over deals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludolab.arena import simulation as _sim
from ludolab.arena.simulation import PreparedSimulation, by_bot
from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.task import BotLike
from ludolab.report import plots
from ludolab.report.terminal import print_simulation, simulation_text

__all__ = ["DominionResult", "PreparedSimulation", "by_bot", "prepare", "simulate"]


class DominionResult(_sim.SimulationResult):
    """A Dominion simulation's records and summaries, printable and plottable."""

    @property
    def kingdom(self) -> list[int]:
        """The kingdom's card ids."""
        return [card_id(name) for name in self.settings.get("kingdom", ())]

    @property
    def rules(self) -> str:
        """The rule-set spec the games were played under."""
        return str(self.settings.get("rules", "official"))

    def summary(self) -> str:
        """A plain-text result table (what the CLI prints, without colours)."""
        return simulation_text(self)

    def print(self, console: Any = None) -> None:
        """Print the result tables with rich."""
        print_simulation(self, console)

    def plot(self) -> Any:
        """A matplotlib figure: each bot's win rate and VP margin with 95% intervals over
        deals (:meth:`plot_vp_by_turn` draws the per-turn curves of ``turn_stats=True``)."""
        if not self.games:
            raise LudolabError("no whole deal finished: nothing to plot")
        return plots.plot_bot_results(self.bot_rows(), self.spec.unit)

    def plot_vp_by_turn(self) -> Any:
        """A matplotlib figure of average VP by turn per bot (needs ``turn_stats=True``)."""
        if "turn_vp" not in self.records:
            raise LudolabError("no per-turn data: run simulate(..., turn_stats=True)")
        return plots.plot_vp_by_turn(self.records["turn_vp"], self.records["seating"], self.bots,
                                     turns=self.records["turns"])


def prepare(
    bots: Sequence[BotLike],
    games: int = 10_000,
    seed: int = 0,
    *,
    kingdom: str | Sequence[str] | None = None,
    rules: str = "official",
    seating: str = "rotate",
    turn_stats: bool = False,
) -> PreparedSimulation:
    """Check everything a simulation needs (bots, kingdom, rules, counts) without playing.

    Every user mistake surfaces here as one :class:`LudolabError`, before any game runs.
    """
    return _sim.prepare("dominion", list(bots), games, seed,
                        options={"kingdom": kingdom, "rules": rules}, seating=seating,
                        turn_stats=turn_stats, result_type=DominionResult)


def simulate(
    bots: Sequence[BotLike],
    games: int = 10_000,
    seed: int = 0,
    *,
    kingdom: str | Sequence[str] | None = None,
    rules: str = "official",
    seating: str = "rotate",
    turn_stats: bool = False,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DominionResult:
    """Play ``games`` games between ``bots`` and return a :class:`DominionResult`.

    ``bots``: 1 to 6 bot names (the library), paths to bot files, ``BotSpec`` or ``CompiledBot``.
    ``kingdom``: see :func:`ludolab.games.dominion.kingdom.resolve_kingdom` (default: the cards the
    bots need). ``rules``: a rule-set spec such as ``"official"`` or ``"official,turn_cap=60"``.
    ``workers`` > 1 or ``backend="ray"`` spread chunks over processes through
    :func:`ludolab.arena.runner.run_games`; the records are identical whatever the split.
    Ctrl-C returns the whole deals that finished, with ``interrupted=True``.
    """
    prepared = prepare(bots, games, seed, kingdom=kingdom, rules=rules, seating=seating,
                       turn_stats=turn_stats)
    result = prepared.run(workers=workers, backend=backend, address=address,
                          chunk_size=chunk_size, progress=progress)
    assert isinstance(result, DominionResult)
    return result
