"""Seaside's cards that need no new engine: Lookout, Sea Chart, Warehouse, Cutpurse,
Salvager, Treasure Map, Bazaar (a plain row) and the first printing's Explorer, Ghost Ship,
Navigator, Pearl Diver and Sea Hag; and the Seaside rulebooks' recommended kingdoms.

Rulebook situations from the printed text and the official FAQ (Dominion Strategy wiki), in the
style of ``test_cards_base.py``: exact zones set with ``DominionGame.setup`` (decks listed from
the top down), the card played by an outside seat, its decisions answered, and the exact hand,
deck, discard, trash, supply and counters asserted. Then the default playbooks (a bot seat
plays one turn: ``bot_turn``) and a few hundred debug-mode games on a kingdom of these cards.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, bot_turn, counters, expect, owned, start
from ludolab.errors import LudolabError
from ludolab.games.dominion.bots import compile_bot, load_bot, parse_bot_text
from ludolab.games.dominion.cards import CARDS, FIRST_PRINTING_SEASIDE
from ludolab.games.dominion.engine import (
    DominionGame,
    EndReason,
    Engine,
    simple_bot,
)
from ludolab.games.dominion.engine import hooks as _hooks
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.kingdom import PRESET_INFO, PRESETS, resolve_kingdom
from ludolab.games.dominion.log import render

BIG_MONEY = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])


def pend(g: DominionGame) -> tuple:
    """The pending decision without its ``arg`` (no card here uses it): ``(seat, kind, source,
    subject, options)``."""
    d = g.pending()
    return d.seat, d.kind, d.source, d.subject, d.options


# At a BUY decision the Treasures of the hand are already in play (the kernel plays them all when
# the buy phase starts), so their coins are counted and the hand holds the rest.


# --- Lookout -----------------------------------------------------------------------------------
def test_lookout_trashes_one_discards_one_and_puts_the_last_back():
    g = start(["Lookout"])
    g.setup(0, hand=["Lookout"], deck=["Estate", "Copper", "Gold", "Silver"], discard=[])
    g.answer(C("Lookout"))
    assert pend(g) == (0, DK.TRASH, C("Lookout"), -1, (C("Copper"), C("Gold"), C("Estate")))
    g.answer(C("Estate"))
    assert pend(g)[1:] == (DK.DISCARD, C("Lookout"), -1, (C("Copper"), C("Gold")))
    g.answer(C("Copper"))
    expect(g, 0, deck=["Gold", "Silver"], discard={"Copper": 1}, hand={}, play={"Lookout": 1})
    assert g.trash() == {"Estate": 1}
    assert counters(g) == (1, 1, 0)  # +1 Action


def test_lookout_with_one_card_trashes_it_and_with_two_trashes_then_discards():
    g = start(["Lookout"])
    g.setup(0, hand=["Lookout"], deck=["Silver"], discard=[])
    g.answer(C("Lookout"))
    assert g.pending().kind == DK.BUY  # one card: trashed without a choice
    assert g.trash() == {"Silver": 1}
    expect(g, 0, deck=[], discard={})
    g = start(["Lookout"])
    g.setup(0, hand=["Lookout"], deck=["Copper"], discard=["Estate"])  # shuffles for the 2nd
    g.answer(C("Lookout"))
    assert pend(g)[1:3] == (DK.TRASH, C("Lookout"))
    g.answer(C("Copper"))
    assert g.pending().kind == DK.BUY  # the Estate is discarded: the only card left
    expect(g, 0, deck=[], discard={"Estate": 1})
    assert g.trash() == {"Copper": 1}


def test_lookout_shuffles_for_the_missing_cards_and_keeps_the_ones_looked_at_out():
    g = start(["Lookout"])
    g.setup(0, hand=["Lookout"], deck=["Gold"], discard=["Estate", "Estate"])
    shuffles = g.counters()["shuffles0"]
    g.answer(C("Lookout"))
    g.answer(C("Estate"))
    g.answer(C("Estate"))
    expect(g, 0, deck=["Gold"], discard={"Estate": 1})  # the last card is the whole deck
    assert g.counters()["shuffles0"] == shuffles + 1


def test_throne_room_lookout_looks_twice_and_leaves_two_actions():
    g = start(["Lookout", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Lookout"],
            deck=["Estate", "Copper", "Gold", "Curse", "Copper", "Silver", "Duchy"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Lookout"))
    g.answer(C("Estate"))
    g.answer(C("Copper"))  # Gold back on top; the second play looks at Gold, Curse, Copper
    assert pend(g)[4] == (C("Copper"), C("Gold"), C("Curse"))
    g.answer(C("Curse"))
    g.answer(C("Copper"))
    expect(g, 0, deck=["Gold", "Silver", "Duchy"], discard={"Copper": 2})
    assert g.trash() == {"Estate": 1, "Curse": 1}
    assert counters(g)[0] == 2


def test_lookout_playbook_trashes_the_estate_discards_silver_and_keeps_gold_on_top():
    g = bot_turn(["Lookout"], BIG_MONEY, hand=["Lookout"] + ["Copper"] * 4,
                 deck=["Gold", "Estate", "Silver"] + ["Copper"] * 5)
    assert g.trash() == {"Estate": 1}
    expect(g, 0, hand={"Gold": 1, "Copper": 4})  # the next hand starts with the kept Gold
    assert owned(g, 0, "Silver") == 2  # the discarded one and the one $4 bought


def test_lookout_playbook_does_not_play_it_in_a_deck_without_junk():
    g = bot_turn(["Lookout"], BIG_MONEY, hand=["Lookout", "Gold", "Gold", "Silver", "Silver"],
                 deck=["Gold"] * 6)
    assert g.trash() == {}
    assert owned(g, 0, "Province") == 1


# --- Sea Chart ---------------------------------------------------------------------------------
def test_sea_chart_takes_the_revealed_card_with_a_copy_in_play_itself_included():
    g = start(["Sea Chart"])
    g.setup(0, hand=["Sea Chart"], deck=["Copper", "Sea Chart", "Estate"], discard=[])
    g.answer(C("Sea Chart"))
    expect(g, 0, hand={"Copper": 1, "Sea Chart": 1}, deck=["Estate"])
    assert counters(g)[0] == 1


def test_sea_chart_leaves_a_card_without_a_copy_in_play_on_top():
    g = start(["Sea Chart"])
    g.setup(0, hand=["Sea Chart"], deck=["Copper", "Estate", "Gold"], discard=[])
    g.answer(C("Sea Chart"))
    expect(g, 0, hand={}, play={"Sea Chart": 1, "Copper": 1}, deck=["Estate", "Gold"])


def test_sea_chart_counts_any_card_in_play_and_throne_room_reveals_twice():
    g = start(["Sea Chart", "Bazaar"])
    g.setup(0, hand=["Bazaar", "Sea Chart"], deck=["Copper", "Copper", "Bazaar", "Gold"],
            discard=[])
    g.answer(C("Bazaar"))
    g.answer(C("Sea Chart"))
    expect(g, 0, hand={"Copper": 2, "Bazaar": 1}, deck=["Gold"])
    g = start(["Sea Chart", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Sea Chart"],
            deck=["Copper", "Throne Room", "Silver", "Estate", "Gold"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Sea Chart"))
    expect(g, 0, hand={"Copper": 1, "Throne Room": 1, "Silver": 1}, deck=["Estate", "Gold"])


def test_sea_chart_counts_a_duration_still_in_play_from_the_last_turn():
    """The FAQ's example: a Caravan played last turn is still in play, so a revealed Caravan
    goes to the hand."""
    g = start(["Sea Chart", "Caravan"])
    g.setup(0, hand=["Caravan"] + ["Copper"] * 4,
            deck=["Estate", "Sea Chart"] + ["Silver"] * 4 + ["Copper", "Gold", "Caravan", "Duchy"],
            discard=[])
    g.answer(C("Caravan"))
    g.answer(-1)  # no buy; the next hand: Sea Chart and 4 Silvers
    while g.pending().seat != 0:
        d = g.pending()
        g.answer(-1 if -1 in d.options else d.options[0])
    assert g.pending().options == (C("Sea Chart"), -1)  # Caravan drew the Copper first
    g.answer(C("Sea Chart"))
    expect(g, 0, hand={"Silver": 4, "Copper": 1, "Gold": 1, "Caravan": 1}, deck=["Duchy"],
           play={"Caravan": 1, "Sea Chart": 1})


def test_sea_chart_shuffles_for_the_reveal_and_with_no_card_left_reveals_nothing():
    g = start(["Sea Chart"])
    g.setup(0, hand=["Sea Chart"], deck=["Copper"], discard=["Sea Chart"])
    g.answer(C("Sea Chart"))
    expect(g, 0, hand={"Copper": 1, "Sea Chart": 1}, deck=[], discard={})
    g = start(["Sea Chart"])
    g.setup(0, hand=["Sea Chart"], deck=["Copper"], discard=[])
    shuffles = g.counters()["shuffles0"]
    g.answer(C("Sea Chart"))
    expect(g, 0, play={"Sea Chart": 1, "Copper": 1}, deck=[], discard={})
    assert g.counters()["shuffles0"] == shuffles  # nothing to shuffle


# --- Warehouse ---------------------------------------------------------------------------------
def test_warehouse_draws_three_then_discards_three_of_the_whole_hand():
    g = start(["Warehouse"])
    g.setup(0, hand=["Warehouse", "Estate", "Copper"], deck=["Gold", "Estate", "Silver", "Curse"],
            discard=[])
    g.answer(C("Warehouse"))
    assert pend(g)[1:4] == (DK.DISCARD, C("Warehouse"), 3)
    g.answer(C("Estate"))
    assert pend(g)[3] == 2
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    expect(g, 0, hand={}, play={"Warehouse": 1, "Gold": 1, "Silver": 1}, deck=["Curse"],
           discard={"Estate": 2, "Copper": 1})
    assert counters(g) == (1, 1, 5)


def test_warehouse_with_fewer_than_three_cards_discards_them_all():
    g = start(["Warehouse"])
    g.setup(0, hand=["Warehouse"], deck=["Silver", "Silver"], discard=[])
    g.answer(C("Warehouse"))
    assert g.pending().kind == DK.BUY  # two cards drawn, both discarded (nothing to choose)
    expect(g, 0, hand={}, discard={"Silver": 2})


def test_throne_room_warehouse_draws_and_discards_twice():
    g = start(["Warehouse", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Warehouse", "Estate", "Silver"],
            deck=["Copper"] * 3 + ["Gold"] * 3, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Warehouse"))
    for x in ("Estate", "Copper", "Copper"):
        g.answer(C(x))
    assert pend(g)[1:4] == (DK.DISCARD, C("Warehouse"), 3)  # the second play drew 3 Golds
    for x in ("Copper", "Silver"):  # then a Gold: the only card kind left, unasked
        g.answer(C(x))
    expect(g, 0, hand={}, discard={"Estate": 1, "Copper": 3, "Silver": 1, "Gold": 1},
           play={"Throne Room": 1, "Warehouse": 1, "Gold": 2})
    assert counters(g) == (2, 1, 6)


def test_warehouse_playbook_discards_junk_and_keeps_the_money():
    g = bot_turn(["Warehouse"], BIG_MONEY, hand=["Warehouse", "Estate", "Copper", "Gold", "Curse"],
                 deck=["Silver", "Estate", "Gold"] + ["Copper"] * 5)
    assert owned(g, 0, "Province") == 1  # Gold, Gold, Silver, Copper: $9 after discarding
    # Estate, Estate and the Curse


def test_warehouse_playbook_keeps_a_pair_of_treasure_maps_and_drops_a_lone_one():
    bot = load_bot("Treasure Map/Warehouse")
    g = bot_turn(["Warehouse", "Treasure Map"], bot,
                 hand=["Warehouse", "Treasure Map", "Treasure Map", "Estate", "Copper"],
                 deck=["Estate", "Copper", "Copper"] + ["Copper"] * 5)
    assert g.trash() == {"Treasure Map": 2}  # kept through the discards, then played
    assert owned(g, 0, "Gold") == 4
    g = bot_turn(["Warehouse", "Treasure Map"], BIG_MONEY,
                 hand=["Warehouse", "Treasure Map", "Gold", "Silver", "Copper"],
                 deck=["Silver", "Copper", "Copper"] + ["Copper"] * 5)
    assert g.trash() == {}  # the lone Map and two Coppers discarded: $8 is left, not $7
    assert owned(g, 0, "Province") == 1


# --- Cutpurse ----------------------------------------------------------------------------------
def test_cutpurse_victims_discard_a_copper_or_reveal_a_hand_without_one():
    g = start(["Cutpurse"], players=3)
    g.setup(1, hand=["Copper", "Copper", "Estate"], deck=[], discard=[])
    g.setup(2, hand=["Silver", "Estate"], deck=[], discard=[])
    g.setup(0, hand=["Cutpurse"], deck=[], discard=[])
    g.answer(C("Cutpurse"))
    assert counters(g) == (0, 1, 2)
    expect(g, 1, hand={"Copper": 1, "Estate": 1}, discard={"Copper": 1})
    expect(g, 2, hand={"Silver": 1, "Estate": 1}, discard={})


def test_cutpurse_moat_blocks_and_throne_room_takes_two_coppers():
    g = start(["Cutpurse", "Moat", "Throne Room"], players=3)
    g.setup(1, hand=["Moat", "Copper"], deck=[], discard=[])
    g.setup(2, hand=["Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Cutpurse"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Cutpurse"))
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))
    g.answer(1)
    assert pend(g)[:3] == (1, DK.YESNO, C("Moat"))  # the second play: Moat again
    g.answer(1)
    expect(g, 1, hand={"Moat": 1, "Copper": 1}, discard={})
    expect(g, 2, hand={"Copper": 1}, discard={"Copper": 2})
    assert counters(g)[2] == 4


# --- Salvager ----------------------------------------------------------------------------------
def test_salvager_trashes_a_card_for_its_cost_and_gives_a_buy():
    g = start(["Salvager"])
    g.setup(0, hand=["Salvager", "Gold", "Copper"], deck=[], discard=[])
    g.answer(C("Salvager"))
    assert pend(g)[1:] == (DK.TRASH, C("Salvager"), -1, (C("Copper"), C("Gold")))  # no -1
    g.answer(C("Gold"))
    assert g.trash() == {"Gold": 1}
    assert counters(g) == (0, 2, 6 + 1)  # and the Copper's $1
    expect(g, 0, hand={}, play={"Salvager": 1, "Copper": 1})


def test_salvager_with_an_empty_hand_only_gives_the_buy():
    g = start(["Salvager"])
    g.setup(0, hand=["Salvager"], deck=[], discard=[])
    g.answer(C("Salvager"))
    assert g.pending().kind == DK.BUY
    assert counters(g) == (0, 2, 0) and g.trash() == {}


def test_salvager_pays_the_cost_as_reduced_by_bridge():
    g = start(["Salvager", "Bridge", "Bazaar"])
    g.setup(0, hand=["Bazaar", "Bridge", "Salvager", "Gold"], deck=["Copper"], discard=[])
    g.answer(C("Bazaar"))
    g.answer(C("Bridge"))
    g.answer(C("Salvager"))
    g.answer(C("Gold"))
    assert counters(g) == (0, 3, 1 + 1 + 5 + 1)  # Bazaar, Bridge, Gold costing $5; Copper


def test_throne_room_salvager_trashes_two_cards_and_gives_two_buys():
    g = start(["Salvager", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Salvager", "Estate", "Silver"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Salvager"))
    g.answer(C("Estate"))
    assert g.pending().kind == DK.BUY  # the Silver: the only card left, trashed unasked
    assert g.trash() == {"Estate": 1, "Silver": 1}
    assert counters(g) == (0, 3, 5)


def test_salvager_playbook_trashes_the_estate_for_a_province():
    g = bot_turn(["Salvager"], BIG_MONEY, hand=["Salvager", "Estate", "Gold", "Silver", "Copper"],
                 deck=["Copper"] * 5)
    assert g.trash() == {"Estate": 1}  # the Gold would reach $8 too: the Estate is worth less
    assert owned(g, 0, "Province") == 1


def test_salvager_playbook_keeps_it_when_the_hand_has_nothing_worth_trashing():
    g = bot_turn(["Salvager"], BIG_MONEY, hand=["Salvager", "Gold", "Gold", "Silver", "Silver"],
                 deck=["Copper"] * 5)
    assert g.trash() == {}
    assert owned(g, 0, "Province") == 1 and owned(g, 0, "Salvager") == 1


def test_salvager_playbook_trashes_gold_when_that_buys_the_province():
    g = bot_turn(["Salvager"], BIG_MONEY, hand=["Salvager", "Gold", "Copper", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    assert g.trash() == {"Gold": 1}  # $6 buys a Gold; without the Gold and with its $6, $9
    assert owned(g, 0, "Province") == 1


# --- Treasure Map ------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [None, "official,edition=1"])
def test_treasure_map_two_maps_gain_four_golds_onto_the_deck(rules):
    g = start(["Treasure Map"], rules=rules)
    g.setup(0, hand=["Treasure Map", "Treasure Map"], deck=["Copper"], discard=[])
    gold = g.supply()["Gold"]
    g.answer(C("Treasure Map"))
    expect(g, 0, deck=["Gold"] * 4 + ["Copper"], hand={}, play={})
    assert g.trash() == {"Treasure Map": 2}
    assert g.supply()["Gold"] == gold - 4


def test_treasure_map_alone_trashes_itself_for_nothing():
    g = start(["Treasure Map"])
    g.setup(0, hand=["Treasure Map", "Copper"], deck=["Copper"], discard=[])
    g.answer(C("Treasure Map"))
    expect(g, 0, deck=["Copper"], hand={}, play={"Copper": 1})
    assert g.trash() == {"Treasure Map": 1}


def test_treasure_map_gains_the_golds_left_in_the_pile():
    g = start(["Treasure Map"])
    g.setup(0, hand=["Treasure Map", "Treasure Map"], deck=[], discard=[], supply={"Gold": 2})
    g.answer(C("Treasure Map"))
    expect(g, 0, deck=["Gold", "Gold"])
    assert g.supply()["Gold"] == 0


def test_throne_room_treasure_map_second_play_trashes_a_third_map_but_gains_nothing():
    g = start(["Treasure Map", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Treasure Map", "Treasure Map", "Treasure Map"], deck=[],
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Treasure Map"))
    expect(g, 0, deck=["Gold"] * 4, hand={}, play={"Throne Room": 1})
    assert g.trash() == {"Treasure Map": 3}
    g = start(["Treasure Map", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Treasure Map", "Treasure Map"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Treasure Map"))
    expect(g, 0, deck=["Gold"] * 4, hand={})
    assert g.trash() == {"Treasure Map": 2}


def test_treasure_map_playbook_plays_a_pair_and_holds_a_single_map():
    g = bot_turn(["Treasure Map"], BIG_MONEY,
                 hand=["Treasure Map", "Treasure Map", "Copper", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    assert g.trash() == {"Treasure Map": 2} and owned(g, 0, "Gold") == 4
    assert owned(g, 0, "Silver") == 1  # the three Coppers' $3
    g = bot_turn(["Treasure Map"], BIG_MONEY,
                 hand=["Treasure Map", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    assert g.trash() == {} and owned(g, 0, "Treasure Map") == 1


# --- Bazaar (a plain row) ----------------------------------------------------------------------
def test_bazaar_and_throne_room_bazaar():
    g = start(["Bazaar", "Throne Room"])
    g.setup(0, hand=["Bazaar"], deck=["Copper", "Silver"], discard=[])
    g.answer(C("Bazaar"))
    assert counters(g) == (2, 1, 1 + 1)  # Bazaar's $1 and the Copper drawn
    expect(g, 0, hand={}, play={"Bazaar": 1, "Copper": 1}, deck=["Silver"])
    g = start(["Bazaar", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Bazaar"], deck=["Copper", "Silver", "Gold"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Bazaar"))
    assert counters(g) == (4, 1, 2 + 1 + 2)
    expect(g, 0, hand={}, play={"Throne Room": 1, "Bazaar": 1, "Copper": 1, "Silver": 1},
           deck=["Gold"])


# --- Explorer ----------------------------------------------------------------------------------
def test_explorer_reveals_a_province_for_a_gold_to_hand_or_gains_a_silver():
    g = start(["Explorer"])
    g.setup(0, hand=["Explorer", "Province"], deck=[], discard=[])
    g.answer(C("Explorer"))
    assert pend(g)[1:] == (DK.YESNO, C("Explorer"), C("Province"), (1, 0))
    g.answer(1)
    expect(g, 0, hand={"Province": 1}, play={"Explorer": 1, "Gold": 1}, discard={})
    g = start(["Explorer"])
    g.setup(0, hand=["Explorer", "Province"], deck=[], discard=[])
    g.answer(C("Explorer"))
    g.answer(0)  # "you may": not revealed, a Silver
    expect(g, 0, hand={"Province": 1}, play={"Explorer": 1, "Silver": 1})
    g = start(["Explorer"])
    g.setup(0, hand=["Explorer", "Estate"], deck=[], discard=[])
    g.answer(C("Explorer"))
    assert g.pending().kind == DK.BUY  # no Province: a Silver, nothing asked
    expect(g, 0, hand={"Estate": 1}, play={"Explorer": 1, "Silver": 1})


def test_explorer_revealing_with_no_gold_left_gains_nothing_and_throne_room_gains_twice():
    g = start(["Explorer"])
    g.setup(0, hand=["Explorer", "Province"], deck=[], discard=[], supply={"Gold": 0})
    silver = g.supply()["Silver"]
    g.answer(C("Explorer"))
    g.answer(1)
    expect(g, 0, hand={"Province": 1}, play={"Explorer": 1})
    assert g.supply()["Silver"] == silver
    g = start(["Explorer", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Explorer", "Province"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Explorer"))
    g.answer(1)
    g.answer(1)
    expect(g, 0, hand={"Province": 1}, play={"Throne Room": 1, "Explorer": 1, "Gold": 2})


def test_explorer_playbook_reveals_unless_only_the_silver_can_come():
    g = bot_turn(["Explorer"], BIG_MONEY, hand=["Explorer", "Province", "Gold", "Copper",
                                                 "Copper"], deck=["Copper"] * 5)
    assert owned(g, 0, "Province") == 2  # the Gold to hand: $2 + $3 + $3 = $8
    g = bot_turn(["Explorer"], BIG_MONEY, hand=["Explorer", "Province", "Gold", "Copper",
                                                 "Copper"], deck=["Copper"] * 5,
                 supply={"Gold": 0})
    # a Silver to hand instead ($7: the empty Gold pile leaves a second Silver to buy)
    assert owned(g, 0, "Silver") == 2 and owned(g, 0, "Gold") == 1


# --- Ghost Ship --------------------------------------------------------------------------------
def test_ghost_ship_victim_puts_cards_back_until_three_last_one_on_top():
    g = start(["Ghost Ship"])
    g.setup(1, hand=["Estate", "Copper", "Gold", "Silver", "Duchy"], deck=["Province"],
            discard=[])
    g.setup(0, hand=["Ghost Ship"], deck=["Copper", "Copper", "Silver"], discard=[])
    g.answer(C("Ghost Ship"))
    assert pend(g) == (1, DK.TOPDECK, C("Ghost Ship"), 2,
                       tuple(sorted(C(n) for n in ("Estate", "Copper", "Gold", "Silver",
                                                   "Duchy"))))
    assert g.pending().arg == 0
    g.answer(C("Duchy"))
    assert pend(g)[3] == 1
    g.answer(C("Estate"))
    expect(g, 1, hand={"Copper": 1, "Gold": 1, "Silver": 1},
           deck=["Estate", "Duchy", "Province"])
    expect(g, 0, play={"Ghost Ship": 1, "Copper": 2}, deck=["Silver"])  # +2 Cards


def test_ghost_ship_spares_small_hands_and_moat_blocks():
    g = start(["Ghost Ship", "Moat"], players=3)
    g.setup(1, hand=["Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(2, hand=["Moat", "Copper", "Copper", "Estate"], deck=[], discard=[])
    g.setup(0, hand=["Ghost Ship"], deck=["Copper"] * 2, discard=[])
    g.answer(C("Ghost Ship"))
    assert pend(g)[:3] == (2, DK.YESNO, C("Moat"))
    g.answer(1)
    assert g.pending().seat == 0  # nobody put anything back
    expect(g, 1, hand={"Copper": 3}, deck=[])
    expect(g, 2, hand={"Moat": 1, "Copper": 2, "Estate": 1}, deck=[])


def test_throne_room_ghost_ship_draws_four_and_the_second_attack_finds_three_cards():
    g = start(["Ghost Ship", "Throne Room"])
    g.setup(1, hand=["Copper", "Copper", "Estate", "Silver"], deck=[], discard=[])
    g.setup(0, hand=["Throne Room", "Ghost Ship"], deck=["Copper"] * 4 + ["Gold"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Ghost Ship"))
    assert pend(g)[:4] == (1, DK.TOPDECK, C("Ghost Ship"), 1)  # the first play: one to go
    g.answer(C("Estate"))
    assert g.pending().seat == 0  # the second play: 3 cards in hand, nothing to put back
    expect(g, 1, hand={"Copper": 2, "Silver": 1}, deck=["Estate"])
    expect(g, 0, play={"Throne Room": 1, "Ghost Ship": 1, "Copper": 4}, deck=["Gold"])


def test_ghost_ship_victim_playbook_keeps_the_three_cards_that_pay_for_its_best_buy():
    bot = simple_bot("victim", buy=["Province", "Gold", "Silver"])
    g = start(["Ghost Ship"], bots=[None, bot])
    g.setup(1, hand=["Gold", "Gold", "Silver", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Ghost Ship"], deck=["Copper"] * 2, discard=[])
    g.answer(C("Ghost Ship"))
    expect(g, 1, hand={"Gold": 2, "Silver": 1}, deck=["Copper", "Copper"])
    g = start(["Ghost Ship"], bots=[None, bot])
    g.setup(1, hand=["Gold", "Silver", "Copper", "Estate", "Curse"], deck=[], discard=[])
    g.setup(0, hand=["Ghost Ship"], deck=["Copper"] * 2, discard=[])
    g.answer(C("Ghost Ship"))
    expect(g, 1, hand={"Gold": 1, "Silver": 1, "Copper": 1}, deck=["Curse", "Estate"])
    g = start(["Ghost Ship"], bots=[None, bot])
    g.setup(1, hand=["Estate", "Estate", "Copper", "Copper", "Silver"], deck=[], discard=[])
    g.setup(0, hand=["Ghost Ship"], deck=["Copper"] * 2, discard=[])
    g.answer(C("Ghost Ship"))
    # $3 buys the Silver either way: a Copper it can spare goes back before the second Estate,
    # so the next hand holds one Estate, not two
    expect(g, 1, hand={"Estate": 1, "Copper": 1, "Silver": 1}, deck=["Estate", "Copper"])


# --- Navigator ---------------------------------------------------------------------------------
def test_navigator_discards_all_five():
    g = start(["Navigator"])
    g.setup(0, hand=["Navigator"], deck=["Estate", "Copper", "Curse", "Copper", "Estate", "Gold"],
            discard=[])
    g.answer(C("Navigator"))
    assert pend(g)[1:] == (DK.MODE, C("Navigator"), -1, (0, 1))
    assert g.pending().arg == 5
    g.answer(0)
    expect(g, 0, deck=["Gold"], discard={"Estate": 2, "Copper": 2, "Curse": 1})
    assert counters(g) == (0, 1, 2)


def test_navigator_puts_them_back_in_any_order():
    g = start(["Navigator"])
    g.setup(0, hand=["Navigator"], deck=["Copper", "Estate", "Gold"], discard=[])
    g.answer(C("Navigator"))
    assert g.pending().arg == 3
    g.answer(1)
    assert pend(g)[1:] == (DK.TOPDECK, C("Navigator"), 2,
                           (C("Copper"), C("Gold"), C("Estate")))  # the deepest place first
    g.answer(C("Gold"))
    assert pend(g)[3] == 1
    g.answer(C("Estate"))
    expect(g, 0, deck=["Copper", "Estate", "Gold"], discard={})


def test_navigator_shuffles_for_the_rest_without_the_cards_looked_at():
    g = start(["Navigator"])
    g.setup(0, hand=["Navigator"], deck=["Copper", "Copper"], discard=["Silver"] * 4)
    g.answer(C("Navigator"))
    g.answer(0)
    expect(g, 0, deck=["Silver"], discard={"Copper": 2, "Silver": 3})
    g = start(["Navigator"])
    g.setup(0, hand=["Navigator"], deck=["Copper"], discard=["Estate"])
    g.answer(C("Navigator"))
    assert g.pending().arg == 2  # fewer than 5 in all: the 2 there are
    g.answer(0)
    expect(g, 0, deck=[], discard={"Copper": 1, "Estate": 1})


def test_throne_room_navigator_looks_twice():
    g = start(["Navigator", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Navigator"], deck=["Estate"] * 5 + ["Gold"] * 5,
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Navigator"))
    g.answer(0)
    g.answer(1)  # the Golds: put back (one card kind: its order needs no choice)
    expect(g, 0, deck=["Gold"] * 5, discard={"Estate": 5})
    assert counters(g)[2] == 4


def test_navigator_playbook_discards_a_poor_look_and_keeps_a_rich_one():
    g = bot_turn(["Navigator"], BIG_MONEY, hand=["Navigator"] + ["Copper"] * 4,
                 deck=["Estate", "Estate", "Copper", "Estate", "Curse", "Gold"] + ["Silver"] * 4)
    expect(g, 0, hand={"Gold": 1, "Silver": 4})  # the 5 junk cards went to the discard pile
    g = bot_turn(["Navigator"], BIG_MONEY, hand=["Navigator"] + ["Copper"] * 4,
                 deck=["Gold", "Gold", "Silver", "Estate", "Copper", "Curse"])
    expect(g, 0, hand={"Gold": 2, "Silver": 1, "Estate": 1, "Copper": 1})
    assert g.counters()["shuffles0"] == 1  # the deal's only


def test_navigator_option_sets_the_bar_for_keeping():
    bot = simple_bot("nav", buy=["Province", "Gold", "Silver"])
    bot.card_options[(C("Navigator"), 0)] = 10.0  # keep only a look worth $10
    g = bot_turn(["Navigator"], bot, hand=["Navigator"] + ["Copper"] * 4,
                 deck=["Gold", "Gold", "Silver", "Estate", "Copper", "Curse"])
    # $9 is not $10: discarded; the next hand is the Curse and a shuffle (kept: no shuffle)
    assert g.zones(0)["hand"]["Curse"] == 1 and g.counters()["shuffles0"] == 2  # the deal's + 1


def test_a_bot_file_sets_navigators_option_and_a_bad_value_is_one_line():
    text = 'name = "n"\nbuy = ["Navigator", "Silver"]\n\n[options]\nnavigator_keep = 10\n'
    bot = compile_bot(parse_bot_text(text, "n.toml"))
    assert bot.card_options == {(C("Navigator"), 0): 10.0}
    with pytest.raises(LudolabError) as err:
        parse_bot_text(text.replace("= 10", "= 16"), "n.toml")
    assert str(err.value).startswith("n.toml:5: option 'navigator_keep'")
    assert "\n" not in str(err.value)


# --- Pearl Diver -------------------------------------------------------------------------------
def test_pearl_diver_draws_then_may_put_the_bottom_card_on_top():
    g = start(["Pearl Diver"])
    g.setup(0, hand=["Pearl Diver"], deck=["Copper", "Estate", "Silver", "Gold"], discard=[])
    g.answer(C("Pearl Diver"))
    assert pend(g)[1:] == (DK.YESNO, C("Pearl Diver"), C("Gold"), (1, 0))
    g.answer(1)
    expect(g, 0, play={"Pearl Diver": 1, "Copper": 1}, deck=["Gold", "Estate", "Silver"])
    assert counters(g)[0] == 1
    g = start(["Pearl Diver"])
    g.setup(0, hand=["Pearl Diver"], deck=["Copper", "Estate", "Silver", "Gold"], discard=[])
    g.answer(C("Pearl Diver"))
    g.answer(0)
    expect(g, 0, deck=["Estate", "Silver", "Gold"])


def _known(g: DominionGame, seat: int) -> tuple[int, int]:
    """What the pile's owner knows of it: the known run on top and the deep card's position."""
    sc = g.engine.layout.scalars(seat)
    return int(K.known_top(g._view, sc, False)), int(K.known_deep(g._view, sc))


def test_pearl_diver_left_at_the_bottom_is_known_to_its_owner_for_the_search():
    """The card looked at and left at the bottom stays known to its owner (position 0 from the
    bottom): the search's re-deal keeps it there (kernel.known_deep); on top, it is the known
    run. A reshuffle forgets both."""
    g = start(["Pearl Diver"])
    g.setup(0, hand=["Pearl Diver"], deck=["Copper", "Estate", "Silver", "Gold"], discard=[])
    assert _known(g, 0) == (0, -1)
    g.answer(C("Pearl Diver"))
    g.answer(0)  # leave the Gold at the bottom
    assert _known(g, 0) == (0, 0)
    expect(g, 0, deck=["Estate", "Silver", "Gold"])
    g = start(["Pearl Diver"])
    g.setup(0, hand=["Pearl Diver"], deck=["Copper", "Estate", "Silver", "Gold"], discard=[])
    g.answer(C("Pearl Diver"))
    g.answer(1)  # the Gold on top: the top card is known, nothing deep
    assert _known(g, 0) == (1, -1)
    g = start(["Pearl Diver"])
    g.setup(0, hand=["Pearl Diver"], deck=["Copper", "Gold"], discard=[])
    g.answer(C("Pearl Diver"))  # one card left: looked at, nothing to choose
    assert _known(g, 0) == (0, 0)


def test_pearl_diver_shuffles_when_the_deck_is_empty_and_one_card_asks_nothing():
    g = start(["Pearl Diver"])
    g.setup(0, hand=["Pearl Diver"], deck=["Copper"], discard=["Gold", "Estate"])
    shuffles = g.counters()["shuffles0"]
    g.answer(C("Pearl Diver"))
    d = g.pending()
    assert d.kind == DK.YESNO and g.counters()["shuffles0"] == shuffles + 1
    deck = g.zones(0)["deck"]
    assert CARDS[d.subject].name == deck[-1]
    g.answer(1)
    assert g.zones(0)["deck"] == deck[::-1]  # two cards: the bottom one now on top
    g = start(["Pearl Diver"])
    g.setup(0, hand=["Pearl Diver"], deck=["Copper", "Gold"], discard=[])
    g.answer(C("Pearl Diver"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, deck=["Gold"])


def test_throne_room_pearl_diver_moves_two_bottom_cards():
    g = start(["Pearl Diver", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Pearl Diver"],
            deck=["Copper", "Copper", "Estate", "Silver", "Gold"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Pearl Diver"))
    g.answer(1)  # Gold to the top; the second play draws it, then sees Silver
    assert pend(g)[3] == C("Silver")
    g.answer(1)
    expect(g, 0, play={"Throne Room": 1, "Pearl Diver": 1, "Copper": 1, "Gold": 1},
           deck=["Silver", "Copper", "Estate"])
    assert counters(g)[0] == 2


def test_pearl_diver_playbook_tops_gold_and_leaves_an_estate():
    g = bot_turn(["Pearl Diver"], BIG_MONEY, hand=["Pearl Diver"] + ["Copper"] * 4,
                 deck=["Copper", "Estate", "Estate", "Estate", "Estate", "Estate", "Gold"])
    expect(g, 0, hand={"Gold": 1, "Estate": 4})
    g = bot_turn(["Pearl Diver"], BIG_MONEY, hand=["Pearl Diver"] + ["Copper"] * 4,
                 deck=["Copper", "Gold", "Gold", "Gold", "Gold", "Gold", "Estate"])
    expect(g, 0, hand={"Gold": 5})


# --- Sea Hag -----------------------------------------------------------------------------------
def test_sea_hag_victims_discard_the_top_card_then_gain_a_curse_onto_the_deck():
    g = start(["Sea Hag"], players=3)
    g.setup(1, hand=[], deck=["Gold", "Copper"], discard=[])
    g.setup(2, hand=[], deck=[], discard=["Silver"])  # empty deck: shuffles first
    g.setup(0, hand=["Sea Hag"], deck=[], discard=[])
    curses = g.supply()["Curse"]
    g.answer(C("Sea Hag"))
    expect(g, 1, deck=["Curse", "Copper"], discard={"Gold": 1})
    expect(g, 2, deck=["Curse"], discard={"Silver": 1})
    assert g.supply()["Curse"] == curses - 2
    assert counters(g) == (0, 1, 0)


def test_sea_hag_with_no_cards_still_curses_and_with_no_curses_still_discards():
    g = start(["Sea Hag"])
    g.setup(1, hand=[], deck=[], discard=[])
    g.setup(0, hand=["Sea Hag"], deck=[], discard=[])
    g.answer(C("Sea Hag"))
    expect(g, 1, deck=["Curse"], discard={})
    g = start(["Sea Hag"])
    g.setup(1, hand=[], deck=["Gold", "Copper"], discard=[])
    g.setup(0, hand=["Sea Hag"], deck=[], discard=[], supply={"Curse": 0})
    g.answer(C("Sea Hag"))
    expect(g, 1, deck=["Copper"], discard={"Gold": 1})


def test_throne_room_sea_hag_discards_the_first_curse_and_tops_a_second_and_moat_blocks():
    g = start(["Sea Hag", "Throne Room", "Moat"], players=3)
    g.setup(1, hand=["Moat"], deck=["Gold"], discard=[])
    g.setup(2, hand=[], deck=["Gold", "Copper"], discard=[])
    g.setup(0, hand=["Throne Room", "Sea Hag"], deck=[], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Sea Hag"))
    g.answer(1)  # Moat
    g.answer(1)  # Moat again for the second play
    expect(g, 1, deck=["Gold"], discard={})
    expect(g, 2, deck=["Curse", "Copper"], discard={"Gold": 1, "Curse": 1})


def test_navigator_describes_its_choice():
    g = start(["Navigator"])
    g.setup(0, hand=["Navigator"], deck=["Estate"] * 6, discard=[])
    g.answer(C("Navigator"))
    assert g.pending().describe() == (
        "seat 0: the 5 cards you looked at (Navigator): discard them all or put them back? "
        "[discard them all, put them back]")


def test_the_log_shows_the_attacks_and_navigators_choice():
    bots = [simple_bot(n, buy=["Province", "Gold", n, "Silver"])
            for n in ("Navigator", "Sea Hag", "Cutpurse")]
    eng = Engine(["Navigator", "Sea Hag", "Cutpurse"], 3)
    lines = [ln.strip() for s in range(1, 3)
             for ln in render(eng.trace(bots, seed=s), ["N", "H", "C"]).splitlines()]
    hag = lines.index("P2 plays Sea Hag")
    assert lines[hag + 1].startswith("P3 discards") and lines[hag + 1].endswith("(from the deck)")
    assert lines[hag + 2] == "P3 gains Curse onto the deck"
    cut = lines.index("P3 plays Cutpurse")
    assert lines[cut + 1] == "P1 discards Copper" or lines[cut + 1].startswith("P1 reveals")
    assert any(ln.startswith("P1 chooses ") and ln.endswith("(Navigator)") for ln in lines)


# --- invariants --------------------------------------------------------------------------------
KINGDOM = ["Lookout", "Sea Chart", "Warehouse", "Cutpurse", "Salvager", "Treasure Map",
           "Bazaar", "Explorer", "Ghost Ship", "Navigator", "Pearl Diver", "Sea Hag",
           "Throne Room"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_bot_games_on_these_cards_keep_every_invariant(players):
    """Debug mode checks card conservation and every bot answer after each turn; a random seat
    answers every decision uniformly (any Lookout pick, Navigator's order, Ghost Ship's)."""
    eng = Engine(KINGDOM, players)
    r = np.random.default_rng(players)
    bots = []
    for s in range(players):
        picks = [str(x) for x in r.choice(KINGDOM, 4, replace=False)]
        bot = simple_bot(f"b{s}", buy=["Province", "Gold", *picks, "Silver"])
        bot.card_options[(C("Navigator"), 0)] = float(3 * s)
        bots.append(bot)
    rec = eng.play(bots, np.arange(100, dtype=np.uint64) + 1000 * players, debug=True,
                   random_seats=[players - 1])
    assert len(rec) == 100
    assert set(rec.end_reason.tolist()) <= {EndReason.PROVINCES, EndReason.PILES}


# --- the Seaside rulebooks' recommended kingdoms -----------------------------------------------
SEASIDE_PRESETS = {
    "high-seas", "buried-treasure", "reach-for-tomorrow", "repetition", "a-star-to-steer-by",
    "shore-patrol", "high-seas-1st", "buried-treasure-1st", "shipwrecks",
    "reach-for-tomorrow-1st", "repetition-1st", "give-and-take",
}


def test_seaside_presets_name_only_seaside_and_base_cards_and_load():
    """Each preset: ten cards, Seaside's (of its printing) and the base set's (or Intrigue's,
    for the second printing's two with Intrigue); it resolves by name, and once every card has
    its home it builds an engine."""
    assert set(PRESETS) >= SEASIDE_PRESETS
    first = set(FIRST_PRINTING_SEASIDE)
    for name in SEASIDE_PRESETS:
        info = PRESET_INFO[name]
        ids = resolve_kingdom(name)
        assert len(ids) == 10 and ids == [C(n) for n in info.cards], name
        if info.sets[0] == "seaside2":  # the second printing: its cards and second editions
            assert set(info.sets) <= {"seaside2", "base2", "intrigue2"}, name
            assert all(CARDS[c].set in info.sets for c in ids), name
        else:
            assert info.sets[0] == "seaside1" and set(info.sets) <= {"seaside1", "base1"}, name
            for c in ids:
                card = CARDS[c]
                assert card.name in first or card.set in ("base1", "base2"), (name, card.name)
        if all(_hooks.has_rules(c) for c in ids):
            assert Engine([CARDS[c].name for c in ids], 2).kingdom == tuple(sorted(ids))
    assert "Sea Witch" in PRESETS["reach-for-tomorrow"]
    assert {"Sea Hag", "Adventurer", "Spy"} <= set(PRESETS["reach-for-tomorrow-1st"])
    assert {"Ghost Ship", "Navigator", "Pearl Diver"} <= set(PRESETS["shipwrecks"])


def test_a_seaside_preset_of_this_helpers_cards_plays():
    """Shipwrecks' cards that have homes by now play a short batch (the rest of the preset
    needs the Duration engine); the presets resolve by name with spaces or underscores."""
    assert resolve_kingdom("high_seas_1st") == resolve_kingdom("high-seas-1st")
    cards = [n for n in PRESETS["shipwrecks"]
             if n in ("Ghost Ship", "Navigator", "Pearl Diver", "Salvager", "Sea Hag",
                      "Warehouse")]
    rec = Engine(cards, 2).play([BIG_MONEY, BIG_MONEY], np.arange(5, dtype=np.uint64),
                                debug=True, random_seats=[1])
    assert len(rec) == 5
