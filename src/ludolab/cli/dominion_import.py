"""``ludolab dominion import``: bring DominionSim (Geronimoo) bots into ludolab's bot files.

The ``dominion`` CLI module calls :func:`register` to add the command.
"""

from __future__ import annotations

from pathlib import Path

import typer

from ludolab.cli.common import fail
from ludolab.errors import LudolabError


def register(app: typer.Typer) -> None:
    """Add the ``import`` command to a typer app."""

    @app.command("import")
    def import_command(
        xml_file: Path = typer.Argument(..., help="DominionSim bot XML: one <player> or a whole DomBots.xml."),
        out: Path = typer.Option(Path("."), "--out", "-o", help="Folder for the .toml bots (created if needed)."),
        force: bool = typer.Option(False, "--force", help="Overwrite .toml files that exist."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the bots not imported and the totals."),
    ) -> None:
        """Read DominionSim bots and write one readable .toml bot each; report, per bot, what
        could not be mapped (with the XML line). Exit 0 when every bot was imported, 1 when
        some were not, 2 for a file that is not DominionSim bot XML."""
        from ludolab.games.dominion.bots import render_bot  # lazy: fast CLI start
        from ludolab.games.dominion.bots.geronimoo import file_stem, import_geronimoo  # lazy: same

        try:
            data = xml_file.read_bytes()
        except FileNotFoundError:
            fail(f"no such file: {xml_file}")
        except IsADirectoryError:
            fail(f"{xml_file} is a folder, not an XML file")
        except OSError as exc:
            fail(f"cannot read {xml_file}: {exc.strerror or exc}")
        try:
            bots = import_geronimoo(data, str(xml_file))
        except LudolabError as exc:
            fail(str(exc))
        if out.exists() and not out.is_dir():
            fail(f"--out {out} is a file, not a folder")
        out.mkdir(parents=True, exist_ok=True)
        used: set[str] = set()
        written = skipped = 0
        for bot in bots:
            if bot.spec is None:
                skipped += 1
                typer.echo(f"not imported: {bot.name} (line {bot.line})")
                for problem in bot.problems:
                    typer.echo(f"    {problem}")
                for note in bot.notes:
                    typer.echo(f"    note: {note}")
                continue
            stem = file_stem(bot.name)
            k = 2
            while stem in used:
                stem = f"{file_stem(bot.name)}-{k}"
                k += 1
            used.add(stem)
            target = out / f"{stem}.toml"
            if target.exists() and not force:
                skipped += 1
                typer.echo(f"not written: {bot.name} (line {bot.line}): {target} exists "
                           "(--force overwrites)")
                continue
            kingdom = ",".join(bot.kingdom)
            header = [f"# Imported from DominionSim: {xml_file.name}, line {bot.line}."]
            if kingdom:
                header.append(f"# Its board: ludolab dominion sim {target} ... --kingdom "
                              f"'{kingdom}'")
            header.extend(f"# note: {n}" for n in bot.notes)
            target.write_text("\n".join(header) + "\n" + render_bot(bot.spec), encoding="utf-8")
            written += 1
            if not quiet:
                typer.echo(f"imported: {bot.name} -> {target}"
                           + (f"  [kingdom: {', '.join(bot.kingdom)}]" if bot.kingdom else ""))
                for note in bot.notes:
                    typer.echo(f"    note: {note}")
        typer.echo(f"{written} of {len(bots)} bots written to {out}"
                   + (f"; {skipped} not imported (see above)" if skipped else ""))
        if skipped:
            raise typer.Exit(1)
