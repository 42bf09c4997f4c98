"""Routes of the Dominion pages (see :mod:`ludolab.web.games.dominion`)."""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)

from ludolab.errors import BotFileError, LudolabError
from ludolab.web import common
from ludolab.web.common import download, form_float, form_int, render
from ludolab.web.games.dominion import adapter as dom
from ludolab.web.games.dominion.workspace import (
    PREFIX,
    BotExistsError,
    ImportReport,
    Workspace,
    is_xml,
)
from ludolab.web.jobs import Job, NotFoundError

GAME = {"name": "dominion", "title": "Dominion"}
#: Menu entries: title, address, and what the page does (the start page's tiles).
NAV = [
    ("Simulate", "/dominion/simulate", "Pit bots from the library or your own against each "
     "other: win bars with 95% intervals, VP and money by turn."),
    ("Game log", "/dominion/replay", "Any game, turn by turn, replayed from the traced engine "
     "by its seed."),
    ("Bots", "/dominion/bots", "The bot library, each bot in words and as its file."),
    ("Cards", "/dominion/cards", "Every card's cost, types and text, with search."),
    ("Evolve", "/dominion/evolve", "A genetic algorithm breeds a bot; watch its fitness and "
     "download the champion."),
    ("Advise", "/dominion/advise", "What to play on a kingdom: the advisor ranks every bot "
     "that fits it, searches for a better one and recommends the strongest, with why."),
    ("Play", "/dominion/play", "Play Dominion yourself against a library bot."),
]
router = APIRouter(prefix="/dominion")

SIM_KIND = "dominion-simulate"
EVOLVE_KIND = "dominion-evolve"
ADVISE_KIND = "dominion-advise"
EDITORS = ("A", "B")
EDITOR_DEFAULT = """name = "My Smithy bot"
buy = [
    "Province if money >= 8",
    "Gold",
    "Smithy limit 1",
    "Silver",
]
"""
#: Most live games of the Play page kept at once (the oldest is dropped first).
MAX_PLAYS = 200


def _job_response(request: Request, job: Job, template: str, page_url: str) -> Response:
    """After starting a job: htmx gets the job panel (and the page's address changes to the
    job's, so a reload finds it again); a plain form post is redirected there."""
    url = f"{page_url}?job={job.id}"
    if common.is_htmx(request):
        return render(request, template, {"job": job, **_job_context(job)},
                      headers={"HX-Push-Url": url})
    return RedirectResponse(url, status_code=303)


def _job_context(job: Job) -> dict[str, Any]:
    """What a job panel shows. The status is read first: a job sets its result before its
    status, so a finished status always comes with its result (a panel never shows "done"
    without the tables)."""
    st = job.status
    ctx: dict[str, Any] = {"st": st}
    if job.kind == SIM_KIND and st == "running":
        ctx["live"] = job.context.get("live")  # the results so far (see dom.LiveResults)
    if job.kind == SIM_KIND and st in ("done", "cancelled") and job.result is not None:
        ctx["view"] = job.context.setdefault("view", dom.result_view(job.result))
    if job.kind == EVOLVE_KIND:
        ctx["evo"] = _evolve_view(job)
    if job.kind == ADVISE_KIND and st in ("done", "cancelled") and job.result is not None:
        ctx["adv"] = job.context.setdefault("view", dom.advice_view(job.result))
        ctx["advised"] = _advised_text(job)
    return ctx


def workspace(request: Request) -> Workspace:
    """The bot workspace of this server's data directory (``DATA_DIR/bots``)."""
    return Workspace(request.app.state.data_dir / "bots")


def check_players(players: list[str], request: Request | None = None) -> list[str]:
    """Tournament players from the page: library bots, search players (``mcts:...``) and bots
    of My bots (``my:NAME``); never a file path. Returns the players as the runner takes them
    (a ``my:`` bot becomes its file in the workspace, the server's own file)."""
    out = []
    for p in players:
        if p.startswith(PREFIX):
            if request is None:
                raise LudolabError(f"player {p!r}: My bots are not reachable here")
            out.append(str(workspace(request).path(p)))
        elif dom.is_search(p):
            dom.search_player(p)
            out.append(p)
        else:
            dom.refuse_paths(p)
            out.append(dom.library_bot(p).name)
    return out


def library_bots() -> list[str]:
    """The library's names, for the tournament builder."""
    return dom.bot_names()


def player_choices(request: Request) -> dict[str, Any]:
    """What every player field offers: library bots, My bots, the search players and their
    settings (for the picker)."""
    return {"bots": dom.bot_names(), "mybots": [b.spec for b in workspace(request).bots()],
            "searchers": dom.search_factories(), "catalog": dom.bot_catalog()}


# -- bots --------------------------------------------------------------------------------------
def resolve_player(request: Request, form: Any, choice: str, field: str = "player") -> Any:
    """One player spec from a form: ``editor:A``/``editor:B`` (that editor's text),
    ``my:NAME`` (My bots), ``mcts:...`` (the search player), or a library bot."""
    choice = choice.strip()
    if choice.startswith("editor:"):
        which = choice.partition(":")[2]
        if which not in EDITORS:
            raise LudolabError(f"{field}: unknown editor {which!r}")
        text = str(form.get(f"bot{which}") or "") if form is not None else ""
        try:
            return dom.bot_from_text(text)
        except BotFileError as exc:
            raise LudolabError(f"bot editor {which}: {_located(exc)}") from None
    if choice.startswith(PREFIX):
        return dom.bot_from_text(workspace(request).get(choice).text)
    if dom.is_search(choice):
        return dom.search_player(choice)
    dom.refuse_paths(choice)
    try:
        return dom.library_bot(choice)
    except LudolabError as exc:
        raise LudolabError(f"{field}: {exc}") from None


def _seat_bots(request: Request, form: Any) -> list[Any]:
    """The players of the seats, in order."""
    bots = []
    for i in range(dom.MAX_PLAYERS):
        choice = str(form.get(f"seat{i}") or "").strip()
        if choice:
            bots.append(resolve_player(request, form, choice, f"seat {i + 1}"))
    if not bots:
        raise LudolabError("choose at least one bot")
    return bots


def _located(exc: BotFileError) -> str:
    return f"line {exc.line}: {exc.detail}" if exc.line else exc.detail


@router.post("/bot/check", response_class=HTMLResponse)
async def check_bot(request: Request) -> HTMLResponse:
    """Validate an editor's bot text as it is typed: the bot in words, or the error at its line."""
    form = await request.form()
    which = str(form.get("editor") or "A")
    text = str(form.get(f"bot{which}") or form.get("text") or "")
    try:
        spec = dom.parse_bot(text)
    except BotFileError as exc:
        return render(request, "dominion/_bot_check.html",
                      {"ok": False, "line": exc.line, "message": _located(exc)}, 400)
    return render(request, "dominion/_bot_check.html",
                  {"ok": True, "name": spec.name, "words": dom.bot_words(spec)})


@router.post("/bot/export")
async def export_editor_bot(request: Request) -> JSONResponse:
    """An editor's bot as DominionSim XML, with what the XML cannot carry (the page saves the
    file and lists the notes under the editor); a broken bot is a 400 naming its line."""
    form = await request.form()
    which = str(form.get("editor") or "A")
    if which not in EDITORS:
        raise LudolabError(f"unknown editor {which[:20]!r}")
    try:
        spec = dom.parse_bot(str(form.get(f"bot{which}") or ""))
    except BotFileError as exc:
        raise LudolabError(f"bot editor {which}: {_located(exc)}") from None
    text, notes = dom.export_xml([spec])
    return JSONResponse({"xml": text, "notes": notes,
                         "filename": f"{dom.file_stem(spec.name)}.xml"})


@router.get("/bot-xml")
def bot_xml(request: Request, name: str) -> Response:
    """A library bot or one of My bots (``my:NAME``) as DominionSim XML, a download."""
    name = name[:300]
    if name.startswith(PREFIX):
        spec = dom.parse_bot(workspace(request).get(name).text)
    else:
        dom.refuse_paths(name)
        spec = dom.library_bot(name)
    text, _notes = dom.export_xml([spec])
    return download(text, f"{dom.file_stem(spec.name)}.xml", "application/xml")


@router.get("/bot-text", response_class=PlainTextResponse)
def bot_file_text(request: Request, name: str) -> PlainTextResponse:
    """A library bot's file or one of My bots (``my:NAME``), to start an editor from."""
    if name.startswith(PREFIX):
        return PlainTextResponse(workspace(request).get(name).text)
    return PlainTextResponse(dom.bot_text(dom.library_bot(name)))


@router.get("/bots", response_class=HTMLResponse)
def bots_page(request: Request) -> HTMLResponse:
    """The bot library, each bot in words and as its file; and My bots."""
    return render(request, "dominion/bots.html", {"bots": dom.library(),
                                                  "mine": _my_bots(request)})


def _my_bots(request: Request) -> list[dict[str, Any]]:
    return [{"name": b.name, "spec": b.spec, "slug": b.slug, "text": b.text,
             "words": dom.bot_words(dom.parse_bot(b.text))} for b in workspace(request).bots()]


@router.post("/mybots", response_class=HTMLResponse)
async def mybots_save(request: Request) -> HTMLResponse:
    """Keep a bot in My bots: an editor's text (``editor`` and ``botA``/``botB``) or a file's
    text the browser read (``text``). A broken bot is a 400 naming its line. A file of
    DominionSim bot XML is imported: its importable bots are kept, the others listed with the
    line and element that stopped them; a malformed XML file is a 400 naming its line."""
    form = await request.form()
    which = str(form.get("editor") or "")
    field = f"bot{which}" if which in EDITORS else "text"
    text = str(form.get(field) or "")
    if not text.strip():
        raise LudolabError("the bot is empty: type one or load a .toml file")
    if field == "text" and is_xml(text):
        try:
            report = workspace(request).import_xml(text)
        except BotFileError as exc:
            raise LudolabError(f"bot file: {_located(exc)}") from None
        return _imported(request, report)
    on_conflict = str(form.get("on_conflict") or "ask")
    try:
        bot = workspace(request).save(text, on_conflict)
    except BotFileError as exc:
        raise LudolabError(f"bot file: {_located(exc)}") from None
    except BotExistsError as exc:  # never replaced without asking: 409, with the two choices
        if not common.is_htmx(request):
            return common.error_response(request, str(exc), 409)
        reply = "saved" if which or form.get("reply") == "saved" else "list"
        return render(request, "dominion/_save_conflict.html",
                      {"conflict": exc, "reply": reply, "mine": _my_bots(request),
                       "target": _target_id(request.headers.get("HX-Target") or "")}, 409)
    if common.is_htmx(request) and (which or form.get("reply") == "saved"):
        return render(request, "dominion/_saved.html", {"bot": bot})
    if common.is_htmx(request):
        return render(request, "dominion/_mybots.html", {"mine": _my_bots(request),
                                                         "saved": bot})
    return RedirectResponse("/dominion/bots#my-bots", status_code=303)  # type: ignore[return-value]


def _target_id(value: str) -> str:
    """The element an htmx request swaps into (its id, letters, digits, dashes only)."""
    return "".join(ch for ch in value if ch.isalnum() or ch in "-_")[:60] or "my-bot-box"


def _imported(request: Request, report: ImportReport) -> HTMLResponse:
    """My bots after an XML import, with what was kept and what was not (and why)."""
    ctx = {"mine": _my_bots(request), "report": {
        "saved": [{"spec": b.spec, "name": b.name, "line": imp.line, "notes": imp.notes,
                   "kingdom": imp.kingdom} for b, imp in report.saved],
        "refused": [{"name": imp.name, "line": imp.line, "problems": imp.problems}
                    for imp in report.refused]}}
    if common.is_htmx(request):
        return render(request, "dominion/_mybots.html", ctx)
    return render(request, "dominion/bots.html", {"bots": dom.library(), **ctx})


@router.post("/mybots/delete", response_class=HTMLResponse)
async def mybots_delete(request: Request) -> HTMLResponse:
    """Remove a bot from My bots."""
    form = await request.form()
    workspace(request).delete(str(form.get("name") or ""))
    if common.is_htmx(request):
        return render(request, "dominion/_mybots.html", {"mine": _my_bots(request)})
    return RedirectResponse("/dominion/bots#my-bots", status_code=303)  # type: ignore[return-value]


@router.get("/mybots/{slug}.toml")
def mybots_download(request: Request, slug: str) -> Response:
    """One of My bots as its file."""
    for b in workspace(request).bots():
        if b.slug == slug:
            return download(b.text, f"{b.slug}.toml", "application/toml")
    raise NotFoundError(f"no bot {slug!r} in My bots")


@router.get("/cards", response_class=HTMLResponse)
def cards_page(request: Request, q: str = "", set: str = "", cost: str = "", type: str = "",
               playable: str = "") -> HTMLResponse:
    """The card table with a search box (name, type, set or text) and filters by set printing,
    cost, type and whether the engine plays the card, all read from the card registry."""
    needle = q.strip().lower()[:100]
    rows = [r for r in dom.card_rows(set[:40], cost[:4], type[:20], bool(playable))
            if not needle or any(needle in str(v).lower() for v in r.values())]
    name = "dominion/_cards_table.html" if common.is_htmx(request) else "dominion/cards.html"
    return render(request, name, {"rows": rows, "q": q[:100], "filters": dom.card_filters(),
                                  "f": {"set": set, "cost": cost, "type": type,
                                        "playable": playable}})


# -- simulate -----------------------------------------------------------------------------------
@router.get("/simulate", response_class=HTMLResponse)
def simulate_page(request: Request, job: str | None = None) -> HTMLResponse:
    """The simulation form, and the job panel of ``job`` (progress or results)."""
    ctx: dict[str, Any] = {**player_choices(request), "editors": EDITORS,
                           "editor_words": dom.editor_words(),
                           "editor_default": EDITOR_DEFAULT, "presets": dom.KINGDOM_PRESETS,
                           "kingdoms": dom.kingdom_choices(),
                           "max_games": dom.MAX_GAMES, "job": None,
                           "max_deck_games": dom.MAX_DECK_GAMES,
                           "targets": [(f"seat{i}", f"seat {i + 1}")
                                       for i in range(dom.MAX_PLAYERS)]}
    if job:
        j = request.app.state.jobs.get(job, SIM_KIND)
        ctx.update(job=j, **_job_context(j))
        ctx["settings"] = j.context.get("form", {})
    else:  # a link may seat players: /dominion/simulate?seat0=my:Champion
        q = request.query_params
        seats = {f"seat{i}": q[f"seat{i}"][:300] for i in range(dom.MAX_PLAYERS) if f"seat{i}" in q}
        if seats:
            ctx["settings"] = {"seat1": "Big Money", **seats}
    return render(request, "dominion/simulate.html", ctx)


@router.post("/simulate")
async def simulate_start(request: Request) -> Response:
    """Check the form and start the simulation in the background."""
    form = await request.form()
    bots = _seat_bots(request, form)
    until = form.get("mode") == "clear"
    now = form.get("games_now")  # a "100 / 1,000 / 10,000 games" button
    games = form_int(now if now else form.get("games"), "games", None, 1, dom.MAX_GAMES)
    req = dom.check_simulation(
        bots, games, form_int(form.get("seed"), "seed", 0, 0, 2**63 - 1),
        str(form.get("kingdom") or "auto"), str(form.get("rules") or "official"),
        str(form.get("seating") or "rotate"), until,
        form_float(form.get("delta"), "score difference", 0.02) or 0.02,
        dom.check_start(str(form.get("opening") or ""), str(form.get("start_deck") or ""),
                        _bot_openings(form)),
        _card_stats_field(form), _checkbox(form, "deck_stats", "decks and what is left"))
    workers = request.app.state.workers
    names = " vs ".join(b.name for b in bots)

    def work(job: Job) -> Any:
        if dom.needs_compile():
            job.note = "compiling the Dominion engine (first run only, about a minute)"
        # the results so far, refreshed at most once a second, shown by the running panel
        live = dom.LiveResults(req.prepared, lambda view: job.context.__setitem__("live", view))
        out = dom.run_simulation(req, job.progress, workers, live)
        job.context.pop("live", None)  # the finished result shows the same figures, all games
        job.played = int(out.result.games)  # until clear, or whole deals: what really played
        return out

    def save(job: Job, folder: Any) -> list[Any]:
        return dom.save_simulation(job.result, folder, f"simulation-{job.id}")

    settings = common.form_settings(form)
    if now:
        settings["games"] = str(games)
    settings.pop("games_now", None)
    job = request.app.state.jobs.start(
        SIM_KIND, f"{names}, {games:,} games" + (" (until clear)" if until else "")
        + (f" from {req.start.summary()}" if req.start is not None else ""), work, save,
        {"prepared": req.prepared, "form": settings, "url": "/dominion/simulate"})
    job.total = games
    return _job_response(request, job, "dominion/_sim_job.html", "/dominion/simulate")


def _card_stats_field(form: Any) -> bool:
    """The "what each bot bought" checkbox: ``on`` (ticked) or absent; anything else is a
    one-line error naming the field."""
    value = str(form.get("card_stats") or "").strip().lower()
    if value not in ("", "on", "1", "true", "0", "off", "false"):
        raise LudolabError(f"card statistics: expected on or off, got {value[:40]!r}")
    return value in ("on", "1", "true")


def _bot_openings(form: Any) -> list[str]:
    """The opening asked for each seated bot (``opening0``..): in the order of the seats that
    hold a bot, as the bots are numbered in the run."""
    return [str(form.get(f"opening{i}") or "")[:20] for i in range(dom.MAX_PLAYERS)
            if str(form.get(f"seat{i}") or "").strip()]


def _checkbox(form: Any, name: str, label: str) -> bool:
    """A checkbox: ``on`` (ticked) or absent; anything else is a one-line error naming it."""
    value = str(form.get(name) or "").strip().lower()
    if value not in ("", "on", "1", "true", "0", "off", "false"):
        raise LudolabError(f"{label}: expected on or off, got {value[:40]!r}")
    return value in ("on", "1", "true")


@router.get("/simulate/jobs/{job_id}", response_class=HTMLResponse)
def simulate_job(request: Request, job_id: str) -> HTMLResponse:
    """The job panel (polled while the job runs, at most a few times a second)."""
    job = request.app.state.jobs.get(job_id, SIM_KIND)
    return render(request, "dominion/_sim_job.html", {"job": job, **_job_context(job)})


def _finished(request: Request, job_id: str, kind: str) -> Job:
    job = request.app.state.jobs.get(job_id, kind)
    if job.result is None:
        raise LudolabError(f"job {job_id} has no result yet ({job.status})")
    return job


@router.get("/simulate/jobs/{job_id}/summary.json")
def simulate_json(request: Request, job_id: str) -> Response:
    job = _finished(request, job_id, SIM_KIND)
    return download(json.dumps(dom.summary_json(job.result), indent=2),
                    f"simulation-{job_id}.json", "application/json")


@router.get("/simulate/jobs/{job_id}/games.parquet")
def simulate_parquet(request: Request, job_id: str) -> Response:
    job = _finished(request, job_id, SIM_KIND)
    return download(dom.parquet_bytes(job.result), f"simulation-{job_id}.parquet",
                    "application/vnd.apache.parquet")


@router.get("/simulate/jobs/{job_id}/report.html")
def simulate_report(request: Request, job_id: str) -> Response:
    job = _finished(request, job_id, SIM_KIND)
    return download(dom.report_html(job.result), f"simulation-{job_id}.html", "text/html")


# -- a game turn by turn ------------------------------------------------------------------------
@router.get("/replay", response_class=HTMLResponse)
def replay_page(request: Request, job: str | None = None, game: str | None = None,
                bot0: str = "", bot1: str = "", bot2: str = "", bot3: str = "",
                bot4: str = "", bot5: str = "",
                seed: str | None = None, kingdom: str = "auto",
                rules: str = "official") -> HTMLResponse:
    """Replay one game from the traced engine: a simulated game by number (with the previous and
    next game a click away), or players and a seed."""
    seats = [b for b in (bot0, bot1, bot2, bot3, bot4, bot5) if b.strip()]
    ctx: dict[str, Any] = {**player_choices(request), "replay": None, "job": job or "",
                           "game": game or "", "seats": seats or ["Big Money",
                                                                  "Smithy Big Money"],
                           "seed": seed or "0", "kingdom": kingdom, "rules": rules,
                           "targets": [(f"rbot{i}", f"P{i + 1}") for i in range(dom.MAX_PLAYERS)],
                           "kingdoms": dom.kingdom_choices()}
    if job:
        j = _finished(request, job, SIM_KIND)
        if j.result.result.settings.get("start"):  # the trace replays the usual deal only
            raise LudolabError("game: the game log does not replay games begun from a start "
                               "state yet")
        g = form_int(game, "game", 0, 0)
        rep = dom.replay_simulated(j.result, j.context["prepared"], g)
        ctx["replay"] = rep
        ctx["source"] = f"game {g} of simulation {j.title}"
        ctx["game"] = str(g)
        ctx["games"] = int(j.result.result.games)
        ctx["job_title"] = j.title
        # the form shows this game's own players, seed, kingdom and rules: "Replay" with them
        # gives this very game (players from an editor cannot be named: use the game number)
        specs = _seat_specs(j.context.get("form", {}))
        seating = dom.game_seating(j.result, g)
        named = [specs[b] if b < len(specs) else "" for b in seating]
        ctx["free"] = None if any(not n or n.startswith("editor:") for n in named) else {
            **{f"bot{i}": n for i, n in enumerate(named)}, "seed": str(rep.seed),
            "kingdom": ", ".join(rep.kingdom), "rules": rep.rules}
    elif seed is not None:
        specs = [resolve_player(request, None, b, f"P{i + 1}") for i, b in enumerate(seats)]
        s = form_int(seed, "seed", 0, 0, 2**64 - 1)  # a simulated game's own seed: 64 bits
        ctx["replay"] = dom.replay_game(specs, s, kingdom, rules)
        ctx["source"] = f"seed {s}"
    return render(request, "dominion/replay.html", ctx)


def _seat_specs(form: dict[str, str]) -> list[str]:
    """The player specs of a simulation's form, in bot order (empty seats skipped)."""
    return [form[f"seat{i}"].strip() for i in range(dom.MAX_PLAYERS)
            if form.get(f"seat{i}", "").strip()]


# -- evolve ------------------------------------------------------------------------------------
def _evolve_view(job: Job) -> dict[str, Any]:
    points = list(job.series)
    chart = {"x": [p["generation"] for p in points],
             "series": [{"label": "best of generation", "data": [p["best"] for p in points]},
                        {"label": "generation mean", "data": [p["mean"] for p in points]},
                        {"label": "champion (check deals)",
                         "data": [p["champion"] for p in points]}]}
    out: dict[str, Any] = {"points": points, "chart": chart}
    if job.result is not None:
        out["champion"] = _champion_text(job)
        out["words"] = dom.champion_words(job.result)
        out["validation"] = dom.validation_view(job.result)
    return out


def _champion_text(job: Job) -> str | None:
    """The champion's file, named after where it came from (opponents, cards, seed, day)."""
    name, desc = job.context.get("champion", ("", ""))
    return dom.champion_text(job.result, name, desc)


@router.get("/evolve", response_class=HTMLResponse)
def evolve_page(request: Request, job: str | None = None) -> HTMLResponse:
    ctx: dict[str, Any] = {**player_choices(request), "job": None,
                           "cards": ", ".join(dom.EVOLVE_KINGDOM), "presets": dom.KINGDOM_PRESETS}
    if job:
        j = request.app.state.jobs.get(job, EVOLVE_KIND)
        ctx.update(job=j, **_job_context(j))
    return render(request, "dominion/evolve.html", ctx)


@router.post("/evolve")
async def evolve_start(request: Request) -> Response:
    """Start a genetic-algorithm run in the background."""
    form = await request.form()
    against = [str(v).strip() for v in form.getlist("against") if str(v).strip()]
    against += [line.strip() for line in str(form.get("against_more") or "").splitlines()
                if line.strip()]
    opponents = []
    for a in against:  # library bots and My bots (the runner reads the workspace's own file)
        if a.startswith(PREFIX):
            opponents.append(str(workspace(request).path(a)))
        else:
            dom.refuse_paths(a)
            opponents.append(a)
    minutes = form_float(form.get("minutes"), "minutes", None)
    config = dom.evolve_config(
        opponents, str(form.get("cards") or ""),
        form_int(form.get("population"), "population", 30, 4, 1000),
        form_int(form.get("generations"), "generations", 20, 1, 10_000),
        form_int(form.get("games"), "games per opponent", 60, 2, 100_000),
        form_int(form.get("validate_games"), "validation games", 2000, 2, 1_000_000),
        form_int(form.get("seed"), "seed", 0, 0, 2**63 - 1), minutes,
        request.app.state.workers)

    def work(job: Job) -> Any:
        def on_generation(stats: Any) -> None:
            job.series.append(dom.generation_point(stats))
            job.progress(stats.generation, config.generations)

        job.total = config.generations
        return dom.run_evolution(config, on_generation)

    def save(job: Job, folder: Any) -> list[Any]:
        text = _champion_text(job)
        if text is None:
            return []
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"champion-{job.id}.toml"
        path.write_text(dom.validation_header(job.result) + text, encoding="utf-8")
        history = folder / f"evolution-{job.id}.json"
        history.write_text(json.dumps(dom.evolve_history(job.result, against, text), indent=2,
                                      default=str), encoding="utf-8")
        return [path, history]

    job = request.app.state.jobs.start(
        EVOLVE_KIND, f"evolve against {', '.join(against)}", work, save,
        {"url": "/dominion/evolve", "against": against,
         "champion": dom.champion_name(against, str(form.get("cards") or ""), config.seed,
                                       time.strftime("%Y-%m-%d"))})
    job.total = config.generations
    return _job_response(request, job, "dominion/_evolve_job.html", "/dominion/evolve")


@router.get("/evolve/jobs/{job_id}", response_class=HTMLResponse)
def evolve_job(request: Request, job_id: str) -> HTMLResponse:
    job = request.app.state.jobs.get(job_id, EVOLVE_KIND)
    return render(request, "dominion/_evolve_job.html", {"job": job, **_job_context(job)})


@router.get("/evolve/jobs/{job_id}/champion.toml")
def evolve_champion(request: Request, job_id: str) -> Response:
    job = _finished(request, job_id, EVOLVE_KIND)
    text = _champion_text(job)
    if text is None:
        raise LudolabError("the run stopped before its first generation: no champion")
    return download(dom.validation_header(job.result) + text, f"champion-{job_id}.toml",
                    "application/toml")


@router.get("/evolve/jobs/{job_id}/history.json")
def evolve_history(request: Request, job_id: str) -> Response:
    """The run's archive: its settings, the fitness of every generation, the champion's
    validation and its bot file."""
    job = _finished(request, job_id, EVOLVE_KIND)
    out = dom.evolve_history(job.result, job.context.get("against", []), _champion_text(job))
    return download(json.dumps(out, indent=2, default=str), f"evolution-{job_id}.json",
                    "application/json")


# -- advise -------------------------------------------------------------------------------------
def _advised_text(job: Job) -> str:
    """The recommended bot's file, named after where it came from (kingdom, seed, day)."""
    name, desc = job.context.get("name", ("", ""))
    return dom.advised_text(job.result, name, desc)


@router.get("/advise", response_class=HTMLResponse)
def advise_page(request: Request, job: str | None = None) -> HTMLResponse:
    """The advisor's form (a kingdom, a budget, players, seed) and the job panel of ``job``."""
    ctx: dict[str, Any] = {"job": None, "presets": dom.KINGDOM_PRESETS,
                           "kingdoms": dom.kingdom_choices(),
                           "evaluations": dom.ADVISE_EVALUATIONS, "settings": {}}
    if job:
        j = request.app.state.jobs.get(job, ADVISE_KIND)
        ctx.update(job=j, **_job_context(j))
        ctx["settings"] = j.context.get("form", {})
    return render(request, "dominion/advise.html", ctx)


@router.post("/advise")
async def advise_start(request: Request) -> Response:
    """Check the form (every mistake a 4xx with one line) and start the advisor in the
    background; Stop keeps the best bot found so far."""
    form = await request.form()
    kingdom = str(form.get("kingdom") or "").strip()[:2000]
    size = str(form.get("size") or "quick")
    if size not in dom.ADVISE_SIZES:
        raise LudolabError(f"stage sizes: expected {' or '.join(dom.ADVISE_SIZES)}, "
                           f"got {size[:40]!r}")
    minutes = form_float(form.get("minutes"), "minutes", None)
    raw = form.get("evaluations")
    evaluations: int | None = None  # minutes alone: a time budget
    if minutes is None or (raw is not None and str(raw).strip()):
        evaluations = form_int(raw, "evaluations", dom.ADVISE_EVALUATIONS)
    players = form_int(form.get("players"), "players", 2)
    seed = form_int(form.get("seed"), "seed", 0, 0, 2**63 - 1)
    req = dom.check_advise(kingdom, players, str(form.get("rules") or "official").strip(),
                           evaluations, minutes, seed)
    workers = request.app.state.workers
    folder = request.app.state.data_dir / "bots"
    bots_dir = folder if folder.is_dir() else None  # My bots are candidates too

    def work(job: Job) -> Any:
        if dom.needs_compile():
            job.note = "compiling the Dominion engine (first run only, about a minute)"

        def progress(stage: str, done: int, total: int) -> None:
            job.progress(done, total)
            job.note = f"stage: {stage}"

        advice = dom.run_advise(kingdom, req, size, workers, bots_dir, progress)
        if advice.interrupted:  # stopped before the last stage: never shown as complete
            job.done = min(job.done, max(0, job.total - 1))
        return advice

    title = f"advise on {kingdom if len(kingdom) <= 40 else kingdom[:38] + '…'}"
    job = request.app.state.jobs.start(
        ADVISE_KIND, title, work, None,
        {"url": "/dominion/advise", "form": {k: str(v)[:300] for k, v in form.items()
                                             if k != "csrf_token"},
         "name": dom.advised_name(kingdom, req.seed, time.strftime("%Y-%m-%d"))})
    return _job_response(request, job, "dominion/_advise_job.html", "/dominion/advise")


@router.get("/advise/jobs/{job_id}", response_class=HTMLResponse)
def advise_job(request: Request, job_id: str) -> HTMLResponse:
    """The advisor's job panel (polled while it runs)."""
    job = request.app.state.jobs.get(job_id, ADVISE_KIND)
    return render(request, "dominion/_advise_job.html", {"job": job, **_job_context(job)})


@router.get("/advise/jobs/{job_id}/bot.toml")
def advise_bot(request: Request, job_id: str) -> Response:
    """The recommended bot's file."""
    job = _finished(request, job_id, ADVISE_KIND)
    return download(_advised_text(job), f"advised-{job_id}.toml", "application/toml")


# -- play ---------------------------------------------------------------------------------------
@router.get("/play", response_class=HTMLResponse)
def play_page(request: Request, bot: str = "Big Money") -> HTMLResponse:
    return render(request, "dominion/play.html", {
        **player_choices(request), "presets": dom.KINGDOM_PRESETS, "first": bot[:200],
        "kingdoms": dom.kingdom_choices(),
        "targets": [(f"opp{i}", f"opponent {i + 1}") for i in range(3)]})


@router.post("/play")
async def play_start(request: Request) -> Response:
    """Start a game against 1 to 3 players (bots or search players) and go to its page."""
    form = await request.form()
    names = [str(form.get(k) or "").strip() for k in ("bot", "bot2", "bot3")]
    bots = [resolve_player(request, None, n, f"opponent {i + 1}")
            for i, n in enumerate(names) if n]
    if not bots:
        raise LudolabError("opponent: choose at least one player to play against")
    start = dom.check_play_start(*(str(form.get(k) or "") for k in (
        "opening", "start_deck", "start_turn", "start_hand", "start_draw", "start_discard")))
    session = dom.new_play(bots, form_int(form.get("seat"), "seat", 1, 1, len(bots) + 1) - 1,
                           form_int(form.get("seed"), "seed", 0, 0, 2**63 - 1),
                           str(form.get("kingdom") or "random"),
                           str(form.get("rules") or "official"), start)
    plays: dict[str, Any] = request.app.state.plays
    while len(plays) >= MAX_PLAYS:
        plays.pop(next(iter(plays)))
    play_id = secrets.token_hex(5)
    plays[play_id] = session
    url = f"/dominion/play/{play_id}"
    if common.is_htmx(request):  # the form posts through htmx (its errors go beside a field)
        return Response(status_code=204, headers={"HX-Redirect": url})
    return RedirectResponse(url, status_code=303)


def _session(request: Request, play_id: str) -> Any:
    session = request.app.state.plays.get(play_id)
    if session is None:
        raise NotFoundError(f"no game {play_id!r} (games live as long as the server)")
    return session


@router.get("/play/{play_id}", response_class=HTMLResponse)
def play_game(request: Request, play_id: str) -> HTMLResponse:
    session = _session(request, play_id)
    with session.lock:
        view = dom.play_view(session)
        log = dom.play_log(session)
    return render(request, "dominion/play_game.html", {"v": view, "play_id": play_id,
                                                       "log": log})


@router.post("/play/{play_id}/answer", response_class=HTMLResponse)
def play_answer(request: Request, play_id: str, option: str = Form(...),
                move: str = Form("")) -> Response:
    """Answer the pending decision with one of the options the rules allow."""
    session = _session(request, play_id)
    with session.lock:
        if move.strip() and form_int(move, "move", 0, 0) != session.moves:
            raise LudolabError(
                "this page is out of date (the game moved on in another tab): reload it")
        dom.answer(session, form_int(option, "option", None))
        ctx = {"v": dom.play_view(session), "play_id": play_id, "log": dom.play_log(session)}
    if common.is_htmx(request):
        return render(request, "dominion/_board.html", ctx)
    return RedirectResponse(f"/dominion/play/{play_id}", status_code=303)


@router.post("/play/{play_id}/treasures", response_class=HTMLResponse)
def play_treasures(request: Request, play_id: str, move: str = Form("")) -> Response:
    """"Play all Treasures": every Treasure in hand that has no choice or effect of its own."""
    session = _session(request, play_id)
    with session.lock:
        if move.strip() and form_int(move, "move", 0, 0) != session.moves:
            raise LudolabError(
                "this page is out of date (the game moved on in another tab): reload it")
        if not dom.play_all_treasures(session):
            raise LudolabError("no Treasure to play: you are not asked to play Treasures now")
        ctx = {"v": dom.play_view(session), "play_id": play_id, "log": dom.play_log(session)}
    if common.is_htmx(request):
        return render(request, "dominion/_board.html", ctx)
    return RedirectResponse(f"/dominion/play/{play_id}", status_code=303)


def player_texts(players: list[str], request: Request) -> list[dict[str, str]]:
    """What reproduces each player (written into downloads): a bot's file text, or a search
    player's spec."""
    return [{"player": p, "text": dom.player_text(resolve_player(request, None, p))}
            for p in players]
