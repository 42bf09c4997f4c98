"""Cornucopia's cards (and the Cornucopia & Guilds rows and set ids), in rulebook situations from
the printed text and the official FAQ (Dominion Strategy wiki), their default playbooks, and the
registry's non-Supply piles (Prizes, Rewards).

Exact zones are set with ``DominionGame.setup`` (decks listed from the top down), the card is
played by an outside seat, its decisions answered, and the exact zones and counters asserted. A
decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

from cardtools import bot_turn, counters, expect, pend, start
from clitools import run
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
from ludolab.games.dominion.kingdom import random_pool, set_cards, set_non_supply

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
