"""``ludolab dominion cards --rank``: the card-strength table (each "BMU + X" bot against Big
Money Ultimate), printed as a table or JSON, with a progress bar and the on-disk cache of
:func:`ludolab.dominion.rank_cards`."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from ludolab.cli.common import DelayedProgress, console, err_console, stdout_to_stderr
from ludolab.dominion import CardRanking, rank_cards


def ranking_table(ranking: CardRanking) -> Table:
    """The ranking as a rich table, best card first."""
    table = Table(title=f"BMU + X against Big Money Ultimate: {ranking.players} players, "
                        f"rules {ranking.rules}, {ranking.games:,} games per card")
    for name, justify in (("#", "right"), ("Card", "left"), ("Set", "left"), ("Cost", "right"),
                          ("Win %", "right"), ("95% CI", "right"), ("Tie %", "right"),
                          ("Margin", "right"), ("Placement", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for i, r in enumerate(ranking.rows, 1):
        lo, hi = r["win_ci"]
        table.add_row(str(i), r["card"], r["set"], f"${r['cost']}", f"{100 * r['win_rate']:.2f}",
                      f"{100 * lo:.2f}-{100 * hi:.2f}", f"{100 * r['tie_rate']:.2f}",
                      f"{r['mean_margin']:+.2f}", r["placement"])
    return table


def run_rank(*, players: int, sets: list[str] | None, rules: str, games: int, seed: int,
             as_json: bool, cache: bool) -> None:
    """Rank the cards and print the table (or the JSON); a user mistake raises
    :class:`~ludolab.errors.LudolabError` (one line, exit 2)."""
    bar = DelayedProgress("ranking cards")
    try:
        with stdout_to_stderr(as_json):
            ranking = rank_cards(players=players, sets=sets, rules=rules, games=games,
                                 seed=seed, cache=cache, progress=None if as_json else bar)
    except KeyboardInterrupt:
        bar.close()
        err_console.print("stopped: the cards finished so far are cached; run again to continue")
        raise
    finally:
        bar.close()
    if as_json:
        typer.echo(json.dumps(ranking.to_dict(), indent=2))
        return
    console.print(ranking_table(ranking))
    err_console.print(f"{len(ranking.rows)} cards, {ranking.cached} from the cache; intervals "
                      "over deals (each deal played in every seating)", highlight=False)
