"""Poker rule sets: presets, overrides, settings that make no sense."""

import pytest

from ludolab.errors import LudolabError
from ludolab.games.poker.rules import PRESETS, RuleSet, ruleset


def test_presets_and_overrides():
    assert ruleset(None) is PRESETS["limit"]
    r = ruleset("acpc-heads-up")
    assert (r.small_blind, r.big_blind, r.small_bet, r.big_bet, r.cap) == (5, 10, 10, 20, 4)
    assert ruleset("loki,cap=3,reverse_heads_up=false").spec() == (
        "loki,cap=3,reverse_heads_up=false"
    )
    assert ruleset("cap=5").name == "limit" and ruleset("cap=5").cap == 5
    assert r.bet_size(0) == r.bet_size(1) == 10 and r.bet_size(2) == r.bet_size(3) == 20


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("limt", "unknown poker rule preset 'limt'; did you mean 'limit'? valid presets: "
                 "limit, loki, acpc-heads-up, acpc"),
        ("limit,cap", "rule item 'cap' must be key=value (the preset name comes first); "
                      "valid settings: small_blind, big_blind, small_bet, big_bet, cap, "
                      "reverse_heads_up"),
        ("limit,cap=0", "cap must be 1..20 bets a street, got 0"),
        ("limit,cap=x", "rule setting cap must be a whole number, got 'x'"),
        ("limit,small_blind=3", "small_blind must be between 0 and big_blind (2), got 3"),
        ("limit,big_blind=0,small_blind=0", "big_blind must be at least 1 chip, got 0"),
        ("limit,big_bet=1", "big_bet (1) must be at least the small bet (2)"),
        ("limit,small_bet=1", "small_bet (1) must be at least the big blind (2)"),
        ("limit,cap=3,cap=4", "rule setting cap is given twice in 'limit,cap=3,cap=4'"),
        ("limit,reverse_heads_up=maybe",
         "rule setting reverse_heads_up must be true or false, got 'maybe'"),
    ],
)
def test_bad_rules_are_one_line_errors(spec, message):
    with pytest.raises(LudolabError) as err:
        ruleset(spec)
    assert str(err.value) == message


def test_seat_counts():
    RuleSet().check_seats(2)
    RuleSet().check_seats(10)
    for n in (0, 1, 11):
        with pytest.raises(LudolabError, match=rf"^poker needs 2 to 10 seats, got {n}$"):
            RuleSet().check_seats(n)
