"""Kingdom selection: presets, explicit lists, random kingdoms and the bots' needs."""

from __future__ import annotations

import pytest

from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.kingdom import PRESETS, RANDOM_POOL, random_kingdom, resolve_kingdom


def ids(*names: str) -> list[int]:
    return [card_id(n) for n in names]


def test_auto_is_exactly_the_cards_the_bots_name() -> None:
    needed = {"Smithy BM": ids("Smithy"), "Steward": ids("Steward", "Gold")}
    assert resolve_kingdom(None, needed) == sorted(ids("Smithy", "Steward"))
    assert resolve_kingdom("auto", needed) == sorted(ids("Smithy", "Steward"))


def test_first_game_preset_is_the_rulebook_set() -> None:
    assert resolve_kingdom("First-Game") == ids(*PRESETS["first-game"])
    assert set(resolve_kingdom("first-game")) == set(
        ids("Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
            "Village", "Workshop")
    )
    assert all(len(cards) == 10 for cards in PRESETS.values())


def test_explicit_list_keeps_order_and_accepts_spaces() -> None:
    assert resolve_kingdom("Throne Room, witch ,Council Room") == ids(
        "Throne Room", "Witch", "Council Room"
    )


def test_random_kingdom_is_keyed_and_contains_required_cards() -> None:
    a = resolve_kingdom("random:7", {"bot": ids("Steward")})
    b = resolve_kingdom("random:7", {"bot": ids("Steward")})
    c = resolve_kingdom("random:8", {"bot": ids("Steward")})
    assert a == b
    assert a != c  # two seeds giving the same 9 random cards out of 26 would be a broken stream
    assert card_id("Steward") in a and len(a) == 10 and len(set(a)) == 10
    assert set(a) - {card_id("Steward")} <= set(RANDOM_POOL)
    assert random_kingdom(3, size=10) == sorted(random_kingdom(3, size=10))


@pytest.mark.parametrize(
    ("spec", "needed", "message"),
    [
        ("frist-game", None, "unknown kingdom 'frist-game'; did you mean 'first-game'?"),
        ("Smithy, Copper", None, "Copper is a basic card and always in the supply"),
        ("Smithy, smithy", None, "Smithy is listed twice in the kingdom"),
        ("Smithee, Witch", None, "unknown card 'Smithee'; did you mean 'Smithy'?"),
        ("random:x", None, "random kingdom seed must be an integer, got 'x'"),
        (", ".join(PRESETS["first-game"]) + ", Witch", None,
         "the kingdom lists 11 cards; a game has at most 10 kingdom piles"),
        (list(PRESETS["first-game"]) + list(PRESETS["size-distortion"][:4]) + ["Festival"],
         None, "the kingdom lists 15 cards; a game has at most 10 kingdom piles"),
        ("first-game", {"Witch BM": [card_id("Witch")]},
         "bot 'Witch BM' needs Witch, which the kingdom does not have"),
    ],
)
def test_bad_kingdoms_are_one_line_errors(spec, needed: dict | None, message: str) -> None:
    with pytest.raises(LudolabError) as err:
        resolve_kingdom(spec, needed)
    assert message in str(err.value)
    assert "\n" not in str(err.value)
