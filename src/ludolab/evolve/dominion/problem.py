"""Dominion's side of an evolution run: document 004's genome, bot specs, the engine's games.

The genome (:mod:`.genome`) is defined over ``config.cards``; it decodes to an ordinary
:class:`~ludolab.games.dominion.bots.spec.BotSpec` (with copy limits unless ``config.limits`` is
off), compiled by the bot language and played by :class:`.fitness.MatchTask`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ludolab.core import registry
from ludolab.errors import LudolabError
from ludolab.evolve.dominion import fitness as fit
from ludolab.evolve.dominion.genome import (
    Genome,
    Layout,
    check_genome,
    decode,
    layout_for,
    random_genome,
)
from ludolab.games.dominion.bots import render_bot
from ludolab.games.dominion.bots.spec import BotSpec
from ludolab.games.dominion.cards import CARDS
from ludolab.games.dominion.rules import ruleset

if TYPE_CHECKING:
    from ludolab.evolve.ga import EvolveConfig

__all__ = ["DominionProblem"]


class DominionProblem:
    """Evolving a Dominion bot over a card list against library bots or bot files."""

    game = "dominion"

    def __init__(self, config: EvolveConfig) -> None:
        self.config = config
        self.unit = registry.get(self.game).unit
        self.layout: Layout = layout_for(config.cards)
        self.kingdom = list(self.layout.kingdom)
        self.base_names: list[str] = []
        self.base_bots: list[Any] = []
        needed: dict[str, list[int]] = {}
        for who in config.against:
            spec = fit.load_opponent(who)
            bot = fit.compile_spec(spec)
            self.base_names.append(spec.name)
            self.base_bots.append(bot)
            needed[spec.name] = [c for c in bot.cards_needed if CARDS[c].is_kingdom]
        for name, cards in needed.items():
            missing = [CARDS[c].name for c in cards if c not in self.kingdom]
            if missing:
                raise LudolabError(
                    f"opponent {name!r} needs {', '.join(missing)}, which the card list does "
                    "not have; add them to --cards"
                )
        ruleset(config.rules)  # one-line error for a bad rule set, before any game

    # -- genomes ------------------------------------------------------------------------------
    def random_genome(self) -> Genome:
        """A uniformly random genome over the card list (draws from ``random``)."""
        return random_genome(self.layout)

    def genome_from_dict(self, data: dict[str, Any]) -> Genome:
        """A genome from :meth:`Genome.to_dict` output, checked against the card list."""
        return Genome.from_dict(data, self.layout)

    def check_genome(self, genome: Any) -> None:
        """One-line error for a genome that does not fit the card list."""
        check_genome(genome, self.layout)

    # -- bots ---------------------------------------------------------------------------------
    def describe(self, generation: int) -> str:
        """The description an evolved bot carries."""
        c = self.config
        return (
            f"Evolved by 'ludolab evolve' (seed {c.seed}, generation {generation}) against "
            f"{', '.join(self.base_names)}{' with co-evolution' if c.coevolve else ''}; "
            f"{c.summary()}. Kingdom: {', '.join(CARDS[k].name for k in self.kingdom)} "
            "(simulate it with --kingdom set to these cards)."
        )

    def decode(self, genome: Any, name: str, generation: int) -> BotSpec:
        """The genome's bot spec."""
        return decode(genome, self.layout, name=name, description=self.describe(generation),
                      limits=self.config.limits)

    def compile(self, bot: BotSpec) -> Any:
        """The spec compiled by the bot language."""
        return fit.compile_spec(bot)

    def behaviour(self, bot: BotSpec) -> tuple[Any, ...]:
        """What a bot does (its lists), ignoring name and genes that change nothing."""
        return tuple(tuple((e.card, e.condition) for e in lst)
                     for lst in (bot.buy, bot.play, bot.trash))

    def match_task(self, candidates: Sequence[Any], opponents: Sequence[Any],
                   seeds: np.ndarray, games: int) -> fit.MatchTask:
        """Engine games of candidates against opponents in the run's kingdom and rules."""
        return fit.MatchTask(list(candidates), list(opponents), self.kingdom, self.config.rules,
                             seeds, games)

    def render(self, bot: BotSpec) -> str:
        """The bot file text."""
        return render_bot(bot)
