"""The FastAPI application behind ``ludolab serve``.

:func:`create_app` builds the app: the shared pages (home, jobs), the static files shipped in the
package (htmx, uPlot, our script and style: nothing is fetched from the internet), the
tournament pages (any registered game), and each game's own pages, found through the game
registry (:mod:`ludolab.web.games`). Every user mistake (:class:`~ludolab.errors.LudolabError`,
a form field of the wrong type, an unknown page) becomes a one-line message on the page with a
4xx status; an unexpected error is logged on the server and shown as one line, never as a
traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from ludolab.errors import LudolabError
from ludolab.web import arena as arena_pages
from ludolab.web import common
from ludolab.web.games import game_pages
from ludolab.web.jobs import (
    GoneError,
    JobManager,
    NotFoundError,
    QueueFullError,
    default_data_dir,
)
from ludolab.web.security import TrustBoundary, allowed_hosts, new_token

log = logging.getLogger("ludolab.web")
STATIC_DIR = Path(__file__).resolve().parent / "static"


def create_app(results_dir: Path | None = None, workers: int | None = None, *,
               bind_host: str | None = None, allow_hosts: Iterable[str] = (),
               data_dir: Path | None = None, max_running: int = 1, keep: int | None = None,
               confirm_seconds: float = 600.0, max_queued: int | None = None) -> FastAPI:
    """The web app. ``results_dir``: also write every finished job there (chosen by whoever
    starts the server, never by the page). ``workers``: processes per job (None: all cores).
    ``bind_host``: the address the server listens on; ``allow_hosts``: more host names the
    browser may use for it (besides localhost, 127.0.0.1 and [::1]; see
    :mod:`ludolab.web.security`). ``data_dir``: where finished jobs are kept (None:
    :func:`~ludolab.web.jobs.default_data_dir`); ``max_running``: jobs run at once (the rest
    wait, queued; ``max_queued``: how many may wait, None: no cap, beyond it a new run is a
    429); ``keep``: finished results kept (None: all); ``confirm_seconds``: a run
    whose time left, measured on its first units, is longer pauses there and asks to be
    confirmed (0: never asks)."""
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        # the server stops: running jobs are stopped and filed as cut off, never as done
        await asyncio.to_thread(app.state.jobs.close)

    app = FastAPI(title="ludolab", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan)
    app.state.csrf_token = new_token()
    app.state.allowed_hosts = allowed_hosts(bind_host, allow_hosts)
    app.add_middleware(TrustBoundary, token=app.state.csrf_token,
                       hosts=app.state.allowed_hosts)
    data_dir = data_dir if data_dir is not None else default_data_dir()
    app.state.data_dir = data_dir
    app.state.jobs = JobManager(results_dir, data_dir / "web-jobs", max_running, keep,
                                confirm_seconds=confirm_seconds or None,
                                max_queued=max_queued)
    app.state.confirm_seconds = confirm_seconds
    app.state.workers = workers
    app.state.results_dir = results_dir
    app.state.plays = {}
    pages = game_pages()
    app.state.nav = [item for p in pages for item in p.NAV] + list(arena_pages.NAV)
    app.state.games = [p.GAME for p in pages]
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.include_router(common.router)
    for p in pages:
        app.include_router(p.router)
    app.include_router(arena_pages.router)
    _install_error_pages(app)
    return app


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = [str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path", "form")]
        field = ".".join(loc) or "input"
        parts.append(f"{field}: {err.get('msg', 'invalid value')}")
    return "bad form input: " + "; ".join(parts)


def _install_error_pages(app: FastAPI) -> None:
    @app.exception_handler(NotFoundError)
    async def _no_job(request: Request, exc: NotFoundError) -> Response:
        return common.error_response(request, str(exc), 404)

    @app.exception_handler(GoneError)
    async def _gone(request: Request, exc: GoneError) -> Response:
        return common.error_response(request, str(exc), 410)

    @app.exception_handler(QueueFullError)
    async def _queue_full(request: Request, exc: QueueFullError) -> Response:
        return common.error_response(request, str(exc), 429)

    @app.exception_handler(LudolabError)
    async def _user_error(request: Request, exc: LudolabError) -> Response:
        return common.error_response(request, str(exc), 400)

    @app.exception_handler(RequestValidationError)
    async def _bad_form(request: Request, exc: RequestValidationError) -> Response:
        return common.error_response(request, _validation_message(exc), 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        message = str(exc.detail) if exc.detail else "error"
        if exc.status_code == 404 and message == "Not Found":
            message = f"no page at {request.url.path}"
        return common.error_response(request, message, exc.status_code)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> Response:
        log.exception("error serving %s", request.url.path)
        return common.error_response(
            request, f"internal error: {type(exc).__name__}: {exc}", 500)
