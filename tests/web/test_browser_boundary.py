"""The trust boundary in the real browser: a page served from another origin (a second small
server on another port of 127.0.0.1) tries what the hardening issue saw work before, an
auto-submitted form, a ``fetch(..., {mode: "no-cors"})`` and a frame of our page; each is
refused and no job appears. A name rebound to 127.0.0.1 (DNS rebinding, simulated with
Chromium's host resolver rules) gets a 403, and so does a forged Host sent over a socket."""

from __future__ import annotations

import html
import http.client
import logging
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import pytest
from webtools import CHROMIUM, CHROMIUM_ARGS

EVOLVE = "against=Big+Money&population=4&generations=2&games=4&validate_games=20"


def _pages(live: str) -> dict[str, str]:
    """The other site's pages, aimed at our server."""
    return {
        "/form.html": f"""<!DOCTYPE html><title>form</title>
<form id="f" method="post" action="{live}/dominion/simulate">
<input name="seat0" value="Big Money"><input name="seat1" value="Smithy Big Money">
<input name="games" value="200"><input name="csrf_token" value="guess"></form>
<script>document.getElementById("f").submit();</script>""",
        "/fetch.html": f"""<!DOCTYPE html><title>fetch</title>
<script>
fetch("{live}/dominion/evolve", {{method: "POST", mode: "no-cors",
  headers: {{"Content-Type": "application/x-www-form-urlencoded"}}, body: "{EVOLVE}"}})
  .then(function () {{ document.title = "sent"; }}, function () {{ document.title = "failed"; }});
</script>""",
        "/frame.html": f"""<!DOCTYPE html><title>frame</title>
<iframe id="fr" src="{live}/dominion/simulate" width="800" height="600"></iframe>""",
    }


@pytest.fixture(scope="module")
def other_site(live_server: str) -> Iterator[str]:
    """Another origin: a tiny HTTP server on another port of 127.0.0.1."""
    pages = _pages(live_server)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, "not here").encode()
            self.send_response(200 if self.path in pages else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    """A tab with no request guard (it visits the other site) and its console messages."""
    context = chromium.new_context()
    p = context.new_page()
    p.set_default_timeout(30_000)
    p.console_lines = []  # type: ignore[attr-defined]
    p.on("console", lambda m: p.console_lines.append(m.text))  # type: ignore[attr-defined]
    yield p
    context.close()


def test_another_sites_auto_submitted_form_is_refused(page: Any, other_site: str,
                                                      live_server: str, app: Any) -> None:
    before = len(app.state.jobs.list())
    with page.expect_response(f"{live_server}/dominion/simulate") as info:
        page.goto(f"{other_site}/form.html")
    response = info.value
    assert response.status == 403
    assert response.request.headers.get("origin") == other_site  # the browser said who asked
    page.wait_for_load_state()
    assert page.locator("[role=alert]").inner_text() == (
        f"refused: Origin '{other_site}' is not this server's page ({live_server}); another "
        "site cannot start or stop anything here")
    assert len(app.state.jobs.list()) == before


def test_another_sites_no_cors_fetch_is_refused(page: Any, other_site: str, live_server: str,
                                                app: Any, caplog: Any) -> None:
    caplog.set_level(logging.WARNING, "ludolab.web")
    before = len(app.state.jobs.list())
    with page.expect_request(f"{live_server}/dominion/evolve") as info:
        page.goto(f"{other_site}/fetch.html")
    assert info.value.method == "POST"
    # the fetch settles once our answer came back: the 403 (its body, opaque to the other page,
    # is also withheld by our Cross-Origin-Resource-Policy, so Chromium fails the fetch)
    page.wait_for_function("document.title !== 'fetch'")
    assert page.title() in ("sent", "failed")
    assert len(app.state.jobs.list()) == before
    refused = [r.getMessage() for r in caplog.records if "/dominion/evolve" in r.getMessage()]
    assert refused == [f"POST /dominion/evolve: refused: Origin '{other_site}' is not this "
                       f"server's page ({live_server}); another site cannot start or stop "
                       "anything here"]


def test_another_site_cannot_frame_our_page(page: Any, other_site: str, live_server: str) -> None:
    with page.expect_response(f"{live_server}/dominion/simulate") as info:
        page.goto(f"{other_site}/frame.html")
    assert info.value.headers["x-frame-options"] == "DENY"
    page.wait_for_timeout(500)
    frame = page.frame_locator("#fr")
    assert frame.locator("#sim-form").count() == 0  # our form never shows inside their page
    child = [f for f in page.frames if f != page.main_frame]
    assert child and not child[0].url.startswith(live_server)  # Chromium's error page instead
    assert any("frame-ancestors" in line for line in page.console_lines)


def test_a_rebound_name_is_refused(chromium: Any, live_server: str) -> None:
    """DNS rebinding: evil.test resolves to 127.0.0.1, so its pages would be same-origin with
    ours; the Host header still names evil.test, and that is refused."""
    browser = chromium.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP evil.test 127.0.0.1"])
    try:
        p = browser.new_page()
        port = urlsplit(live_server).port
        response = p.goto(f"http://evil.test:{port}/jobs")
        assert response is not None and response.status == 403
        assert p.locator("[role=alert]").inner_text().startswith(
            f"refused: Host 'evil.test:{port}' is not this server")
        assert "csrf-token" not in p.content()
    finally:
        browser.close()


def test_a_forged_host_over_a_socket_is_refused(live_server: str) -> None:
    parts = urlsplit(live_server)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        conn.request("GET", "/jobs", headers={"Host": f"evil.example:{parts.port}"})
        r = conn.getresponse()
        body = html.unescape(r.read().decode())
        assert r.status == 403 and "refused: Host 'evil.example:" in body
        assert r.getheader("X-Frame-Options") == "DENY"
    finally:
        conn.close()
