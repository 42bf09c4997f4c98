"""Traced mode: the event stream agrees with the records, and the log renders it."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from ludolab.games.dominion import log
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import EndReason, Engine, EventKind, simple_bot
from ludolab.games.dominion.engine import game as engine_game

C = card_id
BM = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])
WITCH = simple_bot("Witch BM", buy=["Province", "Witch", "Gold", "Silver"], limits={"Witch": 2})
ENGINE = simple_bot("Village/Smithy", buy=["Province", "Gold", "Smithy", "Village", "Silver"],
                    limits={"Smithy": 3, "Village": 3})


@pytest.mark.parametrize("seed", range(12))
def test_trace_agrees_with_the_records(seed):
    eng = Engine(["Witch", "Smithy", "Village", "Moat"], 3)
    bots = [WITCH, ENGINE, BM]
    events = eng.trace(bots, seed)
    rec = eng.play(bots, [seed])
    assert events[0].kind == EventKind.GAME and events[0].arg == 3
    assert events[-1].kind == EventKind.END and events[-1].card == rec.end_reason[0]
    vp = [e for e in events if e.kind == EventKind.VP]
    assert [e.card for e in vp] == rec.vp[0].tolist()
    assert [e.arg for e in vp] == rec.outcome[0].tolist()
    turns = Counter(e.seat for e in events if e.kind == EventKind.TURN)
    assert [turns[s] for s in range(3)] == rec.turns[0].tolist()
    # every card a seat owns at the end came from its start, a buy or a gain, minus trashing
    for seat in range(3):
        bought = Counter(e.card for e in events
                         if e.seat == seat and e.kind in (EventKind.BUY, EventKind.GAIN))
        trashed = Counter(e.card for e in events if e.seat == seat and e.kind == EventKind.TRASH)
        owned = Counter({C("Copper"): 7, C("Estate"): 3}) + bought
        owned.subtract(trashed)
        vp_from_cards = owned[C("Estate")] + 3 * owned[C("Duchy")] + 6 * owned[C("Province")] \
            - owned[C("Curse")]
        assert vp_from_cards == rec.vp[0, seat]


def test_tracing_does_not_change_games():
    eng = Engine(["Witch", "Smithy", "Village", "Moat"], 2)
    rec = eng.play([WITCH, ENGINE], np.arange(40, dtype=np.uint64))
    for seed in range(40):
        vp = [e.card for e in eng.trace([WITCH, ENGINE], seed) if e.kind == EventKind.VP]
        assert vp == rec.vp[seed].tolist()


def test_a_full_buffer_is_retried_until_the_whole_game_fits(monkeypatch):
    eng = Engine(["Smithy", "Village"], 2)
    full = eng.trace([ENGINE, BM], 3)
    monkeypatch.setattr(engine_game, "_DEFAULT_TRACE_CAP", 64)
    assert eng.trace([ENGINE, BM], 3) == full


def test_shuffles_draws_and_hands_are_consistent():
    events = Engine([], 2).trace([BM, BM], 5)
    shuffles = [e for e in events if e.kind == EventKind.SHUFFLE]
    assert [e.card for e in shuffles if e.seat == 0][:3] == [0, 1, 2]  # numbered per seat
    assert shuffles[0].arg == 10  # the starting deck
    # each turn's clean-up draws five cards (the decks never run out in Big Money)
    first_draws = [e for e in events if e.kind == EventKind.DRAW][:10]
    assert Counter(e.seat for e in first_draws) == {0: 5, 1: 5}


def test_render_reads_turn_by_turn():
    events = Engine(["Witch", "Moat"], 2).trace([WITCH, simple_bot(
        "Moat BM", buy=["Province", "Gold", "Moat", "Silver"], limits={"Moat": 2})], 2)
    text = log.render(events, ["Witch BM", "Moat BM"])
    lines = text.splitlines()
    assert lines[0] == "Dominion, 2 players: P1 Witch BM, P2 Moat BM"
    assert "Turn 1 - P1" in lines and "Turn 1 - P2" in lines
    assert any(line.startswith("  P1 plays Witch") for line in lines)
    assert any(line.startswith("  P1 buys ") for line in lines)
    assert any(line.startswith("  P1 draws the next hand: ") for line in lines)
    assert any("gains Curse" in line or "reveals Moat" in line for line in lines)
    ending = {EndReason.PROVINCES: "the Provinces are gone",
              EndReason.PILES: "three supply piles are empty"}
    reason = EndReason(events[-1].card)
    assert lines[-1] == f"The game ended because {ending[reason]}."
    assert lines[-3].startswith("P1: ") and lines[-2].startswith("P2: ")
    assert lines[-3].endswith(("won", "lost", "shared the win"))


def test_render_merges_repeated_cards():
    events = Engine([], 2).trace([BM, BM], 1)
    text = log.render(events)
    assert "Dominion, 2 players: P1, P2" in text
    treasure_lines = [ln for ln in text.splitlines() if ln.startswith("  P1 plays ")]
    assert any("Copper" in ln and ln[len("  P1 plays "):][0].isdigit() for ln in treasure_lines)
