"""What the ``ludolab`` command loads before it does anything: a short start is kept by tests of
the modules loaded (never by timing; ``bench/startup.py`` measures the seconds)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from ludolab.cli.main import SUBCOMMANDS

HEAVY = ("numba", "scipy", "matplotlib", "numpy", "pandas", "pyarrow", "ludolab.games")


def _loaded_after(argv: list[str], modules: tuple[str, ...]) -> list[str]:
    """The ``modules`` a fresh interpreter has loaded after ``ludolab <argv>``."""
    code = ("import sys\nfrom ludolab.cli.main import main\n"
            f"try:\n    main({argv!r})\n"
            "except SystemExit:\n    pass\n"
            f"print(sorted(m for m in {modules!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600, check=False)
    assert out.returncode == 0, out.stderr
    return eval(out.stdout.strip().splitlines()[-1])  # a printed list of names


@pytest.mark.parametrize("argv", [["--help"], []])
def test_the_root_help_loads_no_game_and_no_numeric_library(argv: list[str]) -> None:
    """``ludolab --help`` (and a bare ``ludolab``) lists the sub-commands from the root's own
    table: none of them is imported, so neither numba, scipy, matplotlib nor numpy is."""
    assert _loaded_after(argv, HEAVY + tuple(f"ludolab.cli.{n}" for n in SUBCOMMANDS)) == []


def test_the_root_help_lists_every_sub_command_with_its_module_line(capsys) -> None:
    from clitools import run

    code, out, _ = run(capsys, "--help")
    assert code == 0
    words = " ".join(out.replace("│", " ").split())
    for name, line in SUBCOMMANDS.items():
        assert name in words
        assert " ".join(line.split()[:4]) in words


@pytest.mark.parametrize("name", sorted(SUBCOMMANDS))
def test_each_listed_line_is_the_modules_own_first_line(name: str) -> None:
    """The root lists the first line of each module's docstring without importing it: the two
    must not drift apart."""
    module = importlib.import_module(f"ludolab.cli.{name}")
    assert SUBCOMMANDS[name] == (module.__doc__ or "").strip().splitlines()[0]


def test_a_sub_commands_help_still_comes_from_its_module(capsys) -> None:
    from clitools import run

    code, out, _ = run(capsys, "pig", "--help")
    assert code == 0
    assert "match" in out and "players" in out


@pytest.mark.parametrize("facade", ["dominion", "pig", "poker"])
def test_a_facade_loads_matplotlib_only_to_plot(facade: str) -> None:
    """The facades import the plots on the first ``plot()``: a simulation printed as tables (the
    CLI's ``sim``) never loads matplotlib."""
    code = (f"import sys\nimport ludolab.{facade}\n"
            "print(sorted(m for m in ('matplotlib', 'ludolab.report.plots') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_a_dominion_sim_without_report_loads_no_matplotlib_and_no_scipy_linalg() -> None:
    """Tables only: no plotting library; the compiled engine loads from numba's cache without
    scipy.linalg (:mod:`ludolab.core.numbastart`)."""
    assert _loaded_after(["dominion", "sim", "--games", "20"],
                         ("matplotlib", "ludolab.report.plots", "scipy.linalg")) == []


def test_pig_loads_numba_only_for_a_compiled_search() -> None:
    """Pig's rules are compiled (numba, and scipy through it) when a compiled ``mc``/``uct``
    is seated, not to list the players or to play hold-at-N bots."""
    assert _loaded_after(["pig", "players"], ("numba", "scipy")) == []
    assert _loaded_after(["pig", "match", "--p1", "hold:20", "--p2", "hold:25", "-n", "10"],
                         ("numba", "scipy.linalg")) == []


def test_a_library_bot_named_by_its_file_is_read_alone() -> None:
    """Naming a library bot reads its own file, not the 100-odd files of the library (the
    library file of a bot is named after the bot); the spec is the library's own."""
    from ludolab.games.dominion.bots import library

    library._library.cache_clear()
    library._read_library_file.cache_clear()
    spec = library.load_spec("smithy big money")
    assert library._library.cache_info().currsize == 0
    assert library._read_library_file.cache_info().currsize == 1
    specs, _ = library._library()
    assert spec.name == "Smithy Big Money" and spec == specs["Smithy Big Money"]
