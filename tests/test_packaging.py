"""Every data file under src/ludolab is shipped: a file the package-data globs of pyproject.toml
miss works from a checkout but is absent from an installed copy (CI installs the package)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def test_every_data_file_under_src_is_in_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]
    shipped: set[Path] = set()
    for package, patterns in globs.items():
        base = SRC / Path(*package.split("."))
        for pattern in patterns:
            shipped |= {p for p in base.glob(pattern) if p.is_file()}
    data = {
        p
        for p in (SRC / "ludolab").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
        and not p.name.endswith((".nbi", ".nbc", ".sha256"))
    }
    missing = sorted(str(p.relative_to(SRC)) for p in data - shipped)
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"
