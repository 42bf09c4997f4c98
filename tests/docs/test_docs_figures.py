"""Figures the docs quote from seeded runs are what those runs print today.

Each entry names the doc, the text it quotes, the command that gives the figure (the same
command the doc shows, at its full size: each runs in a second or two) and the text that command
prints. A change to the engine that moves one of them fails here until the doc says the new figure.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import run

ROOT = Path(__file__).resolve().parents[2]
DOC000 = ["--rules", "doc000", "--games", "10000", "--seating", "fixed", "--seed", "1",
          "--workers", "1"]

#: (doc, text the doc holds, command, texts the command prints)
FIGURES = [
    ("README.md", "| 26.6 / 12.9 / 60.5% | 25.6 / 12.9 / 61.5% |",
     ["dominion", "sim", "justBuyMoney", "justBuyMoney", *DOC000],
     ["│    1 │ 25.57 │", "│    2 │ 12.90 │", "│ 61.53 │"]),
    ("README.md", "| 78.3% | 77.1% |",
     ["dominion", "sim", "justBuyMoney", "buyMoneyandDuchy", *DOC000], ["│    1 │ 77.10 │"]),
    ("README.md", "| 65.2% | 64.7% |",
     ["dominion", "sim", "buyMoneyandDuchy", "justBuyMoney", *DOC000], ["│    2 │ 64.67 │"]),
    ("docs/pig.md", "--games 600 --goal 30 --seed 2`\nwins 53.8%",
     ["pig", "match", "--p1", "uct:simulations=60,horizon=6", "--p2", "hold:20", "--games", "600",
      "--goal", "30", "--seed", "2", "--workers", "1"], ["│ 53.83 │"]),
    ("docs/pig.md", "`mc:simulations=60,horizon=none` in its place 54.7%",
     ["pig", "match", "--p1", "mc:simulations=60,horizon=none", "--p2", "hold:20", "--games",
      "600", "--goal", "30", "--seed", "2", "--workers", "1"], ["│ 54.67 │"]),
    ("docs/pig.md", "`mc:simulations=60,horizon=6,rollout=random` 54.8%",
     ["pig", "match", "--p1", "mc:simulations=60,horizon=6,rollout=random", "--p2", "hold:20",
      "--games", "600", "--goal", "30", "--seed", "2", "--workers", "1"], ["│ 54.83 │"]),
    ("docs/bots.md", "| 80.42 (79.18-81.61) | 4.88 | +8.65 |",
     ["dominion", "sim", "Courtyard", "Big Money Ultimate", "--games", "4000", "--workers", "1"],
     ["│ 80.42 │ 79.18-81.61 │"]),
    ("docs/bots.md", "| 77.03 | 75.69-78.31 | 2.73 |",
     ["dominion", "sim", "Torturer", "Big Money Ultimate", "--games", "4000", "--workers", "1"],
     ["│ 77.03 │ 75.69-78.31 │"]),
]


@pytest.mark.parametrize(("doc", "quoted", "argv", "printed"), FIGURES,
                         ids=[f"{d}:{q[:30]}" for d, q, _, _ in FIGURES])
def test_quoted_figure_is_current(doc: str, quoted: str, argv: list[str], printed: list[str],
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert quoted in (ROOT / doc).read_text(encoding="utf-8"), f"{doc} no longer quotes {quoted!r}"
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    for text in printed:
        assert text in out, f"`ludolab {' '.join(argv)}` no longer prints {text!r}:\n{out}"
