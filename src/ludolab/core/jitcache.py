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
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

__all__ = ["cache_dirs", "guard"]


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
            if folder.is_dir():
                stamp.write_text(want)
        except OSError:
            continue
