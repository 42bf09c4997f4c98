"""Keep numba's on-disk cache honest across files.

numba's ``cache=True`` checks only the defining file's own timestamp: a compiled function that
calls compiled code from *another* file keeps its stale machine code after that file changes.
:func:`guard` closes the gap. Called at the top of a module whose compiled functions call into
other files, it deletes that module's cache entries whenever the content of any file it depends on
has changed since they were written (a small stamp file beside the cache records the digest).

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> (d / "dep.py").write_text("x = 1")
5
>>> (d / "mod.py").write_text("y = 2")
5
>>> cache = d / "__pycache__"; cache.mkdir()
>>> _ = (cache / "mod.f-3.py311.nbi").write_text("stale")
>>> guard(d / "mod.py", [d / "dep.py"])  # first sight: no stamp yet, the entry goes
>>> sorted(p.name for p in cache.iterdir())
['mod.deps.sha256']
>>> _ = (cache / "mod.f-3.py311.nbi").write_text("fresh")
>>> guard(d / "mod.py", [d / "dep.py"])  # dependencies unchanged: the entry stays
>>> (cache / "mod.f-3.py311.nbi").exists()
True
>>> _ = (d / "dep.py").write_text("x = 3")
>>> guard(d / "mod.py", [d / "dep.py"])  # a dependency changed: the entry goes
>>> (cache / "mod.f-3.py311.nbi").exists()
False

Importing this module also makes numba's cache writes safe between processes
(:func:`lock_cache_writes`): the test suite's two pytest-xdist workers, an arena's process pool
and the cold-start split (``engine/coldstart.py``) all compile into one cache folder at once.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from numba.core import caching

from ludolab.core.numbastart import defer_blas_check

try:
    import fcntl
except ImportError:  # not POSIX: numba's cache writes stay as numba does them
    fcntl = None  # type: ignore[assignment]

__all__ = ["cache_dirs", "guard", "lock_cache_writes"]

#: The lock file in each cache folder that serializes numba's cache writes between processes.
LOCK_NAME = ".ludolab-numba-save.lock"


def cache_dirs(source: Path) -> list[Path]:
    """Folders where numba may keep the cache of ``source``'s compiled functions."""
    source = Path(source).resolve()
    dirs = [source.parent / "__pycache__"]
    user = os.environ.get("NUMBA_CACHE_DIR")
    if user:
        # numba mirrors the source folder's absolute path below NUMBA_CACHE_DIR
        dirs.append(Path(user) / source.parent.relative_to(source.parent.anchor))
    return dirs


def guard(
    dependent: str | os.PathLike[str], dependencies: Iterable[str | os.PathLike[str]]
) -> None:
    """Drop ``dependent``'s numba cache if any of ``dependencies`` changed since it was written.

    Never raises for a read-only or missing cache folder: then numba recompiles as usual.
    """
    dependent = Path(dependent)
    digest = hashlib.sha256()
    for dep in sorted(Path(d).resolve() for d in dependencies):
        digest.update(str(dep.name).encode())
        try:
            digest.update(dep.read_bytes())
        except OSError:
            digest.update(b"<missing>")
    want = digest.hexdigest()
    for folder in cache_dirs(dependent):
        stamp = folder / f"{dependent.stem}.deps.sha256"
        try:
            if stamp.read_text() == want:
                continue
        except OSError:
            pass
        try:
            for entry in folder.glob(f"{dependent.stem}.*.nb[ic]"):
                entry.unlink(missing_ok=True)
            if folder.is_dir():  # written whole, then renamed: another process never reads half
                part = folder / f"{stamp.name}.{os.getpid()}.tmp"
                part.write_text(want)
                part.replace(stamp)
        except OSError:
            continue


@contextlib.contextmanager
def _folder_lock(folder: str) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``folder``'s lock file (none where that is impossible)."""
    if fcntl is None:  # not POSIX: numba's own behaviour
        yield
        return
    try:
        fd = os.open(os.path.join(folder, LOCK_NAME), os.O_CREAT | os.O_RDWR, 0o644)
    except OSError:  # a read-only folder: numba's own behaviour
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def lock_cache_writes() -> bool:
    """Serialize numba's cache writes across processes; returns whether they are now locked.

    numba saves an overload by reading the function's index (``.nbi``), picking the first free
    data-file number, then writing the index and the data file (``.nbc``), each through a
    temporary file and an atomic rename: no file is ever half-written, but two processes saving
    two *different* signatures of one function at the same moment both pick number 1, and the
    index can end up naming the other signature's machine code. Holding a lock per cache folder
    around that read-modify-write closes the race (a save takes milliseconds; compiling is not
    under the lock). Idempotent; a numba without this internal keeps its own behaviour.
    """
    cls = getattr(caching, "IndexDataCacheFile", None)
    save = getattr(cls, "save", None)
    if save is None:  # pragma: no cover - numba internals changed
        return False
    if getattr(save, "_ludolab_locked", False):
        return True

    @functools.wraps(save)
    def locked_save(self: Any, key: Any, data: Any) -> None:
        with _folder_lock(self._cache_path):
            save(self, key, data)

    locked_save._ludolab_locked = True  # type: ignore[attr-defined]
    cls.save = locked_save
    return True


lock_cache_writes()
defer_blas_check()  # numba's first compile in a process does not import scipy.linalg
