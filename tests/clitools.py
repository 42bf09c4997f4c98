"""Running the ``ludolab`` command line in-process from tests (one helper for every CLI test)."""

from __future__ import annotations

import pytest

from ludolab.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``ludolab`` in-process; returns (exit code, stdout, stderr)."""
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err
