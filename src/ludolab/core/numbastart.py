"""numba's first compile (or first load from its disk cache) in a process, without scipy.linalg.

Before numba compiles or loads anything, it imports its whole library of typing and lowering
rules (``CPUContext.load_additional_registries``). One of them, ``numba.np.arraymath``, asks at
import whether BLAS is available by importing ``scipy.linalg.cython_blas``: a quarter of a
second on an idle machine, for code that never multiplies a matrix (no ludolab kernel does).
:func:`defer_blas_check` answers that question from whether scipy is installed, without
importing it: the answer is the same, and scipy.linalg is imported, with numba's own checks, the
first time a compiled function does use BLAS (``numba.np.linalg.ensure_blas``, which numba's
``np.dot``/``np.linalg`` rules call when they are typed).
"""

from __future__ import annotations

import functools
import importlib.util
from typing import Any

from numba.core import cpu

__all__ = ["defer_blas_check"]


def _scipy_installed() -> None:
    """numba's ``ensure_blas`` contract (raise ImportError without BLAS) with no import."""
    if importlib.util.find_spec("scipy") is None:
        raise ImportError("scipy 0.16+ is required for linear algebra")


def defer_blas_check() -> bool:
    """Make numba's registry load check for scipy instead of importing scipy.linalg (see the
    module docstring). Idempotent; False where numba's internals differ (nothing changed)."""
    load = getattr(cpu.CPUContext, "load_additional_registries", None)
    if load is None:  # pragma: no cover - numba internals changed
        return False
    if getattr(load, "_ludolab_deferred", False):
        return True

    @functools.wraps(load)
    def deferred(self: Any) -> None:
        from numba.np import linalg  # what the registry load imports first anyway

        real = linalg.ensure_blas
        linalg.ensure_blas = _scipy_installed  # numba.np.arraymath binds it at its import
        try:
            load(self)
        finally:
            linalg.ensure_blas = real

    deferred._ludolab_deferred = True  # type: ignore[attr-defined]
    cpu.CPUContext.load_additional_registries = deferred
    return True
