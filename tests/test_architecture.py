"""The layers of docs/ARCHITECTURE.md, checked by import-linter (the `.importlinter` contract).

cli -> web -> the game facades (``ludolab.dominion | ludolab.poker | ludolab.pig``, independent
of each other) -> evolve -> arena | report -> games -> players -> core -> errors: an import may
only point down; games, players and core import no
printing, plotting or CLI library; and the games are independent of each other (what two games
share lives in core). Further tests prove the checks bite: the same contracts on a
copy of the package with one upward (or printing) import injected must fail and name it.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# import-linter's own entry point, run in a child so that the package it analyses is the one on
# PYTHONPATH (the real one, or the doctored copy) and not whatever this process imported
LINT = ("import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True, no_logo=True))")


def _lint(src: Path, config: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([sys.executable, "-c", LINT, str(config)], cwd=src.parent, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_layers_hold() -> None:
    out = _lint(ROOT / "src", ROOT / ".importlinter")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Contracts: 3 kept, 0 broken." in out.stdout


def test_an_upward_import_breaks_the_contract(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "ludolab", src / "ludolab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.toml"))
    victim = src / "ludolab" / "games" / "pig" / "bots.py"
    victim.write_text(victim.read_text() + "\nfrom ludolab.arena import runner  # upward\n")
    out = _lint(src, ROOT / ".importlinter")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Contracts: 2 kept, 1 broken." in out.stdout
    assert "ludolab.games.pig.bots -> ludolab.arena.runner" in out.stdout


def test_a_game_that_prints_breaks_the_contract(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "ludolab", src / "ludolab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.toml"))
    victim = src / "ludolab" / "games" / "pig" / "game.py"
    victim.write_text(victim.read_text() + "\nfrom rich.console import Console  # printing\n")
    out = _lint(src, ROOT / ".importlinter")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Games, players and core know no printing, plots or CLI BROKEN" in out.stdout
    assert "ludolab.games.pig.game -> rich" in out.stdout


def test_a_facade_importing_the_cli_breaks_the_contract(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "ludolab", src / "ludolab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.toml"))
    victim = src / "ludolab" / "dominion.py"
    victim.write_text(victim.read_text() + "\nfrom ludolab.cli import common\n")
    out = _lint(src, ROOT / ".importlinter")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Layers of docs/ARCHITECTURE.md: arrows point down only BROKEN" in out.stdout
    assert "ludolab.dominion -> ludolab.cli.common" in out.stdout


def test_a_game_importing_another_breaks_the_contract(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "ludolab", src / "ludolab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.toml"))
    victim = src / "ludolab" / "games" / "poker" / "bots" / "fileformat.py"
    victim.write_text(victim.read_text() + "\nfrom ludolab.games.dominion import cards\n")
    out = _lint(src, ROOT / ".importlinter")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Games never import each other: what two games share lives in core BROKEN" in out.stdout
    assert "ludolab.games.poker.bots.fileformat -> ludolab.games.dominion.cards" in out.stdout


#: Linter directives are not reasons: what is left of a comment without them must say why.
_DIRECTIVES = re.compile(r"noqa(?::\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)?|type:\s*ignore"
                         r"(?:\[[^\]]*\])?|pragma:\s*no\s*cover", re.IGNORECASE)


def import_reason(line: str) -> str:
    """The reason a line's comment gives, linter directives removed ("" when there is none).

    >>> import_reason("import ray  # lazy: a heavy optional extra")
    'lazy: a heavy optional extra'
    >>> import_reason("import x  # noqa: F401"), import_reason("import y  # type: ignore[x]")
    ('', '')
    """
    if "#" not in line:
        return ""
    words = _DIRECTIVES.sub("", line.split("#", 1)[1]).strip(" \t#,;:()")
    return words if re.search(r"[A-Za-z]{3,}", words) else ""


def test_a_directive_is_not_a_reason() -> None:
    assert import_reason("from ludolab import x  # noqa: PLC0415") == ""
    assert import_reason("from ludolab import x  # noqa: F401, E402") == ""
    assert import_reason("from ludolab import x  # noqa: F401 (registers the games)") == (
        "registers the games")
    assert import_reason("from ludolab import x") == ""


def test_imports_inside_functions_say_why() -> None:
    """An import inside a function hides an arrow of the graph: allowed only with a reason in
    a comment on its line (a heavy optional dependency such as Ray), not a bare linter
    directive such as ``# noqa``."""
    hidden = []
    for path in sorted((ROOT / "src" / "ludolab").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom) and not import_reason(
                            lines[inner.lineno - 1]):
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert hidden == []
