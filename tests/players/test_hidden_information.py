"""The generic search players never see what their seat cannot: at a poker table, ``mc`` and
``uct`` decide exactly the same whatever the other seats hold, given the same information state
and the same random stream; a player that searched the true state would not (checked too, so
the test is known to fail on a peeking player). Pig, which hides nothing, is searched as before.
"""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.core import GameState, Match
from ludolab.core import rng as _rng
from ludolab.games.pig import PigState
from ludolab.games.poker.adapter import PokerState
from ludolab.games.poker.cards import parse_cards
from ludolab.games.poker.engine.layout import CALL, FOLD, RAISE
from ludolab.players import MonteCarloPlayer, RandomPlayer, UCTPlayer
from ludolab.players.base import Worlds

PLAYERS = {
    "mc": lambda: MonteCarloPlayer(simulations=240),
    "uct": lambda: UCTPlayer(simulations=240),
}


class Peeking(PokerState):
    """The same hand falsely declared perfect-information: a search then plays out the true
    state, as every generic search did before determinization (the test's control)."""

    perfect_information = True


def river_decision(villain: str, cls: type[PokerState] = PokerState) -> PokerState:
    """Heads-up, button 0: seat 0 holds 7c7d, the board is Ah Kh 2s 9d 4c, everyone checked
    to the river, where seat 1 bets; seat 0 to act. ``villain`` is seat 1's hand."""
    s = cls(2, button=0)
    for card in parse_cards("7c7d" + villain):
        s.apply_chance(card)
    boards = iter(parse_cards(b) for b in ("Ah Kh 2s", "9d", "4c"))
    script = [[(0, CALL), (1, CALL)], [(1, CALL), (0, CALL)], [(1, CALL), (0, CALL)], [(1, RAISE)]]
    for moves in script:
        while s.is_chance():
            for card in next(boards):
                s.apply_chance(card)
        for seat, move in moves:
            assert s.active_seats() == (seat,)
            s.apply(move)
    assert s.active_seats() == (0,) and s.legal_moves(0) == (FOLD, CALL, RAISE)
    return s


def decide(player, state: PokerState, seat: int, key: int):
    """The player's move and search statistics from the keyed stream ``key``."""
    move = player.choose(state, seat, _rng.stream(key, seat, _rng.PLAYER))
    return move, dict(player.last_search)


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_a_river_decision_does_not_depend_on_the_villains_cards(kind: str) -> None:
    aces, air = river_decision("AsAd"), river_decision("Qc6d")
    assert aces.information_state(0) == air.information_state(0)
    honest = [decide(PLAYERS[kind](), s, 0, 11) for s in (aces, air)]
    assert honest[0] == honest[1]  # the same move and the same statistics, to the last bit
    # the control: searching the true state, the same player folds to the set of aces and
    # raises the busted hand, so the assertion above fails for any player that peeks
    peek = [decide(PLAYERS[kind](), river_decision(v, Peeking), 0, 11) for v in ("AsAd", "Qc6d")]
    assert peek[0][0] == FOLD and peek[1][0] == RAISE


@pytest.mark.parametrize("kind", sorted(PLAYERS))
@pytest.mark.parametrize("n", [2, 3])
def test_at_a_table_every_decision_is_blind_to_the_other_hands(kind: str, n: int) -> None:
    """Random hands with the searcher in seat 1: at each of its decisions a twin of the state
    with every other hand redrawn (the same information state for seat 1) gets the same move
    and statistics from the same stream."""
    checked = twins_differ = 0
    for seed in range(3):
        player = PLAYERS[kind]()
        players = [RandomPlayer()] * n
        players[1] = player

        def check(state, record, seed=seed, player=player):
            nonlocal checked, twins_differ
            if record.seat != 1 or len(state.legal_moves(1)) == 1:
                return
            twin = state.resample(1, _rng.stream(seed, 99, _rng.RESAMPLE, len(state.history)))
            assert twin.information_state(1) == state.information_state(1)
            twins_differ += twin.hole(0) != state.hole(0)
            key = 1000 * seed + len(state.history)
            assert decide(player, state, 1, key) == decide(player, twin, 1, key)
            checked += 1

        result = Match(PokerState(n, button=seed % n), players, seed=seed).on("move", check).run()
        assert result.final_state.is_terminal()
    assert twins_differ == checked  # every twin holds other cards than the truth
    assert checked >= 3  # the searcher was asked something (seeds 0-2 give it decisions)


def test_each_simulation_round_searches_another_world() -> None:
    s = river_decision("AsAd")
    worlds = Worlds(s, 0, _rng.stream(4, 0, _rng.PLAYER))
    holes = {worlds.world(k).hole(1) for k in range(30)}
    assert len(holes) > 25 and (s.hole(1) not in holes or len(holes) == 30)
    assert all(worlds.world(k).hole(0) == s.hole(0) for k in range(5))
    assert worlds.world(3).hole(1) == worlds.world(3).hole(1)  # keyed: the k-th world is fixed


def test_perfect_information_search_draws_nothing_more() -> None:
    """Pig hides nothing: a world is a clone, and setting up the worlds draws nothing from the
    player's stream (so every Pig game a search plays is the game it played before)."""
    state = PigState()
    state.apply("roll")
    state.apply_chance(4)
    gen = np.random.default_rng(3)
    worlds = Worlds(state, 0, gen)
    assert not worlds.hidden and worlds.world(0) == state and worlds.world(0) is not state
    assert gen.random() == np.random.default_rng(3).random()


def test_the_compiled_search_refuses_a_hidden_information_game() -> None:
    from ludolab.games.pig.compiled import PIG
    from ludolab.players.compiled.player import CompiledUCTPlayer

    player = CompiledUCTPlayer(PIG, simulations=10)
    with pytest.raises(ValueError, match=r"^the compiled uct search has no determinization; "
                                         r"poker has hidden information"):
        player.choose(river_decision("AsAd"), 0, np.random.default_rng(0))


class Guess(GameState):
    """Seat 0 says "low" or "high" about seat 1's secret card (0, 1 or 2, dealt face down).
    What follows depends on the card: with 0, seat 1 answers "keep" or "swap"; with 1, seat 0
    speaks again; with 2 the game ends. So below the root the searcher's worlds disagree on who
    moves, with which moves, and whether the game is over."""

    game_name = "guess"
    perfect_information = False

    def __init__(self, secret: int) -> None:
        self.secret = secret
        self.said: list[str] = []

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        n = len(self.said)
        return n == 2 or (n == 1 and self.secret == 2)

    def active_seats(self) -> tuple[int, ...]:
        if self.is_terminal():
            return ()
        return (1,) if self.said and self.secret == 0 else (0,)

    def legal_moves(self, seat: int) -> tuple[str, ...]:
        if seat not in self.active_seats():
            return ()
        return ("keep", "swap") if seat == 1 else ("low", "high")

    def apply(self, move: object) -> None:
        self.said.append(str(move))

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0, 0.0)
        v = 1.0 if (self.said[0] == "high") == (self.secret > 0) else -1.0
        return (v, -v)

    def clone(self) -> Guess:
        c = Guess(self.secret)
        c.said = self.said[:]
        return c

    def information_state(self, seat: int) -> tuple:
        return (seat, tuple(self.said), self.secret if seat == 1 else None)

    def resample(self, seat: int, rng: np.random.Generator) -> Guess:
        c = self.clone()
        if seat == 0:
            c.secret = int(rng.integers(3))
        return c


def test_uct_searches_worlds_that_disagree_below_the_root() -> None:
    # "high" is right for two cards in three: +1/3 against -1/3 averaged over the worlds (the
    # later moves change nothing); a search that saw the card would pick by the card instead
    results = []
    for secret in (0, 1, 2):
        player = UCTPlayer(simulations=600)
        move = player.choose(Guess(secret), 0, _rng.stream(7, 0, _rng.PLAYER))
        results.append((move, dict(player.last_search)))
    assert results[0] == results[1] == results[2]  # blind to the card
    move, stats = results[0]
    assert move == "high" and stats["high"][0] > 500
    # ~600 visits of values +-1 with mean 1/3: standard error sqrt(8/9 / 600) = 0.04; the band
    # is 4 errors wide each side (a search that saw the card would sit near +1 or -1 instead)
    assert abs(stats["high"][1] - 1 / 3) < 0.16
