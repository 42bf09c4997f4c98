"""Pig: play a game or a match between search players, hold-at-N bots and the optimal policy.

Players are specs: ``random``, ``hold:20``, ``optimal``, ``mc:simulations=500,horizon=10``,
``uct:simulations=500,c=1.4`` (``ludolab pig players`` lists them with their parameters).
"""

from __future__ import annotations

import json
import os
from typing import Any

import typer
from rich.table import Table

from ludolab.cli import elapsed
from ludolab.cli.common import INTERRUPTED, DelayedProgress, console, err_console
from ludolab.core import Match
from ludolab.core.rng import check_seed
from ludolab.errors import LudolabError
from ludolab.games.pig import SEAT_NAMES, PigState
from ludolab.games.pig.players import PIG_PLAYERS, make_player

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

P1_HELP = "First player's spec (sits first in game one; seats alternate in a match)."
P2_HELP = "Second player's spec."


def _players(p1: str, p2: str) -> list[Any]:
    return [make_player(p1), make_player(p2)]


#: A game stops as a tie after 100 rounds, so a higher goal only plays ties.
MAX_GOAL = 1_000
#: The optimal player's table grows as goal**3: 17 s and 350 MB at 300 (measured), hours beyond.
MAX_OPTIMAL_GOAL = 300


def _check_goal(goal: int, *specs: str) -> None:
    """Refuse a goal no game can use before anything runs (one line naming the limit)."""
    if goal < 1:
        raise LudolabError(f"--goal must be at least 1, got {goal}")
    if goal > MAX_GOAL:
        raise LudolabError(f"--goal must be at most {MAX_GOAL:,} (a game stops as a tie after "
                           f"100 rounds), got {goal:,}")
    if goal > MAX_OPTIMAL_GOAL and any(s.strip().lower().startswith("optimal") for s in specs):
        raise LudolabError(f"the optimal player needs --goal at most {MAX_OPTIMAL_GOAL} (its "
                           f"table grows as the goal cubed), got {goal:,}")


def _check_games(games: int) -> None:
    """Refuse a game count that cannot be held in memory before any game runs."""
    from ludolab.arena.simulation import MAX_GAMES  # lazy: heavy, fast CLI start

    if games < 1:
        raise LudolabError(f"--games must be at least 1, got {games}")
    if games > MAX_GAMES:
        raise LudolabError(f"--games must be at most {MAX_GAMES:,} in one run (records are kept "
                           f"in memory; split a larger run), got {games:,}")


def _moves_json(seat: int, move: str) -> str:
    return json.dumps({SEAT_NAMES[seat]: move}, separators=(",", ":"))


@app.command()
def play(
    p1: str = typer.Option("random", "--p1", help=P1_HELP),
    p2: str = typer.Option("hold:20", "--p2", help=P2_HELP),
    seed: int = typer.Option(0, "--seed", "-s", help="Game seed: same seed, same dice."),
    goal: int = typer.Option(100, "--goal", "-g", help="Points to win."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the result."),
) -> None:
    """Play one game and print it move by move, like Ludorum's console log."""

    _check_goal(goal, p1, p2)
    seed = check_seed(seed)
    players = _players(p1, p2)
    match = Match(PigState(goal=goal), players, seed=seed)
    pending: list[str] = []

    def on_move(state: Any, rec: Any) -> None:
        line = f"{state}, moves: {_moves_json(rec.seat, rec.move)}"
        if rec.move == "roll":
            pending.append(line)  # printed with the die that follows
        else:
            typer.echo(line)

    def on_chance(state: Any, rec: Any) -> None:
        typer.echo(f"{pending.pop()}, die: {rec.outcome}")

    if not quiet:
        typer.echo(f"One: {players[0].name}, Two: {players[1].name}, goal {goal}, seed {seed}")
        match.on("move", on_move).on("chance", on_chance)
        match.on("end", lambda state, result: typer.echo(f"{state}."))
    result = match.run()
    final = result.final_state
    s0, s1 = final.scores
    winner = final.winner()
    if winner is None:
        typer.echo(f"Tie after {final.round} rounds ({s0} to {s1}).")
    else:
        margin = int(result.returns[winner])
        typer.echo(
            f"{SEAT_NAMES[winner]} ({players[winner].name}) wins by {margin} "
            f"({s0} to {s1}) in round {final.round}."
        )


@app.command()
def match(
    p1: str = typer.Option("uct", "--p1", help=P1_HELP),
    p2: str = typer.Option("hold:20", "--p2", help=P2_HELP),
    games: int = typer.Option(100, "--games", "-n", help="Number of games (pairs share dice)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed: same seed, same result."),
    goal: int = typer.Option(100, "--goal", "-g", help="Points to win."),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes (0 = all cores)."),
) -> None:
    """Play a match and print wins, ties and losses with 95% intervals over deals.

    Seats alternate: games 2k and 2k+1 share a game seed (a deal), so both players roll the same
    dice first. The two games of a deal are not independent, so the intervals are computed over
    whole deals (a Wilson interval on the deals' effective number of games); a lone game of an
    unfinished deal is set aside. The same player twice plays each deal once. The match is
    :func:`ludolab.pig.simulate`'s, printed as every game's simulation is.

    Ctrl-C stops the match and prints the games that finished.
    """
    from ludolab.pig import prepare  # lazy: heavy, fast CLI start

    _check_games(games)
    if workers < 0:
        raise LudolabError(f"--workers must be 0 (all cores) or more, got {workers}")
    _check_goal(goal, p1, p2)
    plan = prepare([p1, p2], games, seed, goal=goal)  # checks both specs before anything runs
    chunk = max(2, min(200, games // 50))
    bar = DelayedProgress("playing")
    try:
        result = plan.run(workers=workers or os.cpu_count() or 1, chunk_size=chunk - chunk % 2,
                          progress=bar)
    finally:
        bar.close()
    result.meta["wall"] = elapsed()  # printed beside the rate: a fast rate hides no wait
    result.print(console)
    if result.interrupted:
        err_console.print(f"interrupted: {result.games:,} of {games:,} games finished")
        raise typer.Exit(INTERRUPTED)


@app.command()
def players() -> None:
    """List the player specs, their parameters and defaults."""

    table = Table(title="Pig players: name or name:key=value,... (hold:20 sets n)")
    for col in ("player", "parameter", "default", "meaning"):
        table.add_column(col)
    for factory in PIG_PLAYERS.factories.values():
        table.add_row(factory.name, "", "", factory.help)
        for p in factory.params:
            table.add_row("", p.name, p.default, p.help)
    console.print(table)
