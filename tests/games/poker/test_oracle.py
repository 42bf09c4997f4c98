"""pokerkit as the oracle: whole hands replayed action by action (chips per seat must agree), and
10^6 random showdowns whose winners and pot shares are recomputed from pokerkit's own hand
ranking.

For the showdowns, pokerkit ranks each of the 2,598,960 five-card hands once (its lookup index,
higher is stronger); a seven-card hand's pokerkit strength is then the best of its 21 five-card
subsets (pokerkit's definition), computed in a compiled loop that never calls our evaluator.
"""

import itertools
import math
import warnings

import numpy as np
import pokerkit as pk
import pytest
from numba import njit

from ludolab.core.rng import game_seeds
from ludolab.games.poker.cards import card_str, cards_str
from ludolab.games.poker.engine import Engine, baseline_bots
from ludolab.games.poker.rules import RuleSet, ruleset

STACK = 10**7
_A = pk.Automation
AUTOS = (_A.ANTE_POSTING, _A.BET_COLLECTION, _A.BLIND_OR_STRADDLE_POSTING, _A.CARD_BURNING,
         _A.HOLE_CARDS_SHOWING_OR_MUCKING, _A.HAND_KILLING, _A.CHIPS_PUSHING, _A.CHIPS_PULLING)


def pokerkit_state(rules: RuleSet, n: int) -> pk.State:
    """A pokerkit fixed-limit hold'em table with our cap (pokerkit counts raises, not bets, so
    pre-flop allows ``cap - 1`` raises over the big blind, as ACPC's ``maxRaises = 3 4 4 4``)."""

    def street(holes, nboard, bet, raises):
        return pk.Street(False, holes, nboard, False, pk.Opening.POSITION, bet, raises)

    streets = (street((False, False), 0, rules.small_bet, rules.cap - 1),
               street((), 3, rules.small_bet, rules.cap),
               street((), 1, rules.big_bet, rules.cap),
               street((), 1, rules.big_bet, rules.cap))
    return pk.State(AUTOS, pk.Deck.STANDARD, (pk.StandardHighHand,), streets,
                    pk.BettingStructure.FIXED_LIMIT, True, 0,
                    (rules.small_blind, rules.big_blind), 0, STACK, n, mode=pk.Mode.CASH_GAME)


def replay(history, n: int) -> list[int]:
    """Play our traced hand's actions in pokerkit; its net chips per seat (asserting that the
    seat to act and the amount to call agree at every step)."""
    st = pokerkit_state(history.rules, n)
    b = history.button
    seat_of = [(b + 1 + i) % n for i in range(n)]  # pokerkit player 0 is left of the button
    player_of = {s: i for i, s in enumerate(seat_of)}
    for i in range(n):
        st.deal_hole(cards_str(history.hole[seat_of[i]]).replace(" ", ""))
    for e in history.events:
        if e.kind == "board":
            k = 3 if e.street == 1 else 1
            st.deal_board(cards_str(e.cards[-k:]).replace(" ", ""))
        elif e.kind == "action":
            assert st.actor_index == player_of[e.seat], e
            if e.action == "fold":
                st.fold()
            elif e.action in ("check", "call"):
                assert st.checking_or_calling_amount == e.amount, e
                st.check_or_call()
            else:
                assert st.can_complete_bet_or_raise_to(), e
                st.complete_bet_or_raise_to()
    assert not st.status
    return [st.stacks[player_of[s]] - STACK for s in range(n)]


@pytest.mark.parametrize("spec", ["limit", "acpc-heads-up", "limit,cap=3"])
def test_whole_hands_agree_with_pokerkit_chip_for_chip(spec):
    rules = ruleset(spec)
    bots = baseline_bots("random:0.15:0.55", "random:0.03:0.8", "call", "raise", "random:0:0.5")
    rng = np.random.default_rng(11)
    splits = folds = odd_splits = 0
    for n in range(2, 11):
        engine = Engine(rules, n)
        for seed in game_seeds(5, 0, 25):
            seating = rng.integers(0, len(bots), n)
            h = engine.trace(bots, int(seed), int(rng.integers(0, n)), seating)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                theirs = replay(h, n)
            wins = [e for e in h.events if e.kind == "win"]
            splits += len(wins) > 1
            if len(wins) > 1 and list(h.chips) != theirs:
                # pokerkit gives every odd chip of a split to one winner, we give them one each
                # from the button's left: only winners differ, by less than the number of winners
                diff = np.array(h.chips) - np.array(theirs)
                winners = {e.seat for e in wins}
                assert diff.sum() == 0 and set(np.flatnonzero(diff)) <= winners
                assert np.abs(diff).max() < len(wins)
                odd_splits += 1
            else:
                assert list(h.chips) == theirs, h.lines()
            folds += any(e.action == "fold" for e in h.events)
    assert splits >= 3 and folds >= 100  # ties and folds were exercised, not just showdowns


@njit  # no cache: a test module's import name depends on how pytest collects it
def _pokerkit_strengths(cards7, table, binom):
    """pokerkit's strength of each 7-card row: the best ``table`` entry of its 5-card subsets
    (``table`` indexed by the colex rank of the sorted five cards)."""
    out = np.zeros(cards7.shape[0], np.int64)
    five = np.zeros(5, np.int64)
    for h in range(cards7.shape[0]):
        s = np.sort(cards7[h])
        best = -1
        for i in range(7):
            for j in range(i + 1, 7):
                k = 0
                for t in range(7):
                    if t != i and t != j:
                        five[k] = s[t]
                        k += 1
                idx = 0
                for t in range(5):
                    idx += binom[five[t], t + 1]
                best = max(best, table[idx])
        out[h] = best
    return out


def _pokerkit_five_card_table():
    binom = np.zeros((52, 6), np.int64)
    for a in range(52):
        for k in range(6):
            binom[a, k] = math.comb(a, k)
    combos = np.array(list(itertools.combinations(range(52), 5)), np.int64)
    colex = sum(binom[combos[:, t], t + 1] for t in range(5))
    cards = [next(iter(pk.Card.parse(card_str(c)))) for c in range(52)]
    lookup = pk.StandardHighHand.lookup
    table = np.zeros(len(combos), np.int64)
    table[colex] = [lookup.get_entry([cards[c] for c in row]).index for row in combos.tolist()]
    return table, binom


@pytest.mark.slow
def test_a_million_showdowns_have_pokerkit_winners_and_pot_shares():
    table, binom = _pokerkit_five_card_table()
    # never folding, keyed random betting: every hand is a showdown with varied pots
    bots = baseline_bots("random:0:0.6", "call", "random:0:0.3")
    total = 0
    ties = odd = 0
    for n in range(2, 11):
        hands = 1_000_000 // 9 + 1
        engine = Engine("limit", n)
        seeds = game_seeds(n, 0, hands)
        buttons = np.arange(hands) % n
        seating = np.random.default_rng(n).integers(0, 3, (hands, n))
        rec = engine.play(bots, seeds, buttons, seating)
        assert rec.showdown.all()
        board = rec.board.astype(np.int64)
        strengths = np.stack(
            [_pokerkit_strengths(np.concatenate([board, rec.hole[:, s].astype(np.int64)], 1),
                                 table, binom) for s in range(n)], axis=1)
        best = strengths.max(1, keepdims=True)
        winners = strengths == best
        k = winners.sum(1)
        pot = rec.invested.sum(1)
        share = np.where(winners, (pot // k)[:, None], 0)
        # odd chips one each to the winners nearest the button's left (clockwise)
        rest = pot - (pot // k) * k
        order = (np.arange(n)[None, :] - buttons[:, None] - 1) % n  # 0 = seat left of button
        rank_among_winners = np.zeros_like(share)
        for h in np.flatnonzero(rest):
            seats = np.flatnonzero(winners[h])
            seats = seats[np.argsort(order[h, seats])]
            rank_among_winners[h, seats[: rest[h]]] = 1
        expected = share + rank_among_winners - rec.invested
        np.testing.assert_array_equal(rec.chips, expected)
        total += hands
        ties += int((k > 1).sum())
        odd += int((rest > 0).sum())
    assert total >= 1_000_000 and ties > 1000 and odd > 100
