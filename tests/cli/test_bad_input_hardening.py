"""Issue 9's malformed inputs through the real command line: one line on stderr, exit code 2.

Each case was a traceback, a hang, an out-of-memory or a silently wrong result before; the exact
message is asserted, so a regression to any of those fails here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clitools import run
from ludolab.arena.results import check_output
from ludolab.core.rng import SEED_MAX, check_seed
from ludolab.errors import LudolabError
from ludolab.games.dominion.bots.grammar import parse_condition

SEED_RANGE = f"seed must be a whole number from 0 to {SEED_MAX}"


def bot_file(tmp_path: Path, entry: str) -> str:
    path = tmp_path / "bot.toml"
    path.write_text(f'name = "x"\nbuy = [{entry}]\n', encoding="utf-8")
    return str(path)


def assert_one_line(code: int, err: str, expected: str) -> None:
    assert code == 2
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    assert err == f"error: {expected}\n"


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (("dominion", "sim", "--seed", "-1"), "-1"),
        (("dominion", "sim", "--seed", str(SEED_MAX + 1)), str(SEED_MAX + 1)),
        (("dominion", "log", "Big Money", "--seed", "-1"), "-1"),
        (("pig", "play", "--seed", "-3"), "-3"),
        (("pig", "match", "--seed", "-3", "--games", "2"), "-3"),
        (("evolve", "dominion", "--seed", "-1"), "-1"),
    ],
)
def test_one_seed_range_for_every_command(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], shown: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert_one_line(code, err, f"{SEED_RANGE}, got {shown}")


def test_seed_range_in_the_python_api() -> None:
    assert check_seed(0) == 0 and check_seed(SEED_MAX) == SEED_MAX
    for bad in (-1, SEED_MAX + 1, 1.5, True, "3"):
        with pytest.raises(LudolabError, match=f"^{SEED_RANGE}"):
            check_seed(bad)


def test_an_impossible_game_count_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "dominion", "sim", "--games", "1000000000000000000")
    assert_one_line(code, err, "the number of games must be at most 100,000,000 in one run "
                    "(records are kept in memory; split a larger run), got "
                    "1,000,000,000,000,000,000")


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ('"Gold if ' + "(" * 41 + "coins" + ")" * 41 + ' > 1"',
         "condition '" + "(" * 41 + "coins" + ")" * 11 + "...': too deeply nested at column 41: "
         "at most 40 levels of parentheses, 'not' and minus signs"),
        ('"Gold if ' + "not " * 41 + 'coins > 1"',
         # the quote is a window around column 161 (the 41st 'not'), not the condition's start
         "condition '..." + ("not " * 41 + "coins > 1")[-57:] + "': too deeply nested at column "
         "161: at most 40 "
         "levels of parentheses, 'not' and minus signs"),
        ('"Gold if ' + "(" * 200 + "coins" + ")" * 200 + ' > 1"',
         "condition '" + "(" * 57 + "...': too long: 403 words, numbers and signs, at most 400"),
        ('"Gold if ' + " + ".join(["coins"] * 1000) + ' > 1"',
         "condition '" + ("coins + " * 8)[:57] + "...': too long: 8,001 characters, at most "
         "2,000"),
        ('"Gold if cöins > 3"',
         "condition 'cöins > 3': 'ö' at column 2 is not allowed: conditions are ASCII text"),
        ('"Gold if coins > ²"',
         "condition 'coins > ²': '²' at column 9 is not allowed: conditions are ASCII text"),
        ('"Gold if coins > ٣"',
         "condition 'coins > ٣': '٣' at column 9 is not allowed: conditions are ASCII text"),
        ('"Gold if coins > 1e999"',
         "condition 'coins > 1e999': number '1e999' at column 9 is too large "
         "(at most 1,000,000,000)"),
        ('"Gold limit 3000000000"',
         "list item 'Gold limit 3000000000': 'limit' must be at most 1,000, got 3,000,000,000"),
    ],
)
def test_malformed_conditions_name_file_line_and_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, entry: str, expected: str
) -> None:
    path = bot_file(tmp_path, entry)
    code, _, err = run(capsys, "dominion", "show", path)
    assert_one_line(code, err, f"{path}:2: buy list: {expected}")


def test_a_huge_condition_is_quoted_in_a_short_window(tmp_path: Path) -> None:
    with pytest.raises(LudolabError) as info:
        parse_condition("coins > " + "1" * 1_000_000)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    ("condition", "quote", "problem"),
    [
        # the mistake sits 1,400 characters in: the quote shows it, not the condition's start
        ("coins > 1 and " * 100 + "cöins > 3",
         "'..." + ("coins > 1 and " * 100 + "cöins > 3")[-57:] + "'",
         "'ö' at column 1402 is not allowed: conditions are ASCII text"),
        ("coins > 1 and " * 30 + "bogus > 3 and " + "coins > 1 and " * 30,
         "'..." + ("coins > 1 and " * 30 + "bogus > 3 and " + "coins > 1 and " * 30)[393:447]
         + "...'",
         "unknown feature 'bogus' at column 421; did you mean 'buys'?"),
        # a mistake within the first 57 characters keeps the quote of the condition's start
        ("coins >> 3 and " + "coins > 1 and " * 10 + "coins > 1",
         "'" + ("coins >> 3 and " + "coins > 1 and " * 10)[:57] + "...'",
         "unknown operator '>>' at column 7; valid comparisons are < <= > >= == !="),
    ],
)
def test_a_late_mistake_is_quoted_in_a_window_around_its_column(
    condition: str, quote: str, problem: str
) -> None:
    with pytest.raises(LudolabError) as info:
        parse_condition(condition)
    assert str(info.value) == f"condition {quote}: {problem}"


def test_an_output_folder_that_cannot_hold_a_file_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # /proc passes os.access as root yet takes no new file: only a real probe finds that
    if not Path("/proc").is_dir():
        pytest.skip("needs /proc")
    code, out, err = run(capsys, "dominion", "sim", "-n", "10", "--parquet", "/proc/games.parquet")
    assert out == ""  # no game was played
    assert_one_line(code, err, "cannot write output /proc/games.parquet: /proc is not a writable "
                    "folder (No such file or directory)")
    # the probe leaves nothing behind in a folder that does take files
    assert check_output(tmp_path / "games.parquet") == tmp_path / "games.parquet"
    assert list(tmp_path.iterdir()) == []


def test_deep_toml_nesting_in_bot_and_tournament_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bot = tmp_path / "deep.toml"
    bot.write_text('name = "x"\nbuy = ' + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    code, _, err = run(capsys, "dominion", "show", str(bot))
    assert_one_line(code, err, f"{bot}:2: arrays or tables are nested too deeply")
    code, _, err = run(capsys, "arena", "run", str(bot))
    assert_one_line(code, err, f"{bot}:2: arrays or tables are nested too deeply")
    # the line is where the nesting is deepest; brackets in comments and strings do not count
    tour = tmp_path / "tour.toml"
    tour.write_text('# [[[[[[[[\n[tournament]\nbots = ["[[[[",\n  ' + "[" * 2000 + "]" * 2000
                    + "]\n", encoding="utf-8")
    code, _, err = run(capsys, "arena", "run", str(tour))
    assert_one_line(code, err, f"{tour}:4: arrays or tables are nested too deeply")


def test_a_tournament_file_that_is_not_utf8(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "t.toml"
    path.write_bytes(b'name = "t"\ngame = "dominion"\nplayers = ["\xff"]\n')
    code, _, err = run(capsys, "arena", "run", str(path))
    assert_one_line(code, err, f"{path}:3: not UTF-8 text (byte 42)")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("seed = -1", f"{SEED_RANGE}, got -1"),
        (f"seed = {SEED_MAX + 1}".replace(str(SEED_MAX + 1), "18446744073709551616"),
         f"{SEED_RANGE}, got 18446744073709551616"),
        ("games = 1000000000000000000",
         "games must be at most 100,000,000 in one run (records are kept in memory), "
         "got 1,000,000,000,000,000,000"),
        # schedule limits name the line of the key they are about
        ("seats = 1000000000", "number of seats must be from 1 to 64, got 1,000,000,000"),
        ('seats = 3\nschedule = "round-robin"',
         "seats must be between 2 and the number of bots (2), got 3"),
    ],
)
def test_tournament_seed_and_games_bounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: str, expected: str
) -> None:
    path = tmp_path / "t.toml"
    path.write_text(f'name = "t"\ngame = "dominion"\nplayers = ["Big Money", "Smithy Big Money"]\n'
                    f"{line}\n", encoding="utf-8")
    code, _, err = run(capsys, "arena", "run", str(path))
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    assert err.startswith(f"error: {path}:4: ") and err.rstrip().endswith(expected), err


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (("arena", "schedule", "rotation", "--seats", "100000000"),
         "number of seats must be from 1 to 64, got 100,000,000"),
        (("arena", "schedule", "all-permutations", "--bots", "5000"),
         "number of bots must be at most 64, got 5,000"),
        (("arena", "schedule", "all-permutations", "--bots", "9"),
         "all-permutations of 9 seats is 3.63e+05 seatings, more than 100,000: use rotation or "
         "williams"),
    ],
)
def test_schedules_that_cannot_be_built_are_refused_up_front(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], expected: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert_one_line(code, err, expected)


def ctrl_c_in_the_third_chunk(patch: pytest.MonkeyPatch) -> list[int]:
    """Make Dominion simulations play 100-game chunks and raise Ctrl-C in the third; returns the
    sizes of the chunks asked for (the first two finish)."""
    from ludolab.games.dominion.task import DominionTask

    real_run = DominionTask.run
    calls: list[int] = []

    def interrupted_run(self: DominionTask, indices: Any) -> Any:
        calls.append(len(indices))
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real_run(self, indices)

    def warm_up(self: DominionTask) -> float:  # the CLI's warm-up game is not a chunk
        real_run(self, np.zeros(1, np.int64))
        return 0.0

    patch.setattr(DominionTask, "run", interrupted_run)
    patch.setattr(DominionTask, "warm_up", warm_up)
    patch.setattr(DominionTask, "preferred_chunk_size", 100)
    return calls


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_keeps_the_finished_games_and_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    as_json: bool,
) -> None:
    """Ctrl-C during the third chunk: the two finished chunks are printed and written, exit 130."""
    calls = ctrl_c_in_the_third_chunk(monkeypatch)
    parquet = tmp_path / "games.parquet"
    code, out, err = run(capsys, "dominion", "sim", "--games", "1000", "--workers", "1",
                         "--parquet", str(parquet), *(["--json"] if as_json else []))
    assert code == 130
    assert "Traceback" not in err
    finished = sum(calls[:2])
    assert 0 < finished < 1000 and parquet.exists()
    if as_json:
        assert json.loads(out)["games"] == finished
    else:
        assert f"{finished:,} games of 1,000 (interrupted)" in out
        assert f"interrupted: {finished:,} of 1,000 games finished" in err


def test_output_paths_are_checked_before_the_first_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code, out, err = run(capsys, "dominion", "sim", "-n", "10", "--parquet",
                         str(blocker / "games.parquet"))
    assert out == ""  # no game was played
    assert_one_line(code, err, f"cannot write output {blocker / 'games.parquet'}: {blocker} is "
                    "not a writable folder")
    mine = tmp_path / "notes.html"
    mine.write_text("<p>my notes</p>")
    code, out, err = run(capsys, "dominion", "sim", "-n", "10", "--report", str(mine))
    assert out == "" and mine.read_text() == "<p>my notes</p>"
    assert_one_line(code, err, f"output {mine} exists and was not written by ludolab; pass "
                    "--force to overwrite it")
    # ludolab's own files are replaced freely; a user's file only with --force
    report = tmp_path / "report.html"
    for _ in range(2):
        code, _, err = run(capsys, "dominion", "sim", "-n", "10", "--report", str(report))
        assert code == 0, err
    code, _, _ = run(capsys, "dominion", "sim", "-n", "10", "--report", str(mine), "--force")
    assert code == 0 and "my notes" not in mine.read_text()


def test_tournament_outputs_stay_in_the_file_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "exp"
    folder.mkdir()
    path = folder / "t.toml"
    path.write_text('name = "t"\ngame = "pig"\nplayers = ["hold:20", "hold:25"]\ngames = 4\n'
                    '[pig]\ngoal = 20\n[output]\njson = "../summary.json"\n', encoding="utf-8")
    code, out, err = run(capsys, "arena", "run", str(path))
    assert out == ""
    assert_one_line(code, err, f"output {folder / '..' / 'summary.json'} is outside the tournament "
                    f"file's folder {folder} (pass --allow-outside to write there)")
    code, _, err = run(capsys, "arena", "run", str(path), "--allow-outside", "--workers", "1")
    assert code == 0, err
    assert json.loads((tmp_path / "summary.json").read_text())["generator"] == "ludolab"


def test_sim_resumes_a_stopped_run_from_its_results_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Stop a run after two chunks, resume it from --results: the JSON equals one whole run."""
    results = tmp_path / "run.lrec"
    argv = ("dominion", "sim", "-n", "600", "-w", "1", "--json", "--results", str(results))
    with monkeypatch.context() as m:
        ctrl_c_in_the_third_chunk(m)
        code, _, _ = run(capsys, *argv)
    assert code == 130 and results.exists()
    code, _, err = run(capsys, *argv)  # the same command again would start over: refused
    assert_one_line(code, err, f"{results} already holds a run: pass --resume to continue it, "
                    "or choose a new file")
    code, out, err = run(capsys, *argv, "--resume")
    assert code == 0, err
    resumed = json.loads(out)
    code, out, _ = run(capsys, "dominion", "sim", "-n", "600", "-w", "1", "--json")
    whole = json.loads(out)
    assert resumed["games"] == whole["games"] == 600
    assert resumed["by_bot"] == whole["by_bot"]


def test_resume_needs_a_results_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "dominion", "sim", "--resume")
    assert_one_line(code, err, "--resume needs --results FILE (the results file of the run to "
                    "continue)")
    code, _, err = run(capsys, "arena", "run", "nothing.toml", "--resume")
    assert code == 2 and err.count("\n") == 1


def test_json_runs_keep_stdout_for_the_json(capfd: pytest.CaptureFixture[str]) -> None:
    """Whatever writes to stdout during a --json run (Ray's notices, forwarded worker output,
    C-level writes to descriptor 1) lands on stderr (issue 9 item 17)."""
    import os
    import sys

    from ludolab.cli.common import stdout_to_stderr

    with stdout_to_stderr():
        print("a notice")
        sys.stdout.flush()
        os.write(1, b"a C-level notice\n")
    print("the JSON")
    out, err = capfd.readouterr()
    assert out == "the JSON\n"
    assert err == "a notice\na C-level notice\n"


@pytest.mark.ray
def test_ray_json_on_stdout_is_only_json(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    import ludolab

    env = dict(os.environ, PYTHONPATH=str(Path(ludolab.__file__).parents[1]))
    proc = subprocess.run(
        [sys.executable, "-m", "ludolab", "dominion", "sim", "-n", "100", "--backend", "ray",
         "-w", "2", "--json"], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 100  # nothing but the JSON on stdout


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (("pig", "match", "--games", "10000000000000000000"),
         "--games must be at most 100,000,000 in one run (records are kept in memory; split a "
         "larger run), got 10,000,000,000,000,000,000"),  # was a ValueError traceback
        (("pig", "play", "-q", "--goal", "100000000000000000000"),
         "--goal must be at most 1,000 (a game stops as a tie after 100 rounds), got "
         "100,000,000,000,000,000,000"),  # was a silent tie after 100 rounds
        # the optimal table grows as goal**3: a large goal was hours and gigabytes of memory
        (("pig", "play", "-q", "--p1", "optimal", "--goal", "301"),
         "the optimal player needs --goal at most 300 (its table grows as the goal cubed), got "
         "301"),
        (("pig", "match", "--p2", " Optimal", "--goal", "1000", "-n", "2"),
         "the optimal player needs --goal at most 300 (its table grows as the goal cubed), got "
         "1,000"),
    ],
)
def test_pig_limits_are_refused_up_front(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], expected: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert out == ""
    assert_one_line(code, err, expected)


def test_more_than_ten_kingdom_cards_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """A game has ten kingdom piles: an 11- or 26-card ``--kingdom`` is a usage error before any
    game (it ran with exit 0), and the same list is a LudolabError from the Python API."""
    from ludolab import dominion
    from ludolab.games.dominion.cards import CARDS
    from ludolab.games.dominion.kingdom import PRESETS

    eleven = ",".join([*PRESETS["first-game"], "Witch"])
    every_base = ",".join(c.name for c in CARDS if c.set == "base2")
    for names, n in ((eleven, 11), (every_base, 26)):
        code, out, err = run(capsys, "dominion", "sim", "Big Money", "Big Money", "--kingdom",
                             names, "-n", "10")
        assert_one_line(code, err, f"the kingdom lists {n} cards; a game has at most 10 "
                                   "kingdom piles")
        assert out == ""
    with pytest.raises(LudolabError, match=r"^the kingdom lists 11 cards; a game has at most "
                                           r"10 kingdom piles$"):
        dominion.simulate(["Big Money", "Big Money"], games=10, kingdom=eleven)
