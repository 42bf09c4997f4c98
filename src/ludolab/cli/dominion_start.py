"""``ludolab dominion start``: games that begin from a start state (an opening split, a custom
starting deck, given decks at turn N).

The ``dominion`` CLI module calls :func:`register` to add the command.
"""

from __future__ import annotations

from pathlib import Path

import typer

from ludolab.cli.common import check_positive, console, fail
from ludolab.errors import LudolabError


def register(app: typer.Typer) -> None:
    """Add the ``start`` command to a typer app."""

    @app.command("start")
    def start_command(
        start_file: Path = typer.Argument(..., help="A start file (.toml): opening, deck, seats, turn, supply."),
        bots: list[str] = typer.Argument(None, help="2-6 bot names or files (default: Big Money Ultimate twice)."),
        games: int = typer.Option(2_000, "--games", "-n", help="Seeds; each is played in every rotation of the bots."),
        seed: int = typer.Option(0, "--seed", "-s", help="Master seed: same seed, same result."),
        kingdom: str = typer.Option("auto", "--kingdom", "-k", help="auto, a preset, random[:SEED] or a card list."),
        rules: str = typer.Option("official", "--rules", "-r", help="Rule set spec."),
    ) -> None:
        """Play games that begin from a start state and print each bot's score with a 95%
        interval. Every seed is played in each rotation of the seats, and the interval is over
        seeds (the rotations of one seed share its deal, so they are not independent)."""
        import numpy as np  # lazy: fast CLI start

        from ludolab.arena.stats import mean_interval  # lazy: scipy
        from ludolab.core.rng import check_seed, game_seeds  # lazy: with the rest
        from ludolab.games.dominion.cards import CARDS  # lazy: with the engine
        from ludolab.games.dominion.engine import Engine  # lazy: heavy, fast CLI start
        from ludolab.games.dominion.kingdom import (  # lazy: with the engine
            colony_rules,
            resolve_kingdom,
        )
        from ludolab.games.dominion.rules import MAX_PLAYERS  # lazy: with the engine
        from ludolab.games.dominion.start import play_from, read_start  # lazy: with the engine
        from ludolab.games.dominion.task import resolve_bots  # lazy: with the engine

        check_positive("--games", games)
        if games > 1_000_000:
            fail(f"--games must be at most 1,000,000, got {games:,}")
        bots = list(bots or ["Big Money Ultimate", "Big Money Ultimate"])
        if not 2 <= len(bots) <= MAX_PLAYERS:
            fail(f"a start run takes 2 to {MAX_PLAYERS} bots, got {len(bots)}")
        try:
            master = check_seed(seed)
            start = read_start(start_file)
            names, compiled = resolve_bots(bots)
            if any(not hasattr(b, "entries") for b in compiled):
                fail("a start run takes bots, not search players")
            needed = {n: b.cards_needed for n, b in zip(names, compiled, strict=True)}
            needed["the start"] = [c for c in start.cards() if CARDS[c].is_kingdom]
            ids = resolve_kingdom(kingdom, needed)
            engine = Engine(ids, len(compiled), colony_rules(rules, kingdom, needed))
            seeds = game_seeds(master, 0, games)
            n = len(compiled)
            score = np.zeros((games, n))
            sole = np.zeros(n)
            turns = np.zeros(n)
            for r in range(n):
                seated = [compiled[(i + r) % n] for i in range(n)]
                _vp, t, out = play_from(engine, seated, seeds, start,
                                        [(i + r) % n for i in range(n)])
                winners = np.maximum((out > 0).sum(axis=1, keepdims=True), 1)
                share = np.where(out > 0, 1.0 / winners, 0.0)
                for i in range(n):
                    b = (i + r) % n
                    score[:, b] += share[:, i] / n
                    sole[b] += (out[:, i] == 2).sum()
                    turns[b] += t[:, i].sum()
        except LudolabError as exc:
            fail(str(exc))
        console.print(f"{games:,} seeds x {n} rotations from {start_file}"
                      f"{' (opening ' + start.opening + ')' if start.opening else ''}; kingdom: "
                      f"{', '.join(CARDS[c].name for c in ids) or 'none'}")
        for b, name in enumerate(names):
            ci = mean_interval(score[:, b]).interval
            console.print(f"  {name}: score {ci.estimate:.3f} [{ci.low:.3f}, {ci.high:.3f}]  "
                          f"sole wins {sole[b] / (games * n):.1%}  turns "
                          f"{turns[b] / (games * n):.2f}", highlight=False, markup=False)
