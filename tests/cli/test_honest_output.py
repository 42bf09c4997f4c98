"""What the command line tells a user about a run: where a bad name is written, what a first run
compiles and how long the whole run took, and how copies of one bot are reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import run


@pytest.mark.parametrize(("game", "players", "bad"), [
    ("dominion", ['"Big Money",', '"Smithy Big Mony",'], "Smithy Big Mony"),
    ("pig", ['"hold:20",', '"uct:simulatons=3",'], "simulatons"),
])
def test_a_tournament_naming_an_unknown_player_points_at_its_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, players: list[str],
        bad: str) -> None:
    """The game refuses the player when the task is built (not while the file is parsed): the
    one-line error still names the file and the line of that player's entry, exit code 2."""
    t = tmp_path / "t.toml"
    t.write_text(f'name = "x"\ngame = "{game}"\nplayers = [\n  {players[0]}\n  {players[1]}\n]\n'
                 "games = 40\n")
    code, out, err = run(capsys, "arena", "run", str(t), "-w", "1")
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"error: {t}:5: ") and bad in lines[0]
    assert "Traceback" not in err and out == ""


def test_a_tournament_with_a_refused_first_player_on_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    t = tmp_path / "t.toml"
    t.write_text('game = "dominion"\nplayers = ["Nope", "Big Money"]\ngames = 40\n')
    code, _, err = run(capsys, "arena", "run", str(t), "-w", "1")
    assert code == 2
    assert err.startswith(f"error: {t}:2: unknown bot 'Nope'")


def test_the_rate_is_printed_with_the_games_time_and_the_whole_wall_time(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A rate alone hides a first run's compiling: the line gives the games' own seconds and the
    command's wall time beside it."""
    code, out, err = run(capsys, "dominion", "sim", "-n", "40")
    assert code == 0, err
    line = next(x for x in out.splitlines() if "games/s" in x)
    rate, wall = line.split("games/s over ")[1].split("; ")
    assert float(rate.removesuffix(" s")) > 0  # three significant digits, never 0.00
    assert wall.endswith(" s wall in all") or " s wall in all, " in wall
    code, out, err = run(capsys, "pig", "match", "--p1", "hold:20", "--p2", "hold:25", "-n", "20")
    assert code == 0, err
    assert " s wall in all" in out


def test_cards_not_compiled_yet_are_named_and_counted_before_the_games(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards whose rules are not in numba's cache are compiled before the first game with a
    notice on stderr (how many, which), and the seconds it took are printed apart from the
    rate. (The cache is warm here: the check is made to report one card as new.)"""
    from ludolab.cli import dominion as cli_dominion
    from ludolab.games.dominion.cards import card_id

    monkeypatch.setattr(cli_dominion, "uncompiled_cards", lambda ids: [card_id("Smithy")])
    code, out, err = run(capsys, "dominion", "sim", "-n", "40")
    assert code == 0, err
    assert "compiling 1 card (first use only): Smithy" in err
    assert "compiled 1 card in " in err and "not counted in the games' rate" in err
    assert " s of it compiling" in out or "s wall in all" in out
    monkeypatch.setattr(cli_dominion, "uncompiled_cards", lambda ids: [])
    code, _, err = run(capsys, "dominion", "sim", "-n", "40")
    assert code == 0 and "compil" not in err


def test_uncompiled_cards_are_the_homes_missing_from_numbas_cache(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ludolab.cli.dominion import uncompiled_cards
    from ludolab.games.dominion.cards import card_id
    from ludolab.games.dominion.engine import coldstart

    ids = [card_id(n) for n in ("Smithy", "Village", "Witch", "Moat")]  # two plain, two homes
    monkeypatch.setattr(coldstart, "cached", lambda fn: False)
    assert uncompiled_cards(ids) == [card_id("Witch"), card_id("Moat")]
    monkeypatch.setattr(coldstart, "cached", lambda fn: True)
    assert uncompiled_cards(ids) == []


def test_players_beyond_the_bots_pool_the_copies_in_one_row_per_bot(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--players 6`` with two bots: three copies of each in every game. Each bot is one row
    over its seat-games (copies pooled), every seat is rotated (a deal is played 6 times), and
    the intervals count deals, the independent units."""
    import json

    code, out, err = run(capsys, "dominion", "sim", "Big Money", "Smithy Big Money",
                         "--players", "6", "-n", "120", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert [r["bot"] for r in doc["by_bot"]] == ["Big Money", "Smithy Big Money"]
    assert doc["games_per_deal"] == 6 and doc["deals"] == 20
    for row in doc["by_bot"]:
        assert row["seat_games"] == 3 * 120 and row["deals"] == 20
        assert row["wins"] + row["ties"] + row["losses"] == row["seat_games"]
    assert len(doc["by_seat"]) == 6


def test_pooled_rows_are_the_bots_seat_games_and_every_seat_is_rotated() -> None:
    import numpy as np

    from ludolab import dominion

    res = dominion.simulate(["Big Money", "Smithy Big Money"], games=300, seed=3, seats=5)
    seating = res.records["seating"]
    assert res.pooled and seating.shape == (300, 5) and res.games_per_deal == 10
    for b in (0, 1):  # each bot holds each seat equally often: 2 or 3 copies a game, rotated
        per_seat = (seating == b).sum(axis=0)
        assert (per_seat == per_seat[0]).all()
    assert sorted(set((seating == 0).sum(axis=1).tolist())) == [3]  # the line-up A B A B A
    pts = res.spec.score(res.records)
    for b, row in enumerate(res.bot_rows()):
        mine = seating == b
        assert row["seat_games"] == int(mine.sum())
        assert row["win_rate"] == pytest.approx(float(np.isclose(pts[mine], 1.0).mean()))
        assert row["mean_vp"] == pytest.approx(float(res.records["vp"][mine].mean()))
        low, high = row["win_ci"]
        assert low < row["win_rate"] < high
    assert res.bot_view("vp").shape == (300, 2)  # per game: the mean over a bot's copies
    assert res.bot_view("vp")[:, 0] == pytest.approx(
        np.where(seating == 0, res.records["vp"], 0).sum(axis=1) / 3)


@pytest.mark.parametrize(("seating", "said"), [("rotate", "every seat is rotated"),
                                                ("fixed", "each copy keeps its seat")])
def test_the_table_says_how_copies_are_pooled_and_seated(
        capsys: pytest.CaptureFixture[str], seating: str, said: str) -> None:
    code, out, err = run(capsys, "dominion", "sim", "Big Money", "Smithy Big Money",
                         "--players", "3", "-n", "30", "--seating", seating)
    assert code == 0, err
    assert f"2 bots fill 3 seats: each row pools a bot's copies (its seat-games); {said}" in out
