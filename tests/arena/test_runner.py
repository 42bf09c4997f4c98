"""The arena runners: same records whatever the backend, worker count or chunking; worker deaths,
Ctrl-C and resume. The tasks here are tiny and synthetic: each game's record is a pure function of
its global index (through its keyed seed), which is exactly the contract a real task honours."""

from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from ludolab.arena import pool as pool_module
from ludolab.arena.runner import (
    INLINE_TASK_BYTES,
    RAY_MISSING,
    RecordBatch,
    RunResult,
    WorkerCrashError,
    game_seeds_for,
    read_records_file,
    run_games,
    shutdown_workers,
)
from ludolab.core import rng
from ludolab.errors import LudolabError
from signaltools import python_sigint

MASTER = 20240611


def seed_records(master: int, indices: np.ndarray) -> RecordBatch:
    """Records of games ``indices``, computed from their keyed seeds only.

    ``turns`` has a per-game length (1 + seed % 5) and the chunk's array is as long as its
    longest game, so chunks disagree on its width: concat must pad it back to the same array.
    """
    seeds = game_seeds_for(master, indices)
    length = (seeds % np.uint64(5)).astype(np.int64) + 1
    width = int(length.max())
    turns = np.full((len(indices), 2, width), -1, dtype=np.int16)
    for row, n in enumerate(length):
        turns[row, :, :n] = np.arange(n, dtype=np.int16)[None, :] + np.array([[0], [10]])
    return RecordBatch(
        {
            "index": indices,
            "seed": seeds,
            "value": (seeds % np.uint64(1000)).astype(np.int64),
            "returns": np.stack([seeds % np.uint64(7), seeds % np.uint64(11)], axis=1).astype(
                np.float64
            ),
            "turns": turns,
        }
    )


@dataclass(frozen=True)
class SeedTask:
    master: int = MASTER

    def run(self, indices: np.ndarray) -> RecordBatch:
        return seed_records(self.master, indices)


@dataclass(frozen=True)
class KillOnceTask:
    """Kills its own process the first time it reaches ``kill_index`` (a marker file remembers)."""

    marker: str
    kill_index: int
    always: bool = False
    master: int = MASTER

    def run(self, indices: np.ndarray) -> RecordBatch:
        if self.kill_index in indices and (self.always or not os.path.exists(self.marker)):
            with open(self.marker, "w") as f:
                f.write("died\n")
                f.flush()
                os.fsync(f.fileno())
            os._exit(3)
        return seed_records(self.master, indices)


@dataclass(frozen=True)
class InterruptAtTask:
    """Raises KeyboardInterrupt inside a game, as Ctrl-C landing mid-chunk does in-process."""

    at: int
    master: int = MASTER

    def run(self, indices: np.ndarray) -> RecordBatch:
        if self.at in indices:
            raise KeyboardInterrupt
        return seed_records(self.master, indices)


@dataclass(frozen=True)
class FailAtTask:
    at: int

    def run(self, indices: np.ndarray) -> RecordBatch:
        if self.at in indices:
            raise LudolabError(f"game {self.at}: bad bot")
        return seed_records(MASTER, indices)


@dataclass(frozen=True)
class DropOneTask:
    def run(self, indices: np.ndarray) -> RecordBatch:
        return seed_records(MASTER, indices[1:])


@dataclass(frozen=True)
class PidTask:
    """Records which process played each game (to see worker processes being reused)."""

    def run(self, indices: np.ndarray) -> RecordBatch:
        return RecordBatch({"index": indices, "pid": np.full(len(indices), os.getpid())})


@dataclass(frozen=True, eq=False)
class BigTask:
    """A task whose pickle is larger than INLINE_TASK_BYTES (a value table, say)."""

    table: np.ndarray

    def run(self, indices: np.ndarray) -> RecordBatch:
        return RecordBatch({"index": indices, "v": self.table[indices]})


def reference(n: int) -> RecordBatch:
    return seed_records(MASTER, np.arange(n, dtype=np.int64))


def sigint_after(threshold: int, calls: list):
    """A progress callback that delivers a real SIGINT to this process once ``threshold`` games
    are done (the signal lands in the main thread, as a Ctrl-C does)."""

    def progress(done: int, total: int) -> None:
        calls.append((done, total))
        if done >= threshold and not any(c == "sent" for c in calls):
            calls.append("sent")
            os.kill(os.getpid(), signal.SIGINT)

    return progress


# --------------------------------------------------------------------------------------------
# RecordBatch and seeds


def test_game_seeds_for_matches_core_rng() -> None:
    idx = np.array([0, 1, 2, 17, 999, 123456789, 2**40 + 3], dtype=np.int64)
    for master in (0, 7, MASTER, 2**64 - 1):
        expected = [int(rng.game_seeds(master, int(g), 1)[0]) for g in idx]
        assert game_seeds_for(master, idx).tolist() == expected
    assert game_seeds_for(5, idx).dtype == np.uint64


def test_record_batch_validates_columns() -> None:
    with pytest.raises(ValueError, match=r"^a RecordBatch needs an 'index' column$"):
        RecordBatch({"vp": [1, 2]})
    with pytest.raises(ValueError, match=r"^column 'vp' has 3 games, 'index' has 2$"):
        RecordBatch({"index": [0, 1], "vp": [1, 2, 3]})
    with pytest.raises(TypeError, match=r"^column 'who' has dtype object; use numeric"):
        RecordBatch({"index": [0], "who": np.array([{"a": 1}], dtype=object)})
    with pytest.raises(ValueError, match=r"^column 'n' must have a game axis, got a scalar$"):
        RecordBatch({"index": [0], "n": 3})
    with pytest.raises(ValueError, match=r"^'index' must be a 1-D integer array, got float64"):
        RecordBatch({"index": [0.5]})
    b = RecordBatch({"vp": [[1, 2]], "index": np.array([4], dtype=np.int32)})
    assert b.columns == ("index", "vp")
    assert b.index.dtype == np.int64


def test_record_batch_concat_pads_sorts_and_takes() -> None:
    a = RecordBatch({"index": [3, 1], "t": [[5, 6], [7, 8]], "x": [0.5, 1.5], "ok": [True, False]})
    b = RecordBatch({"index": [2], "t": [[9, 9, 9]], "x": [2.5], "ok": [True]})
    c = RecordBatch.concat([a, RecordBatch.empty(), b])
    assert c["t"].tolist() == [[5, 6, -1], [7, 8, -1], [9, 9, 9]]
    s = c.sort_by_index()
    assert s.index.tolist() == [1, 2, 3]
    assert s["t"].tolist() == [[7, 8, -1], [9, 9, 9], [5, 6, -1]]
    assert s["x"].tolist() == [1.5, 2.5, 0.5]
    assert s.take(s["ok"]).index.tolist() == [2, 3]
    floats = RecordBatch.concat(
        [RecordBatch({"index": [0], "f": [[1.0]]}), RecordBatch({"index": [1], "f": [[2.0, 3.0]]})]
    )
    assert np.isnan(floats["f"][0, 1]) and floats["f"][1].tolist() == [2.0, 3.0]
    with pytest.raises(ValueError, match=r"^cannot concat batches with columns"):
        RecordBatch.concat([a, RecordBatch({"index": [9]})])
    assert len(RecordBatch.concat([])) == 0


def test_record_batch_bytes_round_trip() -> None:
    ref = reference(9)
    back = RecordBatch.from_bytes(ref.to_bytes())
    assert back.equals(ref)
    assert back["seed"].dtype == np.uint64 and back["turns"].dtype == np.int16
    assert not back.equals(ref.take(np.arange(8)))


# --------------------------------------------------------------------------------------------
# Same seed, same result


def test_records_identical_for_any_workers_and_chunking() -> None:
    n = 37
    ref = reference(n)
    one = run_games(SeedTask(), n, workers=1, chunk_size=n)
    assert isinstance(one, RunResult)
    assert one.records.equals(ref)
    assert (one.completed, one.interrupted, one.resumed, one.retries) == (n, False, 0, 0)
    # game g's seed is game_seeds(master, g, 1): the task is free to use it, the runner keys it
    assert one.records["seed"][5] == rng.game_seeds(MASTER, 5, 1)[0]
    for kwargs in (
        {"workers": 1, "chunk_size": 4},
        {"workers": 2, "chunk_size": 5},
        {"workers": 2, "chunk_size": 1},
        {"workers": 2},
    ):
        other = run_games(SeedTask(), n, **kwargs)
        assert other.records.equals(ref), kwargs
        assert other.completed == n and not other.interrupted


def test_progress_reports_every_chunk() -> None:
    calls: list = []
    run_games(SeedTask(), 10, workers=1, chunk_size=4, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(0, 10), (4, 10), (8, 10), (10, 10)]


@dataclass(frozen=True)
class HintedTask(SeedTask):
    preferred_chunk_size: int = 3


def test_automatic_chunk_size() -> None:
    calls: list = []
    run_games(HintedTask(), 10, workers=1, progress=lambda d, t: calls.append(d))
    assert calls == [0, 3, 6, 9, 10]  # the task's preferred chunk size
    calls.clear()
    # otherwise about eight chunks per worker: ceil(100 / 8) = 13 games per chunk
    run_games(SeedTask(), 100, workers=1, progress=lambda d, t: calls.append(d))
    assert calls == [0, 13, 26, 39, 52, 65, 78, 91, 100]


def test_zero_games() -> None:
    result = run_games(SeedTask(), 0, workers=2)
    assert result.completed == 0 and len(result.records) == 0 and not result.interrupted


def test_worker_processes_are_kept_between_runs() -> None:
    first = set(run_games(PidTask(), 12, workers=2, chunk_size=2).records["pid"].tolist())
    second = set(run_games(PidTask(), 12, workers=2, chunk_size=2).records["pid"].tolist())
    # Which workers pick up chunks is up to the scheduler (a loaded machine may hand one worker
    # every chunk), so compare with the pool's own processes rather than between the runs.
    pool = set(pool_module._pool._processes)
    assert os.getpid() not in first
    assert first | second <= pool  # the first run's workers were kept and played the second
    shutdown_workers()
    third = set(run_games(PidTask(), 12, workers=2, chunk_size=2).records["pid"].tolist())
    assert not third & pool  # fresh processes after shutdown_workers()


def test_large_task_travels_through_a_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    table = np.arange(50_000, dtype=np.float64) * 0.5
    assert table.nbytes > INLINE_TASK_BYTES
    result = run_games(BigTask(table), 40, workers=2, chunk_size=7)
    assert result.records["v"].tolist() == [g * 0.5 for g in range(40)]
    assert list(tmp_path.iterdir()) == []  # the task file is removed after the run


# --------------------------------------------------------------------------------------------
# Faults


def test_dead_worker_is_replaced_without_losing_or_repeating_games(tmp_path: Path) -> None:
    marker = tmp_path / "died"
    task = KillOnceTask(str(marker), kill_index=9)
    result = run_games(task, 24, workers=2, chunk_size=4, max_retries=2)
    assert marker.exists()  # the worker really died once
    assert result.retries >= 1
    assert result.records.equals(reference(24))
    assert result.completed == 24


def test_worker_that_always_dies_gives_up_after_max_retries(tmp_path: Path) -> None:
    task = KillOnceTask(str(tmp_path / "died"), kill_index=9, always=True)
    out = tmp_path / "run.lrec"
    with pytest.raises(WorkerCrashError) as info:
        run_games(task, 24, workers=2, chunk_size=4, max_retries=1, results_file=out)
    # The culprit is found by replaying suspects alone, so the message names its chunk exactly.
    assert str(info.value).startswith(
        "a worker process died 2 times while playing games 8..11 (max_retries=1)"
    )
    saved = read_records_file(out)
    assert 9 not in saved.index
    assert saved.equals(reference(24).take(saved.index))


def test_task_error_propagates_from_a_worker() -> None:
    with pytest.raises(LudolabError, match=r"^game 13: bad bot$"):
        run_games(FailAtTask(13), 30, workers=2, chunk_size=5)


def test_task_returning_wrong_games_is_refused() -> None:
    with pytest.raises(RuntimeError, match=r"^task.run was asked for games 0..4 but returned"):
        run_games(DropOneTask(), 10, workers=1, chunk_size=5)


def test_unpicklable_task_is_refused_before_starting() -> None:
    @dataclass
    class Local:
        f: object

        def run(self, indices: np.ndarray) -> RecordBatch:
            return seed_records(MASTER, indices)

    with pytest.raises(TypeError, match=r"^the task must be picklable"):
        run_games(Local(lambda: 0), 10, workers=2)


# --------------------------------------------------------------------------------------------
# Ctrl-C and resume


def test_ctrl_c_in_process_keeps_finished_chunks() -> None:
    result = run_games(InterruptAtTask(at=12), 20, workers=1, chunk_size=5)
    assert result.interrupted
    assert result.completed == 10  # chunks 0..4 and 5..9 finished; 10..14 was cut short
    assert result.records.equals(reference(10))


def test_ctrl_c_with_pool_then_resume(tmp_path: Path) -> None:
    out = tmp_path / "run.lrec"
    calls: list = []
    with python_sigint():  # the handler a Ctrl-C meets, even if pytest inherited SIGINT ignored
        first = run_games(SeedTask(), 60, workers=2, chunk_size=3, results_file=out,
                          progress=sigint_after(6, calls))
    assert first.interrupted
    assert 6 <= first.completed < 60
    ref = reference(60)
    assert first.records.equals(ref.take(first.records.index))
    assert read_records_file(out).equals(first.records)

    calls2: list = []
    second = run_games(
        SeedTask(),
        60,
        workers=2,
        chunk_size=3,
        results_file=out,
        resume=True,
        progress=lambda d, t: calls2.append((d, t)),
    )
    assert not second.interrupted
    assert second.resumed == first.completed
    assert calls2[0] == (first.completed, 60)
    assert second.records.equals(ref)
    assert read_records_file(out).equals(ref)


def test_resume_extends_a_run_and_ignores_a_torn_tail(tmp_path: Path) -> None:
    out = tmp_path / "run.lrec"
    run_games(SeedTask(), 10, workers=1, chunk_size=4, results_file=out)
    with out.open("ab") as f:  # a crash while writing the next chunk leaves half a frame
        f.write(b"RECS\x99\x00\x00\x00\x00\x00\x00\x00\x01\x02")
    more = run_games(SeedTask(), 25, workers=1, chunk_size=4, results_file=out, resume=True)
    assert more.resumed == 10 and more.completed == 25
    assert more.records.equals(reference(25))
    assert read_records_file(out).equals(reference(25))
    # resuming a finished run plays nothing and returns everything
    again = run_games(SeedTask(), 25, workers=2, results_file=out, resume=True)
    assert again.resumed == 25 and again.records.equals(reference(25))


def test_results_file_guards(tmp_path: Path) -> None:
    out = tmp_path / "run.lrec"
    run_games(SeedTask(), 4, workers=1, results_file=out)
    with pytest.raises(LudolabError) as info:
        run_games(SeedTask(), 4, workers=1, results_file=out)
    assert str(info.value) == (
        f"{out}: results file exists; pass resume=True to continue that run, or choose a new file"
    )
    with pytest.raises(LudolabError) as info:
        run_games(SeedTask(master=1), 4, workers=1, results_file=out, resume=True)
    assert str(info.value) == (
        f"{out}: results file belongs to a different run (another task, players or seed); "
        "use a new file"
    )
    junk = tmp_path / "junk.lrec"
    junk.write_text("hello\n")
    with pytest.raises(LudolabError, match=r"junk.lrec: not a ludolab results file$"):
        run_games(SeedTask(), 4, workers=1, results_file=junk, resume=True)
    with pytest.raises(LudolabError, match=r"nope.lrec: no such results file$"):
        read_records_file(tmp_path / "nope.lrec")


# --------------------------------------------------------------------------------------------
# Arguments and the optional Ray extra


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_games": -1}, "n_games must be 0 or more, got -1"),
        ({"workers": 0}, "workers must be at least 1, got 0"),
        ({"chunk_size": 0}, "chunk_size must be at least 1, got 0"),
        ({"max_retries": -2}, "max_retries must be 0 or more, got -2"),
        ({"backend": "mpi"}, "unknown backend 'mpi'; choose 'local' or 'ray'"),
        ({"address": "10.0.0.1:6379"}, "address is only used with backend='ray'"),
        ({"resume": True}, "resume=True needs a results_file"),
        ({"workers": 2.5}, "workers must be an integer, got 2.5"),
    ],
)
def test_bad_arguments(kwargs: dict, message: str) -> None:
    args = {"n_games": 10, **kwargs}
    with pytest.raises(LudolabError) as info:
        run_games(SeedTask(), **args)
    assert str(info.value) == message


def test_ray_missing_is_a_one_line_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` raise ImportError
    with pytest.raises(LudolabError) as info:
        run_games(SeedTask(), 10, backend="ray")
    assert str(info.value) == "Ray is not installed: pip install 'ludolab[ray]'" == RAY_MISSING


@pytest.mark.ray
def test_ray_backend_same_records_and_survives_a_dead_worker(tmp_path: Path) -> None:
    """One real local Ray cluster (num_cpus=2, started by run_games for the run and shut down
    after): the records equal the local runs' records, although a Ray worker died on game 21
    and Ray replayed its chunk."""
    pytest.importorskip("ray")
    n = 40
    marker = tmp_path / "died"
    result = run_games(
        KillOnceTask(str(marker), kill_index=21), n, backend="ray", workers=2, chunk_size=6
    )
    assert marker.exists()  # the worker did die once
    assert result.records.equals(reference(n))
    assert result.completed == n and not result.interrupted
