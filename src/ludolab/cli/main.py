"""Entry point of the ``ludolab`` command.

Each game or tool has its own module ``ludolab.cli.<name>`` exposing a typer ``app``; they are
mounted here as sub-commands. A :class:`~ludolab.errors.LudolabError` (a user mistake) is printed
as one line on stderr with exit code 2, never as a traceback.
"""

from __future__ import annotations

import importlib
import signal
import sys
import threading

import typer

from ludolab import __version__
from ludolab.errors import LudolabError

SUBCOMMANDS = ("dominion", "arena", "evolve", "pig", "serve")

app = typer.Typer(
    name="ludolab",
    help="A laboratory for game strategies: Dominion, Pig, arenas and evolution.",
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
    """A laboratory for game strategies: Dominion, Pig, arenas and evolution."""


for _name in SUBCOMMANDS:
    try:
        _mod = importlib.import_module(f"ludolab.cli.{_name}")
    except ModuleNotFoundError as exc:  # a sub-command not built yet
        if exc.name != f"ludolab.cli.{_name}":
            raise
        continue
    app.add_typer(_mod.app, name=_name, help=(_mod.__doc__ or "").strip().splitlines()[0])


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be, so a run stops the same way and keeps what finished."""


_signalled = {"term": False}


def _on_sigterm(signum: int, frame: object) -> None:
    _signalled["term"] = True
    raise _Terminated


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user mistakes exit with code 2 and a one-line message.

    SIGTERM stops a run like Ctrl-C (what finished is printed and written) and exits with 143
    instead of 130; either way the worker processes end with ludolab.
    """
    _signalled["term"] = False
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        app(args=argv, standalone_mode=True)
    except LudolabError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:  # outside a run (while starting, or printing)
        sys.exit(143 if _signalled["term"] else 130)
    except SystemExit:
        if _signalled["term"]:
            sys.exit(143)
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        runner = sys.modules.get("ludolab.arena.runner")
        if runner is not None and _signalled["term"]:
            runner.shutdown_workers(kill=True)  # no process of ludolab's outlives it


if __name__ == "__main__":  # pragma: no cover
    main()
