"""The player-spec parser: syntax, typed parameters, defaults and one-line errors."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from ludolab.errors import LudolabError, SpecError
from ludolab.players.spec import Param, PlayerRegistry, choice, integer, number


@pytest.fixture
def reg() -> PlayerRegistry:
    r = PlayerRegistry("toy")
    r.add("plain", SimpleNamespace, help="no parameters")
    r.add(
        "hold",
        SimpleNamespace,
        [Param("n", integer(1), "20", "threshold")],
        help="positional parameter",
        positional="n",
    )
    r.add(
        "search",
        SimpleNamespace,
        [
            Param("simulations", integer(1), "500"),
            Param("c", number(0.0), "1.4"),
            Param("horizon", integer(1, none=True), "none"),
            Param("mode", choice({"fast": 1, "slow": 2}), "fast"),
        ],
    )
    return r


def test_defaults_and_values(reg: PlayerRegistry) -> None:
    p = reg.parse("search")
    assert (p.simulations, p.c, p.horizon, p.mode, p.name) == (500, 1.4, None, 1, "search")
    p = reg.parse(" search : c=0.5 , simulations=80,horizon=12,mode=slow ")
    assert (p.simulations, p.c, p.horizon, p.mode) == (80, 0.5, 12, 2)
    assert p.name == "search:simulations=80,c=0.5,horizon=12,mode=slow"  # canonical order
    assert reg.parse("search:horizon=off").horizon is None


def test_positional_parameter(reg: PlayerRegistry) -> None:
    assert reg.parse("hold:25").n == 25
    assert reg.parse("hold:n=25").name == "hold:25"
    assert reg.parse("hold").name == "hold:20"
    assert reg.parse("plain").name == "plain"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "empty toy player spec; choose from: plain, hold, search"),
        (
            "serch",
            "unknown toy player 'serch' (did you mean 'search'?); choose from: plain, hold, search",
        ),
        ("zzz:n=1", "unknown toy player 'zzz'; choose from: plain, hold, search"),
        (
            "search:sim=5",
            "toy player 'search' has no parameter 'sim' (did you mean 'simulations'?); "
            "valid parameters: simulations, c, horizon, mode",
        ),
        (
            "search:depth=5",
            "toy player 'search' has no parameter 'depth'; valid parameters: simulations, c, "
            "horizon, mode",
        ),
        (
            "search:500",
            "toy player 'search': expected key=value, got '500'; valid parameters: simulations, "
            "c, horizon, mode",
        ),
        ("plain:x=1", "toy player 'plain' has no parameter 'x'; valid parameters: (none)"),
        (
            "search:simulations=abc",
            "toy player 'search': parameter 'simulations' must be an integer >= 1, got 'abc'",
        ),
        (
            "search:simulations=0",
            "toy player 'search': parameter 'simulations' must be an integer >= 1, got '0'",
        ),
        ("search:c=-1", "toy player 'search': parameter 'c' must be a number >= 0, got '-1'"),
        ("search:c=nan", "toy player 'search': parameter 'c' must be a number >= 0, got 'nan'"),
        (
            "search:horizon=x",
            "toy player 'search': parameter 'horizon' must be an integer >= 1 or 'none', got 'x'",
        ),
        (
            "search:mode=quick",
            "toy player 'search': parameter 'mode' must be one of fast, slow, got 'quick'",
        ),
        ("search:c=1,c=2", "toy player 'search': parameter 'c' given twice"),
        ("hold:20,30", "toy player 'hold': expected key=value, got '30'; valid parameters: n"),
        (
            "search:",
            "toy player 'search': empty parameter (a stray ':' or ','); valid parameters: "
            "simulations, c, horizon, mode",
        ),
        ("hold:5,", "toy player 'hold': empty parameter (a stray ':' or ','); valid parameters: n"),
        (
            "search:=3",
            "toy player 'search' has no parameter ''; valid parameters: simulations, c, "
            "horizon, mode",
        ),
    ],
)
def test_errors_are_one_line_and_list_the_choices(
    reg: PlayerRegistry, spec: str, message: str
) -> None:
    with pytest.raises(SpecError) as info:
        reg.parse(spec)
    assert str(info.value) == message
    assert "\n" not in str(info.value)
    assert isinstance(info.value, LudolabError)  # the CLI turns it into exit code 2


def test_a_refusal_by_the_player_becomes_a_spec_error() -> None:
    def picky(n: int) -> SimpleNamespace:
        if n == 13:
            raise ValueError("13 is unlucky")
        return SimpleNamespace(n=n)

    r = PlayerRegistry("toy")
    r.add("picky", picky, [Param("n", integer(), "1")])
    with pytest.raises(SpecError, match=r"^toy player 'picky': 13 is unlucky$"):
        r.parse("picky:n=13")


def test_registration_mistakes_are_programming_errors() -> None:
    r = PlayerRegistry("toy")
    r.add("a", SimpleNamespace)
    with pytest.raises(ValueError, match="already registered"):
        r.add("a", SimpleNamespace)
    with pytest.raises(ValueError, match="is not a parameter"):
        r.add("b", SimpleNamespace, [Param("n", integer(), "1")], positional="m")
    with pytest.raises(ValueError):  # a default that does not convert
        r.add("c", SimpleNamespace, [Param("n", integer(1), "0")])


def test_describe_lists_usage_with_defaults(reg: PlayerRegistry) -> None:
    assert reg.describe() == [
        ("plain", "no parameters"),
        ("hold:n=20", "positional parameter"),
        ("search:simulations=500,c=1.4,horizon=none,mode=fast", ""),
    ]
