"""Generated "BMU + X" bots: where each card class buys its one copy, and how they are named."""

from __future__ import annotations

import pytest

from ludolab.errors import LudolabError
from ludolab.games.dominion.bots import compile_bot, entry_text, load_spec, xbots
from ludolab.games.dominion.cards import card_id

BMU_HEAD = ["Province if money >= 16", "Duchy if gains_to_end <= 4",
            "Estate if gains_to_end <= 2"]
BMU_TAIL = ["Silver", "Estate if gains_to_end <= 3"]


def buy_list(name: str) -> list[str]:
    return [entry_text(e) for e in load_spec(name).buy]


@pytest.mark.parametrize(("bot", "middle"), [
    # a $4 card: instead of the first Silver, after Gold and the late Duchy
    ("BMU + Smithy", ["Gold", "Duchy if gains_to_end <= 6", "Smithy limit 1"]),
    # a $6 card: instead of the first Gold
    ("BMU + Artisan", ["Artisan limit 1", "Gold", "Duchy if gains_to_end <= 6"]),
    # a Victory card: only in the endgame
    ("BMU + Gardens", ["Gold", "Duchy if gains_to_end <= 6",
                       "Gardens limit 1 if gains_to_end <= 6"]),
    # overrides: Chapel in the opening on its cheaper hand, Witch over Gold
    ("BMU + Chapel", ["Gold", "Duchy if gains_to_end <= 6",
                      "Chapel limit 1 if turn <= 2 and coins <= 3"]),
    ("BMU + Witch", ["Witch limit 1", "Gold", "Duchy if gains_to_end <= 6"]),
    # a Treasure-Victory $6 card is placed by its cost
    ("BMU + Farm", ["Farm limit 1", "Gold", "Duchy if gains_to_end <= 6"]),
])
def test_each_card_class_buys_its_card_at_its_place(bot: str, middle: list[str]) -> None:
    assert buy_list(bot) == BMU_HEAD + middle + BMU_TAIL
    spec = load_spec(bot)
    assert spec.name == bot and spec.description.startswith("Big Money Ultimate with one ")
    assert spec.trash == spec.play == [] and spec.options == load_spec("Big Money Ultimate").options


def test_names_are_loose_and_resolve_to_the_canonical_bot() -> None:
    for spelling in ("bmu+throneroom", "  Big Money Ultimate +  throne room ", "BMU + Throne Room"):
        assert load_spec(spelling).name == "BMU + Throne Room"
    assert compile_bot(load_spec("BMU + Smithy")).cards_needed == (card_id("Smithy"),)


def test_bad_x_bot_names_are_one_line_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LudolabError, match=r"unknown card 'Smithyy'; did you mean 'Smithy'\?"):
        load_spec("BMU + Smithyy")
    with pytest.raises(LudolabError, match="no X bot for 'Gold': X is a kingdom card"):
        load_spec("BMU + Gold")
    from ludolab.games.dominion.engine import hooks

    smithy = load_spec("BMU + Smithy")  # before the engine "loses" the card below
    assert smithy.name == "BMU + Smithy"
    monkeypatch.setattr(hooks, "playable", lambda: ())
    with pytest.raises(LudolabError, match="its rules are not in the engine yet"):
        load_spec("BMU + Smithy")


def test_the_cards_follow_the_engine_and_the_set_filter() -> None:
    from ludolab.games.dominion.cards import card
    from ludolab.games.dominion.engine.hooks import playable

    every = xbots.xbot_cards()
    assert sorted(card(n).id for n in every) == sorted(playable())
    base1 = xbots.xbot_cards(["base1"])  # a printing: the 25 cards of the first printing
    assert len(base1) == 25 and "Adventurer" in base1 and "Smithy" in base1
    assert "Artisan" not in base1  # second printing only
    family = xbots.xbot_cards(["BASE"])  # both printings
    assert set(base1) < set(family) and len(family) == 32
    assert all(card(n).set.startswith("base") for n in family)
    with pytest.raises(LudolabError, match="unknown card set 'nope'; "):
        xbots.xbot_cards(["nope"])
