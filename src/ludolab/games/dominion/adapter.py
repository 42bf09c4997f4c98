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
shares the seed, so a search that plays a clone forward sees the real future shuffles and the
real hands. A fair search plays :meth:`DominionState.resample` copies instead.

**Hidden information** (``perfect_information`` is False): hands, the order of draw piles and
every future shuffle. :meth:`DominionState.information_state` is what a seat sees at the pending
decision (the supply, trash, every seat's public zones and counts, its own hand and pile contents,
the known top cards of piles, its own pending decision); :meth:`DominionState.resample` is the
compiled search's re-deal (``searchkernel.determinise``, as
:class:`~ludolab.games.dominion.search.DominionSearchPlayer` uses it, so the generic contract
and the fast path are one re-deal): when it is the seat's own turn and the re-deal is sound
(``DominionSearchPlayer.hidden_own``) its unseen pile bottom, the other seats' hands and piles
(public top cards kept) and every future shuffle are redrawn, and the turn so far is replayed.
Elsewhere -- another seat's turn, a pile reshuffled during this turn, a turn where another seat
has answered (a Militia discard), or a replay that would no longer fit -- only the future
shuffles are redrawn (:meth:`DominionState.reseeded`); the current hands stay the true ones, a
known limit shared with the compiled search, which answers with its bot's playbook there.

>>> state = DominionState.new(["Smithy", "Village"], num_players=2, seed=3)
>>> state.active_seats()
(0,)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ludolab.core import GameState, Move
from ludolab.games.dominion.engine import Decision, DominionGame, Engine
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine import searchkernel as SK
from ludolab.games.dominion.rules import RuleSet
from ludolab.games.dominion.search import DominionSearchPlayer


class DominionState(GameState):
    """A Dominion game state for :mod:`ludolab.core` (see the module docstring)."""

    game_name = "dominion"
    perfect_information = False

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

    def information_state(self, seat: int) -> tuple:
        """What ``seat`` sees at the pending decision (see the module docstring), read from the
        engine's view through its :class:`~ludolab.games.dominion.engine.layout.StateLayout`:
        the header but its seeds, the supply, trash and card lists, every seat's discard, play,
        aside and owned cards and its counters (not the shuffle epoch or random-answer key,
        which only a re-deal sets), the size of every hand and pile and their known top runs,
        the contents of its own hand and the rest of its own pile (as counts: it knows what its
        pile holds, not the order, but for a card it put deep in it: its place and name), the
        contents of hand and pile together for the others, and
        the pending decision in full if it is ``seat``'s, else only whose it is and its kind."""
        game = self._game
        L = game.engine.layout
        V = game._view
        head = np.array(V[: L.seat0])
        head[[K.H_SEED_LO, K.H_SEED_HI, K.H_SEED2_LO, K.H_SEED2_HI]] = 0
        parts: list[object] = [seat, head.tobytes()]
        for q in range(game.num_players):
            sc = L.scalars(q)
            n = int(V[sc + K.PS_DECKN])
            pile = V[L.deck(q, n)]
            own = q == seat
            top = int(K.known_top(V, sc, not own))
            hand = V[L.zone(q, "hand")]
            rest = np.bincount(pile[: n - top], minlength=L.nc)
            if not own:
                rest = rest + hand
            parts += [
                V[L.zone(q, "discard")].tobytes(), V[L.zone(q, "play")].tobytes(),
                V[L.zone(q, "aside")].tobytes(), V[L.zone(q, "own")].tobytes(),
                tuple(int(V[sc + k]) for k in (K.PS_DECKN, K.PS_SHUF, K.PS_TURNS, K.PS_KNOWN_LO,
                                               K.PS_KNOWN_HI, K.PS_PUB_LO, K.PS_PUB_HI)),
                int(hand.sum()), pile[n - top:].tobytes(), rest.tobytes(),
                hand.tobytes() if own else b"",
            ]
            if own:  # a card it put deep in its pile (Secret Passage): where, and which
                deep = int(K.known_deep(V, sc))
                parts.append((deep, int(pile[deep]) if deep >= 0 else -1))
        d = game.pending()
        if d is not None:
            parts.append(d if d.seat == seat else (d.seat, int(d.kind)))
        return tuple(parts)

    def resample(self, seat: int, rng: np.random.Generator) -> DominionState:
        """A state drawn from what ``seat`` has observed (see the module docstring): the
        compiled search's re-deal keyed by one word of ``rng`` where it is sound, else a copy
        with every future shuffle redrawn. Either way ``seat``'s information state is kept."""
        key = int(rng.integers(1 << 63))
        game = self._game
        if game.is_over():
            return self.clone()
        redealt = self._redealt(seat, key)
        return redealt if redealt is not None else self.reseeded(key)

    def _redealt(self, seat: int, key: int) -> DominionState | None:
        """The re-deal of ``searchkernel.determinise`` from the start of ``seat``'s turn with the
        turn replayed, or None where it would not be sound."""
        game = self._game
        hidden = DominionSearchPlayer.hidden_own(game, seat)
        if hidden is None or any(q != seat for q in game._tape_seats):
            return None
        g = game.clone()
        SK.determinise(g._S, game._view, seat, hidden, np.uint64(key))
        try:
            g._advance()
        except RuntimeError:  # the turn's answers no longer fit the re-deal
            return None
        world = DominionState(g)
        if world.information_state(seat) != self.information_state(seat):
            return None  # the re-deal changed something the seat saw (an attack's reveal)
        return world

    def __repr__(self) -> str:
        d = self._game.pending()
        what = "over" if d is None else d.describe()
        return f"DominionState({what})"
