"""Guilds' Coffers and overpay, and the Cornucopia & Guilds cards with homes, in rulebook
situations from the printed text and the official FAQ (Dominion Strategy wiki), and their
default playbooks.

Coffers (the 2023 rules, Cornucopia & Guilds second edition): "+1 Coffers" puts a token on the
player's Coffers mat; tokens are kept across turns and removed for +$1 each. Here a player may
spend any number in the Buy phase before each buy (a K_COFFERS decision, options 0..held),
Coffers taken during the Buy phase too. Exact zones are set with ``DominionGame.setup`` (decks
listed from the top down), the card played by an outside seat, its decisions answered and the
exact zones and counters asserted.
"""

from __future__ import annotations

from cardtools import (
    DK,
    C,
    arrange,
    bot_turn,
    coffers,
    counters,
    expect,
    pend,
    situation,
    start,
)
from ludolab.games.dominion.bots import compile_bot, parse_bot_text
from ludolab.games.dominion.engine import Engine, EventKind, simple_bot
from ludolab.games.dominion.log import render

BM = ["Province", "Gold", "Silver"]


# --- Coffers ---------------------------------------------------------------------------------
def test_candlestick_maker_gives_an_action_a_buy_and_a_coffers():
    """Candlestick Maker: "+1 Action, +1 Buy, +1 Coffers." The Buy phase then offers the
    Coffers (spend 0 or 1) before the buy."""
    g = start(["Candlestick Maker"])
    g.setup(0, hand=["Candlestick Maker", "Copper", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Candlestick Maker"))
    assert pend(g) == (0, DK.COFFERS, -1, -1, -1, (0, 1))
    assert g.pending().describe() == "seat 0: spend Coffers for +$1 each [spend none, spend 1]"
    assert counters(g) == (1, 2, 2) and coffers(g, 0) == 1
    g.answer(1)
    assert pend(g)[1] == DK.BUY and counters(g) == (1, 2, 3) and coffers(g, 0) == 0


def test_coffers_are_kept_across_turns():
    """Coffers not spent stay on the mat for a later turn (the counters record them)."""
    g = start(["Candlestick Maker"])
    g.setup(0, hand=["Candlestick Maker", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Candlestick Maker"))
    g.answer(0)  # keep the Coffers
    g.answer(-1)  # buy nothing
    assert g.pending().seat == 1 and coffers(g, 0) == 1
    g.answer(-1)  # seat 1 buys nothing; seat 0's next turn offers the Coffers again
    assert pend(g) == (0, DK.COFFERS, -1, -1, -1, (0, 1))
    assert g.counters()["coffers0"] == 1


def test_coffers_may_be_spent_before_each_buy():
    """Coffers may be removed at any time in the Buy phase: before the second buy too."""
    g = start(["Candlestick Maker"])
    arrange(g, 0, hand=["Candlestick Maker", "Silver", "Copper"], deck=["Estate"] * 5,
            discard=[], coffers=2)
    g.answer(C("Candlestick Maker"))
    assert pend(g)[5] == (0, 1, 2, 3)
    g.answer(0)
    g.answer(C("Silver"))  # $3 for a Silver
    assert pend(g) == (0, DK.COFFERS, -1, -1, -1, (0, 1, 2, 3))
    g.answer(3)
    assert counters(g) == (1, 1, 3)
    g.answer(C("Silver"))
    assert coffers(g, 0) == 0 and g.zones(0)["owned"]["Silver"] == 3


def test_no_coffers_decision_without_coffers():
    """A player without Coffers is not asked (nor in a game without Coffers cards)."""
    g = start(["Candlestick Maker"])
    g.setup(0, hand=["Copper"] * 5, deck=["Estate"] * 5, discard=[])
    assert pend(g)[1] == DK.BUY


def test_bot_spends_coffers_for_its_best_buy():
    """Candlestick Maker's Coffers and one saved reach a Gold from $4 (two spent)."""
    bot = simple_bot("CM", buy=["Province", "Gold", "Candlestick Maker", "Silver"])
    g = bot_turn(["Candlestick Maker"], bot, hand=["Candlestick Maker"] + ["Copper"] * 4,
                 deck=["Estate"] * 5, coffers=1)
    assert coffers(g, 0) == 0 and g.zones(0)["owned"]["Gold"] == 1


def test_the_log_shows_coffers_taken_and_spent():
    bot = simple_bot("CM", buy=["Province", "Gold", "Candlestick Maker", "Silver"])
    events = Engine(["Candlestick Maker"], 2).trace([bot, bot], 3)
    kinds = {e.kind for e in events}
    assert {EventKind.COFFERS, EventKind.COFFERS_SPEND} <= kinds
    text = render(events)
    assert "takes +1 Coffers (Candlestick Maker)" in text and "Coffers for +$" in text


def test_bot_spends_coffers_only_for_a_better_buy():
    """The default: spend what the best card the buy list reaches with all Coffers needs
    beyond the coins (DominionSim's rule), none when the coins alone buy it."""
    bot = simple_bot("BM", buy=BM)
    g = bot_turn(["Baker"], bot, hand=["Gold", "Gold", "Copper", "Estate", "Estate"],
                 deck=["Estate"] * 5, coffers=3)
    assert g.zones(0)["owned"].get("Province", 0) == 1 and coffers(g, 0) == 2  # $7 + 1
    g = bot_turn(["Baker"], bot, hand=["Gold", "Gold", "Estate", "Estate", "Estate"],
                 deck=["Estate"] * 5, coffers=1)
    assert g.zones(0)["owned"].get("Gold", 0) == 3 and coffers(g, 0) == 1  # $6 + 1: Gold anyway


def test_bot_option_spend_coffers_off_saves_them():
    bot = simple_bot("BM", buy=BM)
    bot.options[6] = 0.0  # spend_coffers
    g = bot_turn(["Baker"], bot, hand=["Gold", "Gold", "Copper", "Estate", "Estate"],
                 deck=["Estate"] * 5, coffers=3)
    assert g.zones(0)["owned"].get("Province", 0) == 0 and coffers(g, 0) == 3


def test_the_coffers_condition_word_reads_the_count():
    """``coffers`` in a buy rule reads the Coffers the bot has (here: an Estate wanted only with
    three Coffers; $5 and no spending needed either way)."""
    bot = compile_bot(parse_bot_text('name = "C"\nbuy = ["Estate if coffers == 3", "Silver"]\n'))
    g = bot_turn(["Baker"], bot, hand=["Copper"] * 5, deck=["Estate"] * 5, coffers=3)
    assert g.zones(0)["owned"].get("Silver", 0) == 0 and coffers(g, 0) == 3
    g = bot_turn(["Baker"], bot, hand=["Copper"] * 5, deck=["Estate"] * 5, coffers=2)
    assert g.zones(0)["owned"]["Silver"] == 1 and coffers(g, 0) == 2


# --- Baker -----------------------------------------------------------------------------------
def test_baker_setup_gives_every_player_one_coffers():
    """Baker: "Setup: Each player gets +1 Coffers." (the rules: in games using Baker, each
    player starts with a token on the Coffers mat)."""
    g = start(["Baker"], players=3)
    assert [coffers(g, q) for q in range(3)] == [1, 1, 1]
    assert [coffers(start(["Candlestick Maker"]), q) for q in range(2)] == [0, 0]


def test_baker_draws_gives_an_action_and_a_coffers():
    """Baker: "+1 Card, +1 Action, +1 Coffers." """
    g = start(["Baker"])
    g.setup(0, hand=["Baker", "Copper"], deck=["Silver", "Estate"], discard=[])
    g.answer(C("Baker"))
    assert pend(g) == (0, DK.COFFERS, -1, -1, -1, (0, 1, 2))  # the setup's one and Baker's
    expect(g, 0, hand={}, play={"Baker": 1, "Copper": 1, "Silver": 1}, deck=["Estate"])
    assert counters(g) == (1, 1, 3)


# --- Plaza -----------------------------------------------------------------------------------
def test_plaza_discards_a_treasure_for_a_coffers():
    """Plaza: "+1 Card, +2 Actions. You may discard a Treasure for +1 Coffers." FAQ: the card
    drawn may be the one discarded."""
    g = start(["Plaza"])
    g.setup(0, hand=["Plaza", "Estate"], deck=["Silver", "Estate"], discard=[])
    g.answer(C("Plaza"))
    assert pend(g) == (0, DK.DISCARD, C("Plaza"), -1, -1, (C("Silver"), -1))
    g.answer(C("Silver"))
    assert coffers(g, 0) == 1
    expect(g, 0, hand={"Estate": 1}, discard={"Silver": 1}, play={"Plaza": 1})
    assert counters(g) == (2, 1, 0)


def test_plaza_declined_gives_nothing():
    g = start(["Plaza"])
    g.setup(0, hand=["Plaza", "Copper"], deck=["Estate"], discard=[])
    g.answer(C("Plaza"))
    g.answer(-1)
    assert coffers(g, 0) == 0 and pend(g)[1] == DK.BUY and counters(g) == (2, 1, 1)


def test_plaza_playbook_discards_a_copper_and_spends_it_at_once():
    """The playbook discards a Copper (never a Silver), a Coffers for a later turn."""
    bot = simple_bot("Plaza", buy=BM)
    g = bot_turn(["Plaza"], bot, hand=["Plaza", "Copper", "Silver", "Silver", "Estate"],
                 deck=["Estate"] * 6)
    assert g.zones(0)["owned"].get("Gold", 0) == 0 and g.zones(0)["owned"]["Silver"] == 3
    assert coffers(g, 0) == 1  # $4 buys a Silver; $5 would buy no more: the Coffers is kept
    assert g.zones(0)["discard"]["Silver"] == 3 and g.zones(0)["discard"]["Copper"] == 1


# --- Butcher ---------------------------------------------------------------------------------
def test_butcher_trashes_and_gains_up_to_a_dollar_more_per_coffers_spent():
    """Butcher: "+2 Coffers. You may trash a card from your hand, to gain a card, costing up to
    $1 more than it per Coffers you spend." FAQ: an Estate and six Coffers gain a Province;
    the tokens just added may be removed."""
    g = start(["Butcher"])
    arrange(g, 0, hand=["Butcher", "Estate", "Copper"], deck=[], discard=[], coffers=4)
    g.answer(C("Butcher"))
    assert coffers(g, 0) == 6
    assert pend(g) == (0, DK.TRASH, C("Butcher"), -1, -1, (C("Copper"), C("Estate"), -1))
    g.answer(C("Estate"))
    assert pend(g) == (0, DK.COFFERS, C("Butcher"), C("Estate"), -1, tuple(range(7)))
    g.answer(6)
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.arg) == (DK.GAIN, C("Butcher"), 8, C("Estate"))
    assert C("Province") in d.options
    g.answer(C("Province"))
    assert g.trash() == {"Estate": 1} and coffers(g, 0) == 0
    expect(g, 0, discard={"Province": 1})
    assert counters(g) == (0, 1, 1)  # spending for Butcher gives no $


def test_butcher_with_no_coffers_spent_gains_up_to_the_trashed_cards_cost():
    """FAQ: the tokens removed can be zero (trash another Butcher and remove none: a Duchy)."""
    g = start(["Butcher"])
    g.setup(0, hand=["Butcher", "Butcher"], deck=[], discard=[])
    g.answer(C("Butcher"))
    g.answer(C("Butcher"))
    g.answer(0)
    d = g.pending()
    assert (d.kind, d.subject) == (DK.GAIN, 5) and C("Duchy") in d.options
    assert C("Gold") not in d.options
    g.answer(C("Duchy"))
    assert coffers(g, 0) == 2 and g.trash() == {"Butcher": 1}


def test_butcher_without_trashing_keeps_both_coffers():
    g = start(["Butcher"])
    g.setup(0, hand=["Butcher", "Estate"], deck=[], discard=[])
    g.answer(C("Butcher"))
    g.answer(-1)
    assert coffers(g, 0) == 2 and g.trash() == {} and pend(g)[1] == DK.COFFERS


def test_butcher_playbook_turns_a_gold_into_a_province():
    """The playbook trashes a Gold for a Province (two Coffers spent) once the buy list would
    buy a Province with $8 without it."""
    bot = simple_bot("Butcher", buy=BM)
    g = bot_turn(["Butcher"], bot, hand=["Butcher", "Gold", "Estate", "Estate", "Estate"],
                 deck=["Estate"] * 5)
    assert g.trash() == {"Gold": 1} and g.zones(0)["owned"].get("Province", 0) == 1
    assert coffers(g, 0) == 0


# --- Merchant Guild --------------------------------------------------------------------------
def test_merchant_guild_gives_coffers_per_card_gained_at_the_end_of_the_buy_phase():
    """Merchant Guild: "+1 Buy, +$1. At the end of your Buy phase this turn, +1 Coffers per card
    you gained in it." The Coffers come after the buys (none to spend in that Buy phase)."""
    g = start(["Merchant Guild"])
    g.setup(0, hand=["Merchant Guild", "Copper", "Copper", "Copper", "Copper"], deck=["Estate"] * 5,
            discard=[])
    g.answer(C("Merchant Guild"))
    assert counters(g) == (0, 2, 5)
    g.answer(C("Silver"))
    assert pend(g)[1] == DK.BUY and coffers(g, 0) == 0  # nothing to spend yet
    g.answer(C("Copper"))
    assert g.pending().seat == 1 and coffers(g, 0) == 2


def test_merchant_guild_played_twice_gives_two_coffers_per_card():
    """FAQ: cumulative; played twice (Throne Room), +2 Coffers per card gained."""
    g = start(["Merchant Guild", "Throne Room"])
    g.setup(0, hand=["Throne Room", "Merchant Guild", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Merchant Guild"))
    assert counters(g) == (0, 3, 3)
    g.answer(C("Silver"))
    g.answer(-1)
    assert coffers(g, 0) == 2


def test_merchant_guild_does_not_count_action_phase_gains():
    """FAQ: a card gained in the Action phase (Workshop here) gives no Coffers."""
    g = start(["Merchant Guild", "Workshop", "Village"])
    g.setup(0, hand=["Village", "Merchant Guild", "Workshop"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Village"))
    g.answer(C("Merchant Guild"))
    g.answer(C("Workshop"))
    g.answer(C("Silver"))
    g.answer(-1)
    assert coffers(g, 0) == 0


def test_first_edition_merchant_guild_gives_a_coffers_per_buy_at_once():
    """First printing: "While this is in play, when you buy a card, +1 Coffers"; under the 2021
    Coffers rule they may be spent in the same Buy phase."""
    g = start(["Merchant Guild"], rules="official,edition=1")
    g.setup(0, hand=["Merchant Guild", "Copper", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Merchant Guild"))
    g.answer(C("Estate"))
    assert pend(g) == (0, DK.COFFERS, -1, -1, -1, (0, 1)) and counters(g) == (0, 1, 1)
    g.answer(1)
    g.answer(C("Estate"))
    assert g.pending().seat == 1 and coffers(g, 0) == 1


# --- Soothsayer ------------------------------------------------------------------------------
def test_soothsayer_gains_a_gold_and_each_other_player_a_curse_and_a_card():
    """Soothsayer: "Gain a Gold. Each other player gains a Curse, and if they did, draws a
    card." """
    g = situation(["Soothsayer"], hand=["Soothsayer"], deck=[], players=3,
                  other=[{"hand": ["Copper"] * 5, "deck": ["Silver"], "discard": []},
                         {"hand": ["Copper"] * 5, "deck": ["Gold"], "discard": []}],
                  supply={"Curse": 1})
    g.answer(C("Soothsayer"))
    expect(g, 0, discard={"Gold": 1})
    expect(g, 1, discard={"Curse": 1}, hand={"Copper": 5, "Silver": 1})
    expect(g, 2, discard={}, hand={"Copper": 5}, deck=["Gold"])  # no Curse left: no card


def test_soothsayer_blocked_by_moat_draws_nothing():
    """FAQ: a player unaffected (Moat) gains no Curse and so draws no card."""
    g = situation(["Soothsayer", "Moat"], hand=["Soothsayer"], deck=[],
                  other={"hand": ["Moat"] + ["Copper"] * 4, "deck": ["Silver"], "discard": []})
    g.answer(C("Soothsayer"))
    g.answer(1)  # reveal Moat
    expect(g, 1, discard={}, deck=["Silver"])
    expect(g, 0, discard={"Gold": 1})


# --- overpay ---------------------------------------------------------------------------------
def test_masterpiece_overpaid_gains_a_silver_per_dollar():
    """Masterpiece: "$1. When you buy this, you may overpay for it. If you do, gain a Silver per
    $1 you overpaid." FAQ: the Silvers come before the Masterpiece."""
    g = start(["Masterpiece"])
    g.setup(0, hand=["Gold", "Silver", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Masterpiece"))
    assert pend(g) == (0, DK.OVERPAY, C("Masterpiece"), C("Masterpiece"), -1, tuple(range(4)))
    assert g.pending().describe() == "seat 0: overpay for Masterpiece [$0, $1, $2, $3]"
    g.answer(2)
    assert g.pending().seat == 1
    expect(g, 0, owned={"Copper": 1, "Estate": 5, "Silver": 3, "Gold": 1, "Masterpiece": 1})


def test_masterpiece_not_overpaid_gains_nothing_more():
    g = start(["Masterpiece"])
    g.setup(0, hand=["Gold", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Masterpiece"))
    g.answer(0)
    expect(g, 0, discard={"Masterpiece": 1, "Gold": 1, "Copper": 1})


def test_masterpiece_plays_as_a_plain_treasure():
    """$1: its play is its row (no Treasure decisions in its games)."""
    g = start(["Masterpiece"])
    g.setup(0, hand=["Masterpiece", "Copper"], deck=["Estate"] * 5, discard=[])
    assert pend(g)[1] == DK.BUY and counters(g) == (1, 1, 2)


def test_masterpiece_playbook_overpays_what_the_buys_leave():
    bot = simple_bot("MP", buy=["Province", "Masterpiece"])
    g = bot_turn(["Masterpiece"], bot, hand=["Gold", "Silver", "Silver", "Estate", "Estate"],
                 deck=["Estate"] * 5)
    assert g.zones(0)["owned"]["Masterpiece"] == 1 and g.zones(0)["owned"]["Silver"] == 2 + 4


def test_farrier_overpaid_draws_more_at_the_end_of_the_turn():
    """Farrier: "+1 Card, +1 Action, +1 Buy. Overpay: +1 Card at the end of this turn per $1
    overpaid." """
    g = start(["Farrier"])
    g.setup(0, hand=["Farrier", "Silver", "Copper", "Copper"], deck=["Copper"] + ["Estate"] * 9,
            discard=[])
    g.answer(C("Farrier"))
    assert counters(g) == (1, 2, 5)
    g.answer(C("Farrier"))
    assert pend(g) == (0, DK.OVERPAY, C("Farrier"), C("Farrier"), -1, (0, 1, 2, 3))
    g.answer(2)
    assert pend(g)[1] == DK.BUY and counters(g) == (1, 1, 1)
    g.answer(-1)
    expect(g, 0, hand={"Estate": 7})


def test_herald_plays_a_revealed_action():
    """Herald: "+1 Card, +1 Action. Reveal the top card of your deck. If it's an Action, play
    it." (no Action used)."""
    g = start(["Herald", "Smithy"])
    g.setup(0, hand=["Herald"], deck=["Copper", "Smithy", "Silver", "Gold", "Estate", "Estate"],
            discard=[])
    g.answer(C("Herald"))
    expect(g, 0, play={"Herald": 1, "Smithy": 1, "Copper": 1, "Silver": 1, "Gold": 1},
           hand={"Estate": 1}, deck=["Estate"])
    assert counters(g) == (1, 1, 6)


def test_herald_puts_back_a_revealed_non_action():
    g = start(["Herald"])
    g.setup(0, hand=["Herald"], deck=["Copper", "Gold", "Estate"], discard=[])
    g.answer(C("Herald"))
    expect(g, 0, deck=["Gold", "Estate"], play={"Herald": 1, "Copper": 1})
    assert counters(g) == (1, 1, 1)


def test_herald_overpaid_puts_cards_from_the_discard_pile_onto_the_deck():
    """Overpay: "For each $1 you overpaid, look through your discard pile and put a card from
    it onto your deck." FAQ: the Herald bought is not in the discard pile yet."""
    g = start(["Herald"])
    g.setup(0, hand=["Gold", "Silver", "Silver"], deck=["Estate"] * 10,
            discard=["Gold", "Silver", "Estate"])
    g.answer(C("Herald"))
    g.answer(2)
    assert pend(g) == (0, DK.TOPDECK, C("Herald"), 2, -1,
                       (C("Silver"), C("Gold"), C("Estate")))
    g.answer(C("Gold"))
    assert pend(g)[3] == 1 and C("Herald") not in pend(g)[5]
    g.answer(C("Silver"))  # the Silver on top: both are in the next hand
    expect(g, 0, hand={"Silver": 1, "Gold": 1, "Estate": 3}, deck=["Estate"] * 7,
           discard={"Estate": 1, "Herald": 1, "Gold": 1, "Silver": 2})


def test_stonemason_trashes_and_gains_two_cheaper_cards():
    """Stonemason: "Trash a card from your hand. Gain 2 cards each costing less than it." FAQ:
    the two may be different."""
    g = start(["Stonemason", "Village"])
    g.setup(0, hand=["Stonemason", "Gold", "Copper"], deck=[], discard=[])
    g.answer(C("Stonemason"))
    assert pend(g) == (0, DK.TRASH, C("Stonemason"), -1, -1, (C("Copper"), C("Gold")))
    g.answer(C("Gold"))
    d = g.pending()
    assert (d.kind, d.subject, d.arg) == (DK.GAIN, 5, C("Gold")) and C("Gold") not in d.options
    g.answer(C("Duchy"))
    g.answer(C("Village"))
    assert g.trash() == {"Gold": 1}
    expect(g, 0, discard={"Duchy": 1, "Village": 1})


def test_stonemason_trashing_a_zero_cost_card_gains_nothing():
    g = start(["Stonemason"])
    g.setup(0, hand=["Stonemason", "Copper", "Copper"], deck=[], discard=[])
    g.answer(C("Stonemason"))
    assert g.trash() == {"Copper": 1} and pend(g)[1] == DK.BUY
    expect(g, 0, discard={})


def test_stonemason_overpaid_gains_two_actions_costing_the_amount():
    """Overpay: "gain 2 Action cards each costing the amount you overpaid"."""
    g = start(["Stonemason", "Village", "Smithy", "Workshop"])
    g.setup(0, hand=["Gold", "Silver", "Copper"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Stonemason"))
    g.answer(3)
    d = g.pending()
    assert (d.kind, d.source, d.subject) == (DK.GAIN, C("Stonemason"), 3)
    assert set(d.options) == {C("Village"), C("Workshop")}
    g.answer(C("Village"))
    g.answer(C("Workshop"))
    expect(g, 0, discard={"Village": 1, "Workshop": 1, "Stonemason": 1, "Gold": 1,
                          "Silver": 1, "Copper": 1})


def test_stonemason_playbook_trashes_a_copper():
    bot = simple_bot("SM", buy=["Province", "Smithy", "Stonemason"])
    g = bot_turn(["Stonemason", "Smithy"], bot,
                 hand=["Stonemason", "Copper", "Gold", "Silver", "Estate"], deck=["Estate"] * 5)
    assert g.trash() == {"Copper": 1}
    assert g.zones(0)["owned"]["Smithy"] == 1  # $5: a Smithy


# --- Advisor, Journeyman, Footpad ------------------------------------------------------------
def test_advisor_left_neighbour_picks_the_card_discarded():
    """Advisor: "+1 Action. Reveal the top 3 cards of your deck. The player to your left
    chooses one of them. Discard that card, and put the others into your hand." """
    g = start(["Advisor"], players=3)
    g.setup(0, hand=["Advisor"], deck=["Gold", "Silver", "Estate", "Copper"], discard=[])
    g.answer(C("Advisor"))
    assert pend(g) == (1, DK.DISCARD, C("Advisor"), -1, 0,
                       (C("Silver"), C("Gold"), C("Estate")))
    g.answer(C("Gold"))
    expect(g, 0, discard={"Gold": 1}, deck=["Copper"], play={"Advisor": 1, "Silver": 1},
           hand={"Estate": 1})
    assert counters(g) == (1, 1, 2)


def test_advisor_with_one_card_to_reveal_discards_it():
    """FAQ: with fewer than 3 cards, reveal what there is; one card: it is discarded."""
    g = start(["Advisor"])
    g.setup(0, hand=["Advisor"], deck=["Gold"], discard=[])
    g.answer(C("Advisor"))
    expect(g, 0, discard={"Gold": 1}, hand={}, play={"Advisor": 1})


def test_advisor_chooser_playbook_discards_the_dearest():
    bot = simple_bot("BM", buy=BM)
    g = situation(["Advisor"], hand=["Advisor"], deck=["Copper", "Gold", "Estate", "Estate"],
                  bots=[None, bot])
    g.answer(C("Advisor"))
    expect(g, 0, discard={"Gold": 1}, play={"Advisor": 1, "Copper": 1}, hand={"Estate": 1})


def test_journeyman_reveals_until_three_cards_not_named():
    """Journeyman: "Name a card. Reveal cards from the top of your deck until you reveal 3
    cards that are not the named card. Put those cards into your hand and discard the rest." """
    g = start(["Journeyman"])
    g.setup(0, hand=["Journeyman"], deck=["Estate", "Silver", "Estate", "Gold", "Copper", "Duchy"],
            discard=[])
    g.answer(C("Journeyman"))
    d = g.pending()
    assert (d.kind, d.source) == (DK.NAME, C("Journeyman")) and C("Estate") in d.options
    g.answer(C("Estate"))
    expect(g, 0, discard={"Estate": 2}, deck=["Duchy"], hand={},
           play={"Journeyman": 1, "Silver": 1, "Gold": 1, "Copper": 1})


def test_journeyman_running_out_keeps_what_it_revealed():
    """FAQ: the deck and discard pile run out: the cards not named go to the hand."""
    g = start(["Journeyman"])
    g.setup(0, hand=["Journeyman"], deck=["Estate", "Silver"], discard=[])
    g.answer(C("Journeyman"))
    g.answer(C("Estate"))
    expect(g, 0, discard={"Estate": 1}, deck=[], play={"Journeyman": 1, "Silver": 1})


def test_journeyman_playbook_names_the_commonest_junk():
    """The playbook names the junk card with the most copies in the draw and discard piles."""
    bot = simple_bot("J", buy=BM)
    g = bot_turn(["Journeyman"], bot, hand=["Journeyman", "Estate"],
                 deck=["Estate", "Estate", "Gold", "Curse", "Gold", "Gold"] + ["Copper"] * 5)
    # Estate named (two in the draw pile, one Curse): Gold, Curse, Gold to the hand, $6: a Gold
    # (naming the Curse would have taken Estate, Estate, Gold: $3)
    assert g.zones(0)["owned"]["Gold"] == 4


def test_footpad_gives_coffers_and_others_discard_down_to_three():
    """Footpad: "+2 Coffers. Each other player discards down to 3 cards in hand." """
    g = situation(["Footpad"], hand=["Footpad"], deck=[],
                  other={"hand": ["Copper"] * 3 + ["Estate"] * 2, "deck": [], "discard": []})
    g.answer(C("Footpad"))
    assert pend(g)[:2] == (1, DK.DISCARD)
    g.answer(C("Estate"))
    g.answer(C("Estate"))
    assert coffers(g, 0) == 2
    expect(g, 1, hand={"Copper": 3}, discard={"Estate": 2})


def test_footpad_draws_a_card_per_card_gained_in_an_action_phase():
    """"In games using this, when you gain a card in an Action phase, +1 Card." FAQ: the whole
    game, Footpad played or not (Workshop's gain draws); not in the Buy phase."""
    g = start(["Footpad", "Workshop"])
    g.setup(0, hand=["Workshop"], deck=["Gold", "Estate"], discard=[])
    g.answer(C("Workshop"))
    g.answer(C("Silver"))
    expect(g, 0, hand={}, play={"Workshop": 1, "Gold": 1}, deck=["Estate"], discard={"Silver": 1})
    g.answer(C("Silver"))  # bought in the Buy phase: no card
    assert g.pending().seat == 1
    expect(g, 0, discard={}, deck=[])  # clean-up drew all 5 (the Buy phase drew none)


# --- Taxman, Doctor (first printing) -------------------------------------------------------
def test_taxman_trashes_a_treasure_others_discard_a_copy_and_gains_onto_the_deck():
    """Taxman: "You may trash a Treasure from your hand. Each other player with 5 or more cards
    in hand discards a copy of it (or reveals a hand without it). Gain a Treasure card costing
    up to $3 more than the trashed card, putting it on top of your deck." """
    g = situation(["Taxman"], hand=["Taxman", "Silver", "Copper"], deck=["Estate"], players=3,
                  other=[{"hand": ["Silver", "Copper", "Copper", "Copper", "Estate"],
                          "deck": [], "discard": []},
                         {"hand": ["Silver", "Copper", "Copper", "Copper"], "deck": [],
                          "discard": []}])
    g.answer(C("Taxman"))
    assert pend(g) == (0, DK.TRASH, C("Taxman"), -1, -1, (C("Copper"), C("Silver"), -1))
    g.answer(C("Silver"))
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.arg) == (DK.GAIN, C("Taxman"), 6, C("Silver"))
    assert set(d.options) == {C("Copper"), C("Silver"), C("Gold")}
    g.answer(C("Gold"))
    assert g.trash() == {"Silver": 1}
    expect(g, 0, deck=["Gold", "Estate"])
    expect(g, 1, hand={"Copper": 3, "Estate": 1}, discard={"Silver": 1})
    expect(g, 2, hand={"Silver": 1, "Copper": 3}, discard={})  # 4 cards: untouched


def test_taxman_without_a_trash_does_nothing():
    """FAQ: no Treasure trashed: the others discard nothing and you gain nothing."""
    g = situation(["Taxman"], hand=["Taxman", "Copper"], deck=["Estate"],
                  other={"hand": ["Copper"] * 5, "deck": [], "discard": []})
    g.answer(C("Taxman"))
    g.answer(-1)
    expect(g, 1, hand={"Copper": 5})
    expect(g, 0, deck=["Estate"], discard={})


def test_taxman_playbook_trades_a_silver_for_a_gold():
    bot = simple_bot("Tax", buy=BM)
    g = bot_turn(["Taxman"], bot, hand=["Taxman", "Silver", "Copper", "Estate", "Estate"],
                 deck=["Estate"] * 4)
    assert g.trash() == {"Silver": 1}
    assert g.zones(0)["hand"].get("Gold", 0) == 1  # on the deck, then drawn


def test_doctor_trashes_the_named_matches_and_puts_the_rest_back():
    """Doctor: "Name a card. Reveal the top 3 cards of your deck. Trash the matches. Put the
    rest back on top in any order." """
    g = start(["Doctor"])
    g.setup(0, hand=["Doctor"], deck=["Estate", "Gold", "Estate", "Silver", "Copper"],
            discard=[])
    g.answer(C("Doctor"))
    assert pend(g)[1:3] == (DK.NAME, C("Doctor"))
    g.answer(C("Estate"))
    assert g.trash() == {"Estate": 2}
    expect(g, 0, deck=["Gold", "Silver", "Copper"], hand={})  # one card left: no order asked


def test_doctor_asks_the_order_of_two_different_cards():
    g = start(["Doctor"])
    g.setup(0, hand=["Doctor"], deck=["Silver", "Gold", "Curse", "Copper"], discard=[])
    g.answer(C("Doctor"))
    g.answer(C("Curse"))
    assert pend(g) == (0, DK.TOPDECK, C("Doctor"), 0, -1, (C("Silver"), C("Gold")))
    g.answer(C("Silver"))
    expect(g, 0, deck=["Silver", "Gold", "Copper"])
    assert g.trash() == {"Curse": 1}


def test_doctor_overpaid_looks_at_the_top_card_per_dollar():
    """Overpay: "For each $1 overpaid, look at the top card of your deck; trash it, discard
    it, or put it back." """
    g = start(["Doctor"])
    g.setup(0, hand=["Gold", "Silver"], deck=["Curse", "Estate", "Gold"] + ["Copper"] * 5,
            discard=[])
    g.answer(C("Doctor"))
    g.answer(2)
    assert pend(g) == (0, DK.MODE, C("Doctor"), C("Curse"), -1, (0, 1, 2))
    g.answer(0)
    assert pend(g)[3] == C("Estate")
    g.answer(1)
    assert g.trash() == {"Curse": 1}
    expect(g, 0, hand={"Gold": 1, "Copper": 4}, discard={"Estate": 1, "Doctor": 1, "Gold": 1,
                                                        "Silver": 1})


# --- Infirmary -------------------------------------------------------------------------------
def test_infirmary_draws_and_may_trash_a_card():
    """Infirmary: "+1 Card. You may trash a card from your hand." """
    g = start(["Infirmary"])
    g.setup(0, hand=["Infirmary", "Estate"], deck=["Curse", "Copper"], discard=[])
    g.answer(C("Infirmary"))
    assert pend(g) == (0, DK.TRASH, C("Infirmary"), -1, -1, (C("Estate"), C("Curse"), -1))
    g.answer(C("Curse"))
    assert g.trash() == {"Curse": 1}
    expect(g, 0, hand={"Estate": 1}, deck=["Copper"], play={"Infirmary": 1})


def test_infirmary_overpaid_plays_it_once_per_dollar():
    """Overpay: "Play this once per $1 overpaid": a card and a trash per $1, when bought."""
    g = start(["Infirmary"])
    g.setup(0, hand=["Gold", "Silver", "Estate"], deck=["Curse", "Estate"] + ["Copper"] * 5,
            discard=[])
    g.answer(C("Infirmary"))
    assert pend(g)[:2] == (0, DK.OVERPAY) and pend(g)[5] == (0, 1, 2)
    g.answer(2)
    g.answer(C("Estate"))  # first play: drew the Curse; trash the Estate
    g.answer(C("Curse"))  # second play: drew the Estate; trash the Curse
    assert g.trash() == {"Estate": 1, "Curse": 1}
    expect(g, 0, hand={"Copper": 5}, discard={"Estate": 1, "Infirmary": 1, "Gold": 1,
                                              "Silver": 1})


def test_infirmary_playbook_trashes_an_early_estate():
    bot = simple_bot("Inf", buy=BM)
    g = bot_turn(["Infirmary"], bot, hand=["Infirmary", "Estate", "Copper", "Copper", "Copper"],
                 deck=["Silver"] + ["Estate"] * 5)
    assert g.trash() == {"Estate": 1}


# --- interactions named in the FAQ -------------------------------------------------------------
def test_merchant_guild_counts_the_cards_an_overpaid_stonemason_gains():
    """Merchant Guild's FAQ: "if you buy 1 Stonemason and overpay for 2 Action cards, that will
    be 3 cards gained for +3 Coffers"."""
    g = start(["Merchant Guild", "Stonemason", "Village"])
    g.setup(0, hand=["Merchant Guild", "Gold", "Silver"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Merchant Guild"))
    assert counters(g) == (0, 2, 6)
    g.answer(C("Stonemason"))
    g.answer(3)  # overpay $3: the two Villages (the only $3 Action: no choice to make)
    assert pend(g)[1] == DK.BUY and coffers(g, 0) == 0  # $1 left, one Buy; nothing yet
    expect(g, 0, discard={"Village": 2, "Stonemason": 1})
    g.answer(-1)
    assert g.pending().seat == 1 and coffers(g, 0) == 3


def test_taxman_spares_a_player_who_reveals_moat():
    """Taxman is an Attack: a player unaffected (Moat) discards nothing; the gain happens."""
    g = situation(["Taxman", "Moat"], hand=["Taxman", "Copper"], deck=[],
                  other={"hand": ["Moat"] + ["Copper"] * 4, "deck": [], "discard": []})
    g.answer(C("Taxman"))
    g.answer(1)  # Moat revealed
    g.answer(C("Copper"))
    g.answer(C("Silver"))
    expect(g, 1, hand={"Moat": 1, "Copper": 4}, discard={})
    assert g.trash() == {"Copper": 1}
