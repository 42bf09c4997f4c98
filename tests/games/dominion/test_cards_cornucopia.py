"""Cornucopia's cards (and the Cornucopia & Guilds rows and set ids), in rulebook situations from
the printed text and the official FAQ (Dominion Strategy wiki), their default playbooks, and the
registry's non-Supply piles (Prizes, Rewards).

Exact zones are set with ``DominionGame.setup`` (decks listed from the top down), the card is
played by an outside seat, its decisions answered, and the exact zones and counters asserted. A
decision with a single option is taken without asking, so each ``pending()`` is a real choice.
"""

from __future__ import annotations

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
from ludolab.games.dominion.engine import hooks
from ludolab.games.dominion.kingdom import random_pool, set_cards, set_non_supply

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
