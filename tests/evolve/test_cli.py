"""``ludolab evolve dominion``: a tiny run writes a usable bot; mistakes are one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clitools import run
from ludolab.evolve import ga

TINY = ["--population", "6", "--generations", "2", "--games", "10", "--check-games", "20",
        "--validate-games", "40", "--workers", "1", "--no-coevolve", "--cards",
        "Smithy, Witch, Copper"]


def test_a_tiny_run_prints_progress_and_writes_a_bot_sim_can_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = tmp_path / "run"
    code, out, _ = run(capsys, "evolve", "dominion", *TINY, "--out", str(out_dir))
    assert code == 0
    assert "gen   1/2  best" in out and "gen   2/2  best" in out
    assert "Player Strategy: Evolved champion" in out
    assert "validated on fresh games: win" in out and "(40 games)" in out
    for name in ("champion.toml", "fitness.png", "summary.json", "checkpoint.json"):
        assert (out_dir / name).exists(), name
    summary = json.loads((out_dir / "summary.json").read_text())
    assert summary["generations_done"] == 2 and summary["validation"]["games"] == 40
    assert summary["config"]["population"] == 6 and summary["cards"][-2:] == ["Smithy", "Witch"]
    # the champion is an ordinary bot file: the simulator plays it
    code, out, _ = run(capsys, "dominion", "sim", str(out_dir / "champion.toml"), "Big Money",
                       "-n", "20", "-w", "1", "--kingdom", "Smithy, Witch")
    assert code == 0 and "Evolved champion" in out
    # running again into the same directory without --resume is refused
    code, _, err = run(capsys, "evolve", "dominion", *TINY, "--out", str(out_dir))
    assert code == 2
    assert err.strip() == (
        f"error: {out_dir} already holds a run; use --resume to continue it or another --out"
    )
    # --resume with more generations continues it
    code, out, _ = run(capsys, "evolve", "dominion", "--resume", "--generations", "3",
                       "--out", str(out_dir))
    assert code == 0 and "gen   3/3" in out and "gen   1/" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cards", "Smithy, Wtich"], "error: unknown card 'Wtich'; did you mean 'Witch'?"),
        (["--against", "Big Monye"], "error: unknown bot 'Big Monye'"),
        (["--generations", "-3"], "error: --generations must be 0 or more, got -3"),
        (["--workers", "-1"], "error: --workers must be 0 (all cores) or more, got -1"),
        (["--crossover", "2"], "error: crossover rate must be between 0 and 1, got 2"),
        (["--cards", "Smithy, Smithy"], "error: --cards lists Smithy twice"),
    ],
)
def test_user_mistakes_are_one_line_errors_with_exit_code_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    code, _, err = run(capsys, "evolve", "dominion", *args, "--out", str(tmp_path / "x"))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message)


def test_resume_without_a_checkpoint_and_with_a_changed_setting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "evolve", "dominion", "--resume", "--out", str(tmp_path))
    assert code == 2
    assert err.strip() == f"error: {tmp_path / 'checkpoint.json'}: no checkpoint to resume from"
    code, _, _ = run(capsys, "evolve", "dominion", *TINY, "--generations", "1",
                     "--out", str(tmp_path))
    assert code == 0
    code, _, err = run(capsys, "evolve", "dominion", "--resume", "--games", "12",
                       "--out", str(tmp_path))
    assert code == 2
    assert err.strip().startswith("error: --games 12 differs from the checkpoint's 10; ")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.pop("population"), "'population' is missing"),
        (lambda d: d.update(population=[]), "'population' holds no genomes"),
        (lambda d: d.update(hall="x"), "'hall' has the wrong type (str)"),
        (lambda d: d.update(next_generation=True), "'next_generation' has the wrong type (bool)"),
    ],
)
def test_a_damaged_checkpoint_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Any, problem: str
) -> None:
    path = tmp_path / "checkpoint.json"
    doc = {"format": ga.CHECKPOINT_FORMAT, "config": {}, "cards": [], "next_generation": 1,
           "population": [{}], "history": [], "champion": None, "hall": []}
    change(doc)
    path.write_text(json.dumps(doc))
    code, _, err = run(capsys, "evolve", "dominion", "--resume", "--out", str(tmp_path))
    assert code == 2 and "Traceback" not in err
    assert err == f"error: {path}: damaged checkpoint: {problem}\n"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"\xff\xfe{}", "not UTF-8 text at byte 1"),
        (b"[" * 100_000, "nested too deeply"),  # json recurses once per level
        (b'{"format": 1', "Expecting ',' delimiter: line 1 column 13 (char 12)"),
    ],
)
def test_an_unreadable_checkpoint_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, problem: str
) -> None:
    path = tmp_path / "checkpoint.json"
    path.write_bytes(content)
    code, _, err = run(capsys, "evolve", "dominion", "--resume", "--out", str(tmp_path))
    assert code == 2 and "Traceback" not in err
    assert err == f"error: {path}: not a readable checkpoint ({problem})\n"


def test_an_unusable_run_folder_is_refused_before_the_first_generation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code, _, err = run(capsys, "evolve", "dominion", *TINY, "--out", str(blocker / "run"))
    assert code == 2 and "Traceback" not in err
    assert err.strip().splitlines()[-1] == (
        f"error: cannot use {blocker / 'run'} as the run folder: Not a directory"
    )
    assert "generation 1" not in err
