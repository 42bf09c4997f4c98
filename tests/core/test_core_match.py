"""Match: events in order with the right arguments, history, replay, keyed chance and streams."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from ludolab.core import ChanceRecord, GameState, Match, MoveRecord, pick_outcome
from ludolab.core import rng as _rng


class Race(GameState):
    """A toy race with chance: the active seat adds 1 or 2, then a keyed coin adds 0 or 1.

    The first seat to reach ``target`` wins (+1, the other -1). Coins are keyed by the seat that
    moved and the number of coins that seat has flipped.
    """

    game_name = "race"

    def __init__(self, target: int = 6, coin: float = 0.5) -> None:
        self.target = target
        self.coin = coin
        self.pos = [0, 0]
        self.flips = [0, 0]
        self.active = 0
        self.pending = False

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return max(self.pos) >= self.target

    def is_chance(self) -> bool:
        return self.pending and not self.is_terminal()

    def active_seats(self) -> tuple[int, ...]:
        return () if self.pending or self.is_terminal() else (self.active,)

    def legal_moves(self, seat: int) -> Sequence[int]:
        return (1, 2) if seat in self.active_seats() else ()

    def apply(self, move: object) -> None:
        assert move in (1, 2)
        self.pos[self.active] += move  # type: ignore[operator]
        self.pending = True

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return ((0, 1.0 - self.coin), (1, self.coin))

    def chance_key(self) -> tuple[int, int, int]:
        return (self.active, _rng.purpose("coin"), self.flips[self.active])

    def apply_chance(self, outcome: object) -> None:
        self.pos[self.active] += outcome  # type: ignore[operator]
        self.flips[self.active] += 1
        self.pending = False
        self.active = 1 - self.active

    def returns(self) -> tuple[float, float]:
        if self.pos[0] >= self.target:
            return (1.0, -1.0)
        if self.pos[1] >= self.target:
            return (-1.0, 1.0)
        return (0.0, 0.0)

    def clone(self) -> Race:
        c = Race(self.target, self.coin)
        c.pos, c.flips, c.active, c.pending = self.pos[:], self.flips[:], self.active, self.pending
        return c


class Scripted:
    """Plays a fixed list of moves and records the first draw of its random stream."""

    def __init__(self, moves: list[int], name: str = "scripted") -> None:
        self.moves = list(moves)
        self.name = name
        self.first_draws: list[float] = []

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> int:
        self.first_draws.append(float(rng.random()))
        return self.moves.pop(0)


def _coin(seed: int, seat: int, index: int, p: float = 0.5) -> int:
    u = _rng.keyed_uniform(seed, seat, _rng.purpose("coin"), index)
    return int(pick_outcome(((0, 1 - p), (1, p)), u))


def test_events_fire_in_order_with_the_right_arguments() -> None:
    seed = 17
    state = Race(target=4)
    a, b = Scripted([2, 2, 2]), Scripted([1, 1, 1])
    log: list[tuple] = []
    match = Match(state, [a, b], seed=seed)
    match.on("start", lambda s: log.append(("start", s.pos[:])))
    match.on("move", lambda s, r: log.append(("move", s.pos[:], r)))
    match.on("chance", lambda s, r: log.append(("chance", s.pos[:], r)))
    match.on("end", lambda s, res: log.append(("end", s.pos[:], res.returns)))
    result = match.run()

    # Rebuild the expected game by hand from the keyed coins.
    expected: list[tuple] = [("start", [0, 0])]
    pos, flips, seat = [0, 0], [0, 0], 0
    moves = {0: [2, 2, 2], 1: [1, 1, 1]}
    history: list = []
    while max(pos) < 4:
        move = moves[seat].pop(0)
        expected.append(("move", pos[:], MoveRecord(seat, move)))
        history.append(MoveRecord(seat, move))
        pos[seat] += move
        if max(pos) >= 4:
            break
        coin = _coin(seed, seat, flips[seat])
        rec = ChanceRecord(seat, _rng.purpose("coin"), flips[seat], coin)
        expected.append(("chance", pos[:], rec))
        history.append(rec)
        pos[seat] += coin
        flips[seat] += 1
        seat = 1 - seat
    final = (1.0, -1.0) if pos[0] >= 4 else (-1.0, 1.0)
    expected.append(("end", pos[:], final))

    assert log == expected
    assert result.history == history
    assert result.returns == final
    assert result.steps == len(history)
    assert result.truncated is False
    assert result.final_state is state  # the match plays on the state it was given


def test_each_player_gets_its_own_keyed_stream() -> None:
    a, b = Scripted([1] * 10), Scripted([1] * 10)
    Match(Race(target=3), [a, b], seed=5).run()
    assert a.first_draws[0] == _rng.stream(5, 0, _rng.PLAYER).random()
    assert b.first_draws[0] == _rng.stream(5, 1, _rng.PLAYER).random()
    # The stream continues across the player's decisions within one game.
    s0 = _rng.stream(5, 0, _rng.PLAYER)
    assert a.first_draws == [s0.random() for _ in a.first_draws]


class Uniform:
    name = "uniform"

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> int:
        moves = state.legal_moves(seat)
        return moves[int(rng.integers(len(moves)))]


def test_same_seed_replays_and_history_reproduces_the_game() -> None:
    first = Match(Race(target=12), [Uniform(), Uniform()], seed=99).run()
    again = Match(Race(target=12), [Uniform(), Uniform()], seed=99).run()
    assert first.history == again.history and first.returns == again.returns
    other = Match(Race(target=12), [Uniform(), Uniform()], seed=100).run()
    assert other.history != first.history

    # Replaying the recorded history on a fresh state gives the same final state.
    state = Race(target=12)
    for rec in first.history:
        if isinstance(rec, ChanceRecord):
            assert state.is_chance() and state.chance_key() == (rec.seat, rec.purpose, rec.index)
            state.apply_chance(rec.outcome)
        else:
            assert state.active_seats() == (rec.seat,)
            state.apply(rec.move)
    assert state.pos == first.final_state.pos  # type: ignore[attr-defined]
    assert state.returns() == first.returns


def test_a_players_choice_cannot_change_the_match_state() -> None:
    class Vandal:
        name = "vandal"

        def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> int:
            state.pos[seat] += 100  # type: ignore[attr-defined]
            return 1

    result = Match(Race(target=5, coin=0.0), [Vandal(), Vandal()], seed=1).run()
    # Each seat moves one step per turn (coin never adds); seat 0 reaches 5 on its 5th turn.
    assert result.final_state.pos == [5, 4]  # type: ignore[attr-defined]


def test_illegal_move_and_wrong_player_count_are_reported() -> None:
    with pytest.raises(ValueError, match=r"^race needs 2 players, got 1$"):
        Match(Race(), [Uniform()])
    cheat = Scripted([3], name="cheat")
    with pytest.raises(
        ValueError, match=r"^player cheat \(seat 0\) chose illegal move 3; legal: \(1, 2\)$"
    ):
        Match(Race(), [cheat, Uniform()]).run()
    with pytest.raises(ValueError, match=r"^unknown event 'finish'; choose from start, move"):
        Match(Race(), [Uniform(), Uniform()]).on("finish", print)  # type: ignore[arg-type]


def test_max_steps_truncates() -> None:
    result = Match(Race(target=100), [Uniform(), Uniform()], seed=3, max_steps=5).run()
    assert result.truncated is True
    assert result.steps == 5
    assert len(result.history) == 5
    assert result.returns == (0.0, 0.0)


class OddsEvens(GameState):
    """Ludorum's Odds & Evens, one round: both seats show 1 or 2 at once; seat 0 wins on even."""

    game_name = "odds-evens"

    def __init__(self) -> None:
        self.shown: dict[int, int] | None = None

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.shown is not None

    def active_seats(self) -> tuple[int, ...]:
        return () if self.shown else (0, 1)

    def legal_moves(self, seat: int) -> Sequence[int]:
        return () if self.shown else (1, 2)

    def apply(self, move: object) -> None:
        raise ValueError("simultaneous game: use apply_joint")

    def apply_joint(self, moves: dict) -> None:  # type: ignore[override]
        self.shown = dict(moves)

    def returns(self) -> tuple[float, float]:
        if not self.shown:
            return (0.0, 0.0)
        even = (self.shown[0] + self.shown[1]) % 2 == 0
        return (1.0, -1.0) if even else (-1.0, 1.0)

    def clone(self) -> OddsEvens:
        c = OddsEvens()
        c.shown = None if self.shown is None else dict(self.shown)
        return c


def test_simultaneous_moves_fire_one_move_event_per_seat() -> None:
    seen: list = []
    match = Match(OddsEvens(), [Scripted([2]), Scripted([1])], seed=0)
    match.on("move", lambda s, r: seen.append((s.is_terminal(), r)))
    result = match.run()
    assert seen == [(False, MoveRecord(0, 2)), (False, MoveRecord(1, 1))]
    assert result.history == [MoveRecord(0, 2), MoveRecord(1, 1)]
    assert result.returns == (-1.0, 1.0)
    assert result.winners() == (1,)


def test_winners_lists_every_seat_on_a_tie() -> None:
    result = Match(Race(target=100), [Uniform(), Uniform()], max_steps=2).run()
    assert result.winners() == (0, 1)
