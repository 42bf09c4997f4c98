"""The tournament pages: run a tournament file given as text, or one built on the page.

The file is the same TOML as ``ludolab arena run`` reads (:mod:`ludolab.arena.tournament`), with
two limits because a page must not touch the server's files: no ``[output]`` table (download the
results instead) and players named by library name or player spec, never by file path (a game's
page package may check its players more strictly with ``check_players``).
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import math
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ludolab.arena.results import write_parquet
from ludolab.arena.runner import RecordBatch
from ludolab.arena.schedules import SCHEDULE_KINDS
from ludolab.arena.tournament import (
    TournamentResult,
    build_task,
    make_schedule,
    parse_tournament,
    run_tournament,
)
from ludolab.errors import LudolabError
from ludolab.games.pig.players import PIG_PLAYERS
from ludolab.report.html import render_report
from ludolab.web import common
from ludolab.web.common import download, form_int, render
from ludolab.web.games import game_pages
from ludolab.web.games.dominion import adapter as dom
from ludolab.web.games.dominion.pages import workspace
from ludolab.web.jobs import Job

NAV = [("Tournaments", "/arena/tournament", "Many bots, duplicate seating, ratings with "
         "intervals and a win-rate heat map.")]
KIND = "tournament"
#: The games the builder composes tournaments of (poker's players are on its own pages).
BUILDER_GAMES = ("dominion", "pig")
#: The longest tournament text the page accepts.
MAX_TEXT = 50_000
router = APIRouter(prefix="/arena")

EXAMPLE = """name = "Three money bots"
game = "dominion"
players = ["Big Money", "Smithy Big Money", "Witch Big Money"]
schedule = "round-robin"
games = 600
seed = 1
"""


def _check_players(t: Any, request: Request | None = None) -> Any:
    """Every player of tournament ``t`` is one the page may run, checked before a job starts:
    the game page's own check, or (a game without one) no file paths and the game's own reading
    of every player spec (building the task only parses and binds; a spec out of its bounds is a
    one-line error here, a 400, never a job that fails). Returns the tournament to run (a game
    page may rewrite its players, e.g. a bot of My bots into its file in the workspace)."""
    if len(t.players) < 2:
        raise LudolabError(f"a tournament needs at least two players, got {len(t.players)}")
    for page in game_pages():
        if page.GAME["name"] == t.game and hasattr(page, "check_players"):
            check = page.check_players
            if "request" in inspect.signature(check).parameters:
                players = check(list(t.players), request=request)
                return dataclasses.replace(t, players=players)
            check(t.players)
            return t
    for p in t.players:
        if "/" in p or "\\" in p or p.lower().endswith(".toml"):
            raise LudolabError(f"player {p!r} names a file; the page takes no file paths")
    build_task(t, make_schedule(t))
    return t


def parse(text: str, request: Request | None = None) -> Any:
    """A checked tournament from its TOML text; one line naming the problem (and line)."""
    if len(text) > MAX_TEXT:
        raise LudolabError(f"the tournament text is {len(text):,} characters; the limit is "
                           f"{MAX_TEXT:,}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LudolabError(f"tournament: not valid TOML: {exc}") from None
    if "output" in data:
        raise LudolabError("tournament: the page writes no files: remove [output] and use the "
                           "download links instead")
    t = parse_tournament(data, text)
    _refuse_option_paths(t)
    return _check_players(t, request)


def _refuse_option_paths(t: Any) -> None:
    """A game option naming a file (``kingdom = "/etc/passwd"``, ``"cards.txt"``) is refused
    before any job: the page touches no file of the server. A Dominion kingdom is resolved
    here too, so a bad one is a 400, not a job that fails."""
    for key, value in t.options.items():
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str) and ("/" in v or "\\" in v or v.lower().endswith(
                    (".toml", ".txt", ".xml", ".json"))):
                raise LudolabError(f"[{t.game}] {key}: {v[:80]!r} names a file; the page takes "
                                   "no file paths")
    if t.game == "dominion" and "kingdom" in t.options:
        dom.check_kingdom(t.options["kingdom"])


#: The longest tournament name the tournament file takes.
MAX_NAME = 80


def tournament_name(players: list[str]) -> str:
    """A name for the builder's tournament that fits the file's limit whole: every player when
    they fit, else the first ones and how many more (never a name cut mid-word)."""
    full = " vs ".join(players)
    if len(full) <= MAX_NAME:
        return full
    for k in range(len(players) - 1, 0, -1):
        name = f"{', '.join(players[:k])} and {len(players) - k} more"
        if len(name) <= MAX_NAME:
            return name
    return f"{len(players)} players"


def build(players: list[str], game: str, schedule: str, games: int, seed: int,
          sprt: bool, request: Request | None = None) -> str:
    """A tournament file from the builder's choices (its name whole, see
    :func:`tournament_name`)."""
    if len(players) < 2:
        raise LudolabError("pick at least two players")
    lines = [f"name = {json.dumps(tournament_name(players))}", f'game = "{game}"',
             "players = [" + ", ".join(json.dumps(p) for p in players) + "]",
             f'schedule = "{schedule}"', f"games = {games}", f"seed = {seed}"]
    if sprt:
        lines += ["", "[stop]", 'test = "sprt"', "p0 = 0.5", "p1 = 0.55", "batch = 200"]
    text = "\n".join(lines) + "\n"
    parse(text, request)
    return text


def _finite(x: Any) -> Any:
    return None if isinstance(x, float) and not math.isfinite(x) else x


def view(result: TournamentResult) -> dict[str, Any]:
    """Tables, ratings with intervals and the win-rate matrix with heat-map colours."""
    d = result.to_dict()
    # the best first: ratings by rating, the table by score (the file's order is no ranking)
    if d.get("ratings"):
        d["ratings"] = sorted(d["ratings"], key=lambda r: -r["elo"])
    d["by_bot"] = sorted(d["by_bot"], key=lambda r: -(r.get("score") or 0.0))
    d["per_deal"] = d["games"] // d["deals"] if d.get("deals") else 0
    matrix = d.get("win_matrix")
    cells = None
    if matrix:
        cells = [[{"value": v, "color": _heat(v)} for v in row] for row in matrix]
    return {"summary": d, "cells": cells, "names": result.names}


def _heat(v: float | None) -> str:
    """Light red (0) through white (0.5) to light green (1)."""
    if v is None:
        return "#eee"
    t = min(1.0, abs(min(1.0, max(0.0, v)) - 0.5) * 2)
    if v < 0.5:
        return f"rgb(255,{int(255 - 110 * t)},{int(255 - 110 * t)})"
    return f"rgb({int(255 - 120 * t)},{int(255 - 40 * t)},{int(255 - 120 * t)})"


def _context(job: Job) -> dict[str, Any]:
    """The panel's status, read before the result (a job sets its result first)."""
    st = job.status
    if st != "running" and job.result is not None:
        return {"st": st, "view": job.context.setdefault("view", view(job.result))}
    return {"st": st}


@router.get("/tournament", response_class=HTMLResponse)
def tournament_page(request: Request, job: str | None = None) -> HTMLResponse:
    ctx: dict[str, Any] = {"text": EXAMPLE, "schedules": SCHEDULE_KINDS, "job": None,
                           "bots": _dominion_bots(), "pickers": _pickers(request),
                           "games": BUILDER_GAMES,
                           "more": request.query_params.get("player", "")[:300]}
    if job:
        j = request.app.state.jobs.get(job, KIND)
        ctx.update(job=j, text=j.context.get("text", EXAMPLE), **_context(j))
    return render(request, "arena/tournament.html", ctx)


def _pickers(request: Request) -> dict[str, Any]:
    """The settings pickers of the builder: each game's search players and My bots."""
    return {"dominion": dom.search_factories(), "pig": dom.factories_view(PIG_PLAYERS),
            "mybots": [b.spec for b in workspace(request).bots()]}


def _dominion_bots() -> list[str]:
    for page in game_pages():
        if page.GAME["name"] == "dominion":
            return page.library_bots()
    return []


@router.post("/tournament/build", response_class=HTMLResponse)
async def tournament_build(request: Request) -> HTMLResponse:
    """The builder: compose a tournament file from checked boxes (it lands in the editor)."""
    form = await request.form()
    game = str(form.get("game") or "dominion")
    if game not in BUILDER_GAMES:
        raise LudolabError(f"game: the builder makes {' or '.join(BUILDER_GAMES)} tournaments, "
                           f"got {game[:40]!r}")
    players = [str(p) for p in form.getlist("players")] if game == "dominion" else []
    extra = str(form.get("more") or "")
    if len(extra) > MAX_TEXT:
        raise LudolabError(f"more players: at most {MAX_TEXT:,} characters")
    players += [line.strip() for line in extra.splitlines() if line.strip()]
    text = build(players, game,
                 str(form.get("schedule") or "round-robin"),
                 form_int(form.get("games"), "games", 600, 1, 1_000_000),
                 form_int(form.get("seed"), "seed", 0, 0, 2**63 - 1),
                 form.get("sprt") == "on", request)
    return render(request, "arena/_tournament_text.html", {"text": text})


def player_texts(game: str, players: list[str], request: Request) -> list[dict[str, str]]:
    """What reproduces each player of a tournament (written into its download): a Dominion
    bot's file text, else the player spec itself."""
    for page in game_pages():
        if page.GAME["name"] == game and hasattr(page, "player_texts"):
            return list(page.player_texts(players, request))
    return [{"player": p, "text": p} for p in players]


@router.post("/tournament")
async def tournament_start(request: Request) -> Response:
    """Check the tournament text and run it in the background."""
    form = await request.form()
    text = str(form.get("text") or "")
    t = parse(text, request)
    shown = tomllib.loads(text).get("players", [])  # as written (parse checked the text)
    texts = player_texts(t.game, [str(p) for p in shown], request)
    workers = request.app.state.workers

    def work(job: Job) -> Any:
        result = run_tournament(t, workers=workers, progress=job.progress)
        job.played = int(result.games)  # whole deals of every seating: may be fewer than asked
        return result

    def save(job: Job, folder: Any) -> list[Any]:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"tournament-{job.id}.json"
        path.write_text(json.dumps(job.result.to_dict(), indent=2, default=str),
                        encoding="utf-8")
        return [path]

    job = request.app.state.jobs.start(KIND, f"{t.name} ({t.game})", work, save,
                                       {"text": text, "url": "/arena/tournament",
                                        "players": texts})
    job.total = t.games
    url = f"/arena/tournament?job={job.id}"
    if common.is_htmx(request):
        return render(request, "arena/_tournament_job.html", {"job": job, **_context(job)},
                      headers={"HX-Push-Url": url})
    return RedirectResponse(url, status_code=303)


@router.get("/tournament/jobs/{job_id}", response_class=HTMLResponse)
def tournament_job(request: Request, job_id: str) -> HTMLResponse:
    job = request.app.state.jobs.get(job_id, KIND)
    return render(request, "arena/_tournament_job.html", {"job": job, **_context(job)})


@router.get("/tournament/jobs/{job_id}/summary.json")
def tournament_json(request: Request, job_id: str) -> Response:
    job = request.app.state.jobs.get(job_id, KIND)
    if job.result is None:
        raise LudolabError(f"job {job_id} has no result yet ({job.status})")
    out = {**job.result.to_dict(), "player_texts": job.context.get("players", [])}
    return download(json.dumps(out, indent=2, default=str),
                    f"tournament-{job_id}.json", "application/json")


def _tournament_result(request: Request, job_id: str) -> Job:
    job = request.app.state.jobs.get(job_id, KIND)
    if job.result is None:
        raise LudolabError(f"job {job_id} has no result yet ({job.status})")
    return job


def _summary(job: Job) -> dict[str, Any]:
    """The JSON summary with what reproduces each player (the downloads' metadata)."""
    return {**job.result.to_dict(), "player_texts": job.context.get("players", [])}


@router.get("/tournament/jobs/{job_id}/games.parquet")
def tournament_parquet(request: Request, job_id: str) -> Response:
    """One Parquet row per game (as ``ludolab arena run``'s ``[output] parquet``), the summary
    and the players' texts in its metadata."""
    job = _tournament_result(request, job_id)
    return download(records_parquet(job.result.records, _summary(job)),
                    f"tournament-{job_id}.parquet", "application/vnd.apache.parquet")


@router.get("/tournament/jobs/{job_id}/report.html")
def tournament_report(request: Request, job_id: str) -> Response:
    """A single-file HTML report: the table by player, ratings, the paired result, the win-rate
    matrix, the settings and every player's text."""
    job = _tournament_result(request, job_id)
    return download(report_html(job.result, _summary(job)), f"tournament-{job_id}.html",
                    "text/html")


def records_parquet(records: dict[str, Any], meta: dict[str, Any]) -> bytes:
    """Game records as the bytes of a Parquet file (written through a private temporary file)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.parquet"
        write_parquet(path, RecordBatch(records), meta=meta)
        return path.read_bytes()


def report_html(result: TournamentResult, summary: dict[str, Any]) -> str:
    """The tournament's HTML report (:func:`ludolab.report.html.render_report`)."""
    d = view(result)["summary"]
    tables: list[Any] = [("Results by player", ["player", "seat-games", "wins", "ties", "losses",
                                                "win %", "score", "margin"],
                          [[r.get("bot"), r.get("seat_games"), r.get("wins"), r.get("ties"),
                            r.get("losses"), 100 * (r.get("win_rate") or 0.0), r.get("score"),
                            r.get("margin")] for r in d["by_bot"]])]
    if d.get("ratings"):
        tables.append(("Bradley-Terry ratings (Elo scale, 95% interval)",
                       ["player", "rating", "low", "high"],
                       [[r["bot"], r["elo"], r["ci"][0], r["ci"][1]] for r in d["ratings"]]))
    if d.get("win_matrix"):
        names = result.names
        tables.append(("Win rate of the row against the column", ["", *names],
                       [[n, *row] for n, row in zip(names, d["win_matrix"], strict=False)]))
    tables.append(("Players", ["player", "text"],
                   [[p.get("player"), p.get("text")] for p in summary.get("player_texts", [])]))
    meta = {k: d[k] for k in ("game", "schedule", "games", "deals", "set_aside", "max_games",
                              "seed", "options", "interrupted") if k in d}
    return render_report(f"Tournament: {d['name']}", tables, [], meta)
