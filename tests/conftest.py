"""Suite-wide hooks: how the tests share CI's two pytest-xdist workers (``pytest -n 2 --dist
loadgroup``, the README's test command).

Every test still runs; these groups only keep some of them on one worker, one at a time:

- ``ray``: each starts a real local Ray cluster (several processes, a few hundred MB);
  two at once on a 2-core machine would only fight.
- ``browser``: the tests driving Chromium share one browser and one live server per worker;
  on one worker there is one Chromium, not two.

Without xdist (a focused run) the marks change nothing.

Compiled code is shared too. numba compiles once per process and keeps the result in its disk
cache, so on a cold cache each worker would compile the Dominion kernel and every card home it
meets, and when both meet one at the same time, both compile it. So when a run holds the
Dominion card tests or the random-kingdom conformance test (which need every card home in any
case), each worker first takes the compile jobs that are not in the cache yet (the kernel's
pieces and every card home with rules), one job per claim file in a folder of this run: the
first worker from the front of the list, the second from the back, as ``engine/coldstart.py``
splits a cold start between two processes. The tests then load what the other worker compiled
from the disk cache. With a warm cache this only reads the cache's indexes (0.4 s of CPU);
``LUDOLAB_TEST_SHARE_COMPILES=0`` turns it off.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

#: Fixtures that start Chromium (tests/web/conftest.py).
BROWSER_FIXTURES = {"chromium", "tab"}


def pytest_collection_modifyitems(config: Any, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("ray") is not None:
            item.add_marker(pytest.mark.xdist_group("ray"))
        elif BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group("browser"))


def _claims_folder(config: pytest.Config) -> Path | None:
    """This run's claim folder when the compiles are shared (xdist workers, two or more)."""
    worker = getattr(config, "workerinput", None)  # set in pytest-xdist workers only
    if worker is None or int(worker.get("workercount", 1)) < 2:
        return None
    if os.environ.get("LUDOLAB_TEST_SHARE_COMPILES", "1").strip() in ("0", "no", "false", "off"):
        return None
    return Path(tempfile.gettempdir()) / f"ludolab-test-compiles-{worker['testrunuid']}"


def pytest_collection_finish(session: pytest.Session) -> None:
    claims = _claims_folder(session.config)
    if claims is None:
        return
    # only for a run that needs the card homes anyway: the Dominion card tests or the random
    # kingdoms of the conformance test (a cold cache is not filled for a run of poker tests)
    paths = {item.path.name for item in session.items if item.path.parent.name == "dominion"}
    if "test_adapter.py" in paths or any(p.startswith("test_cards_") for p in paths):
        _share_compiles(claims, from_front=session.config.workerinput["workerid"] == "gw0")


def pytest_sessionfinish(session: pytest.Session) -> None:
    claims = _claims_folder(session.config)
    if claims is not None:  # the claims are only read at the session's start
        shutil.rmtree(claims, ignore_errors=True)


def _share_compiles(claims: Path, from_front: bool) -> None:
    """Compile the jobs not yet in numba's cache that the other worker has not claimed (see the
    module docstring). Never fails the session: a job that fails here is compiled again, and
    fails with its message, in the test that needs it."""
    try:
        from ludolab.games.dominion.engine import coldstart, hooks

        cards = [c for c in hooks.playable() if hooks.home(c) is not None]
        jobs = [("run", coldstart._compile_run), *coldstart._jobs(cards, decide=True)]
        kernel_cached = coldstart._warm()
        claims.mkdir(exist_ok=True)
    except Exception:
        return
    for job, compile_it in jobs if from_front else reversed(jobs):
        try:
            if job.startswith("card"):
                home = hooks.home(int(job[4:]))
                if all(coldstart.cached(getattr(home, name)) for name, _ in hooks.HOOKS
                       if getattr(home, name, None) is not None):
                    continue  # loaded from the cache by the first test that needs it
            elif kernel_cached:
                continue
            if coldstart._claim(claims, job):
                compile_it()
        except Exception:
            continue
