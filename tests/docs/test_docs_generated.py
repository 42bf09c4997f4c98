"""The docs' generated parts (tables of sets, kingdoms, the bot count) match the code."""

from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLES = runpy.run_path(str(ROOT / "scripts" / "docs_tables.py"))


def test_generated_parts_are_current() -> None:
    assert TABLES["stale"]() == [], "run: python scripts/docs_tables.py"


def test_the_docs_hold_each_generated_part() -> None:
    """Each part stands somewhere (a marker lost in an edit would make the check vacuous)."""
    text = "".join(p.read_text(encoding="utf-8") for p in TABLES["docs"]())
    for name in TABLES["PARTS"]:
        assert f"<!-- begin generated: {name} -->" in text, name


def test_an_unknown_part_is_refused() -> None:
    bad = "<!-- begin generated: nope -->\nx\n<!-- end generated: nope -->"
    try:
        TABLES["regenerate"](bad, "x.md")
    except SystemExit as exc:
        assert "unknown generated part 'nope'" in str(exc)
    else:
        raise AssertionError("an unknown part name was accepted")
