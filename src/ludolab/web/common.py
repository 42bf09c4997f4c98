"""Shared pieces of the pages: templates, error responses, form helpers, and the job routes
(the job list, cancelling a job) that every game's pages use."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from markupsafe import Markup, escape

from ludolab import __version__
from ludolab.errors import LudolabError

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"
templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
templates.env.globals["version"] = __version__


def _pct(x: Any, digits: int = 1) -> str:
    try:
        return f"{100 * float(x):.{digits}f}"
    except (TypeError, ValueError):
        return "-"


def _num(x: Any, fmt: str = ",.2f") -> str:
    try:
        return format(float(x), fmt)
    except (TypeError, ValueError):
        return "-"


def _duration(seconds: Any) -> str:
    """``2 h 05 min``, ``7 min``, ``40 s``: a duration to read at a glance."""
    try:
        s = max(0, round(float(seconds)))
    except (TypeError, ValueError):
        return "-"
    if s >= 3600:
        return f"{s // 3600} h {s % 3600 // 60:02d} min"
    if s >= 60:
        return f"{(s + 30) // 60} min"
    return f"{s} s"


_SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_CARD = re.compile(r"([\[(]?)([2-9TJQKA][cdhs])([\]),.:;]*)")


def _cards(line: Any) -> Markup:
    """A hand-history line with each card (``Ah``, ``Td``) marked up to be drawn as a small
    card in its suit's colour (red hearts and diamonds); everything else escaped as text."""
    out = []
    for token in re.split(r"(\s+)", str(line)):
        # a card may carry the line's punctuation: "shows 4h Tc: straight", "[Ah Kd]"
        m = _CARD.fullmatch(token)
        if m:
            before, card, after = m.groups()
            rank = "10" if card[0] == "T" else card[0]
            # the text stays the log's ("Ah", as the CLI prints and a copy gives); the style
            # draws it as a card with its suit symbol (data-card) in the suit's colour
            out.append(escape(before))
            out.append(Markup('<span class="pcard {}" data-card="{}{}">{}</span>').format(
                card[1], rank, _SUITS[card[1]], card))
            out.append(escape(after))
        else:
            out.append(escape(token))
    return Markup("").join(out)


templates.env.filters["cards"] = _cards
templates.env.filters["duration"] = _duration
templates.env.filters["pct"] = _pct
templates.env.filters["num"] = _num


@pass_context
def csrf_token(ctx: Any) -> str:
    """This server's secret token (see :mod:`ludolab.web.security`), for the page's meta tag."""
    return str(ctx["request"].app.state.csrf_token)


@pass_context
def csrf_field(ctx: Any) -> Markup:
    """The hidden token field every form that changes something carries: ``{{ csrf_field() }}``
    inside the ``<form>``; a form without it is refused with a 403."""
    return Markup('<input type="hidden" name="csrf_token" value="{}">').format(
        escape(csrf_token(ctx)))


templates.env.globals["csrf_token"] = csrf_token
templates.env.globals["csrf_field"] = csrf_field

router = APIRouter()


def is_htmx(request: Request) -> bool:
    """True for a request htmx made (it wants a fragment, not a whole page)."""
    return request.headers.get("HX-Request") == "true"


def render(request: Request, name: str, context: dict[str, Any] | None = None,
           status: int = 200, headers: dict[str, str] | None = None) -> HTMLResponse:
    """A template with the shared context (navigation, games, the request)."""
    ctx = {"nav": request.app.state.nav, "path": request.url.path}
    ctx.update(context or {})
    return templates.TemplateResponse(request, name, ctx, status_code=status, headers=headers)


#: Form labels that begin error messages, and the field each names: the page shows the message
#: next to that field too (app.js), as well as where the result would have gone.
FIELD_LABELS: dict[str, str] = {
    "games per opponent": "games", "validation games": "validate_games", "games": "games",
    "seed": "seed", "score difference": "delta", "population": "population",
    "generations": "generations", "minutes": "minutes", "deals": "deals", "seats": "seats",
    "bot editor A": "botA", "bot editor B": "botB", "more players": "more", "game": "game",
    "opponent 1": "bot", "opponent 2": "bot2", "opponent 3": "bot3", "opponent": "bot",
    "against": "against", "bot file": "text", "opening": "opening",
    "starting deck": "start_deck", "begin at turn": "start_turn", "your hand": "start_hand",
    "your draw pile": "start_draw", "your discard pile": "start_discard", "seat": "seat",
    **{f"seat {i + 1}": f"seat{i}" for i in range(4)},
    **{f"P{i + 1}": f"bot{i}" for i in range(4)},
}


def field_of(message: str) -> str:
    """The form field an error message names by its first words ("" if none)."""
    for label in sorted(FIELD_LABELS, key=len, reverse=True):
        if message.startswith(label) and message[len(label):len(label) + 1] in (" ", ":"):
            return FIELD_LABELS[label]
    return ""


def error_response(request: Request, message: str, status: int) -> HTMLResponse:
    """One-line message: a fragment for htmx (naming its field, for the page to show the
    message beside it), a whole page otherwise."""
    if is_htmx(request):
        return templates.TemplateResponse(request, "_error.html",
                                          {"message": message, "field": field_of(message)},
                                          status_code=status)
    return render(request, "error.html", {"message": message, "status": status}, status)


def form_int(value: str | None, name: str, default: int | None = None,
             lo: int | None = None, hi: int | None = None) -> int:
    """An integer form field, with a one-line message naming the field when it is not one."""
    if value is None or not str(value).strip():
        if default is None:
            raise LudolabError(f"{name} is required")
        return default
    try:
        v = int(str(value).strip().replace(",", "").replace("_", ""))
    except ValueError:
        raise LudolabError(f"{name} must be a whole number, got {value!r}") from None
    if lo is not None and v < lo:
        raise LudolabError(f"{name} must be at least {lo:,}, got {v:,}")
    if hi is not None and v > hi:
        raise LudolabError(f"{name} must be at most {hi:,}, got {v:,}")
    return v


def form_float(value: str | None, name: str, default: float | None = None) -> float | None:
    """A number form field (empty: ``default``)."""
    if value is None or not str(value).strip():
        return default
    try:
        v = float(str(value).strip())
    except ValueError:
        raise LudolabError(f"{name} must be a number, got {value!r}") from None
    if v != v or v in (float("inf"), float("-inf")):
        raise LudolabError(f"{name} must be a finite number, got {value!r}")
    return v


def form_settings(form: Any) -> dict[str, str]:
    """A form's text fields, to show the form again as it was (never the token)."""
    return {k: str(v) for k, v in form.items() if isinstance(v, str) and k != "csrf_token"}


def download(data: bytes | str, filename: str, media_type: str) -> Response:
    """A file the browser saves (the page never writes files on the server)."""
    body = data.encode("utf-8") if isinstance(data, str) else data
    return Response(body, media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    """The start page: what each page does."""
    return render(request, "index.html", {"games": request.app.state.games})


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> Response:
    """The page's icon (browsers ask for it on every page; an SVG, shipped in the package)."""
    body = (Path(__file__).resolve().parent / "static" / "favicon.svg").read_bytes()
    return Response(body, media_type="image/svg+xml",
                    headers={"Cache-Control": "max-age=86400"})


@router.get("/jobs", response_class=HTMLResponse)
def jobs_page(request: Request) -> HTMLResponse:
    """Every job of this server, newest first, with links to their results."""
    return render(request, "jobs.html", {"jobs": request.app.state.jobs.list()})


@router.post("/jobs/{job_id}/continue")
def continue_job(request: Request, job_id: str) -> Response:
    """Confirm a long run that paused to ask (204: the polling panel shows it going on)."""
    request.app.state.jobs.get(job_id).go_on()
    return Response(status_code=204)


@router.post("/jobs/{job_id}/cancel")
def cancel_job(request: Request, job_id: str) -> Response:
    """Ask a job to stop; it keeps what finished (204: the polling panel shows the rest)."""
    request.app.state.jobs.get(job_id).cancel()
    return Response(status_code=204)
