"""Entry point of the ``ludolab`` command.

Each game or tool has its own module ``ludolab.cli.<name>`` exposing a typer ``app``; they are
mounted here as sub-commands, each imported only when it is run: a Dominion command does not
load Pig's compiled players or the web stack, and ``ludolab --help`` lists them from
:data:`SUBCOMMANDS` without importing any (numba, scipy and matplotlib stay unloaded). A
:class:`~ludolab.errors.LudolabError` (a user mistake) is printed as one line on stderr with exit
code 2, never as a traceback.
"""

from __future__ import annotations

import contextlib
import difflib
import importlib
import signal
import sys
import threading
from typing import Any

import click
import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import TyperInfo

from ludolab import __version__
from ludolab.cli import restart_clock
from ludolab.errors import LudolabError

#: The sub-commands and their one-line help (the first line of each module's docstring, which a
#: test compares), listed by ``ludolab --help`` without importing the modules.
SUBCOMMANDS: dict[str, str] = {
    "dominion": "Dominion: simulate bots, read a game's log, browse bots and cards.",
    "poker": "Poker: duplicate experiments between bots, one hand's history, the bot library.",
    "arena": "Arena: tournaments with duplicate seating, sequential tests and ratings.",
    "evolve": "Evolve: a genetic algorithm that finds Dominion strategies (document 004) or "
              "poker bots.",
    "pig": "Pig: play a game or a match between search players, hold-at-N bots and the optimal "
           "policy.",
    "serve": "Serve the local web app: simulate, replay, browse, run tournaments, evolve and play "
             "in a browser.",
}


class _LazyGroup(TyperGroup):
    """The root group: a sub-command's module is imported the first time it is looked up,
    and mounted the way ``app.add_typer`` would (its help is the module's first doc line).
    While the root's own help is written, a sub-command not loaded yet is listed by name and
    :data:`SUBCOMMANDS`' line, so the help imports none of them."""

    _listing = False

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(SUBCOMMANDS)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if self._listing and cmd_name not in self.commands and cmd_name in SUBCOMMANDS:
            return TyperCommand(cmd_name, help=SUBCOMMANDS[cmd_name])
        if cmd_name not in self.commands and cmd_name in SUBCOMMANDS:
            module = importlib.import_module(f"ludolab.cli.{cmd_name}")
            info = TyperInfo(module.app, name=cmd_name,
                             help=(module.__doc__ or "").strip().splitlines()[0])
            self.add_command(typer.main.get_group_from_info(
                info, pretty_exceptions_short=app.pretty_exceptions_short,
                suggest_commands=app.suggest_commands, rich_markup_mode=app.rich_markup_mode,
            ), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except _USAGE as exc:  # typer suggests from the loaded commands only: suggest from all
            matches = difflib.get_close_matches(args[0], SUBCOMMANDS) if args else []
            message = getattr(exc, "message", "")
            if matches and message.startswith("No such command") and "Did you mean" not in message:
                exc.message = f"{message.rstrip('.')}. Did you mean {matches[0]!r}?"
            raise


app = typer.Typer(
    cls=_LazyGroup,
    name="ludolab",
    help="A laboratory for game strategies: Dominion, poker, Pig, arenas and evolution.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ludolab {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """A laboratory for game strategies: Dominion, poker, Pig, arenas and evolution."""


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be, so a run stops the same way and keeps what finished."""


_signalled = {"term": False}
_calls = [0]  # main() calls in this process (the first one's clock starts at import)


def _on_sigterm(signum: int, frame: object) -> None:
    _signalled["term"] = True
    raise _Terminated


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user mistakes (usage errors included) exit with code 2 and one line.

    SIGTERM stops a run like Ctrl-C (what finished is printed and written) and exits with 143
    instead of 130; either way the worker processes end with ludolab.
    """
    _signalled["term"] = False
    restart_clock(first=_calls[0] == 0)
    _calls[0] += 1
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        code = _run(argv)
    except KeyboardInterrupt:  # outside a run (while starting, or printing)
        code = 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        runner = sys.modules.get("ludolab.arena.runner")
        if runner is not None and _signalled["term"]:
            runner.shutdown_workers(kill=True)  # no process of ludolab's outlives it
    if _signalled["term"]:
        code = 143
    if code:
        sys.exit(code)


def _click_exceptions(name: str) -> tuple[type[BaseException], ...]:
    """``click.exceptions.<name>`` and, where typer ships its own copy of click, that one too."""
    modules = [click.exceptions]
    with contextlib.suppress(ImportError):
        modules.append(importlib.import_module("typer._click.exceptions"))
    return tuple(getattr(m, name) for m in modules if hasattr(m, name))


_NO_ARGS_IS_HELP = _click_exceptions("NoArgsIsHelpError")
_USAGE = _click_exceptions("ClickException")
_ABORT = (*_click_exceptions("Abort"), typer.Abort)


def _run(argv: list[str] | None) -> int:
    """The command's exit code; every user mistake printed as one line."""
    try:
        code = app(args=argv, standalone_mode=False)
    except LudolabError as exc:
        typer.echo(f"error: {exc}", err=True)
        return 2
    except _NO_ARGS_IS_HELP as exc:  # a bare group: its help, as click does
        exc.show()
        return exc.exit_code
    except _USAGE as exc:  # a usage mistake: one line, like every other error
        where = f"{exc.ctx.command_path}: " if getattr(exc, "ctx", None) is not None else ""
        typer.echo(f"error: {where}{' '.join(exc.format_message().split())}", err=True)
        return exc.exit_code
    except _ABORT:
        return 130
    return code if isinstance(code, int) else 0


if __name__ == "__main__":  # pragma: no cover
    main()
