"""Dominion behind the generic game API: :class:`DominionState`, a :class:`ludolab.core.GameState`.

Every seat is an outside player of the engine
(:class:`~ludolab.games.dominion.engine.DominionGame`):
the active seat is the seat of the pending decision, the legal moves are its options (card ids,
``-1`` for "stop/none", ``1``/``0`` for yes/no, mode numbers; see
:class:`~ludolab.games.dominion.engine.Decision`), and applying a move answers it. Returns are 1
for a sole winner, ``1/k`` for each of ``k`` seats sharing the win, 0 for a loss.

**No chance nodes.** A Dominion game here is deterministic given its seed: every shuffle is drawn
from the keyed stream (game seed, seat, shuffle number), so nature never moves as a separate
chance node and :meth:`DominionState.is_chance` is always False. The flip side for search: a clone
shares the seed, so a search that plays a clone forward sees the real future shuffles. A fair
search determinizes first with :meth:`DominionState.reseeded` (same cards everywhere, different
future shuffles).

>>> state = DominionState.new(["Smithy", "Village"], num_players=2, seed=3)
>>> state.active_seats()
(0,)
"""

from __future__ import annotations

from collections.abc import Sequence

from ludolab.core import GameState, Move
from ludolab.games.dominion.engine import Decision, DominionGame, Engine
from ludolab.games.dominion.rules import RuleSet


class DominionState(GameState):
    """A Dominion game state for :mod:`ludolab.core` (see the module docstring)."""

    game_name = "dominion"

    def __init__(self, game: DominionGame) -> None:
        self._game = game

    @classmethod
    def new(
        cls,
        kingdom: Sequence[int | str],
        num_players: int = 2,
        seed: int = 0,
        rules: RuleSet | str | None = None,
    ) -> DominionState:
        """A fresh game with every seat played from outside."""
        engine = Engine(kingdom, num_players, rules)
        return cls(engine.new_game(seed, [None] * num_players))

    @property
    def game(self) -> DominionGame:
        """The underlying step-wise engine game (zones, supply, counters)."""
        return self._game

    @property
    def num_players(self) -> int:
        return self._game.num_players

    def is_terminal(self) -> bool:
        return self._game.is_over()

    def decision(self) -> Decision | None:
        """The pending decision (who, what, options), or None at the end."""
        return self._game.pending()

    def active_seats(self) -> tuple[int, ...]:
        d = self._game.pending()
        return () if d is None else (d.seat,)

    def legal_moves(self, seat: int) -> tuple[int, ...]:
        d = self._game.pending()
        if d is None or d.seat != seat:
            return ()
        return d.options

    def apply(self, move: Move) -> None:
        self._game.answer(int(move))  # type: ignore[call-overload]

    def returns(self) -> tuple[float, ...]:
        if not self._game.is_over():
            return tuple(0.0 for _ in range(self.num_players))
        return self._game.returns()

    def clone(self) -> DominionState:
        return DominionState(self._game.clone())

    def reseeded(self, seed: int) -> DominionState:
        """A copy whose future shuffles come from ``seed`` (see the module docstring).

        Only at the start of a turn's decisions is the past untouched by the new seed; the copy is
        made from the current turn's start with the answers given so far replayed, so a reshuffle
        earlier in this turn is redrawn too.
        """
        return DominionState(self._game.reseeded(seed))

    def __repr__(self) -> str:
        d = self._game.pending()
        what = "over" if d is None else d.describe()
        return f"DominionState({what})"
