"""The ``ludolab dominion`` and ``ludolab arena`` commands: tables, JSON, logs, reports, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clitools import run


def test_sim_defaults_print_the_result_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dominion", "sim", "--games", "200", "--workers", "1")
    assert code == 0
    assert "200 games, seed 0, rules official, seating rotate" in out
    assert "Big Money" in out and "Smithy Big Money" in out and "By seat" in out


def test_sim_json_matches_the_library_call(capsys: pytest.CaptureFixture[str]) -> None:
    from ludolab.dominion import simulate

    code, out, _ = run(capsys, "dominion", "sim", "Witch Big Money", "Big Money", "-n", "300",
                       "-s", "4", "-w", "1", "--json")
    assert code == 0
    doc = json.loads(out)
    expected = simulate(["Witch Big Money", "Big Money"], games=300, seed=4).to_dict()
    assert doc["by_bot"][0]["wins"] == expected["by_bot"][0]["wins"]
    assert doc["by_bot"][1]["mean_vp"] == pytest.approx(expected["by_bot"][1]["mean_vp"])
    assert doc["kingdom"] == ["Witch"]


def test_sim_players_fill_seats_and_write_report_and_parquet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from ludolab.arena.results import read_parquet

    report, parquet = tmp_path / "r.html", tmp_path / "g.parquet"
    code, _, err = run(capsys, "dominion", "sim", "Big Money", "Smithy Big Money", "-p", "3",
                         "-n", "60", "-w", "1", "--report", str(report), "--parquet",
                         str(parquet))
    assert code == 0, err
    html = report.read_text()
    assert "<img" in html and "Average VP by turn" in html and "Smithy Big Money" in html
    assert "Big Money #2" not in html  # the copies of a bot share its row
    rec = read_parquet(parquet)
    assert len(rec) == 60 and rec["seating"].shape == (60, 3)


def test_log_prints_a_readable_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dominion", "log", "Big Money", "Smithy Big Money", "--seed", "5")
    assert code == 0
    assert "Turn 1" in out and "Smithy" in out and "Province" in out


def test_log_shows_what_a_search_player_thought(capsys: pytest.CaptureFixture[str]) -> None:
    spec = "mcts:simulations=20,rollout=Witch Big Money"
    argv = ("dominion", "log", spec, "Witch Big Money", "--kingdom", "Witch", "--seed", "2")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert out.startswith(f"Dominion, 2 players: P1 {spec}, P2 Witch Big Money\n")
    searched = [ln for ln in out.splitlines() if ln.startswith("    search (")]
    assert len(searched) >= 10 and all(" visits " in ln for ln in searched)
    assert not any(ln.startswith("    search (") for ln in out.split("Turn 1 - P2")[1]
                   .split("Turn 2 - P1")[0].splitlines())  # the bot's turn has no search line
    assert run(capsys, *argv)[1] == out  # seeded: the same log again


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:simulations=0", "'simulations' must be an integer from 1 to 1,000,000"),
        ("mcts:simulatons=5", "did you mean 'simulations'?"),
        ("mcts:rollout=Big Mony", "Big Money"),
        ("mcts:c=-1", "parameter 'c'"),
    ],
)
def test_log_bad_search_spec_is_one_line(capsys: pytest.CaptureFixture[str], spec: str,
                                         message: str) -> None:
    code, out, err = run(capsys, "dominion", "log", spec, "Big Money")
    assert code == 2
    assert out == "" and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["dominion", "sim", "Big Mony"], "did you mean 'Big Money'"),
        (["dominion", "sim", "--games", "-5"], "--games must be at least 1, got -5"),
        (["dominion", "sim", "Witch Big Money", "Big Money", "-k", "first-game"], "needs Witch"),
        (["dominion", "sim", "-k", "frist-game"], "did you mean 'first-game'?"),
        (["dominion", "sim", "--backend", "spark"], "unknown backend 'spark'"),
        (["dominion", "sim", "a", "b", "c", "-p", "2"], "3 bots do not fit 2 seats"),
        (["dominion", "log", "Big Money", "--rules", "offical"], "official"),
        (["arena", "run", "/nonexistent/t.toml"], "cannot read tournament file"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
    message: str,
) -> None:
    from ludolab.games.dominion.engine import Engine

    # as on a fresh machine: the "compiling..." notice must not come before a usage error
    monkeypatch.setattr(Engine, "needs_compile", staticmethod(lambda full=True: True))
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_bad_bot_file_names_file_and_line(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    bot = tmp_path / "mine.toml"
    bot.write_text('name = "mine"\nbuy = ["Province if coins >= 8", "Smithee"]\n')
    code, _, err = run(capsys, "dominion", "sim", str(bot), "Big Money", "-n", "10")
    assert code == 2
    assert f"{bot}:2:" in err and "Smithy" in err


def test_arena_run_dominion_tournament(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    t = tmp_path / "t.toml"
    t.write_text(
        'name = "smithy-vs-bmu"\ngame = "dominion"\n'
        'players = ["Smithy Big Money", "Big Money Ultimate"]\ngames = 400\nseed = 2\n'
        '[output]\njson = "out/s.json"\n'
    )
    code, out, err = run(capsys, "arena", "run", str(t), "-w", "1")
    assert code == 0, err
    assert "Paired by deal" in out and "variance reduction" in out
    doc = json.loads((tmp_path / "out" / "s.json").read_text())
    assert doc["games"] == 400 and doc["paired"]["score"]["deals"] == 200


def test_a_dominion_command_loads_only_what_it_uses():
    """The sub-commands are imported when run: a Dominion command never loads Pig's compiled
    players, scipy.stats (the intervals need only scipy.special), pyarrow (no --parquet) or the
    web stack."""
    import subprocess
    import sys

    code = ("import sys\nfrom ludolab.cli.main import main\n"
            "try:\n    main(['dominion', 'sim', '--games', '20'])\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in ('ludolab.games.pig.compiled', 'scipy.stats', 'pyarrow', "
            "'fastapi', 'ludolab.cli.pig') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_unknown_sub_command_suggests_the_near_one(capsys):
    code, _, err = run(capsys, "domnion", "sim")
    assert code == 2
    line = err.strip()  # "error: <program>: ...", the program as pytest was started
    assert line.startswith("error: ") and "\n" not in line
    assert line.endswith(": No such command 'domnion'. Did you mean 'dominion'?")


def test_first_run_prints_the_compile_apart_from_the_games_rate(capsys, monkeypatch):
    """The compile happens before the games (once, not in every worker) and its time is printed
    on its own line; the rate is the games' alone (a 40 s compile inside 400 games would have
    printed about 10 games/s)."""
    from ludolab.games.dominion.engine import Engine
    from ludolab.games.dominion.task import DominionTask

    calls = []
    real = DominionTask.warm_up

    def warm_up_claiming_40s(self: DominionTask) -> float:
        calls.append(real(self))  # really plays the first game, then claims a long compile
        return 40.0

    monkeypatch.setattr(Engine, "needs_compile", staticmethod(lambda full=True: True))
    monkeypatch.setattr(DominionTask, "warm_up", warm_up_claiming_40s)
    code, out, err = run(capsys, "dominion", "sim", "--games", "400")
    assert code == 0 and len(calls) == 1
    assert "compiled the Dominion engine in 40.0 s (not counted in the games' rate)" in err
    rate = int(out.split("|")[1].split("games/s")[0].replace(",", ""))
    assert rate > 40  # 400 games take far less than the 40 s the compile claimed
