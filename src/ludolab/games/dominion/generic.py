"""The generic search players (``mc:``, ``uct:`` of :mod:`ludolab.players.generic`) in a
Dominion seat: every decision with a choice is searched through the generic game API
(:class:`~ludolab.games.dominion.adapter.DominionState`: random playouts, the hidden cards
re-dealt by the compiled search's determinisation), so the same spec that searches a Pig or a
poker table seats a Dominion player. They are slow (Python playouts of whole games): a handful
of games, not a simulation of thousands.

A seat is played the way the Dominion search's is (decision by decision in the engine, its own
keyed stream per seat), so it is a :class:`~ludolab.games.dominion.search.DominionSearchPlayer`
to the task, the log and the arena; its playbook bot is never asked.
"""

from __future__ import annotations

import numpy as np

from ludolab.errors import LudolabError
from ludolab.games.dominion.adapter import DominionState
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.engine import DominionGame
from ludolab.games.dominion.search import DominionSearchPlayer
from ludolab.players.generic import make_generic_player

#: The bot the parent class keeps as its rollout (never used to answer a generic seat's
#: decisions; the kernel it would build is never made).
_PLACEHOLDER = "Big Money"


class GenericSearchSeat(DominionSearchPlayer):
    """A generic search player (``mc:...``/``uct:...``) seated in Dominion."""

    def __init__(self, spec: str) -> None:
        inner = make_generic_player(spec)
        super().__init__(load_bot(_PLACEHOLDER), 1, name=inner.name)
        self.inner = inner

    @property
    def cards_needed(self) -> tuple[int, ...]:
        """A generic search asks for no kingdom card."""
        return ()

    def choose(self, game: DominionGame, rng: np.random.Generator) -> int:
        """The generic search's answer to ``game``'s pending decision."""
        d = game.pending()
        if d is None:
            raise LudolabError("the game is over; there is nothing to answer")
        self.last_report = None
        if len(d.options) == 1:
            return int(d.options[0])
        return int(self.inner.choose(DominionState(game), d.seat, rng))
