"""Play in looks and stop as soon as a sequential test decides: the one loop behind every
"until the answer is clear" of ludolab (tournament files' ``[stop]``, ``poker.simulate(sprt=)``,
the Dominion page's "until the winner is clear").

:func:`run_sequential` plays the games of a run in *looks* of whole deals, each look a run of
:func:`~ludolab.arena.runner.run_games` on the games that follow the looks before it (so the
records of game *g* are those of game *g* of the plain run: same seeds, same seats). After each
look it hands the look's records to an ``outcomes`` function and the values that returns to the
test, and it stops at the first look after which the test has decided (or when the games run
out, or on Ctrl-C). Only whole deals enter the returned records: the games of a deal share its
luck, and duplicate statistics need every seating of it.

What changes from one caller to another is only the test and what it is fed:

* :class:`~ludolab.arena.sprt.SPRT` on the first bot's score, per game or per game pair
  (:func:`first_bot_scores`) -- tournaments and the Dominion page;
* :class:`~ludolab.arena.sprt.MeanSPRT` on a mean per deal (poker's small bets per hand).

>>> import numpy as np
>>> from ludolab.arena.records import RecordBatch
>>> class Coin:  # game g: deal g // 2, trial g % 2; the first bot wins the even games
...     def run(self, indices):
...         return RecordBatch({"index": indices, "deal": indices // 2, "trial": indices % 2,
...                             "won": (indices % 2 == 0).astype(float)})
>>> class FirstLook:  # a "test" that decides once it has seen 6 values
...     status, seen = "continue", 0
...     def update(self, values):
...         self.seen += len(values)
...         self.status = "H1" if self.seen >= 6 else "continue"
>>> run = run_sequential(Coin(), 100, per_deal=2, look=4, test=FirstLook(),
...                      outcomes=lambda data: data["won"], workers=1)
>>> run.played, run.looks, len(run.records["index"]), run.set_aside, run.interrupted
(8, 2, 8, 0, False)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np

from ludolab.arena.records import RecordBatch
from ludolab.arena.runner import GameTask, run_games
from ludolab.arena.simulation import OffsetTask
from ludolab.arena.stats import group_by_deal, whole_deals
from ludolab.core import registry
from ludolab.errors import LudolabError

__all__ = ["SequentialRun", "SequentialTest", "first_bot_scores", "per_bot", "points",
           "run_sequential", "whole_deal_records"]


class SequentialTest(Protocol):
    """What :func:`run_sequential` needs of a test: its status (``"continue"`` until it
    decides) and ``update(values)`` with one look's values, in play order."""

    @property
    def status(self) -> str: ...

    def update(self, values: np.ndarray) -> Any: ...


@dataclass
class SequentialRun:
    """What :func:`run_sequential` returns.

    ``records``: the whole deals that finished, sorted by index; ``set_aside``: finished games
    of deals that did not (Ctrl-C mid-deal, a game count that is not a multiple of the games
    per deal); ``played``: games asked of the runner, look after look; ``looks``: looks played;
    ``seconds``: the runner's wall time; ``interrupted``: Ctrl-C stopped the run.
    """

    records: dict[str, np.ndarray] = field(default_factory=dict)
    set_aside: int = 0
    played: int = 0
    looks: int = 0
    seconds: float = 0.0
    interrupted: bool = False


def whole_deal_records(records: Mapping[str, np.ndarray], per_deal: int,
                       ) -> tuple[dict[str, np.ndarray], int]:
    """The records of whole deals only, and how many finished games were set aside."""
    records = dict(records)
    if "deal" not in records:
        return records, 0
    keep = whole_deals(records["deal"], records["trial"], per_deal)
    dropped = int((~keep).sum())
    return ({k: v[keep] for k, v in records.items()} if dropped else records), dropped


def points(records: Mapping[str, np.ndarray], game: str) -> np.ndarray:
    """Per game and seat: 1 for a sole win, 1/k for a k-way shared win, 0 for a loss (the
    game's registered score)."""
    spec = registry.get(game)
    if spec.score is None:
        raise LudolabError(f"{spec.title} games have no winner to score")
    return spec.score(records)


def per_bot(values: np.ndarray, seating: np.ndarray, bot: int) -> np.ndarray:
    """A bot's mean value per game over the seats it holds (NaN where it did not play).

    >>> per_bot(np.array([[1.0, 0.0], [0.5, 0.5]]), np.array([[0, 1], [1, 0]]), 0).tolist()
    [1.0, 0.5]
    """
    mask = seating == bot
    count = mask.sum(axis=1)
    total = np.where(mask, values, 0.0).sum(axis=1)
    return np.where(count > 0, total / np.maximum(count, 1), np.nan)


def first_bot_scores(data: Mapping[str, np.ndarray], per_deal: int, game: str) -> np.ndarray:
    """What an :class:`~ludolab.arena.sprt.SPRT` on the first bot's score is fed: its score per
    game (``per_deal != 2``, an unpaired test) or its points per whole game pair (``per_deal ==
    2``, the paired test, 0 to 2 in steps of 1/2), in play order."""
    a = per_bot(points(data, game), data["seating"].astype(np.int64), 0)
    if per_deal != 2:
        return a
    pairs = group_by_deal(data["deal"], data["trial"], a, 2)
    return pairs.sum(axis=1)


def run_sequential(
    task: GameTask,
    games: int,
    *,
    per_deal: int,
    look: int,
    test: SequentialTest,
    outcomes: Callable[[dict[str, np.ndarray]], np.ndarray],
    workers: int | None = None,
    backend: Literal["local", "ray"] = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], Any] | None = None,
    on_look: Callable[[Any, int], Any] | None = None,
    results_file: str | os.PathLike[str] | None = None,
    resume: bool = False,
) -> SequentialRun:
    """Play games ``0 .. games-1`` of ``task`` (a runner task) in looks of ``look`` games
    (rounded down to whole deals of ``per_deal`` games, at least one deal) until ``test``
    decides; returns the whole deals played (see the module doc).

    After each look, ``outcomes(records of the look)`` gives the values for ``test.update`` (a
    look that gave none is not shown to the test); a look stopped by Ctrl-C is shown too, so the
    test has seen every deal of the result. ``on_look(test, games played)`` is called after each
    look; ``progress(done, games)`` as the runner's. With ``results_file``, look ``k`` keeps its
    chunks in ``FILE.lookK`` (each look is its own run) and ``resume=True`` reads back the looks
    that finished, so a resumed run reaches the same looks and the same decision.
    ``workers``, ``backend``, ``address`` and ``chunk_size`` go to the runner.
    """
    if isinstance(look, bool) or not isinstance(look, int | np.integer) or look < 1:
        raise LudolabError(f"a look must be at least 1 game, got {look}")
    batch = max(per_deal, look - look % per_deal)
    run = SequentialRun()
    parts: list[RecordBatch] = []
    while run.played < games and test.status == "continue":
        size = min(batch, games - run.played)
        base = run.played
        run.looks += 1
        look_file = None if results_file is None else Path(f"{results_file}.look{run.looks}")
        played = run_games(
            OffsetTask(task, base), size, workers=workers, backend=backend, address=address,
            chunk_size=chunk_size, results_file=look_file,
            resume=resume and look_file is not None and look_file.exists(),
            progress=(lambda d, n, base=base: progress(base + d, games)) if progress else None)
        data = played.records.as_dict()
        run.seconds += played.seconds
        if "index" in data and len(data["index"]):
            data["index"] = data["index"] + base
            parts.append(RecordBatch(data))
            values = np.asarray(outcomes(data))
            if values.size:
                test.update(values)
        run.played += size
        if on_look is not None:
            on_look(test, run.played)
        if played.interrupted:
            run.interrupted = True
            break
    records = RecordBatch.concat(parts).sort_by_index().as_dict() if parts else {}
    run.records, run.set_aside = whole_deal_records(records, per_deal)
    return run
