"""``ludolab dominion advise``: the strongest plan the advisor finds for a kingdom.

The ``dominion`` CLI module calls :func:`register` to add the command; the work is
:func:`ludolab.dominion.advise`. Progress goes to stderr (rich); the bot, why and its rates to
stdout. Ctrl-C keeps the best bot found so far, writes it (to ``--out``, else to
``advised-bot.toml`` in the current folder) and says where it is.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ludolab.cli.common import INTERRUPTED, console, err_console, fail

#: where an interrupted run without ``--out`` writes the best bot so far
INTERRUPTED_FILE = "advised-bot.toml"

_STAGES = {"rank": "ranking candidates", "tune": "tuning the best (rounds)",
           "calibrate": "measuring speed",
           "search": "searching (evaluations)", "final": "final on fresh deals"}


class _StageProgress:
    """One rich bar per stage, on stderr."""

    def __init__(self) -> None:
        self.bar = Progress(TextColumn("{task.description:<26}"), BarColumn(),
                            MofNCompleteColumn(), TimeElapsedColumn(), console=err_console,
                            transient=False)
        self.tasks: dict[str, Any] = {}
        self.started = False

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.started:
            self.bar.start()
            self.started = True
        if stage not in self.tasks:
            self.tasks[stage] = self.bar.add_task(_STAGES.get(stage, stage), total=total)
        self.bar.update(self.tasks[stage], completed=done, total=total)

    def close(self) -> None:
        if self.started:
            self.bar.stop()


def _split(values: list[str] | None) -> list[str]:
    out: list[str] = []
    for v in values or []:
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def _default_bots_dir() -> Path | None:
    """The web page's My bots folder, when it exists."""
    from ludolab.web.jobs import default_data_dir  # lazy: the web stack is not needed otherwise

    folder = default_data_dir() / "bots"
    return folder if folder.is_dir() else None


def register(app: typer.Typer) -> None:
    """Add the ``advise`` command to a typer app."""

    @app.command("advise")
    def advise_command(
        kingdom: str = typer.Option(..., "--kingdom", "-k", help="Ten kingdom cards: a preset (first-game, ...), a card list or random:sets=...:SEED."),
        minutes: float = typer.Option(None, "--minutes", "-m", help="Time budget, turned into evaluations from the measured speed (default 5 without --evaluations)."),
        evaluations: int = typer.Option(None, "--evaluations", "-e", help="Search budget in evaluations (one genome's games against the field): the same seed gives the same bot."),
        players: int = typer.Option(2, "--players", "-p", help="Players, 2 to 6."),
        rules: str = typer.Option("official", "--rules", "-r", help="Rule set, e.g. official or official,turn_cap=60."),
        against: list[str] = typer.Option(None, "--against", "-a", help="Bots that must be in the field and the final (repeat or comma-separate)."),
        bots: Path = typer.Option(None, "--bots", help="A folder of your bot files to consider too (default: the web page's My bots folder, if any)."),
        seed: int = typer.Option(0, "--seed", "-s", help="Master seed."),
        out: Path = typer.Option(None, "--out", "-o", help="Write the recommended bot file here."),
        force: bool = typer.Option(False, "--force", help="Overwrite --out if it exists."),
        workers: int = typer.Option(0, "--workers", "-w", help="Processes (0 = all cores)."),
    ) -> None:
        """Find the strongest bot for a kingdom: candidates ranked by short tournaments, a
        genetic search against a field of the best, and a final on fresh deals with 95%
        intervals; prints the bot, why (per-card statistics) and its win rates."""
        from ludolab.core.rng import check_seed  # lazy: with the rest
        from ludolab.evolve.dominion import advise as adv  # lazy: heavy, fast CLI start
        from ludolab.games.dominion.cards import CARDS  # lazy: with the rest

        if workers < 0:
            fail(f"--workers must be 0 (all cores) or more, got {workers}")
        if minutes is not None and not (minutes > 0 and math.isfinite(minutes)):
            fail(f"--minutes must be more than 0, got {minutes:g}")
        if evaluations is not None and evaluations < 1:
            fail(f"--evaluations must be at least 1, got {evaluations}")
        if not 2 <= players <= 6:
            fail(f"--players must be 2 to 6, got {players}")
        seed = check_seed(seed)
        req = adv.check_request(kingdom, players=players, rules=rules, minutes=minutes,
                                evaluations=evaluations, seed=seed)
        if out is not None:
            from ludolab.arena.results import check_output  # lazy: pyarrow

            if out.exists() and not force and not out.is_dir():
                fail(f"{out} exists; pass --force to overwrite it or choose another --out")
            check_output(out, force=True)
        folder = bots if bots is not None else _default_bots_dir()
        budget = (f"{evaluations:,} evaluations" if evaluations is not None else "")
        if minutes is not None or evaluations is None:
            cap = f"{minutes if minutes is not None else adv.DEFAULT_MINUTES:g} minutes"
            budget = f"{budget}, at most {cap}" if budget else cap
        console.print(f"[bold]Advising[/bold] on {', '.join(CARDS[c].name for c in req.kingdom)}"
                      f" ({players} players, rules {req.rules}, seed {seed}; budget {budget})",
                      highlight=False)
        notes: list[str] = []
        bar = _StageProgress()
        try:
            advice = adv.advise(kingdom, minutes=minutes, evaluations=evaluations,
                                players=players, rules=rules, against=_split(against),
                                bots_dir=folder, seed=seed,
                                workers=workers or os.cpu_count() or 1, progress=bar,
                                notes=notes)
        finally:
            bar.close()
        for note in notes:
            err_console.print(note, markup=False, highlight=False)
        if advice.interrupted:
            path = out if out is not None else _free(Path(INTERRUPTED_FILE))
            path.write_text(advice.text, encoding="utf-8")
            console.print(advice.text, markup=False, highlight=False)
            err_console.print(f"interrupted while {_STAGES.get(advice.stage, advice.stage)}: the "
                              f"best bot so far ({advice.bot.name}) is in {path}",
                              markup=False, highlight=False)
            raise typer.Exit(INTERRUPTED)
        _print(advice, folder)
        if out is not None:
            out.write_text(advice.text, encoding="utf-8")
            console.print(f"bot written to {out}", highlight=False)


def _free(path: Path) -> Path:
    """``path``, or ``stem-2.toml``, ``stem-3.toml``... when it exists (never overwrite)."""
    k = 2
    p = path
    while p.exists():
        p = path.with_name(f"{path.stem}-{k}{path.suffix}")
        k += 1
    return p


def _print(advice: Any, folder: Path | None) -> None:
    from ludolab.games.dominion.bots import describe_bot  # lazy: with the rest

    cands = advice.candidates
    origins: dict[str, int] = {}
    for c in cands:
        origins[c.origin] = origins.get(c.origin, 0) + 1
    pool = sum(1 for c in cands if c.robin == c.robin)
    console.print(f"candidates: {len(cands)} ("
                  + ", ".join(f"{n} {o}" for o, n in sorted(origins.items()))
                  + (f"; your bots from {folder}" if folder else "")
                  + f"), the best {pool} by their screen against Big Money Ultimate in a round "
                  "robin", highlight=False)
    for c in cands[:pool]:
        console.print(f"  {c.name} ({c.origin}): round robin score {100 * c.robin:.1f}%, "
                      f"against Big Money Ultimate {100 * c.screen:.1f}%", highlight=False)
    console.print("search field: " + ", ".join(advice.field_names), highlight=False)
    if advice.tuned is not None:
        console.print(f"tuned: {advice.tuned.name}: {advice.tuned.description}",
                      highlight=False)
    where = ("the genetic search's champion" if advice.source == "search"
             else f"{advice.source} bot: it beat the search's champion head to head")
    console.print()
    console.print(f"[bold]Recommended[/bold]: {advice.bot.name} ({where})", highlight=False)
    console.print(describe_bot(advice.bot), markup=False, highlight=False)
    plan = advice.plan()
    if plan:
        console.print(plan, markup=False, highlight=False)
    console.print()
    console.print("[bold]The bot file[/bold]:")
    console.print(advice.text, markup=False, highlight=False)
    if advice.card_stats:
        console.print(_why_table(advice))
    table = Table(title="Final on fresh deals (95% intervals over deals)")
    for name, justify in (("Opponent", "left"), ("Score %", "right"), ("95% CI", "right"),
                          ("Win %", "right"), ("95% CI", "right"), ("Tie %", "right"),
                          ("Margin", "right"), ("Games", "right"), ("Stopped by", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for r in advice.rates:
        lo, hi = r["score_ci"]
        wlo, whi = r["win_ci"]
        table.add_row(r["opponent"], f"{100 * r['score']:.1f}", f"{100 * lo:.1f}-{100 * hi:.1f}",
                      f"{100 * r['win_rate']:.1f}", f"{100 * wlo:.1f}-{100 * whi:.1f}",
                      f"{100 * r['tie_rate']:.1f}", f"{r['margin']:+.2f}", f"{r['games']:,}",
                      r["test"])
    console.print(table)
    mins, secs = divmod(int(advice.seconds), 60)
    if advice.warm_up >= 1.0:
        console.print(f"the engine's compile (or load from the cache) took "
                      f"{advice.warm_up:.0f} s before the budget's clock started",
                      highlight=False)
    if advice.per_evaluation is not None:
        console.print(f"the time budget became {advice.evaluations:,} evaluations (an evaluation "
                      f"took {1000 * advice.per_evaluation:.0f} ms here)", highlight=False)
    console.print(f"{advice.evaluations:,} evaluations ran in a run of {mins}:{secs:02d}; "
                  f"'--evaluations {advice.evaluations} --seed {advice.seed}' reproduces this "
                  "bot", highlight=False)


def _why_table(advice: Any) -> Table:
    """Per card: what the recommended bot and the runner-up bought per game, when first, and
    how often they played it, side by side."""
    names = list(dict.fromkeys(r["bot"] for r in advice.card_stats))
    by: dict[tuple[str, str], dict[str, Any]] = {(r["bot"], r["card"]): r
                                                 for r in advice.card_stats}
    cards = list(dict.fromkeys(r["card"] for r in advice.card_stats))
    table = Table(title="Why: what each bought per game, its first buy's turn, plays per game "
                        f"(final games against {names[-1] if len(names) > 1 else 'the runner-up'})")
    table.add_column("Card")
    for n in names:
        for col in ("bought", "1st turn", "played"):
            table.add_column(f"{n[:24]}: {col}" if col == "bought" else col, justify="right")
    for c in cards:
        row = [c]
        for n in names:
            r = by.get((n, c))
            if r is None:
                row += ["-", "-", "-"]
                continue
            fb = r["first_buy"]
            row += [f"{r['bought']:.2f}", "-" if fb != fb else f"{fb:.1f}", f"{r['played']:.1f}"]
        table.add_row(*row)
    return table
