"""Fuzzing the other entry points that take raw text, as test_fuzz_raw_text.py does
for Dominion bot files: poker bot files, search specs (mcts:, uct:, mc:), tournament files of
every game, and the flags of ``poker sim`` and ``evolve dominion`` through the real command line.

Each input either works or fails with one short line naming the problem: never another
exception, a traceback, a multi-line or unbounded message, or (for the command line) another exit
code than 0 or 2. Derandomized, so a run is repeatable and never flaky; few examples each, since
the whole suite must stay fast.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clitools import run
from ludolab.arena.tournament import load_tournament
from ludolab.errors import LudolabError
from ludolab.games.dominion.search import make_search_player
from ludolab.games.pig.players import make_player
from ludolab.games.poker.bots.fileformat import parse_bot_text

FUZZ = settings(derandomize=True, max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])
#: The command line is slower per example (a whole command, in process).
FUZZ_CLI = settings(FUZZ, max_examples=25)
#: The longest message a user mistake may print: the problem plus a short quote of the input.
MAX_MESSAGE = 600

#: Numbers that have broken parsers: signs, huge, non-finite, non-ASCII digits.
NUMBERS = ["0", "1", "-1", "0.5", "1e999", "nan", "inf", "1000000000000", "18446744073709551616",
           "٣", "1_0", "0x1", "", " "]
POKER_PIECES = ['name = "x"\n', 'summary = "s"\n', 'source = "t"\n', 'kind = "random"\n',
                'kind = "loki1"\n', 'kind = "loki2"\n', 'kind = "call"\n', "[random]\n",
                "fold = 0.2\n", "call = 0.4\n", "raise = 0.4\n", "[strength]\n",
                "potential = true\n", "samples = 0\n", "[preflop]\n", "[postflop]\n",
                "make1 = 50\n", "make2 = 200\n", "make4 = 580\n", "position = 20\n",
                "[triples]\n", "edges = [0.5, 0.8]\n", "flop = [[0.1, 0.2, 0.7]]\n",
                "= ", "[", "]", '"', "\n", "\x00", "\\u001b", *(f"x = {n}\n" for n in NUMBERS)]
SPEC_PIECES = ["mcts", "uct", "mc", "hold", "optimal", "random", ":", ",", "=", "simulations",
               "time", "horizon", "depth", "c", "margin", "trust", "algo", "halving", "ucb",
               "rollout", "hold:", "Big Money", "cut", "turn", "move", "heuristic", "race",
               "value", "win", "engine", "python", "paired", "none", *NUMBERS]
TOURNAMENT_PIECES = ['game = "pig"\n', 'game = "poker"\n', 'game = "dominion"\n',
                     'players = ["hold:20", "uct:simulations=10"]\n',
                     'players = ["call", "raise", "Loki-1"]\n',
                     'players = ["Big Money", "mcts:simulations=5"]\n', 'name = "t"\n',
                     'schedule = "table-8.1"\n', 'schedule = "rotation"\n', "seats = 2\n",
                     "seats = 10\n", "games = 4\n", "seed = 1\n", "[pig]\n", "goal = 50\n",
                     "[poker]\n", 'rules = "limit"\n', "[dominion]\n", 'kingdom = "random:3"\n',
                     "[stop]\n", "alpha = 0.7\n", "p0 = 0.5\n", "p1 = 0.55\n", "[output]\n",
                     'json = "o.json"\n', "[", "]", "=", '"', "\n",
                     *(f"games = {n}\n" for n in NUMBERS), *(f"seats = {n}\n" for n in NUMBERS)]


def assert_one_line(exc: LudolabError) -> None:
    message = str(exc)
    assert "\n" not in message and "\r" not in message, message
    assert 0 < len(message) <= MAX_MESSAGE, len(message)


def texts(pieces: list[str], max_size: int = 200) -> st.SearchStrategy[str]:
    """Any text, or near-valid text assembled from an entry point's own words."""
    return st.one_of(st.text(max_size=max_size),
                     st.lists(st.sampled_from(pieces), max_size=30).map("".join))


@FUZZ
@given(texts(POKER_PIECES, 400))
def test_poker_bot_files_from_any_text(text: str) -> None:
    try:
        parse_bot_text(text, "fuzz.toml")
    except LudolabError as exc:
        assert_one_line(exc)


@FUZZ
@given(texts(SPEC_PIECES))
def test_pig_player_specs_from_any_text(text: str) -> None:
    try:
        make_player(text)
    except LudolabError as exc:
        assert_one_line(exc)


@FUZZ
@given(texts(SPEC_PIECES).map(lambda t: t if t.startswith("mcts") else "mcts:" + t))
def test_dominion_search_specs_from_any_text(text: str) -> None:
    try:
        make_search_player(text)
    except LudolabError as exc:
        assert_one_line(exc)


@FUZZ
@given(st.one_of(st.binary(max_size=300),
                 st.lists(st.sampled_from(TOURNAMENT_PIECES), max_size=30)
                 .map(lambda parts: "".join(parts).encode())))
def test_tournament_files_of_every_game_from_any_bytes(tmp_path_factory: object,
                                                       data: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("t")) / "t.toml"  # type: ignore[attr-defined]
    path.write_bytes(data)
    try:
        load_tournament(path)
    except LudolabError as exc:
        assert_one_line(exc)


def assert_cli_answer(code: int, err: str) -> None:
    """A command either ran (0) or refused its input with one line (2)."""
    assert "Traceback" not in err, err
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("error: "), err
        assert len(err) < 700, err


POKER_FLAGS = ["--sprt", "--seats", "--schedule", "--rules", "--seed", "--look", "--sprt-min"]


@FUZZ_CLI
@given(flag=st.sampled_from(POKER_FLAGS), value=texts([*NUMBERS, ",", "0,0.1", "limit",
                                                       "table-8.1", "rotation"], 40))
def test_poker_sim_flags_from_any_text(capsys: pytest.CaptureFixture[str], flag: str,
                                       value: str) -> None:
    code, _, err = run(capsys, "poker", "sim", "call", "raise", "--deals", "2", "--sprt-min",
                       "2", flag, value)
    assert_cli_answer(code, err)


EVOLVE_FLAGS = ["--population", "--tournament", "--elites", "--crossover", "--switch",
                "--mutation", "--gene", "--games", "--check-games", "--validate-games", "--seed",
                "--rules", "--minutes", "--hall-size", "--cards", "--against", "--challenge"]


@FUZZ_CLI
@given(flag=st.sampled_from(EVOLVE_FLAGS), value=texts([*NUMBERS, ",", "Big Money", "Smithy",
                                                        "random:2", "official"], 40))
def test_evolve_flags_from_any_text(capsys: pytest.CaptureFixture[str],
                                    tmp_path_factory: pytest.TempPathFactory, flag: str,
                                    value: str) -> None:
    out = tmp_path_factory.mktemp("evolve") / "run"
    # no generation: a valid setting only prints the plan (nothing is played)
    code, _, err = run(capsys, "evolve", "dominion", "--generations", "0", "--workers", "1",
                       "--out", str(out), flag, value)
    assert_cli_answer(code, err)
