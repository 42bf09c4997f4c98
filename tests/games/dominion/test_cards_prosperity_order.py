"""Prosperity's loose ends: the order of simultaneous when-gain effects (K_ORDER),
Trade Route's per-pile tokens, Curse as a $1 Treasure in the discard and trash orders of a
Charlatan game, and Peddler's current cost on the Play page.

Rulebook situations in the style of ``test_cards_base.py``: exact zones set with
``DominionGame.setup`` (decks from the top down), an outside seat answering its decisions, exact
zones and counters asserted. The rule for simultaneous effects (Dominion rulebook, second
edition, and the wiki's "Gain" and "Lose track" pages): when several things happen on the same
gain, the player who gained chooses their order; an effect that finds the card gone or moved
does nothing to it.
"""

from __future__ import annotations

from cardtools import DK, C, bot_turn, buy, coins, expect, order, play_treasures, start, topdeck
from ludolab.games.dominion.engine import DominionGame, simple_bot

END = {"Watchtower": 1, "Royal Seal": 1, "Gold": 1, "Silver": 1}  # the turn's cards, discarded


def watchtower_mode(g: DominionGame, gained: str, options: tuple[int, ...], answer: int) -> None:
    d = g.pending()
    assert d is not None and (d.seat, d.kind, d.source, d.subject) == (
        0, DK.MODE, C("Watchtower"), C(gained)), d
    assert d.options == options
    g.answer(answer)


# --- 1. The order of when-gain effects ---------------------------------------------------------
def seal_and_tower() -> DominionGame:
    """Seat 0 holds a Watchtower (not played), plays Royal Seal, Gold, Silver ($7), buys a Gold:
    both the Watchtower in hand and the Royal Seal in play would act on it."""
    g = start(["Watchtower", "Royal Seal"])
    g.setup(0, hand=["Watchtower", "Royal Seal", "Gold", "Silver"], deck=["Estate"] * 6,
            discard=[])
    g.answer(-1)  # no Action played: Watchtower stays in hand
    play_treasures(g, "Royal Seal", "Gold", "Silver")
    buy(g, "Gold")
    return g


def test_order_is_asked_and_its_words_name_the_card_and_the_effects():
    g = seal_and_tower()
    d = g.pending()
    assert d.describe() == ("seat 0: which effect on the gained Gold resolves next "
                            "[Watchtower, Royal Seal]")


def test_watchtower_first_trashes_and_royal_seal_loses_track():
    g = seal_and_tower()
    order(g, "Gold", ["Watchtower", "Royal Seal"], "Watchtower")
    watchtower_mode(g, "Gold", (0, 1, 2), 0)  # trash it
    # Royal Seal has nothing left to move: no question, the turn is over
    assert g.pending().seat == 1
    assert g.trash() == {"Gold": 1}
    expect(g, 0, hand={"Estate": 5}, deck=["Estate"], discard=END)


def test_watchtower_first_declined_then_royal_seal_asks():
    g = seal_and_tower()
    order(g, "Gold", ["Watchtower", "Royal Seal"], "Watchtower")
    watchtower_mode(g, "Gold", (0, 1, 2), 2)  # neither
    topdeck(g, "Royal Seal", "Gold", True)
    assert g.pending().seat == 1
    assert g.trash() == {}
    # the Gold was on the deck, so the clean-up drew it
    expect(g, 0, hand={"Gold": 1, "Estate": 4}, deck=["Estate"] * 2, discard=END)


def test_royal_seal_first_then_watchtower_may_trash_it_from_the_deck():
    g = seal_and_tower()
    order(g, "Gold", ["Watchtower", "Royal Seal"], "Royal Seal")
    topdeck(g, "Royal Seal", "Gold", True)
    # the Gold is on the deck now: Watchtower may still trash it, not put it there again
    watchtower_mode(g, "Gold", (0, 2), 0)
    assert g.pending().seat == 1
    assert g.trash() == {"Gold": 1}
    expect(g, 0, hand={"Estate": 5}, deck=["Estate"], discard=END)


def test_royal_seal_first_declined_then_watchtower_has_all_three_choices():
    g = seal_and_tower()
    order(g, "Gold", ["Watchtower", "Royal Seal"], "Royal Seal")
    topdeck(g, "Royal Seal", "Gold", False)
    watchtower_mode(g, "Gold", (0, 1, 2), 1)  # onto the deck
    assert g.pending().seat == 1
    expect(g, 0, hand={"Gold": 1, "Estate": 4}, deck=["Estate"] * 2, discard=END)


def test_one_effect_that_would_act_asks_no_order():
    # Royal Seal in play, no Watchtower in hand: only one effect, asked directly
    g = start(["Watchtower", "Royal Seal"])
    g.setup(0, hand=["Royal Seal", "Gold", "Silver"], deck=["Estate"] * 6, discard=[])
    play_treasures(g, "Royal Seal", "Gold", "Silver")
    buy(g, "Gold")
    topdeck(g, "Royal Seal", "Gold", False)
    assert g.pending().seat == 1


def test_hoard_and_watchtower_hoard_first_gains_its_gold_before_the_province_moves():
    g = start(["Hoard", "Watchtower"])
    g.setup(0, hand=["Watchtower", "Hoard", "Gold", "Gold"], deck=["Copper"] * 6, discard=[])
    g.answer(-1)
    play_treasures(g, "Hoard", "Gold", "Gold")
    buy(g, "Province")
    order(g, "Province", ["Watchtower", "Hoard"], "Hoard")
    # Hoard's Gold is a gain of its own: Watchtower is asked for it (only it acts: no order)
    watchtower_mode(g, "Gold", (0, 1, 2), 1)  # the Gold onto the deck
    watchtower_mode(g, "Province", (0, 1, 2), 0)  # then trash the Province
    assert g.trash() == {"Province": 1}
    assert g.pending().seat == 1
    expect(g, 0, hand={"Gold": 1, "Copper": 4}, deck=["Copper"] * 2,
           discard={"Watchtower": 1, "Hoard": 1, "Gold": 2})


def test_hoard_after_watchtower_trashed_the_province_still_gains_its_gold():
    # Hoard looks at the buy, not at where the card went: it does not lose track
    g = start(["Hoard", "Watchtower"])
    g.setup(0, hand=["Watchtower", "Hoard", "Gold", "Gold"], deck=["Copper"] * 6, discard=[])
    g.answer(-1)
    play_treasures(g, "Hoard", "Gold", "Gold")
    buy(g, "Province")
    order(g, "Province", ["Watchtower", "Hoard"], "Watchtower")
    watchtower_mode(g, "Province", (0, 1, 2), 0)
    watchtower_mode(g, "Gold", (0, 1, 2), 2)
    assert g.trash() == {"Province": 1}
    expect(g, 0, discard={"Watchtower": 1, "Hoard": 1, "Gold": 3})


def test_the_gained_cards_own_effect_is_offered_first_mint_then_watchtower():
    # Mint (second printing): "when you gain this, trash all Treasures you have in play";
    # its own effect is the first option although Watchtower's id is lower. Watchtower first
    # puts the Mint onto the deck; Mint's effect still trashes the Treasures in play
    g = start(["Mint", "Watchtower"])
    g.setup(0, hand=["Watchtower", "Gold", "Silver"], deck=["Estate"] * 6, discard=[])
    g.answer(-1)  # (no special Treasure in this game: the Treasures are played at once)
    buy(g, "Mint")
    order(g, "Mint", ["Mint", "Watchtower"], "Watchtower")
    watchtower_mode(g, "Mint", (0, 1, 2), 1)
    assert g.pending().seat == 1
    assert g.trash() == {"Gold": 1, "Silver": 1}
    expect(g, 0, hand={"Mint": 1, "Estate": 4}, deck=["Estate"] * 2,
           discard={"Watchtower": 1})


def test_hoard_and_talisman_never_act_on_one_card_so_nothing_is_ordered():
    # Talisman copies only non-Victory cards, Hoard acts only on Victory cards bought; in
    # both printings (the first printing's Hoard acts on the buy, like Talisman)
    for rules in ("official", "official,edition=1"):
        for bought, gets in (("Estate", {"Gold": 2, "Estate": 1}), ("Silver", {"Silver": 3})):
            g = start(["Hoard", "Talisman"], rules=rules)
            g.setup(0, hand=["Hoard", "Talisman", "Gold", "Silver"], deck=["Copper"] * 6,
                    discard=[])
            play_treasures(g, "Hoard", "Talisman", "Gold", "Silver")
            buy(g, bought)
            assert g.pending().seat == 1, (rules, bought)
            expect(g, 0, discard={"Hoard": 1, "Talisman": 1, "Gold": 1, "Silver": 1} | gets)


def test_collection_and_royal_seal_on_an_action_in_either_order():
    for first in ("Collection", "Royal Seal"):
        g = start(["Collection", "Royal Seal", "Smithy"])
        g.setup(0, hand=["Collection", "Royal Seal", "Copper"], deck=["Estate"] * 6,
                discard=[])
        play_treasures(g, "Collection", "Royal Seal", "Copper")
        buy(g, "Smithy")
        order(g, "Smithy", ["Collection", "Royal Seal"], first)
        topdeck(g, "Royal Seal", "Smithy", True)
        g.answer(-1)  # Collection's +Buy left unused
        assert g.pending().seat == 1
        assert g.counters()["vp_tokens0"] == 1
        expect(g, 0, hand={"Smithy": 1, "Estate": 4}, deck=["Estate"] * 2,
               discard={"Collection": 1, "Royal Seal": 1, "Copper": 1})


def test_a_bot_resolves_in_the_default_order_watchtower_first():
    # default: the gained card's own effect first, then id order (Watchtower before Royal
    # Seal): the bot's Watchtower puts the Gold onto its deck, Royal Seal then has nothing to do
    # (it plays one Watchtower, drawing two Estates; the second stays in hand for the gain)
    bot = simple_bot("tower", buy=["Gold"])
    g = bot_turn(["Watchtower", "Royal Seal"], bot,
                 hand=["Watchtower", "Watchtower", "Royal Seal", "Gold", "Silver"],
                 deck=["Estate"] * 8, discard=[])
    assert g.pending().seat == 1
    assert g.trash() == {}
    expect(g, 0, hand={"Gold": 1, "Estate": 4}, deck=["Estate"] * 2,
           discard={"Watchtower": 2, "Royal Seal": 1, "Gold": 1, "Silver": 1, "Estate": 2})


# --- 3. Curse as a $1 Treasure in the discard order (Charlatan) ---------------------------------
def militia_victim(kingdom: list[str], hand: list[str]) -> DominionGame:
    """Seat 0 (outside) plays Militia; seat 1, a bot without lists, discards down to 3."""
    g = start(kingdom, bots=[None, simple_bot("victim")])
    g.setup(1, hand=hand)
    g.setup(0, hand=["Militia", "Copper", "Copper", "Copper", "Copper"], deck=["Estate"] * 5,
            discard=[])
    g.answer(C("Militia"))
    return g


def test_militia_victim_keeps_its_curse_over_estates_in_a_charlatan_game():
    # "In games using this, Curse is also a Treasure worth $1": Curse, Gold, Silver make $6
    # (a Gold), two Estates make nothing
    g = militia_victim(["Militia", "Charlatan"], ["Curse", "Estate", "Estate", "Gold", "Silver"])
    expect(g, 1, hand={"Curse": 1, "Gold": 1, "Silver": 1}, discard={"Estate": 2})


def test_militia_victim_discards_the_curse_before_a_copper_in_a_charlatan_game():
    g = militia_victim(["Militia", "Charlatan"], ["Curse", "Copper", "Estate", "Gold", "Silver"])
    expect(g, 1, hand={"Copper": 1, "Gold": 1, "Silver": 1}, discard={"Curse": 1, "Estate": 1})


def test_militia_victim_discards_the_curse_first_without_charlatan():
    # unchanged where a Curse is only a Curse
    g = militia_victim(["Militia", "Witch"], ["Curse", "Estate", "Estate", "Gold", "Silver"])
    expect(g, 1, hand={"Estate": 1, "Gold": 1, "Silver": 1}, discard={"Curse": 1, "Estate": 1})


def test_a_trasher_still_trashes_the_curse_first_in_a_charlatan_game():
    # Chapel's playbook and the general trash order: a Curse (-1 VP) before an Estate
    bot = simple_bot("chapel", buy=["Silver"])
    g = bot_turn(["Chapel", "Charlatan"], bot,
                 hand=["Chapel", "Curse", "Estate", "Silver", "Silver"], deck=["Copper"] * 5,
                 discard=[])
    assert g.pending().seat == 1
    assert g.trash().get("Curse") == 1


# --- 4. Peddler's cost now (DominionGame.costs, the Play page's numbers) ------------------------
def test_costs_follow_peddler_in_the_buy_phase_only():
    # "During your Buy phase, this costs $2 less per Action card you have in play"
    g = start(["Peddler", "Village", "Quarry"])
    g.setup(0, hand=["Village", "Peddler", "Quarry", "Copper", "Copper"],
            deck=["Copper"] * 6, discard=[])
    assert g.costs()["Peddler"] == 8 and g.costs()["Village"] == 3  # the action phase
    g.answer(C("Village"))
    assert g.costs()["Peddler"] == 8  # an Action in play, but the action phase
    g.answer(C("Peddler"))
    # no Action left in hand: the buy phase, Treasures one at a time (Quarry)
    assert g.counters()["phase"] == "buy" and g.pending().kind == DK.TREASURE
    assert g.costs()["Peddler"] == 4  # $2 less per Action in play (2)
    play_treasures(g, "Quarry")
    # and Quarry's $2 off every Action card
    assert g.costs()["Peddler"] == 2 and g.costs()["Village"] == 1
    assert g.costs()["Gold"] == 6  # Quarry: Action cards only


# --- 2. Trade Route's tokens, one per Victory pile ---------------------------------------------
# "Setup: Put a token on each Victory card Supply pile. When a card is gained from that pile,
# move the token to the Trade Route mat." A pile keeps its token until a card is GAINED from it
# (whoever gains it, bought or not): Lurker trashing one from the Supply moves nothing, nor does
# a card gained from the trash; a pile that is empty never gives one up.
VICTORY = ("Estate", "Duchy", "Province", "Nobles")


def tokens(g: DominionGame) -> dict[str, int]:
    """The game's Victory piles: 1 while the pile still holds its Trade Route token."""
    region = g._view[g.engine.layout.trade_route]
    return {n: int(region[C(n)]) for n in VICTORY if n in g.supply()}


def mat(g: DominionGame) -> int:
    return int(g.counters()["trade_route_mat"])


def tr_game(kingdom: list[str], hand: list[str], **setup: object) -> DominionGame:
    """Seat 0 (outside) to play ``hand``, ten Coppers below; seat 1 (outside) holds Coppers."""
    g = start(kingdom)
    g.setup(1, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=hand, deck=["Copper"] * 10, discard=[], **setup)
    return g


def test_trade_route_two_gains_from_one_pile_move_one_token_another_pile_another():
    g = tr_game(["Trade Route"], ["Trade Route", "Gold", "Gold", "Copper", "Copper"])
    assert (mat(g), tokens(g)) == (0, {"Estate": 1, "Duchy": 1, "Province": 1})
    g.answer(C("Trade Route"))
    g.answer(C("Copper"))  # its trash; the mat is empty: +$0
    assert (coins(g), mat(g)) == (7, 0)
    buy(g, "Estate")
    assert (mat(g), tokens(g)) == (1, {"Estate": 0, "Duchy": 1, "Province": 1})
    buy(g, "Estate")  # a second card from that pile: its token is on the mat already
    assert (mat(g), tokens(g)) == (1, {"Estate": 0, "Duchy": 1, "Province": 1})
    d = g.pending()
    assert (d.seat, d.kind) == (1, DK.BUY), d
    g.answer(C("Duchy"))  # seat 1 ($5) gains from another pile: its token moves too
    assert (mat(g), tokens(g)) == (2, {"Estate": 0, "Duchy": 0, "Province": 1})
    # seat 0's next turn: Trade Route makes $2
    g.setup(0, hand=["Trade Route", "Estate", "Silver", "Silver", "Silver"])
    g.answer(C("Trade Route"))
    g.answer(C("Estate"))
    assert (coins(g), g.trash()) == (2 + 6, {"Copper": 1, "Estate": 1})


def test_trade_route_token_moves_on_a_gain_that_is_not_a_buy():
    g = tr_game(["Trade Route", "Workshop"], ["Workshop", "Copper", "Copper", "Copper", "Copper"])
    g.answer(C("Workshop"))
    g.answer(C("Estate"))
    assert (mat(g), tokens(g)) == (1, {"Estate": 0, "Duchy": 1, "Province": 1})


def test_lurker_trashing_from_a_pile_or_gaining_from_the_trash_leaves_its_token():
    # Nobles is an Action-Victory card: its pile carries a token, and Lurker can trash one
    # from the Supply and gain it back from the trash; neither is a gain from the pile
    g = tr_game(["Trade Route", "Lurker", "Nobles"],
                ["Lurker", "Lurker", "Gold", "Gold", "Copper"])
    g.answer(C("Lurker"))
    g.answer(0)  # trash an Action card from the Supply
    d = g.pending()
    assert (d.kind, d.source) == (DK.TRASH, C("Lurker")), d
    g.answer(C("Nobles"))
    assert g.supply()["Nobles"] == 7 and g.trash() == {"Nobles": 1}
    assert (mat(g), tokens(g)["Nobles"]) == (0, 1)
    g.answer(C("Lurker"))
    g.answer(1)  # gain an Action card from the trash: the Nobles (the only one: not asked)
    assert g.trash() == {} and g.supply()["Nobles"] == 7
    assert (mat(g), tokens(g)["Nobles"]) == (0, 1)
    expect(g, 0, discard={"Nobles": 1})
    buy(g, "Estate")  # ($7) another pile's gain: the Nobles pile keeps its token
    assert (mat(g), tokens(g)) == (1, {"Estate": 0, "Duchy": 1, "Province": 1, "Nobles": 1})


def test_after_lurker_trashed_one_the_first_gain_from_the_pile_moves_its_token():
    g = tr_game(["Trade Route", "Lurker", "Nobles"],
                ["Lurker", "Gold", "Gold", "Copper", "Copper"])
    g.answer(C("Lurker"))
    g.answer(0)
    g.answer(C("Nobles"))
    assert (mat(g), tokens(g)["Nobles"]) == (0, 1)
    buy(g, "Nobles")  # $8: bought from the pile Lurker trashed from
    assert g.supply()["Nobles"] == 6
    assert (mat(g), tokens(g)) == (1, {"Estate": 1, "Duchy": 1, "Province": 1, "Nobles": 0})


def test_a_victory_pile_that_starts_empty_keeps_its_token():
    # the Estate pile is empty from the start: no card can be gained from it, so its token
    # never reaches the mat; a Duchy bought moves the Duchy's (one token, not two)
    g = tr_game(["Trade Route"], ["Gold", "Gold", "Copper", "Copper", "Copper"],
                supply={"Estate": 0})
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.BUY) and C("Estate") not in d.options, d
    g.answer(C("Duchy"))
    assert (mat(g), tokens(g)) == (1, {"Estate": 1, "Duchy": 0, "Province": 1})
