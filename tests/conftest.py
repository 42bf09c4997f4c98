"""Suite-wide hooks: how the tests share CI's two pytest-xdist workers (``pytest -n 2 --dist
loadgroup``, the README's test command).

Every test still runs; these groups only keep some of them on one worker, one at a time:

- ``ray``: each starts a real local Ray cluster (several processes, a few hundred MB);
  two at once on a 2-core machine would only fight.
- ``browser``: the tests driving Chromium share one browser and one live server per worker;
  on one worker there is one Chromium, not two.

Without xdist (a focused run) the marks change nothing.
"""

from __future__ import annotations

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
