"""Poker's side of an evolution run: a Loki-1 style bot's parameters in duplicate self-play.

The genome (:mod:`.genome`) is the thresholds of a ``loki1`` bot; a decoded genome is a poker
bot file; opponents are any poker bot specs (library names, bot files, baselines); games are
heads-up duplicate hands (:mod:`.fitness`), and the fitness is small bets won per hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ludolab.core import registry
from ludolab.errors import LudolabError
from ludolab.evolve.poker import genome as G
from ludolab.evolve.poker.fitness import PokerMatchTask
from ludolab.games.poker.bots import PokerBot, load_bot
from ludolab.games.poker.rules import ruleset

if TYPE_CHECKING:
    from ludolab.evolve.ga import EvolveConfig

__all__ = ["PokerProblem"]


class PokerProblem:
    """Evolving a Loki-1 style heads-up bot against poker bots."""

    game = "poker"
    unit = "sb/hand"

    def __init__(self, config: EvolveConfig) -> None:
        self.config = config
        registry.get(self.game)
        if config.cards:
            raise LudolabError("poker has no card list to evolve over (cards are Dominion's)")
        if config.limits:
            raise LudolabError("poker genomes have no copy limits (limits are Dominion's)")
        ruleset(config.rules).check_seats(2)  # one-line error for a bad rule set
        self.layout = G.LAYOUT
        self.base_names: list[str] = []
        self.base_bots: list[Any] = []
        for who in config.against:
            bot = load_bot(who)
            self.base_names.append(bot.name)
            self.base_bots.append(bot.row)

    def random_genome(self) -> G.Genome:
        """A uniformly random genome (draws from ``random``)."""
        return G.random_genome()

    def genome_from_dict(self, data: dict[str, Any]) -> G.Genome:
        """A genome from its JSON form, checked."""
        return G.Genome.from_dict(data)

    def check_genome(self, genome: Any) -> None:
        """One-line error for a genome that is not a poker genome or breaks a range."""
        if not isinstance(genome, G.Genome):
            raise LudolabError(f"not a poker genome: {type(genome).__name__}")
        G.check_genome(genome)

    def summary(self) -> str:
        """The settings that shape the search, in poker's words (deals; no order rows)."""
        c = self.config
        return (f"population {c.population}, tournament {c.tournament}, {c.generations} "
                f"generations, crossover {c.crossover:g}, mutation {c.mutation:g}, gene "
                f"{c.gene:g}, elites {c.elites}, {c.games // 2} duplicate deals per fitness"
                f"{', fitness: the worst opponent' if c.fitness == 'min' else ''}, "
                f"rules {c.rules}")

    def describe(self, generation: int) -> str:
        """The summary an evolved bot carries (one line)."""
        c = self.config
        return (f"Evolved by 'ludolab evolve poker' (seed {c.seed}, generation {generation}) "
                f"against {', '.join(self.base_names)} heads-up; {self.summary()}.")

    def decode(self, genome: Any, name: str, generation: int) -> PokerBot:
        """The genome's bot (parsed from its own file text)."""
        return G.decode(genome, name=name, summary=self.describe(generation))

    def compile(self, bot: PokerBot) -> np.ndarray:
        """The parameter row the engine reads."""
        return bot.row

    def behaviour(self, bot: PokerBot) -> bytes:
        """The parameter row: bots with equal rows play alike."""
        return bot.row.tobytes()

    def match_task(self, candidates: Sequence[Any], opponents: Sequence[Any],
                   seeds: np.ndarray, games: int) -> PokerMatchTask:
        """Heads-up duplicate hands of candidates against opponents."""
        return PokerMatchTask(np.asarray(candidates, np.float64),
                              np.asarray(opponents, np.float64), self.config.rules, seeds, games)

    def render(self, bot: PokerBot) -> str:
        """The bot file text (``ludolab poker sim`` reads it)."""
        return bot.text
