"""Comments, docstrings, docs and the bot library say what the code does and why: none names
who wrote it ("helper SE") or the work item it came from ("issue 8"). Such a name means nothing
to a reader of the tree and goes stale as soon as the work is merged.

English that merely contains the words stays allowed: "small helpers", "a helper is @inline"
(a lower-case word follows), "the issue" (no number follows)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The trees checked: the package (code, the bot library's ``source`` fields, the web page's
#: templates and scripts), the docs, the benchmarks, the examples and the tests (but this file,
#: whose examples are such names).
TREES = ("src", "docs", "bench", "examples", "scripts", "tests")
SUFFIXES = {".py", ".md", ".toml", ".html", ".js", ".css", ".txt"}
#: "helper SE", "Helper PT1's", "helpers S3"; "issue 8", "issues 17-19", "Issue #12".
PATTERNS = (re.compile(r"\b[Hh]elpers? [A-Z][A-Z0-9]*\b"), re.compile(r"\b[Ii]ssues? #?\d+"))


def _files() -> list[Path]:
    out = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*")):
            if (path.suffix in SUFFIXES and "__pycache__" not in path.parts and path.is_file()
                    and path != Path(__file__).resolve()):
                out.append(path)
    return out


def attributions(text: str) -> list[str]:
    """The places in ``text`` that name a helper or an issue, as ``line: match``."""
    found = []
    for i, line in enumerate(text.splitlines(), 1):
        for rx in PATTERNS:
            found += [f"{i}: {m.group(0)}" for m in rx.finditer(line)]
    return found


@pytest.mark.parametrize(("text", "hits"), [
    ("# helper SE: Outpost's extra turn", 1),
    ("Helper PT1's bots for Loan", 1),
    ("## Speed against a baseline (issues 17-19)", 1),
    ("Issue #12 asked for it", 1),
    ('"""Small helpers shared by the CLI modules."""', 0),
    ("a hook is named for its slot; a helper is @inline", 0),
    ("the issue with a read-only cache", 0),
])
def test_the_pattern_finds_names_and_spares_english(text, hits):
    assert len(attributions(text)) == hits


def test_no_comment_doc_test_or_bot_names_a_helper_or_an_issue():
    bad = []
    for path in _files():
        for hit in attributions(path.read_text(encoding="utf-8", errors="replace")):
            bad.append(f"{path.relative_to(ROOT)}:{hit}")
    assert not bad, "say what the code does and why, not who or which issue:\n" + "\n".join(bad)
