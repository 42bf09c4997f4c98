"""Rule sets: parsing, supply sizes, end conditions, tie-break, reshuffles, house rules."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import DecisionKind, EndReason, Engine, simple_bot
from ludolab.games.dominion.rules import PRESETS, RuleSet, ruleset

DK = DecisionKind
BM = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])


def C(name: str) -> int:
    return card_id(name)


# --- parsing --------------------------------------------------------------------------------
def test_presets_and_overrides():
    assert ruleset(None) == RuleSet()
    assert ruleset("") == RuleSet()
    r = ruleset("official,turn_cap=60")
    assert (r.name, r.turn_cap, r.end_on_piles) == ("official", 60, True)
    d = ruleset("doc000")
    assert (d.unshuffled_start, d.end_on_piles, d.tie_break, d.coin_values) == (
        True, False, "none", (1, 3, 6))
    assert ruleset("doc003").tie_break == "none" and not ruleset("doc003").end_on_piles
    assert ruleset("doc004").end_on_victory_pile
    assert ruleset("first-edition").edition == 1
    assert ruleset("turn_cap=5").name == "official"  # a leading override implies official
    r = ruleset("doc003, solo_provinces=7, victory_pile=12, unshuffled_start=yes, edition=1")
    assert (r.solo_provinces, r.victory_pile, r.unshuffled_start, r.edition) == (7, 12, True, 1)
    assert ruleset("coin_values=1/3/6").coin_values == (1, 3, 6)


@pytest.mark.parametrize("name", list(PRESETS))
def test_spec_round_trips(name):
    r = PRESETS[name]
    assert ruleset(r.spec()) == r
    changed = ruleset(f"{name},turn_cap=9,tie_break=none")
    assert ruleset(changed.spec()) == changed


@pytest.mark.parametrize(("spec", "message"), [
    ("oficial", "unknown rule preset 'oficial'; did you mean 'official'? valid presets: "
                "official, first-edition, doc000, doc003, doc004"),
    ("official,turncap=5", "unknown rule setting 'turncap'; did you mean 'turn_cap'? valid "
                           "settings: edition, victory_pile, province_pile, unshuffled_start, "
                           "end_on_piles, end_on_victory_pile, tie_break, turn_cap, "
                           "solo_provinces, coin_values, colony, bane"),
    ("official,turn_cap=x", "rule setting turn_cap must be a whole number >= 0, got 'x'"),
    ("official,turn_cap=-3", "rule setting turn_cap must be a whole number >= 0, got '-3'"),
    ("official,tie_break=coin", "rule setting tie_break must be 'turns' or 'none', got 'coin'"),
    ("official,end_on_piles=maybe", "rule setting end_on_piles must be true or false, "
                                    "got 'maybe'"),
    ("official,edition=3", "rule setting edition must be 1 or 2, got '3'"),
    ("official,coin_values=1/2", "rule setting coin_values must be three numbers 0-20 like "
                                 "1/2/3, got '1/2'"),
    ("official,turn_cap=5,turn_cap=6", "rule setting turn_cap is given twice in "
                                       "'official,turn_cap=5,turn_cap=6'"),
    ("official,doc000", "rule item 'doc000' must be key=value (the preset name comes first); "
                        "valid settings: edition, victory_pile, province_pile, unshuffled_start, "
                        "end_on_piles, end_on_victory_pile, tie_break, turn_cap, "
                        "solo_provinces, coin_values, colony, bane"),
    ("official,,turn_cap=1", "empty item in rules 'official,,turn_cap=1'"),
])
def test_bad_specs_give_one_line_errors(spec, message):
    with pytest.raises(LudolabError) as err:
        ruleset(spec)
    assert str(err.value) == message


def test_player_count_and_solo_checks():
    with pytest.raises(LudolabError, match=r"^Dominion is played by 1 to 6 players here, got 7$"):
        Engine([], 7)
    with pytest.raises(LudolabError, match=r"^solo_provinces is the one-player mode; this game "
                                           r"has 2 players$"):
        Engine([], 2, "official,solo_provinces=4")
    with pytest.raises(LudolabError, match=r"exceeds the 8 Provinces in the supply"):
        Engine([], 1, "official,solo_provinces=9")


# --- supply -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "copper", "victory", "curse"), [
    (1, 53, 8, 10), (2, 46, 8, 10), (3, 39, 12, 20), (4, 32, 12, 30),
])
def test_supply_sizes_by_player_count(players, copper, victory, curse):
    sizes = Engine(["Gardens", "Smithy"], players).supply_sizes()
    assert sizes == {
        C("Copper"): copper, C("Silver"): 40, C("Gold"): 30, C("Estate"): victory,
        C("Duchy"): victory, C("Province"): victory, C("Curse"): curse,
        C("Gardens"): victory, C("Smithy"): 10,
    }


def test_victory_pile_house_rule():
    sizes = Engine([], 2, "official,victory_pile=12,province_pile=10").supply_sizes()
    assert (sizes[C("Estate")], sizes[C("Duchy")], sizes[C("Province")]) == (12, 12, 10)


def test_starting_decks_are_seven_coppers_and_three_estates():
    g = Engine([], 3).new_game(5, [None] * 3)
    for seat in range(3):
        assert g.zones(seat)["owned"] == {"Copper": 7, "Estate": 3}
    assert g.total_cards() == sum(Engine([], 3).supply_sizes().values()) + 30


# --- end of the game ---------------------------------------------------------------------------
def test_three_empty_piles_end_the_game_at_the_end_of_the_turn_not_mid_turn():
    g = Engine(["Smithy", "Village", "Woodcutter"], 2).new_game(1, [None, None])
    g.setup(0, hand=["Woodcutter", "Silver", "Copper", "Copper", "Copper"], deck=["Copper"] * 5,
            discard=[], supply={"Smithy": 0, "Village": 0, "Silver": 1})
    g.answer(C("Woodcutter"))
    g.answer(C("Silver"))  # the third pile is now empty...
    d = g.pending()
    assert not g.is_over() and (d.seat, d.kind) == (0, DK.BUY)  # ...the turn goes on
    g.answer(C("Estate"))
    assert g.is_over() and g.end_reason() == EndReason.PILES
    assert g.counters()["turns0"] == 1 and g.counters()["turns1"] == 0


def test_two_empty_piles_do_not_end_the_game():
    g = Engine(["Smithy", "Village"], 2).new_game(1, [None, None])
    g.setup(0, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[],
            supply={"Smithy": 0, "Village": 0})
    g.answer(-1)
    assert not g.is_over() and g.pending().seat == 1


def test_three_piles_without_end_on_piles_do_not_end_the_game():
    g = Engine(["Smithy", "Village"], 2, "doc003").new_game(1, [None, None])
    g.setup(0, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[],
            supply={"Smithy": 0, "Village": 0, "Curse": 0})
    g.answer(-1)
    assert not g.is_over()


def test_last_province_ends_the_game():
    g = Engine([], 2).new_game(1, [None, None])
    g.setup(0, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, discard=[],
            supply={"Province": 1})
    g.answer(C("Province"))
    assert g.is_over() and g.end_reason() == EndReason.PROVINCES


def test_empty_victory_pile_ends_the_game_under_doc004():
    g = Engine([], 2, "doc004").new_game(1, [None, None])
    g.setup(0, hand=["Gold", "Silver"], deck=["Copper"] * 5, discard=[], supply={"Duchy": 1})
    g.answer(C("Duchy"))
    assert g.is_over() and g.end_reason() == EndReason.VICTORY_PILE
    g2 = Engine([], 2).new_game(1, [None, None])
    g2.setup(0, hand=["Gold", "Silver"], deck=["Copper"] * 5, discard=[], supply={"Duchy": 1})
    g2.answer(C("Duchy"))
    assert not g2.is_over()  # official: one empty pile is not enough


def test_turn_cap_ends_the_game_after_every_seat_took_the_cap_turn():
    rec = Engine([], 3, "official,turn_cap=4").play([BM, BM, BM], np.arange(20, dtype=np.uint64))
    assert (rec.turns == 4).all() and (rec.end_reason == EndReason.TURN_CAP).all()


def test_solo_mode_stops_at_the_province_goal():
    rec = Engine([], 1, "official,solo_provinces=4").play([BM], np.arange(200, dtype=np.uint64))
    assert (rec.end_reason == EndReason.SOLO).all()
    assert (rec.vp[:, 0] == 4 * 6 + 3).all()  # four Provinces and the three starting Estates
    assert (rec.outcome[:, 0] == 2).all()


# --- scoring and tie-break ---------------------------------------------------------------------
def _ending_tie(tie_break: str) -> tuple[int, ...]:
    """Seat 0 buys the last Province to tie seat 1 at 6 VP, one turn ahead of it."""
    g = Engine([], 2, f"official,tie_break={tie_break}").new_game(1, [None, None])
    g.setup(1, hand=["Copper"] * 5, deck=["Province"], discard=[])
    g.setup(0, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, discard=[],
            supply={"Province": 1})
    g.answer(C("Province"))
    assert g.is_over() and g.vp() == (6, 6)
    return g.outcome()


def test_tie_broken_by_fewer_turns():
    assert _ending_tie("turns") == (0, 2)  # seat 1 took one turn fewer


def test_tie_without_tie_break_is_shared():
    assert _ending_tie("none") == (1, 1)


def test_tie_with_equal_turns_is_shared():
    g = Engine([], 2).new_game(1, [None, None])
    g.setup(0, hand=["Copper"] * 5, deck=["Province"] + ["Copper"] * 4, discard=[])
    g.answer(-1)  # seat 0 passes its first turn
    g.setup(1, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, discard=[],
            supply={"Province": 1})
    g.answer(C("Province"))
    assert g.is_over() and g.vp() == (6, 6) and g.outcome() == (1, 1)
    assert g.returns() == (0.5, 0.5)


# --- shuffles ----------------------------------------------------------------------------------
def test_reshuffle_happens_only_when_drawing_from_an_empty_deck():
    g = Engine(["Smithy"], 2).new_game(1, [None, None])
    g.setup(0, hand=["Smithy"], deck=["Gold", "Silver"], discard=["Estate", "Estate", "Duchy"])
    before = g.counters()["shuffles0"]
    g.answer(C("Smithy"))
    z = g.zones(0)
    # Gold and Silver first, then the discard pile is shuffled into the deck for the third card
    assert g.counters()["shuffles0"] == before + 1
    assert z["play"] == {"Smithy": 1, "Gold": 1, "Silver": 1}
    assert sum(z["hand"].values()) == 1 and len(z["deck"]) == 2 and z["discard"] == {}
    assert sorted(z["deck"] + list(z["hand"])) == ["Duchy", "Estate", "Estate"]


def test_cleanup_discards_first_then_draws_the_rest_of_the_deck_before_shuffling():
    g = Engine([], 2).new_game(1, [None, None])
    g.setup(0, hand=["Copper"] * 5, deck=["Gold", "Gold", "Gold"], discard=["Estate"] * 4)
    before = g.counters()["shuffles0"]
    g.answer(-1)
    z = g.zones(0)
    assert g.counters()["shuffles0"] == before + 1
    # clean-up puts the hand and play into the discard pile first, draws the three Golds, then
    # shuffles the discard pile (this turn's 5 Coppers and the 4 Estates) for two more cards
    assert z["hand"]["Gold"] == 3 and sum(z["hand"].values()) == 5
    assert len(z["deck"]) == 7 and z["discard"] == {}
    rest = list(z["deck"]) + [c for c, k in z["hand"].items() if c != "Gold" for _ in range(k)]
    assert sorted(rest) == ["Copper"] * 5 + ["Estate"] * 4


def test_unshuffled_start_draws_five_coppers_then_two_coppers_and_three_estates():
    g = Engine([], 2, "doc000").new_game(3, [None, None])
    z = g.zones(0)
    assert z["play"] == {"Copper": 5}  # played in the buy phase: the first hand
    assert z["deck"] == ["Copper", "Copper", "Estate", "Estate", "Estate"]
    assert g.counters()["shuffles0"] == 0
    assert g.counters()["coins"] == 5
    g.answer(-1)
    assert g.zones(0)["hand"] == {"Copper": 2, "Estate": 3}


def test_shuffled_start_depends_on_the_seed():
    hands = {tuple(sorted(Engine([], 2).new_game(s, [None, None]).zones(1)["hand"].items()))
             for s in range(30)}
    assert len(hands) >= 3  # 5 Coppers, 4+1, 3+2, 2+3 all occur over 30 seeds


def test_doc000_coin_values():
    g = Engine([], 2, "doc000").new_game(1, [None, None])
    g.setup(0, hand=["Copper", "Silver", "Gold"], deck=["Copper"] * 5, discard=[])
    assert g.counters()["coins"] == 1 + 3 + 6
