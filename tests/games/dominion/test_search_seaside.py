"""The search's re-deal with Seaside's zones: another seat's Native Village mat is
hidden (face down: pooled with its hand and draw pile, dealt again with the same sizes); its
Island mat, its set-aside cards and its cards in play stay where they are."""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import Engine
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine import searchkernel as SK


def _cards(S: np.ndarray, zone: slice) -> list[int]:
    return sorted(np.repeat(np.arange(zone.stop - zone.start), S[zone]).tolist())


def test_another_seats_native_village_mat_is_dealt_again_and_its_island_mat_stays() -> None:
    engine = Engine(["Smithy"], 2)
    L = engine.layout
    game = engine.new_game(3, [None, None])
    S0 = game._S.copy()
    S0[K.H_DUR] = 1  # the Seaside books on (what a game with Native Village or Island has)
    copper, estate = card_id("Copper"), card_id("Estate")
    # seat 1: two of its hand's cards go to its Native Village mat, an Estate to its Island mat
    hand, mat, island = L.zone(1, "hand"), L.zone(1, "mat"), L.zone(1, "island")
    for c, z in ((copper, mat), (estate, island)):
        assert S0[hand][c] > 0
        S0[hand.start + c] -= 1
        S0[z.start + c] += 1
    top = S0[hand]
    x = int(np.flatnonzero(top)[0])  # any card still in hand to the mat too
    S0[hand.start + x] -= 1
    S0[mat.start + x] += 1
    assert K.state_ok(S0)
    n1 = int(S0[L.scalar(1, "deck_n")])
    before = sorted(_cards(S0, hand) + _cards(S0, mat) + S0[L.deck(1, n1)].tolist())
    mats = set()
    for key in range(30):
        S = S0.copy()
        SK.determinise(S, game._view, 0, 0, np.uint64(key))
        assert K.state_ok(S)  # no card created or lost
        assert S[mat].sum() == 2 and S[hand].sum() == S0[hand].sum()  # the sizes stay
        assert np.array_equal(S[island], S0[island])  # the Island mat is public
        after = sorted(_cards(S, hand) + _cards(S, mat) + S[L.deck(1, n1)].tolist())
        assert after == before  # the same cards, dealt again
        mats.add(tuple(S[mat]))
    assert len(mats) > 1  # the mat's cards are not kept: 30 re-deals of 10 cards differ


def test_without_the_seaside_books_the_mat_zone_is_left_alone() -> None:
    # H_DUR 0 (every game without Seaside's cards): the re-deal does not read the mat zone, so
    # cards put there by hand stay, and hand plus pile are pooled as they always were
    engine = Engine(["Smithy"], 2)
    L = engine.layout
    game = engine.new_game(3, [None, None])
    S0 = game._S.copy()
    hand, mat = L.zone(1, "hand"), L.zone(1, "mat")
    c = int(np.flatnonzero(S0[hand])[0])
    S0[hand.start + c] -= 1
    S0[mat.start + c] += 1
    for key in range(5):
        S = S0.copy()
        SK.determinise(S, game._view, 0, 0, np.uint64(key))
        assert np.array_equal(S[mat], S0[mat]) and S[hand].sum() == S0[hand].sum()
