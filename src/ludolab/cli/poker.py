"""Poker: duplicate experiments between bots, one hand's history, the bot library.

Bots are library names, ``.toml`` bot files, ``my:NAME`` (My bots of the web page), the
baselines ``call``, ``raise`` and ``random:F:C`` (fold with probability F, call with C, raise
otherwise), or the generic searches ``mc:...`` and ``uct:...`` (hand by hand, slow). Results
are small bets per hand with 95% intervals over units (a deal with all its seatings), never over
the correlated hands inside one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import typer

from ludolab.cli import elapsed
from ludolab.cli.common import (
    INTERRUPTED,
    check_resume,
    console,
    err_console,
    fail,
    run_plan,
)
from ludolab.errors import LudolabError

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

DEFAULT_BOTS = ["Loki-1", "Loki-2"]  # the two Loki styles of document 002, heads-up duplicate
SCHEDULE_HELP = ("duplicate (every deal in every seating; heads-up: twice, cards swapped), "
                 "table-8.1 (ten seats, every deal ten times), five-vs-five, independent, "
                 "williams, all-permutations. Default: table-8.1 at ten seats, else duplicate.")


def _parse_sprt(text: str | None) -> tuple[float, ...] | None:
    """``D0,D1`` or ``D0,D1,ALPHA,BETA`` (small bets per hand, first bot minus second)."""
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    try:
        values = tuple(float(p) for p in parts)
    except ValueError:
        fail(f"--sprt takes D0,D1 or D0,D1,ALPHA,BETA (numbers), got {text!r}")
    if len(values) not in (2, 4):
        fail(f"--sprt takes D0,D1 or D0,D1,ALPHA,BETA, got {len(values)} number(s)")
    return values


def _write_outputs(result: Any, parquet: Path | None, report: Path | None,
                   as_json: bool) -> list[str]:
    """Write the requested files; a write that fails is reported in one line and the others are
    still written (the run itself is already printed). Returns the failures."""
    failures = []
    if parquet is not None:
        try:
            from ludolab.arena.results import write_parquet  # lazy: pyarrow, fast CLI start
            from ludolab.arena.runner import RecordBatch  # lazy: heavy, fast CLI start

            write_parquet(parquet, RecordBatch(result.records), meta=result.to_dict())
        except OSError as exc:
            failures.append(f"cannot write {parquet}: {exc.strerror or exc}")
    if report is not None:
        try:
            from ludolab.report.poker import write_simulation_report  # lazy: matplotlib

            write_simulation_report(report, result)
            if not as_json:
                console.print(f"report written to {report}")
        except OSError as exc:
            failures.append(f"cannot write {report}: {exc.strerror or exc}")
    return failures


@app.command()
def sim(
    bots: list[str] = typer.Argument(None, help="Bots (library names, .toml files, my:NAME, call, raise, random:F:C, or the searches mc:/uct:); default: Loki-1 vs Loki-2."),
    seats: int = typer.Option(None, "--seats", "-p", help="Seats at the table (2-10; default: the bots, or 10 for table-8.1 and five-vs-five); bots fill them in turn."),
    deals: int = typer.Option(10_000, "--deals", "-n", help="Deals (units); each is played once per seating of the schedule."),
    schedule: str = typer.Option(None, "--schedule", help=SCHEDULE_HELP),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed: same seed, same cards, same result."),
    rules: str = typer.Option("limit", "--rules", "-r", help="Rule set: limit, loki, acpc-heads-up, acpc, or e.g. limit,cap=3."),
    sprt: str = typer.Option(None, "--sprt", help="Sequential test of the first bot minus the second, D0,D1[,ALPHA,BETA] in small bets per hand; stops when decided."),
    look: int = typer.Option(500, "--look", help="Deals between two looks of --sprt."),
    sprt_min: int = typer.Option(2_000, "--sprt-min", help="Deals --sprt plays before it may decide (heavy-tailed results fool an early look)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes (0 = all cores)."),
    backend: str = typer.Option("local", "--backend", help="local or ray."),
    address: str = typer.Option(None, "--address", help="Ray cluster address (default: a local one)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    report: Path = typer.Option(None, "--report", help="Write a single-file HTML report here."),
    parquet: Path = typer.Option(None, "--parquet", help="Write one row per hand to this Parquet file."),
    force: bool = typer.Option(False, "--force", help="Overwrite output files that ludolab did not write."),
    results: Path = typer.Option(None, "--results", help="Save finished hands to this results file as they finish."),
    resume: bool = typer.Option(False, "--resume", help="Continue the stopped run saved in --results."),
) -> None:
    """Play duplicate deals between bots; print small bets per hand with 95% intervals over units."""
    from ludolab.poker import prepare  # lazy: heavy, fast CLI start

    if deals < 1:
        fail(f"--deals must be at least 1, got {deals}")
    if workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    if backend not in ("local", "ray"):
        fail(f"unknown backend {backend!r}; choose from local, ray")
    test = _parse_sprt(sprt)
    if test is not None and (results is not None or resume):
        fail("--sprt plays in looks and cannot be combined with --results/--resume")
    workers = workers or os.cpu_count() or 1
    from ludolab.arena.results import check_output  # lazy: pyarrow, fast CLI start

    check_resume(results, resume)
    for path in (parquet, report):
        if path is not None:
            check_output(path, force=force)  # before any hand: a finished run is never lost
    plan = prepare(list(bots or DEFAULT_BOTS), deals, seed, seats=seats, schedule=schedule,
                   rules=rules, sprt=test, look=look, sprt_min=sprt_min,
                   base_dir=Path.cwd())
    result = run_plan(plan, label="dealing", unit="hands", as_json=as_json, workers=workers,
                      backend=backend, address=address, results=results, resume=resume)
    result.meta["wall"] = elapsed()  # printed beside the rate: a fast rate hides no wait
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        result.print(console)
        if result.interrupted:
            err_console.print(f"interrupted: {result.hands:,} of {result.requested:,} hands "
                              "finished")
    failures = _write_outputs(result, parquet, report, as_json)
    for line in failures:
        typer.echo(f"error: {line} (the results above are complete"
                   + (f"; every hand is in {results})" if results else ")"), err=True)
    if result.interrupted:
        raise typer.Exit(INTERRUPTED)  # the finished hands are printed and written above
    if failures:
        raise typer.Exit(2)


@app.command()
def log(
    bots: list[str] = typer.Argument(..., help="Bots, as for sim (they fill the seats in turn)."),
    seats: int = typer.Option(None, "--seats", "-p", help="Seats at the table (2-10)."),
    deal: int = typer.Option(0, "--deal", "-d", help="Deal number of the run (its cards and button)."),
    trial: int = typer.Option(0, "--trial", "-t", help="Seating of the schedule (0 .. hands per deal - 1)."),
    schedule: str = typer.Option(None, "--schedule", help="The schedule, as for sim."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed of the run, as for sim."),
    rules: str = typer.Option("limit", "--rules", "-r", help="Rule set, as for sim."),
) -> None:
    """Play one hand of a run (deal and trial, as `poker sim` plays it) and print its history."""
    from ludolab.games.poker.log import hand_history  # lazy: builds the evaluator tables
    from ludolab.poker import prepare, trace_hand  # lazy: heavy, fast CLI start

    if deal < 0:
        fail(f"--deal must be 0 or more, got {deal}")
    plan = prepare(list(bots), deal + 1, seed, seats=seats, schedule=schedule, rules=rules,
                   base_dir=Path.cwd())
    per_deal = plan.schedule.games_per_deal
    if not 0 <= trial < per_deal:
        fail(f"--trial must be 0 to {per_deal - 1} for this schedule, got {trial}")
    history = trace_hand(plan, deal, trial)
    typer.echo("\n".join(hand_history(history, plan.names, deal, trial)))


def _bots_module() -> Any:
    """The bot library (``ludolab.games.poker.bots``), or a one-line error while it is absent."""
    try:
        from ludolab.games.poker import bots as library  # lazy: loads the bot files
    except ModuleNotFoundError as exc:
        if exc.name != "ludolab.games.poker.bots":
            raise
        raise LudolabError("the poker bot library is not installed in this build; the "
                           "baselines call, raise and random:F:C work everywhere") from None
    return library


@app.command("bots")
def bots_command(
    plain: bool = typer.Option(False, "--plain", help="One bot per line: name, a tab, the summary."),
) -> None:
    """List the library of poker bots with one-line summaries."""
    from rich.table import Table  # lazy: fast CLI start

    library = _bots_module()
    bots = library.library()
    if plain:
        for b in bots:
            typer.echo(f"{b.name}\t{b.summary}")
        return
    table = Table(title="Poker bot library")
    table.add_column("Bot", style="bold", no_wrap=True)
    table.add_column("Kind")
    table.add_column("Summary")
    for b in bots:
        table.add_row(b.name, str(b.kind), b.summary)
    console.print(table)
    console.print("Baselines (no file): call, raise, random:F:C")


@app.command("show")
def show_command(
    bot: str = typer.Argument(..., help="A library bot name, a .toml bot file or a baseline."),
) -> None:
    """Show a bot: its file and a readable description of what it does."""
    from rich.syntax import Syntax  # lazy: fast CLI start

    library = _bots_module()
    b = library.load_bot(bot, Path.cwd())
    if b.text:
        console.print(Syntax(b.text.rstrip("\n"), "toml", theme="ansi_dark", word_wrap=True))
        console.print()
    console.print(b.describe(), markup=False, highlight=False)
