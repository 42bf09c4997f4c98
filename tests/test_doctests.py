"""The examples in ludolab's docstrings run as doctests, so the documentation cannot rot."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ludolab

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(ludolab.__path__, "ludolab.")
    if m.name != "ludolab.__main__"  # importing it runs the command line
)


def test_every_module_is_found() -> None:
    assert "ludolab.arena.simulation" in MODULES and "ludolab.arena.runner" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
