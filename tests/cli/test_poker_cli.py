"""The ``ludolab poker`` commands: result tables, JSON, Parquet, reports, hand histories, errors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from clitools import run


def test_sim_prints_the_pinned_table(capsys: pytest.CaptureFixture[str]) -> None:
    # pinned from this seeded run; every figure is a pure function of the seed
    code, out, err = run(capsys, "poker", "sim", "raise", "call", "random:0.2:0.3", "-n", "200",
                         "-s", "5")
    assert code == 0, err
    assert "1,200 hands, 200 deals x 6, seed 5, rules limit, 3 seats, schedule duplicate" in out
    rows = [" ".join(line.replace("│", " ").split()) for line in out.splitlines()]
    assert "raise 1,200 +1.8200 +1.3833 to +2.2567 5,202 46.32" in rows
    assert "call 1,200 +2.0679 +1.6357 to +2.5001 5,387 46.74" in rows
    assert "random:0.2:0.3 1,200 -3.8879 -4.6944 to -3.0815 771 6.94" in rows
    assert "button +0.6629 -0.8737 to +2.1995" in rows  # by position: after the button
    assert "small blind -0.6908 -2.1781 to +0.7964" in rows
    assert "95% intervals over 200 units (a deal with its 6 seating(s)" in out


def _sim_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run(capsys, "poker", "sim", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_heads_up_duplicate_raise_against_call_is_pure_luck_and_cancels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Neither bot ever folds and every street is capped, so the pot is the same in both
    # seatings of a deal and the cards alone decide: swapping the seats cancels it exactly.
    doc = _sim_json(capsys, "raise", "call", "-n", "300", "-s", "1")
    raise_row, call_row = doc["by_bot"]
    assert raise_row["sb_per_hand"] == call_row["sb_per_hand"] == 0.0
    assert raise_row["sb_ci"] == [0.0, 0.0]
    assert doc["versus"]["difference"] == 0.0 and doc["versus"]["effective_hands"] is None


def test_heads_up_result_equals_its_mirrors_negative(capsys: pytest.CaptureFixture[str]) -> None:
    one = _sim_json(capsys, "random:0.1:0.5", "call", "-n", "300", "-s", "2")
    two = _sim_json(capsys, "call", "random:0.1:0.5", "-n", "300", "-s", "2")
    a, b = one["by_bot"]
    assert a["sb_per_hand"] == pytest.approx(-b["sb_per_hand"], abs=1e-12)  # zero-sum per hand
    assert a["sb_per_hand"] == -0.0325
    # the mirror plays the same deals with the bots' order swapped: the same numbers, negated
    assert two["versus"]["difference"] == pytest.approx(-one["versus"]["difference"], abs=1e-12)
    assert two["by_bot"][1]["sb_per_hand"] == pytest.approx(a["sb_per_hand"], abs=1e-12)
    assert two["by_bot"][1]["sb_ci"] == pytest.approx(a["sb_ci"], abs=1e-12)


def test_json_schema_and_the_library_call_agree(capsys: pytest.CaptureFixture[str]) -> None:
    from ludolab.poker import simulate

    doc = _sim_json(capsys, "call", "raise", "random:0.3:0.3", "--schedule", "table-8.1",
                    "-n", "40", "-s", "9")
    assert set(doc) >= {"game", "bots", "seats", "schedule", "hands_per_deal", "deals", "hands",
                        "seed", "rules", "unit", "by_bot", "by_position", "versus", "set_aside",
                        "interrupted", "showdown_share"}
    assert (doc["seats"], doc["schedule"], doc["hands_per_deal"]) == (10, "table-8.1", 10)
    assert (doc["deals"], doc["hands"], doc["unit"]) == (40, 400, "small bets per hand")
    assert doc["versus"] is None  # three bots
    assert [r["seat_hands"] for r in doc["by_bot"]] == [1600, 1200, 1200]  # 4, 3, 3 seats
    assert set(doc["by_bot"][0]) == {"bot", "hands", "seat_hands", "sb_per_hand", "sb_ci",
                                     "units", "effective_hands", "pots_won"}
    assert [r["position"] for r in doc["by_position"]][:4] == [
        "button", "small blind", "big blind", "button + 3"]
    assert len(doc["by_position"]) == 10
    expected = simulate(["call", "raise", "random:0.3:0.3"], deals=40, seed=9,
                        schedule="table-8.1").to_dict()
    assert doc["by_bot"] == json.loads(json.dumps(expected["by_bot"]))
    # Every pot is shared out among the seats: the bots' seat-weighted results sum to zero.
    total = sum(r["sb_per_hand"] * r["seat_hands"] for r in doc["by_bot"])
    assert total == pytest.approx(0.0, abs=1e-9)


def test_parquet_rows_and_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from ludolab.arena.results import read_parquet, read_parquet_meta

    parquet, report = tmp_path / "hands.parquet", tmp_path / "r.html"
    code, _, err = run(capsys, "poker", "sim", "raise", "call", "--schedule", "five-vs-five",
                       "-n", "30", "--parquet", str(parquet), "--report", str(report))
    assert code == 0, err
    rec = read_parquet(parquet)
    assert len(rec) == 300 and rec["seating"].shape == (300, 10)
    assert np.all(np.abs(rec["won"].sum(axis=1)) < 1e-9)  # chips only move between seats
    assert sorted(np.unique(rec["deal"]).tolist()) == list(range(30))
    assert read_parquet_meta(parquet)["schedule"] == "five-vs-five"
    html = report.read_text()
    assert "<img" in html and "Small bets per hand by bot" in html and "First bot minus" in html


def test_log_prints_a_hand_history_matching_the_run(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    from ludolab.arena.results import read_parquet

    code, out, err = run(capsys, "poker", "log", "raise", "call", "random:0.2:0.3", "--deal",
                         "3", "--trial", "2", "-s", "5")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Deal 3, trial 2 (deal seed ") and "blinds 1/2, bets 2/4" in lines[0]
    assert "  seat 1: raise                Jh Qh" in lines
    assert "  seat 1 (raise) posts the small blind 1  [pot 1]" in lines
    assert "  seat 2 (random:0.2:0.3) posts the big blind 2  [pot 3]" in lines
    for street in ("*** PRE-FLOP ***", "*** FLOP *** 2s 9d 8s  [pot 24]",
                   "*** TURN *** 2s 9d 8s Kd  [pot 30]", "*** RIVER *** 2s 9d 8s Kd Qs  [pot 66]"):
        assert street in lines
    assert lines.count("*** SHOWDOWN ***") == 1
    assert "  seat 1 (raise) shows Jh Qh: pair Q K J 9" in lines
    assert "  seat 1 (raise) wins 114" in lines
    assert lines[-1] == ("Result: seat 0 (call) -38 chips (-19 sb), seat 1 (raise) +76 chips "
                         "(+38 sb), seat 2 (random:0.2:0.3) -38 chips (-19 sb)")
    # the same hand inside the run: the same chips
    parquet = tmp_path / "h.parquet"
    code, _, err = run(capsys, "poker", "sim", "raise", "call", "random:0.2:0.3", "-n", "4",
                       "-s", "5", "--parquet", str(parquet))
    assert code == 0, err
    rec = read_parquet(parquet)
    row = np.flatnonzero((rec["deal"] == 3) & (rec["trial"] == 2))
    assert rec["chips"][row].tolist() == [[-38, 76, -38]]


def test_sequential_test_stops_when_decided(capsys: pytest.CaptureFixture[str]) -> None:
    # call against random:0.8:0.1 (folds 80% of its decisions): +0.31 sb/hand, far above
    # d1 = 0.05, so H1 is accepted long before the 5,000 deals asked for (pinned: 4 looks).
    doc = _sim_json(capsys, "call", "random:0.8:0.1", "-n", "5000", "--look", "200",
                    "--sprt", "0,0.05", "--sprt-min", "0")
    assert doc["sprt"]["status"] == "H1" and doc["sprt"]["looks"] == 4
    assert doc["sprt"]["decided_at"] == doc["sprt"]["units"] == doc["deals"] == 800
    assert doc["hands"] == 1600 and doc["requested_hands"] == 10_000
    assert doc["versus"]["difference"] == pytest.approx(0.30875, abs=1e-12)
    # by default the test does not decide before 2,000 deals (see MeanSPRT)
    doc = _sim_json(capsys, "call", "random:0.8:0.1", "-n", "5000", "--look", "200",
                    "--sprt", "0,0.05")
    assert doc["sprt"]["status"] == "H1" and doc["sprt"]["decided_at"] == 2000
    assert doc["sprt"]["min_units"] == 2000 and doc["deals"] == 2000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seats", "11"], "poker seats 2 to 10 players, got 11"),
        (["--seats", "1"], "poker seats 2 to 10 players, got 1"),
        (["a", "b", "c", "--seats", "2"], "3 bots do not fit 2 seats"),
        (["--rules", "limit,cap=0"], "cap must be 1..20 bets a street, got 0"),
        (["--rules", "limit,small_blind=3"], "small_blind must be between 0 and big_blind (2), "
                                             "got 3"),
        (["--rules", "limit,big_bet=1"], "big_bet (1) must be at least the small bet (2)"),
        (["--rules", "limit,big_blind=0"], "big_blind must be at least 1 chip, got 0"),
        (["call", "raise", "random", "--schedule", "table-8.1", "--seats", "3"],
         "schedule table-8.1 needs 10 seats (document 002's table), got 3"),
        (["call", "raise", "random", "--schedule", "five-vs-five"],
         "schedule five-vs-five seats five copies of each of 2 bots, got 3"),
        (["--schedule", "tabel-8.1"], "unknown schedule 'tabel-8.1' (did you mean 'table-8.1'?)"),
        (["--deals", "0"], "--deals must be at least 1, got 0"),
        (["calll", "raise"], "unknown poker bot 'calll'"),
        (["--sprt", "0.05"], "--sprt takes D0,D1 or D0,D1,ALPHA,BETA, got 1 number(s)"),
        (["--sprt", "0.05,0"], "d0 must be below d1"),
        (["a", "b", "c", "--sprt", "0,0.05"], "a sequential test compares 2 bots, got 3"),
        (["--seed", "-1"], "seed must be a whole number"),
        (["--sprt", "0,0.05", "--sprt-min", "-3"], "min_units must be a whole number of at "
                                                   "least 0, got -3"),
        (["--resume"], "--resume needs --results FILE"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                         message: str) -> None:
    code, out, err = run(capsys, "poker", "sim", *argv, "-n" if "--deals" not in argv else
                         "--deals", "3" if "--deals" not in argv else "0")
    assert code == 2, out + err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("error: ") and message in err


def test_malformed_bot_file_is_one_line(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    bot = tmp_path / "mine.toml"
    bot.write_text('name = "mine"\nkind = \n')
    code, _, err = run(capsys, "poker", "sim", str(bot), "call", "-n", "3")
    assert code == 2 and "Traceback" not in err
    assert err == f"error: {bot}:2: invalid TOML: Invalid value\n"
    bot.write_text('name = "mine"\nkind = "loki1"\nfoo = 3\n')
    code, _, err = run(capsys, "poker", "log", str(bot), "call")
    assert code == 2 and err.startswith(f"error: {bot}:3: unknown key 'foo'")


def test_bots_lists_the_library_and_show_prints_a_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "poker", "bots", "--plain")
    assert code == 0, err
    names = [line.split("\t")[0] for line in out.splitlines()]
    assert "Loki-1" in names and "Loki-2" in names and "Always Call" in names
    code, out, err = run(capsys, "poker", "show", "loki-1")
    assert code == 0, err
    assert 'kind = "loki1"' in out and "Loki-1 (loki1)" in out
    code, _, err = run(capsys, "poker", "show", "Lokii-1")
    assert code == 2 and err.startswith("error: unknown poker bot 'Lokii-1'")
    assert len(err.strip().splitlines()) == 1


def test_log_bad_trial_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "poker", "log", "call", "raise", "--trial", "2")
    assert code == 2
    assert err == "error: --trial must be 0 to 1 for this schedule, got 2\n"


def test_a_finished_run_is_kept_when_a_later_output_write_fails(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    import ludolab.arena.results as results_mod
    from ludolab.arena.resultsfile import read_records_file

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(results_mod, "write_parquet", full_disk)
    saved, parquet, report = tmp_path / "run.results", tmp_path / "h.parquet", tmp_path / "r.html"
    code, out, err = run(capsys, "poker", "sim", "random:0.1:0.5", "call", "-n", "50",
                         "--results", str(saved), "--parquet", str(parquet), "--report",
                         str(report))
    assert code == 2
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert err == (f"error: cannot write {parquet}: No space left on device (the results above "
                   f"are complete; every hand is in {saved})\n")
    assert "random:0.1:0.5" in out and "100 hands, 50 deals x 2" in out  # the table is printed
    assert report.exists()  # the other output is still written
    assert len(read_records_file(saved)) == 100  # and every finished hand is kept


def test_ctrl_c_keeps_the_whole_units_and_sets_the_partial_one_aside(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ludolab.games.poker.spec import PokerTask

    real_run = PokerTask.run
    calls: list[int] = []

    def interrupted_run(self: PokerTask, indices: np.ndarray) -> dict:
        calls.append(len(indices))
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real_run(self, indices)

    monkeypatch.setattr(PokerTask, "run", interrupted_run)
    monkeypatch.setattr(PokerTask, "preferred_chunk_size", 97)
    code, out, err = run(capsys, "poker", "sim", "raise", "call", "--schedule", "five-vs-five",
                         "-n", "100", "--json")
    assert code == 130 and "Traceback" not in err
    doc = json.loads(out)
    # two chunks of 97 hands finished: 19 whole deals of 10 hands, 4 hands of deal 19 set aside
    assert (doc["hands"], doc["deals"], doc["set_aside"], doc["interrupted"]) == (190, 19, 4, True)


def test_arena_runs_a_poker_tournament_file(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    t = tmp_path / "t.toml"
    t.write_text('name = "loki-table"\ngame = "poker"\nplayers = ["call", "raise", '
                 '"random:0.2:0.4"]\nschedule = "table-8.1"\ngames = 200\nseed = 3\n'
                 '[output]\njson = "out/t.json"\n')
    code, _, err = run(capsys, "arena", "run", str(t), "-w", "1")
    assert code == 0, err
    doc = json.loads((tmp_path / "out" / "t.json").read_text())
    assert doc["games"] == 200 and doc["deals"] == 20
    # the same deals through ludolab.poker: the same small bets per seat-hand for every bot
    from ludolab.poker import simulate

    ours = simulate(["call", "raise", "random:0.2:0.4"], deals=20, seed=3, schedule="table-8.1")
    for row, mine in zip(doc["by_bot"], ours.bot_rows(), strict=True):
        assert row["margin"] == pytest.approx(mine["sb_per_hand"], abs=1e-12)
