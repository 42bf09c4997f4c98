"""Dominion: simulate bots, read a game's log, browse bots and cards."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from ludolab.cli import dominion_advise as _advise
from ludolab.cli import dominion_export as _export
from ludolab.cli import dominion_import as _import
from ludolab.cli import dominion_info as _info
from ludolab.cli import dominion_start as _start
from ludolab.cli import elapsed
from ludolab.cli.common import (
    INTERRUPTED,
    check_positive,
    check_resume,
    console,
    err_console,
    fail,
    run_plan,
)
from ludolab.core.rng import check_seed
from ludolab.games.dominion.kingdom import colony_rules, resolve_kingdom
from ludolab.games.dominion.rules import MAX_PLAYERS, ruleset

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

DEFAULT_BOTS = ["Big Money", "Smithy Big Money"]


def _check_players(bots: list[str], players: int | None) -> None:
    if players is None:
        return
    if not 1 <= players <= MAX_PLAYERS:
        fail(f"--players must be 1 to {MAX_PLAYERS}, got {players}")
    if len(bots) > players:
        fail(f"{len(bots)} bots do not fit {players} seats")


def _warn_compile() -> None:
    from ludolab.games.dominion.engine import Engine  # lazy: heavy, fast CLI start

    if Engine.needs_compile():
        err_console.print("[dim]compiling the Dominion engine (first run only; cached)...[/dim]")


def uncompiled_cards(ids: Any) -> list[int]:
    """The cards of ``ids`` whose rules (their home's compiled hooks) are not in numba's disk
    cache yet: a first game on them compiles each, for seconds."""
    from ludolab.games.dominion.engine import coldstart, hooks  # lazy: heavy, fast CLI start

    out = []
    for cid in ids:
        module = hooks.home(int(cid))
        if module is None:
            continue
        fns = [getattr(module, name, None) for name, _ in hooks.HOOKS]
        if any(fn is not None and not coldstart.cached(fn) for fn in fns):
            out.append(int(cid))
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _compile_cards(cards: list[int], quiet: bool) -> None:
    """Compile the rules of ``cards`` one by one, with a progress bar on stderr (``quiet``:
    none), so a first game on new cards says what it waits for."""
    from ludolab.games.dominion.cards import CARDS  # lazy: heavy, fast CLI start
    from ludolab.games.dominion.engine import hooks  # lazy: heavy, fast CLI start

    label = f"compiling {_plural(len(cards), 'card')} (first use only)"
    if quiet:
        for cid in cards:
            hooks.addresses(cid)
        return
    err_console.print(f"[dim]{label}: {', '.join(CARDS[c].name for c in cards)}[/dim]")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[card]}"), console=err_console,
                  transient=True) as bar:
        task = bar.add_task(label, total=len(cards), card="")
        for cid in cards:
            bar.update(task, card=CARDS[cid].name)
            hooks.addresses(cid)  # compiled once, then loaded from numba's cache
            bar.advance(task)


def _ready_engine(workers: int, quiet: bool, task: Any) -> float:
    """Compile what the run's games use (first run) or load it from numba's cache before the
    games start, so the rate printed after the run is the games' own; the compile's time is
    printed apart and returned (0 when nothing was compiled). ``task`` (a ``DominionTask``)
    warms up by playing its first game: a run of plain cards by bots compiles the batch path
    only, not the whole kernel.

    Cards whose rules are not compiled yet are compiled first, one by one with a progress bar
    (``compiling N cards (first use only)``), also when workers play the games: they then load
    them from the cache instead of each compiling them at once. A first run with several
    workers compiles the kernel here once, instead of once in every worker at the same time.
    With workers, a compiled kernel is loaded by them (their start is the pool's).
    """
    from ludolab.games.dominion.engine import Engine  # lazy: heavy, fast CLI start

    cold = Engine.needs_compile(full=False)
    cards = uncompiled_cards(task.kingdom)
    if not cold and not cards and workers != 1:
        return 0.0
    start = time.perf_counter()
    if cold and not quiet:
        also = f" and {_plural(len(cards), 'card')}" if cards else ""
        err_console.print(f"[dim]compiling the Dominion engine{also} (first run only; "
                          "cached)...[/dim]")
    elif cards:
        _compile_cards(cards, quiet)
    seconds = time.perf_counter() - start
    seconds += task.warm_up()  # warm: one game loads the batch kernel (numba's start, ~0.6 s)
    if not (cold or cards):
        return 0.0
    if not quiet:
        what = "the Dominion engine" if cold else _plural(len(cards), "card")
        err_console.print(f"[dim]compiled {what} in {seconds:.1f} s "
                          "(not counted in the games' rate)[/dim]")
    return seconds


@app.command()
def sim(
    bots: list[str] = typer.Argument(None, help="1-6 bot names, bot files, my:NAME (My bots), mcts:... (alias ismcts:) or the generic mc:/uct: (default: Big Money vs Smithy Big Money)."),
    games: int = typer.Option(10_000, "--games", "-n", help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed: same seed, same result."),
    kingdom: str = typer.Option("auto", "--kingdom", "-k", help="auto, a preset (first-game, ...), random[:SEED] or a card list."),
    rules: str = typer.Option("official", "--rules", "-r", help="Rule set, e.g. official, first-edition, doc000, or official,turn_cap=60."),
    players: int = typer.Option(None, "--players", "-p", help="Seats to fill by repeating the bot list (1-6; 5-6 play the rulebooks' larger game): one row per bot pools its copies, every seat rotated."),
    seating: str = typer.Option("rotate", "--seating", help="rotate (each seed in every rotation) or fixed."),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes (0 = all cores)."),
    backend: str = typer.Option("local", "--backend", help="local or ray."),
    address: str = typer.Option(None, "--address", help="Ray cluster address (default: a local one)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    report: Path = typer.Option(None, "--report", help="Write a single-file HTML report here."),
    parquet: Path = typer.Option(None, "--parquet", help="Write one row per game to this Parquet file."),
    force: bool = typer.Option(False, "--force", help="Overwrite output files that ludolab did not write."),
    results: Path = typer.Option(None, "--results", help="Save finished games to this results file as they finish."),
    resume: bool = typer.Option(False, "--resume", help="Continue the stopped run saved in --results."),
    card_stats: bool = typer.Option(False, "--card-stats", help="Record what each bot bought, gained, played and trashed, and when: printed, and in --json, --report and --parquet."),
) -> None:
    """Simulate games between bots and print win/tie/loss with 95% intervals, margins and turns."""
    from ludolab.dominion import prepare  # lazy: heavy, fast CLI start

    check_positive("--games", games)
    if workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    if backend not in ("local", "ray"):
        fail(f"unknown backend {backend!r}; choose from local, ray")
    workers = workers or os.cpu_count() or 1
    bots = list(bots or DEFAULT_BOTS)
    _check_players(bots, players)
    from ludolab.arena.results import check_output  # lazy: pyarrow, fast CLI start

    check_resume(results, resume)
    for path in (parquet, report):
        if path is not None:
            check_output(path, force=force)  # before any game: a finished run is never lost
    if backend == "local":  # a cold kernel: the second compiling process starts meanwhile
        from ludolab.games.dominion.engine import coldstart  # lazy: heavy, fast CLI start

        coldstart.prestart()
    plan = prepare(bots, games, seed, kingdom=kingdom, rules=rules, seating=seating,
                   turn_stats=report is not None, card_stats=card_stats,
                   seats=players if players is not None and players > len(bots) else None)
    compiled = _ready_engine(workers, quiet=as_json, task=plan.task) if backend == "local" else 0
    result = run_plan(plan, label="simulating", unit="games", as_json=as_json, workers=workers,
                      backend=backend, address=address, results=results, resume=resume)
    result.meta.update(wall=elapsed(), compile=compiled)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        result.print(console)
        if result.interrupted:
            err_console.print(f"interrupted: {result.games:,} of {result.requested:,} games finished")
    if parquet is not None:
        from ludolab.arena.results import write_parquet  # lazy: heavy, fast CLI start
        from ludolab.arena.runner import RecordBatch  # lazy: heavy, fast CLI start

        write_parquet(parquet, RecordBatch(result.records), meta=result.to_dict())
    if report is not None:
        from ludolab.report.dominion import write_simulation_report  # lazy: heavy, fast CLI start

        write_simulation_report(report, result)
        if not as_json:
            console.print(f"report written to {report}")
    if result.interrupted:
        raise typer.Exit(INTERRUPTED)  # the finished games are printed and written above


@app.command()
def log(
    bots: list[str] = typer.Argument(..., help="1-6 bot names, bot files or search players (mcts:...), in seat order."),
    seed: int = typer.Option(0, "--seed", "-s", help="Game seed."),
    kingdom: str = typer.Option("auto", "--kingdom", "-k", help="auto, a preset, random[:SEED] or a card list."),
    rules: str = typer.Option("official", "--rules", "-r", help="Rule set spec."),
) -> None:
    """Play one game with tracing on and print it turn by turn (with what a search player
    thought at each of its decisions)."""
    from ludolab.games.dominion import log as dlog  # lazy: heavy, fast CLI start
    from ludolab.games.dominion.engine import Engine  # lazy: heavy, fast CLI start
    from ludolab.games.dominion.task import resolve_bots  # lazy: heavy, fast CLI start

    if not 1 <= len(bots) <= MAX_PLAYERS:
        fail(f"Dominion takes 1 to {MAX_PLAYERS} bots, got {len(bots)}")
    seed = check_seed(seed)
    rs = ruleset(rules)
    names, compiled = resolve_bots(bots)
    needed = {n: b.cards_needed for n, b in zip(names, compiled, strict=True)}
    kingdom_ids = resolve_kingdom(kingdom, needed)
    rs = colony_rules(rs, kingdom, needed)
    _warn_compile()
    engine = Engine(kingdom_ids, len(compiled), rs)
    events, notes = dlog.trace_game(engine, compiled, seed)
    typer.echo(dlog.render(events, names, notes))


_info.register(app)  # the bot and card browsing commands
_import.register(app)  # bring DominionSim bots
_export.register(app)  # take them back to DominionSim
_start.register(app)  # games from a start state
_advise.register(app)  # the kingdom advisor
