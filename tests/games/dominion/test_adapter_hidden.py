"""Dominion's hidden information through the generic API: ``DominionState.resample`` is the
compiled search's re-deal (``kernel.determinise``), it keeps what the seat sees and reads nothing
it cannot see, and where the re-deal would not be sound only future shuffles are redrawn."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from ludolab.core import rng as _rng
from ludolab.games.dominion.adapter import DominionState
from ludolab.games.dominion.engine import DecisionKind
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine import searchkernel as SK
from ludolab.games.dominion.search import DominionSearchPlayer
from ludolab.players import MonteCarloPlayer, RandomPlayer

KINGDOM = ["Witch", "Smithy", "Cellar", "Moat", "Village", "Chapel", "Harbinger", "Bureaucrat",
           "Library", "Market"]


def key_stream(k: int) -> np.random.Generator:
    return _rng.stream(9, 0, _rng.RESAMPLE, k)


def own_buy(seed: int) -> DominionState:
    """Random play (keyed) until a BUY of seat 0 from its 5th turn, with at least 3 cards of its
    pile unseen and 3 in seat 1's pile: a state where the search's re-deal is sound."""
    s = DominionState.new(KINGDOM, 2, seed=seed)
    player, gen = RandomPlayer(), np.random.default_rng(seed)
    L = s.game.engine.layout
    while True:
        d = s.decision()
        assert d is not None
        hidden = DominionSearchPlayer.hidden_own(s.game, 0)
        if (d.seat == 0 and d.kind == DecisionKind.BUY and hidden is not None and hidden >= 3
                and s.game._S[L.scalar(0, "turns")] >= 4
                and s.game._S[L.scalar(1, "deck_n")] >= 3):
            return s
        s.apply(player.choose(s, d.seat, gen))


def hidden_reordered(s: DominionState) -> DominionState:
    """The same state with what seat 0 cannot see in another order (its unseen pile bottom and
    seat 1's pile reversed), replayed to the same decision."""
    other = s.clone()
    g = other.game
    L = g.engine.layout
    S = g._S
    own = L.deck(0, DominionSearchPlayer.hidden_own(g, 0))
    S[own] = S[own][::-1].copy()
    pile = L.deck(1, int(S[L.scalar(1, "deck_n")]))
    S[pile] = S[pile][::-1].copy()
    g._advance()
    return other


@pytest.mark.parametrize("seed", [3, 8])
def test_resample_is_the_compiled_searchs_redeal(seed: int) -> None:
    s = own_buy(seed)
    g = s.game
    hidden = DominionSearchPlayer.hidden_own(g, 0)
    key = int(key_stream(0).integers(1 << 63))
    expected = g._S.copy()
    SK.determinise(expected, g._view, 0, hidden, np.uint64(key))
    world = s.resample(0, key_stream(0))
    assert np.array_equal(world.game._S, expected)  # one re-deal for both searches
    assert world.information_state(0) == s.information_state(0)
    assert world.decision() == s.decision()
    assert world.game.zones(0)["hand"] == g.zones(0)["hand"]
    # the opponent's hand is really re-dealt (its cards, not only their order, vary by key)
    hands = {tuple(sorted(s.resample(0, key_stream(k)).game.zones(1)["hand"].items()))
             for k in range(20)}
    assert len(hands) > 1


@pytest.mark.parametrize("seed", [3, 8])
def test_resample_reads_nothing_the_seat_cannot_see(seed: int) -> None:
    s = own_buy(seed)
    other = hidden_reordered(s)
    assert not np.array_equal(other.game._S, s.game._S)  # the hidden truth differs
    assert other.information_state(0) == s.information_state(0)  # what seat 0 sees does not
    for k in range(3):
        a, b = s.resample(0, key_stream(k)), other.resample(0, key_stream(k))
        assert pickle.dumps(a) == pickle.dumps(b)


def test_a_generic_search_is_blind_to_the_hidden_order() -> None:
    s = own_buy(3)
    other = hidden_reordered(s)
    player = MonteCarloPlayer(simulations=12, horizon=6,
                              heuristic=lambda state, seat: float(state.game.vp()[seat]))
    first = player.choose(s, 0, _rng.stream(5, 0, _rng.PLAYER))
    stats = dict(player.last_search)
    assert player.choose(other, 0, _rng.stream(5, 0, _rng.PLAYER)) == first
    assert player.last_search == stats


def test_where_a_redeal_is_unsound_only_future_shuffles_are_redrawn() -> None:
    s = own_buy(3)
    # seat 1 cannot re-deal seat 0's turn (its answers would no longer fit): the hands stay
    assert DominionSearchPlayer.hidden_own(s.game, 1) is None
    world = s.resample(1, key_stream(0))
    key = int(key_stream(0).integers(1 << 63))
    assert pickle.dumps(world) == pickle.dumps(s.reseeded(key))
    assert world.information_state(1) == s.information_state(1)
    L = s.game.engine.layout
    changed = np.flatnonzero(world.game._S != s.game._S).tolist()
    assert changed and set(changed) <= {K.H_SEED2_LO, K.H_SEED2_HI, L.scalar(0, "epoch"),
                                        L.scalar(1, "epoch")}
