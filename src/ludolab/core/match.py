"""One game between players, from a seed: history, events and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ludolab.core import rng as _rng
from ludolab.core.game import GameState, Move, Outcome
from ludolab.core.player import Player

EventName = Literal["start", "move", "chance", "end"]
EVENTS: tuple[str, ...] = ("start", "move", "chance", "end")


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """A seat made a move. ``state`` listeners get the state *before* the move."""

    seat: int
    move: Move


@dataclass(frozen=True, slots=True)
class ChanceRecord:
    """Nature drew ``outcome`` for the event keyed ``(seat, purpose, index)``."""

    seat: int
    purpose: int
    index: int
    outcome: Outcome


@dataclass(slots=True)
class MatchResult:
    """What a finished match hands back."""

    returns: tuple[float, ...]
    history: list[MoveRecord | ChanceRecord]
    final_state: GameState
    steps: int
    truncated: bool = False

    def winners(self) -> tuple[int, ...]:
        """Seats with the highest return (several on a tie)."""
        best = max(self.returns)
        return tuple(i for i, r in enumerate(self.returns) if r == best)


@dataclass
class Match:
    """Plays one game from ``state`` between ``players`` (one per seat).

    Chance events are drawn from the keyed streams of ``seed`` (see :mod:`ludolab.core.rng`), and
    each player gets its own stream keyed ``(seed, seat, PLAYER)``, so the same seed replays the
    same game. Listeners registered with :meth:`on` receive ``(state, record)`` for ``move`` and
    ``chance`` events, ``(state,)`` for ``start`` and ``(state, result)`` for ``end``.

    >>> from ludolab.games.pig import PigState, HoldAtPlayer
    >>> m = Match(PigState(goal=20), [HoldAtPlayer(10), HoldAtPlayer(15)], seed=3)
    >>> result = m.run()
    >>> result.final_state.is_terminal()
    True
    """

    state: GameState
    players: Sequence[Player]
    seed: int = 0
    max_steps: int = 1_000_000
    listeners: dict[str, list[Callable[..., Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.players) != self.state.num_players:
            raise ValueError(
                f"{self.state.game_name} needs {self.state.num_players} players, "
                f"got {len(self.players)}"
            )

    def on(self, event: EventName, callback: Callable[..., Any]) -> Match:
        """Call ``callback`` at every ``event`` (start, move, chance, end); returns self."""
        if event not in EVENTS:
            raise ValueError(f"unknown event {event!r}; choose from {', '.join(EVENTS)}")
        self.listeners.setdefault(event, []).append(callback)
        return self

    def _emit(self, event: str, *args: Any) -> None:
        for cb in self.listeners.get(event, ()):
            cb(*args)

    def run(self) -> MatchResult:
        """Play to the end (or ``max_steps``) and return the result."""
        state = self.state
        streams = [_rng.stream(self.seed, seat, _rng.PLAYER) for seat in range(state.num_players)]
        history: list[MoveRecord | ChanceRecord] = []
        self._emit("start", state)
        steps = 0
        while not state.is_terminal():
            if steps >= self.max_steps:
                break
            steps += 1
            if state.is_chance():
                seat, purpose, index = state.chance_key()
                outcome = state.sample_chance(self.seed)
                rec_c = ChanceRecord(seat, purpose, index, outcome)
                self._emit("chance", state, rec_c)
                state.apply_chance(outcome)
                history.append(rec_c)
                continue
            seats = state.active_seats()
            if len(seats) == 1:
                seat = seats[0]
                move = self.players[seat].choose(state.clone(), seat, streams[seat])
                self._check_legal(state, seat, move)
                rec = MoveRecord(seat, move)
                self._emit("move", state, rec)
                state.apply(move)
                history.append(rec)
            else:
                joint = {}
                for seat in seats:
                    move = self.players[seat].choose(state.clone(), seat, streams[seat])
                    self._check_legal(state, seat, move)
                    joint[seat] = move
                recs = [MoveRecord(s, m) for s, m in joint.items()]
                for rec in recs:
                    self._emit("move", state, rec)
                state.apply_joint(joint)
                history.extend(recs)
        truncated = not state.is_terminal()
        result = MatchResult(
            returns=tuple(state.returns()),
            history=history,
            final_state=state,
            steps=steps,
            truncated=truncated,
        )
        self._emit("end", state, result)
        return result

    def _check_legal(self, state: GameState, seat: int, move: Move) -> None:
        legal = state.legal_moves(seat)
        if move not in legal:
            name = getattr(self.players[seat], "name", type(self.players[seat]).__name__)
            raise ValueError(
                f"player {name} (seat {seat}) chose illegal move {move!r}; legal: {legal}"
            )
