"""A cold start on two cores: the kernel's two halves compiled at the same time.

With an empty numba cache the first game compiles about 65 functions one after the other (numba
compiles on one thread, under a process-wide lock), 20-30 s on this project's 2-core machines.
The kernel is cut in two halves that never call each other directly: :func:`~.kernel.run` (the
turn loop, the buy phase, set-up, scoring) reaches :func:`~.kernel.decide` (the decision door,
the bots' lists and playbooks) and :func:`~.kernel.cond_test` (the bots' condition machine)
only through their addresses (``I_FN_DECIDE``, ``I_FN_COND``), as the cards' hooks do. So, on a
cold start, a second process compiles ``decide`` and ``cond_test`` into numba's disk cache while
this one compiles ``run``; the game's card hooks go to whichever process is free first (each
card is claimed once, through a file created exclusively); this process then loads the rest
from the cache. Nothing changes when the cache is warm, and every failure of the second process
(a read-only cache, no ``fork``/``exec``) only costs the time this process then compiles itself.

``LUDOLAB_COMPILE_SPLIT=0`` turns the split off (one process compiles everything, as numba does
by default); a machine with one core never splits.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ludolab.games.dominion.engine import hooks
from ludolab.games.dominion.engine import kernel as K

__all__ = ["cached", "ensure"]

_done = False  # this process has been through ensure() (the split runs at most once a process)


def cached(dispatcher: object) -> bool:
    """Is ``dispatcher`` compiled in this process or held in numba's disk cache?"""
    if dispatcher.signatures:  # type: ignore[attr-defined]
        return True
    try:
        index = dispatcher._cache._cache_file._load_index()  # type: ignore[attr-defined]
    except Exception:  # pragma: no cover - numba internals changed: assume cold
        return False
    return bool(index)


def _split_wanted() -> bool:
    if os.environ.get("LUDOLAB_COMPILE_SPLIT", "1").strip() in ("0", "no", "false", "off"):
        return False
    return (os.cpu_count() or 1) > 1


def _claim(folder: Path, cid: int) -> bool:
    """Take card ``cid``'s hooks to compile, unless the other process took them first."""
    try:
        os.close(os.open(folder / str(cid), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    except OSError:
        return True  # no claim folder: compile it here (at worst both processes do)
    return True


def _compile_run() -> None:
    """Compile the batch entry :func:`~.kernel.run` for the argument types ``Engine.play``
    gives it, by a call with no game (it returns at once)."""
    i64 = np.zeros(int(K.IH), np.int64)
    K.run(
        0, np.zeros(1, np.int64), np.zeros(1, np.int64), i64, np.zeros(1, np.float64),
        np.zeros(0, np.uint64), np.zeros((0, 1), np.int32), np.zeros((0, 1), np.int32),
        np.zeros((0, 1), np.int8), np.zeros(0, np.int8), np.zeros((1, 1, 1), np.int16),
        np.zeros((1, 1, 1), np.int16), False,
    )


def ensure(ids: Sequence[int]) -> None:
    """Before the first game of this process: if the kernel is not in numba's cache, compile it
    on two processes (see the module docstring), with the hooks of the cards ``ids``."""
    global _done
    if _done:
        return
    _done = True
    if any(cached(fn) for fn in (K.run, K.decide, K.cond_test, K.bot_buy)) or not _split_wanted():
        return
    cards = [c for c in ids if hooks.home(c) is not None]
    with tempfile.TemporaryDirectory(prefix="ludolab-coldstart.") as claims:
        root = str(Path(__file__).resolve().parents[4])  # the folder holding ``ludolab``
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        try:
            child = subprocess.Popen(
                [sys.executable, "-c",
                 "import sys; from ludolab.games.dominion.engine import coldstart; "
                 "coldstart._second(sys.argv[1], sys.argv[2:])",
                 claims, *map(str, cards)],
                env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            return  # no second process: this one compiles everything when it needs it
        try:
            _compile_run()
            for cid in reversed(cards):
                if _claim(Path(claims), cid):
                    hooks.addresses(cid)
            child.wait(timeout=900)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()


def _second(claims: str, ids: Sequence[str]) -> None:
    """The second process: ``decide`` and ``cond_test``, then the cards nobody has claimed."""
    hooks.decide_address()
    hooks.cond_address()
    hooks.buy_address()
    hooks.cost_more_address()
    cards = [int(c) for c in ids]
    if hooks.buys_through_hooks(cards):  # the Prosperity buy phase, only where it is used
        hooks.buy_card_address()
    if hooks.treasures_one_at_a_time(cards):
        hooks.treasure_phase_address()
        hooks.buy_filter_address()
        hooks.treasure_default_address()
    for cid in cards:
        if _claim(Path(claims), cid):
            hooks.addresses(cid)
