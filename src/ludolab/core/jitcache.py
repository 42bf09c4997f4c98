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

:func:`guard_module` finds the dependencies itself: a module that compiles code calls it (through
a decorator, before any of its functions compiles) and is guarded against every file whose
compiled functions it may call or inline, followed through those files in turn.

Importing this module also makes numba's cache writes safe between processes
(:func:`lock_cache_writes`): the test suite's two pytest-xdist workers, an arena's process pool
and the cold-start split (``engine/coldstart.py``) all compile into one cache folder at once.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from numba.core import caching
from numba.core.dispatcher import Dispatcher

from ludolab.core.numbastart import defer_blas_check

try:
    import fcntl
except ImportError:  # not POSIX: numba's cache writes stay as numba does them
    fcntl = None  # type: ignore[assignment]

__all__ = ["cache_dirs", "compiled_sources", "guard", "guard_module", "lock_cache_writes"]

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


@functools.cache
def _defines_compiled(name: str) -> bool:
    """Does module ``name`` (imported) define a numba-compiled function of its own?"""
    return any(isinstance(v, Dispatcher) and v.py_func.__module__ == name
               for v in list(vars(sys.modules[name]).values()))


def _mtime(path: str) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0


#: A module-level ``from X import ...`` line (a line of a docstring that reads like one names no
#: imported module and is dropped by the caller).
_FROM_IMPORT = re.compile(r"^from[ \t]+([\w.]+)[ \t]+import\b", re.M)


@functools.cache
def _from_imports(path: str, mtime_ns: int) -> tuple[str, ...]:
    """The modules the ``from ... import`` lines of file ``path`` name (read once a version)."""
    try:
        return tuple(_FROM_IMPORT.findall(Path(path).read_text()))
    except OSError:
        return ()


def _compiled_deps(module: ModuleType) -> set[str]:
    """The modules of ``module``'s top-level package it draws names from that define compiled
    functions: those its ``from ... import`` lines name (a constant it imports is compiled in as
    a literal), the modules it holds, and the modules defining the compiled functions it holds
    (wherever it imported them from)."""
    top = module.__name__.split(".")[0] + "."
    names: set[str] = set()
    source = getattr(module, "__file__", None)
    if source and source.endswith(".py"):
        names.update(_from_imports(source, _mtime(source)))
    for value in list(vars(module).values()):
        if isinstance(value, ModuleType):
            names.add(value.__name__)
        elif isinstance(value, Dispatcher):
            names.add(value.py_func.__module__)
    names.discard(module.__name__)
    return {n for n in names if n.startswith(top) and n in sys.modules and _defines_compiled(n)}


@functools.cache
def _closure(name: str) -> frozenset[str]:
    """Module ``name`` (imported, compiled) and every compiled module it draws on, in turn."""
    out = {name}
    for dep in _compiled_deps(sys.modules[name]):
        if dep not in out:
            out |= _closure(dep)
    return frozenset(out)


def compiled_sources(module: ModuleType) -> list[Path]:
    """The files whose compiled code ``module``'s compiled functions may call or inline: each
    module of its own top-level package it imports from that defines compiled functions, and
    theirs in turn (a card home: the kernel and, through it, the random-number generator)."""
    names: set[str] = set()
    for dep in _compiled_deps(module):
        names |= _closure(dep)
    names.discard(module.__name__)
    return sorted(Path(sys.modules[n].__file__).resolve() for n in names
                  if getattr(sys.modules[n], "__file__", None))


_guarded: set[str] = set()


def guard_module(name: str) -> None:
    """:func:`guard` module ``name`` against :func:`compiled_sources`, once a process.

    Called while the module is being imported, after its imports and before any of its
    functions compiles (a decorator does it as it wraps the module's first function).
    """
    if name in _guarded:
        return
    _guarded.add(name)
    module = sys.modules.get(name)
    source = getattr(module, "__file__", None)
    if module is None or not source:  # code without a file: numba cannot cache it anyway
        return
    guard(Path(source), compiled_sources(module))


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
