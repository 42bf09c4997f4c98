"""numba's registry load without scipy.linalg, and BLAS still there when compiled code uses it."""

from __future__ import annotations

import subprocess
import sys


def test_the_first_compile_skips_scipy_linalg_until_blas_is_used() -> None:
    code = """
import sys
import numpy as np
from numba import njit
import ludolab.core.jitcache  # installs the deferred check, as every compiled module does

@njit
def add(a, b):
    return a + b

assert add(2, 3) == 5  # numba's registries are loaded now
before = 'scipy.linalg' in sys.modules

@njit
def mat(a, b):
    return np.dot(a, b)

import numba.np.arraymath as am
m = mat(np.eye(2) * 3.0, np.ones((2, 2)))
print(before, am._HAVE_BLAS, float(m[0, 1]), 'scipy.linalg' in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "True", "3.0", "True"]
