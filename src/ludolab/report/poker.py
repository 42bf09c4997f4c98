"""The HTML report of a poker experiment: result tables and each bot's running small bets per
hand over the deals, with its 95% band over units."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from ludolab.report.html import write_report
from ludolab.report.plots import new_figure


def _ci(pair: tuple[float, float]) -> str:
    return f"{pair[0]:+.4f} to {pair[1]:+.4f}"


def simulation_tables(result: Any) -> list[tuple[str, list[str], list[list[Any]]]]:
    """The tables of a :class:`~ludolab.poker.PokerResult`."""
    bots = [[r["bot"], r["hands"], r["seat_hands"], r["sb_per_hand"], _ci(r["sb_ci"]),
             r["effective_hands"], 100 * r["pots_won"]] for r in result.bot_rows()]
    seats = [[r["position"], r["sb_per_hand"], _ci(r["sb_ci"])]
             for r in result.position_rows()]
    tables = [
        ("Small bets per hand by bot (95% intervals over units: a deal with all its seatings)",
         ["bot", "hands", "seat-hands", "sb/hand", "95% CI", "worth independent hands",
          "pots won %"], bots),
        ("Small bets per hand by position (all bots)", ["position", "sb/hand", "95% CI"],
         seats),
    ]
    v = result.versus()
    if v is not None:
        tables.append(("First bot minus second, hand by hand",
                       ["first", "second", "difference", "95% CI", "units",
                        "worth independent hands", "verdict"],
                       [[v["first"], v["second"], v["difference"], _ci(v["ci"]), v["units"],
                         v["effective_hands"], v["verdict"]]]))
    return tables


def running_figure(result: Any) -> Figure:
    """Each bot's small bets per hand over the first ``k`` deals, ``k`` = 1 .. all, with the
    final 95% interval as a band."""
    fig = new_figure()
    ax = fig.add_subplot(1, 1, 1)
    _, unit = np.unique(result.records["deal"], return_inverse=True)
    unit = unit.reshape(-1)
    for b, row in enumerate(result.bot_rows()):
        values = result.per_bot(b)
        present = ~np.isnan(values)
        totals = np.bincount(unit, weights=np.where(present, values, 0.0))
        sizes = np.bincount(unit, weights=present.astype(float))
        k = np.cumsum(sizes)
        ok = k > 0
        x = np.arange(1, len(totals) + 1)[ok]
        line = ax.plot(x, np.cumsum(totals)[ok] / k[ok], label=row["bot"], lw=1.2)[0]
        lo, hi = row["sb_ci"]
        if np.isfinite(lo):
            ax.axhspan(lo, hi, color=line.get_color(), alpha=0.12)
    ax.axhline(0.0, color="#888", lw=0.8)
    ax.set_xlabel("deals (units)")
    ax.set_ylabel("small bets per hand so far")
    ax.legend(loc="best", fontsize="small")
    return fig


def write_simulation_report(path: str | os.PathLike[str], result: Any) -> Path:
    """Write the single-file HTML report of ``result``."""
    figures = [("Small bets per hand over the deals (band: final 95% interval)",
                running_figure(result))] if result.deals else []
    summary = result.to_dict()
    meta = {k: summary[k] for k in ("bots", "seats", "schedule", "deals", "hands", "seed",
                                    "rules")}
    return write_report(path, " vs ".join(result.bots), simulation_tables(result), figures, meta)
