"""A cold start on two cores: what the first game reaches, compiled by two processes at once.

numba compiles on one thread, under a process-wide lock. So the kernel is cut into pieces that
never call each other directly: :func:`~.kernel.run` (the turn loop) reaches the bots' play and
buy (``bot_play``, ``bot_buy``), the condition machine (``cond_test``), a special card's
effect and the decision door (``decide``) only through their addresses in the environment
(``I_FN_*``), as the cards' hooks are reached. A piece is compiled
only for a game that reaches it (``hooks.fill``: a game of plain cards played by bots never
compiles ``decide``), and each is one job of :func:`_jobs`. On a cold start (the batch entries
not in numba's cache) a second Python process takes the jobs from the front while this one
compiles ``run`` and then takes them from the back; each job is claimed once (a file created
with ``O_EXCL``), so the two share the work as it comes, and this process then loads the rest
from the disk cache. :func:`prestart` starts the second process early (the CLI calls it before
reading the bots), so its own start overlaps that work. Nothing changes when the cache is warm,
and every failure of the second process (a read-only cache, no ``fork``/``exec``) only costs the
time this process then compiles itself.

``LUDOLAB_COMPILE_SPLIT=0`` turns the split off (one process compiles everything, as numba does
by default); a machine with one core never splits.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from ludolab.games.dominion.engine import hooks
from ludolab.games.dominion.engine import kernel as K

__all__ = ["cached", "ensure", "prestart"]

_done = False  # this process has been through ensure() (the split runs at most once a process)
_child: subprocess.Popen | None = None  # the second process prestart() began, not yet given jobs


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


def _claim(folder: Path, job: str) -> bool:
    """Take ``job`` to compile, unless the other process took it first."""
    try:
        os.close(os.open(folder / job, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    except OSError:
        return True  # no claim folder: compile it here (at worst both processes do)
    return True


def _jobs(cards: Sequence[int], decide: bool) -> list[tuple[str, Callable[[], object]]]:
    """What a game with card ``cards`` reaches through addresses, biggest first: each is
    compiled once, by whichever process claims it (the second from the front, this one from
    the back once :func:`run` is done), so the two share the work as it comes."""
    jobs: list[tuple[str, Callable[[], object]]] = []
    if decide:
        jobs.append(("decide", hooks.decide_address))
    jobs += [("cond", hooks.cond_address), ("buy", hooks.buy_address)]
    if hooks.buys_through_hooks(cards):  # the Prosperity buy phase, only where it is used
        jobs.append(("buy_card", hooks.buy_card_address))
    if hooks.treasures_one_at_a_time(cards):
        jobs += [("treasures", hooks.treasure_phase_address),
                 ("buy_filter", hooks.buy_filter_address),
                 ("treasure_default", hooks.treasure_default_address)]
    if hooks.needs_duration_engine(cards):
        jobs.append(("durations", hooks.dur_addresses))
    jobs += [("play", hooks.play_address), ("cost_more", hooks.cost_more_address)]
    if any(hooks.CARDS[c].special for c in cards):
        jobs.append(("effect", hooks.effect_address))
    jobs += [(f"card{c}", functools.partial(hooks.addresses, c)) for c in cards]
    return jobs


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


def _warm() -> bool:
    return any(cached(fn) for fn in (K.run, K.cond_test, K.bot_buy, K.bot_play, K.decide))


def _spawn() -> subprocess.Popen | None:
    """The second process: it imports the engine, then waits for its jobs on its stdin."""
    root = str(Path(__file__).resolve().parents[4])  # the folder holding ``ludolab``
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    try:
        return subprocess.Popen(
            [sys.executable, "-c",
             "from ludolab.games.dominion.engine import coldstart; coldstart._second_stdin()"],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, text=True,
        )
    except OSError:
        return None  # no second process: this one compiles everything when it needs it


def prestart() -> None:
    """Start the second compiling process now, if the kernel is cold and a split is wanted, so
    that its start (an interpreter, numpy, numba, the engine: about a second) overlaps what the
    caller still does before its first game (the CLI: reading the bots, the plan). The first
    game's :func:`ensure` gives it its jobs; unused, it ends when this process does."""
    global _child
    if _done or _child is not None or not _split_wanted() or _warm():
        return
    _child = _spawn()


def ensure(ids: Sequence[int], decide: bool = True) -> None:
    """Before the first game of this process: if the kernel is not in numba's cache, compile it
    on two processes (see the module docstring), with the hooks of the cards ``ids`` (and the
    decision door where the game may ask: ``decide``, or a card that asks)."""
    global _done, _child
    if _done:
        return
    _done = True
    child, _child = _child, None
    if _warm() or not _split_wanted():
        if child is not None:
            child.kill()
            child.wait()
        return
    decide = decide or hooks.needs_decide(ids)
    cards = [c for c in ids if hooks.home(c) is not None]
    if child is None:
        child = _spawn()
    if child is None:
        return
    with tempfile.TemporaryDirectory(prefix="ludolab-coldstart.") as claims:
        try:
            try:
                assert child.stdin is not None
                child.stdin.write(json.dumps([claims, decide, cards]) + "\n")
                child.stdin.close()
            except OSError:
                return  # the second process is gone: this one compiles what it needs
            _compile_run()
            for job, compile_it in reversed(_jobs(cards, decide)):
                if _claim(Path(claims), job):
                    compile_it()
            child.wait(timeout=900)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()


def _second_stdin() -> None:
    """The second process's entry: its jobs come as one JSON line on stdin (none: it ends)."""
    line = sys.stdin.readline()
    if not line.strip():
        return
    claims, decide, ids = json.loads(line)
    _second(claims, bool(decide), [str(c) for c in ids])


def _second(claims: str, decide: bool, ids: Sequence[str]) -> None:
    """The second process: the jobs of :func:`_jobs` from the front, each one nobody claimed."""
    for job, compile_it in _jobs([int(c) for c in ids], decide):
        if _claim(Path(claims), job):
            compile_it()
