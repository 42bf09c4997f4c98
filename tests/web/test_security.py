"""The web server's trust boundary (``ludolab.web.security``) through the test client: the Host
allow-list, the Origin/Referer check and the token on every request that changes something,
each refusal a 403 with its one-line reason, and the security headers on every answer."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from webtools import BASE_URL, HX, post_form, token

from ludolab.web import security

SIM = {"seat0": "Big Money", "seat1": "Smithy Big Money", "games": "20", "seed": "1"}
TEMPLATES = Path(security.__file__).resolve().parent / "templates"


def alert(response: Any) -> str:
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(m.group(1)).strip()


def job_count(app: Any) -> int:
    return len(app.state.jobs.list())


# -- Host -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("host", ["evil.example:8000", "evil.example",
                                  "127.0.0.1.evil.example:8000", "localhost.:8000x", ""])
def test_a_foreign_host_is_refused(client: Any, host: str) -> None:
    r = client.get("/", headers={"Host": host})
    assert r.status_code == 403
    assert alert(r).startswith("refused: ")
    assert "Host" in alert(r)
    assert 'name="csrf-token"' not in r.text and "csrf" not in r.text  # never leaks the token


def test_the_host_reason_names_what_the_server_answers_to(client: Any) -> None:
    r = client.get("/jobs", headers={"Host": "evil.example:8000"})
    assert alert(r) == ("refused: Host 'evil.example:8000' is not this server (it answers to "
                        "127.0.0.1:8000, [::1]:8000, localhost:8000; ludolab serve --allow-host "
                        "NAME adds a name)")
    r = client.get("/", headers={"Host": "127.0.0.1:8001"})
    assert r.status_code == 403
    assert alert(r) == ("refused: Host '127.0.0.1:8001' names another port (this server is on "
                        "8000)")


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000",
                                  "[::1]:8000"])
def test_loopback_names_are_served(client: Any, host: str) -> None:
    assert client.get("/", headers={"Host": host}).status_code == 200


def test_allow_host_adds_a_name_and_the_bound_address(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from ludolab.web.app import create_app

    app = create_app(data_dir=tmp_path, bind_host="192.168.7.5", allow_hosts=["Box.lan"])
    c = TestClient(app, base_url="http://box.lan:8000")
    assert c.get("/").status_code == 200
    assert c.get("/", headers={"Host": "192.168.7.5:8000"}).status_code == 200
    assert c.get("/", headers={"Host": "other.lan:8000"}).status_code == 403
    # the token still applies to a name the user allowed
    r = c.post("/jobs/x/cancel", headers={"Origin": "http://box.lan:8000"})
    assert r.status_code == 403
    # 0.0.0.0 is no host name: only the names given are added
    assert security.allowed_hosts("0.0.0.0", ["a.lan"]) == {"localhost", "127.0.0.1", "[::1]",
                                                           "a.lan"}
    assert "[fe80::1]" in security.allowed_hosts("fe80::1")


# -- Origin and token -----------------------------------------------------------------------------
def test_another_sites_form_post_is_refused_and_starts_nothing(client: Any, app: Any) -> None:
    before = job_count(app)
    r = client.post("/dominion/simulate", data={**SIM, "csrf_token": token(client)},
                    headers={"Origin": "http://evil.example"}, follow_redirects=False)
    assert r.status_code == 403
    assert alert(r) == ("refused: Origin 'http://evil.example' is not this server's page "
                        f"({BASE_URL}); another site cannot start or stop anything here")
    r = client.post("/dominion/simulate", data=SIM, headers={"Origin": "null"})
    assert r.status_code == 403 and alert(r).startswith("refused: Origin 'null'")
    assert job_count(app) == before


@pytest.mark.parametrize("url", ["/dominion/simulate", "/poker/simulate", "/dominion/evolve",
                                 "/dominion/advise",
                                 "/arena/tournament", "/arena/tournament/build", "/dominion/play",
                                 "/dominion/bot/check", "/jobs/abc/cancel", "/jobs/abc/continue",
                                 "/dominion/play/abc/answer"])
def test_every_post_route_needs_origin_and_token(client: Any, app: Any, url: str) -> None:
    before = job_count(app)
    no_origin = client.post(url, data={"csrf_token": token(client)})
    assert no_origin.status_code == 403
    assert alert(no_origin) == ("refused: a request that changes something must come from this "
                                "server's own page (no Origin or Referer header)")
    no_token = client.post(url, data=SIM, headers={"Origin": BASE_URL})
    assert no_token.status_code == 403
    assert alert(no_token) == ("refused: no csrf_token form field or X-CSRF-Token header (only "
                               "this server's own pages may change something)")
    wrong = client.post(url, data={**SIM, "csrf_token": "x" * 43}, headers={"Origin": BASE_URL})
    assert wrong.status_code == 403
    assert alert(wrong) == "refused: wrong csrf_token (reload the page: the server restarted?)"
    bad_header = client.post(url, data=SIM, headers={"Origin": BASE_URL, "X-CSRF-Token": "x",
                                                     **HX})
    assert bad_header.status_code == 403
    assert bad_header.text.startswith('<div class="error" role="alert">')  # htmx: a fragment
    assert alert(bad_header) == ("refused: wrong X-CSRF-Token header (reload the page: the "
                                 "server restarted?)")
    assert job_count(app) == before


def test_put_and_delete_are_checked_too(client: Any) -> None:
    for method in ("PUT", "PATCH", "DELETE"):
        r = client.request(method, "/jobs", headers={"Origin": "http://evil.example"})
        assert r.status_code == 403, method


def test_the_referer_stands_in_for_a_missing_origin(client: Any, app: Any) -> None:
    tok = token(client)
    r = client.post("/jobs/nope/cancel", data={"csrf_token": tok},
                    headers={"Referer": f"{BASE_URL}/jobs"})
    assert r.status_code == 404  # past the boundary: the route answers "no job"
    r = client.post("/jobs/nope/cancel", data={"csrf_token": tok},
                    headers={"Referer": "http://evil.example/page"})
    assert r.status_code == 403
    assert alert(r).startswith("refused: Referer 'http://evil.example' is not this server's page")


def test_the_token_in_a_multipart_form_and_in_the_header(client: Any, app: Any) -> None:
    tok = token(client)
    r = client.post("/dominion/bot/check", headers={"Origin": BASE_URL},
                    files={"botA": (None, 'name = "x"\nbuy = ["Gold"]\n'),
                           "csrf_token": (None, tok)})
    assert r.status_code == 200 and "<b>x</b> is a valid bot" in r.text
    r = client.post("/dominion/bot/check", data={"botA": 'name = "y"\nbuy = ["Gold"]\n'},
                    headers={"Origin": BASE_URL, "X-CSRF-Token": tok, **HX})
    assert r.status_code == 200 and "<b>y</b> is a valid bot" in r.text


def test_an_oversized_body_is_refused_before_it_is_read(client: Any) -> None:
    r = client.post("/dominion/bot/check", content=b"a=" + b"x" * security.MAX_BODY,
                    headers={"Origin": BASE_URL,
                             "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413
    assert alert(r) == (f"refused: the request body is {security.MAX_BODY + 2:,} bytes; the "
                        f"limit is {security.MAX_BODY:,}")


def test_a_form_from_our_own_page_works(client: Any, app: Any) -> None:
    r = post_form(client, "/dominion/simulate", SIM, follow_redirects=False)
    assert r.status_code == 303
    job = app.state.jobs.wait(r.headers["location"].split("job=")[1], 300)
    assert job.status == "done" and job.result.result.games == 20
    assert "csrf_token" not in job.context["form"]  # the token is never stored with a job


def test_every_form_that_posts_carries_the_token(client: Any) -> None:
    tok = token(client)
    field = f'<input type="hidden" name="csrf_token" value="{tok}">'
    pages = ["/dominion/simulate", "/dominion/evolve", "/dominion/play", "/arena/tournament",
             "/poker/simulate"]
    r = post_form(client, "/dominion/play", {"bot": "Big Money", "seed": "1"})
    pages.append(str(r.url.path))  # a live game's board: its answer form
    for url in pages:
        text = client.get(url).text
        forms = re.findall(r"<form\b[^>]*>.*?</form>", text, re.S)
        posting = [f for f in forms if re.search(r'method="post"|hx-post=', f.split(">", 1)[0])]
        assert posting, url
        for f in posting:
            assert field in f, (url, f[:200])


# -- headers --------------------------------------------------------------------------------------
@pytest.mark.parametrize("url", ["/", "/dominion/simulate", "/static/app.js",
                                 "/static/vendor/htmx.min.js", "/no/such/page"])
def test_security_headers_on_every_answer(client: Any, url: str) -> None:
    r = client.get(url)
    check_headers(r)


def test_security_headers_on_refusals_and_downloads(client: Any) -> None:
    check_headers(client.get("/", headers={"Host": "evil.example"}))
    check_headers(client.post("/jobs/x/cancel"))
    check_headers(client.get("/dominion/bot-text", params={"name": "Big Money"}))


def check_headers(r: Any) -> None:
    h = r.headers
    csp = {d.split()[0]: d.split()[1:] for d in h["content-security-policy"].split("; ")}
    assert csp["script-src"] == ["'self'"]  # no inline script, no eval
    assert csp["frame-ancestors"] == ["'none'"] and csp["object-src"] == ["'none'"]
    assert csp["default-src"] == ["'self'"] and csp["form-action"] == ["'self'"]
    assert h["x-frame-options"] == "DENY"
    assert h["x-content-type-options"] == "nosniff"
    assert h["referrer-policy"] == "same-origin"
    assert h["cross-origin-opener-policy"] == "same-origin"
    assert h["cross-origin-resource-policy"] == "same-origin"


def test_templates_have_no_inline_script() -> None:
    """What the CSP would block: inline <script>, on* handler attributes, javascript: links."""
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"<script\b(?![^>]*\bsrc=)", text), path
        assert not re.search(r"\son[a-z]+\s*=", text, re.I), path
        assert "javascript:" not in text.lower(), path
        assert "hx-on" not in text and "js:" not in text, path  # htmx's eval, off by config


def test_a_websocket_from_another_site_is_closed() -> None:
    """No route takes a websocket today; the boundary closes a foreign one before any would."""
    import asyncio
    import threading

    sent: list[dict[str, Any]] = []
    reached: list[bool] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(True)

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    boundary = security.TrustBoundary(app, "t", security.allowed_hosts())
    for headers in ([(b"host", b"evil.example:8000")],
                    [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://evil.example")]):
        scope = {"type": "websocket", "headers": headers, "server": ("127.0.0.1", 8000),
                 "path": "/ws"}
        # in a thread of its own: the browser tests leave an event loop in this one
        worker = threading.Thread(target=asyncio.run, args=(boundary(scope, receive, send),))
        worker.start()
        worker.join(10)
    assert sent == [{"type": "websocket.close", "code": 1008}] * 2 and not reached
