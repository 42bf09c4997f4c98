"""Prosperity's Actions: King's Court, City, Worker's Village, Monument, Bishop,
Expand, Forge, Magnate, Counting House and Vault.

Rulebook situations from the printed text and the official FAQ (Dominion Strategy wiki), in the
style of ``test_cards_base.py``: exact zones set with ``DominionGame.setup`` (decks listed from
the top down), the card played by an outside seat, its decisions answered, and the exact hand,
deck, discard, trash, supply and counters asserted. Then the default playbooks (a bot seat
plays one turn: ``bot_turn``), a few hundred random debug-mode games on a kingdom of these
cards, and the Prosperity rulebooks' recommended kingdoms by name.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, bot_turn, counters, expect, owned, start, vp_tokens
from ludolab.games.dominion.bots import compile_bot, parse_bot_text
from ludolab.games.dominion.engine import (
    EndReason,
    Engine,
    simple_bot,
)
from ludolab.games.dominion.kingdom import PRESET_INFO, PRESETS, resolve_kingdom
from ludolab.games.dominion.log import render

BIG_MONEY = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])


# --- King's Court ------------------------------------------------------------------------------
def test_kings_court_plays_smithy_three_times_for_one_action():
    g = start(["King's Court", "Smithy"])
    g.setup(0, hand=["King's Court", "Smithy"], deck=["Copper"] * 9 + ["Gold"], discard=[])
    g.answer(C("King's Court"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.PLAY, C("King's Court"))
    assert d.options == (C("Smithy"), -1)  # optional in both printings
    g.answer(C("Smithy"))
    assert g.pending().kind == DK.BUY  # no action left: King's Court used the only one
    expect(g, 0, deck=["Gold"], play={"King's Court": 1, "Smithy": 1, "Copper": 9})
    assert counters(g) == (0, 1, 9)
    assert g.counters()["actions_played"] == 4  # King's Court and Smithy's three plays


def test_kings_court_on_village_leaves_six_actions():
    g = start(["King's Court", "Village", "Smithy"])
    g.setup(0, hand=["King's Court", "Village"], deck=["Smithy", "Estate", "Estate", "Copper"],
            discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Village"))
    d = g.pending()
    assert d.kind == DK.PLAY and d.source == -1
    assert counters(g)[0] == 6  # the FAQ's example: 0 + 3 x 2
    expect(g, 0, hand={"Smithy": 1, "Estate": 2}, deck=["Copper"])


def test_kings_court_declined_plays_nothing_and_with_no_action_asks_nothing():
    g = start(["King's Court", "Smithy"])
    g.setup(0, hand=["King's Court", "Smithy", "Copper"], deck=["Gold"] * 3, discard=[])
    g.answer(C("King's Court"))
    g.answer(-1)  # "you may"
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={"Smithy": 1}, play={"King's Court": 1, "Copper": 1}, deck=["Gold"] * 3)
    g = start(["King's Court", "Smithy"])
    g.setup(0, hand=["King's Court", "Copper"], deck=["Gold"] * 3, discard=[])
    g.answer(C("King's Court"))
    assert g.pending().kind == DK.BUY  # no Action in hand: nothing to choose
    assert counters(g) == (0, 1, 1)


def test_kings_court_on_kings_court_plays_three_different_actions_three_times_each():
    g = start(["King's Court", "Village", "Smithy", "Moat"])
    g.setup(0, hand=["King's Court", "King's Court", "Village", "Smithy", "Moat"],
            deck=["Copper"] * 20, discard=[])
    g.answer(C("King's Court"))
    d = g.pending()
    assert set(d.options) == {C("King's Court"), C("Village"), C("Smithy"), C("Moat"), -1}
    g.answer(C("King's Court"))
    g.answer(C("Village"))  # the second King's Court's first play
    g.answer(C("Smithy"))  # its second play
    g.answer(C("Moat"))  # its third play; then not one Action nine times
    assert g.pending().kind == DK.BUY  # a hand of Coppers: the action phase is over
    # the three Villages' Actions (the first Court used the turn's one); 3 Villages x 1 card
    # + 3 Smithies x 3 + 3 Moats x 2: 18 Coppers drawn
    assert counters(g) == (6, 1, 18)
    expect(g, 0, hand={}, deck=["Copper"] * 2)
    assert g.counters()["actions_played"] == 13  # 1 + the second Court's 3 + 9


def test_throne_room_on_kings_court_plays_two_actions_three_times():
    g = start(["King's Court", "Throne Room", "Village", "Moat"])
    g.setup(0, hand=["Throne Room", "King's Court", "Village", "Moat"], deck=["Copper"] * 12,
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("King's Court"))
    g.answer(C("Village"))
    g.answer(C("Moat"))
    assert counters(g) == (6, 1, 9)  # 3 + 6 Coppers drawn and played
    expect(g, 0, hand={}, play={"Throne Room": 1, "King's Court": 1, "Village": 1, "Moat": 1,
                                "Copper": 9})


def test_kings_court_feast_trashes_it_once_and_gains_three_times():
    g = start(["King's Court", "Feast", "Laboratory", "Market", "Festival"])
    g.setup(0, hand=["King's Court", "Feast"], deck=[], discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Feast"))
    for name in ("Laboratory", "Market", "Festival"):
        d = g.pending()
        assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Feast"), 5)
        g.answer(C(name))
    assert g.trash() == {"Feast": 1}
    expect(g, 0, discard={"Laboratory": 1, "Market": 1, "Festival": 1},
           play={"King's Court": 1})


def test_kings_court_mining_village_trashes_it_once_for_two_coins():
    g = start(["King's Court", "Mining Village"])
    g.setup(0, hand=["King's Court", "Mining Village"], deck=["Copper"] * 3, discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Mining Village"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.YESNO, C("Mining Village"))
    g.answer(1)  # trash it on the first play: the later plays cannot trash it again
    assert g.pending().kind == DK.BUY
    assert counters(g) == (6, 1, 2 + 3)  # +$2 once, and the three Coppers drawn
    assert g.trash() == {"Mining Village": 1}
    expect(g, 0, hand={}, play={"King's Court": 1, "Copper": 3})


def test_kings_court_on_an_attack_attacks_three_times_and_moat_is_asked_each_time():
    g = start(["King's Court", "Witch", "Moat"])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["King's Court", "Witch"], deck=["Copper"] * 6, discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Witch"))
    for reveal in (0, 1, 0):
        d = g.pending()
        assert (d.seat, d.kind, d.source, d.subject) == (1, DK.YESNO, C("Moat"), C("Witch"))
        g.answer(reveal)
    assert owned(g, 1, "Curse") == 2  # the second Witch was blocked
    assert g.supply()["Curse"] == 8
    expect(g, 0, hand={}, play={"King's Court": 1, "Witch": 1, "Copper": 6})


def test_kings_court_witch_with_one_curse_left_gives_only_that_one():
    g = start(["King's Court", "Witch"])
    g.setup(0, hand=["King's Court", "Witch"], deck=["Copper"] * 6, discard=[],
            supply={"Curse": 1})
    g.answer(C("King's Court"))
    g.answer(C("Witch"))
    assert owned(g, 1, "Curse") == 1 and g.supply()["Curse"] == 0


def test_kings_courts_three_plays_in_the_log():
    kc = simple_bot("KC", buy=["Province", "King's Court", "Gold", "Smithy", "Silver"])
    eng = Engine(["King's Court", "Smithy"], 2)
    texts = [render(eng.trace([kc, BIG_MONEY], seed=s), ["KC", "BM"]) for s in range(1, 4)]
    line = next(ln for t in texts for ln in t.splitlines() if "a third time (King's Court)" in ln)
    assert "Smithy" in line


@pytest.mark.parametrize("rules", ["official", "first-edition"])
def test_kings_court_reads_the_same_in_both_printings(rules):
    # first printing: "You may choose an Action card in your hand. Play it three times."
    g = start(["King's Court", "Smithy"], rules=rules)
    g.setup(0, hand=["King's Court", "Smithy"], deck=["Copper"] * 9, discard=[])
    g.answer(C("King's Court"))
    assert g.pending().options == (C("Smithy"), -1)
    g.answer(C("Smithy"))
    assert counters(g) == (0, 1, 9)


# --- City and Worker's Village -----------------------------------------------------------------
@pytest.mark.parametrize(("empty", "cards", "buys", "coins"), [
    (0, 1, 1, 0), (1, 2, 1, 0), (2, 2, 2, 1), (3, 2, 2, 1)])
def test_city_by_empty_supply_piles(empty, cards, buys, coins):
    g = start(["City", "Smithy", "Village", "Moat"])
    piles = {name: 0 for name in ("Smithy", "Village", "Moat")[:empty]}
    g.setup(0, hand=["City"], deck=["Silver"] * 4, discard=[], supply=piles)
    g.answer(C("City"))
    assert counters(g) == (2, buys, coins + 2 * cards)  # the Silvers drawn are played
    expect(g, 0, deck=["Silver"] * (4 - cards))


def test_city_counts_empty_piles_when_it_is_played_only():
    # an empty pile made after a City is played does not change it; a City played later sees it
    g = start(["City", "Workshop", "Smithy"])
    g.setup(0, hand=["City", "City", "Workshop"], deck=["Estate"] * 6, discard=[],
            supply={"Smithy": 1})
    g.answer(C("City"))  # no empty pile: +1 Card
    expect(g, 0, hand={"City": 1, "Workshop": 1, "Estate": 1})
    g.answer(C("Workshop"))
    g.answer(C("Smithy"))  # the last Smithy: one pile is empty now
    g.answer(C("City"))  # +2 Cards
    expect(g, 0, hand={"Estate": 3}, deck=["Estate"] * 3)
    assert counters(g) == (2, 1, 0)


def test_kings_court_city_with_two_empty_piles():
    g = start(["King's Court", "City", "Smithy", "Village"])
    g.setup(0, hand=["King's Court", "City"], deck=["Copper"] * 8, discard=[],
            supply={"Smithy": 0, "Village": 0})
    g.answer(C("King's Court"))
    g.answer(C("City"))
    assert counters(g) == (6, 4, 3 + 6)  # +$3 and three Buys; six Coppers drawn


def test_workers_village_is_a_card_two_actions_and_a_buy_three_times_under_kings_court():
    g = start(["Worker's Village"])
    g.setup(0, hand=["Worker's Village"], deck=["Estate"] * 3, discard=[])
    g.answer(C("Worker's Village"))
    assert g.pending().kind == DK.BUY  # no Action in hand: straight to the buy phase
    assert counters(g) == (2, 2, 0)
    g = start(["Worker's Village", "King's Court"])
    g.setup(0, hand=["King's Court", "Worker's Village"], deck=["Estate"] * 3, discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Worker's Village"))
    assert counters(g) == (6, 4, 0)
    expect(g, 0, hand={"Estate": 3})


# --- Monument ----------------------------------------------------------------------------------
def test_monument_gives_two_coins_and_a_vp_token_counted_in_the_score():
    g = start(["Monument", "King's Court"])
    g.setup(0, hand=["Monument", "King's Court", "Monument"], deck=["Estate"] * 5, discard=[])
    vp0 = g.vp()[0]
    g.answer(C("King's Court"))
    g.answer(C("Monument"))
    assert counters(g) == (0, 1, 6) and vp_tokens(g) == 3
    assert g.vp()[0] == vp0 + 3
    expect(g, 0, hand={"Monument": 1})  # no action left for the other one


# --- Bishop ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "vp"), [
    ("Estate", 2), ("Copper", 1), ("Gold", 4), ("Province", 5), ("Curse", 1), ("Silver", 2)])
def test_bishop_gives_a_coin_a_token_and_half_the_trashed_cards_cost(card, vp):
    g = start(["Bishop"])
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(0, hand=["Bishop", card, "Duchy"], deck=[], discard=[])
    g.answer(C("Bishop"))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.arg) == (0, DK.TRASH, C("Bishop"), -1)
    assert -1 not in d.options  # mandatory for the player
    g.answer(C(card))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.arg) == (1, DK.TRASH, C("Bishop"), 0)
    assert d.options == (C("Copper"), -1)  # optional for the others
    g.answer(-1)
    assert vp_tokens(g, 0) == vp and vp_tokens(g, 1) == 0
    assert g.trash() == {card: 1}


def test_bishop_each_other_player_may_trash_in_turn_order_and_gets_no_vp():
    g = start(["Bishop"], players=3)
    g.setup(1, hand=["Curse", "Copper"], deck=[], discard=[])
    g.setup(2, hand=["Estate", "Gold"], deck=[], discard=[])
    g.setup(0, hand=["Bishop", "Copper"], deck=[], discard=[])
    g.answer(C("Bishop"))  # the Copper is its only card: trashed without asking
    assert g.pending().seat == 1
    g.answer(C("Curse"))
    assert g.pending().seat == 2
    g.answer(C("Gold"))
    assert g.trash() == {"Copper": 1, "Curse": 1, "Gold": 1}
    assert (vp_tokens(g, 0), vp_tokens(g, 1), vp_tokens(g, 2)) == (1, 0, 0)
    assert g.pending().kind == DK.BUY and counters(g) == (0, 1, 1)


def test_bishop_with_an_empty_hand_still_gives_the_coin_and_the_token():
    g = start(["Bishop"])
    g.setup(1, hand=[], deck=[], discard=[])  # an empty hand: not asked either
    g.setup(0, hand=["Bishop"], deck=[], discard=[])
    g.answer(C("Bishop"))
    assert g.pending().kind == DK.BUY
    assert counters(g) == (0, 1, 1) and vp_tokens(g) == 1 and g.trash() == {}


def test_bishop_after_bridge_counts_the_reduced_cost():
    g = start(["Bishop", "Bridge", "Village"])
    g.setup(1, hand=[], deck=[], discard=[])
    g.setup(0, hand=["Village", "Bridge", "Bishop", "Gold", "Estate"], deck=["Copper"],
            discard=[])
    g.answer(C("Village"))
    g.answer(C("Bridge"))
    g.answer(C("Bishop"))
    g.answer(C("Gold"))  # costs $5 now: +2 VP, not +3
    assert vp_tokens(g) == 1 + 2


def test_kings_court_bishop_trashes_three_times():
    g = start(["Bishop", "King's Court"])
    g.setup(1, hand=[], deck=[], discard=[])
    g.setup(0, hand=["King's Court", "Bishop", "Estate", "Silver", "Gold"], deck=[], discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Bishop"))
    g.answer(C("Estate"))
    g.answer(C("Silver"))  # Gold is the last card: trashed without asking
    assert vp_tokens(g) == 3 + 1 + 1 + 3
    assert counters(g) == (0, 1, 3) and g.trash() == {"Estate": 1, "Silver": 1, "Gold": 1}


def test_bishop_playbook_trashes_a_curse_then_estates_early_and_others_trash_junk():
    g = start(["Bishop"], 2, bots=[None, BIG_MONEY])
    g.setup(1, hand=["Curse", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Bishop", "Estate", "Silver"], deck=[], discard=[])
    g.answer(C("Bishop"))
    g.answer(C("Estate"))
    assert g.trash() == {"Estate": 1, "Curse": 1}  # the bot seat trashed its Curse
    empty = {"hand": [], "deck": [], "discard": []}  # seat 1 has nothing to trash: not asked
    bot = bot_turn(["Bishop"], BIG_MONEY, hand=["Bishop", "Estate", "Copper", "Copper", "Curse"],
                   deck=["Copper"] * 5, other=empty)
    assert bot.trash() == {"Curse": 1} and vp_tokens(bot) == 1
    bot = bot_turn(["Bishop"], BIG_MONEY, hand=["Bishop", "Estate", "Copper", "Copper", "Silver"],
                   deck=["Copper"] * 5, other=empty)
    assert bot.trash() == {"Estate": 1} and vp_tokens(bot) == 2
    assert owned(bot, 0, "Silver") == 2  # $1 + $4: a Silver


def test_bishop_playbook_late_trashes_the_card_worth_most_vp_that_the_buy_can_spare():
    # two Provinces left: a Gold (+3 VP) goes, as $1 + 3 Golds still buy the Province
    bot = bot_turn(["Bishop"], BIG_MONEY, hand=["Bishop", "Gold", "Estate", "Gold", "Gold", "Gold"],
                   deck=["Copper"] * 5, supply={"Province": 2},
                   other={"hand": [], "deck": [], "discard": []})
    assert bot.trash() == {"Gold": 1} and vp_tokens(bot) == 4
    assert owned(bot, 0, "Province") == 1
    bot = bot_turn(["Bishop"], BIG_MONEY, hand=["Bishop", "Gold", "Estate", "Gold", "Gold"],
                   deck=["Copper"] * 5, supply={"Province": 2},
                   other={"hand": [], "deck": [], "discard": []})
    assert bot.trash() == {"Estate": 1}  # without that Gold $7 buys no Province: it stays


# --- Vault -------------------------------------------------------------------------------------
def test_vault_draws_two_then_discards_any_number_for_coins():
    g = start(["Vault"])
    g.setup(1, hand=["Estate", "Estate", "Copper"], deck=["Gold"], discard=[])
    g.setup(0, hand=["Vault", "Estate", "Copper"], deck=["Duchy", "Silver", "Copper"], discard=[])
    g.answer(C("Vault"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.DISCARD, C("Vault"), 0)
    assert -1 in d.options
    g.answer(C("Duchy"))  # a card just drawn
    g.answer(C("Estate"))
    assert g.pending().subject == 2
    g.answer(-1)
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.arg) == (1, DK.YESNO, C("Vault"), 0)
    g.answer(1)
    d = g.pending()
    assert (d.seat, d.kind, d.subject) == (1, DK.DISCARD, 2)
    g.answer(C("Estate"))
    g.answer(C("Estate"))
    expect(g, 1, hand={"Copper": 1, "Gold": 1}, discard={"Estate": 2}, deck=[])
    assert g.pending().kind == DK.BUY
    assert counters(g) == (0, 1, 2 + 1 + 2)  # two discards, the Copper, the Silver


def test_vault_opponent_with_one_card_discards_it_and_draws_nothing():
    g = start(["Vault"])
    g.setup(1, hand=["Estate"], deck=["Gold"], discard=[])
    g.setup(0, hand=["Vault"], deck=["Copper", "Copper"], discard=[])
    g.answer(C("Vault"))
    g.answer(-1)
    g.answer(1)  # seat 1 chooses to discard; its one card goes, no card is drawn
    expect(g, 1, hand={}, discard={"Estate": 1}, deck=["Gold"])


def test_vault_opponent_with_an_empty_deck_shuffles_its_discards_to_draw():
    g = start(["Vault"])
    g.setup(1, hand=["Estate", "Duchy", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Vault"], deck=["Copper", "Copper"], discard=[])
    shuffles = g.counters()["shuffles1"]
    g.answer(C("Vault"))
    g.answer(-1)
    g.answer(1)
    g.answer(C("Estate"))
    g.answer(C("Duchy"))
    z = g.zones(1)
    assert z["discard"] == {} and sum(z["hand"].values()) == 2
    assert z["hand"]["Copper"] == 1 and len(z["deck"]) == 1
    assert g.counters()["shuffles1"] == shuffles + 1


def test_vault_declined_changes_nothing():
    g = start(["Vault"])
    g.setup(1, hand=["Estate", "Estate"], deck=["Gold"], discard=[])
    g.setup(0, hand=["Vault"], deck=["Copper", "Copper"], discard=[])
    g.answer(C("Vault"))
    g.answer(-1)  # "any number" includes zero
    g.answer(0)
    expect(g, 1, hand={"Estate": 2}, deck=["Gold"])
    assert counters(g) == (0, 1, 2)


def test_vault_playbook_discards_junk_and_others_accept_with_two_junk_cards():
    g = bot_turn(["Vault"], BIG_MONEY, hand=["Vault", "Estate", "Duchy", "Copper", "Gold"],
                 deck=["Copper", "Province"], other={"hand": [], "deck": [], "discard": []})
    # Estate, Duchy and the Province drawn go for $3: $3 + Copper x2 + Gold = $8
    assert owned(g, 0, "Province") == 2
    g = start(["Vault"], 2, bots=[None, BIG_MONEY])
    g.setup(1, hand=["Estate", "Curse", "Copper", "Copper", "Silver"], deck=["Gold"], discard=[])
    g.setup(0, hand=["Vault"], deck=["Copper", "Copper"], discard=[])
    g.answer(C("Vault"))
    g.answer(-1)
    # the bot seat discarded its Curse and Estate and drew the Gold
    expect(g, 1, hand={"Copper": 2, "Silver": 1, "Gold": 1}, discard={"Estate": 1, "Curse": 1})


@pytest.mark.parametrize(("option", "accepts"), [(0, False), (1, True), (2, False)])
def test_vault_option_for_the_other_players_choice(option, accepts):
    bot = simple_bot("Vault taker", buy=["Province", "Gold", "Silver"])
    bot.card_options[(C("Vault"), 0)] = float(option)
    g = start(["Vault"], 2, bots=[None, bot])
    g.setup(1, hand=["Estate", "Silver", "Copper", "Copper", "Gold"], deck=["Gold"], discard=[])
    g.setup(0, hand=["Vault"], deck=["Copper", "Copper"], discard=[])
    g.answer(C("Vault"))
    g.answer(-1)
    assert g.zones(1)["hand"]["Gold"] == (2 if accepts else 1)  # the drawn Gold


def test_kings_court_vault_offers_the_other_players_three_times():
    g = start(["Vault", "King's Court"])
    g.setup(1, hand=["Estate"] * 6, deck=["Gold"] * 3, discard=[])
    g.setup(0, hand=["King's Court", "Vault"], deck=["Copper"] * 6, discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Vault"))
    for play in range(3):
        g.answer(-1)  # keep the Coppers
        d = g.pending()
        assert (d.seat, d.kind, d.source) == (1, DK.YESNO, C("Vault"))
        g.answer(1)
        if play > 0:  # a hand of Estates only (the first time): the discards are not asked
            for _ in range(2):
                assert g.pending().options == (C("Gold"), C("Estate"))
                g.answer(C("Estate"))
    expect(g, 1, hand={"Gold": 3}, discard={"Estate": 6}, deck=[])
    assert counters(g) == (0, 1, 6)


# --- Expand ------------------------------------------------------------------------------------
def test_expand_trashes_a_card_and_gains_one_costing_up_to_three_more():
    g = start(["Expand", "Laboratory", "Smithy"])
    g.setup(0, hand=["Expand", "Estate", "Silver"], deck=[], discard=[])
    g.answer(C("Expand"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.TRASH, C("Expand"))
    assert C("Expand") not in d.options and -1 not in d.options  # it is in play, not in hand
    g.answer(C("Estate"))
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.arg) == (DK.GAIN, C("Expand"), 5, C("Estate"))
    assert C("Laboratory") in d.options and C("Duchy") in d.options
    assert C("Gold") not in d.options and -1 not in d.options
    g.answer(C("Laboratory"))
    assert g.trash() == {"Estate": 1}
    expect(g, 0, discard={"Laboratory": 1}, hand={}, play={"Expand": 1, "Silver": 1})


def test_expand_may_gain_a_cheaper_card_or_a_copy_and_with_no_card_gains_nothing():
    g = start(["Expand"])
    g.setup(0, hand=["Expand", "Gold"], deck=[], discard=[])
    g.answer(C("Expand"))  # the Gold is the only card: trashed without asking
    d = g.pending()
    assert d.subject == 9 and C("Province") in d.options and C("Copper") in d.options
    g.answer(C("Gold"))
    expect(g, 0, discard={"Gold": 1})
    g = start(["Expand"])
    g.setup(0, hand=["Expand"], deck=[], discard=[])
    g.answer(C("Expand"))
    assert g.pending().kind == DK.BUY and g.trash() == {}
    expect(g, 0, discard={})


def test_expand_after_bridge_and_with_an_empty_pile():
    g = start(["Expand", "Bridge", "Village", "King's Court"])
    g.setup(0, hand=["Village", "Bridge", "Expand", "Silver"], deck=["Copper"], discard=[],
            supply={"Gold": 0})
    g.answer(C("Village"))
    g.answer(C("Bridge"))
    g.answer(C("Expand"))
    g.answer(C("Silver"))  # costs $2 now: up to $5 now
    d = g.pending()
    assert (d.subject, d.arg) == (5, C("Silver"))
    assert C("Duchy") in d.options  # $4 now
    assert C("King's Court") not in d.options  # $6 now
    assert C("Gold") not in d.options  # $5 now, but its pile is empty


def test_kings_court_expand_trashes_and_gains_three_times():
    g = start(["Expand", "King's Court"])
    g.setup(0, hand=["King's Court", "Expand", "Copper", "Estate", "Silver"], deck=[],
            discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Expand"))
    for trashed, gained in (("Copper", "Silver"), ("Estate", "Duchy"), (None, "Gold")):
        if trashed is not None:  # the last card in hand is trashed without asking
            g.answer(C(trashed))
        g.answer(C(gained))
    assert g.trash() == {"Copper": 1, "Estate": 1, "Silver": 1}
    expect(g, 0, discard={"Silver": 1, "Duchy": 1, "Gold": 1})


def test_expand_playbook_turns_an_estate_into_a_five_or_a_gold_into_a_province():
    bot = compile_bot(parse_bot_text('name = "Expand"\nbuy = ["Province if money >= 15", '
                                     '"Gold", "Laboratory", "Silver"]\n'))
    g = bot_turn(["Expand", "Laboratory"], bot,
                 hand=["Expand", "Estate", "Silver", "Silver", "Gold"], deck=["Copper"] * 5)
    # without the Gold the list would not buy a Province ($9 of money < $15): the Estate goes
    assert g.trash() == {"Estate": 1} and owned(g, 0, "Laboratory") == 1
    g = bot_turn(["Expand", "Laboratory"], BIG_MONEY,
                 hand=["Expand", "Estate", "Silver", "Silver", "Gold"], deck=["Copper"] * 5)
    assert g.trash() == {"Gold": 1} and owned(g, 0, "Province") == 1  # the dearest step up
    g = bot_turn(["Expand", "Laboratory"], bot, hand=["Expand", "Curse", "Copper", "Copper"],
                 deck=["Copper"] * 5)
    assert g.trash() == {"Curse": 1} and owned(g, 0, "Silver") == 1  # up to $3: a Silver


# --- Forge -------------------------------------------------------------------------------------
def test_forge_gains_a_card_costing_exactly_the_total():
    g = start(["Forge", "Smithy", "Monument", "Village", "Laboratory"])
    g.setup(0, hand=["Forge", "Estate", "Estate", "Copper", "Silver"], deck=[], discard=[])
    g.answer(C("Forge"))
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.TRASH, C("Forge"), 0) and -1 in d.options
    g.answer(C("Estate"))
    g.answer(C("Estate"))
    g.answer(C("Copper"))
    g.answer(-1)
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Forge"), 4)
    assert set(d.options) == {C("Smithy"), C("Monument")}  # exactly $4; no stop option
    g.answer(C("Smithy"))
    expect(g, 0, discard={"Smithy": 1}, hand={}, play={"Forge": 1, "Silver": 1})
    assert g.trash() == {"Estate": 2, "Copper": 1}


def test_forge_trashing_nothing_gains_a_card_costing_zero():
    g = start(["Forge"])
    g.setup(0, hand=["Forge", "Silver"], deck=[], discard=[])
    g.answer(C("Forge"))
    g.answer(-1)
    d = g.pending()
    assert (d.kind, d.subject) == (DK.GAIN, 0)
    assert set(d.options) == {C("Copper"), C("Curse")} and -1 not in d.options
    g.answer(C("Curse"))
    expect(g, 0, discard={"Curse": 1})


def test_forge_with_no_card_at_the_total_gains_nothing():
    g = start(["Forge"])
    g.setup(0, hand=["Forge", "Estate", "Estate", "Estate", "Estate"], deck=[], discard=[],
            supply={"Gold": 0})
    g.answer(C("Forge"))
    for _ in range(3):
        g.answer(C("Estate"))
    g.answer(-1)  # $6: the Gold pile is empty, no other $6 card
    assert g.pending().kind == DK.BUY
    assert g.trash() == {"Estate": 3} and g.zones(0)["discard"] == {}


def test_forge_after_bridge_adds_the_reduced_costs():
    g = start(["Forge", "Bridge", "Village", "King's Court"])
    g.setup(0, hand=["Village", "Bridge", "Forge", "Gold", "Estate"], deck=["Copper"],
            discard=[])
    g.answer(C("Village"))
    g.answer(C("Bridge"))
    g.answer(C("Forge"))
    g.answer(C("Gold"))  # $5 now
    g.answer(C("Estate"))  # $1 now
    g.answer(-1)
    d = g.pending()
    assert d.subject == 6
    assert C("King's Court") in d.options and C("Gold") not in d.options  # $6 now; Gold $5
    g.answer(C("King's Court"))
    assert owned(g, 0, "King's Court") == 1


def test_forge_playbook_forges_junk_into_a_wanted_card():
    bot = simple_bot("Forge", buy=["Province", "Gold", "Smithy", "Silver"])
    g = bot_turn(["Forge", "Smithy"], bot, hand=["Forge", "Estate", "Estate", "Curse", "Gold"],
                 deck=["Copper"] * 5)
    assert g.trash() == {"Estate": 2, "Curse": 1}
    assert owned(g, 0, "Smithy") == 1  # $4 exactly; then $3 buys a Silver
    g = bot_turn(["Forge", "Smithy"], bot, hand=["Forge", "Silver", "Silver", "Gold", "Estate"],
                 deck=["Copper"] * 5)
    assert g.trash() == {} and owned(g, 0, "Forge") == 1  # one card of junk: not played


# --- Magnate -----------------------------------------------------------------------------------
def test_magnate_draws_a_card_per_treasure_in_hand_farm_counts():
    g = start(["Magnate", "Farm"])
    g.setup(0, hand=["Magnate", "Copper", "Copper", "Farm", "Estate"], deck=["Silver"] * 4,
            discard=[])
    g.answer(C("Magnate"))
    expect(g, 0, deck=["Silver"])  # two Coppers and a Farm: three cards
    g = start(["Magnate"])
    g.setup(0, hand=["Magnate", "Estate", "Estate"], deck=["Silver"] * 4, discard=[])
    g.answer(C("Magnate"))
    expect(g, 0, deck=["Silver"] * 4, hand={"Estate": 2})


def test_kings_court_magnate_counts_the_hand_each_time():
    g = start(["Magnate", "King's Court"])
    g.setup(0, hand=["King's Court", "Magnate", "Copper"], deck=["Silver"] * 10, discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Magnate"))
    expect(g, 0, deck=["Silver"] * 3)  # 1, then 2, then 4 Treasures in hand: 7 drawn


# --- Counting House ----------------------------------------------------------------------------
def test_counting_house_puts_any_number_of_coppers_from_the_discard_pile_into_the_hand():
    g = start(["Counting House"])
    g.setup(0, hand=["Counting House"], deck=[], discard=["Copper"] * 3 + ["Estate", "Silver"])
    g.answer(C("Counting House"))
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.options) == (DK.MODE, C("Counting House"), 3,
                                                        (0, 1, 2, 3))
    assert d.option_name(2) == "take 2 Coppers"
    g.answer(2)
    expect(g, 0, discard={"Copper": 1, "Estate": 1, "Silver": 1}, play={"Counting House": 1,
                                                                          "Copper": 2})
    assert counters(g) == (0, 1, 2)


def test_counting_house_without_coppers_asks_nothing_and_the_bot_takes_them_all():
    g = start(["Counting House"])
    g.setup(0, hand=["Counting House"], deck=[], discard=["Estate"])
    g.answer(C("Counting House"))
    assert g.pending().kind == DK.BUY
    bot = simple_bot("CH", buy=["Province", "Gold", "Silver"])
    g = bot_turn(["Counting House"], bot, hand=["Counting House", "Copper", "Copper", "Estate",
                                                "Estate"],
                 deck=["Estate"] * 5, discard=["Copper"] * 6)
    assert owned(g, 0, "Province") == 1  # 2 + 6 Coppers


def test_kings_court_counting_house_takes_the_coppers_once():
    g = start(["Counting House", "King's Court"])
    g.setup(0, hand=["King's Court", "Counting House"], deck=[], discard=["Copper"] * 4)
    g.answer(C("King's Court"))
    g.answer(C("Counting House"))
    g.answer(4)  # the later plays find no Copper: nothing asked
    assert g.pending().kind == DK.BUY and counters(g) == (0, 1, 4)


# --- invariants --------------------------------------------------------------------------------
KINGDOM = ["King's Court", "City", "Worker's Village", "Monument", "Bishop", "Expand", "Forge",
           "Magnate", "Counting House", "Vault", "Throne Room"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_bot_games_on_these_cards_keep_every_invariant(players):
    """Debug mode checks card conservation and every bot answer after each turn; a random seat
    answers every decision uniformly (declined King's Courts, any Forge total, Vault offers)."""
    eng = Engine(KINGDOM, players)
    r = np.random.default_rng(players)
    bots = []
    for s in range(players):
        picks = [str(x) for x in r.choice(KINGDOM, 4, replace=False)]
        bot = simple_bot(f"b{s}", buy=["Province", "Gold", *picks, "Silver"],
                         options={"use_extra_buys": 1.0})
        bot.card_options[(C("Vault"), 0)] = float(s % 3)
        bots.append(bot)
    rec = eng.play(bots, np.arange(100, dtype=np.uint64) + 1000 * players, debug=True,
                   random_seats=[players - 1])
    assert len(rec) == 100
    assert set(rec.end_reason.tolist()) <= {EndReason.PROVINCES, EndReason.PILES}


# --- the Prosperity rulebooks' recommended kingdoms --------------------------------------------
def test_prosperity_presets_by_name_both_printings():
    second = {"beginners", "friendly-interactive", "biggest-money", "the-kings-army",
              "paths-to-victory", "lucky-seven"}
    first = {"beginners-1st", "friendly-interactive-1st", "big-actions", "biggest-money-1st",
             "the-kings-army-1st", "the-good-life", "paths-to-victory-1st",
             "all-along-the-watchtower", "lucky-seven-1st"}
    assert second | first <= set(PRESETS)
    army = resolve_kingdom("The King's Army".replace("'", ""))
    assert {C("King's Court"), C("Vault"), C("Expand"), C("Collection")} <= set(army)
    assert resolve_kingdom("lucky_seven_1st") == [C(n) for n in PRESETS["lucky-seven-1st"]]
    assert "Coppersmith" in PRESETS["lucky-seven-1st"] and "Tiara" in PRESETS["lucky-seven"]
    assert PRESET_INFO["biggest-money-1st"].sets == ("prosperity1", "base1")
    assert "Spy" in PRESETS["biggest-money-1st"] and "Great Hall" in PRESETS[
        "all-along-the-watchtower"]
    for name in second:  # second-printing cards only (Prosperity's and the other sets')
        assert all(not c.endswith("1") for c in PRESET_INFO[name].sets), name
