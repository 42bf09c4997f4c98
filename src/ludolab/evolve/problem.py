"""What a game gives the genetic algorithm: its genome, its bots and its fitness task.

The GA loop (:mod:`ludolab.evolve.ga`) names no game. It asks :func:`problem_for` for the
:class:`Problem` of ``config.game``, a name of the game registry (:mod:`ludolab.core.registry`):
an unknown game is the registry's own one-line error (with the nearest name), a registered game
without a genome says which games evolve.

Why the genomes live here, in ``evolve/``, and not in the game packages: a genome is the GA's
vocabulary (rows the DEAP operators cross and mutate), and the layers forbid a game to import
``evolve``; moving that vocabulary into ``core/`` would teach ``core`` about genetic algorithms.
So ``evolve/<game>/`` holds each game's genome, its decoding into the game's own bot data (a
Dominion ``BotSpec``, a poker bot file) and its match task, and depends on the game only through
the game's public bot format and its registered task. Adding a game to evolution is one package
here plus one line in :data:`PROBLEMS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

import ludolab.games  # noqa: F401  (registers the games with the registry, lazily)
from ludolab.core import registry
from ludolab.errors import LudolabError
from ludolab.evolve.fitness import MatchTask
from ludolab.evolve.genome import Genome

if TYPE_CHECKING:  # the config's module imports this one
    from ludolab.evolve.ga import EvolveConfig

__all__ = ["PROBLEMS", "Problem", "problem_for"]

#: Each evolvable game's problem, imported on first use: ``game name -> "module:Class"``.
PROBLEMS: dict[str, str] = {
    "dominion": "ludolab.evolve.dominion.problem:DominionProblem",
    "poker": "ludolab.evolve.poker.problem:PokerProblem",
}


class Problem(Protocol):
    """One game's side of an evolution run (built from the run's :class:`EvolveConfig`).

    ``bot`` objects are the game's decoded bots (data a person can read: what :meth:`render`
    writes); ``compiled`` ones are what its match task plays.
    """

    game: str
    unit: str
    """The unit of the margin, for plots and lines (``VP``, ``sb/hand``)."""
    layout: Any
    """What the genome is defined over; ``layout.names`` names its positions (checkpoints)."""
    base_names: list[str]
    base_bots: list[Any]
    """The ``--against`` opponents, compiled."""

    def random_genome(self) -> Genome:
        """A random genome, drawn from the ``random`` module (the GA seeds it)."""
        ...

    def genome_from_dict(self, data: dict[str, Any]) -> Genome:
        """A genome from its JSON form, checked (one-line error)."""
        ...

    def check_genome(self, genome: Genome) -> None:
        """Raise :class:`LudolabError` for a genome that does not fit the layout."""
        ...

    def decode(self, genome: Genome, name: str, generation: int) -> Any:
        """The bot a genome stands for (readable data, described as evolved at ``generation``)."""
        ...

    def compile(self, bot: Any) -> Any:
        """A decoded bot ready for the match task."""
        ...

    def behaviour(self, bot: Any) -> Hashable:
        """What a bot does, ignoring its name: equal for bots that play alike."""
        ...

    def match_task(self, candidates: Sequence[Any], opponents: Sequence[Any],
                   seeds: np.ndarray, games: int) -> MatchTask:
        """Compiled candidates against compiled opponents on the deals ``seeds``."""
        ...

    def render(self, bot: Any) -> str:
        """The bot's file text (what ``ludolab <game> sim`` reads)."""
        ...


def problem_for(config: EvolveConfig) -> Problem:
    """The problem of ``config.game`` built from ``config`` (one-line errors)."""
    registry.get(config.game)  # an unknown game: the registry's error with the nearest name
    target = PROBLEMS.get(config.game)
    if target is None:
        raise LudolabError(f"game {config.game!r} has no genome to evolve yet; evolvable games: "
                           + ", ".join(sorted(PROBLEMS)))
    module, _, attr = target.partition(":")
    cls = getattr(importlib.import_module(module), attr)
    return cls(config)
