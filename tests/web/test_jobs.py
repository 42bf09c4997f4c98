"""The job manager: results kept by id, user mistakes and bugs as one line, cancel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludolab.errors import LudolabError
from ludolab.web.jobs import Job, JobManager, NotFoundError


def test_a_job_keeps_its_result() -> None:
    jobs = JobManager()
    job = jobs.start("t", "sum", lambda j: sum(range(10)))
    assert jobs.wait(job.id).status == "done" and job.result == 45
    assert jobs.get(job.id) is job and jobs.list() == [job]


def test_a_user_mistake_and_a_bug_fail_with_one_line() -> None:
    jobs = JobManager()

    def mistake(job: Job) -> Any:
        raise LudolabError("games must be at least 1, got 0")

    def bug(job: Job) -> Any:
        return {}["x"]

    a = jobs.wait(jobs.start("t", "a", mistake).id)
    b = jobs.wait(jobs.start("t", "b", bug).id)
    assert (a.status, a.error) == ("failed", "games must be at least 1, got 0")
    assert (b.status, b.error) == ("failed", "internal error: KeyError: 'x'")


def test_cancel_stops_at_the_next_progress_report() -> None:
    jobs = JobManager()
    seen: list[int] = []

    def count(job: Job) -> Any:
        for i in range(1_000_000):
            try:
                job.progress(i, 1_000_000)
            except KeyboardInterrupt:  # what the runners do with Ctrl-C: keep what finished
                return len(seen)
            seen.append(i)
            if i == 5:
                job.cancel()
        return len(seen)

    job = jobs.wait(jobs.start("t", "count", count).id)
    assert job.status == "cancelled" and job.result == 6 and job.done == 6


def test_unknown_job_and_wrong_kind() -> None:
    jobs = JobManager()
    job = jobs.start("a", "x", lambda j: 1)
    with pytest.raises(NotFoundError, match=r"^no b job '\w+'$"):
        jobs.get(job.id, "b")
    with pytest.raises(NotFoundError, match=r"^no job 'zzz'"):
        jobs.get("zzz")


def test_finished_jobs_are_saved_before_they_show_as_done(tmp_path: Path) -> None:
    jobs = JobManager(tmp_path)

    def save(job: Job, folder: Path) -> list[Path]:
        path = folder / f"{job.id}.txt"
        path.write_text(str(job.result))
        return [path]

    job = jobs.wait(jobs.start("t", "x", lambda j: 42, save).id)
    assert job.saved == [str(tmp_path / f"{job.id}.txt")]
    assert (tmp_path / f"{job.id}.txt").read_text() == "42"
