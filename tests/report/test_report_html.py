"""The single-file HTML report."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import numpy as np
import pytest

from ludolab.report.html import format_cell, render_report, write_report
from ludolab.report.plots import new_figure


def small_figure(title: str):
    fig = new_figure(3, 2)
    ax = fig.add_subplot()
    ax.plot([1, 2, 3], [3, 1, 2])
    ax.set_title(title)
    return fig


def test_report_is_one_self_contained_file(tmp_path: Path) -> None:
    out = tmp_path / "report" / "run.html"
    tables = [
        (
            "Win / tie / loss",
            ["bot", "games", "win rate", "95% interval"],
            [["Big Money", 5000, 0.41236, "0.398 - 0.426"], ["Smithy <BM>", 5000, 0.5125, None]],
        ),
        ("Seats", ["seat", "wins"], [[0, np.int64(2711)], [1, np.int32(2289)]]),
    ]
    figures = [("VP by turn", small_figure("a")), ("Money & luck", small_figure("b"))]
    meta = {"bots": ["Big Money", "Smithy <BM>"], "games": 10000, "seed": 7, "duplicate": True}
    path = write_report(out, "Big Money vs Smithy", tables, figures, meta)
    assert path == out
    assert [p.name for p in out.parent.iterdir()] == ["run.html"]  # nothing written beside it
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "<title>Big Money vs Smithy</title>" in text
    # the tables' numbers, formatted, in right-aligned cells
    assert '<td class="num">5000</td>' in text
    assert '<td class="num">0.4124</td>' in text
    assert '<td class="num">0.5125</td>' in text
    assert '<td class="num">2711</td>' in text and '<td class="num">2289</td>' in text
    assert "<td>0.398 - 0.426</td>" in text
    assert "<td>Smithy &lt;BM&gt;</td>" in text  # escaped, never raw markup
    assert "<caption>Win / tie / loss</caption>" in text
    # the settings header
    assert "<dt>games</dt><dd>10000</dd>" in text
    assert "<dt>bots</dt><dd>Big Money, Smithy &lt;BM&gt;</dd>" in text
    assert "<dt>duplicate</dt><dd>yes</dd>" in text
    # the images: embedded PNGs, one per figure, and no outside reference of any kind
    images = re.findall(r'<img alt="([^"]*)" src="data:image/png;base64,([A-Za-z0-9+/=]+)">', text)
    assert [alt for alt, _ in images] == ["VP by turn", "Money &amp; luck"]
    for _, data in images:
        assert base64.b64decode(data)[:8] == b"\x89PNG\r\n\x1a\n"
    assert "http://" not in text and "https://" not in text
    assert text.count("<img") == 2 and "<link" not in text and "<script" not in text


def test_report_without_tables_or_figures() -> None:
    text = render_report("Empty", [], [], {})
    assert "<table>" not in text and "<img" not in text and '<dl class="meta">' not in text
    assert "<h1>Empty</h1>" in text


def test_bad_table_row_is_refused() -> None:
    with pytest.raises(ValueError) as info:
        render_report("x", [("Wins", ["bot", "wins"], [["A", 1], ["B"]])], [], {})
    assert str(info.value) == "table 'Wins': row 1 has 1 cells, the header has 2"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (3, "3"),
        (np.int16(-4), "-4"),
        (0.5, "0.5"),
        (0.123456, "0.1235"),
        (12.0, "12"),
        (-0.00001, "-1e-05"),
        (2_500_000.0, "2.5e+06"),
        (float("nan"), "nan"),
        (np.float32(0.25), "0.25"),
        (True, "yes"),
        (None, ""),
        ((1, 2.5), "1, 2.5"),
        ("<b>", "<b>"),  # escaping is the HTML writer's job, not format_cell's
    ],
)
def test_format_cell(value: object, text: str) -> None:
    assert format_cell(value) == text


def test_docstring_examples() -> None:
    import doctest

    import ludolab.report.html as module

    failures, attempted = doctest.testmod(module)
    assert failures == 0 and attempted > 0
