"""Every command the README and docs/ show runs: a test extracts them and runs each, small.

A shell line in a fenced ``bash`` block (or an unmarked block) that starts with ``ludolab`` is a
command; each runs in-process (``clitools.run``) in a scratch folder that holds the shipped
``examples/`` and ``bench/data/``, with its sizes cut down by :func:`shrink` (fewer games, deals,
generations, rollouts) so the whole set stays within CI's budget. It fails on a non-zero exit.
``python`` blocks run as scripts, with the same cuts. A command that cannot run inside a test (a
server) is listed in :data:`NOT_RUN` with the reason, and its options are still checked against
its ``--help``. The figures the docs quote from deterministic runs are checked in
``test_docs_figures.py``.
"""

from __future__ import annotations

import re
import runpy
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from clitools import run

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
FENCE = re.compile(r"^```(\w*)\s*$")
INLINE = re.compile(r"`(ludolab [^`]+)`")
#: An inline span is a command to run when it gives a run's size or seed (the runs whose figures
#: the text quotes); one without is a mention ("`ludolab arena run` writes ..."), not a command.
RUN_INLINE = re.compile(r"--(seed|games|deals|workers)\b")
#: A word that stands for the reader's own value (FILE, BOT, SPEC, <bot>) or for elided parts.
PLACEHOLDER = re.compile(r"\.\.\.|<\w+>|\b[A-Z]{3,}\b")

#: Commands shown but not run here, with the reason; their options are checked by ``--help``.
NOT_RUN = {
    "serve": "starts a web server that runs until Ctrl-C; tests/web drives it for real",
}


@dataclass(frozen=True)
class Snippet:
    """One command or one python block of a doc, where it stands."""

    doc: str
    line: int
    lang: str
    text: str

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.line}"


def snippets(path: Path) -> list[Snippet]:
    """The ``ludolab`` commands (joined across trailing backslashes; inline ones in the text and
    tables too, where they give a run's size or seed and no placeholder) and python blocks.
    The README's first two commands (install and run, install and test) start with ``python3``,
    not ``ludolab``: CI runs the second itself, and ``ludolab dominion sim`` is the first's run."""
    out: list[Snippet] = []
    lang: str | None = None
    start = 0
    block: list[str] = []
    pending = ""
    pending_at = 0
    rel = str(path.relative_to(ROOT))
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(line)
        if fence and lang is None:
            lang, start, block = fence.group(1), n + 1, []
            continue
        if fence:
            if lang == "python":
                out.append(Snippet(rel, start, "python", "\n".join(block)))
            lang = None
            continue
        if lang is None:
            for m in INLINE.finditer(line):
                if RUN_INLINE.search(m.group(1)) and not PLACEHOLDER.search(m.group(1)):
                    out.append(Snippet(rel, n, "bash", m.group(1)))
            continue
        block.append(line)
        if lang not in ("bash", "sh", ""):
            continue
        text = line.strip()
        if pending:
            pending += " " + text.rstrip("\\").strip()
            if not text.endswith("\\"):
                out.append(Snippet(rel, pending_at, "bash", pending))
                pending = ""
            continue
        if text.startswith("ludolab "):
            if text.endswith("\\"):
                pending, pending_at = text.rstrip("\\").strip(), n
            else:
                out.append(Snippet(rel, n, "bash", text))
    return out


ALL = [s for doc in DOCS for s in snippets(doc)]
COMMANDS = [s for s in ALL if s.lang == "bash"]
PYTHON = [s for s in ALL if s.lang == "python"]

#: Options whose value is a size, and the most a test run uses.
_CAPS = {"--games": 60, "-n": 60, "--deals": 60, "--generations": 2, "-g": 2, "--population": 6,
         "--bots": 10, "--evaluations": 8}
_SIMS = re.compile(r"simulations=(\d+)")


def shrink(argv: list[str], scratch: Path) -> list[str]:
    """``argv`` with its sizes cut to a test's: games, deals and generations capped (a search
    player plays 4 games at 100 rollouts a decision), evolutions two small generations, one
    worker process; a tournament file is run from a copy in ``scratch`` with fewer games."""
    out: list[str] = []
    search = any("mcts:" in a or "ismcts:" in a for a in argv)
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in _CAPS and i + 1 < len(argv) and argv[i + 1].replace("_", "").isdigit():
            cap = 4 if search and arg in ("--games", "-n") else _CAPS[arg]
            out += [arg, str(min(int(argv[i + 1].replace("_", "")), cap))]
            i += 2
            continue
        if arg in ("--workers", "--minutes") and i + 1 < len(argv):
            i += 2  # one process; evolutions are cut by generations below
            continue
        out.append(_SIMS.sub(lambda m: f"simulations={min(int(m.group(1)), 100)}", arg))
        i += 1
    command = out[:2]
    if command == ["evolve", "dominion"]:
        out += ["--generations", "2", "--population", "6", "--games", "10", "--check-games", "20",
                "--validate-games", "100"]
    if command == ["evolve", "poker"]:
        out += ["--generations", "2", "--population", "6", "--deals", "10", "--check-deals", "20",
                "--validate-deals", "100"]
    if command in (["dominion", "sim"], ["dominion", "start"], ["pig", "match"]) and not (
            {"--games", "-n"} & set(out)):
        out += ["--games", "4" if search else "60"]
    if command == ["poker", "sim"] and "--deals" not in out:
        out += ["--deals", "60"]
    if command == ["dominion", "advise"] and "--evaluations" not in out:
        out += ["--evaluations", "8"]  # a time budget becomes one small search
    if command == ["arena", "run"]:
        out[2] = small_tournament(Path(out[2]), scratch)
    if command in _TAKES_WORKERS:
        out += ["--workers", "1"]
    return out


_TAKES_WORKERS = (["dominion", "sim"], ["poker", "sim"], ["pig", "match"], ["arena", "run"],
                  ["evolve", "dominion"], ["evolve", "poker"], ["dominion", "advise"])


def small_tournament(path: Path, scratch: Path) -> str:
    """A copy of tournament file ``path`` in ``scratch`` with at most 40 games (sequential tests
    look every 20), so its outputs land in the scratch folder too."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^(games|deals)\s*=\s*\d+", r"\1 = 40", text)
    text = re.sub(r"(?m)^batch\s*=\s*\d+", "batch = 20", text)
    text = _SIMS.sub(lambda m: f"simulations={min(int(m.group(1)), 100)}", text)
    copy = scratch / "small" / path.name
    copy.parent.mkdir(exist_ok=True)
    copy.write_text(text, encoding="utf-8")
    return str(copy)


def make_scratch(tmp_path: Path) -> Path:
    """A working folder holding copies of the shipped examples and bench files, as a reader's
    checkout would (copies: a command's outputs never land in the repository)."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copytree(ROOT / "bench", tmp_path / "bench",
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return tmp_path


def test_the_docs_show_commands() -> None:
    """The extraction finds what the docs show (a regex that found nothing would pass vacuously)."""
    assert len(COMMANDS) >= 60 and len(PYTHON) >= 6
    assert {s.doc for s in COMMANDS} >= {"README.md", "docs/bots.md", "docs/poker.md"}


def test_shrink_cuts_sizes() -> None:
    assert shrink(["dominion", "sim", "A", "B", "--games", "100000"], Path(".")) == [
        "dominion", "sim", "A", "B", "--games", "60", "--workers", "1"]
    assert shrink(["dominion", "log", "mcts:simulations=2000", "B"], Path(".")) == [
        "dominion", "log", "mcts:simulations=100", "B"]
    assert shrink(["dominion", "sim", "mcts:simulations=5000", "B", "--games", "1000",
                   "--workers", "2"], Path(".")) == [
        "dominion", "sim", "mcts:simulations=100", "B", "--games", "4", "--workers", "1"]
    assert shrink(["dominion", "advise", "-k", "first-game", "--minutes", "5"], Path(".")) == [
        "dominion", "advise", "-k", "first-game", "--evaluations", "8", "--workers", "1"]
    assert shrink(["dominion", "advise", "-k", "x", "--evaluations", "2000"], Path(".")) == [
        "dominion", "advise", "-k", "x", "--evaluations", "8", "--workers", "1"]


@pytest.mark.slow
@pytest.mark.parametrize("doc", sorted({s.doc for s in COMMANDS}))
def test_commands_run(doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                      capsys: pytest.CaptureFixture[str]) -> None:
    """Every command of ``doc``, in the order it shows them, in one folder (a later command may
    use an earlier one's output, as a reader's would); every failure is reported."""
    scratch = make_scratch(tmp_path)
    monkeypatch.chdir(scratch)
    monkeypatch.setenv("LUDOLAB_DATA_DIR", str(scratch / "data"))
    failures = []
    runs = 0
    for snippet in (s for s in COMMANDS if s.doc == doc):
        argv = shlex.split(snippet.text, comments=True)
        if argv[0] != "ludolab" or any(a in ("|", "&&") or a.endswith(";") for a in argv):
            failures.append(f"{snippet.id}: not one ludolab command: {snippet.text}")
            continue
        argv = argv[1:]
        argv = [*argv, "--help"] if argv[0] in NOT_RUN else shrink(argv, scratch)
        if argv[0] == "evolve" and "--out" not in argv:  # each run its own folder, as --out does
            runs += 1
            argv += ["--out", f"evolve-doc-run-{runs}"]
        code, _out, err = run(capsys, *argv)
        if code != 0:
            failures.append(f"{snippet.id}: `ludolab {shlex.join(argv)}` exited {code}: "
                            f"{err.strip()[-400:]}")
    assert not failures, "\n".join(failures)


_PY_CUTS = (
    (re.compile(r"\b(games|deals)=[\d_]+"), r"\1=200"),
    (re.compile(r"EvolveConfig\((?!\))"),
     "EvolveConfig(generations=2, population=6, games=10, check_games=20, validate_games=100, "),
    (re.compile(r"EvolveConfig\.for_game\((\"\w+\")"),
     r"EvolveConfig.for_game(\1, generations=2, population=6, games=10, check_games=20, "
     r"validate_games=100"),
    (re.compile(r"workers=\d+"), "workers=1"),
    (re.compile(r"\bminutes=[\d.]+"), "evaluations=8"),  # dominion.advise: one small search
)


@pytest.mark.slow
@pytest.mark.parametrize("snippet", PYTHON, ids=lambda s: s.id)
def test_python_block_runs(snippet: Snippet, tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    scratch = make_scratch(tmp_path)
    monkeypatch.chdir(scratch)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    code = snippet.text
    for pattern, repl in _PY_CUTS:
        code = pattern.sub(repl, code)
    script = scratch / "snippet.py"
    script.write_text(code, encoding="utf-8")
    runpy.run_path(str(script), run_name="__main__")
