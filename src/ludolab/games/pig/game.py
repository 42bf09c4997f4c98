"""The rules of Pig, as a :class:`ludolab.core.GameState`.

Two players (seat 0 "One", seat 1 "Two") take turns. On a turn the active player rolls a die
repeatedly: a 1 ends the turn and loses the turn's points; any other face adds to the turn's
points. Holding banks the turn's points and passes the turn. The active player must roll at least
once per turn and must hold once score + turn points reach the goal. The first to reach the goal
wins; a game that goes over ``max_rounds`` rounds (the round increments when seat 1's turn ends)
is a tie.

Returns follow Ludorum's Pig: the winner gets ``min(goal, own score) - other score`` and the loser
its negative; a tie is 0 for both.

Chance is explicit: after ``"roll"`` the state is a chance state with six outcomes of 1/6, keyed
``(active seat, DIE, dice that seat has rolled so far)``: the face is
``1 + keyed_below(6, game seed, seat, DIE, index)``, so that a game seed gives the same dice to
the same seat whatever the other player does.

>>> s = PigState(goal=20)
>>> s.legal_moves(0)
('roll',)
>>> s.apply("roll"); s.apply_chance(5); str(s)
'0: {"One":0,"Two":0} One has 5'
>>> s.apply("hold"); str(s)
'0: {"One":5,"Two":0} Two has 0'
"""

from __future__ import annotations

from collections.abc import Sequence

from ludolab.core import rng as _rng
from ludolab.core.game import GameState

#: Seat names used in the console log, as in Ludorum.
SEAT_NAMES: tuple[str, str] = ("One", "Two")

ROLL = "roll"
HOLD = "hold"

_ONLY_ROLL: tuple[str, ...] = (ROLL,)
_ONLY_HOLD: tuple[str, ...] = (HOLD,)
_BOTH: tuple[str, ...] = (ROLL, HOLD)
_NONE: tuple[str, ...] = ()
DIE_OUTCOMES: tuple[tuple[int, float], ...] = tuple((face, 1.0 / 6.0) for face in range(1, 7))


class PigState(GameState):
    """A Pig position: scores, whose turn, the turn's points, the round and pending dice.

    ``apply`` and ``apply_chance`` mutate in place (the :mod:`ludolab.core.game` convention);
    ``clone`` copies a handful of integers. ``rolls[seat]`` counts the dice ``seat`` has rolled
    so far (the index of its next keyed die).
    """

    __slots__ = (
        "active",
        "goal",
        "max_rounds",
        "over",
        "pending",
        "points",
        "rolls",
        "round",
        "scores",
    )
    game_name = "pig"
    #: Nothing is hidden: the die is chance, not a secret, so ``resample`` is ``clone``.
    perfect_information = True

    def __init__(
        self,
        goal: int = 100,
        *,
        max_rounds: int = 100,
        scores: Sequence[int] = (0, 0),
        active: int = 0,
        points: int = 0,
        round: int = 0,
        rolls: Sequence[int] = (0, 0),
        pending: bool = False,
    ) -> None:
        if int(goal) < 1:
            raise ValueError(f"the goal must be at least 1, got {goal}")
        if int(max_rounds) < 0:
            raise ValueError(f"max_rounds must be 0 or more, got {max_rounds}")
        if active not in (0, 1):
            raise ValueError(f"active must be seat 0 or 1, got {active}")
        if len(scores) != 2 or len(rolls) != 2:
            raise ValueError("scores and rolls need one number per seat (two seats)")
        self.goal = int(goal)
        self.max_rounds = int(max_rounds)
        self.scores = [int(scores[0]), int(scores[1])]
        self.active = int(active)
        self.points = int(points)
        self.round = int(round)
        self.rolls = [int(rolls[0]), int(rolls[1])]
        self.pending = bool(pending)
        self.over = self._finished()

    # -- the generic API -------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.over

    def is_chance(self) -> bool:
        return self.pending and not self.over

    def active_seats(self) -> tuple[int, ...]:
        if self.pending or self.over:
            return ()
        return (self.active,)

    def legal_moves(self, seat: int) -> Sequence[str]:
        """``("roll",)`` at a turn's start, ``("hold",)`` once the goal is reached, else both."""
        if seat != self.active or self.pending or self.over:
            return _NONE
        if self.points == 0:
            return _ONLY_ROLL
        if self.scores[seat] + self.points >= self.goal:
            return _ONLY_HOLD
        return _BOTH

    def apply(self, move: object) -> None:
        if move not in self.legal_moves(self.active):
            raise ValueError(
                f"illegal move {move!r} at {self}; legal: {self.legal_moves(self.active)}"
            )
        if move == ROLL:
            self.pending = True
        else:
            self.scores[self.active] += self.points
            self._end_turn()

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        if not self.is_chance():
            raise ValueError(f"no die to roll at {self}")
        return DIE_OUTCOMES

    def chance_key(self) -> tuple[int, int, int]:
        """``(active seat, DIE, dice that seat has rolled so far)``."""
        return (self.active, _rng.DIE, self.rolls[self.active])

    def apply_chance(self, outcome: object) -> None:
        if not self.is_chance():
            raise ValueError(f"no die to roll at {self}")
        if outcome not in (1, 2, 3, 4, 5, 6):
            raise ValueError(f"a die shows 1 to 6, got {outcome!r}")
        self.pending = False
        self.rolls[self.active] += 1
        if outcome == 1:
            self.points = 0
            self._end_turn()
        else:
            self.points += outcome  # type: ignore[operator]

    def sample_chance(self, game_seed: int) -> int:
        """The face keyed ``(game_seed, active seat, DIE, dice it has rolled)``:
        ``1 + keyed_below(6, ...)``, an exactly uniform map of the keyed word."""
        a = self.active
        return 1 + _rng.keyed_below(6, game_seed, a, _rng.DIE, self.rolls[a])

    def sample_chance_with(self, generator: object) -> int:
        """A die face from a numpy ``Generator`` (faster than the generic inverse-CDF draw)."""
        return 1 + int(generator.random() * 6.0)  # type: ignore[attr-defined]

    def returns(self) -> tuple[float, float]:
        """Score difference for the winner (its score capped at the goal), negated for the loser."""
        s0, s1 = self.scores
        goal = self.goal
        if s0 >= goal:
            r = float(min(goal, s0) - s1)
            return (r, -r)
        if s1 >= goal:
            r = float(min(goal, s1) - s0)
            return (-r, r)
        return (0.0, 0.0)

    def return_bound(self) -> float:
        return float(self.goal)

    def clone(self) -> PigState:
        c = PigState.__new__(PigState)
        c.goal = self.goal
        c.max_rounds = self.max_rounds
        c.scores = self.scores[:]
        c.active = self.active
        c.points = self.points
        c.round = self.round
        c.rolls = self.rolls[:]
        c.pending = self.pending
        c.over = self.over
        return c

    def information_state(self, seat: int) -> tuple:
        """The whole state, as a tuple: every seat sees everything in Pig."""
        return tuple(tuple(v) if isinstance(v, list) else v for v in self.__getstate__())

    # -- Pig specifics ---------------------------------------------------------------------

    def _end_turn(self) -> None:
        if self.active == 1:
            self.round += 1
        self.active = 1 - self.active
        self.points = 0
        self.over = self._finished()

    def _finished(self) -> bool:
        goal = self.goal
        return self.scores[0] >= goal or self.scores[1] >= goal or self.round > self.max_rounds

    def winner(self) -> int | None:
        """The seat that reached the goal, or None (game not over, or a tie)."""
        if self.scores[0] >= self.goal:
            return 0
        if self.scores[1] >= self.goal:
            return 1
        return None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PigState):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in PigState.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __getstate__(self) -> tuple:
        return tuple(getattr(self, k) for k in PigState.__slots__)

    def __setstate__(self, state: tuple) -> None:
        for k, v in zip(PigState.__slots__, state, strict=True):
            setattr(self, k, v)

    def __str__(self) -> str:
        """Like Ludorum's console log: ``round: scores active has points`` or ``Fin: ...``."""
        s0, s1 = self.scores
        scores = f'{{"One":{s0},"Two":{s1}}}'
        if self.is_terminal():
            r0, r1 = (int(r) for r in self.returns())
            return f'Fin: {{"One":{r0},"Two":{r1}}} ({scores})'
        return f"{self.round}: {scores} {SEAT_NAMES[self.active]} has {self.points}"

    def __repr__(self) -> str:
        return (
            f"PigState(goal={self.goal}, max_rounds={self.max_rounds}, "
            f"scores=({self.scores[0]}, {self.scores[1]}), active={self.active}, "
            f"points={self.points}, round={self.round}, "
            f"rolls=({self.rolls[0]}, {self.rolls[1]}), pending={self.pending})"
        )


def score_difference(state: GameState, seat: int) -> float:
    """The seed's heuristic: ``seat``'s banked score minus the other's (turn points ignored)."""
    scores = state.scores  # type: ignore[attr-defined]
    return float(scores[seat] - scores[1 - seat])


def held_difference(state: GameState, seat: int) -> float:
    """Score difference as if the active player held now (its turn points count as banked)."""
    scores = list(state.scores)  # type: ignore[attr-defined]
    if not state.is_terminal():
        scores[state.active] += state.points  # type: ignore[attr-defined]
    return float(scores[seat] - scores[1 - seat])


def turn_start(state: GameState) -> bool:
    """True at the start of a turn (no turn points at stake): where a search may cut and judge."""
    return state.points == 0  # type: ignore[attr-defined]
