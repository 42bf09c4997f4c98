"""The Ray backend: the same chunks as Ray tasks, on a cluster or a local one (ludolab[ray])."""

from __future__ import annotations

import contextlib
import os
import sys
from collections import deque
from typing import Any

import numpy as np

from ludolab.arena.chunks import Collector, auto_chunk, span, split
from ludolab.arena.pool import SIGNAL_POLL, WorkerCrashError
from ludolab.arena.records import RecordBatch
from ludolab.errors import LudolabError

__all__ = ["RAY_MISSING", "import_ray", "run_ray"]

RAY_MISSING = "Ray is not installed: pip install 'ludolab[ray]'"


def import_ray() -> Any:
    try:
        import ray  # lazy: Ray is a heavy optional extra (ludolab[ray]), loaded only for a Ray run
    except ImportError:
        raise LudolabError(RAY_MISSING) from None
    return ray


def _ray_chunk(task: Any, indices: np.ndarray) -> RecordBatch:
    """One chunk as a Ray task (module-level so that Ray workers import it by name)."""
    return task.run(indices)


def _driver_pythonpath() -> str:
    """This process's import path beyond the interpreter's own directories, for the workers of
    a local Ray cluster: they then import what the caller can (its scripts, test modules), as
    pool workers do. (A remote cluster must get the caller's code through its own runtime_env.)
    """
    prefixes = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    extra = []
    for entry in sys.path:
        path = os.path.realpath(entry or os.curdir)
        if not os.path.isdir(path) or any(path.startswith(pre + os.sep) for pre in prefixes):
            continue
        if path not in extra:
            extra.append(path)
    inherited = os.environ.get("PYTHONPATH", "")
    return os.pathsep.join([*extra, *([inherited] if inherited else [])])


def run_ray(
    ray: Any,
    task: Any,
    remaining: np.ndarray,
    chunk_size: int | None,
    collector: Collector,
    workers: int | None,
    address: str | None,
    max_retries: int,
) -> None:
    own_cluster = False
    if not ray.is_initialized():
        try:
            if address is not None:
                ray.init(address=address, log_to_driver=True)
            else:
                ray.init(
                    num_cpus=workers,
                    include_dashboard=False,
                    runtime_env={"env_vars": {"PYTHONPATH": _driver_pythonpath()}},
                )
        except ConnectionError as exc:
            raise LudolabError(f"cannot connect to the Ray cluster at {address}: {exc}") from None
        own_cluster = True
    refs: dict[Any, int] = {}
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        limit = workers if workers is not None else 2 * cpus
        size = chunk_size or auto_chunk(task, len(remaining), workers or cpus)
        chunks = split(remaining, size)
        remote = ray.remote(num_cpus=1, max_retries=max_retries, retry_exceptions=False)(_ray_chunk)
        task_ref = ray.put(task)
        pending = deque(range(len(chunks)))
        while pending or refs:
            while pending and len(refs) < limit:
                cid = pending.popleft()
                refs[remote.remote(task_ref, chunks[cid])] = cid
            ready, _ = ray.wait(list(refs), num_returns=1, timeout=SIGNAL_POLL)
            if not ready:
                collector.heartbeat()  # a progress callback may raise to stop the run
            for ref in ready:
                cid = refs.pop(ref)
                try:
                    batch = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    cause = getattr(exc, "cause", None)
                    if isinstance(cause, BaseException):
                        raise cause from None
                    raise
                except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError) as exc:
                    raise WorkerCrashError(
                        f"Ray workers died more than {max_retries} times while playing games "
                        f"{span(chunks[cid])}: {type(exc).__name__}"
                    ) from None
                collector.accept(chunks[cid], batch)
    except BaseException:
        for ref in refs:
            with contextlib.suppress(Exception):  # already finished
                ray.cancel(ref, force=True)
        raise
    finally:
        if own_cluster:
            ray.shutdown()
