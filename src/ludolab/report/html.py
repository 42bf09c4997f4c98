"""A single self-contained HTML report: settings, tables and figures in one file.

Figures are embedded as base64 PNG ``data:`` URIs and the style sheet is inline, so the file
needs nothing else: mail it, attach it to an issue, open it offline.

>>> table = ("Wins", ["bot", "win rate"], [["A", 0.5125]])
>>> page = render_report("Demo", [table], [], {"games": 800})
>>> '<td class="num">0.5125</td>' in page and "<dd>800</dd>" in page
True
"""

from __future__ import annotations

import base64
import html as _html
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from ludolab import HTML_GENERATOR_TAG, __version__
from ludolab.report.plots import figure_png

__all__ = ["format_cell", "render_report", "write_report"]

Table = tuple[str, Sequence[str], Sequence[Sequence[Any]]]

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto;
       max-width: 60rem; padding: 0 1rem; color: #222; line-height: 1.4; }
h1 { margin-bottom: 0.3rem; }
dl.meta { display: grid; grid-template-columns: max-content auto; gap: 0.15rem 1rem;
          margin: 0.8rem 0; font-size: 0.95rem; }
dl.meta dt { font-weight: 600; color: #555; }
dl.meta dd { margin: 0; }
table { border-collapse: collapse; margin: 1rem 0 2rem; font-size: 0.95rem; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.4rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.7rem; text-align: left; }
th { background: #f4f4f4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0 2rem; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-weight: 600; margin-top: 0.3rem; }
footer { color: #888; font-size: 0.85rem; margin-top: 3rem; }
"""


def format_cell(value: Any) -> str:
    """Text of one table cell or setting: integers as they are, floats with at most four
    decimals (or four significant digits when very large or small), sequences comma-joined."""
    if value is None:
        return ""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        v = float(value)
        if not math.isfinite(v):
            return str(v)
        if v != 0 and (abs(v) >= 1e6 or abs(v) < 1e-3):
            return f"{v:.4g}"
        text = f"{v:.4f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    if isinstance(value, (list, tuple)):
        return ", ".join(format_cell(v) for v in value)
    return str(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value, (bool, np.bool_)
    )


def _table_html(caption: str, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    out = ["<table>", f"<caption>{_html.escape(caption)}</caption>", "<thead><tr>"]
    out += [f"<th>{_html.escape(str(h))}</th>" for h in header]
    out.append("</tr></thead><tbody>")
    for i, row in enumerate(rows):
        if len(row) != len(header):
            raise ValueError(
                f"table {caption!r}: row {i} has {len(row)} cells, the header has {len(header)}"
            )
        cells = []
        for v in row:
            cls = ' class="num"' if _is_number(v) else ""
            cells.append(f"<td{cls}>{_html.escape(format_cell(v))}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _figure_html(caption: str, fig: Figure, dpi: int) -> str:
    data = base64.b64encode(figure_png(fig, dpi)).decode("ascii")
    alt = _html.escape(caption, quote=True)
    return (
        f'<figure><img alt="{alt}" src="data:image/png;base64,{data}">'
        f"<figcaption>{_html.escape(caption)}</figcaption></figure>"
    )


def render_report(
    title: str,
    tables: Sequence[Table],
    figures: Sequence[tuple[str, Figure]],
    meta: Mapping[str, Any],
    *,
    dpi: int = 100,
) -> str:
    """The report as one HTML string (see :func:`write_report`)."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        HTML_GENERATOR_TAG,
        f"<title>{_html.escape(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head><body>",
        f"<header><h1>{_html.escape(title)}</h1>",
    ]
    if meta:
        parts.append('<dl class="meta">')
        for key, value in meta.items():
            parts.append(
                f"<dt>{_html.escape(str(key))}</dt><dd>{_html.escape(format_cell(value))}</dd>"
            )
        parts.append("</dl>")
    parts.append("</header>")
    if tables:
        parts.append("<section>")
        parts += [_table_html(c, h, r) for c, h, r in tables]
        parts.append("</section>")
    if figures:
        parts.append("<section>")
        parts += [_figure_html(c, f, dpi) for c, f in figures]
        parts.append("</section>")
    parts.append(f"<footer>Made with ludolab {_html.escape(__version__)}.</footer>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def write_report(
    path: str | os.PathLike[str],
    title: str,
    tables: Sequence[Table],
    figures: Sequence[tuple[str, Figure]],
    meta: Mapping[str, Any],
    *,
    dpi: int = 100,
) -> Path:
    """Write a single-file HTML report and return its path.

    ``tables``: ``(caption, header, rows)`` triples, each row one value per header cell (numbers
    are formatted by :func:`format_cell` and right-aligned); ``figures``: ``(caption, Figure)``
    pairs, embedded as PNG; ``meta``: the run's settings (bots, games, seed, rules, ...), shown
    under the title in order.
    """
    p = Path(path)
    text = render_report(title, tables, figures, meta, dpi=dpi)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(f".{p.name}.tmp{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, p)
    return p
