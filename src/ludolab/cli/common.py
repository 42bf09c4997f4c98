"""Small helpers shared by the CLI modules."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer
from rich.console import Console

# Wide tables stay readable when the output is a file or a pipe (rich would assume 80 columns).
console = Console(width=None if sys.stdout.isatty() else 140)
err_console = Console(stderr=True, width=None if sys.stderr.isatty() else 140)


def fail(message: str) -> NoReturn:
    """Print a one-line usage error and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    sys.exit(2)


def check_positive(name: str, value: int, allow_zero: bool = False) -> int:
    """Reject a negative (or zero) count with a one-line error."""
    if value < 0 or (value == 0 and not allow_zero):
        bound = "0 or more" if allow_zero else "at least 1"
        fail(f"{name} must be {bound}, got {value}")
    return value
