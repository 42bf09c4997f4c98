"""Per-card statistics: counted from the engine's typed events, attributed to bots."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from ludolab import dominion
from ludolab.errors import LudolabError
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine import Engine, EventKind
from ludolab.games.dominion.engine import game as engine_game
from ludolab.games.dominion.engine import kernel as K

BM, SMITHY = load_bot("Big Money"), load_bot("Smithy Big Money")
WITCH, THRONE = load_bot("Chapel/Witch"), load_bot("Throne Room/Smithy")
BOUGHT, GAINED, PLAYED, TRASHED = range(4)


def _col(engine: Engine, name: str) -> int:
    return engine.card_ids.index(card_id(name))


def test_a_short_game_counted_by_hand():
    """Seed 11, four turns each (the trace, read by hand): P1 buys Silver in turns 1, 3 and 4
    and plays 5 + 2 + 5 + 1 Coppers and one Silver (turn 4); P2 buys Smithy in turn 1 and Silver
    in turns 2, 3, 4, plays 4 + 3 + 3 + 3 Coppers and one Silver (turn 3)."""
    eng = Engine(["Smithy"], 2, "official,turn_cap=4")
    rec = eng.play([BM, SMITHY], np.array([11], np.uint64), card_stats=True)
    n, f = rec.card_counts[0], rec.card_first[0]
    silver, copper, smithy = _col(eng, "Silver"), _col(eng, "Copper"), _col(eng, "Smithy")
    assert (n[0, BOUGHT, silver], f[0, BOUGHT, silver]) == (3, 1)
    assert (n[0, PLAYED, copper], n[0, PLAYED, silver], f[0, PLAYED, silver]) == (13, 1, 4)
    assert (n[1, BOUGHT, smithy], f[1, BOUGHT, smithy]) == (1, 1)
    assert (n[1, BOUGHT, silver], f[1, BOUGHT, silver]) == (3, 2)
    assert (n[1, PLAYED, copper], n[1, PLAYED, silver], f[1, PLAYED, silver]) == (13, 1, 3)
    assert int(n.sum()) == 3 + 14 + 4 + 14  # nothing else: no gain, no trash, Smithy unplayed
    assert int(n[:, GAINED].sum()) == int(n[:, TRASHED].sum()) == 0


def _from_trace(events: list, engine: Engine, seats: int) -> tuple[np.ndarray, np.ndarray]:
    """The same statistics rebuilt in Python from a trace: the reference."""
    counts = np.zeros((seats, 4, len(engine.card_ids)), np.int64)
    first = np.zeros_like(counts)
    turn = 0
    for e in events:
        kind, k = None, 1
        if e.kind == EventKind.TURN:
            turn = e.arg
        elif e.kind == EventKind.BUY:
            kind = BOUGHT
        elif e.kind == EventKind.GAIN:
            kind = GAINED
        elif e.kind == EventKind.PLAY:
            kind = PLAYED
        elif e.kind == EventKind.TREASURE:
            kind, k = PLAYED, e.arg
        elif e.kind == EventKind.TRASH:
            kind = TRASHED
        if kind is not None:
            j = engine.card_ids.index(e.card)
            counts[e.seat, kind, j] += k
            if not first[e.seat, kind, j]:
                first[e.seat, kind, j] = turn
    return counts, first


@pytest.mark.parametrize("seed", [0, 5, 9])
def test_counts_equal_the_trace_events(seed):
    """Bought == BUY events, gained == GAIN events, played == PLAY events plus the Treasures of
    TREASURE events, trashed == TRASH events, per seat and card, and the first turns too; on a
    kingdom with gains (Witch's Curses), trashing (Chapel) and double plays (Throne Room)."""
    eng = Engine(["Chapel", "Witch", "Throne Room", "Smithy"], 3)
    bots = [WITCH, THRONE, BM]
    rec = eng.play(bots, np.array([seed], np.uint64), card_stats=True)
    events = eng.trace(bots, seed)
    counts, first = _from_trace(events, eng, 3)
    assert (rec.card_counts[0] == counts).all()
    assert (rec.card_first[0] == first).all()
    # the kinds really occur in these games: the comparison is not vacuous
    curse = _col(eng, "Curse")
    assert counts[1:, GAINED, curse].sum() > 0 and counts[0, TRASHED].sum() > 0
    assert Counter(e.kind for e in events)[EventKind.BUY] == counts[:, BOUGHT].sum()


def test_prosperity_treasures_one_at_a_time_and_gains_from_attacks():
    """A kingdom where Treasures are played one at a time (Quarry does something) and an attack
    gains cards (Mountebank: a Curse and a Copper): the counts still equal the trace's events,
    and each Quarry played counts once."""
    from ludolab.games.dominion.engine import simple_bot

    eng = Engine(["Quarry", "Mountebank", "Grand Market", "Goons"], 2, "official,colony=yes")
    bots = [simple_bot("Mountebank BM", buy=["Colony", "Platinum", "Province", "Mountebank",
                                              "Gold", "Quarry", "Silver"],
                       limits={"Mountebank": 2, "Quarry": 2}),
            simple_bot("Goons GM", buy=["Colony", "Platinum", "Goons", "Grand Market", "Gold",
                                        "Silver"], limits={"Goons": 2})]
    for seed in (3, 4):
        rec = eng.play(bots, np.array([seed], np.uint64), card_stats=True)
        counts, first = _from_trace(eng.trace(bots, seed), eng, 2)
        assert (rec.card_counts[0] == counts).all() and (rec.card_first[0] == first).all()
    quarry, copper = _col(eng, "Quarry"), _col(eng, "Copper")
    assert counts[0, PLAYED, quarry] > 0 and counts[1, GAINED, copper] > 0


def test_recording_changes_no_game():
    """The same seeds give the same records with the statistics on or off (and with per-turn
    statistics too); the batch is cut into slices of _CSTAT_ROWS games without a trace."""
    eng = Engine(["Chapel", "Witch", "Throne Room", "Smithy"], 2)
    seeds = np.arange(40, dtype=np.uint64)
    off = eng.play([WITCH, THRONE], seeds, turn_stats=True)
    on = eng.play([WITCH, THRONE], seeds, turn_stats=True, card_stats=True)
    for key in ("vp", "turns", "outcome", "end_reason", "turn_coins", "turn_vp"):
        assert (getattr(off, key) == getattr(on, key)).all(), key
    assert off.card_counts is None and on.card_counts.shape == (40, 2, 4, len(eng.card_ids))


def test_slices_give_the_same_statistics(monkeypatch):
    """A batch longer than the region (here 7 games a slice) records what one-game batches do."""
    eng = Engine(["Witch", "Chapel"], 2)
    seeds = np.arange(20, dtype=np.uint64)
    monkeypatch.setattr(engine_game, "_CSTAT_ROWS", 7)
    sliced = eng.play([WITCH, BM], seeds, card_stats=True)
    one = [eng.play([WITCH, BM], seeds[i : i + 1], card_stats=True) for i in range(20)]
    assert (sliced.card_counts == np.concatenate([r.card_counts for r in one])).all()
    assert (sliced.card_first == np.concatenate([r.card_first for r in one])).all()
    joined = engine_game.GameRecords.concat([sliced[:5], sliced[5:]])
    assert (joined.card_counts == sliced.card_counts).all()


def test_the_counter_fed_a_trace_by_hand():
    """The counter itself: each BUY is a buy and each GAIN a gain (a buy emits no GAIN: a
    GAIN next to a BUY of the same card, as a Talisman's copy, is a gain too), Treasures count
    their number, DRAWs nothing, first turns from TURN, and events go to their game."""
    events = [(K.EV_GAME, -1, -1, 2), (K.EV_TURN, 0, -1, 3), (K.EV_BUY, 0, 1, 0),
              (K.EV_GAIN, 0, 1, 0), (K.EV_GAIN, 1, 1, 0), (K.EV_GAIN, 0, 1, 0),
              (K.EV_TREASURE, 0, 2, 4), (K.EV_TURN, 1, -1, 3), (K.EV_TRASH, 1, 0, 0),
              (K.EV_DRAW, 1, 0, 0), (K.EV_END, -1, 0, 0),
              (K.EV_GAME, -1, -1, 2), (K.EV_TURN, 0, -1, 1), (K.EV_PLAY, 0, 2, 1)]
    trace = np.array(events, np.int64).ravel()
    colmap = np.array([0, 1, 2], np.int64)
    counts = np.zeros((2, 2, K.NCK, 3), np.int16)
    first = np.zeros_like(counts)
    assert K.cstat_count(trace, colmap, counts, first) == 2
    assert counts[0, 0, BOUGHT, 1] == 1 and counts[0, 0, GAINED, 1] == 2
    assert counts[0, 1, GAINED, 1] == 1
    assert counts[0, 0, PLAYED, 2] == 4 and counts[0, 1, TRASHED, 0] == 1
    assert (first[0, 0, BOUGHT, 1], first[0, 1, TRASHED, 0]) == (3, 3)
    assert int(counts[0].sum()) == 9
    assert counts[1, 0, PLAYED, 2] == 1 and first[1, 0, PLAYED, 2] == 1 and counts[1].sum() == 1


def test_a_slice_whose_events_overflow_is_played_again(monkeypatch):
    """A trace buffer far too small for the slice: it is played again with a larger one, and
    the statistics are those of a roomy buffer."""
    eng = Engine(["Witch", "Chapel"], 2)
    seeds = np.arange(6, dtype=np.uint64)
    roomy = eng.play([WITCH, BM], seeds, card_stats=True)
    monkeypatch.setattr(engine_game, "_CSTAT_TRACE_PER_SEAT", 8)
    tight = eng.play([WITCH, BM], seeds, card_stats=True)
    assert (tight.card_counts == roomy.card_counts).all() and (tight.vp == roomy.vp).all()


def test_records_follow_the_bot_under_rotated_seats():
    """Rotated seats: game g's seat s row is the bot seating[g, s]; each game equals the engine
    played with that seat order, and only Smithy Big Money ever buys a Smithy."""
    res = dominion.simulate(["Big Money", "Smithy Big Money"], games=40, seed=4, card_stats=True)
    rec = res.records
    cards = res.settings["card_stat_cards"]
    eng = Engine(["Smithy"], 2)
    assert cards == [CARDS[c].name for c in eng.card_ids]
    smithy = cards.index("Smithy")
    assert set(rec["trial"].tolist()) == {0, 1}  # both seat orders were played
    for g in (0, 1, 2, 3):
        seated = [[BM, SMITHY][b] for b in rec["seating"][g]]
        one = eng.play(seated, rec["seed"][g : g + 1], card_stats=True)
        assert (one.card_counts[0] == rec["card_count"][g]).all()
    bought = rec["card_count"][:, :, BOUGHT, smithy]
    bm_seat = rec["seating"] == 0
    assert (bought[bm_seat] == 0).all() and (bought[~bm_seat] > 0).all()
    df = res.card_stats
    smithy_buys = df[(df.card == "Smithy") & (df.kind == "bought")]
    assert set(smithy_buys.bot) == {"Smithy Big Money"}
    assert set(smithy_buys.seat) == {1, 2}
    assert smithy_buys["count"].sum() == bought.sum()
    rows = {(r["bot"], r["card"]): r for r in res.card_rows()}
    assert rows[("Smithy Big Money", "Smithy")]["bought"] == bought.sum() / 40
    assert rows[("Smithy Big Money", "Smithy")]["bought_in"] == 1.0
    assert ("Big Money", "Smithy") not in rows


def test_a_mirror_counts_each_game_once():
    """The same bot twice plays each deal once (no copies): each copy's row counts every game
    once, so the games per row equal the games played."""
    res = dominion.simulate(["Big Money", "Big Money"], games=30, seed=1, card_stats=True)
    assert res.games == 30 and len(res.records["card_count"]) == 30
    rows = res.card_rows()
    assert {r["games"] for r in rows} == {30}
    per_bot = res.card_stats.groupby("bot", observed=True)["game"].nunique().to_dict()
    assert per_bot == {"Big Money": 30, "Big Money #2": 30}


def test_recording_off_by_default_and_in_the_json():
    res = dominion.simulate(["Big Money", "Smithy Big Money"], games=20, seed=2)
    assert "card_count" not in res.records and res.card_rows() == []
    assert "card_stats" not in res.to_dict()
    with pytest.raises(LudolabError, match="card_stats=True"):
        res.card_stats  # noqa: B018
    on = dominion.simulate(["Big Money", "Smithy Big Money"], games=20, seed=2, card_stats=True)
    summary = on.to_dict()
    assert summary["card_stat_cards"][-1] == "Smithy"
    assert summary["card_stats"][0]["bot"] == "Big Money"
    assert all(r["first_buy"] is None for r in summary["card_stats"] if r["bought"] == 0)


def test_bad_settings_are_one_line_errors():
    from ludolab.arena.simulation import prepare

    with pytest.raises(LudolabError, match="card_stats must be true or false, got 'yes'"):
        prepare("dominion", ["Big Money"], 10, options={"card_stats": "yes"})
    with pytest.raises(LudolabError, match="not with a start state or a search player"):
        dominion.prepare(["mcts:simulations=5", "Big Money"], 10, card_stats=True)
