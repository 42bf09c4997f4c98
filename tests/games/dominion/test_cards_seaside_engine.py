"""The Seaside engine: Durations staying in play and their waiting effects,
Throne Room and King's Court on a Duration, the order of waiting effects (K_ORDER), Outpost's
extra turn by the current errata, Embargo tokens in the buy, and invariants in debug games.

Rulebook situations from the printed text and the wiki's pages (Duration: "stay in play until
the Clean-up of the last turn that they do something"; a Throne Room that plays a Duration stays
with it, one that plays a Throne Room does not; Outpost's 2022 FAQ and errata rulings; extra
turns do not count for the tie-break), set with ``DominionGame.setup`` (decks from the top
down), played by outside seats, and the exact zones and counters asserted.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtools import DK, C, counters, expect, owned, start
from ludolab.games.dominion.cards import card, card_id
from ludolab.games.dominion.engine import DominionGame, EndReason, Engine, hooks, simple_bot
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.log import render

KINGDOM = ["Caravan", "Wharf", "Outpost", "Throne Room", "King's Court", "Village", "Smithy",
           "Market", "Militia", "Moat"]


def finish_turn(g: DominionGame) -> None:
    """The current seat stops: no more Actions, no buy."""
    seat = g.pending().seat
    while not g.is_over() and g.pending().seat == seat and g.counters()["seat"] == seat:
        d = g.pending()
        g.answer(-1 if -1 in d.options else d.options[0])
        if g.is_over():
            return
        if g.counters()["seat"] != seat or g.counters()["extra_turn"]:
            return


def pass_other(g: DominionGame, seat: int) -> None:
    """Every other seat's decisions are answered "stop" until ``seat`` must decide again."""
    while not g.is_over() and g.pending().seat != seat:
        d = g.pending()
        g.answer(-1 if -1 in d.options else d.options[0])


def test_caravan_draws_at_the_start_of_the_next_turn_and_stays_until_then():
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["Caravan", "Copper", "Copper", "Copper", "Copper"],
            deck=["Estate"] + ["Silver"] * 5 + ["Gold"] * 2 + ["Duchy"] * 5, discard=[])
    assert g.pending().options == (C("Caravan"), -1)
    g.answer(C("Caravan"))
    # no Action left in hand: the buy phase, every Treasure played
    assert g.pending().kind == DK.BUY and counters(g) == (1, 1, 4)
    expect(g, 0, hand={"Estate": 1}, play={"Caravan": 1, "Copper": 4},
           stay={"Caravan": 1}, waiting=["Caravan"])
    g.answer(-1)
    assert g.pending().seat == 1
    # between the turns: Caravan is still in play (its effect waits), the rest was discarded
    expect(g, 0, hand={"Silver": 5}, play={"Caravan": 1}, stay={"Caravan": 1},
           waiting=["Caravan"], discard={"Copper": 4, "Estate": 1},
           deck=["Gold"] * 2 + ["Duchy"] * 5)
    pass_other(g, 0)
    # its next turn: +1 Card before anything else; Caravan still in play, nothing waits
    assert g.pending().kind == DK.BUY and counters(g) == (1, 1, 13)
    expect(g, 0, hand={}, play={"Caravan": 1, "Silver": 5, "Gold": 1}, stay={}, waiting=[],
           deck=["Gold"] + ["Duchy"] * 5)
    g.answer(-1)
    expect(g, 0, play={}, discard={"Copper": 4, "Estate": 1, "Caravan": 1, "Silver": 5,
                                   "Gold": 1})


def test_wharf_gives_two_cards_and_a_buy_now_and_next_turn():
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["Wharf", "Copper", "Copper", "Copper", "Estate"],
            deck=["Estate", "Estate"] + ["Silver"] * 5 + ["Gold", "Gold"] + ["Duchy"] * 5,
            discard=[])
    g.answer(C("Wharf"))
    assert g.pending().kind == DK.BUY and counters(g) == (0, 2, 3)
    expect(g, 0, hand={"Estate": 3}, play={"Wharf": 1, "Copper": 3})
    g.answer(-1)
    expect(g, 0, hand={"Silver": 5}, play={"Wharf": 1}, waiting=["Wharf"])
    pass_other(g, 0)
    assert counters(g) == (1, 2, 16)  # 5 Silvers, 2 Golds drawn by Wharf; two Buys
    expect(g, 0, play={"Wharf": 1, "Silver": 5, "Gold": 2}, deck=["Duchy"] * 5, waiting=[])
    g.answer(C("Province"))
    g.answer(-1)
    expect(g, 0, play={}, discard={"Copper": 3, "Estate": 3, "Wharf": 1, "Silver": 5,
                                   "Gold": 2, "Province": 1})


def test_throne_room_on_caravan_two_effects_one_caravan_and_the_throne_room_stay():
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["Throne Room", "Caravan", "Copper", "Copper", "Copper"],
            deck=["Estate", "Estate"] + ["Silver"] * 5 + ["Gold", "Gold"] + ["Duchy"] * 5,
            discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Caravan"))
    assert counters(g) == (2, 1, 3)
    expect(g, 0, hand={"Estate": 2}, play={"Throne Room": 1, "Caravan": 1, "Copper": 3},
           stay={"Throne Room": 1, "Caravan": 1}, waiting=["Caravan", "Caravan"])
    finish_turn(g)
    expect(g, 0, play={"Throne Room": 1, "Caravan": 1}, hand={"Silver": 5})
    pass_other(g, 0)
    expect(g, 0, hand={}, play={"Throne Room": 1, "Caravan": 1, "Silver": 5, "Gold": 2},
           deck=["Duchy"] * 5)  # +2 Cards: both effects
    g.answer(-1)
    assert g.zones(0)["play"] == {}
    assert g.zones(0)["discard"]["Throne Room"] == 1 and g.zones(0)["discard"]["Caravan"] == 1


def test_a_throne_room_that_plays_a_throne_room_does_not_stay():
    """Throne Room (1) plays Throne Room (2) twice: (2) plays Caravan twice, then Village twice.
    The second Throne Room stays with the Caravan; the first played no Duration and goes."""
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["Throne Room", "Throne Room", "Caravan", "Village", "Copper"],
            deck=["Estate"] * 4 + ["Silver"] * 5 + ["Gold", "Gold", "Copper"], discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Throne Room"))
    g.answer(C("Caravan"))
    g.answer(C("Village"))
    assert counters(g)[0] == 6  # Caravan +1 twice, Village +2 twice
    expect(g, 0, play={"Throne Room": 2, "Caravan": 1, "Village": 1, "Copper": 1},
           stay={"Throne Room": 1, "Caravan": 1}, waiting=["Caravan", "Caravan"])
    finish_turn(g)
    expect(g, 0, play={"Throne Room": 1, "Caravan": 1},
           discard={"Throne Room": 1, "Village": 1, "Copper": 1, "Estate": 4})


def test_kings_court_on_wharf_triples_both_halves():
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["King's Court", "Wharf", "Copper", "Copper", "Copper"],
            deck=["Estate"] * 6 + ["Silver"] * 5 + ["Gold"] * 6, discard=[])
    g.answer(C("King's Court"))
    g.answer(C("Wharf"))
    assert counters(g) == (0, 4, 3)
    expect(g, 0, hand={"Estate": 6}, waiting=["Wharf"] * 3,
           stay={"King's Court": 1, "Wharf": 1})
    finish_turn(g)
    pass_other(g, 0)
    assert counters(g) == (1, 4, 28)  # 5 Silvers + 6 Golds; 1 + 3 Buys
    expect(g, 0, play={"King's Court": 1, "Wharf": 1, "Silver": 5, "Gold": 6}, waiting=[])


def test_two_different_durations_ask_the_order_in_waiting_order():
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["Village", "Wharf", "Caravan", "Copper", "Copper"],
            deck=["Estate"] * 3 + ["Silver"] * 6 + ["Gold"] * 3, discard=[])
    g.answer(C("Village"))
    g.answer(C("Wharf"))
    g.answer(C("Caravan"))
    expect(g, 0, waiting=["Wharf", "Caravan"])
    finish_turn(g)
    pass_other(g, 0)
    d = g.pending()
    assert (d.kind, d.source, d.subject, d.options) == (DK.ORDER, -1, -1,
                                                        (C("Wharf"), C("Caravan")))
    assert "which waiting Duration effect resolves next" in d.describe()
    g.answer(C("Caravan"))  # the seat may choose against the waiting order
    assert g.pending().kind == DK.BUY  # one card left: no second question
    assert counters(g) == (1, 2, 19)  # 5 Silvers + 3 Golds: +1 Card, +2 Cards, +1 Buy
    expect(g, 0, waiting=[])


def test_outpost_gives_an_extra_turn_with_a_three_card_hand_not_counted_as_a_turn():
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["Outpost", "Copper", "Copper", "Copper", "Copper"],
            deck=["Silver"] * 3 + ["Gold"] * 5, discard=[])
    turns = g.counters()["turns0"]
    g.answer(C("Outpost"))
    g.answer(-1)  # no buy
    # the extra turn: the same seat, a 3-card hand, Outpost still in play, not counted
    c = g.counters()
    assert (c["seat"], c["extra_turn"], c["turns0"]) == (0, 1, turns)
    assert counters(g) == (1, 1, 6)
    expect(g, 0, hand={}, play={"Outpost": 1, "Silver": 3}, waiting=[], stay={})
    g.answer(-1)
    # Outpost is discarded in the extra turn's clean-up; then the other seat plays
    assert g.pending().seat == 1
    c = g.counters()
    assert (c["seat"], c["extra_turn"], c["turns0"]) == (1, 0, turns)
    expect(g, 0, play={}, hand={"Gold": 5})
    assert g.zones(0)["discard"]["Outpost"] == 1


@pytest.mark.parametrize(("rules", "hand_after"), [(None, 5), ("first-edition", 3)])
def test_outpost_in_an_extra_turn_gives_no_third_turn(rules, hand_after):
    """Second printing: Outpost does nothing in an extra turn (a 5-card hand, discarded);
    first printing (errata rulings): it still makes the clean-up draw 3, but no third turn."""
    g = start(KINGDOM, rules=rules)
    g.setup(0, current=0, hand=["Outpost", "Copper", "Copper", "Copper", "Copper"],
            deck=["Outpost", "Silver", "Silver"] + ["Gold"] * 8, discard=[])
    g.answer(C("Outpost"))
    g.answer(-1)
    assert g.counters()["extra_turn"] == 1
    g.answer(C("Outpost"))
    expect(g, 0, stay={}, waiting=[])
    finish_turn(g)
    assert g.counters()["seat"] == 1 and g.counters()["extra_turn"] == 0
    assert sum(g.zones(0)["hand"].values()) == hand_after
    assert g.zones(0)["play"] == {}


def test_throne_room_on_outpost_one_extra_turn_both_stay():
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["Throne Room", "Outpost", "Copper", "Copper", "Copper"],
            deck=["Silver"] * 3 + ["Gold"] * 8, discard=[])
    g.answer(C("Throne Room"))
    g.answer(C("Outpost"))
    expect(g, 0, stay={"Throne Room": 1, "Outpost": 1}, waiting=["Outpost"])
    g.answer(-1)
    assert g.counters()["extra_turn"] == 1 and g.counters()["seat"] == 0
    expect(g, 0, hand={}, play={"Throne Room": 1, "Outpost": 1, "Silver": 3})
    g.answer(-1)
    assert g.counters()["seat"] == 1  # one extra turn only


def test_no_outpost_turn_after_the_turn_that_ended_the_game():
    g = start(KINGDOM)
    g.setup(0, current=0, hand=["Outpost", "Gold", "Gold", "Gold", "Copper"],
            deck=["Silver"] * 8, discard=[], supply={"Province": 1})
    g.answer(C("Outpost"))
    g.answer(C("Province"))
    assert g.is_over() and g.end_reason() == EndReason.PROVINCES


def test_embargo_tokens_gain_the_buyer_a_curse_each():
    eng = Engine(KINGDOM, 2)
    eng._template[eng.layout.tokens.start + C("Silver")] = 2  # two Embargo tokens on Silver
    g = eng.new_game(1, [None, None])
    g.setup(0, current=0, hand=["Copper"] * 5, deck=["Estate"] * 5, discard=[])
    g.answer(C("Silver"))
    assert g.zones(0)["discard"] == {"Copper": 5, "Silver": 1, "Curse": 2}
    assert g.supply()["Curse"] == 10 - 2


WHARF_BM = simple_bot("Wharf BM", buy=["Province", "Gold", "Wharf", "Silver"],
                      limits={"Wharf": 2})


def test_a_traced_game_shows_durations_and_extra_turns():
    bot = simple_bot("Outpost BM", buy=["Province", "Gold", "Outpost", "Wharf", "Silver"],
                     limits={"Outpost": 1, "Wharf": 1})
    eng = Engine(KINGDOM, 2)
    text = render(eng.trace([bot, WHARF_BM], seed=3), ["O", "W"])
    assert "Wharf resolves (Duration)" in text
    assert "Extra turn (after turn" in text


@pytest.mark.parametrize("players", [2, 3])
def test_random_and_bot_games_keep_every_invariant(players):
    """Debug mode checks card conservation (mats, set-aside cards, Durations staying in play)
    and every bot answer after each turn; a random seat answers every decision (K_ORDER
    included) uniformly."""
    eng = Engine(KINGDOM, players)
    bots = [WHARF_BM] + [simple_bot(f"b{s}", buy=["Province", "King's Court", "Outpost",
                                                   "Caravan", "Throne Room", "Gold", "Silver"])
                         for s in range(1, players)]
    rec = eng.play(bots, np.arange(80, dtype=np.uint64) + 100 * players, debug=True,
                   random_seats=[players - 1])
    assert len(rec) == 80
    assert set(rec.end_reason.tolist()) <= {EndReason.PROVINCES, EndReason.PILES}


def test_a_game_without_durations_keeps_the_plain_path():
    """H_DUR is set only where a Duration (or mat, token, Seaside hook) is in the game."""
    assert Engine(["Village", "Smithy"], 2)._template[K.H_DUR] == 0
    assert Engine(["Caravan", "Smithy"], 2)._template[K.H_DUR] == 1


def _order_game(order: list[str]) -> DominionGame:
    """Seat 0, a bot, plays Village, Tide Pools and Caravan (seven Coppers: it buys a Gold);
    its next hand is Gold, Silver, Silver, Copper, Copper with an Estate on its deck. Seat 1
    passes its turn; then both waiting effects resolve in the order the bot picks (K_ORDER)."""
    from ludolab.games.dominion.bots import compile_bot, parse_bot_text

    lines = [f'"{c}"' for c in order]
    text = f'name = "o"\nbuy = ["Province", "Gold", "Silver"]\norder = [{", ".join(lines)}]\n'
    bot = compile_bot(parse_bot_text(text))
    g = Engine(["Village", "Tide Pools", "Caravan", "Smithy", "Market"], 2).new_game(
        1, [bot, None])
    g.setup(0, current=0, hand=["Village", "Tide Pools", "Caravan", "Copper", "Copper"],
            deck=["Copper"] * 5 + ["Gold", "Silver", "Silver", "Copper", "Copper", "Estate"],
            discard=[])
    assert g.pending().seat == 1 and g.zones(0)["waiting"] == ["Tide Pools", "Caravan"]
    assert g.zones(0)["hand"] == {"Gold": 1, "Silver": 2, "Copper": 2}
    assert owned(g, 0, "Gold") == 2  # the one in hand and the one just bought
    turns = g.counters()["turns0"]
    while g.counters()["turns0"] == turns:  # seat 1 passes; the bot then plays its next turn
        d = g.pending()
        g.answer(-1 if -1 in d.options else d.options[0])
    return g


def test_the_order_list_steers_which_waiting_effect_resolves_first():
    """By default Caravan draws first (Tide Pools' discard comes after draws: its ORDER), so
    Tide Pools discards the drawn Estate and a Copper: $8, a Province. A bot whose order list
    names Tide Pools discards two Coppers first, then draws the Estate: $7, a Gold."""
    default = _order_game([])
    assert owned(default, 0, "Province") == 1 and owned(default, 0, "Gold") == 2
    steered = _order_game(["Tide Pools"])
    assert owned(steered, 0, "Province") == 0 and owned(steered, 0, "Gold") == 3
    # a listed card that is not among the waiting effects leaves the default order
    assert owned(_order_game(["Smithy"]), 0, "Province") == 1


# (next cards, next actions, next buys, next coins) of the cards whose next-turn half is plain
NEXT_TURN_ROWS = {"Caravan": (1, 0, 0, 0), "Wharf": (2, 0, 1, 0), "Merchant Ship": (0, 0, 0, 2),
                  "Fishing Village": (0, 1, 0, 1), "Astrolabe": (0, 0, 1, 1),
                  "Lighthouse": (0, 0, 0, 1)}


def test_plain_next_turn_halves_are_columns_of_the_row_not_hooks():
    """"Now and at the start of your next turn" with fixed amounts is data: the row's next-turn
    columns, flagged SP_NEXT in the table, registered by the play itself; no play or duration
    hook, and no home at all where nothing else is left (Lighthouse keeps its protection)."""
    engine = Engine(list(NEXT_TURN_ROWS), 2)
    for name, amounts in NEXT_TURN_ROWS.items():
        c = card(name)
        assert (c.next_cards, c.next_actions, c.next_buys, c.next_coins) == amounts
        assert c.waits and c.has_effect
        assert not hooks.has_hook(c.id, "play") and not hooks.has_hook(c.id, "duration")
        spec = int(engine._table[c.id, K.COL_SPECIAL])
        assert spec & K.SP_NEXT and bool(spec & K.SP_HOME) == c.special
        assert [int(engine._table[c.id, K.COL_NEXT_CARDS + j]) for j in range(4)] == list(amounts)
    assert [n for n in NEXT_TURN_ROWS if hooks.home(card_id(n)) is not None] == ["Lighthouse"]
    assert engine._template[K.H_DUR] == 1 and engine._template[K.H_TFX] == 1  # Astrolabe


def test_the_kernel_names_no_card_for_extra_turns():
    """Outpost's conditions are its home's; the kernel keeps the general extra turn
    (``extra_turn``, ``H_EXTRA_NEXT``) and the clean-up's draw size (``H_DRAW_NEXT``)."""
    assert not hasattr(K, "OUTPOST") and not hasattr(K, "H_OUTPOST")
    assert hooks.has_hook(card_id("Outpost"), "play")
    assert {K.H_DRAW_NEXT, K.H_EXTRA_NEXT} < set(range(K.HDR))
