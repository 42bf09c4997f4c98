"""`ludolab dominion advise` through the real CLI entry: bad input is one line with exit code 2;
a small run prints the bot, why and its rates, and writes --out."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import run
from ludolab.games.dominion.bots import read_bot_file


@pytest.mark.parametrize(("args", "message"), [
    (["-k", "first-game", "-e", "8", "--players", "7"], "--players must be 2 to 6"),
    (["-k", "first-game", "-e", "8", "--players", "1"], "--players must be 2 to 6"),
    (["-k", "first-game", "--minutes", "0"], "--minutes must be more than 0"),
    (["-k", "first-game", "--minutes", "nan"], "--minutes must be more than 0"),
    (["-k", "first-game", "--evaluations", "0"], "--evaluations must be at least 1"),
    (["-k", "Smithy, Village, Market"], "a kingdom is ten kingdom piles"),
    (["-k", "Smithy, Village, Markett, Cellar, Mine, Moat, Remodel, Militia, Workshop, Merchant"],
     "Market"),
    (["-k", "frist-game"], "first-game"),
    (["-k", "first-game", "-e", "8", "--against", "Double Witch"], "Double Witch"),
    (["-k", "first-game", "-e", "8", "--bots", "/nonexistent/folder"], "not a folder"),
    (["-k", "first-game", "-e", "8", "--rules", "offical"], "offical"),
    ([], "--kingdom"),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys: pytest.CaptureFixture[str],
                                               args: list[str], message: str) -> None:
    code, out, err = run(capsys, "dominion", "advise", *args)
    assert code == 2, (out, err)
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_an_existing_out_file_needs_force(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    out = tmp_path / "bot.toml"
    out.write_text("mine\n")
    code, _, err = run(capsys, "dominion", "advise", "-k", "first-game", "-e", "8", "-o",
                       str(out))
    assert code == 2 and "--force" in err and out.read_text() == "mine\n"


def test_a_small_run_prints_the_bot_why_and_rates(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    out = tmp_path / "advised.toml"
    code, stdout, err = run(capsys, "dominion", "advise", "-k", "first-game", "-e", "8",
                            "-w", "1", "--seed", "5", "--bots", str(tmp_path), "-o", str(out))
    assert code == 0, err
    assert "Recommended" in stdout and "Buy these cards" in stdout
    assert "Why: what each bought" in stdout and "Big Money Ultimate" in stdout
    assert "'--evaluations 8 --seed 5' reproduces this bot" in stdout
    spec = read_bot_file(out)
    assert spec.name in stdout


def test_ctrl_c_writes_the_best_bot_so_far_and_says_where(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during the search (raised where the progress bar is drawn, as a signal would be):
    exit code 130, the champion so far in advised-bot.toml (never over an existing file)."""
    from ludolab.cli import dominion_advise

    def stop(self: object, stage: str, done: int, total: int) -> None:
        if stage == "search" and done:
            raise KeyboardInterrupt

    monkeypatch.setattr(dominion_advise._StageProgress, "__call__", stop)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "advised-bot.toml").write_text("an earlier one\n")
    code, out, err = run(capsys, "dominion", "advise", "-k", "first-game", "-e", "80", "-w", "1")
    assert "Advised for first-game" in out  # the bot so far, printed too
    assert code == 130, err
    saved = tmp_path / "advised-bot-2.toml"
    assert f"is in {saved.name}" in err and "interrupted while searching" in err
    assert read_bot_file(saved).name == "Advised for first-game"
    assert (tmp_path / "advised-bot.toml").read_text() == "an earlier one\n"
    assert "Traceback" not in err
