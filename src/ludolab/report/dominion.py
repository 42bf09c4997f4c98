"""The HTML report of a Dominion simulation: result tables plus the standard figures."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ludolab.games.dominion.cardstats import card_rows as _card_rows
from ludolab.report.html import write_report
from ludolab.report.plots import dominion_figures, plot_card_stats


def _pct(pair: tuple[float, float]) -> str:
    return f"{100 * pair[0]:.2f}-{100 * pair[1]:.2f}"


def result_card_rows(result: Any) -> list[dict[str, Any]]:
    """The card-statistics rows of any Dominion simulation result ([] when not recorded)."""
    return _card_rows(result.records, result.bots, result.settings.get("card_stat_cards", ()))


def simulation_tables(result: Any) -> list[tuple[str, list[str], list[list[Any]]]]:
    """The tables of a :class:`~ludolab.arena.simulation.SimulationResult` of Dominion."""
    bots = [
        [r["bot"], r["games"], r["wins"], r["ties"], r["losses"], 100 * r["win_rate"],
         _pct(r["win_ci"]), 100 * r["tie_rate"], r["mean_vp"], r["mean_margin"],
         f"{r['margin_ci'][0]:+.2f} to {r['margin_ci'][1]:+.2f}", r["mean_turns"]]
        for r in result.bot_rows()
    ]
    seats = [[r["seat"], r["wins"], r["ties"], 100 * r["win_rate"], _pct(r["win_ci"])]
             for r in result.seat_rows()]
    ends = [[k, 100 * v] for k, v in result.end_shares().items()]
    tables: list[tuple[str, list[str], list[list[Any]]]] = [
        ("Results by bot (95% intervals over deals; margin = my VP minus the best other VP)",
         ["bot", "games", "wins", "ties", "losses", "win %", "win % 95% CI", "tie %", "avg VP",
          "avg margin", "margin 95% CI", "avg turns"], bots),
        ("Results by seat (first-player advantage)",
         ["seat", "wins", "ties", "win %", "win % 95% CI"], seats),
        ("How games ended", ["end", "share %"], ends),
    ]
    card_rows = result_card_rows(result)
    if card_rows:
        tables.append(card_table(card_rows))
    return tables


def card_table(rows: list[dict[str, Any]]) -> tuple[str, list[str], list[list[Any]]]:
    """The "what each bot bought" table of the report (per game; first buy: the mean turn of
    the first buy over the games with one)."""
    return ("What each bot bought, gained, played and trashed (per game; first buy: mean turn "
            "of the first buy, over the games with one)",
            ["bot", "card", "bought", "in % of games", "first buy (turn)", "gained", "played",
             "trashed"],
            [[r["bot"], r["card"], r["bought"], 100 * r["bought_in"],
              None if r["first_buy"] != r["first_buy"] else r["first_buy"], r["gained"],
              r["played"], r["trashed"]] for r in rows])


def write_simulation_report(path: str | os.PathLike[str], result: Any) -> Path:
    """Write the single-file HTML report of ``result`` (needs per-turn data for the curves)."""
    rec = result.records
    figures = []
    if "turn_vp" in rec and result.games:
        figures = dominion_figures(turn_coins=rec["turn_coins"], turn_vp=rec["turn_vp"],
                                   seating=rec["seating"], bot_names=result.bots,
                                   vp=rec["vp"], turns=rec["turns"])
    card_rows = result_card_rows(result)
    if card_rows and result.games:
        figures.append(("What each bot bought, and when", plot_card_stats(card_rows)))
    summary = result.to_dict()
    meta = {k: summary[k] for k in ("bots", "games", "seed", "rules", "seating", "kingdom")}
    if summary.get("start"):  # games begun from a start state say which
        meta["start"] = summary["start"]
    title = " vs ".join(result.bots)
    return write_report(path, title, simulation_tables(result), figures, meta)
