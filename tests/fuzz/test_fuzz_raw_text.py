"""Fuzzing over raw text and bytes: conditions, bot files and tournament files either parse or
fail with one short line naming the problem; never another exception, never a multi-line or
unbounded message. Derandomized, so a run is repeatable and never flaky."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludolab.arena.tournament import load_tournament
from ludolab.errors import LudolabError
from ludolab.games.dominion.bots.fileformat import parse_bot_text, read_bot_file
from ludolab.games.dominion.bots.grammar import parse_condition

FUZZ = settings(derandomize=True, max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
#: The longest message a user mistake may print: the problem plus a short quote of the input.
MAX_MESSAGE = 600

CONDITION_WORDS = ["coins", "count(Gold)", "count(Provnce)", "my_vp", "turn", "and", "or", "not",
                   "min(", "max(", "(", ")", ",", "+", "-", "*", "/", "<", "<=", "==", "!=",
                   ">", "1", "2.5", "1e9", "1e999", "piles_empty", "left(Province)", "ö", "٣"]
TOML_PIECES = ['name = "x"\n', "buy = [", "]", '"Gold"', '"Province if coins >= 8"', ", ",
               '"Smithy limit 1"', "[[buy]]\n", 'card = "Gold"\n', 'when = "coins > 6"\n',
               "limit = 3\n", "[options]\n", "militia = 2\n", "\n", "#", "[", "{", "}", '"',
               "=", "\\u0000", "\x00", "\xff", "🂡", 'game = "dominion"\n',
               'players = ["Big Money", "Smithy Big Money"]\n', "seats = 2\n", "games = 10\n",
               'schedule = "rotation"\n', "[stop]\n", 'test = "sprt"\n', "[output]\n",
               'json = "out.json"\n', "seed = -1\n", "[dominion]\n", 'kingdom = "auto"\n']


def assert_one_line(exc: LudolabError) -> None:
    message = str(exc)
    assert "\n" not in message and "\r" not in message, message
    assert 0 < len(message) <= MAX_MESSAGE, len(message)


@FUZZ
@given(st.text(max_size=300))
def test_conditions_from_any_text(text: str) -> None:
    try:
        parse_condition(text)
    except LudolabError as exc:
        assert_one_line(exc)


@FUZZ
@given(st.lists(st.sampled_from(CONDITION_WORDS), max_size=60).map(" ".join))
def test_conditions_from_near_valid_words(text: str) -> None:
    try:
        parse_condition(text)
    except LudolabError as exc:
        assert_one_line(exc)


@FUZZ
@given(st.one_of(st.text(max_size=400), st.lists(st.sampled_from(TOML_PIECES), max_size=40)
                 .map("".join)))
def test_bot_files_from_any_text(text: str) -> None:
    try:
        parse_bot_text(text, "fuzz.toml")
    except LudolabError as exc:
        assert_one_line(exc)


@FUZZ
@given(st.binary(max_size=400))
def test_bot_files_from_any_bytes(tmp_path_factory: object, data: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("bot")) / "bot.toml"  # type: ignore[attr-defined]
    path.write_bytes(data)
    try:
        read_bot_file(path)
    except LudolabError as exc:
        assert_one_line(exc)


@FUZZ
@given(st.one_of(st.binary(max_size=400),
                 st.lists(st.sampled_from(TOML_PIECES), max_size=40)
                 .map(lambda parts: "".join(parts).encode("utf-8", "surrogatepass"))))
def test_tournament_files_from_any_bytes(tmp_path_factory: object, data: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("t")) / "t.toml"  # type: ignore[attr-defined]
    path.write_bytes(data)
    try:
        load_tournament(path)
    except LudolabError as exc:
        assert_one_line(exc)
