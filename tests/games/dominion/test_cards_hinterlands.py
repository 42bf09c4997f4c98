"""Hinterlands' cards with homes: Oasis, Stables, Nomad Camp and Silk Road, in rulebook
situations from the printed text and the official FAQ (Dominion Strategy wiki), their default
playbooks, and the set's ids.

Exact zones are set with ``DominionGame.setup`` (decks listed from the top down), the card is
played by an outside seat, its decisions answered, and the exact zones and counters asserted. A
decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

from cardtools import bot_turn, counters, expect, start
from clitools import run
from ludolab.games.dominion.cards import CARDS, FIRST_PRINTING_HINTERLANDS, SETS, card_id
from ludolab.games.dominion.engine import DecisionKind, DominionGame, hooks, simple_bot
from ludolab.games.dominion.kingdom import resolve_kingdom, set_cards

DK = DecisionKind


def C(name: str) -> int:
    return card_id(name)


def pend(g: DominionGame) -> tuple:
    d = g.pending()
    assert d is not None
    return d.seat, d.kind, d.source, d.subject, d.options


# --- the set -------------------------------------------------------------------------------------
def test_the_printings_hold_the_sets_cards():
    """Both printings have 26 piles: 17 shared, 9 of each printing's own (35 in all)."""
    first = {CARDS[c].name for c in SETS["hinterlands1"][1]}
    second = {CARDS[c].name for c in SETS["hinterlands2"][1]}
    assert first == set(FIRST_PRINTING_HINTERLANDS) and len(first) == 26 and len(second) == 26
    assert len(first & second) == 17 and len(set_cards("hinterlands")) == 35
    assert {"Farmland", "Haggler", "Trader"} <= first & second
    assert {"Souk", "Guard Dog"} <= second - first and {"Silk Road", "Embassy"} <= first - second


def test_random_kingdoms_from_hinterlands_deal_only_cards_with_rules():
    """``random:sets=`` draws only cards whose rules the engine has (a home, or a plain row)."""
    k = resolve_kingdom("random:sets=hinterlands,base2:3")
    assert len(k) == 10 and all(hooks.has_rules(c) for c in k)
    homes = {CARDS[c].name for c in set_cards("hinterlands") if hooks.has_rules(c)}
    assert {"Oasis", "Stables", "Nomad Camp", "Silk Road"} <= homes


def test_cli_cards_marks_the_hinterlands_cards_without_rules(capsys):
    """``ludolab dominion cards --set hinterlands`` lists all 35, a card without a home yet
    marked ``*``, with the printings that have each."""
    code, out, _ = run(capsys, "dominion", "cards", "--set", "hinterlands")
    assert code == 0
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") > 5}
    every = {CARDS[c].name for c in set_cards("hinterlands")}
    assert {k.removesuffix(" *") for k in rows} - every == {""}  # a long text's next lines
    assert len(rows) == 35 + 1
    assert "Cauldron *" in rows and "Jack of All Trades" in rows and "Souk" in rows
    assert rows["Jack of All Trades"].split("│")[5].strip() == "1+2"
    assert rows["Souk"].split("│")[5].strip() == "2"
    assert rows["Silk Road"].split("│")[5].strip() == "1"


# --- Oasis ---------------------------------------------------------------------------------------
def test_oasis_draws_then_discards_a_card():
    """Oasis: "+1 Card, +1 Action, +$1. Discard a card." FAQ: you draw before you discard, and
    may discard the card you drew."""
    g = start(["Oasis"])
    g.setup(0, hand=["Oasis", "Estate", "Duchy"], deck=["Copper", "Gold"], discard=[])
    g.answer(C("Oasis"))
    seat, kind, source, subject, options = pend(g)
    assert (seat, kind, source, subject) == (0, DK.DISCARD, C("Oasis"), 1)
    assert set(options) == {C("Copper"), C("Estate"), C("Duchy")}
    g.answer(C("Duchy"))
    # the buy phase: the drawn Copper is played
    expect(g, 0, hand={"Estate": 1}, discard={"Duchy": 1}, deck=["Gold"],
           play={"Oasis": 1, "Copper": 1})
    assert counters(g) == (1, 1, 1 + 1)


def test_oasis_with_an_empty_hand_discards_nothing():
    """FAQ: if you have no cards in hand after drawing, you discard nothing."""
    g = start(["Oasis"])
    g.setup(0, hand=["Oasis"], deck=[], discard=[])
    g.answer(C("Oasis"))
    expect(g, 0, hand={}, discard={}, play={"Oasis": 1})
    assert counters(g)[2] == 1


def test_oasis_playbook_discards_a_victory_card_first():
    bot = simple_bot("Oasis bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Oasis"], bot, hand=["Oasis", "Copper", "Copper", "Silver", "Copper"],
                 deck=["Estate"] + ["Copper"] * 10)
    assert g.zones(0)["discard"].get("Estate", 0) == 1  # the drawn Estate, not a Treasure


# --- Stables -------------------------------------------------------------------------------------
def test_stables_discards_a_treasure_for_three_cards_and_an_action():
    """Stables: "You may discard a Treasure, for +3 Cards and +1 Action." """
    g = start(["Stables"])
    g.setup(0, hand=["Stables", "Copper", "Gold", "Estate"],
            deck=["Silver", "Estate", "Copper", "Gold"], discard=[])
    g.answer(C("Stables"))
    assert pend(g) == (0, DK.DISCARD, C("Stables"), -1, (C("Copper"), C("Gold"), -1))
    assert g.pending().describe() == ("seat 0: discard a Treasure for +3 Cards and +1 Action "
                                      "(Stables)? [Copper, Gold, none]")
    g.answer(C("Copper"))
    # drew Silver, Estate, Copper; the buy phase plays the Treasures
    expect(g, 0, hand={"Estate": 2}, discard={"Copper": 1}, deck=["Gold"],
           play={"Stables": 1, "Gold": 1, "Silver": 1, "Copper": 1})
    assert counters(g) == (1, 1, 3 + 2 + 1)


def test_stables_declined_gives_nothing():
    """FAQ: discarding is optional; if you don't discard a Treasure, you get nothing."""
    g = start(["Stables"])
    g.setup(0, hand=["Stables", "Copper", "Estate"], deck=["Silver"] * 3, discard=[])
    g.answer(C("Stables"))
    g.answer(-1)
    expect(g, 0, hand={"Estate": 1}, discard={}, deck=["Silver"] * 3,
           play={"Stables": 1, "Copper": 1})
    assert counters(g) == (0, 1, 1)


def test_stables_without_a_treasure_in_hand_asks_nothing():
    g = start(["Stables"])
    g.setup(0, hand=["Stables", "Stables", "Estate"], deck=["Silver"] * 3, discard=[])
    g.answer(C("Stables"))
    expect(g, 0, hand={"Stables": 1, "Estate": 1}, deck=["Silver"] * 3)
    assert counters(g)[0] == 0


def test_stables_playbook_discards_the_copper_and_plays_on():
    """The playbook discards the Treasure the general discard order puts first: the Copper
    (then $3 + $2 + $2 buys a Gold); the Gold (a $5 hand) or not playing it ($4) buys a Silver."""
    bot = simple_bot("Stables bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Stables"], bot, hand=["Stables", "Copper", "Gold", "Estate", "Estate"],
                 deck=["Silver", "Silver", "Estate"] + ["Estate"] * 8)
    owned = g.zones(0)["owned"]
    assert (owned.get("Gold", 0), owned.get("Silver", 0)) == (2, 2)


# --- Nomad Camp ----------------------------------------------------------------------------------
def test_nomad_camp_gained_goes_onto_the_deck():
    """Nomad Camp: "When you gain this, put it on top of your deck." FAQ: also when gained
    other than by buying it (here Workshop's gain)."""
    g = start(["Nomad Camp", "Workshop"])
    g.setup(0, hand=["Workshop"], deck=["Copper"], discard=[])
    g.answer(C("Workshop"))
    g.answer(C("Nomad Camp"))
    expect(g, 0, deck=["Nomad Camp", "Copper"], discard={}, hand={})


def test_nomad_camp_bought_is_in_the_next_hand():
    """Bought, it goes onto the deck, so the clean-up draws it into the next hand."""
    g = start(["Nomad Camp"])
    g.setup(0, hand=["Copper"] * 4, deck=["Estate"] * 6, discard=[])
    assert g.pending().kind == DK.BUY
    g.answer(C("Nomad Camp"))
    expect(g, 0, hand={"Nomad Camp": 1, "Estate": 4}, deck=["Estate", "Estate"],
           discard={"Copper": 4})


def test_nomad_camp_plays_for_a_buy_and_two_coins():
    """Nomad Camp: "+1 Buy, +$2." """
    g = start(["Nomad Camp"])
    g.setup(0, hand=["Nomad Camp", "Estate"], deck=[], discard=[])
    g.answer(C("Nomad Camp"))
    assert counters(g) == (0, 2, 2)


# --- Silk Road -----------------------------------------------------------------------------------
def test_silk_road_counts_every_victory_card_rounded_down():
    """Silk Road: "Worth 1 VP for every 4 Victory cards in your deck (round down)." FAQ: it
    counts itself and the other Silk Roads; Curses are not Victory cards."""
    g = start(["Silk Road"])
    g.setup(0, hand=["Silk Road", "Silk Road", "Estate"], deck=["Curse", "Copper"],
            discard=["Duchy"])
    assert g.vp()[0] == 2 * 1 + 1 + 3 - 1  # 4 Victory cards: 1 VP each
    g.setup(0, hand=["Silk Road", "Estate", "Estate"], deck=["Curse"] * 4, discard=[])
    assert g.vp()[0] == 0 + 2 - 4  # 3 Victory cards: none


# --- Jack of All Trades --------------------------------------------------------------------------
JACK = "Jack of All Trades"


def test_jack_gains_a_silver_keeps_the_top_card_draws_to_five_and_trashes():
    """Jack of All Trades: "Gain a Silver. Look at the top card of your deck; you may discard
    it. Draw until you have 5 cards in hand. You may trash a non-Treasure card from your hand."
    FAQ: a card not discarded stays on top, so the draw takes it."""
    g = start([JACK])
    g.setup(0, hand=[JACK, "Copper", "Estate"], deck=["Estate", "Silver", "Gold", "Copper"],
            discard=[])
    g.answer(C(JACK))
    assert pend(g) == (0, DK.YESNO, C(JACK), C("Estate"), (1, 0))
    expect(g, 0, discard={"Silver": 1})  # the Silver is gained first
    g.answer(0)  # put it back: drawn with Silver and Gold
    assert pend(g) == (0, DK.TRASH, C(JACK), -1, (C("Estate"), -1))
    g.answer(C("Estate"))
    assert g.trash() == {"Estate": 1}
    expect(g, 0, hand={"Estate": 1}, deck=["Copper"], discard={"Silver": 1},
           play={JACK: 1, "Copper": 1, "Silver": 1, "Gold": 1})
    assert counters(g) == (0, 1, 1 + 2 + 3)


def test_jack_discards_the_top_card_and_may_trash_nothing():
    g = start([JACK])
    g.setup(0, hand=[JACK, "Copper", "Estate"], deck=["Estate", "Silver", "Gold", "Duchy"],
            discard=[])
    g.answer(C(JACK))
    g.answer(1)  # discard the Estate: the draw takes Silver, Gold, Duchy
    assert pend(g)[1:] == (DK.TRASH, C(JACK), -1, (C("Estate"), C("Duchy"), -1))
    g.answer(-1)
    assert g.trash() == {}
    expect(g, 0, hand={"Estate": 1, "Duchy": 1}, deck=[], discard={"Silver": 1, "Estate": 1})


def test_jack_with_five_cards_in_hand_draws_none():
    """FAQ: with 5 or more cards in hand you draw nothing; with no non-Treasure in hand there is
    nothing to trash (no decision)."""
    g = start([JACK])
    hand = [JACK, "Copper", "Copper", "Silver", "Silver", "Gold"]
    g.setup(0, hand=hand, deck=["Estate", "Gold"], discard=[])
    g.answer(C(JACK))
    g.answer(0)
    expect(g, 0, hand={}, deck=["Estate", "Gold"], discard={"Silver": 1})
    assert counters(g)[2] == 1 + 1 + 2 + 2 + 3


def test_jack_with_an_empty_deck_shuffles_the_new_silver_to_look():
    """FAQ: with no deck, the discard pile is shuffled (the Silver just gained is in it)."""
    g = start([JACK])
    g.setup(0, hand=[JACK, "Estate", "Estate", "Estate", "Estate"], deck=[], discard=[])
    g.answer(C(JACK))
    assert pend(g)[1:4] == (DK.YESNO, C(JACK), C("Silver"))
    g.answer(0)
    assert pend(g)[1] == DK.TRASH  # 4 in hand: the Silver put back is drawn
    g.answer(-1)
    expect(g, 0, hand={"Estate": 4}, deck=[], discard={}, play={JACK: 1, "Silver": 1})


def test_jack_playbook_discards_a_copper_on_top_and_trashes_the_curse():
    bot = simple_bot("Jack bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn([JACK], bot, hand=[JACK, "Curse", "Estate", "Silver"],
                 deck=["Copper", "Gold", "Silver"] + ["Estate"] * 8)
    assert g.trash() == {"Curse": 1}
    owned = g.zones(0)["owned"]
    # Copper discarded: Gold and Silver drawn, $2 + $3 + $2 = $7 buys a Gold
    assert (owned.get("Gold", 0), owned.get("Silver", 0), owned.get("Copper", 0)) == (2, 3, 1)


def test_jack_playbook_keeps_a_curse_on_top_to_trash_it():
    """With no Curse in hand, a Curse on top is put back: the draw takes it and it is trashed."""
    bot = simple_bot("Jack bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn([JACK], bot, hand=[JACK, "Silver", "Silver", "Copper"],
                 deck=["Curse", "Copper"] + ["Estate"] * 8)
    assert g.trash() == {"Curse": 1}


# --- Embassy -------------------------------------------------------------------------------------
def test_embassy_draws_five_and_discards_three():
    """Embassy: "+5 Cards. Discard 3 cards." """
    g = start(["Embassy"])
    g.setup(0, hand=["Embassy", "Estate"], deck=["Copper", "Estate", "Silver", "Duchy", "Gold"],
            discard=[])
    g.answer(C("Embassy"))
    seat, kind, source, subject, _options = pend(g)
    assert (seat, kind, source, subject) == (0, DK.DISCARD, C("Embassy"), 3)
    for name in ("Estate", "Estate", "Duchy"):
        g.answer(C(name))
    expect(g, 0, hand={}, discard={"Estate": 2, "Duchy": 1},
           play={"Embassy": 1, "Copper": 1, "Silver": 1, "Gold": 1})


def test_embassy_gained_gives_each_other_player_a_silver():
    """Embassy: "When you gain this, each other player gains a Silver." (three players, in turn
    order; the gainer gets none)"""
    g = start(["Embassy"], players=3)
    g.setup(0, hand=["Gold", "Silver"], deck=["Copper"] * 5, discard=[])
    silvers = g.supply()["Silver"]
    g.answer(C("Embassy"))
    for seat in (1, 2):
        assert g.zones(seat)["discard"].get("Silver", 0) == 1
    assert g.zones(0)["owned"].get("Silver", 0) == 1  # only the one it had
    assert g.supply()["Silver"] == silvers - 2


# --- Border Village ------------------------------------------------------------------------------
def test_border_village_gained_gains_a_cheaper_card():
    """Border Village: "When you gain this, gain a cheaper card." (bought here; the options are
    the piles costing $5 or less)"""
    g = start(["Border Village", "Festival"])
    g.setup(0, hand=["Festival", "Gold", "Gold"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Festival"))
    assert g.pending().kind == DK.BUY
    g.answer(C("Border Village"))
    seat, kind, source, subject, options = pend(g)
    assert (seat, kind, source, subject) == (0, DK.GAIN, C("Border Village"), 5)
    assert set(options) == {C(n) for n in ("Copper", "Silver", "Estate", "Duchy", "Curse",
                                           "Festival")}
    g.answer(C("Festival"))
    expect(g, 0, discard={"Border Village": 1, "Festival": 1})
    assert counters(g) == (2, 1, 2 + 6 - 6)  # Festival: +2 Actions, +1 Buy used


def test_border_village_plays_for_a_card_and_two_actions():
    """Border Village: "+1 Card, +2 Actions." """
    g = start(["Border Village"])
    g.setup(0, hand=["Border Village"], deck=["Estate", "Copper"], discard=[])
    g.answer(C("Border Village"))
    expect(g, 0, hand={"Estate": 1}, deck=["Copper"])
    assert counters(g)[0] == 2


# --- Spice Merchant ------------------------------------------------------------------------------
SPICE = "Spice Merchant"


def test_spice_merchant_trashes_a_treasure_for_two_cards_and_an_action():
    """Spice Merchant: "You may trash a Treasure from your hand to choose one: +2 Cards and +1
    Action; or +1 Buy and +$2." """
    g = start([SPICE])
    g.setup(0, hand=[SPICE, "Copper", "Silver", "Estate"], deck=["Gold", "Estate", "Copper"],
            discard=[])
    g.answer(C(SPICE))
    assert pend(g) == (0, DK.TRASH, C(SPICE), -1, (C("Copper"), C("Silver"), -1))
    g.answer(C("Copper"))
    assert pend(g) == (0, DK.MODE, C(SPICE), -1, (0, 1))
    g.answer(0)
    assert g.trash() == {"Copper": 1}
    expect(g, 0, hand={"Estate": 2}, deck=["Copper"], play={SPICE: 1, "Silver": 1, "Gold": 1})
    assert counters(g) == (1, 1, 2 + 3)


def test_spice_merchant_trashes_a_treasure_for_a_buy_and_two_coins():
    g = start([SPICE])
    g.setup(0, hand=[SPICE, "Copper", "Silver"], deck=["Gold"], discard=[])
    g.answer(C(SPICE))
    g.answer(C("Silver"))
    g.answer(1)
    assert g.trash() == {"Silver": 1}
    expect(g, 0, hand={}, deck=["Gold"], play={SPICE: 1, "Copper": 1})
    assert counters(g) == (0, 2, 2 + 1)


def test_spice_merchant_declined_or_without_a_treasure_does_nothing():
    """FAQ: if you do not trash a Treasure, you get nothing (no choice is asked)."""
    g = start([SPICE])
    g.setup(0, hand=[SPICE, "Copper"], deck=["Gold"], discard=[])
    g.answer(C(SPICE))
    g.answer(-1)
    assert g.trash() == {}
    assert counters(g) == (0, 1, 1)
    g = start([SPICE])
    g.setup(0, hand=[SPICE, "Estate"], deck=["Gold"], discard=[])
    g.answer(C(SPICE))
    expect(g, 0, hand={"Estate": 1}, deck=["Gold"])
    assert counters(g) == (0, 1, 0)


def test_spice_merchant_playbook_trashes_a_copper_for_cards():
    bot = simple_bot("Spice bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn([SPICE], bot, hand=[SPICE, "Copper", "Silver", "Silver", "Estate"],
                 deck=["Gold", "Silver"] + ["Estate"] * 8)
    assert g.trash() == {"Copper": 1}
    owned = g.zones(0)["owned"]
    assert owned.get("Province", 0) == 1  # $2 + $2 + $3 + $2 drawn: a Province


def test_spice_merchant_playbook_keeps_silver_and_gold():
    bot = simple_bot("Spice bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn([SPICE], bot, hand=[SPICE, "Silver", "Gold", "Estate", "Estate"],
                 deck=["Gold", "Silver"] + ["Estate"] * 8)
    assert g.trash() == {}


# --- Souk ----------------------------------------------------------------------------------------
def test_souk_gives_seven_less_one_per_card_in_hand_and_a_buy():
    """Souk: "+1 Buy, +$7. -$1 per card in your hand." FAQ: with 3 other cards in hand, a net
    +$4."""
    g = start(["Souk"])
    g.setup(0, hand=["Souk", "Estate", "Estate", "Estate"], deck=[], discard=[])
    g.answer(C("Souk"))
    assert counters(g) == (0, 2, 4)


def test_souk_cannot_go_below_zero_but_can_lose_coins_made_before():
    """FAQ: "You can't go below $0 but might end up with less $ than you started with." """
    g = start(["Souk", "Festival"])
    g.setup(0, hand=["Festival", "Souk"] + ["Estate"] * 9, deck=[], discard=[])
    g.answer(C("Festival"))  # $2
    g.answer(C("Souk"))  # $2 + $7 - $9: $0
    assert counters(g) == (1, 3, 0)


def test_souk_gained_trashes_up_to_two_cards_from_hand():
    """Souk: "When you gain this, trash up to 2 cards from your hand." FAQ: you may trash
    fewer (here one, then stop)."""
    g = start(["Souk"])
    g.setup(0, hand=["Gold", "Silver", "Estate", "Curse"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Souk"))  # bought with $5
    assert pend(g) == (0, DK.TRASH, C("Souk"), 0, (C("Estate"), C("Curse"), -1))
    g.answer(C("Curse"))
    assert pend(g) == (0, DK.TRASH, C("Souk"), 1, (C("Estate"), -1))
    g.answer(-1)
    assert g.trash() == {"Curse": 1}


def test_souk_playbook_trashes_curses_and_early_estates_when_gained():
    bot = simple_bot("Souk bot", buy=["Souk"])
    g = bot_turn(["Souk"], bot, hand=["Gold", "Silver", "Estate", "Curse", "Copper"],
                 deck=["Copper"] * 10)
    assert g.trash() == {"Curse": 1, "Estate": 1}
    assert g.zones(0)["owned"].get("Souk", 0) == 1


# --- Farmland ------------------------------------------------------------------------------------
def test_farmland_gained_trashes_a_card_and_gains_one_costing_two_more():
    """Farmland: "When you gain this, trash a card from your hand and gain a non-Farmland card
    costing exactly $2 more than it." (bought here: the hand's Estate becomes a $4 card)"""
    g = start(["Farmland", "Smithy", "Militia"])
    g.setup(0, hand=["Gold", "Gold", "Estate", "Duchy"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Farmland"))
    assert pend(g) == (0, DK.TRASH, C("Farmland"), -1, (C("Estate"), C("Duchy")))
    g.answer(C("Estate"))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.subject, d.arg) == (0, DK.GAIN, C("Farmland"), 4,
                                                            C("Estate"))
    assert set(d.options) == {C("Smithy"), C("Militia")}
    g.answer(C("Militia"))
    assert g.trash() == {"Estate": 1}
    assert g.zones(0)["owned"].get("Militia", 0) == 1
    assert g.zones(0)["owned"].get("Farmland", 0) == 1


def test_farmland_second_printing_never_gains_a_farmland():
    """Second printing: a $4 card trashed, the $6 gain is Gold, not a Farmland (the only other
    $6 pile), so it is taken without asking."""
    g = start(["Farmland", "Smithy"])
    g.setup(0, hand=["Gold", "Gold", "Smithy"], deck=["Copper"] * 5, discard=[])
    g.answer(-1)  # no Action played
    g.answer(C("Farmland"))
    assert g.trash() == {"Smithy": 1}
    owned = g.zones(0)["owned"]
    assert (owned.get("Gold", 0), owned.get("Farmland", 0)) == (3, 1)


def test_farmland_first_printing_works_when_bought_and_may_gain_a_farmland():
    """First printing: "When you buy this, trash a card from your hand. Gain a card costing
    exactly $2 more than the trashed card." A Farmland may be the gain."""
    g = start(["Farmland", "Smithy"], rules="official,edition=1")
    g.setup(0, hand=["Gold", "Gold", "Smithy"], deck=["Copper"] * 5, discard=[])
    g.answer(-1)
    g.answer(C("Farmland"))
    assert pend(g)[1:] == (DK.GAIN, C("Farmland"), 6, (C("Gold"), C("Farmland")))
    g.answer(C("Farmland"))
    assert g.trash() == {"Smithy": 1}
    assert g.zones(0)["owned"].get("Farmland", 0) == 2


def test_farmland_with_an_empty_hand_does_nothing_more():
    g = start(["Farmland"])
    g.setup(0, hand=["Gold", "Gold"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Farmland"))
    assert g.trash() == {}
    assert g.zones(0)["owned"].get("Farmland", 0) == 1
    assert g.vp()[0] == 2  # Farmland: 2 VP (the set-up zones hold no other Victory card)


def test_farmland_playbook_remodels_the_card_whose_gain_the_list_wants():
    """The playbook trashes the first card, in the trash order, whose cost + $2 buys a card of
    exactly that cost on the bot's list: the Estate (its $4 buys Smithy), not the Curse (its $2
    buys nothing) nor the Duchy (its $7 buys a $6 Farmland)."""
    bot = simple_bot("Farmland bot", buy=["Farmland", "Province", "Smithy", "Silver"])
    g = bot_turn(["Farmland", "Smithy"], bot, hand=["Gold", "Gold", "Estate", "Curse", "Duchy"],
                 deck=["Copper"] * 10)
    assert g.trash() == {"Estate": 1}
    assert g.zones(0)["owned"].get("Smithy", 0) == 1
