"""The compiled poker engine.

* :mod:`.layout` -- the contract constants shared with the bot kernel (imports nothing heavy).
* :mod:`.kernel` -- numba: deals, betting, showdown; batch and traced play.
* :mod:`.api` -- :class:`Engine` (``play`` -> :class:`HandRecords`, ``trace`` ->
  :class:`HandHistory`), :func:`baseline_bots`.

``from ludolab.games.poker.engine import Engine`` imports (and compiles) the kernel lazily, so
the bot kernel may import :mod:`.layout` without a cycle.
"""

from __future__ import annotations

from typing import Any

_API = ("Engine", "HandEvent", "HandHistory", "HandRecords", "baseline_bots")


def __getattr__(name: str) -> Any:
    if name in _API:
        from ludolab.games.poker.engine import api  # lazy: keeps layout imports light

        return getattr(api, name)
    raise AttributeError(name)
