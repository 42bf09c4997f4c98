"""Courtyard, Secret Passage and Masquerade (Intrigue): rulebook situations, the FAQ points, both
printings of Masquerade, what a player knows of its pile afterwards, the playbooks' key answers,
and random games that keep every invariant.

Every test sets exact zones with ``DominionGame.setup`` (decks are listed from the top down),
plays the card as an outside seat, answers its decisions and asserts the exact result.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, expect, start
from ludolab.games.dominion.engine import DominionGame, Engine, simple_bot
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.search import DominionSearchPlayer

KINGDOM = ["Courtyard", "Secret Passage", "Masquerade", "Throne Room", "Moat"]


def known(g: DominionGame, seat: int) -> tuple[int, int, int]:
    """What the pile's owner knows (top run, deep position) and everyone (top run)."""
    V = g._view
    sc = g.engine.layout.scalars(seat)
    return (int(K.known_top(V, sc, False)), int(K.known_deep(V, sc)),
            int(K.known_top(V, sc, True)))


def playbook(g: DominionGame, bot=None) -> int:
    """The bot's (by default an empty bot's: the playbook's) answer to the pending decision."""
    bot = bot or simple_bot("playbook")
    player = DominionSearchPlayer(bot, 1)
    d = g.pending()
    return player._bot_answer(g, player._kernel(g.engine), np.array(d.options, dtype=np.int64))


# --- Courtyard -------------------------------------------------------------------------------
def test_courtyard_draws_three_then_puts_any_hand_card_onto_the_deck():
    g = start(KINGDOM)
    g.setup(0, hand=["Courtyard", "Silver", "Estate"], deck=["Copper", "Gold", "Copper", "Duchy"],
            discard=[])
    g.answer(C("Courtyard"))
    d = g.pending()
    assert (d.seat, d.kind, d.source) == (0, DK.TOPDECK, C("Courtyard"))
    # every card of the hand, not only the three drawn; no "none": it is mandatory
    assert d.options == (C("Copper"), C("Silver"), C("Gold"), C("Estate"))
    g.answer(C("Estate"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={}, play={"Courtyard": 1, "Copper": 2, "Silver": 1, "Gold": 1},
           deck=["Estate", "Duchy"])
    assert known(g, 0) == (1, -1, 0)  # its owner knows the Estate is on top; nobody else does


def test_courtyard_reshuffles_when_the_deck_runs_out():
    g = start(KINGDOM)
    g.setup(0, hand=["Courtyard"], deck=["Copper"], discard=["Silver", "Silver"])
    before = g.counters()["shuffles0"]
    g.answer(C("Courtyard"))
    assert g.pending().options == (C("Copper"), C("Silver"))
    g.answer(C("Silver"))
    expect(g, 0, deck=["Silver"], discard={}, play={"Courtyard": 1, "Copper": 1, "Silver": 1})
    assert g.counters()["shuffles0"] == before + 1


def test_courtyard_with_nothing_to_draw_and_an_empty_hand_puts_nothing_back():
    g = start(KINGDOM)
    g.setup(0, hand=["Courtyard"], deck=[], discard=[])
    g.answer(C("Courtyard"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={}, deck=[], play={"Courtyard": 1})


def test_throne_room_on_courtyard_puts_back_twice():
    g = start(KINGDOM)
    g.setup(0, hand=["Throne Room", "Courtyard"],
            deck=["Copper", "Gold", "Copper", "Gold", "Gold", "Estate"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Courtyard"))
    assert g.pending().options == (C("Copper"), C("Gold"))
    g.answer(C("Copper"))  # first play: back on top, and drawn again by the second
    d = g.pending()
    assert d.kind == DK.TOPDECK and d.options == (C("Copper"), C("Gold"))
    g.answer(C("Gold"))
    expect(g, 0, deck=["Gold", "Estate"],
           play={"Throne Room": 1, "Courtyard": 1, "Copper": 2, "Gold": 2})
    assert known(g, 0) == (1, -1, 0)


def test_courtyard_playbook_keeps_buying_power_and_saves_the_rest():
    g = start(KINGDOM)
    # $9: a Copper goes back (Province either way), the Estate stays in hand to be discarded
    g.setup(0, hand=["Courtyard", "Estate"], deck=["Gold", "Gold", "Copper", "Estate"],
            discard=[])
    g.answer(C("Courtyard"))
    assert playbook(g) == C("Copper")
    # $6 needs every Treasure: the Estate goes back (the least missed)
    g = start(KINGDOM)
    g.setup(0, hand=["Courtyard", "Estate"], deck=["Gold", "Silver", "Copper"], discard=[])
    g.answer(C("Courtyard"))
    assert playbook(g) == C("Estate")
    # no action left: the Masquerade it drew dead goes back for the next turn
    g = start(KINGDOM)
    g.setup(0, hand=["Courtyard"], deck=["Masquerade", "Silver", "Copper", "Copper"], discard=[])
    g.answer(C("Courtyard"))
    assert playbook(g) == C("Masquerade")
    # the bot's topdeck list comes first
    assert playbook(g, simple_bot("t", topdeck=["Silver"])) == C("Silver")


def test_courtyard_playbook_asks_the_bots_own_buy_list():
    """$6 for a bot that buys Province or Silver (no Gold): the Gold is not needed for this
    turn's Silver, so it goes back for the next hand (the best card the buy list can spare,
    Geronimoo's "removing reduces buying power"; a cost-tier rule kept the Gold for a $6 card
    the bot never buys and put back the Copper)."""
    g = start(KINGDOM)
    g.setup(0, hand=["Courtyard", "Estate"], deck=["Gold", "Silver", "Copper"], discard=[])
    g.answer(C("Courtyard"))
    assert playbook(g, simple_bot("ps", buy=["Province", "Silver"])) == C("Gold")
    # the same hand for a bot that buys Gold at $6: every Treasure counts, the Estate goes back
    assert playbook(g, simple_bot("pgs", buy=["Province", "Gold", "Silver"])) == C("Estate")


def test_courtyard_is_not_played_with_nothing_to_draw():
    bot = simple_bot("cy", buy=["Province", "Gold", "Silver"])
    g = start(KINGDOM, 2, bots=[None, bot])
    g.setup(0, hand=["Courtyard", "Copper"], deck=[], discard=[])
    assert playbook(g, bot) == -1


# --- Secret Passage --------------------------------------------------------------------------
def test_secret_passage_puts_the_card_anywhere_in_the_deck():
    g = start(KINGDOM)
    g.setup(0, hand=["Secret Passage", "Silver"],
            deck=["Copper", "Gold", "Estate", "Duchy", "Copper"], discard=[])
    g.answer(C("Secret Passage"))
    d = g.pending()
    assert (d.kind, d.source, d.options) == (DK.TOPDECK, C("Secret Passage"),
                                             (C("Copper"), C("Silver"), C("Gold")))
    g.answer(C("Silver"))
    d = g.pending()
    assert (d.kind, d.subject, d.options) == (DK.POSITION, C("Silver"), (0, 1, 2, 3))
    assert d.describe() == ("seat 0: where in your deck Silver goes (Secret Passage) "
                            "[on top, under 1 card, under 2 cards, under 3 cards]")
    g.answer(2)
    expect(g, 0, deck=["Estate", "Duchy", "Silver", "Copper"], hand={})
    assert g.counters()["actions"] == 1  # +1 Action
    assert known(g, 0) == (0, 1, 0)  # its owner knows the Silver is second from the bottom


def test_secret_passage_to_the_bottom_and_on_top():
    g = start(KINGDOM)
    g.setup(0, hand=["Secret Passage", "Estate"], deck=["Copper", "Gold", "Silver", "Duchy"],
            discard=[])
    g.answer(C("Secret Passage"))
    g.answer(C("Estate"))
    g.answer(2)  # the bottom of a two-card deck
    expect(g, 0, deck=["Silver", "Duchy", "Estate"])
    assert known(g, 0) == (0, 0, 0)
    g = start(KINGDOM)
    g.setup(0, hand=["Secret Passage", "Estate"], deck=["Copper", "Gold", "Silver"], discard=[])
    g.answer(C("Secret Passage"))
    g.answer(C("Estate"))
    g.answer(0)
    expect(g, 0, deck=["Estate", "Silver"])
    assert known(g, 0) == (1, -1, 0)


def test_secret_passage_with_an_empty_deck_makes_the_card_the_deck():
    g = start(KINGDOM)
    g.setup(0, hand=["Secret Passage"], deck=["Copper", "Silver"], discard=[])
    g.answer(C("Secret Passage"))
    g.answer(C("Silver"))
    assert g.pending().kind == DK.BUY  # one place only: no position to choose
    expect(g, 0, deck=["Silver"], hand={}, play={"Secret Passage": 1, "Copper": 1})
    assert known(g, 0) == (1, -1, 0)


def test_throne_room_on_secret_passage_and_the_known_run():
    g = start(KINGDOM)
    g.setup(0, hand=["Throne Room", "Secret Passage", "Estate"],
            deck=["Copper", "Copper", "Silver", "Gold", "Duchy", "Duchy"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Secret Passage"))
    g.answer(C("Estate"))
    assert g.pending().options == (0, 1, 2, 3, 4)
    g.answer(4)  # the bottom: known below the (empty) run
    g.answer(C("Gold"))  # the second play drew Silver and Gold
    assert g.pending().options == (0, 1, 2, 3)
    g.answer(0)
    expect(g, 0, deck=["Gold", "Duchy", "Duchy", "Estate"], hand={},
           play={"Throne Room": 1, "Secret Passage": 1, "Copper": 2, "Silver": 1})
    assert known(g, 0) == (1, 0, 0)
    assert g.counters()["actions"] == 2


def test_secret_passage_below_a_public_card_and_a_second_deep_card():
    # A Bureaucrat's Silver everyone saw is on top; a card put under it keeps it public on top.
    g = start([*KINGDOM, "Bureaucrat", "Village"])
    g.setup(0, hand=["Village", "Bureaucrat", "Secret Passage", "Secret Passage"],
            deck=["Copper", "Copper", "Copper", "Copper", "Estate", "Duchy"], discard=[])
    g.answer(C("Village"))
    g.answer(C("Secret Passage"))  # draws 2 Coppers
    g.answer(C("Copper"))
    g.answer(2)  # under 2 of 3 cards: deep, known at position 1 (from the bottom)
    assert known(g, 0) == (0, 1, 0)
    expect(g, 0, deck=["Copper", "Estate", "Copper", "Duchy"])
    g.answer(C("Bureaucrat"))  # gains a Silver onto the deck, public
    assert known(g, 0) == (1, 1, 1)
    g.answer(C("Secret Passage"))  # draws Silver, Copper
    g.answer(C("Silver"))
    g.answer(0)  # back on top: the owner's run; it is no longer public
    assert known(g, 0) == (1, 1, 0)


def test_a_second_card_below_the_run_is_not_tracked():
    g = start(KINGDOM)
    g.setup(0, hand=["Throne Room", "Secret Passage", "Estate", "Estate"],
            deck=["Copper", "Copper", "Silver", "Gold", "Duchy", "Duchy", "Copper"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Secret Passage"))
    g.answer(C("Estate"))
    g.answer(5)  # the bottom: deep
    assert known(g, 0) == (0, 0, 0)
    g.answer(C("Estate"))
    g.answer(2)
    L = g.engine.layout
    assert known(g, 0) == (0, -1, 0)
    assert g._view[L.scalar(0, "deep")] == -g._view[K.H_NTURNS]  # this turn is stamped


def test_secret_passage_playbook_and_its_option():
    g = start(KINGDOM)
    g.setup(0, hand=["Secret Passage", "Estate", "Gold"], deck=["Gold", "Copper", "Silver"] * 2,
            discard=[])
    g.answer(C("Secret Passage"))
    # $7: the Copper is the best card the buy (Gold) can spare; the Estate is discarded anyway
    assert playbook(g) == C("Copper")
    g.answer(C("Copper"))
    assert playbook(g) == 4  # Copper or worse: to the bottom
    bot = simple_bot("top")
    bot.card_options[(C("Secret Passage"), 0)] = 1.0
    assert playbook(g, bot) == 0
    # $14 without junk: a Gold is not needed for the Province: on top, for the next hand
    g = start(KINGDOM)
    g.setup(0, hand=["Secret Passage", "Gold", "Gold", "Gold"],
            deck=["Gold", "Silver", "Copper"] * 2, discard=[])
    g.answer(C("Secret Passage"))
    assert playbook(g) == C("Gold")
    g.answer(C("Gold"))
    assert playbook(g) == 0
    bot = simple_bot("bottom")
    bot.card_options[(C("Secret Passage"), 0)] = 2.0
    assert playbook(g, bot) == 4


# --- Masquerade ------------------------------------------------------------------------------
def test_masquerade_everyone_passes_left_at_once_then_the_player_may_trash():
    g = start(KINGDOM, players=3)
    g.setup(1, hand=["Gold", "Estate"], deck=["Copper"] * 5, discard=[])
    g.setup(2, hand=["Curse", "Copper"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade", "Silver"], deck=["Duchy", "Copper", "Copper"] * 3, discard=[])
    g.answer(C("Masquerade"))
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.arg) == (0, DK.PASS, C("Masquerade"), 1)
    assert d.options == (C("Copper"), C("Silver"), C("Duchy"))
    assert d.describe() == "seat 0: pass a card to seat 1 (Masquerade) [Copper, Silver, Duchy]"
    g.answer(C("Duchy"))
    d = g.pending()
    # seat 1 chooses before the Duchy reaches it (not among its options)
    assert (d.seat, d.kind, d.arg, d.options) == (1, DK.PASS, 2, (C("Gold"), C("Estate")))
    g.answer(C("Estate"))
    d = g.pending()
    assert (d.seat, d.arg, d.options) == (2, 0, (C("Copper"), C("Curse")))
    g.answer(C("Curse"))
    d = g.pending()
    assert (d.seat, d.kind, d.options) == (0, DK.TRASH, (C("Copper"), C("Silver"), C("Curse"),
                                                          -1))
    expect(g, 0, hand={"Copper": 1, "Silver": 1, "Curse": 1}, aside={})
    expect(g, 1, hand={"Gold": 1, "Duchy": 1}, owned={"Gold": 1, "Duchy": 1, "Copper": 5})
    expect(g, 2, hand={"Copper": 1, "Estate": 1})
    assert g.vp() == (2 * 3 - 1, 3, 1)  # passed cards change owner (they are not gained)
    assert g.supply()["Duchy"] == 12  # untouched: nothing was gained
    L = g.engine.layout
    turn = g._view[K.H_NTURNS]
    assert [int(g._view[L.scalar(q, "received")]) == turn for q in range(3)] == [True] * 3
    g.answer(C("Curse"))
    assert g.pending().kind == DK.BUY
    expect(g, 0, hand={}, play={"Masquerade": 1, "Copper": 1, "Silver": 1})
    assert g.trash() == {"Curse": 1}


def test_masquerade_skips_players_without_cards_second_printing():
    g = start(KINGDOM, players=3)
    g.setup(1, hand=[], deck=["Copper"] * 5, discard=[])
    g.setup(2, hand=["Gold"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade"], deck=["Estate", "Copper"], discard=[])
    g.answer(C("Masquerade"))
    d = g.pending()
    assert (d.seat, d.kind, d.arg) == (0, DK.PASS, 2)  # to the next player with cards
    g.answer(C("Estate"))
    d = g.pending()  # seat 2 passes to seat 0; seat 1 neither passes nor receives
    assert (d.seat, d.kind, d.arg) == (0, DK.TRASH, -1) and d.options == (C("Copper"),
                                                                          C("Gold"), -1)
    expect(g, 0, hand={"Copper": 1, "Gold": 1})
    expect(g, 1, hand={})
    expect(g, 2, hand={"Estate": 1})
    g.answer(-1)
    assert g.trash() == {}


def test_masquerade_first_printing_every_player_passes_to_the_left():
    # Seat 1 has no cards: it passes nothing but still receives seat 0's card.
    g = start(KINGDOM, players=3, rules="first-edition")
    g.setup(1, hand=[], deck=["Copper"] * 5, discard=[])
    g.setup(2, hand=["Gold"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade"], deck=["Estate", "Copper"], discard=[])
    g.answer(C("Masquerade"))
    d = g.pending()
    assert (d.seat, d.kind, d.arg) == (0, DK.PASS, 1)
    g.answer(C("Estate"))
    d = g.pending()
    assert (d.seat, d.kind) == (0, DK.TRASH) and d.options == (C("Copper"), C("Gold"), -1)
    expect(g, 1, hand={"Estate": 1})
    expect(g, 2, hand={})
    g.answer(C("Copper"))
    expect(g, 0, hand={}, play={"Masquerade": 1, "Gold": 1})
    assert g.trash() == {"Copper": 1}


def test_masquerade_first_printing_with_an_empty_hand_still_receives():
    g = start(KINGDOM, players=2, rules="first-edition")
    g.setup(1, hand=["Province", "Copper"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade"], deck=[], discard=[])
    g.answer(C("Masquerade"))
    d = g.pending()
    assert (d.seat, d.kind, d.arg) == (1, DK.PASS, 0)
    g.answer(C("Province"))
    d = g.pending()
    assert (d.seat, d.kind, d.options) == (0, DK.TRASH, (C("Province"), -1))
    g.answer(-1)
    expect(g, 0, hand={"Province": 1})
    expect(g, 1, hand={"Copper": 1})
    # the second printing skips a player with no cards: nobody passes
    g = start(KINGDOM, players=2)
    g.setup(1, hand=["Province", "Copper"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade"], deck=[], discard=[])
    g.answer(C("Masquerade"))
    assert g.pending().kind == DK.BUY
    expect(g, 1, hand={"Province": 1, "Copper": 1})


@pytest.mark.parametrize("rules", [None, "first-edition"])
def test_masquerade_solo_and_alone_with_cards_passes_nothing(rules):
    g = start(KINGDOM, players=1, rules=rules)
    g.setup(0, hand=["Masquerade", "Estate"], deck=["Copper", "Copper"], discard=[])
    g.answer(C("Masquerade"))
    d = g.pending()
    assert (d.kind, d.options) == (DK.TRASH, (C("Copper"), C("Estate"), -1))
    g.answer(C("Estate"))
    expect(g, 0, hand={}, play={"Masquerade": 1, "Copper": 2})
    assert g.trash() == {"Estate": 1}


def test_throne_room_on_masquerade_passes_and_trashes_twice():
    g = start(KINGDOM)
    g.setup(1, hand=["Silver", "Silver"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Throne Room", "Masquerade"], deck=["Curse", "Estate", "Copper", "Copper"],
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Masquerade"))
    g.answer(C("Curse"))  # seat 1 holds only Silvers: it passes one without being asked
    d = g.pending()
    assert (d.seat, d.kind, d.options) == (0, DK.TRASH, (C("Silver"), C("Estate"), -1))
    g.answer(C("Estate"))
    g.answer(C("Copper"))  # second play: draws 2 Coppers, passes one
    d = g.pending()
    assert (d.seat, d.kind, d.options) == (1, DK.PASS, (C("Silver"), C("Curse")))
    g.answer(C("Curse"))
    d = g.pending()
    assert (d.seat, d.kind, d.options) == (0, DK.TRASH, (C("Copper"), C("Silver"), C("Curse"),
                                                          -1))
    g.answer(C("Curse"))
    expect(g, 0, hand={}, play={"Throne Room": 1, "Masquerade": 1, "Copper": 1, "Silver": 1})
    expect(g, 1, hand={"Silver": 1, "Copper": 1})
    assert g.trash() == {"Estate": 1, "Curse": 1}


def test_masquerade_is_not_an_attack():
    g = start(KINGDOM)
    g.setup(1, hand=["Moat", "Copper"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade"], deck=["Copper", "Copper"], discard=[])
    g.answer(C("Masquerade"))
    d = g.pending()
    assert (d.seat, d.kind) == (1, DK.PASS)  # no Moat to reveal: seat 0's one card passed
    g.answer(C("Moat"))
    d = g.pending()
    assert d.kind == DK.TRASH
    expect(g, 0, hand={"Copper": 1, "Moat": 1})


def test_masquerade_playbook_passes_the_worst_card_and_trashes_with_care():
    g = start(KINGDOM)
    g.setup(1, hand=["Curse", "Estate", "Copper"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade", "Estate", "Silver"], deck=["Copper", "Gold"], discard=[])
    g.answer(C("Masquerade"))
    assert playbook(g) == C("Estate")  # early: an Estate is junk to pass
    g.answer(C("Copper"))
    assert playbook(g) == C("Curse")  # seat 1
    g.answer(C("Curse"))
    # $6 in hand (Silver, Gold + the Estate): trashing the Curse costs nothing
    assert playbook(g) == C("Curse")
    g.answer(-1)
    # late (two Provinces left) an Estate is 2 VP of swing: pass a Copper instead
    g = start(KINGDOM)
    g.setup(1, hand=["Copper"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade", "Estate", "Copper"], deck=["Silver", "Gold"], discard=[],
            supply={"Province": 2})
    g.answer(C("Masquerade"))
    assert playbook(g) == C("Copper")
    g.answer(C("Copper"))
    # the Copper back from seat 1 is needed ($6 owned in all), and an Estate is no longer
    # trashed late: nothing
    assert playbook(g) == -1


def test_masquerade_trashes_a_copper_only_when_the_buy_does_not_need_it():
    # late (an Estate is no longer trashed): $9 keeps the Province without a Copper
    g = start(KINGDOM)
    g.setup(1, hand=["Estate"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade", "Gold", "Gold", "Copper", "Estate"],
            deck=["Copper", "Copper"], discard=["Gold"] * 3, supply={"Province": 2})
    g.answer(C("Masquerade"))
    assert playbook(g) == C("Copper")
    g.answer(C("Estate"))  # seat 1 passes its Estate without being asked
    assert g.pending().options == (C("Copper"), C("Gold"), C("Estate"), -1)
    assert playbook(g) == C("Copper")
    g = start(KINGDOM)
    g.setup(1, hand=["Estate"], deck=["Copper"] * 5, discard=[])
    g.setup(0, hand=["Masquerade", "Gold", "Silver"], deck=["Copper", "Duchy"],
            discard=["Gold"] * 3, supply={"Province": 2})
    g.answer(C("Masquerade"))
    g.answer(C("Duchy"))
    assert playbook(g) == -1  # $6: the Copper's $1 is needed for the Gold


# --- random games ----------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [None, "first-edition"])
def test_random_games_with_these_cards_keep_every_invariant(rules):
    kingdom = ["Courtyard", "Secret Passage", "Masquerade", "Throne Room"]
    bot = simple_bot("all", buy=["Province", "Gold", "Masquerade", "Secret Passage", "Courtyard",
                                 "Throne Room", "Silver"])
    for players in (2, 3, 4):
        eng = Engine(kingdom, players, rules)
        rec = eng.play([bot] * players, np.arange(100, dtype=np.uint64), debug=True,
                       random_seats=list(range(0, players, 2)))
        assert len(rec) == 100  # every game finished, no engine error, cards conserved
        assert (rec.outcome.max(axis=1) >= 1).all()


# --- what the owner knows: kernel.put_at on a pile -------------------------------------------
def test_put_at_keeps_the_known_run_and_one_deep_card():
    g = start(KINGDOM)
    g.setup(0, hand=["Copper"] * 5, deck=["Copper"] * 6, discard=[])
    S, I = g._S.copy(), g._get_env().I
    sc = g.engine.layout.scalars(0)
    pile = g.engine.layout.deck(0)

    def state():
        n = int(S[sc + K.PS_DECKN])
        return (int(K.known_top(S, sc, False)), int(K.known_deep(S, sc)),
                int(K.known_top(S, sc, True)), S[pile][:n].tolist())

    K.put_top(S, I, 0, C("Silver"), True)  # a gain onto the deck: everyone knows it
    K.put_top(S, I, 0, C("Gold"), False)  # put back: only its owner knows; public run ends
    assert state() == (2, -1, 0, [0] * 6 + [C("Silver"), C("Gold")])
    K.put_at(S, I, 0, C("Duchy"), 2)  # at the run's bottom edge: the run grows
    assert state() == (3, -1, 0, [0] * 6 + [C("Duchy"), C("Silver"), C("Gold")])
    K.put_at(S, I, 0, C("Estate"), 5)  # below the run: known at its own place
    assert state() == (3, 4, 0, [0] * 4 + [C("Estate"), 0, 0] + [C("Duchy"), C("Silver"),
                                                                  C("Gold")])
    K.put_at(S, I, 0, C("Province"), 1)  # inside the run
    assert state()[:3] == (4, 4, 0)
    S[sc + K.PS_DECKN] = 4  # the top six cards drawn (the Estate among them)
    assert state()[:3] == (0, -1, 0)
    K.put_top(S, I, 0, C("Silver"), True)  # the old deep place is forgotten, not revived
    assert state() == (1, -1, 1, [0, 0, 0, 0, C("Silver")])
    K.put_at(S, I, 0, C("Curse"), 1)  # under a public card: it stays public on top
    assert state() == (2, -1, 1, [0, 0, 0, 0, C("Curse"), C("Silver")])


def test_the_log_says_where_secret_passage_put_its_card():
    from ludolab.games.dominion import log

    bot = simple_bot("sp", buy=["Province", "Gold", "Secret Passage", "Silver"],
                     limits={"Secret Passage": 2})
    bot.card_options[(C("Secret Passage"), 0)] = 2.0  # always the bottom
    eng = Engine(["Secret Passage"], 2)
    text = "\n".join(log.render(eng.trace([bot, bot], s)) for s in range(3))
    assert "into the deck under" in text
    assert all(" under 0 cards" not in line for line in text.splitlines())


def test_the_log_names_each_masquerade_pass():
    """The log is omniscient: a Masquerade pass names the card, the passer and the receiver
    (the two players who know it), one line each, where the cards change hands."""
    from ludolab.games.dominion import log
    from ludolab.games.dominion.bots import load_bot
    from ludolab.games.dominion.engine import EventKind, TraceEvent

    events = [TraceEvent(EventKind.GAME, -1, -1, 3), TraceEvent(EventKind.TURN, 0, -1, 4),
              TraceEvent(EventKind.PLAY, 0, C("Masquerade"), 0),
              TraceEvent(EventKind.PASS, 0, C("Copper"), 1),
              TraceEvent(EventKind.PASS, 1, C("Estate"), 2),
              TraceEvent(EventKind.PASS, 2, C("Curse"), 0)]
    assert log.render(events).splitlines()[-3:] == [
        "  P1 passes Copper to P2", "  P2 passes Estate to P3", "  P3 passes Curse to P1"]
    bot = load_bot("Masquerade")
    eng = Engine(["Masquerade"], 3)
    for seed in range(10):
        traced = eng.trace([bot] * 3, seed)
        passes = [e for e in traced if e.kind == EventKind.PASS]
        if passes:
            break
    assert passes, "no Masquerade pass in ten traced games"
    text = log.render(traced)
    for e in passes:
        assert e.arg != e.seat and 0 <= e.arg < 3
        assert f"P{e.seat + 1} passes {e.card_name} to P{e.arg + 1}" in text
