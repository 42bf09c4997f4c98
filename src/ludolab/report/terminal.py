"""Rich tables of results, for the terminal (and their plain-text form for notebooks): the one
home of terminal output, beside the figures (:mod:`.plots`) and HTML reports (:mod:`.html`).

* :func:`print_simulation` / :func:`simulation_text` -- any game's simulation
  (:class:`~ludolab.arena.simulation.SimulationResult`): by bot and by seat, over deals;
* :func:`print_poker` / :func:`poker_text` -- a poker experiment
  (:class:`~ludolab.poker.PokerResult`): small bets per hand, by bot and by position.

The CLI and the facades (:mod:`ludolab.dominion`, :mod:`ludolab.poker`, :mod:`ludolab.pig`)
print through these; nothing else builds a results table.

>>> from ludolab.arena.simulation import simulate
>>> text = simulation_text(simulate("pig", ["hold:20", "hold:25"], games=40, seed=1))
>>> "By seat (all bots)" in text and "hold:25" in text
True
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.table import Table

__all__ = ["card_stats_text", "poker_text", "print_card_stats", "print_poker", "print_simulation",
           "simulation_text"]


def _pct(pair: tuple[float, float]) -> str:
    return f"{100 * pair[0]:.2f}-{100 * pair[1]:.2f}"


def print_simulation(result: Any, console: Console | None = None) -> None:
    """Print a :class:`~ludolab.arena.simulation.SimulationResult`: results by bot and by seat
    (95% intervals over deals), how games ended, speed, and games set aside."""
    console = console or Console()
    settings = dict(result.settings)
    settings.pop("card_stat_cards", None)  # the card axis of card statistics: their own table
    lists = {k: v for k, v in settings.items() if isinstance(v, (list, tuple))}
    scalars = "".join(f", {k} {v}" for k, v in settings.items() if k not in lists)
    title = (f"{result.games:,} games" + (f" of {result.requested:,} (interrupted)"
                                          if result.interrupted else "")
             + f", seed {result.seed}{scalars}, seating {result.seating}")
    caption = "; ".join(f"{k.capitalize()}: {', '.join(map(str, v)) or '(none)'}"
                        for k, v in lists.items())
    t = Table(title=title, caption=caption or None, caption_justify="left")
    unit = result.spec.unit
    has_vp = any("mean_vp" in r for r in result.bot_rows())
    cols = ["bot", "win %", "95% CI", "tie %", "loss %"] + (["avg VP"] if has_vp else []) + [
        "margin" if unit == "VP" else f"margin ({unit})", "95% CI"]
    has_turns = "turns" in result.records
    if has_turns:
        cols.append("turns")
    for col in cols:
        t.add_column(col, justify="left" if col == "bot" else "right")
    for r in result.bot_rows():
        row = [r["bot"], f"{100 * r['win_rate']:.2f}", _pct(r["win_ci"]),
               f"{100 * r['tie_rate']:.2f}", f"{100 * r['loss_rate']:.2f}"]
        if has_vp:
            row.append(f"{r['mean_vp']:.2f}")
        row += [f"{r['mean_margin']:+.2f}",
                f"{r['margin_ci'][0]:+.2f} to {r['margin_ci'][1]:+.2f}"]
        if has_turns:
            row.append(f"{r['mean_turns']:.2f}")
        t.add_row(*row)
    console.print(t)
    s = Table(title="By seat (all bots)")
    for col in ("seat", "win %", "95% CI", "tie %"):
        s.add_column(col, justify="right")
    for r in result.seat_rows():
        s.add_row(str(r["seat"]), f"{100 * r['win_rate']:.2f}", _pct(r["win_ci"]),
                  f"{100 * r['ties'] / max(1, r['games']):.2f}")
    console.print(s)
    ends = result.end_shares()
    speed = f"{result.games / result.seconds:,.0f} games/s" if result.seconds > 0 else ""
    speed += _wall(result) if speed else ""
    line = ", ".join(f"{k} {100 * v:.1f}%" for k, v in ends.items() if v)
    if ends:
        console.print("Games ended by: " + line + (f"  |  {speed}" if speed else ""))
    elif speed:
        console.print(speed)
    console.print(f"95% intervals over {result.deals:,} deals "
                  f"({result.games_per_deal} game(s) per deal, the independent unit)")
    if getattr(result, "pooled", False) and result.games:
        seats = result.records["seating"].shape[1]
        how = ("every seat is rotated through the line-up"
               if result.seating == "rotate" and result.games_per_deal > 1
               else "each copy keeps its seat")
        console.print(f"{len(result.bots)} bots fill {seats} seats: each row pools a bot's "
                      f"copies (its seat-games); {how}")
    if result.set_aside:
        console.print(f"{result.set_aside:,} finished game(s) of incomplete deals set aside")


def _wall(result: Any) -> str:
    """The whole command's wall time beside the games' rate, when the caller measured it
    (``result.meta["wall"]``, and ``"compile"``: the seconds of a first run's compiling), so a
    fast rate does not hide a long wait."""
    wall = result.meta.get("wall")
    if wall is None:
        return ""
    compiled = result.meta.get("compile") or 0.0
    games = f" over {result.seconds:.3g} s" if result.seconds > 0 else ""
    extra = f", {compiled:.1f} s of it compiling" if compiled >= 0.05 else ""
    return f"{games}; {wall:.1f} s wall in all{extra}"


def _num(x: float, fmt: str = ".2f") -> str:
    return "" if x != x else format(x, fmt)  # NaN (no such game): an empty cell


def print_card_stats(rows: list[dict[str, Any]], console: Console | None = None) -> None:
    """Print the "what each bot bought" tables (the rows of
    :func:`ludolab.games.dominion.cardstats.card_rows`): per bot, each card's buys per game, the
    share of games with a buy, the mean turn of the first buy, and gains, plays and trashes per
    game."""
    console = console or Console()
    for bot in dict.fromkeys(r["bot"] for r in rows):
        mine = [r for r in rows if r["bot"] == bot]
        t = Table(title=f"What {bot} bought ({mine[0]['games']:,} games; per game)")
        for col in ("card", "bought", "in % of games", "first buy (turn)", "gained", "played",
                    "trashed"):
            t.add_column(col, justify="left" if col == "card" else "right")
        for r in mine:
            t.add_row(r["card"], _num(r["bought"]), _num(100 * r["bought_in"], ".1f"),
                      _num(r["first_buy"], ".1f"), _num(r["gained"]), _num(r["played"]),
                      _num(r["trashed"]))
        console.print(t)
    if rows:
        console.print("First buy: the mean turn of a bot's first buy of the card, over the games "
                      "in which it bought one.")


def card_stats_text(rows: list[dict[str, Any]], width: int = 120) -> str:
    """The tables of :func:`print_card_stats` as plain text."""
    console = Console(width=width, record=True, file=io.StringIO())
    print_card_stats(rows, console)
    return console.export_text()


def simulation_text(result: Any, width: int = 120) -> str:
    """The tables of :func:`print_simulation` as plain text (no colours)."""
    console = Console(width=width, record=True, file=io.StringIO())
    print_simulation(result, console)
    return console.export_text()


# --------------------------------------------------------------------------------------------
# Poker: small bets per hand

def _sb(x: float) -> str:
    return "-" if x != x else f"{x:+.4f}"


def _sb_ci(pair: tuple[float, float]) -> str:
    return "-" if pair[0] != pair[0] else f"{pair[0]:+.4f} to {pair[1]:+.4f}"


def _hands(x: float) -> str:
    if x != x:
        return "-"
    return "all luck removed" if x == float("inf") else f"{x:,.0f}"


def print_poker(result: Any, console: Console | None = None) -> None:
    """Print a :class:`~ludolab.poker.PokerResult`: small bets per hand by bot and by position
    (95% intervals over units: a deal with all its seatings), the two-bot difference with what
    the schedule is worth in independent hands, the sequential test, speed, what was set aside."""
    console = console or Console()
    title = (f"{result.hands:,} hands" + (f" of {result.requested:,} (interrupted)"
                                          if result.interrupted else "")
             + f", {result.deals:,} deals x {result.games_per_deal}, seed {result.seed}, "
             f"rules {result.rules}, {result.seats} seats, schedule {result.schedule_name}")
    t = Table(title=title)
    for col in ("bot", "seat-hands", "sb/hand", "95% CI", "worth indep. hands", "pots won %"):
        t.add_column(col, justify="left" if col == "bot" else "right")
    for r in result.bot_rows():
        t.add_row(r["bot"], f"{r['seat_hands']:,}", _sb(r["sb_per_hand"]), _sb_ci(r["sb_ci"]),
                  _hands(r["effective_hands"]),
                  "-" if r["pots_won"] != r["pots_won"] else f"{100 * r['pots_won']:.2f}")
    console.print(t)
    s = Table(title="By position (all bots)")
    for col in ("position", "sb/hand", "95% CI"):
        s.add_column(col, justify="left" if col == "position" else "right")
    for r in result.position_rows():
        s.add_row(r["position"], _sb(r["sb_per_hand"]), _sb_ci(r["sb_ci"]))
    console.print(s)
    v = result.versus()
    if v is not None:
        console.print(f"{v['first']} minus {v['second']}: {_sb(v['difference'])} sb/hand "
                      f"(95% CI {_sb_ci(v['ci'])}): {v['verdict']}; {v['hands']:,} hands worth "
                      f"{_hands(v['effective_hands'])} independent hands")
    if result.sprt is not None:
        console.print(result.sprt.summary(), markup=False, highlight=False)
    speed = f", {result.hands / result.seconds:,.0f} hands/s" if result.seconds > 0 else ""
    speed += _wall(result) if speed else ""
    console.print(f"showdowns {100 * result.showdown_share():.1f}%{speed}" if result.hands
                  else "no whole deal finished")
    console.print(f"95% intervals over {result.deals:,} units (a deal with its "
                  f"{result.games_per_deal} seating(s), the independent unit)")
    if result.set_aside:
        console.print(f"{result.set_aside:,} finished hand(s) of incomplete deals set aside")


def poker_text(result: Any, width: int = 120) -> str:
    """The tables of :func:`print_poker` as plain text (no colours)."""
    console = Console(width=width, record=True, file=io.StringIO())
    print_poker(result, console)
    return console.export_text()
