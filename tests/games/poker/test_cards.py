"""Card numbering and parsing."""

import pytest

from ludolab.errors import LudolabError
from ludolab.games.poker.cards import card_str, cards_str, parse_card, parse_cards


def test_every_card_round_trips_and_numbering_is_rank_times_four_plus_suit():
    assert [parse_card(card_str(c)) for c in range(52)] == list(range(52))
    assert parse_card("2c") == 0 and parse_card("2s") == 3 and parse_card("Ac") == 48
    assert parse_card("10h") == parse_card("Th") == 8 * 4 + 2


def test_parse_cards_accepts_runs_spaces_and_commas():
    assert parse_cards("AsKd, 7c 10h") == [51, 45, 20, 34]
    assert cards_str([51, 45]) == "As Kd"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1s", "bad card '1s': expected a rank of 23456789TJQKA then a suit of cdhs"),
        ("Ax", "bad card 'Ax': expected a rank of 23456789TJQKA then a suit of cdhs"),
        ("AsA", "bad card 'A': expected a rank of 23456789TJQKA then a suit of cdhs"),
    ],
)
def test_bad_cards_are_one_line_errors(text, message):
    with pytest.raises(LudolabError) as err:
        parse_cards(text)
    assert str(err.value) == message


def test_repeated_card_and_bad_number():
    with pytest.raises(LudolabError, match=r"^card As appears twice in 'AsKsAs'$"):
        parse_cards("AsKsAs")
    with pytest.raises(LudolabError, match=r"^bad card number 52: expected 0..51$"):
        card_str(52)
