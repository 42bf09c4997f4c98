"""What every backend of the runner shares: splitting a run into chunks, and accepting them.

:mod:`~ludolab.arena.pool` (local processes) and :mod:`~ludolab.arena.ray_backend` both split
the remaining games with :func:`auto_chunk` and :func:`split` and hand every finished chunk to a
:class:`Collector`; :mod:`~ludolab.arena.runner` builds the collector and picks the backend.
Keeping these here lets the three modules import downwards only (runner -> pool, ray_backend ->
chunks), with no cycle and no private names crossing modules.

>>> split(np.arange(5), 2)
[array([0, 1]), array([2, 3]), array([4])]
>>> span(np.arange(3, 8)), span(np.array([4])), span(np.array([], dtype=np.int64))
('3..7', '4', 'none')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ludolab.arena.records import RecordBatch
from ludolab.arena.resultsfile import RecordsFile

__all__ = [
    "CHUNKS_PER_WORKER", "HEARTBEAT", "MAX_AUTO_CHUNK", "Collector", "auto_chunk", "span", "split",
]

#: The largest automatic chunk: small enough that Ctrl-C, resume and progress stay responsive.
MAX_AUTO_CHUNK = 2000
#: Automatic chunking aims at this many chunks per worker (load balance vs per-chunk overhead).
CHUNKS_PER_WORKER = 8


def span(idx: np.ndarray) -> str:
    """Game indices for a message: ``first..last``, one index, or ``none``."""
    if not len(idx):
        return "none"
    return f"{int(idx[0])}..{int(idx[-1])}" if len(idx) > 1 else str(int(idx[0]))


def auto_chunk(task: Any, n: int, workers: int) -> int:
    """The chunk size: the task's ``preferred_chunk_size``, else about
    :data:`CHUNKS_PER_WORKER` chunks per worker, at most :data:`MAX_AUTO_CHUNK`."""
    hint = getattr(task, "preferred_chunk_size", None)
    if isinstance(hint, (int, np.integer)) and not isinstance(hint, bool) and hint >= 1:
        return int(hint)
    return int(min(MAX_AUTO_CHUNK, max(1, math.ceil(n / (max(workers, 1) * CHUNKS_PER_WORKER)))))


def split(indices: np.ndarray, size: int) -> list[np.ndarray]:
    """``indices`` in consecutive chunks of ``size`` (the last may be shorter)."""
    return [indices[i : i + size] for i in range(0, len(indices), size)]


#: While worker processes play, the progress callback hears the same count again after this many
#: seconds without a finished chunk (a liveness call: a callback may raise to stop the run).
HEARTBEAT = 1.0


class Collector:
    """Accepts finished chunks exactly once: checks, saves, counts, reports progress."""

    def __init__(
        self,
        store: RecordsFile | None,
        progress: Callable[[int, int], Any] | None,
        done: int,
        total: int,
        on_batch: Callable[[Any], Any] | None = None,
    ) -> None:
        self.store = store
        self.progress = progress
        self.on_batch = on_batch
        self.done = done
        self.total = total
        self.batches: list[RecordBatch] = []
        self.retries = 0
        self.last_report = time.monotonic()

    def start(self) -> None:
        self._report()

    def _report(self) -> None:
        self.last_report = time.monotonic()
        if self.progress is not None:
            self.progress(self.done, self.total)

    def heartbeat(self) -> None:
        """Report the same count again if none was reported for :data:`HEARTBEAT` seconds, so
        a progress callback that raises to stop the run (the web page's Stop) is heard while
        long chunks play, not only when one finishes."""
        if self.progress is not None and time.monotonic() - self.last_report >= HEARTBEAT:
            self._report()

    def accept(self, chunk: np.ndarray, batch: Any) -> None:
        if not isinstance(batch, RecordBatch):
            raise TypeError(f"task.run must return a RecordBatch, got {type(batch).__name__}")
        got = np.sort(batch.index)
        if not np.array_equal(got, chunk):
            raise RuntimeError(
                f"task.run was asked for games {span(chunk)} but returned records for "
                f"{len(got)} games ({span(got)}); each index must give exactly one record"
            )
        if self.store is not None:
            self.store.append(batch)
        self.batches.append(batch)
        self.done += len(batch)
        if self.on_batch is not None:
            self.on_batch(batch)
        self._report()
