"""``ludolab dominion cards --rank`` and :func:`ludolab.dominion.rank_cards`: the card-strength
table of the "BMU + X" bots against Big Money Ultimate."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from clitools import run
from ludolab import dominion
from ludolab.arena.stats import cluster_proportion
from ludolab.games.dominion.bots.xbots import xbot_cards

#: The first printing of the base set: its 25 kingdom cards (19 kept by the second printing).
BASE1 = {"Adventurer", "Bureaucrat", "Cellar", "Chancellor", "Chapel", "Council Room", "Feast",
         "Festival", "Gardens", "Laboratory", "Library", "Market", "Militia", "Mine", "Moat",
         "Moneylender", "Remodel", "Smithy", "Spy", "Thief", "Throne Room", "Village", "Witch",
         "Woodcutter", "Workshop"}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LUDOLAB_CACHE_DIR", str(tmp_path))
    return tmp_path / "card-rank"


def test_rank_json_is_ordered_and_cached_on_the_second_run(
    capsys: pytest.CaptureFixture[str], cache: Path
) -> None:
    argv = ("dominion", "cards", "--rank", "--set", "base1", "-n", "40", "--json")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    doc = json.loads(out)
    rows = doc["cards"]
    assert {r["card"] for r in rows} == BASE1 and len(rows) == 25
    rates = [r["win_rate"] for r in rows]
    assert rates == sorted(rates, reverse=True)
    for r in rows:  # 40 games, 2 seatings of every deal: 20 deals
        assert (r["games"], r["deals"], r["cached"]) == (40, 20, False)
        assert r["bot"] == f"BMU + {r['card']}"
        assert r["win_ci"][0] <= r["win_rate"] <= r["win_ci"][1]
    assert (doc["players"], doc["rules"], doc["games_per_card"]) == (2, "official", 40)
    assert len(list(cache.glob("*.json"))) == 25
    code, again, err = run(capsys, *argv)
    assert code == 0, err
    second = json.loads(again)["cards"]
    assert all(r["cached"] for r in second)
    assert [(r["card"], r["wins"]) for r in second] == [(r["card"], r["wins"]) for r in rows]


def test_rank_table_and_what_invalidates_the_cache(
    capsys: pytest.CaptureFixture[str], cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, "dominion", "cards", "--rank", "--set", "intrigue1", "-n", "20")
    assert code == 0, err
    assert "Great Hall" in out and "Win %" in out and "Great Hall limit 1, before Silver" in out
    n = len(xbot_cards(["intrigue1"]))  # the first printing's cards with rules in the engine
    assert n == 25 and f"{n} cards, 0 from the cache" in err
    code, out, err = run(capsys, "dominion", "cards", "--rank", "--set", "intrigue1", "-n", "20")
    assert f"{n} cards, {n} from the cache" in err
    # another player count, seed or engine version is another entry
    assert dominion.rank_cards(sets=["intrigue1"], games=21, players=3).cached == 0
    assert dominion.rank_cards(sets=["intrigue1"], games=20, seed=1).cached == 0
    monkeypatch.setattr(dominion, "engine_version", lambda: "changed")
    assert dominion.rank_cards(sets=["intrigue1"], games=20).cached == 0


@pytest.mark.parametrize(("argv", "message"), [
    (("--rank", "--set", "nope"), "error: unknown card set 'nope'; "),
    (("--rank", "--players", "5"), "error: players must be 2, 3 or 4"),
    (("--rank", "--games", "0"), "error: the number of games per card must be at least 1"),
    (("--rank", "--rules", "bogus"), "error: unknown rule preset 'bogus'"),
    (("--players", "3"), "error: --players, --rules, --games, --seed, --json and --no-cache "
                         "go with --rank"),
])
def test_rank_bad_flags_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], cache: Path, argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "dominion", "cards", *argv)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_the_ranking_interval_is_over_deals(cache: Path) -> None:
    """A row's interval is the cluster interval over deals of the X bot's simulation (the two
    games of a deal share its shuffles), not a binomial interval over games."""
    ranking = dominion.rank_cards(cards=["Smithy"], games=400, seed=3)
    (row,) = ranking.rows
    result = dominion.simulate(["BMU + Smithy", "Big Money Ultimate"], 400, 3)
    scores = result.scores()[:, 0]
    _, inverse = np.unique(result.records["deal"], return_inverse=True)
    wins = np.bincount(inverse, weights=np.isclose(scores, 1.0).astype(float))
    sizes = np.bincount(inverse).astype(float)
    assert (len(sizes), set(sizes)) == (200, {2.0})
    expected = cluster_proportion(wins, sizes).interval
    assert row["wins"] == int(wins.sum()) and row["deals"] == 200
    assert row["win_ci"] == pytest.approx((expected.low, expected.high))


def test_rank_three_players_seat_the_x_bot_against_two_bmu(cache: Path) -> None:
    ranking = dominion.rank_cards(cards=["Witch", "Throne Room"], games=60, players=3)
    assert [r["card"] for r in ranking.rows] == ["Witch", "Throne Room"]
    # three seatings of each deal (the two Big Money Ultimates are one bot twice)
    assert all((r["games"], r["deals"]) == (60, 20) for r in ranking.rows)
    assert "Witch" in ranking.summary().splitlines()[2]
