"""Step-wise play (``DominionGame``): answers through the same engine as the batch loop."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from ludolab.core import rng
from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine import DecisionKind, Engine, simple_bot
from ludolab.games.dominion.engine.hooks import playable

C = card_id
BM = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])

PLAYABLE = playable()  # the kingdom cards with rules in the engine (grows as homes land)


def keyed_pick(seed: int, seat: int, k: int, n: int) -> int:
    """The engine's random-seat answer: option index from (seed, seat, PLAYER, k)."""
    w = rng.keyed_u64(seed, seat, rng.PLAYER, k)
    return ((w >> 32) * n) >> 32


def test_outside_answers_replay_exactly_like_the_batch_loop():
    """Outside seats answering with the engine's own keyed random picks reproduce the records
    of the batch loop (where those seats are random seats) game for game: the answer tape, the
    turn replays and the pending decisions are exact."""
    r = np.random.default_rng(5)
    for trial in range(40):
        n = int(r.integers(2, 5))
        kingdom = sorted(r.choice(PLAYABLE, 10, replace=False).tolist())
        eng = Engine(kingdom, n, "official,turn_cap=30")
        bots = [simple_bot(f"b{s}", buy=["Province", "Gold"]
                           + [CARDS[c].name for c in kingdom[s:s + 3]] + ["Silver"])
                for s in range(n)]
        outside = [s for s in range(n) if r.random() < 0.6] or [0]
        seed = 7 * trial + 1
        # a random seat carries no lists, as an outside seat has none: another seat's playbook
        # may read them (Swindler's attacker gives the victim a card its lists do not name)
        blank = [simple_bot(f"r{s}", buy=[]) if s in outside else bots[s] for s in range(n)]
        batch = eng.play(blank, [seed], random_seats=outside)
        game = eng.new_game(seed, [None if s in outside else bots[s] for s in range(n)])
        k = dict.fromkeys(outside, 0)
        while not game.is_over():
            d = game.pending()
            assert d.seat in outside and len(d.options) >= 2
            game.answer(d.options[keyed_pick(seed, d.seat, k[d.seat], len(d.options))])
            k[d.seat] += 1
        rec = game.records()
        assert np.array_equal(rec.vp, batch.vp) and np.array_equal(rec.turns, batch.turns)
        assert np.array_equal(rec.outcome, batch.outcome)


def test_clone_is_independent():
    g = Engine(["Smithy", "Village"], 2).new_game(4, [None, None])
    g.setup(0, hand=["Village", "Smithy", "Copper"], deck=["Copper"] * 8, discard=[])
    before = (g.pending(), g.zones(0), g.zones(1), g.supply())
    c = g.clone()
    c.answer(C("Village"))
    c.answer(C("Smithy"))
    c.answer(C("Silver"))
    assert (g.pending(), g.zones(0), g.zones(1), g.supply()) == before
    assert c.zones(0)["owned"].get("Silver") == 1 and "Silver" not in g.zones(0)["owned"]


def test_pickle_round_trip_continues_identically():
    g = Engine(["Militia", "Moat"], 3).new_game(9, [None, BM, None])
    for _ in range(6):
        g.answer(g.pending().options[0])
    h = pickle.loads(pickle.dumps(g))
    while not g.is_over():
        opt = g.pending().options[-1]
        assert h.pending() == g.pending()
        g.answer(opt)
        h.answer(opt)
    assert g.outcome() == h.outcome() and g.vp() == h.vp()


def test_answer_errors():
    g = Engine([], 2).new_game(1, [None, None])
    with pytest.raises(LudolabError, match=r"^99 is not an option of this decision; options: "):
        g.answer(99)
    finished = Engine([], 2, "official,turn_cap=1").new_game(1, [None, None])
    finished.answer(-1)
    finished.answer(-1)
    assert finished.is_over() and finished.pending() is None
    with pytest.raises(LudolabError, match=r"^the game is over; there is nothing to answer$"):
        finished.answer(-1)


def test_setup_errors():
    g = Engine(["Smithy"], 2).new_game(1, [None, None])
    with pytest.raises(LudolabError, match=r"^Witch is not in this game's supply$"):
        g.setup(0, hand=["Witch"])
    with pytest.raises(LudolabError, match=r"^seat must be 0..1, got 2$"):
        g.setup(2, hand=["Copper"])
    g.setup(0, hand=["Smithy", "Copper"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Smithy"))
    with pytest.raises(LudolabError, match=r"^setup\(\) only works before the first answer"):
        g.setup(0, hand=["Copper"])
    with pytest.raises(LudolabError, match=r"^the game is not over yet$"):
        g.outcome()


def test_reseeded_keeps_the_present_and_changes_future_shuffles():
    eng = Engine([], 2)
    futures = set()
    for s in range(8):
        g = eng.new_game(3, [None, None])
        h = g.reseeded(1000 + s)
        assert h.pending() == g.pending() and h.zones(0) == g.zones(0)
        # play both to the end with the same simple policy: buy the most expensive card
        while not h.is_over():
            d = h.pending()
            h.answer(max(d.options, key=lambda o: (CARDS[o].cost if o >= 0 else -1)))
        futures.add(h.vp())
    assert len(futures) > 1  # different seeds, different futures
    a = eng.new_game(3, [None, None]).reseeded(77)
    b = eng.new_game(3, [None, None]).reseeded(77)
    while not a.is_over():
        opt = a.pending().options[0]
        a.answer(opt)
        b.answer(opt)
    assert a.vp() == b.vp()


def test_reseeding_mid_turn_keeps_the_shuffles_already_made():
    g = Engine(["Smithy", "Village"], 2).new_game(1, [None, None])
    g.setup(0, hand=["Village", "Smithy"], deck=["Copper"], discard=["Gold"] * 3 + ["Estate"] * 3)
    g.answer(C("Village"))  # draws the Copper
    g.answer(C("Smithy"))  # the deck is empty: the discard pile is shuffled mid-turn
    h = g.reseeded(12345)
    assert h.zones(0) == g.zones(0) and h.pending() == g.pending()


def test_decisions_describe_themselves():
    g = Engine(["Militia", "Moat"], 2).new_game(1, [None, None])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Estate", "Gold"], deck=[], discard=[])
    g.setup(0, hand=["Militia", "Copper"], deck=["Estate"] * 5, discard=[])
    assert g.pending().describe() == "seat 0: play an Action [Militia, no more actions]"
    g.answer(C("Militia"))
    assert g.pending().describe() == "seat 1: reveal Moat against Militia? [yes, no]"
    g.answer(0)
    assert g.pending().describe() == ("seat 1: discard a card (Militia) "
                                      "[Copper, Gold, Estate, Moat]")
    assert g.pending().kind == DecisionKind.DISCARD


def test_records_of_a_finished_game():
    g = Engine([], 2).new_game(5, [BM, BM])
    assert g.is_over()  # two bots: the game runs to the end at once
    rec = g.records()
    batch = Engine([], 2).play([BM, BM], [5])
    assert np.array_equal(rec.vp, batch.vp) and np.array_equal(rec.turns, batch.turns)
    assert g.end_reason() == int(batch.end_reason[0])
