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
