"""``ludolab dominion sim --card-stats``: the tables, and the statistics in every output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clitools import run


def test_card_stats_print_and_go_into_json_report_and_parquet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from ludolab import dominion
    from ludolab.arena.results import read_parquet, read_parquet_meta

    want = dominion.simulate(["Chapel/Witch", "Big Money"], 60, 2, card_stats=True)
    code, out, err = run(capsys, "dominion", "sim", "Chapel/Witch", "Big Money", "-n", "60",
                         "-s", "2", "-w", "1", "--card-stats")
    assert code == 0, err
    assert "What Chapel/Witch bought (60 games; per game)" in out
    witch = next(r for r in want.card_rows() if r["card"] == "Witch")
    line = next(x for x in out.splitlines() if "│ Witch " in x)
    assert f"{witch['bought']:.2f}" in line and f"{witch['first_buy']:.1f}" in line
    code, out, err = run(capsys, "dominion", "sim", "Chapel/Witch", "Big Money", "-n", "60",
                         "-s", "2", "-w", "1", "--card-stats", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["card_stats"] == json.loads(json.dumps(want.to_dict()["card_stats"]))
    report, parquet = tmp_path / "r.html", tmp_path / "g.parquet"
    code, _, err = run(capsys, "dominion", "sim", "Chapel/Witch", "Big Money", "-n", "60",
                       "-s", "2", "-w", "1", "--card-stats", "--report", str(report),
                       "--parquet", str(parquet))
    assert code == 0, err
    html = report.read_text()
    assert "What each bot bought, gained, played and trashed" in html
    assert "What each bot bought, and when" in html  # the per-card figure
    rec = read_parquet(parquet)
    assert (rec["card_count"] == want.records["card_count"]).all()
    assert read_parquet_meta(parquet)["card_stat_cards"] == want.settings["card_stat_cards"]


def test_without_the_flag_nothing_is_recorded(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dominion", "sim", "-n", "20", "-w", "1", "--json")
    assert code == 0 and "card_stats" not in json.loads(out)


@pytest.mark.parametrize(("argv", "message"), [
    (("--card-stats=yes",), "Option '--card-stats' does not take a value."),
    (("mcts:simulations=5", "Big Money", "--card-stats"),
     "card statistics are recorded by the batch engine: not with a start state or a search "
     "player"),
])
def test_bad_uses_are_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                      message: str) -> None:
    code, _, err = run(capsys, "dominion", "sim", "-n", "4", *argv)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1
