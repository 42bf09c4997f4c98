"""Arena: tournaments with duplicate seating, sequential tests and ratings."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer
from rich.table import Table

from ludolab.cli.common import (
    INTERRUPTED,
    DelayedProgress,
    check_resume,
    console,
    err_console,
    fail,
    stdout_to_stderr,
)

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


def _pct(pair: tuple[float, float]) -> str:
    return f"{100 * pair[0]:.2f}-{100 * pair[1]:.2f}"


def print_result(result) -> None:
    """The tables of a tournament result (intervals over deals, the independent units)."""
    t = result.tournament
    table = Table(title=f"{t.name}: {result.games:,} games ({result.schedule})")
    for col in ("bot", "seat-games", "wins", "ties", "losses", "win %", "95% CI", "score",
                "margin", "95% CI"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for r in result.bot_rows():
        table.add_row(
            r["bot"], f"{r['seat_games']:,}", f"{r['wins']:,}", f"{r['ties']:,}",
            f"{r['losses']:,}", f"{100 * r.get('win_rate', float('nan')):.2f}",
            _pct(r["win_ci"]) if "win_ci" in r else "-", f"{r.get('score', float('nan')):.4f}",
            f"{r['margin']:+.2f}" if "margin" in r else "-",
            f"{r['margin_ci'][0]:+.2f} to {r['margin_ci'][1]:+.2f}" if "margin_ci" in r else "-",
        )
    console.print(table)
    paired = result.paired()
    if paired:
        p = Table(title=f"Paired by deal: {result.names[0]} vs {result.names[1]}")
        for col in ("quantity", "mean", "95% CI (paired)", "95% CI (as independent games)",
                    "deals", "worth independent games", "variance reduction"):
            p.add_column(col, justify="right")
        for label, s in paired.items():
            p.add_row(label, f"{s.mean.estimate:.4f}", f"{s.mean.low:.4f} to {s.mean.high:.4f}",
                      f"{s.independent.low:.4f} to {s.independent.high:.4f}", f"{s.deals:,}",
                      f"{s.effective_games:,.0f}", f"{s.factor:.2f}x")
        console.print(p)
    if result.sprt is not None:
        console.print(result.sprt.summary())
    ratings = result.ratings()
    if ratings is not None:
        console.print(ratings.table())
    if result.set_aside:
        err_console.print(f"{result.set_aside:,} finished game(s) of incomplete deals set aside")
    if result.interrupted:
        err_console.print(f"interrupted: {result.games:,} of {t.games:,} games finished")


@app.command()
def run(
    file: Path = typer.Argument(..., help="Tournament file (TOML)."),
    workers: int = typer.Option(0, "--workers", "-w", help="Processes (0 = all cores)."),
    backend: str = typer.Option("local", "--backend", help="local or ray."),
    address: str = typer.Option(None, "--address", help="Ray cluster address (default: a local one)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    force: bool = typer.Option(False, "--force", help="Overwrite output files that ludolab did not write."),
    allow_outside: bool = typer.Option(False, "--allow-outside", help="Let the file's [output] paths leave its folder."),
    results: Path = typer.Option(None, "--results", help="Save finished games to this results file as they finish."),
    resume: bool = typer.Option(False, "--resume", help="Continue the stopped tournament saved in --results."),
) -> None:
    """Run the experiment a tournament file describes and print its statistics."""
    from ludolab.arena.results import check_output  # lazy: pyarrow, fast CLI start
    from ludolab.arena.tournament import (  # lazy: heavy, fast CLI start
        load_tournament,
        run_tournament,
    )

    if workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    if backend not in ("local", "ray"):
        fail(f"unknown backend {backend!r}; choose from local, ray")
    t = load_tournament(file)
    check_resume(results, resume, None if results is None or t.stop is None
                 else Path(f"{results}.look1"))
    for path in t.output.values():  # before any game: a finished run is never lost
        check_output(path, force=force, inside=None if allow_outside else file.parent)
    bar = DelayedProgress("playing")

    def look(test, done: int) -> None:
        if not as_json:
            lo, hi = test.bounds
            err_console.print(f"after {done:,} games: LLR {test.llr:+.3f} "
                              f"(bounds {lo:+.3f}, {hi:+.3f}) -> {test.status}")

    try:
        with stdout_to_stderr(as_json):  # --json: stdout carries only the JSON
            result = run_tournament(t, workers=workers or os.cpu_count() or 1, backend=backend,
                                    address=address, progress=None if as_json else bar,
                                    on_look=look, results_file=results, resume=resume)
    finally:
        bar.close()
    summary = result.to_dict()
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
    else:
        print_result(result)
    _write_outputs(result, summary)
    if result.interrupted:
        raise typer.Exit(INTERRUPTED)  # the finished games are printed and written above


def _write_outputs(result, summary: dict) -> None:
    from ludolab.arena.results import write_json, write_parquet  # lazy: heavy, fast CLI start
    from ludolab.arena.runner import RecordBatch  # lazy: heavy, fast CLI start

    out = result.tournament.output
    if "json" in out:
        write_json(out["json"], summary)
    if "parquet" in out:
        write_parquet(out["parquet"], RecordBatch(result.records), meta=summary)
    if "report" in out and "turn_vp" in result.records and result.games:
        from ludolab.report.html import write_report  # lazy: heavy, fast CLI start
        from ludolab.report.plots import dominion_figures  # lazy: heavy, fast CLI start

        rec = result.records
        figures = dominion_figures(turn_coins=rec["turn_coins"], turn_vp=rec["turn_vp"],
                                   seating=rec["seating"], bot_names=result.names, vp=rec["vp"],
                                   turns=rec["turns"])
        rows = [[r["bot"], r["seat_games"], r["wins"], r["ties"], r["losses"],
                 100 * r.get("win_rate", float("nan")), r.get("score"), r.get("margin")]
                for r in result.bot_rows()]
        tables = [("Results by bot", ["bot", "seat-games", "wins", "ties", "losses", "win %",
                                      "score", "margin"], rows)]
        write_report(out["report"], result.tournament.name, tables, figures,
                     {k: summary[k] for k in ("game", "players", "schedule", "games", "seed")})
    for key, path in out.items():
        err_console.print(f"{key} written to {path}")


@app.command()
def schedule(
    kind: str = typer.Argument(..., help="rotation, all-permutations, williams, round-robin, independent, table-8.1, five-vs-five."),
    bots: int = typer.Option(2, "--bots", "-b", help="Number of bots."),
    seats: int = typer.Option(None, "--seats", help="Seats per game."),
) -> None:
    """Print the seatings of a schedule (bot index per seat, one line per trial)."""
    from ludolab.arena.schedules import build_schedule  # lazy: heavy, fast CLI start

    s = build_schedule(kind, bots, seats)
    console.print(str(s))
    console.print("each line: the bot (1-based) in seat 1, 2, ...")
    if s.kind == "independent":
        console.print("(a keyed random seating per game)")
        return
    for t, seating in enumerate(s.trials):
        console.print(f"trial {t + 1:>3}: " + " ".join(f"{b + 1:>2}" for b in seating))
