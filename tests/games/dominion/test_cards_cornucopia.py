"""Cornucopia's cards (and the Cornucopia & Guilds rows and set ids), in rulebook situations from
the printed text and the official FAQ (Dominion Strategy wiki), their default playbooks, and the
registry's non-Supply piles (Prizes, Rewards).

Exact zones are set with ``DominionGame.setup`` (decks listed from the top down), the card is
played by an outside seat, its decisions answered, and the exact zones and counters asserted. A
decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

import pytest

from cardtools import bot_turn, buy, counters, expect, pend, play_treasures, start
from clitools import run
from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import (
    CARDS,
    FIRST_PRINTING_CORNUCOPIA,
    FIRST_PRINTING_GUILDS,
    KINGDOM_IDS,
    PILE_KINDS,
    SETS,
    CardType,
    card_id,
)
from ludolab.games.dominion.engine import DecisionKind, hooks, simple_bot
from ludolab.games.dominion.kingdom import (
    PRESET_INFO,
    PRESETS,
    colony_rules,
    random_pool,
    resolve_kingdom_bane,
    set_cards,
    set_non_supply,
)

DK = DecisionKind
PRIZES = ("Bag of Gold", "Diadem", "Followers", "Princess", "Trusty Steed")
REWARDS = ("Coronet", "Courser", "Demesne", "Housecarl", "Huge Turnip", "Renown")


def C(name: str) -> int:
    return card_id(name)


def names(ids) -> set[str]:
    return {CARDS[c].name for c in ids}


# --- the set -------------------------------------------------------------------------------------
def test_the_printings_hold_the_sets_cards():
    """Cornucopia (2011) and Guilds (2013) had 13 piles each; the 2024 Cornucopia & Guilds kept 18
    of the 26 and added 8 (Carnival, Farmhands, Ferryman, Joust, Shop; Farrier, Footpad,
    Infirmary): 34 piles in all."""
    c1, g1 = names(SETS["cornucopia1"][1]), names(SETS["guilds1"][1])
    second = names(SETS["cornucopia-guilds2"][1])
    assert c1 == set(FIRST_PRINTING_CORNUCOPIA) and len(c1) == 13
    assert g1 == set(FIRST_PRINTING_GUILDS) and len(g1) == 13
    assert len(second) == 26 and len((c1 | g1) & second) == 18
    assert second - c1 - g1 == {"Carnival", "Farmhands", "Ferryman", "Joust", "Shop", "Farrier",
                                "Footpad", "Infirmary"}
    assert (c1 | g1) - second == {"Farming Village", "Fortune Teller", "Harvest",
                                  "Horse Traders", "Tournament", "Doctor", "Masterpiece",
                                  "Taxman"}
    assert len(set_cards("cornucopia-guilds")) == 34


def test_prizes_and_rewards_are_non_supply_piles_of_the_registry():
    """Prizes (Cornucopia 1st ed.) and Rewards (2nd ed.) cost $0*, are not in the Supply and are
    not kingdom cards: no kingdom, random pool or printing's pile list holds them; the registry
    says which pile kind each waits in and gives them their type (the page reads both)."""
    for group, kind, bit, printing in ((PRIZES, "prize", CardType.PRIZE, "cornucopia1"),
                                       (REWARDS, "reward", CardType.REWARD,
                                        "cornucopia-guilds2")):
        for name in group:
            c = CARDS[C(name)]
            assert (c.cost, c.pile, c.set) == (0, kind, printing), name
            assert c.types & bit and not c.is_kingdom and not c.is_basic, name
            assert c.id not in KINGDOM_IDS and c.id not in hooks.playable(), name
            assert all(c.id not in ids for _, ids in SETS.values()), name
        assert kind in PILE_KINDS
    assert names(set_non_supply("cornucopia1")) == set(PRIZES)
    assert names(set_non_supply("cornucopia-guilds2")) == set(REWARDS)
    assert names(set_non_supply("cornucopia-guilds")) == set(PRIZES) | set(REWARDS)
    assert not set(random_pool("cornucopia-guilds")) & {C(n) for n in PRIZES + REWARDS}
    assert CARDS[C("Followers")].types == CardType.ACTION | CardType.ATTACK | CardType.PRIZE
    assert CARDS[C("Coronet")].types == CardType.ACTION | CardType.TREASURE | CardType.REWARD


def test_overpay_cards_cost_their_printed_number_with_a_mark():
    """A cost printed "$N+" is cost N: the "+" is a reminder that a player may overpay when
    buying it (Cornucopia & Guilds rules: Infirmary costs $3, so it can be Ferryman's pile)."""
    marked = {c.name: c.cost for c in CARDS if c.overpay}
    assert marked == {"Stonemason": 2, "Farrier": 2, "Doctor": 3, "Masterpiece": 3,
                      "Infirmary": 3, "Herald": 4}


def test_cli_cards_lists_the_piles_and_the_non_supply_cards(capsys):
    """``ludolab dominion cards --set cornucopia-guilds`` lists the 34 piles and the 11 Prizes
    and Rewards, with the printings that have each."""
    code, out, _ = run(capsys, "dominion", "cards", "--set", "cornucopia-guilds")
    assert code == 0
    rows = {line.split("│")[1].strip().removesuffix(" *"): line for line in out.splitlines()
            if line.count("│") > 5}
    every = names(set_cards("cornucopia-guilds")) | set(PRIZES) | set(REWARDS)
    assert set(rows) - every == {""}  # a long text's next lines
    assert every <= set(rows)
    assert rows["Hamlet"].split("│")[5].strip() == "1+2"
    assert rows["Joust"].split("│")[5].strip() == "2"
    assert rows["Tournament"].split("│")[5].strip() == "1"
    assert rows["Diadem"].split("│")[5].strip() == "1"
    assert "Prize" in rows["Diadem"].split("│")[3]
    assert rows["Renown"].split("│")[5].strip() == "2"


# --- Hamlet --------------------------------------------------------------------------------------
def test_hamlet_discards_for_an_action_then_for_a_buy():
    """Hamlet: "+1 Card, +1 Action. You may discard a card for +1 Action. You may discard a card
    for +1 Buy." FAQ: draw first; then one discard may give +1 Action, one more +1 Buy (the card
    drawn may be discarded)."""
    g = start(["Hamlet"])
    g.setup(0, hand=["Hamlet", "Estate", "Copper"], deck=["Duchy", "Gold"], discard=[])
    g.answer(C("Hamlet"))
    assert pend(g) == (0, DK.DISCARD, C("Hamlet"), -1, 0,
                       (C("Copper"), C("Estate"), C("Duchy"), -1))
    assert "+1 Action" in g.pending().describe()
    g.answer(C("Duchy"))  # the card just drawn
    assert pend(g) == (0, DK.DISCARD, C("Hamlet"), -1, 1, (C("Copper"), C("Estate"), -1))
    assert "+1 Buy" in g.pending().describe()
    g.answer(C("Estate"))
    # no Action left in hand: the Buy phase plays the Copper
    expect(g, 0, play={"Hamlet": 1, "Copper": 1}, hand={}, discard={"Duchy": 1, "Estate": 1},
           deck=["Gold"])
    assert counters(g) == (2, 2, 1)


def test_hamlet_bonus_only_for_a_discard():
    """FAQ: "You only get the extra +1 Action or +1 Buy if you actually discarded a card for
    it": declining the first and taking the second gives +1 Buy only."""
    g = start(["Hamlet"])
    g.setup(0, hand=["Hamlet", "Estate"], deck=["Copper"], discard=[])
    g.answer(C("Hamlet"))
    g.answer(-1)
    g.answer(C("Estate"))
    expect(g, 0, play={"Hamlet": 1, "Copper": 1}, hand={}, discard={"Estate": 1}, deck=[])
    assert counters(g) == (1, 2, 1)


def test_hamlet_with_an_empty_hand_asks_nothing():
    """With no card in hand after the draw there is nothing to discard: no decision, no bonus
    (the turn goes on to the Buy phase)."""
    g = start(["Hamlet"])
    g.setup(0, hand=["Hamlet"], deck=[], discard=[])
    g.answer(C("Hamlet"))
    expect(g, 0, play={"Hamlet": 1}, hand={}, discard={})
    assert counters(g)[:2] == (1, 1) and g.pending().kind == DK.BUY


def test_hamlet_playbook_discards_dead_cards_for_both():
    """The playbook discards Victory cards for +1 Action and +1 Buy, keeps Treasures: with the
    extra Buy, $6 buys two Silvers ($3 + $3)."""
    bot = simple_bot("Hamlet bot", buy=["Province", "Silver"])
    g = bot_turn(["Hamlet"], bot, hand=["Hamlet", "Estate", "Duchy", "Silver", "Silver"],
                 deck=["Silver"] + ["Estate"] * 10)
    owned = g.zones(0)["owned"]
    assert owned.get("Estate", 0) == 11 and owned.get("Duchy", 0) == 1
    assert owned.get("Silver", 0) == 5  # three held, two bought with $6 and two Buys
    assert g.zones(0)["discard"].get("Duchy", 0) == 1


def test_hamlet_playbook_keeps_treasures_without_a_use():
    """No dead card and no terminal waiting: the playbook discards nothing (the Copper kept
    makes $8, a Province; a discarded one would leave $7)."""
    bot = simple_bot("Hamlet bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Hamlet"], bot, hand=["Hamlet", "Silver", "Silver", "Silver", "Copper"],
                 deck=["Copper"] + ["Estate"] * 10)
    owned = g.zones(0)["owned"]
    assert owned.get("Province", 0) == 1 and owned.get("Gold", 0) == 0


def test_hamlet_playbook_discards_a_copper_to_play_a_second_terminal():
    """Two terminals in hand and one action left: the playbook discards a Copper for +1 Action
    and plays both Smithies: all 7 Silvers are drawn this turn, the next hand is Estates."""
    bot = simple_bot("Hamlet bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Hamlet", "Smithy"], bot,
                 hand=["Hamlet", "Smithy", "Smithy", "Copper", "Copper"],
                 deck=["Silver"] * 7 + ["Estate"] * 10)
    assert g.zones(0)["hand"] == {"Estate": 5}
    assert g.zones(0)["owned"].get("Province", 0) == 1


# --- Menagerie -----------------------------------------------------------------------------------
def test_menagerie_draws_three_when_the_hand_has_no_duplicates():
    """Menagerie: "+1 Action. Reveal your hand. If the revealed cards all have different names,
    +3 Cards." FAQ: only names matter: Copper and Silver are different cards."""
    g = start(["Menagerie", "Smithy"])
    g.setup(0, hand=["Menagerie", "Copper", "Silver", "Estate", "Smithy"],
            deck=["Gold", "Gold", "Duchy", "Province"], discard=[])
    g.answer(C("Menagerie"))
    expect(g, 0, play={"Menagerie": 1}, deck=["Province"],
           hand={"Copper": 1, "Silver": 1, "Estate": 1, "Smithy": 1, "Gold": 2, "Duchy": 1})
    assert counters(g)[0] == 1


def test_menagerie_draws_one_with_a_duplicate():
    """FAQ: "If there are any two or more cards in your hand with the same name, you only draw
    one card"."""
    g = start(["Menagerie", "Smithy"])
    g.setup(0, hand=["Menagerie", "Copper", "Copper", "Smithy"], deck=["Gold", "Gold", "Duchy"],
            discard=[])
    g.answer(C("Menagerie"))
    expect(g, 0, play={"Menagerie": 1}, deck=["Gold", "Duchy"],
           hand={"Copper": 2, "Smithy": 1, "Gold": 1})


def test_menagerie_with_an_empty_hand_draws_three():
    """FAQ: "If you have no cards in hand at all after playing Menagerie, then you have no
    matching cards, and so get +3 Cards." """
    g = start(["Menagerie", "Smithy"])
    g.setup(0, hand=["Menagerie"], deck=["Smithy", "Estate", "Duchy", "Gold"], discard=[])
    g.answer(C("Menagerie"))
    expect(g, 0, play={"Menagerie": 1}, deck=["Gold"],
           hand={"Smithy": 1, "Estate": 1, "Duchy": 1})


# --- Remake --------------------------------------------------------------------------------------
def test_remake_trashes_and_gains_twice():
    """Remake: "Do this twice: Trash a card from your hand, then gain a card costing exactly $1
    more than it." FAQ: trash, gain, then trash and gain again; no card at exactly that cost:
    nothing gained (a Copper: no $1 card here)."""
    g = start(["Remake", "Village"])
    g.setup(0, hand=["Remake", "Estate", "Copper", "Gold"], deck=[], discard=[])
    g.answer(C("Remake"))
    assert pend(g) == (0, DK.TRASH, C("Remake"), -1, -1, (C("Copper"), C("Gold"), C("Estate")))
    g.answer(C("Estate"))
    assert pend(g) == (0, DK.GAIN, C("Remake"), 3, C("Estate"), (C("Silver"), C("Village")))
    g.answer(C("Village"))
    assert pend(g)[:3] == (0, DK.TRASH, C("Remake"))
    g.answer(C("Copper"))
    assert g.trash() == {"Estate": 1, "Copper": 1}
    expect(g, 0, discard={"Village": 1}, play={"Remake": 1, "Gold": 1}, hand={})


def test_remake_with_one_card_trashes_it_and_stops():
    """With one card in hand the first trash and gain happen; the second finds no card."""
    g = start(["Remake"])
    g.setup(0, hand=["Remake", "Silver"], deck=[], discard=[])
    g.answer(C("Remake"))  # Silver ($3) becomes a $4 card: Remake, the only one here
    assert g.trash() == {"Silver": 1}
    expect(g, 0, discard={"Remake": 1}, play={"Remake": 1}, hand={})


def test_remake_playbook_turns_two_estates_into_silvers():
    """The playbook plays it with two cards it wants trashed (early Estates) and gains Silvers
    (the buy list's $3)."""
    bot = simple_bot("Remake bot", buy=["Province", "Gold", "Remake", "Silver"])
    g = bot_turn(["Remake"], bot, hand=["Remake", "Estate", "Estate", "Copper", "Copper"],
                 deck=["Copper"] * 10)
    assert g.trash() == {"Estate": 2}
    assert g.zones(0)["owned"].get("Silver", 0) == 2


def test_remake_playbook_keeps_it_with_one_target():
    """One card to trash (an Estate) and good cards besides: not played (the second trash would
    cost a Silver)."""
    bot = simple_bot("Remake bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Remake"], bot, hand=["Remake", "Estate", "Silver", "Silver", "Silver"],
                 deck=["Copper"] * 10)
    assert g.trash() == {} and g.zones(0)["owned"].get("Gold", 0) == 1


# --- Farming Village -----------------------------------------------------------------------------
def test_farming_village_takes_the_first_action_or_treasure():
    """Farming Village: "+2 Actions. Reveal cards from your deck until you reveal a Treasure or
    Action card. Put that card into your hand and discard the rest." """
    g = start(["Farming Village", "Smithy"])
    g.setup(0, hand=["Farming Village", "Smithy"], deck=["Estate", "Duchy", "Smithy", "Gold"],
            discard=[])
    g.answer(C("Farming Village"))
    expect(g, 0, play={"Farming Village": 1}, hand={"Smithy": 2}, deck=["Gold"],
           discard={"Estate": 1, "Duchy": 1})
    assert counters(g)[0] == 2


def test_farming_village_shuffles_without_the_revealed_cards():
    """FAQ: if the deck runs out, the discard pile is shuffled (the revealed cards are not in
    it); with no Action or Treasure at all, everything revealed is discarded."""
    g = start(["Farming Village"])
    g.setup(0, hand=["Farming Village"], deck=["Estate"], discard=["Copper"])
    g.answer(C("Farming Village"))
    expect(g, 0, play={"Farming Village": 1, "Copper": 1}, hand={}, deck=[],
           discard={"Estate": 1})
    g2 = start(["Farming Village"])
    g2.setup(0, hand=["Farming Village"], deck=["Estate", "Duchy"], discard=["Province"])
    g2.answer(C("Farming Village"))
    expect(g2, 0, play={"Farming Village": 1}, hand={}, deck=[],
           discard={"Estate": 1, "Duchy": 1, "Province": 1})


# --- Hunting Party -------------------------------------------------------------------------------
def test_hunting_party_takes_the_first_card_not_in_hand():
    """Hunting Party: "+1 Card, +1 Action. Reveal your hand. Reveal cards from your deck until
    you reveal one that isn't a copy of one in your hand. Put it into your hand and discard the
    rest." The card drawn first is part of the hand revealed."""
    g = start(["Hunting Party"])
    g.setup(0, hand=["Hunting Party", "Copper", "Estate"],
            deck=["Silver", "Copper", "Silver", "Estate", "Gold", "Duchy"], discard=[])
    g.answer(C("Hunting Party"))  # draws Silver; Copper, Silver, Estate revealed, Gold taken
    expect(g, 0, play={"Hunting Party": 1, "Copper": 1, "Silver": 1, "Gold": 1},
           hand={"Estate": 1}, deck=["Duchy"],
           discard={"Copper": 1, "Silver": 1, "Estate": 1})
    assert counters(g)[:2] == (1, 1)


def test_hunting_party_discards_everything_when_none_is_found():
    """FAQ: running out of cards (after shuffling the discard pile) without a card not in hand,
    everything revealed is discarded."""
    g = start(["Hunting Party"])
    g.setup(0, hand=["Hunting Party", "Estate"], deck=["Estate", "Estate"], discard=["Estate"])
    g.answer(C("Hunting Party"))
    expect(g, 0, play={"Hunting Party": 1}, hand={"Estate": 2}, deck=[],
           discard={"Estate": 2})


# --- Harvest -------------------------------------------------------------------------------------
def test_harvest_pays_a_coin_per_name_revealed():
    """Harvest: "Reveal the top 4 cards of your deck, then discard them. +$1 per differently
    named card revealed." FAQ example: Copper, Copper, Silver, Estate is +$3."""
    g = start(["Harvest"])
    g.setup(0, hand=["Harvest"], deck=["Copper", "Copper", "Silver", "Estate", "Gold"],
            discard=[])
    g.answer(C("Harvest"))
    expect(g, 0, play={"Harvest": 1}, hand={}, deck=["Gold"],
           discard={"Copper": 2, "Silver": 1, "Estate": 1})
    assert counters(g) == (0, 1, 3)


def test_harvest_reveals_what_there_is():
    """FAQ: with fewer than 4 cards in deck and discard pile together, reveal what you can (the
    discard pile is shuffled in first): 3 names, +$3."""
    g = start(["Harvest"])
    g.setup(0, hand=["Harvest"], deck=["Gold"], discard=["Duchy", "Province"])
    g.answer(C("Harvest"))
    expect(g, 0, play={"Harvest": 1}, hand={}, deck=[],
           discard={"Gold": 1, "Duchy": 1, "Province": 1})
    assert counters(g) == (0, 1, 3)


# --- Horn of Plenty ------------------------------------------------------------------------------
HORN = "Horn of Plenty"


def test_horn_of_plenty_gains_up_to_a_coin_per_name_in_play():
    """Horn of Plenty: "$0. When you play this, gain a card costing up to $1 per differently
    named card you have in play (counting this)." FAQ: Copper and Silver are two names, two
    Coppers one: Copper, Copper, Silver and Horn in play are 3 names, a gain up to $3."""
    g = start([HORN, "Village"])
    g.setup(0, hand=[HORN, "Copper", "Copper", "Silver"], deck=[], discard=[])
    play_treasures(g, "Copper", "Copper", "Silver", HORN)
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C(HORN), 3)
    assert set(d.options) == {C("Copper"), C("Curse"), C("Estate"), C("Silver"), C("Village")}
    g.answer(C("Village"))
    expect(g, 0, play={HORN: 1, "Copper": 2, "Silver": 1}, discard={"Village": 1})
    assert counters(g)[2] == 4  # Horn makes no $


def test_horn_of_plenty_trashes_itself_for_a_victory_card():
    """"If it's a Victory card, trash this." (5 names: an up-to-$5 Duchy.)"""
    g = start([HORN, "Village", "Smithy"])
    g.setup(0, hand=["Village", "Smithy", HORN, "Copper", "Silver"], deck=["Estate"] * 3,
            discard=[])
    g.answer(C("Village"))
    g.answer(C("Smithy"))
    play_treasures(g, "Copper", "Silver", HORN)
    assert pend(g)[:4] == (0, DK.GAIN, C(HORN), 5)
    g.answer(C("Duchy"))
    assert g.trash() == {HORN: 1}
    expect(g, 0, play={"Village": 1, "Smithy": 1, "Copper": 1, "Silver": 1}, discard={"Duchy": 1})


def test_horn_of_plenty_playbook_plays_it_last():
    """The playbook plays every other Treasure first: Copper, Silver, Gold and Horn are 4 names,
    a $4 gain (the buy list's Smithy), then $6 buys a Gold."""
    bot = simple_bot("Horn bot", buy=["Province", "Gold", "Smithy", "Silver"])
    g = bot_turn([HORN, "Smithy"], bot, hand=[HORN, "Copper", "Silver", "Gold", "Estate"],
                 deck=["Estate"] * 10)
    owned = g.zones(0)["owned"]
    assert owned.get("Smithy", 0) == 1 and owned.get("Gold", 0) == 2


# --- Fairgrounds ---------------------------------------------------------------------------------
def test_fairgrounds_counts_two_vp_per_five_names():
    """Fairgrounds: "Worth 2 VP for every 5 differently named cards you have (round down)." FAQ:
    0-4 names 0 VP, 5-9 names 2 VP, 10-14 names 4 VP; Fairgrounds counts itself."""
    g = start(["Fairgrounds", "Smithy", "Village", "Market", "Moat"])
    g.setup(0, hand=["Fairgrounds", "Copper", "Silver", "Estate"], deck=[], discard=[])
    assert g.vp()[0] == 1  # 4 names: only the Estate's VP
    g.setup(0, hand=["Fairgrounds", "Fairgrounds", "Copper", "Silver", "Estate"],
            deck=["Gold"], discard=[])
    assert g.vp()[0] == 2 * 2 + 1  # 5 names: 2 VP each
    g.setup(0, hand=["Fairgrounds", "Copper", "Silver", "Gold", "Estate", "Duchy", "Province"],
            deck=["Smithy", "Village", "Market"], discard=["Moat"])
    assert g.vp()[0] == 4 + 1 + 3 + 6  # 10 names: 4 VP


# --- Jester --------------------------------------------------------------------------------------
def test_jester_victory_card_gives_a_curse():
    """Jester: "+$2. Each other player discards the top card of their deck. If it's a Victory
    card they gain a Curse" (no choice)."""
    g = start(["Jester"])
    g.setup(1, hand=["Copper"] * 5, deck=["Estate", "Gold"], discard=[])
    g.setup(0, hand=["Jester"], deck=[], discard=[])
    g.answer(C("Jester"))
    expect(g, 1, deck=["Gold"], discard={"Estate": 1, "Curse": 1})
    assert counters(g)[2] == 2


def test_jester_copy_goes_to_whom_the_player_chooses():
    """"...otherwise they gain a copy of the discarded card or you do, your choice." The choice
    is a gain decision of the Jester's player (subject the card, argument the victim)."""
    g = start(["Jester"])
    g.setup(1, hand=["Copper"] * 5, deck=["Gold", "Silver"], discard=[])
    g.setup(0, hand=["Jester"], deck=[], discard=[])
    g.answer(C("Jester"))
    assert pend(g) == (0, DK.GAIN, C("Jester"), C("Gold"), 1, (C("Gold"), -1))
    g.answer(C("Gold"))
    expect(g, 0, discard={"Gold": 1})
    expect(g, 1, deck=["Silver"], discard={"Gold": 1})
    g = start(["Jester"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver"], discard=[])
    g.setup(0, hand=["Jester"], deck=[], discard=[])
    g.answer(C("Jester"))
    g.answer(-1)  # they gain it
    expect(g, 0, discard={})
    expect(g, 1, discard={"Silver": 2})


def test_jester_a_curse_is_not_a_victory_card():
    """FAQ: a Curse discarded is not a Victory card: a copy of it is gained, by them or you."""
    g = start(["Jester"])
    g.setup(1, hand=["Copper"] * 5, deck=["Curse"], discard=[])
    g.setup(0, hand=["Jester"], deck=[], discard=[])
    g.answer(C("Jester"))
    assert pend(g)[:4] == (0, DK.GAIN, C("Jester"), C("Curse"))
    g.answer(-1)
    expect(g, 1, discard={"Curse": 2})


def test_jester_moat_blocks_it():
    """A Reaction revealed first leaves the victim unaffected (the kernel's Attack block)."""
    g = start(["Jester", "Moat"])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=["Estate"],
            discard=[])
    g.setup(0, hand=["Jester"], deck=[], discard=[])
    g.answer(C("Jester"))
    g.answer(1)  # seat 1 reveals Moat
    expect(g, 1, deck=["Estate"], discard={})


def test_jester_playbook_gives_junk_and_takes_the_rest():
    """The playbook, as DominionSim: a Copper copy goes to the victim, a Silver to the player;
    a card on the bot's buy list is taken."""
    bot = simple_bot("Jester bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Jester"], bot, hand=["Jester", "Copper", "Copper", "Estate", "Estate"],
                 deck=["Estate"] * 10, other={"hand": ["Copper"] * 5, "deck": ["Copper"]})
    assert g.zones(1)["discard"] == {"Copper": 2} and g.zones(0)["owned"].get("Copper", 0) == 2
    g = bot_turn(["Jester"], bot, hand=["Jester", "Copper", "Copper", "Estate", "Estate"],
                 deck=["Estate"] * 10, other={"hand": ["Copper"] * 5, "deck": ["Silver"]})
    assert g.zones(1)["discard"] == {"Silver": 1}
    assert g.zones(0)["owned"].get("Silver", 0) == 2  # the copy, and one bought with $4


# --- Fortune Teller ------------------------------------------------------------------------------
def test_fortune_teller_tops_the_first_victory_card_or_curse():
    """Fortune Teller: "+$2. Each other player reveals cards from the top of their deck until
    they reveal a Victory card or a Curse. They put it on top and discard the rest." """
    g = start(["Fortune Teller"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver", "Gold", "Duchy", "Copper"], discard=[])
    g.setup(0, hand=["Fortune Teller"], deck=[], discard=[])
    g.answer(C("Fortune Teller"))
    expect(g, 1, deck=["Duchy", "Copper"], discard={"Silver": 1, "Gold": 1})
    assert counters(g)[2] == 2
    g = start(["Fortune Teller"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver", "Curse"], discard=[])
    g.setup(0, hand=["Fortune Teller"], deck=[], discard=[])
    g.answer(C("Fortune Teller"))
    expect(g, 1, deck=["Curse"], discard={"Silver": 1})


def test_fortune_teller_shuffles_and_discards_all_when_none_is_found():
    """FAQ: a victim whose deck runs out shuffles its discard pile (not the revealed cards) and
    goes on; finding none, everything revealed is discarded."""
    g = start(["Fortune Teller"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver"], discard=["Estate"])
    g.setup(0, hand=["Fortune Teller"], deck=[], discard=[])
    g.answer(C("Fortune Teller"))
    expect(g, 1, deck=["Estate"], discard={"Silver": 1})
    g = start(["Fortune Teller"])
    g.setup(1, hand=["Copper"] * 5, deck=["Silver"], discard=["Gold"])
    g.setup(0, hand=["Fortune Teller"], deck=[], discard=[])
    g.answer(C("Fortune Teller"))
    expect(g, 1, deck=[], discard={"Silver": 1, "Gold": 1})


# --- Carnival ------------------------------------------------------------------------------------
def test_carnival_takes_one_of_each_name():
    """Carnival: "Reveal the top 4 cards of your deck. Put one of each differently named card
    into your hand and discard the rest." Copper, Copper, Silver, Estate: Copper, Silver and
    Estate to the hand, a Copper discarded."""
    g = start(["Carnival", "Smithy"])
    g.setup(0, hand=["Carnival", "Smithy"], deck=["Copper", "Copper", "Silver", "Estate", "Gold"],
            discard=[])
    g.answer(C("Carnival"))
    # no Action left: the Buy phase plays the Treasures taken
    expect(g, 0, play={"Carnival": 1, "Copper": 1, "Silver": 1},
           hand={"Smithy": 1, "Estate": 1}, deck=["Gold"], discard={"Copper": 1})


def test_carnival_reveals_what_there_is():
    """With fewer than 4 cards in deck and discard pile, reveal what you can (the discard pile
    shuffled in): two Golds and a Duchy give a Gold and a Duchy, a Gold discarded."""
    g = start(["Carnival", "Smithy"])
    g.setup(0, hand=["Carnival", "Smithy"], deck=["Gold"], discard=["Gold", "Duchy"])
    g.answer(C("Carnival"))
    expect(g, 0, play={"Carnival": 1, "Gold": 1}, hand={"Smithy": 1, "Duchy": 1}, deck=[],
           discard={"Gold": 1})


# --- Shop ----------------------------------------------------------------------------------------
def test_shop_plays_an_action_with_no_copy_in_play():
    """Shop: "+1 Card, +$1. You may play an Action card from your hand that you don't have a
    copy of in play." The card played uses no Action; a second Shop is not offered (a copy is
    in play)."""
    g = start(["Shop", "Smithy", "Village"])
    g.setup(0, hand=["Village", "Shop", "Shop", "Smithy"], deck=["Copper"] * 6, discard=[])
    g.answer(C("Village"))
    g.answer(C("Shop"))
    assert pend(g) == (0, DK.PLAY, C("Shop"), -1, -1, (C("Smithy"), -1))
    g.answer(C("Smithy"))
    expect(g, 0, play={"Village": 1, "Shop": 1, "Smithy": 1}, hand={"Shop": 1, "Copper": 5},
           deck=["Copper"])
    assert counters(g)[:1] == (1,)  # Village's two Actions less Shop's; Smithy used none
    assert counters(g)[2] == 1


def test_shop_may_decline_and_skips_when_nothing_fits():
    """The play is optional (-1); with no Action in hand that has no copy in play, no decision."""
    g = start(["Shop", "Smithy"])
    g.setup(0, hand=["Shop", "Smithy"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Shop"))
    g.answer(-1)
    expect(g, 0, play={"Shop": 1, "Copper": 1}, hand={"Smithy": 1})
    g = start(["Shop"])
    g.setup(0, hand=["Shop", "Shop"], deck=["Copper"] * 3, discard=[])
    g.answer(C("Shop"))  # no decision: the other Shop has a copy in play
    assert pend(g)[:2] == (0, DK.BUY)
    expect(g, 0, hand={"Shop": 1})


def test_shop_playbook_plays_the_terminal_for_free():
    """The playbook plays a terminal worth playing through Shop (it saves the Action): Shop then
    Smithy, both from one Action, draws 4."""
    bot = simple_bot("Shop bot", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Shop", "Smithy"], bot, hand=["Shop", "Smithy", "Copper", "Copper", "Estate"],
                 deck=["Silver"] * 4 + ["Estate"] * 10)
    assert g.zones(0)["owned"].get("Province", 0) == 1  # $1 + $2 + 4 Silvers... = $11


# --- Horse Traders -------------------------------------------------------------------------------
HT = "Horse Traders"


def test_horse_traders_buys_coins_and_discards_two():
    """Horse Traders: "+1 Buy, +$3. Discard 2 cards." FAQ: with fewer cards, discard what you
    can."""
    g = start([HT])
    g.setup(0, hand=[HT, "Estate", "Duchy", "Copper"], deck=[], discard=[])
    g.answer(C(HT))
    assert pend(g)[:4] == (0, DK.DISCARD, C(HT), 2)
    g.answer(C("Estate"))
    g.answer(C("Duchy"))
    expect(g, 0, play={HT: 1, "Copper": 1}, hand={}, discard={"Estate": 1, "Duchy": 1})
    assert counters(g) == (0, 2, 4)
    g = start([HT])
    g.setup(0, hand=[HT, "Estate"], deck=[], discard=[])
    g.answer(C(HT))
    expect(g, 0, hand={}, discard={"Estate": 1})


def test_horse_traders_set_aside_against_an_attack_returns_with_a_card():
    """"When another player plays an Attack card, you may first set this aside from your hand.
    If you do, then at the start of your next turn, +1 Card and return this to your hand." FAQ:
    the Attack still hits (Militia: down to 3 from the 4 left)."""
    g = start([HT, "Militia"])
    g.setup(1, hand=[HT, "Copper", "Copper", "Estate", "Silver"], deck=["Gold"] * 6, discard=[])
    g.setup(0, hand=["Militia"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Militia"))
    assert pend(g) == (1, DK.YESNO, C(HT), C("Militia"), 0, (1, 0))
    g.answer(1)
    assert g.zones(1)["haven"] == {HT: 1}
    assert pend(g)[:3] == (1, DK.DISCARD, C("Militia"))  # 4 cards: one to discard
    g.answer(C("Estate"))
    expect(g, 1, hand={"Copper": 2, "Silver": 1}, discard={"Estate": 1})
    while g.pending().seat == 0:  # seat 0 ends its turn
        g.answer(-1 if -1 in g.pending().options else g.pending().options[0])
    expect(g, 1, haven={}, hand={"Copper": 2, "Silver": 1, "Gold": 1, HT: 1}, deck=["Gold"] * 5)


def test_horse_traders_declined_stays_in_hand():
    """Setting it aside is optional: declined, the Attack hits the full hand."""
    g = start([HT, "Militia"])
    g.setup(1, hand=[HT, "Copper", "Copper", "Estate", "Silver"], deck=["Gold"] * 6, discard=[])
    g.setup(0, hand=["Militia"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Militia"))
    g.answer(0)
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    expect(g, 1, hand={HT: 1, "Copper": 1, "Silver": 1}, haven={})


def test_horse_traders_two_copies_against_one_attack():
    """FAQ: several may be set aside against one Attack; each returns with a card."""
    g = start([HT, "Militia"])
    g.setup(1, hand=[HT, HT, "Copper", "Estate", "Silver"], deck=["Gold"] * 6, discard=[])
    g.setup(0, hand=["Militia"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Militia"))
    g.answer(1)
    assert pend(g)[:3] == (1, DK.YESNO, C(HT))  # the second copy is offered
    g.answer(1)
    assert g.zones(1)["haven"] == {HT: 2}
    expect(g, 1, hand={"Copper": 1, "Estate": 1, "Silver": 1})  # 3 cards: no discard
    while g.pending().seat == 0:
        g.answer(-1 if -1 in g.pending().options else g.pending().options[0])
    expect(g, 1, haven={}, hand={"Copper": 1, "Estate": 1, "Silver": 1, "Gold": 2, HT: 2})


# --- Young Witch and the Bane --------------------------------------------------------------------
YW = "Young Witch"


def test_young_witch_draws_discards_and_curses():
    """Young Witch: "+2 Cards. Discard 2 cards. Each other player gains a Curse unless they
    reveal a Bane from their hand." A victim without a Bane gains a Curse."""
    g = start([YW, "Village"], rules="official,bane=Village")
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=[YW, "Estate"], deck=["Duchy", "Gold", "Silver"], discard=[])
    g.answer(C(YW))
    assert pend(g)[:4] == (0, DK.DISCARD, C(YW), 2)
    g.answer(C("Estate"))
    g.answer(C("Duchy"))
    expect(g, 0, discard={"Estate": 1, "Duchy": 1}, deck=["Silver"])
    expect(g, 1, discard={"Curse": 1})


def test_young_witch_a_revealed_bane_keeps_the_curse_away():
    """"...unless they reveal a Bane from their hand": a yes/no decision for the victim (subject
    the Bane, argument the attacker); revealed, no Curse; not revealed, a Curse."""
    for reveal, curses in ((1, 0), (0, 1)):
        g = start([YW, "Village"], rules="official,bane=Village")
        g.setup(1, hand=["Village", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
        g.setup(0, hand=[YW], deck=["Gold", "Silver"], discard=[])
        g.answer(C(YW))
        g.answer(C("Gold"))  # the Silver is the other discard (no choice left)
        assert pend(g) == (1, DK.YESNO, C(YW), C("Village"), 0, (1, 0))
        g.answer(reveal)
        assert g.zones(1)["discard"].get("Curse", 0) == curses
        expect(g, 1, hand={"Village": 1, "Copper": 4})


def test_young_witch_moat_as_the_bane_reacts_first():
    """FAQ: Reactions such as Moat resolve before the Bane is revealed; Moat revealed leaves the
    victim unaffected (no Bane question)."""
    g = start([YW, "Moat"], rules="official,bane=Moat")
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=[YW], deck=["Gold", "Silver"], discard=[])
    g.answer(C(YW))
    assert pend(g)[:4] == (1, DK.YESNO, C("Moat"), C(YW))
    g.answer(0)  # Moat not revealed: the Bane is asked after the discards
    g.answer(C("Gold"))  # the Silver is the other discard (no choice left)
    assert pend(g)[:4] == (1, DK.YESNO, C(YW), C("Moat"))
    g.answer(1)
    expect(g, 1, discard={})


def test_an_engine_with_young_witch_always_has_a_bane_pile():
    """Setup: an engine given Young Witch adds the Bane's pile when the kingdom lacks it (the
    rules' bane, else one drawn from the unused $2-$3 cards with rules); a Bane that is not a
    $2-$3 kingdom card is a one-line error."""
    g = start([YW, "Village"], rules="official,bane=Moat")
    assert g.engine.bane == C("Moat") and C("Moat") in g.engine.kingdom
    assert g.supply()["Moat"] == 10
    e = start([YW, "Village"]).engine
    assert e.bane is not None and CARDS[e.bane].cost in (2, 3) and e.bane in e.kingdom
    assert len(e.kingdom) == 3
    with pytest.raises(LudolabError, match="bane must be a \\$2-\\$3 kingdom card"):
        start([YW, "Smithy"], rules="official,bane=Smithy")


def test_the_bane_pile_is_an_eleventh_pile_named_or_drawn():
    """Setup: "Add an extra Kingdom card pile costing $2 or $3 to the Supply." A card list names
    it (bane=CARD; it is not one of the ten); otherwise it is drawn from the unused $2-$3 cards
    with rules, in random kingdoms too; the rules record it (bane=...)."""
    ten = ("Young Witch, Smithy, Village, Market, Festival, Laboratory, Mine, Witch, Library, "
           "Militia")
    k, bane = resolve_kingdom_bane(ten + ", bane=Moat")
    assert len(k) == 11 and bane == C("Moat") and C("Moat") in k
    assert colony_rules("official", ten + ", bane=Moat").bane == "Moat"
    k, bane = resolve_kingdom_bane(ten)
    assert len(k) == 11 and bane in k and CARDS[bane].cost in (2, 3)
    assert bane not in resolve_kingdom_bane(ten)[0][:10]
    assert colony_rules("official", ten).bane == CARDS[bane].name
    with pytest.raises(LudolabError, match="cannot be one of the kingdom's ten"):
        resolve_kingdom_bane("Young Witch, Moat, bane=Moat")
    with pytest.raises(LudolabError, match="has no Young Witch"):
        resolve_kingdom_bane("Smithy, bane=Moat")
    for seed in range(40):
        k, bane = resolve_kingdom_bane(f"random:sets=cornucopia-guilds,base2:{seed}")
        assert (bane is not None) == (C(YW) in k)
        if bane is not None:
            assert len(k) == 11 and CARDS[bane].cost in (2, 3) and hooks.has_rules(bane)


def test_young_witch_playbook_victim_reveals_its_bane():
    """The playbook: a victim bot reveals its Bane (the general yes)."""
    bot = simple_bot("BM", buy=["Province", "Gold", "Silver"])
    g = start([YW, "Village"], rules="official,bane=Village", bots=[None, bot])
    g.setup(1, hand=["Village", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 5,
            discard=[])
    g.setup(0, hand=[YW], deck=["Gold", "Silver"], discard=[])
    g.answer(C(YW))
    g.answer(C("Gold"))  # the Silver is the other discard (no choice left)
    assert g.zones(1)["owned"].get("Curse", 0) == 0


def test_the_rulebook_kingdoms_name_their_bane():
    """Cornucopia's rulebook kingdoms by name; The Jester's Workshop and The Spice of Life name
    Young Witch's Bane (Chancellor in the first printing's, Merchant with the base set's second;
    Wishing Well), which the preset deals as the eleventh pile and the rules record."""
    assert {"bounty-of-the-hunt", "bad-omens", "bad-omens-1st", "the-jesters-workshop",
            "the-jesters-workshop-1st", "last-laughs", "the-spice-of-life",
            "the-spice-of-life-1st", "small-victories", "small-victories-1st"} <= set(PRESETS)
    k, bane = resolve_kingdom_bane("the-jesters-workshop")
    assert len(k) == 11 and bane == C("Merchant")
    assert colony_rules("official", "The Jester's Workshop").bane == "Merchant"
    assert PRESET_INFO["the-jesters-workshop-1st"].bane == "Chancellor"
    assert PRESET_INFO["the-spice-of-life"].bane == "Wishing Well"
    assert PRESET_INFO["bad-omens"].bane == ""


# --- Farmhands -----------------------------------------------------------------------------------
def test_farmhands_sets_a_card_aside_when_gained_and_plays_it_next_turn():
    """Farmhands: "+1 Card, +2 Actions. When you gain this, you may set aside an Action or
    Treasure from your hand, and play it at the start of your next turn." Bought with a Smithy
    left in hand: the Smithy is set aside, then played at the start of the next turn (no Action
    used: the turn still has its one)."""
    g = start(["Farmhands", "Smithy"])
    g.setup(0, hand=["Smithy", "Silver", "Silver", "Estate"], deck=["Copper"] * 12, discard=[])
    g.answer(-1)  # no Action played: the Smithy stays in hand
    buy(g, "Farmhands")
    assert pend(g) == (0, DK.PLAY, C("Farmhands"), -1, -1, (C("Smithy"), -1))
    g.answer(C("Smithy"))
    assert g.zones(0)["haven"] == {"Smithy": 1}
    while g.pending().seat == 0:
        g.answer(-1)
    while g.pending().seat == 1:  # seat 1 ends its turn
        g.answer(-1 if -1 in g.pending().options else g.pending().options[0])
    # the Smithy was played first (3 more Coppers), its Action unspent; the Buy phase played
    # the 8 Coppers
    expect(g, 0, haven={}, hand={}, play={"Smithy": 1, "Copper": 8})
    assert counters(g)[:1] == (1,)


def test_farmhands_set_aside_is_optional_and_needs_a_card():
    """The set-aside is optional (-1); with no Action or Treasure in hand nothing is asked."""
    g = start(["Farmhands", "Smithy"])
    g.setup(0, hand=["Smithy", "Silver", "Silver"], deck=["Copper"] * 12, discard=[])
    g.answer(-1)
    buy(g, "Farmhands")
    g.answer(-1)
    assert g.zones(0)["haven"] == {}
    g = start(["Farmhands", "Smithy"])
    g.setup(0, hand=["Silver", "Silver"], deck=["Copper"] * 12, discard=[])
    buy(g, "Farmhands")  # the Silvers are played: nothing to set aside, no question
    assert g.zones(0)["haven"] == {} and g.pending().seat == 1


def test_farmhands_playbook_keeps_the_action_left_in_hand():
    """The playbook sets aside the most expensive card offered: a second terminal that could not
    be played comes back next turn."""
    bot = simple_bot("Farmhands bot", buy=["Province", "Farmhands", "Silver"])
    g = bot_turn(["Farmhands", "Smithy"], bot,
                 hand=["Smithy", "Smithy", "Copper", "Copper", "Copper"],
                 deck=["Copper"] * 3 + ["Estate"] * 12)
    assert g.zones(0)["haven"] == {"Smithy": 1}
