"""The SIGINT disposition the signal tests rely on, set by the tests themselves.

A job started in the background by a non-interactive shell (``cmd &`` in a script, many CI
runners) inherits SIGINT as *ignored*, and Python then keeps it ignored: no KeyboardInterrupt,
and every process it starts inherits the same. ludolab respects that (a user who ignores Ctrl-C
means it), so tests that deliver SIGINT set the disposition they need instead of inheriting it:

* in this process: :func:`python_sigint` installs Python's own handler for the test;
* in a process a test starts: ``preexec_fn=default_sigint`` resets SIGINT to the default before
  the program runs, so Python installs its handler there (``subprocess``'s ``restore_signals``
  resets only SIGPIPE, SIGXFZ and SIGXFSZ, not SIGINT).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


def default_sigint() -> None:
    """For ``subprocess.Popen(preexec_fn=...)``: SIGINT back to its default in the child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def python_sigint() -> Iterator[None]:
    """Python's KeyboardInterrupt handler for SIGINT inside the block, whatever was inherited;
    the previous disposition comes back afterwards."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
