"""The whole simulation path against the kernel, measured in one run (the kernel's share of
each step), and the whole command with its summary.

Usage::

    python bench/path.py                 # the whole command, then the kernel/path ratios
    python bench/path.py --command-only  # only the whole command (a million games, 2 workers)
    python bench/path.py --games 50000 --scaling-games 200000

The whole command: ``ludolab dominion sim "Big Money" "Big Money" --games 1000000 --workers 2``
run in this process through the CLI's own ``main``, once printing the tables and once with
``--json`` (stdout to /dev/null), split into start (arguments, prepare, the compile check),
games (the runner's wall time, workers included) and summary (everything after the games:
statistics, tables or JSON). The summary should cost under a tenth of the games. Each mode is run
``--command-repeat`` times and the fastest is kept; library versions are printed, since numpy's
speed on this path changed between releases.

For the Big Money and the Witch Big Money mirrors it prints games/s of the kernel alone
(``Engine.play`` on one batch of seeds, one core) and of ``ludolab.dominion.simulate`` with one
worker (the arena's task, runner, records and statistics: what ``ludolab dominion sim`` does),
and their ratio; then the Witch mirror with two workers against one, on the same games. Each
figure is the best of ``--repeat`` timings; ratios come from the same run, so a shared machine's
load moves both sides alike. Mirror matches are played once per deal (copies of the same game
are not replayed), so the simulation's games are the kernel's games.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from importlib.metadata import version
from typing import Any

import numpy as np

from ludolab import dominion
from ludolab.arena.runner import shutdown_workers
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.engine import Engine
from ludolab.games.dominion.kingdom import resolve_kingdom


def best(fn, repeat: int) -> float:
    """The shortest of ``repeat`` timings of ``fn()``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def kernel_rate(bot: str, games: int, repeat: int) -> float:
    compiled = load_bot(bot)
    kingdom = resolve_kingdom("auto", {bot: compiled.cards_needed})
    engine = Engine(kingdom, 2, "official")
    seeds = np.arange(games, dtype=np.uint64)
    engine.play([compiled, compiled], seeds[:10])  # loaded or compiled before timing
    return games / best(lambda: engine.play([compiled, compiled], seeds), repeat)


def path_rate(bot: str, games: int, workers: int, repeat: int) -> float:
    # warm: one chunk (20,000 games) per worker, so every worker has loaded the compiled kernel
    dominion.simulate([bot, bot], games=min(games, 20_000 * workers), seed=1, workers=workers)
    return games / best(lambda: dominion.simulate([bot, bot], games=games, seed=1,
                                                  workers=workers), repeat)


def _command_once(argv: list[str]) -> tuple[float, float, float, int]:
    """One run of ``ludolab <argv>`` through the CLI's ``main`` (stdout to /dev/null)."""
    from ludolab.cli import dominion as cli_dominion
    from ludolab.cli import main as cli_main

    marks: dict[str, Any] = {}
    real = cli_dominion.run_plan

    def timed(*args: Any, **kwargs: Any) -> Any:
        marks["before"] = time.perf_counter()
        marks["result"] = real(*args, **kwargs)
        marks["after"] = time.perf_counter()
        return marks["result"]

    cli_dominion.run_plan = timed
    start = time.perf_counter()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
            os.dup2(null.fileno(), 1)
            cli_main.main(argv)
    except SystemExit as exc:
        if exc.code:
            raise
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        cli_dominion.run_plan = real
    end = time.perf_counter()
    games = marks["result"].seconds
    # after the games: whole deals kept, grouping, statistics, tables or JSON
    return (marks["before"] - start, games, end - marks["before"] - games,
            marks["result"].games)


def whole_command(argv: list[str], repeat: int) -> tuple[float, float, float, int]:
    """``(start, games, summary)`` seconds of ``ludolab <argv>`` and the games played, the
    fastest of ``repeat`` runs.

    The split comes from wrapping ``run_plan`` (which every ``sim`` command calls): start is what
    precedes it (arguments, prepare, the compile check), games is the result's own ``seconds``
    (the runner's wall time, workers included), summary is everything else until ``main``
    returns (keeping whole deals, statistics, tables or JSON).
    """
    runs = [_command_once(argv) for _ in range(repeat)]
    return min(runs, key=lambda r: r[0] + r[1] + r[2])


def command_report(games: int, workers: int, repeat: int) -> None:
    """Print the whole command's start, games and summary times, with and without --json."""
    argv = ["dominion", "sim", "Big Money", "Big Money", "--games", str(games),
            "--workers", str(workers)]
    print(f"whole command: ludolab {' '.join(repr(a) if ' ' in a else a for a in argv)}")
    for label, extra in (("tables", []), ("--json", ["--json"])):
        start, played, summary, n = whole_command(argv + extra, repeat)
        print(f"  {label:7s}: start {start:6.2f} s, games {played:6.2f} s "
              f"({n / played:,.0f} games/s), summary {summary:5.2f} s "
              f"= {summary / played:.1%} of the games")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--scaling-games", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--command-games", type=int, default=1_000_000)
    ap.add_argument("--command-workers", type=int, default=2)
    ap.add_argument("--command-repeat", type=int, default=2)
    ap.add_argument("--command-only", action="store_true",
                    help="measure only the whole command, not the kernel/path ratios")
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()}")
    print("python " + sys.version.split()[0] + ", " + ", ".join(
        f"{m} {version(m)}" for m in ("numpy", "scipy", "numba", "rich", "typer")))
    command_report(args.command_games, args.command_workers, args.command_repeat)
    if not args.command_only:
        for bot in ("Big Money", "Witch Big Money"):
            k = kernel_rate(bot, args.games, args.repeat)
            p = path_rate(bot, args.games, 1, args.repeat)
            print(f"{bot} mirror, {args.games:,} games: kernel {k:,.0f} games/s, "
                  f"simulate (1 worker) {p:,.0f} games/s, ratio {p / k:.1%}")
        one = path_rate("Witch Big Money", args.scaling_games, 1, 1)
        two = path_rate("Witch Big Money", args.scaling_games, 2, 1)
        print(f"Witch Big Money mirror, {args.scaling_games:,} games: 1 worker {one:,.0f} "
              f"games/s, 2 workers {two:,.0f} games/s, ratio {two / one:.2f}x")
    shutdown_workers()
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
