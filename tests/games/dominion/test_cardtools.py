"""The rulebook-situation module every card test builds on (tests/cardtools.py): its example
runs, a situation is exactly the zones it names, and a failed ``expect`` says what differed."""

from __future__ import annotations

import doctest

import pytest

import cardtools
from cardtools import COPPERS, DK, arrange, coin_tokens, expect, owned, pend, situation, start, zone
from ludolab.games.dominion.engine import kernel as K


def test_the_module_example_runs() -> None:
    result = doctest.testmod(cardtools)
    assert result.attempted == 6 and result.failed == 0


def test_a_situation_sets_each_other_seat_and_the_seat_to_move() -> None:
    g = situation(["Smithy"], seat=1, players=3, hand=["Smithy", "Copper"],
                  deck=["Gold", "Estate"], discard={"Duchy": 2},
                  other=[{"hand": ["Silver"] * 5, "deck": [], "discard": []}, COPPERS])
    assert g.counters()["seat"] == 1
    assert pend(g)[:2] == (1, DK.PLAY)
    expect(g, 1, hand={"Smithy": 1, "Copper": 1}, deck=["Gold", "Estate"], discard={"Duchy": 2})
    expect(g, 0, hand={"Silver": 5}, deck=[], discard={})
    expect(g, 2, hand={"Copper": 5}, deck=["Copper"] * 10, discard={})


def test_other_seats_given_as_a_list_must_name_each_of_them() -> None:
    with pytest.raises(AssertionError, match="2 other seats, 1 given"):
        situation(["Smithy"], players=3, hand=[], deck=[], other=[COPPERS])


def test_arrange_puts_owned_cards_on_a_mat_and_coin_tokens_on_the_pirate_ship_mat() -> None:
    g = start(["Native Village", "Pirate Ship"])
    arrange(g, 0, {K.Z_MAT: ["Gold", "Estate"]}, coin_tokens=2, hand=["Native Village"],
            deck=["Copper"], discard=[])
    assert zone(g, 0, K.Z_MAT) == {"Gold": 1, "Estate": 1}
    expect(g, 0, mat={"Gold": 1, "Estate": 1}, hand={"Native Village": 1})
    assert (owned(g, 0, "Gold"), owned(g, 0, "Estate"), coin_tokens(g, 0)) == (1, 1, 2)


def test_expect_checks_counters_and_vp_and_names_what_differed() -> None:
    g = situation(["Smithy"], hand=["Estate", "Estate", "Duchy"], deck=[], other=COPPERS)
    expect(g, 0, vp=5, coins=0, buys=1, hand={"Estate": 2, "Duchy": 1})
    with pytest.raises(AssertionError, match=r"^seat 0 coins: 0 != 1$"):
        expect(g, 0, coins=1)
    with pytest.raises(AssertionError, match=r"^seat 0 vp: 5 != 4$"):
        expect(g, 0, vp=4)
    with pytest.raises(AssertionError, match=r"\(Duchy 1 not 0; Estate 2 not 3\)$"):
        expect(g, 0, hand={"Estate": 3})
    with pytest.raises(KeyError, match="'coin'"):
        expect(g, 0, coin=0)
