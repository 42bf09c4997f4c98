"""The rulebook tests docs/adding-a-card.md shows are run here, so the guide stays true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "adding-a-card.md"
PRELUDE = ("from cardtools import counters, expect, start\n"
           "from ludolab.games.dominion.cards import card_id as C\n"
           "from ludolab.games.dominion.engine import DecisionKind as DK\n")


def _doc_tests() -> dict:
    ns: dict = {}
    exec(PRELUDE, ns)
    for block in re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S):
        if "def test_" in block:
            exec(block, ns)
    return {name: fn for name, fn in ns.items() if name.startswith("test_")}


TESTS = _doc_tests()


def test_the_guide_shows_a_test_for_each_example():
    assert {"test_bazaar_draws_one_and_gives_two_actions_and_a_coin",
            "test_moneylender_may_trash_a_copper_for_three_coins",
            "test_moat_revealed_stops_militia"} <= set(TESTS)


@pytest.mark.parametrize("name", sorted(TESTS))
def test_the_guide_s_rulebook_test_passes(name):
    TESTS[name]()
