"""Scripted situations for the basic cards and the second-edition kingdom cards.

Every test sets exact zones with ``DominionGame.setup`` (decks are listed from the top down),
plays the card as an outside seat, answers its decisions and asserts the exact resulting hand,
deck, discard, trash, supply and counters. With every seat outside, a decision with a single
option is taken without asking, so each ``pending()`` below is a real choice.
"""

from __future__ import annotations

from cardtools import DK, C, counters, expect, start


# --- basic cards ---------------------------------------------------------------------------
def test_treasures_pay_and_a_buy_goes_to_the_discard_pile():
    g = start([])
    g.setup(0, hand=["Copper", "Silver", "Gold", "Estate", "Estate"], deck=["Copper"] * 5,
            discard=[])
    d = g.pending()
    assert d.seat == 0 and d.kind == DK.BUY
    # everything costing up to $6 with cards left, then "stop"
    assert d.options == (C("Copper"), C("Silver"), C("Gold"), C("Estate"), C("Duchy"),
                         C("Curse"), -1)
    assert counters(g) == (1, 1, 6)
    expect(g, 0, hand={"Estate": 2}, play={"Copper": 1, "Silver": 1, "Gold": 1},
           deck=["Copper"] * 5)
    g.answer(C("Gold"))
    # clean-up: everything to the discard pile, the next hand drawn from the deck
    expect(g, 0, hand={"Copper": 5}, deck=[], play={},
           discard={"Copper": 1, "Silver": 1, "Gold": 2, "Estate": 2})
    assert g.supply()["Gold"] == 29
    assert g.pending().seat == 1


def test_victory_and_curse_points():
    g = start([])
    g.setup(0, hand=["Estate", "Duchy", "Province", "Curse", "Curse"], deck=[], discard=[])
    assert g.vp()[0] == 1 + 3 + 6 - 2


def test_gardens_counts_one_vp_per_ten_cards_rounded_down():
    g = start(["Gardens"])
    g.setup(0, hand=["Gardens", "Gardens"], deck=["Copper"] * 27, discard=[])
    assert g.vp()[0] == 2 * 2  # 29 cards: 2 VP each
    g.setup(0, hand=["Gardens", "Gardens"], deck=["Copper"] * 28, discard=[])
    assert g.vp()[0] == 2 * 3  # 30 cards: 3 VP each


# --- second-edition kingdom ----------------------------------------------------------------
def test_artisan_gains_to_hand_then_puts_a_card_onto_the_deck():
    g = start(["Artisan", "Laboratory"])
    g.setup(0, hand=["Artisan", "Silver", "Estate"], deck=["Copper", "Copper"], discard=[])
    assert g.pending().options == (C("Artisan"), -1)
    g.answer(C("Artisan"))
    d = g.pending()
    assert d.kind == DK.GAIN and d.source == C("Artisan") and d.subject == 5
    assert C("Laboratory") in d.options and C("Artisan") not in d.options  # costs $6
    g.answer(C("Laboratory"))
    d = g.pending()
    assert d.kind == DK.TOPDECK and d.options == (C("Silver"), C("Estate"), C("Laboratory"))
    g.answer(C("Estate"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={"Laboratory": 1}, play={"Artisan": 1, "Silver": 1},
           deck=["Estate", "Copper", "Copper"])
    assert g.supply()["Laboratory"] == 9
    assert counters(g) == (0, 1, 2)


def test_bandit_gains_gold_and_trashes_a_non_copper_treasure():
    g = start(["Bandit"])
    g.setup(1, hand=["Copper"] * 5, deck=["Gold", "Copper", "Estate"], discard=[])
    g.setup(0, hand=["Bandit", "Estate"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Bandit"))
    assert g.pending().kind == DK.BUY  # one revealed non-Copper Treasure: no choice
    expect(g, 0, play={"Bandit": 1}, discard={"Gold": 1})
    expect(g, 1, deck=["Estate"], discard={"Copper": 1}, hand={"Copper": 5})
    assert g.trash() == {"Gold": 1}
    assert g.supply()["Gold"] == 29


def test_bandit_victim_chooses_between_two_treasures():
    g = start(["Bandit"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver", "Gold"], discard=[])
    g.setup(0, hand=["Bandit"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Bandit"))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.arg) == (1, DK.TRASH, C("Bandit"), 0)
    assert d.options == (C("Silver"), C("Gold"))
    g.answer(C("Silver"))
    assert g.trash() == {"Silver": 1}
    expect(g, 1, deck=[], discard={"Gold": 1})


def test_bandit_leaves_copper_and_discards_the_rest():
    g = start(["Bandit"])
    g.setup(1, hand=["Copper"] * 5, deck=["Copper", "Estate", "Duchy"], discard=[])
    g.setup(0, hand=["Bandit"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Bandit"))
    assert g.trash() == {}
    expect(g, 1, deck=["Duchy"], discard={"Copper": 1, "Estate": 1})


def test_bureaucrat_gains_silver_onto_deck_and_victims_topdeck_a_victory_card():
    g = start(["Bureaucrat"], players=3)
    g.setup(1, hand=["Estate", "Duchy", "Copper", "Copper", "Copper"], deck=["Gold"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Gold"], discard=[])
    g.setup(0, hand=["Bureaucrat"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Bureaucrat"))
    d = g.pending()
    assert (d.seat, d.kind, d.source) == (1, DK.TOPDECK, C("Bureaucrat"))
    assert d.options == (C("Estate"), C("Duchy"))
    g.answer(C("Duchy"))
    # seat 2 reveals a hand with no Victory card: nothing happens
    expect(g, 0, deck=["Silver"] + ["Copper"] * 5)
    expect(g, 1, hand={"Estate": 1, "Copper": 3}, deck=["Duchy", "Gold"])
    expect(g, 2, hand={"Copper": 5}, deck=["Gold"])
    assert g.supply()["Silver"] == 39


def test_cellar_discards_any_number_then_draws_that_many():
    g = start(["Cellar"])
    g.setup(0, hand=["Cellar", "Estate", "Estate", "Copper", "Duchy"],
            deck=["Gold", "Silver", "Copper"], discard=[])
    g.answer(C("Cellar"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.DISCARD, C("Cellar"), 0)
    assert d.options == (C("Copper"), C("Estate"), C("Duchy"), -1)
    g.answer(C("Estate"))
    assert g.pending().subject == 1
    g.answer(C("Duchy"))
    g.answer(-1)
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={"Estate": 1}, play={"Cellar": 1, "Copper": 1, "Gold": 1, "Silver": 1},
           deck=["Copper"], discard={"Estate": 1, "Duchy": 1})
    assert counters(g) == (1, 1, 6)


def test_chapel_trashes_up_to_four_cards():
    g = start(["Chapel"])
    g.setup(0, hand=["Chapel", "Estate", "Estate", "Copper", "Copper", "Silver"], deck=[],
            discard=[])
    g.answer(C("Chapel"))
    for name in ("Estate", "Estate", "Copper", "Copper"):
        d = g.pending()
        assert d.kind == DK.TRASH and -1 in d.options
        g.answer(C(name))
    # four trashed: Chapel asks no more
    assert g.pending().kind == DK.BUY
    assert g.trash() == {"Estate": 2, "Copper": 2}
    expect(g, 0, hand={}, play={"Chapel": 1, "Silver": 1}, owned={"Chapel": 1, "Silver": 1})


def test_chapel_may_stop_early():
    g = start(["Chapel"])
    g.setup(0, hand=["Chapel", "Estate", "Copper"], deck=[], discard=[])
    g.answer(C("Chapel"))
    g.answer(C("Estate"))
    g.answer(-1)
    assert g.trash() == {"Estate": 1}
    expect(g, 0, play={"Chapel": 1, "Copper": 1})


def test_council_room_draws_four_gives_a_buy_and_others_draw_one():
    g = start(["Council Room"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=["Gold", "Silver"], discard=[])
    g.setup(2, hand=["Copper"] * 5, deck=["Duchy"], discard=[])
    g.setup(0, hand=["Council Room"], deck=["Estate", "Estate", "Copper", "Silver", "Gold"],
            discard=[])
    g.answer(C("Council Room"))
    assert counters(g) == (0, 2, 3)
    expect(g, 0, hand={"Estate": 2}, deck=["Gold"])
    expect(g, 1, hand={"Copper": 5, "Gold": 1}, deck=["Silver"])
    expect(g, 2, hand={"Copper": 5, "Duchy": 1}, deck=[])


def test_festival_gives_actions_buy_and_coins():
    g = start(["Festival", "Village"])
    g.setup(0, hand=["Festival", "Village", "Estate"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Festival"))
    d = g.pending()
    assert d.kind == DK.PLAY and d.options == (C("Village"), -1)
    assert counters(g) == (2, 2, 2)


def test_harbinger_puts_a_card_from_the_discard_pile_onto_the_deck():
    g = start(["Harbinger"])
    g.setup(0, hand=["Harbinger", "Estate"], deck=["Copper", "Estate"],
            discard=["Gold", "Estate", "Copper"])
    g.answer(C("Harbinger"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.TOPDECK, C("Harbinger"))
    assert d.options == (C("Copper"), C("Gold"), C("Estate"), -1)
    g.answer(C("Gold"))
    expect(g, 0, hand={"Estate": 1}, play={"Harbinger": 1, "Copper": 1},
           deck=["Gold", "Estate"], discard={"Estate": 1, "Copper": 1})
    assert counters(g)[0] == 1


def test_laboratory_draws_two_and_keeps_the_action():
    g = start(["Laboratory"])
    g.setup(0, hand=["Laboratory", "Laboratory"], deck=["Estate", "Estate", "Copper", "Gold"],
            discard=[])
    g.answer(C("Laboratory"))
    assert counters(g)[0] == 1
    expect(g, 0, hand={"Laboratory": 1, "Estate": 2}, deck=["Copper", "Gold"])


def test_library_draws_to_seven_setting_actions_aside_by_choice():
    g = start(["Library", "Smithy", "Village"])
    g.setup(0, hand=["Library", "Copper", "Copper"],
            deck=["Smithy", "Silver", "Village", "Gold", "Estate", "Copper", "Copper"], discard=[])
    g.answer(C("Library"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.YESNO, C("Library"), C("Smithy"))
    expect(g, 0, aside={"Smithy": 1}, hand={"Copper": 2})  # the card is set aside while asked
    g.answer(1)  # set Smithy aside
    d = g.pending()
    assert d.subject == C("Village")
    g.answer(0)  # keep Village
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={"Village": 1, "Estate": 1}, aside={}, discard={"Smithy": 1},
           deck=["Copper"],
           play={"Library": 1, "Copper": 3, "Silver": 1, "Gold": 1})


def test_market_gives_card_action_buy_and_coin():
    g = start(["Market", "Village"])
    g.setup(0, hand=["Market", "Village"], deck=["Estate", "Copper"], discard=[])
    g.answer(C("Market"))
    assert counters(g) == (1, 2, 1)
    expect(g, 0, hand={"Village": 1, "Estate": 1}, deck=["Copper"])


def test_merchant_adds_one_coin_per_merchant_with_the_first_silver():
    g = start(["Merchant"])
    g.setup(0, hand=["Merchant", "Merchant", "Silver", "Silver", "Copper"],
            deck=["Estate", "Estate", "Copper"], discard=[])
    g.answer(C("Merchant"))
    g.answer(C("Merchant"))
    assert g.pending().kind == DK.BUY
    assert counters(g) == (1, 1, 2 + 2 + 1 + 2)


def test_merchant_without_silver_adds_nothing():
    g = start(["Merchant"])
    g.setup(0, hand=["Merchant", "Copper", "Copper", "Copper", "Copper"], deck=["Gold"],
            discard=[])
    g.answer(C("Merchant"))
    assert counters(g) == (1, 1, 4 + 3)


def test_militia_gives_two_coins_and_others_discard_down_to_three():
    g = start(["Militia"])
    g.setup(1, hand=["Copper", "Copper", "Estate", "Silver", "Gold"], deck=[], discard=[])
    g.setup(0, hand=["Militia"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Militia"))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.subject, d.arg) == (1, DK.DISCARD, C("Militia"), 2, 0)
    assert -1 not in d.options
    g.answer(C("Estate"))
    assert g.pending().subject == 1
    g.answer(C("Copper"))
    assert g.pending().seat == 0
    expect(g, 1, hand={"Copper": 1, "Silver": 1, "Gold": 1}, discard={"Estate": 1, "Copper": 1})
    assert counters(g) == (0, 1, 2)


def test_mine_upgrades_a_treasure_into_the_hand():
    g = start(["Mine"])
    g.setup(0, hand=["Mine", "Silver", "Copper"], deck=[], discard=[])
    g.answer(C("Mine"))
    d = g.pending()
    assert d.kind == DK.TRASH and d.options == (C("Copper"), C("Silver"), -1)  # may: 2E
    g.answer(C("Silver"))
    d = g.pending()
    assert (d.kind, d.subject, d.arg) == (DK.GAIN, 6, C("Silver"))
    assert d.options == (C("Copper"), C("Silver"), C("Gold"))  # Treasures up to $3 + $3
    g.answer(C("Gold"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, play={"Mine": 1, "Copper": 1, "Gold": 1})
    assert g.trash() == {"Silver": 1}
    assert g.supply()["Gold"] == 29 and counters(g)[2] == 4


def test_mine_may_trash_nothing_in_the_second_edition():
    g = start(["Mine"])
    g.setup(0, hand=["Mine", "Copper"], deck=[], discard=[])
    g.answer(C("Mine"))
    g.answer(-1)
    assert g.trash() == {}
    expect(g, 0, play={"Mine": 1, "Copper": 1})


def test_moat_draws_two():
    g = start(["Moat"])
    g.setup(0, hand=["Moat"], deck=["Estate", "Gold", "Copper"], discard=[])
    g.answer(C("Moat"))
    expect(g, 0, play={"Moat": 1, "Gold": 1}, hand={"Estate": 1}, deck=["Copper"])


def test_moneylender_may_trash_a_copper_for_three_coins():
    g = start(["Moneylender"])
    g.setup(0, hand=["Moneylender", "Copper", "Copper"], deck=[], discard=[])
    g.answer(C("Moneylender"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.YESNO, C("Moneylender"), (1, 0))
    g.answer(1)
    assert g.trash() == {"Copper": 1}
    assert counters(g) == (0, 1, 3 + 1)


def test_moneylender_declined_keeps_the_copper():
    g = start(["Moneylender"])
    g.setup(0, hand=["Moneylender", "Copper", "Copper"], deck=[], discard=[])
    g.answer(C("Moneylender"))
    g.answer(0)
    assert g.trash() == {}
    assert counters(g) == (0, 1, 2)


def test_poacher_discards_a_card_per_empty_supply_pile():
    g = start(["Poacher", "Smithy", "Village"])
    g.setup(0, hand=["Poacher", "Estate", "Copper", "Silver"], deck=["Duchy", "Gold"], discard=[],
            supply={"Smithy": 0, "Village": 0})
    g.answer(C("Poacher"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.DISCARD, C("Poacher"), 2)
    assert -1 not in d.options
    g.answer(C("Estate"))
    assert g.pending().subject == 1
    g.answer(C("Duchy"))
    assert counters(g) == (1, 1, 1 + 1 + 2)
    expect(g, 0, discard={"Estate": 1, "Duchy": 1}, deck=["Gold"],
           play={"Poacher": 1, "Copper": 1, "Silver": 1})


def test_poacher_with_no_empty_pile_discards_nothing():
    g = start(["Poacher"])
    g.setup(0, hand=["Poacher", "Estate"], deck=["Duchy"], discard=[])
    g.answer(C("Poacher"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={"Estate": 1, "Duchy": 1}, discard={})


def test_remodel_trashes_a_card_and_gains_one_costing_up_to_two_more():
    g = start(["Remodel", "Smithy", "Laboratory"])
    g.setup(0, hand=["Remodel", "Estate", "Gold"], deck=[], discard=[])
    g.answer(C("Remodel"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.TRASH, C("Remodel")) and -1 not in d.options
    g.answer(C("Estate"))
    d = g.pending()
    assert (d.kind, d.subject, d.arg) == (DK.GAIN, 4, C("Estate"))
    assert C("Smithy") in d.options and C("Laboratory") not in d.options
    g.answer(C("Smithy"))
    assert g.trash() == {"Estate": 1}
    expect(g, 0, discard={"Smithy": 1}, play={"Remodel": 1, "Gold": 1})
    assert g.supply()["Smithy"] == 9


def test_sentry_trashes_discards_or_puts_back_the_top_two():
    g = start(["Sentry"])
    g.setup(0, hand=["Sentry"], deck=["Copper", "Estate", "Gold", "Silver"], discard=[])
    g.answer(C("Sentry"))
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.options) == (DK.MODE, C("Sentry"), C("Estate"),
                                                          (0, 1, 2))
    g.answer(0)  # trash the Estate
    assert g.pending().subject == C("Gold")
    g.answer(2)  # keep the Gold
    assert g.trash() == {"Estate": 1}
    expect(g, 0, deck=["Gold", "Silver"], hand={}, play={"Sentry": 1, "Copper": 1})
    assert counters(g)[0] == 1


def test_sentry_orders_two_kept_cards():
    g = start(["Sentry"])
    g.setup(0, hand=["Sentry"], deck=["Copper", "Estate", "Gold", "Silver"], discard=[])
    g.answer(C("Sentry"))
    g.answer(2)
    g.answer(2)
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.TOPDECK, C("Sentry"), (C("Estate"), C("Gold")))
    g.answer(C("Gold"))  # Gold on top
    expect(g, 0, deck=["Gold", "Estate", "Silver"])
    g2 = start(["Sentry"])
    g2.setup(0, hand=["Sentry"], deck=["Copper", "Estate", "Gold", "Silver"], discard=[])
    g2.answer(C("Sentry"))
    g2.answer(1)  # discard the Estate
    g2.answer(2)
    expect(g2, 0, deck=["Gold", "Silver"], discard={"Estate": 1})


def test_smithy_draws_three():
    g = start(["Smithy"])
    g.setup(0, hand=["Smithy", "Copper", "Copper", "Estate", "Estate"],
            deck=["Gold", "Silver", "Copper", "Province"], discard=[])
    g.answer(C("Smithy"))
    assert g.pending().kind == DK.BUY
    assert counters(g) == (0, 1, 3 + 2 + 3)
    expect(g, 0, hand={"Estate": 2}, deck=["Province"],
           play={"Smithy": 1, "Copper": 3, "Silver": 1, "Gold": 1})


def test_vassal_discards_the_top_card_and_may_play_it_if_an_action():
    g = start(["Vassal", "Smithy"])
    g.setup(0, hand=["Vassal", "Copper", "Copper", "Copper", "Copper"],
            deck=["Smithy", "Gold", "Gold", "Silver", "Estate"], discard=[])
    g.answer(C("Vassal"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.YESNO, C("Vassal"), C("Smithy"))
    g.answer(1)
    # Smithy played from the discard pile without using an action
    assert g.pending().kind == DK.BUY
    assert counters(g) == (0, 1, 2 + 4 + 3 + 3 + 2)
    expect(g, 0, play={"Vassal": 1, "Smithy": 1, "Copper": 4, "Gold": 2, "Silver": 1},
           deck=["Estate"], discard={}, hand={})


def test_vassal_declined_leaves_the_card_discarded():
    g = start(["Vassal", "Smithy"])
    g.setup(0, hand=["Vassal"], deck=["Smithy", "Gold"], discard=[])
    g.answer(C("Vassal"))
    g.answer(0)
    expect(g, 0, discard={"Smithy": 1}, deck=["Gold"])
    assert counters(g) == (0, 1, 2)


def test_vassal_discarding_a_non_action_asks_nothing():
    g = start(["Vassal"])
    g.setup(0, hand=["Vassal"], deck=["Gold", "Estate"], discard=[])
    g.answer(C("Vassal"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, discard={"Gold": 1}, deck=["Estate"])


def test_village_draws_one_and_gives_two_actions():
    g = start(["Village", "Smithy"])
    g.setup(0, hand=["Village", "Smithy"], deck=["Estate", "Copper"], discard=[])
    g.answer(C("Village"))
    assert counters(g)[0] == 2
    expect(g, 0, hand={"Smithy": 1, "Estate": 1}, deck=["Copper"])


def test_witch_draws_two_and_each_other_player_gains_a_curse():
    g = start(["Witch"], players=3)
    g.setup(0, hand=["Witch"], deck=["Estate", "Estate", "Copper"], discard=[])
    g.answer(C("Witch"))
    expect(g, 0, hand={"Estate": 2}, deck=["Copper"])
    assert g.zones(1)["discard"].get("Curse") == 1 and g.zones(2)["discard"].get("Curse") == 1
    assert g.supply()["Curse"] == 20 - 2


def test_witch_with_an_empty_curse_pile_gives_nothing():
    g = start(["Witch"])
    g.setup(0, hand=["Witch"], deck=["Estate", "Estate"], discard=[], supply={"Curse": 0})
    g.answer(C("Witch"))
    assert "Curse" not in g.zones(1)["owned"]


def test_workshop_gains_a_card_costing_up_to_four():
    g = start(["Workshop", "Gardens", "Laboratory"])
    g.setup(0, hand=["Workshop", "Estate"], deck=[], discard=[])
    g.answer(C("Workshop"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Workshop"), 4)
    assert d.options == (C("Copper"), C("Silver"), C("Estate"), C("Curse"), C("Gardens"),
                         C("Workshop"))
    g.answer(C("Gardens"))
    expect(g, 0, discard={"Gardens": 1})
    assert g.supply()["Gardens"] == 7


def test_empty_pile_cannot_be_bought_or_gained():
    g = start(["Workshop"])
    g.setup(0, hand=["Workshop", "Silver"], deck=[], discard=[], supply={"Silver": 0})
    g.answer(C("Workshop"))
    assert C("Silver") not in g.pending().options
    g.answer(C("Estate"))
    d = g.pending()
    assert d.kind == DK.BUY and C("Silver") not in d.options and C("Estate") in d.options
