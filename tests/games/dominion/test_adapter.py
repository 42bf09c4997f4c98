"""Dominion through the generic API: the core conformance check with random players."""

from __future__ import annotations

import pytest

from ludolab.core import Match, check_game, rng
from ludolab.games.dominion.adapter import DominionState
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine.hooks import playable

_PLAYERS = rng.purpose("test.dominion.players")
_KINGDOM = rng.purpose("test.dominion.kingdom")

PLAYABLE = playable()  # the kingdom cards with rules in the engine (grows as homes land)


def factory(rules: str):
    """2-4 players and a random kingdom of 10 from all 33 kingdom cards, keyed by the seed."""

    def make(seed: int) -> DominionState:
        n = 2 + rng.keyed_below(3, seed, rng.TABLE, _PLAYERS, 0)
        pool = list(PLAYABLE)
        kingdom = []
        for i in range(10):
            kingdom.append(pool.pop(rng.keyed_below(len(pool), seed, rng.TABLE, _KINGDOM, i)))
        return DominionState.new(kingdom, num_players=n, seed=seed, rules=rules)

    return make


@pytest.mark.parametrize("part", range(4))
def test_conformance_with_a_turn_cap(part):
    # random players answer every decision (including the Moat owners' and attack victims');
    # seeds 0-179 in four parts, so that the test workers share them
    stats = check_game(factory("official,turn_cap=20"), range(45 * part, 45 * (part + 1)))
    assert stats["games"] == 45 and stats["mean_steps"] > 50


def test_conformance_played_to_the_natural_end():
    stats = check_game(factory("official"), range(1000, 1060), max_steps=200_000)
    assert stats["games"] == 60


def test_active_seat_moves_and_returns():
    s = DominionState.new(["Militia"], num_players=2, seed=4)
    assert not s.is_chance()
    assert s.active_seats() == (0,)
    assert s.legal_moves(1) == ()
    assert s.legal_moves(0) == s.decision().options
    s.game.setup(1, hand=["Copper", "Copper", "Estate", "Silver", "Gold"], deck=[], discard=[])
    s.game.setup(0, hand=["Militia"], deck=["Estate"] * 5, discard=[])
    s.apply(card_id("Militia"))
    assert s.active_seats() == (1,)  # the victim chooses its discard
    assert s.returns() == (0.0, 0.0)


@pytest.mark.parametrize(("outcome_vp", "returns"), [("shared", (0.5, 0.5)), ("won", (1.0, 0.0))])
def test_returns_one_for_a_sole_win_and_a_share_for_a_tie(outcome_vp, returns):
    s = DominionState.new([], num_players=2, seed=1)
    g = s.game
    g.setup(0, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    s.apply(-1)
    deck = ["Province"] if outcome_vp == "shared" else []
    g.setup(0, deck=deck + ["Copper"] * 5, discard=[])
    g.setup(1, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, discard=[],
            supply={"Province": 1})
    s.apply(card_id("Province"))
    assert s.is_terminal()
    if outcome_vp == "shared":
        assert s.returns() == returns
    else:
        assert s.returns() == (0.0, 1.0)  # seat 1 bought the last Province and leads


def test_a_match_between_random_players_runs_through_core():
    from ludolab.players import RandomPlayer

    state = DominionState.new(["Village", "Smithy"], num_players=3, seed=9,
                              rules="official,turn_cap=10")
    result = Match(state, [RandomPlayer(), RandomPlayer(), RandomPlayer()], seed=9).run()
    assert result.final_state.is_terminal() and not result.truncated
    assert abs(sum(result.returns) - 1.0) < 1e-12


def test_reseeded_state_keeps_the_decision():
    s = DominionState.new(["Cellar"], num_players=2, seed=2)
    t = s.reseeded(99)
    assert t.decision() == s.decision() and t.active_seats() == s.active_seats()
