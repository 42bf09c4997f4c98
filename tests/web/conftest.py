"""Fixtures of the web tests: the app under FastAPI's test client, a live server on a free port of
127.0.0.1, and Chromium driven by Playwright.

The browser is Debian's Chromium (``/usr/bin/chromium``, or ``$LUDOLAB_CHROMIUM``): Playwright
cannot download its own browser on machines without internet. A missing browser FAILS the browser
tests (``scripts/install-browser`` installs it), it never skips them.

Screenshots: with ``LUDOLAB_SCREENSHOTS=docs/web`` the browser tests save a PNG of every page
there (the pictures of ``docs/web.md``); without it they save nothing, so CI leaves tracked files
alone.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def pytest_configure(config: Any) -> None:
    # Starlette's test client (FastAPI's) suggests another httpx package; httpx is what we pin
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx` with `starlette.testclient`")

from webtools import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 (after the hook above)


@pytest.fixture(scope="session", autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every app a web test makes keeps its jobs in a temporary folder, never the user's."""
    old = os.environ.get("LUDOLAB_DATA_DIR")
    os.environ["LUDOLAB_DATA_DIR"] = str(tmp_path_factory.mktemp("ludolab-data"))
    yield
    if old is None:
        os.environ.pop("LUDOLAB_DATA_DIR", None)
    else:
        os.environ["LUDOLAB_DATA_DIR"] = old


@pytest.fixture(scope="session")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One app for the session; jobs run in this process (workers=1) to keep tests light, two
    at a time, and are kept in a temporary data folder (never the user's)."""
    from ludolab.web.app import create_app

    return create_app(workers=1, data_dir=tmp_path_factory.mktemp("data"), max_running=2)


@pytest.fixture(scope="session")
def client(app: Any) -> Any:
    """The test client at ``http://127.0.0.1:8000`` (an allowed Host; see ``webtools`` for
    posting forms with the token and Origin the server asks for)."""
    from fastapi.testclient import TestClient
    from webtools import BASE_URL

    return TestClient(app, base_url=BASE_URL)


@pytest.fixture(scope="session")
def live_server(app: Any) -> Iterator[str]:
    """The app served by uvicorn in a thread on a free port of 127.0.0.1; stopped afterwards."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Chromium through Playwright; fails (never skips) when the system browser is missing."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: run scripts/install-browser (as root) or set "
                    "LUDOLAB_CHROMIUM to a Chromium binary")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def tab(chromium: Any, live_server: str) -> Iterator[Any]:
    """A fresh tab 1280 pixels wide; every request outside the test server is refused, which
    proves the pages need no internet, and any Content-Security-Policy refusal or script error
    fails the test (the page's own scripts pass its policy)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server)
    outside: list[str] = []

    def guard(route: Any) -> None:
        if route.request.url.startswith(live_server):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    p = context.new_page()
    p.set_default_timeout(120_000)  # a hang guard: a cold numba compile (a kingdom's hooks, the
    # search kernel) can take tens of seconds on a loaded 2-core machine; nothing here is timed
    blocked: list[str] = []  # what the Content-Security-Policy refused, or a script error
    p.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text
         else None)
    p.on("pageerror", lambda e: blocked.append(f"script error: {e}"))
    yield p
    context.close()
    assert not outside, f"the page asked for outside resources: {outside}"
    assert not blocked, f"the page's own scripts broke its policy: {blocked}"


@pytest.fixture
def shot() -> Any:
    """``shot(page, name)`` saves ``name.png`` into ``$LUDOLAB_SCREENSHOTS`` when it is set."""
    folder = os.environ.get("LUDOLAB_SCREENSHOTS")

    def save(page: Any, name: str, full_page: bool = True) -> None:
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)

    return save
