"""The compiled evaluator: exact categories, every 5-card class against pokerkit, and 7 cards as
the best of their 21 five-card subsets.

Together the two oracle tests prove that our ordering of 5-, 6- and 7-card hands is pokerkit's:
the 2,598,960 five-card hands fall into exactly pokerkit's 7,462 classes in pokerkit's order, and
a 6- or 7-card hand's value is the best of its five-card subsets (pokerkit's definition too).
"""

import itertools

import numpy as np
import pokerkit as pk
import pytest
from numba import njit

from ludolab.errors import LudolabError
from ludolab.games.poker.cards import card_str, parse_cards
from ludolab.games.poker.evaluator import (
    CATEGORY_NAMES,
    category,
    describe,
    eval7,
    eval7_many,
    eval_cards,
    eval_n,
)


def v(text):
    return eval_cards(parse_cards(text))


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        ("AsKsQsJsTs 2c 3d", "straight flush"),
        ("As2s3s4s5s 9c 9d", "straight flush"),
        ("9c9d9h9s 2c 3d 4h", "four of a kind"),
        ("9c9d9h 2s2c 3d 3h", "full house"),
        ("9c9d9h 2s2c2d 3h", "full house"),
        ("Ah9h2h5h7h Kc Kd", "flush"),
        ("Ac2d3h4s5c Kc Kd", "straight"),
        ("9c9d9h Ks 2c 3d 5h", "three of a kind"),
        ("9c9d Ks Kh 2c 2d 5h", "two pair"),
        ("9c9d Ks 7h 2c 3d 5h", "pair"),
        ("Ac Jd 9s 7h 5c 3d 2h", "high card"),
    ],
)
def test_categories(hand, name):
    assert CATEGORY_NAMES[category(v(hand))] == name


def test_tie_breaks_and_describe():
    assert v("AcAd KsKh 2c 2d 5h") > v("AcAd KsKh 3c 3d 4h")  # third pair never plays: 5 kicker
    assert v("AcAd KsKh 3c 3d 6h") == v("AcAd KsKh 2c 2d 6h")
    assert v("Ac2d3h4s5c 9c Jd") < v("2c3d4h5s6c 9c Jd")  # the wheel is the lowest straight
    assert v("9c9d9h 8s8c 7d7h") == v("9c9d9h 8s8c 2d3h")
    assert describe(v("9c9d Ks 7h 2c 3d 5h")) == "pair 9 K 7 5"
    assert describe(v("9c9d9h 2s2c 3d 3h")) == "full house 9 3"


def test_bad_hands_are_refused():
    with pytest.raises(LudolabError, match=r"^a poker hand has 5 to 7 cards, got 4$"):
        eval_cards([1, 2, 3, 4])
    with pytest.raises(LudolabError, match=r"^cards must be distinct numbers 0..51"):
        eval_cards([1, 1, 2, 3, 4])


@njit  # no cache: a test module's import name depends on how pytest collects it
def _all_five_card_values():
    out = np.zeros(2598960, np.int32)
    hand = np.zeros(5, np.int64)
    k = 0
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        hand[0] = a
                        hand[1] = b
                        hand[2] = c
                        hand[3] = d
                        hand[4] = e
                        out[k] = eval_n(hand, 5)
                        k += 1
    return out


def test_every_five_card_class_matches_pokerkit_in_order():
    values = _all_five_card_values()
    distinct, first = np.unique(values, return_index=True)
    assert len(distinct) == 7462  # the number of distinct five-card poker hands
    # each class's first hand in enumeration order, back to its cards
    combos = list(itertools.combinations(range(52), 5))
    theirs = []
    for i in first:
        cards = [pk.Card.parse(card_str(c)) for c in combos[i]]
        hand = pk.StandardHighHand([next(iter(c)) for c in cards])
        theirs.append(hand)
    # ours strictly increasing by construction; pokerkit must agree pair by pair
    assert all(theirs[i] < theirs[i + 1] for i in range(len(theirs) - 1))


@njit  # no cache: a test module's import name depends on how pytest collects it
def _best_of_subsets_mismatches(hands):
    bad = 0
    five = np.zeros(5, np.int64)
    six = np.zeros(6, np.int64)
    for h in range(hands.shape[0]):
        best = -1
        for skip1 in range(7):
            for skip2 in range(skip1 + 1, 7):
                k = 0
                for i in range(7):
                    if i != skip1 and i != skip2:
                        five[k] = hands[h, i]
                        k += 1
                best = max(best, eval_n(five, 5))
        if best != eval7(hands[h, 0], hands[h, 1], hands[h, 2], hands[h, 3], hands[h, 4],
                         hands[h, 5], hands[h, 6]):
            bad += 1
        best6 = -1
        for skip in range(6):
            k = 0
            for i in range(6):
                if i != skip:
                    five[k] = hands[h, i]
                    k += 1
            best6 = max(best6, eval_n(five, 5))
        for i in range(6):
            six[i] = hands[h, i]
        if best6 != eval_n(six, 6):
            bad += 1
    return bad


def test_seven_and_six_cards_are_the_best_of_their_five_card_subsets_on_a_million_hands():
    rng = np.random.default_rng(20261124)
    hands = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7].astype(np.int64)
    assert _best_of_subsets_mismatches(hands) == 0


def test_seven_card_category_frequencies():
    # exact 7-card frequencies out of C(52,7) = 133,784,560; 10^6 hands give a standard error of
    # at most sqrt(.44 * .56 / 1e6) = 0.0005, so 0.003 is a six-sigma band for every category.
    exact = np.array([23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184,
                      224848, 41584]) / 133784560
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7].astype(np.int64)
    out = np.zeros(len(hands), np.int32)
    eval7_many(hands, out)
    freq = np.bincount(out >> 20, minlength=9) / len(hands)
    assert np.all(np.abs(freq - exact) < 0.003)
