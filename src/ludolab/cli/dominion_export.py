"""``ludolab dominion export``: write ludolab bots as DominionSim (Geronimoo) bot XML.

The ``dominion`` CLI module calls :func:`register` to add the command.
"""

from __future__ import annotations

from pathlib import Path

import typer

from ludolab.cli.common import fail
from ludolab.errors import LudolabError


def register(app: typer.Typer) -> None:
    """Add the ``export`` command to a typer app."""

    @app.command("export")
    def export_command(
        bots: list[str] = typer.Argument(..., help="Bots: library names or .toml files."),
        out: Path = typer.Option(None, "--out", "-o", help="Write the XML to this file (default: print it)."),
        force: bool = typer.Option(False, "--force", help="Overwrite --out if it exists."),
    ) -> None:
        """Write the bots as one DominionSim bot file (a <playerCollection>, as DomBots.xml),
        which DominionSim and `ludolab dominion import` read. What the XML cannot carry (play
        and trash lists, options, conditions with no DominionSim function) is printed per bot
        as a note, and written as a comment above the bot."""
        from ludolab.games.dominion.bots import load_spec  # lazy: fast CLI start
        from ludolab.games.dominion.bots.geronimoo_export import export_geronimoo  # lazy

        try:
            specs = [load_spec(b) for b in bots]
        except LudolabError as exc:
            fail(str(exc))
        text, exported = export_geronimoo(specs)
        for bot in exported:
            for note in bot.notes:
                typer.echo(f"note: {bot.name}: {note}", err=True)
        if out is None:
            typer.echo(text, nl=False)
            return
        if out.exists() and not force:
            fail(f"{out} exists (--force overwrites)")
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {out}: {exc.strerror or exc}")
        noted = sum(1 for b in exported if b.notes)
        typer.echo(f"{len(exported)} bot{'s' if len(exported) != 1 else ''} written to {out}"
                   + (f"; {noted} with notes (above)" if noted else ""), err=True)
