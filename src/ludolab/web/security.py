"""The web server's trust boundary: which requests it answers, and the headers of every answer.

``ludolab serve`` listens on this computer, but every web page the user visits runs in the same
browser and can send requests to it. Following the OWASP cheat sheets (CSRF prevention, DNS
rebinding, HTTP headers), :class:`TrustBoundary` (a pure ASGI middleware, so streamed answers
pass through untouched) refuses, each with a 403 and one line naming the reason:

- a ``Host`` header that is not this server (DNS rebinding: a name the attacker controls that
  resolves to 127.0.0.1 would otherwise make our pages same-origin with theirs, readable):
  allowed are ``localhost``, ``127.0.0.1`` and ``[::1]`` on the server's own port, the address
  it was told to bind, and the names given with ``--allow-host``;
- a request that changes state (any method but GET, HEAD, OPTIONS) whose ``Origin`` (or, when a
  browser sent none, ``Referer``) is not the server's own origin: another site's form or
  ``fetch`` (even ``mode: "no-cors"``) is refused before it reaches a route;
- such a request without this server's secret token (:func:`new_token`, made once per server),
  either as the ``X-CSRF-Token`` header (the page's htmx requests) or as the ``csrf_token``
  field of a form (every form renders it through the ``csrf_field()`` template global).

Every answer carries a Content-Security-Policy that allows only our own scripts (no inline
script, no ``eval``), refuses framing (``frame-ancestors 'none'`` and ``X-Frame-Options``),
``X-Content-Type-Options: nosniff``, ``Referrer-Policy: same-origin`` (same-origin requests keep
their ``Referer`` for the fallback above; other sites learn nothing) and same-origin opener and
resource policies. Refusals never contain the token.
"""

from __future__ import annotations

import html
import ipaddress
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request

log = logging.getLogger("ludolab.web")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The form field and the header that carry the token.
TOKEN_FIELD = "csrf_token"
TOKEN_HEADER = "x-csrf-token"
#: Methods that change nothing (RFC 9110 "safe"); every other one is checked.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: Host names a browser uses for this computer.
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
#: The largest request body read to find the token (the page's largest form is ~50 KB).
MAX_BODY = 2_000_000

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",  # style="" attributes draw the bars; no script
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)


def new_token() -> str:
    """A fresh secret for one server's life (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def host_name(value: str) -> str:
    """A host name as it appears in a Host header: lower case, IPv6 in brackets."""
    value = value.strip().lower().rstrip(".")
    try:
        if ipaddress.ip_address(value.strip("[]")).version == 6:
            return f"[{value.strip('[]')}]"
    except ValueError:
        pass
    return value


def allowed_hosts(bind: str | None = None, extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names this server answers to: loopback, the bound address when it is one
    address (an IP literal cannot be rebound to another machine), and ``extra``."""
    names = set(LOOPBACK_NAMES)
    if bind:
        try:
            ip = ipaddress.ip_address(bind.strip("[]"))
            if not ip.is_unspecified:
                names.add(host_name(bind))
        except ValueError:
            names.add(host_name(bind))
    names.update(host_name(x) for x in extra if x.strip())
    return frozenset(names)


def _split_host(value: str) -> tuple[str, int | None]:
    """``name[:port]`` of a Host header or URL netloc; port None when absent."""
    value = value.strip()
    if value.startswith("["):
        end = value.find("]")
        name, rest = value[: end + 1], value[end + 1:]
    else:
        name, _, rest = value.partition(":")
        rest = ":" + rest if rest else ""
    if rest.startswith(":") and rest[1:].isdigit():
        return host_name(name), int(rest[1:])
    if rest:
        return "", None
    return host_name(name), None


class TrustBoundary:
    """Pure ASGI middleware: the Host allow-list, the Origin check and the token on every
    state-changing request, and the security headers on every answer (see the module)."""

    def __init__(self, app: ASGIApp, token: str, hosts: frozenset[str]) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # none today; a future one gets the same Host rule
            ws_headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                          for k, v in scope.get("headers", [])}
            port = _server_port(scope)
            if (self._check_host(ws_headers.get("host", ""), port) is not None
                    or self._check_origin(ws_headers, port) is not None):
                await receive()  # the connect
                await send({"type": "websocket.close", "code": 1008})
                return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", [])
                           if h[0].lower() not in dict(SECURITY_HEADERS)]
                message["headers"] = headers + list(SECURITY_HEADERS)
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        port = _server_port(scope)
        refusal = self._check_host(headers.get("host", ""), port)
        if refusal is None and scope["method"].upper() not in SAFE_METHODS:
            refusal = self._check_origin(headers, port)
            if refusal is None:
                refusal, receive = await self._check_token(scope, receive, headers)
        if refusal is not None:
            status, message = refusal
            log.warning("%s %s: %s", scope["method"], scope.get("path", ""), message)
            await _refuse(status, message, headers, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    def _check_host(self, host: str, port: int | None) -> tuple[int, str] | None:
        name, host_port = _split_host(host)
        if not host:
            return 403, "refused: the request has no Host header"
        shown = self.shown_hosts(port)
        if name not in self.hosts:
            return 403, (f"refused: Host {host!r} is not this server (it answers to {shown}; "
                         "ludolab serve --allow-host NAME adds a name)")
        if port is not None and (host_port or 80) != port:
            return 403, f"refused: Host {host!r} names another port (this server is on {port})"
        return None

    def shown_hosts(self, port: int | None) -> str:
        suffix = f":{port}" if port else ""
        return ", ".join(sorted(h + suffix for h in self.hosts))

    def _check_origin(self, headers: dict[str, str], port: int | None) -> tuple[int, str] | None:
        origin = headers.get("origin")
        what = "Origin"
        if origin is None:
            referer = headers.get("referer")
            if not referer:
                return 403, ("refused: a request that changes something must come from this "
                             "server's own page (no Origin or Referer header)")
            parts = urlsplit(referer)
            origin, what = f"{parts.scheme}://{parts.netloc}", "Referer"
        own = f"http://{headers.get('host', '')}"  # the Host was checked: it is us
        if not _same_origin(origin, own):
            return 403, (f"refused: {what} {origin!r} is not this server's page ({own}); "
                         "another site cannot start or stop anything here")
        return None

    async def _check_token(self, scope: Scope, receive: Receive, headers: dict[str, str]
                           ) -> tuple[tuple[int, str] | None, Receive]:
        sent = headers.get(TOKEN_HEADER)
        if sent is not None and not secrets.compare_digest(sent.encode(), self.token.encode()):
            return (403, "refused: wrong X-CSRF-Token header (reload the page: the server "
                         "restarted?)"), receive
        # the size limit holds for every body, a form's or a multipart upload's, with the token
        # in a header or a field: refused from its Content-Length before a byte is read, and
        # counted as it streams (a chunked body has no length) so no more than the limit is read
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > MAX_BODY:
            return (413, f"refused: the request body is {int(length):,} bytes; the limit is "
                         f"{MAX_BODY:,}"), receive
        body, too_big = await _read_body(receive)
        if too_big:
            return (413, f"refused: the request body is over the limit of {MAX_BODY:,} bytes"), \
                receive
        replay = _replayer(body, receive)
        if sent is not None:
            return None, replay
        field = None
        ctype = headers.get("content-type", "")
        if ctype.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
            try:
                form = await Request(scope, _replayer(body, receive)).form()
                value = form.get(TOKEN_FIELD)
                field = value if isinstance(value, str) else None
                await form.close()
            except Exception:  # a malformed body: the route would refuse it too
                field = None
        if field is None:
            return (403, "refused: no csrf_token form field or X-CSRF-Token header (only this "
                         "server's own pages may change something)"), replay
        if not secrets.compare_digest(field.encode(), self.token.encode()):
            return (403, "refused: wrong csrf_token (reload the page: the server restarted?)"), \
                replay
        return None, replay


def _server_port(scope: Scope) -> int | None:
    server = scope.get("server")
    if server and len(server) >= 2 and server[1]:
        return int(server[1])
    return None


def _same_origin(origin: str, own: str) -> bool:
    a, b = urlsplit(origin.strip().lower()), urlsplit(own.lower())
    if a.scheme != b.scheme or not a.netloc:
        return False
    an, ap = _split_host(a.netloc)
    bn, bp = _split_host(b.netloc)
    return bool(an) and an == bn and (ap or 80) == (bp or 80)


async def _read_body(receive: Receive) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    size = 0
    more = True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            return b"", True
        chunks.append(chunk)
        more = message.get("more_body", False)
    return b"".join(chunks), False


def _replayer(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` once, then waits on the real one (disconnects)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _refuse(status: int, message: str, headers: dict[str, str], send: Send) -> None:
    """One line: an htmx fragment, or a tiny page (never the token, never a template)."""
    line = html.escape(message)
    if headers.get("hx-request") == "true":
        body = f'<div class="error" role="alert">{line}</div>\n'
    else:
        body = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{status}'
                f' · ludolab</title><link rel="stylesheet" href="/static/app.css"></head><body>'
                f'<main><h1>Refused</h1><div class="error" role="alert">{line}</div>'
                '<p><a href="/">Start page</a></p></main></body></html>\n')
    data = body.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/html; charset=utf-8"),
                            (b"content-length", str(len(data)).encode()),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": data})
