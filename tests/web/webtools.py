"""Helpers of the web tests for the server's trust boundary (:mod:`ludolab.web.security`).

Every request that changes something must come from the server's own origin and carry its
token. The test client (``client`` fixture) talks to ``http://127.0.0.1:8000``, an allowed
host; :func:`post_form` sends a form the way the server's own page does (the ``csrf_token``
field and the ``Origin`` header), :func:`post_htmx` the way its htmx requests do (the
``X-CSRF-Token`` and ``HX-Request`` headers). :func:`token` reads the token from a page, as a
browser would.
"""

from __future__ import annotations

import os
import re
from typing import Any

#: The browser of the browser tests (Debian's Chromium; see ``conftest.py``).
CHROMIUM = os.environ.get("LUDOLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

#: Where the test client sends its requests (an allowed Host, and the Origin of its forms).
BASE_URL = "http://127.0.0.1:8000"
ORIGIN = BASE_URL
HX = {"HX-Request": "true"}


def origin(client: Any) -> str:
    """The client's own origin, for the ``Origin`` header."""
    return str(client.base_url).rstrip("/")


def token(client: Any) -> str:
    """The server's token, read from the start page's ``<meta name="csrf-token">``."""
    r = client.get("/")
    m = re.search(r'<meta name="csrf-token" content="([^"]+)">', r.text)
    assert m, "no csrf-token meta tag on the start page"
    return m.group(1)


def post_form(client: Any, url: str, data: Any = None, *, headers: dict[str, str] | None = None,
              **kwargs: Any) -> Any:
    """POST a form as the page does: its fields, the hidden ``csrf_token`` and our Origin."""
    fields = dict(data or {})
    fields.setdefault("csrf_token", token(client))
    return client.post(url, data=fields, headers={"Origin": origin(client), **(headers or {})},
                       **kwargs)


def post_htmx(client: Any, url: str, data: Any = None, *, headers: dict[str, str] | None = None,
              **kwargs: Any) -> Any:
    """POST as the page's htmx does: the token as ``X-CSRF-Token``, ``HX-Request`` and Origin."""
    head = {"Origin": origin(client), "X-CSRF-Token": token(client), **HX, **(headers or {})}
    return client.post(url, data=data, headers=head, **kwargs)
