"""Routes of the poker pages (see :mod:`ludolab.web.games.poker`)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ludolab.errors import LudolabError
from ludolab.web import common
from ludolab.web.common import download, form_float, form_int, render
from ludolab.web.games.poker import adapter as pk
from ludolab.web.jobs import Job, NotFoundError

GAME = {"name": "poker", "title": "Fixed-limit hold'em"}
#: Menu entries: title, address, and what the page does (the start page's tiles).
NAV = [
    ("Poker", "/poker/simulate", "Duplicate poker matches between library bots, 2 to 10 "
     "seats: small bets per hand with 95% intervals over deals."),
    ("Hand history", "/poker/hand", "One poker hand, action by action, replayed from the "
     "traced engine by its seed and deal."),
    ("Poker bots", "/poker/bots", "The poker bot library: each bot's summary, source, "
     "parameters in words and file."),
]
router = APIRouter(prefix="/poker")

SIM_KIND = "poker-simulate"
MAX_SEATS = 10
DEFAULT_SEATS = ("Loki-1", "Always Call")


def _job_context(job: Job) -> dict[str, Any]:
    """What the job panel shows (the status first: a job sets its result before its status)."""
    st = job.status
    ctx: dict[str, Any] = {"st": st}
    if st in ("done", "cancelled") and job.result is not None:
        ctx["view"] = job.context.setdefault("view", pk.result_view(job.result))
    return ctx


def check_players(players: list[str]) -> None:
    """Tournament players must be library bots, baselines or the generic searches (the page
    never reads bot files)."""
    for p in players:
        pk.check_player(p)


def library_bots() -> list[str]:
    """The library's names, for the tournament builder."""
    return pk.bot_names()


def _seat_names(values: list[str], search: bool = False) -> list[str]:
    """The chosen bots in seat order (empty choices skipped), checked against the library;
    ``search``: the generic searches (``mc:``, ``uct:``) too (the Simulate page only)."""
    names = [v.strip() for v in values if v and v.strip()]
    if not names:
        raise LudolabError("choose at least one bot")
    return [pk.player(n, search) for n in names]


def _seats(value: str | None) -> int | None:
    """The seats field: empty means the schedule's default (10 for Table 8.1, else the bots)."""
    if value is None or not str(value).strip():
        return None
    return form_int(value, "seats", None)


# -- bots --------------------------------------------------------------------------------------
@router.get("/bots", response_class=HTMLResponse)
def bots_page(request: Request) -> HTMLResponse:
    """The bot library: name, summary, source, kind; each links to its detail."""
    return render(request, "poker/bots.html", {"bots": pk.bots()})


@router.get("/bots/{slug}", response_class=HTMLResponse)
def bot_page(request: Request, slug: str) -> HTMLResponse:
    """One bot: its parameters in words (``describe()``) and its file."""
    bot = pk.bot_by_slug(slug)
    if bot is None:
        raise NotFoundError(f"no poker bot {slug!r} in the library")
    return render(request, "poker/bot.html", {"bot": bot})


# -- simulate -----------------------------------------------------------------------------------
def _form_context(settings: dict[str, str]) -> dict[str, Any]:
    chosen = [settings.get(f"seat{i}", DEFAULT_SEATS[i] if i < len(DEFAULT_SEATS) else "")
              for i in range(MAX_SEATS)]
    return {"bots": pk.bot_names(), "baselines": pk.BASELINES, "schedules": pk.SCHEDULE_CHOICES,
            "presets": pk.RULE_PRESETS, "max_deals": pk.MAX_DEALS, "max_hands": pk.MAX_HANDS,
            "default_look": pk.DEFAULT_LOOK, "default_sprt_min": pk.DEFAULT_SPRT_MIN,
            "chosen": chosen, "s": settings}


@router.get("/simulate", response_class=HTMLResponse)
def simulate_page(request: Request, job: str | None = None) -> HTMLResponse:
    """The simulation form, and the job panel of ``job`` (progress or results)."""
    ctx: dict[str, Any] = {"job": None}
    settings: dict[str, str] = {}
    if job:
        j = request.app.state.jobs.get(job, SIM_KIND)
        ctx.update(job=j, **_job_context(j))
        settings = j.context.get("form", {})
    ctx.update(_form_context(settings))
    return render(request, "poker/simulate.html", ctx)


@router.post("/simulate")
async def simulate_start(request: Request) -> Response:
    """Check the form and start the simulation in the background."""
    form = await request.form()
    names = _seat_names([str(form.get(f"seat{i}") or "") for i in range(MAX_SEATS)], True)
    deals = form_int(form.get("deals"), "deals", 1000, 1, pk.MAX_DEALS)
    sprt = None
    look, sprt_min = pk.DEFAULT_LOOK, pk.DEFAULT_SPRT_MIN
    if form.get("mode") == "sprt":
        d0 = form_float(form.get("d0"), "H0 difference", 0.0)
        d1 = form_float(form.get("d1"), "H1 difference", 0.05)
        assert d0 is not None and d1 is not None  # an empty field takes the default
        sprt = (d0, d1)
        look = form_int(form.get("look"), "deals between looks", pk.DEFAULT_LOOK, 1,
                        pk.MAX_DEALS)
        sprt_min = form_int(form.get("sprt_min"), "deals before deciding",
                            pk.DEFAULT_SPRT_MIN, 0, pk.MAX_DEALS)
    plan = pk.check_simulation(names, _seats(form.get("seats")), deals,
                               str(form.get("schedule") or "duplicate"),
                               str(form.get("rules") or "limit"),
                               form_int(form.get("seed"), "seed", 0, 0, 2**63 - 1),
                               sprt, look, sprt_min)
    workers = request.app.state.workers

    def work(job: Job) -> Any:
        job.note = "starting (the first run after installing compiles the poker engine: " \
                   "up to a minute)"
        return pk.run_simulation(plan, job.progress, workers)

    def save(job: Job, folder: Any) -> list[Any]:
        return pk.save_simulation(job.result, folder, f"poker-simulation-{job.id}")

    settings = common.form_settings(form)
    title = (f"{' vs '.join(plan.names)}: {plan.schedule.num_seats} seats, {plan.seating}, "
             f"{deals:,} deals" + (" (until the test decides)" if sprt else ""))
    job = request.app.state.jobs.start(
        SIM_KIND, title, work, save,
        {"prepared": plan, "form": settings, "url": "/poker/simulate"})
    job.total = plan.games
    url = f"/poker/simulate?job={job.id}"
    if common.is_htmx(request):
        return render(request, "poker/_sim_job.html", {"job": job, **_job_context(job)},
                      headers={"HX-Push-Url": url})
    return RedirectResponse(url, status_code=303)


@router.get("/simulate/jobs/{job_id}", response_class=HTMLResponse)
def simulate_job(request: Request, job_id: str) -> HTMLResponse:
    """The job panel (polled while the job runs, at most a few times a second)."""
    job = request.app.state.jobs.get(job_id, SIM_KIND)
    return render(request, "poker/_sim_job.html", {"job": job, **_job_context(job)})


def _finished(request: Request, job_id: str) -> Job:
    job = request.app.state.jobs.get(job_id, SIM_KIND)
    if job.result is None:
        raise LudolabError(f"job {job_id} has no result yet ({job.status})")
    return job


@router.get("/simulate/jobs/{job_id}/summary.json")
def simulate_json(request: Request, job_id: str) -> Response:
    job = _finished(request, job_id)
    return download(json.dumps(pk.summary_json(job.result), indent=2),
                    f"poker-simulation-{job_id}.json", "application/json")


@router.get("/simulate/jobs/{job_id}/hands.parquet")
def simulate_parquet(request: Request, job_id: str) -> Response:
    job = _finished(request, job_id)
    return download(pk.parquet_bytes(job.result), f"poker-simulation-{job_id}.parquet",
                    "application/vnd.apache.parquet")


@router.get("/simulate/jobs/{job_id}/report.html")
def simulate_report(request: Request, job_id: str) -> Response:
    job = _finished(request, job_id)
    return download(pk.report_html(job.result), f"poker-simulation-{job_id}.html", "text/html")


# -- one hand -----------------------------------------------------------------------------------
@router.get("/hand", response_class=HTMLResponse)
def hand_page(request: Request, job: str | None = None, hand: str | None = None,
              deal: str | None = None) -> HTMLResponse:
    """One hand's history: a simulated hand by number, or bots, seats, seed, deal and trial."""
    q = request.query_params
    chosen = [q.get(f"seat{i}", "") for i in range(MAX_SEATS)]
    if not any(chosen):
        chosen = [*DEFAULT_SEATS, *[""] * (MAX_SEATS - len(DEFAULT_SEATS))]
    ctx: dict[str, Any] = {"bots": pk.bot_names(), "baselines": pk.BASELINES,
                           "schedules": pk.SCHEDULE_CHOICES,
                           "presets": pk.RULE_PRESETS, "chosen": chosen, "s": dict(q),
                           "hand": None, "job": job or ""}
    if job:
        j = _finished(request, job)
        n = form_int(hand, "hand", 0, 0)
        h = pk.simulated_hand(j.result, j.context["prepared"], n)
        ctx["hand"] = h
        ctx["source"] = f"hand {n} of simulation {j.title}"
        last = int(j.result.records["index"].max())
        ctx["hand_nav"] = {"label": f"hand {n} of 0 to {last:,}",
                      "prev": f"/poker/hand?job={job}&hand={n - 1}" if n > 0 else "",
                      "next": f"/poker/hand?job={job}&hand={n + 1}" if n < last else ""}
        # the form shows the run's settings and this hand's deal and seating: "Show the hand"
        # gives the same hand again, and a change of deal or trial moves from there
        form = j.context.get("form", {})
        ctx["chosen"] = [form.get(f"seat{i}", "") for i in range(MAX_SEATS)]
        ctx["s"] = {**{k: form[k] for k in ("seats", "schedule", "rules", "seed") if k in form},
                    "deal": str(h.deal), "trial": str(h.trial)}
    elif deal is not None:
        names = _seat_names(chosen)
        button = q.get("button", "")
        h = pk.hand(names, _seats(q.get("seats")), q.get("schedule") or "duplicate",
                    q.get("rules") or "limit",
                    form_int(q.get("seed"), "seed", 0, 0, 2**63 - 1),
                    form_int(deal, "deal", 0, 0, 2**40),
                    form_int(q.get("trial"), "trial", 0, 0),
                    form_int(button, "button", None, 0) if button.strip() else None)
        ctx["hand"] = h
        ctx["source"] = f"seed {q.get('seed') or 0}, deal {h.deal}, trial {h.trial}"
        ctx["hand_nav"] = {"label": f"deal {h.deal}", "prev": _deal_url(q, h.deal - 1)
                      if h.deal > 0 else "", "next": _deal_url(q, h.deal + 1)}
    return render(request, "poker/hand.html", ctx)


def _deal_url(query: Any, deal: int) -> str:
    """The hand page's address for another deal, every other setting kept."""
    params = {k: v for k, v in query.items() if k != "deal"}
    params["deal"] = str(deal)
    return "/poker/hand?" + urlencode(params)
