"""Jobs through the real app: every kind of result survives a restart (a new app on the same data
folder), the limit on kept results gives a clear 410 page, jobs beyond the bound show as queued,
and Stop keeps and shows the finished units."""

from __future__ import annotations

import html
import json
import re
import time
from pathlib import Path
from typing import Any

from webtools import BASE_URL, post_form

from ludolab.games.dominion.bots import parse_bot_text

DOM = {"seat0": "Big Money", "seat1": "Smithy Big Money", "games": "40", "seed": "3"}
POKER = {"seat0": "Always Call", "seat1": "Always Raise", "deals": "4", "seed": "1"}
TOURNEY = ('name = "t"\ngame = "dominion"\nplayers = ["Big Money", "Smithy Big Money"]\n'
           'schedule = "round-robin"\ngames = 40\nseed = 1\n')
EVOLVE = {"against": "Big Money", "population": "4", "generations": "2", "games": "4",
          "validate_games": "20"}


def make(data: Path, **kwargs: Any) -> tuple[Any, Any]:
    from fastapi.testclient import TestClient

    from ludolab.web.app import create_app

    app = create_app(workers=1, data_dir=data, **kwargs)
    return app, TestClient(app, base_url=BASE_URL)


def alert(response: Any) -> str:
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(m.group(1)).strip()


def start(client: Any, url: str, data: dict[str, str]) -> str:
    r = post_form(client, url, data, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    return str(r.headers["location"].split("job=")[1])


def test_every_kind_of_result_survives_a_restart(tmp_path: Path) -> None:
    app, client = make(tmp_path, max_running=4)
    ids = {"dom": start(client, "/dominion/simulate", DOM),
           "poker": start(client, "/poker/simulate", POKER),
           "tourney": start(client, "/arena/tournament", {"text": TOURNEY}),
           "evolve": start(client, "/dominion/evolve", EVOLVE)}
    for job_id in ids.values():
        assert app.state.jobs.wait(job_id, 300).status == "done"
    before = client.get(f"/dominion/simulate?job={ids['dom']}").text
    dom_json = client.get(f"/dominion/simulate/jobs/{ids['dom']}/summary.json").json()

    app2, client2 = make(tmp_path)  # a new server on the same data folder
    assert app2.state.csrf_token != app.state.csrf_token
    after = client2.get(f"/dominion/simulate?job={ids['dom']}").text
    table = re.search(r'<table class="grid" id="result-table">.*?</table>', before, re.S)
    assert table and table.group(0) in after  # the same figures
    assert client2.get(f"/dominion/simulate/jobs/{ids['dom']}/summary.json").json() == dom_json
    r = client2.get("/dominion/replay", params={"job": ids["dom"], "game": "3"})
    assert r.status_code == 200 and "game 3 of simulation" in r.text
    r = client2.get(f"/poker/simulate?job={ids['poker']}")
    assert r.status_code == 200 and 'id="result-table"' in r.text
    assert client2.get("/poker/hand", params={"job": ids["poker"], "hand": "1"}).status_code == 200
    summary = json.loads(client2.get(f"/arena/tournament/jobs/{ids['tourney']}/summary.json").text)
    assert summary["games"] == 40
    r = client2.get(f"/dominion/evolve/jobs/{ids['evolve']}/champion.toml")
    assert r.status_code == 200
    assert parse_bot_text(r.text).name.startswith("Champion vs Big Money, ")
    jobs_page = client2.get("/jobs").text
    assert all(f"<code>{i}</code>" in jobs_page for i in ids.values())


def test_a_removed_result_has_a_clear_page(tmp_path: Path) -> None:
    app, client = make(tmp_path, keep=1)
    first = start(client, "/dominion/simulate", DOM)
    app.state.jobs.wait(first, 300)
    second = start(client, "/dominion/simulate", {**DOM, "seed": "4"})
    app.state.jobs.wait(second, 300)
    r = client.get(f"/dominion/simulate?job={first}")
    assert r.status_code == 410
    assert alert(r) == (f"job {first} was removed: the server keeps the last 1 results "
                        "(ludolab serve --keep N)")
    assert client.get(f"/dominion/simulate/jobs/{first}/summary.json").status_code == 410
    assert client.get(f"/dominion/simulate?job={second}").status_code == 200
    row = re.search(rf"<code>{first}</code>.*?</tr>", client.get("/jobs").text, re.S)
    assert row and ">removed<" in row.group(0) and "open</a>" not in row.group(0)


def test_a_job_beyond_the_bound_shows_queued_then_runs(tmp_path: Path) -> None:
    app, client = make(tmp_path, max_running=1)
    long_id = start(client, "/dominion/simulate", {**DOM, "games": "200000"})
    queued_id = start(client, "/dominion/simulate", DOM)
    panel = client.get(f"/dominion/simulate/jobs/{queued_id}").text
    assert 'data-status="queued"' in panel and "hx-get=" in panel  # it keeps polling
    assert re.search(r"waiting for 1 job before it to finish", panel)
    assert post_form(client, f"/jobs/{long_id}/cancel").status_code == 204
    job = app.state.jobs.wait(queued_id, 300)
    assert job.status == "done" and job.result.result.games == 40


def test_stop_keeps_and_shows_the_finished_games(tmp_path: Path) -> None:
    app, client = make(tmp_path)
    job_id = start(client, "/dominion/simulate", {**DOM, "games": "200000"})
    job = app.state.jobs.get(job_id)
    deadline = time.time() + 120
    while job.done == 0 and time.time() < deadline:
        time.sleep(0.02)
    t0 = time.time()
    assert post_form(client, f"/jobs/{job_id}/cancel").status_code == 204
    job = app.state.jobs.wait(job_id, 60)
    assert job.status == "cancelled", time.time() - t0
    games = job.result.result.games
    assert 0 < games < 200_000
    page = client.get(f"/dominion/simulate?job={job_id}").text
    assert f"{games:,} games of 200,000" in page


def test_a_long_run_asks_on_its_panel_and_goes_on_when_confirmed(tmp_path: Path) -> None:
    # 200,000 games in one process take seconds: over a limit of 0.5 s, so the run asks once
    # its first games have measured the rate
    app, client = make(tmp_path, confirm_seconds=0.5)
    job_id = start(client, "/dominion/simulate", {**DOM, "games": "200000"})
    job = app.state.jobs.get(job_id)
    deadline = time.time() + 120
    while job.asking is None and job.active and time.time() < deadline:
        time.sleep(0.02)
    assert job.asking is not None
    panel = client.get(f"/dominion/simulate/jobs/{job_id}").text
    assert re.search(r"This run needs about <b>\d+ (s|min)</b> more, measured over the "
                     r"[\d,]+ games it just played on this computer", panel)
    assert f'hx-post="/jobs/{job_id}/continue"' in panel
    assert post_form(client, f"/jobs/{job_id}/continue").status_code == 204
    job = app.state.jobs.wait(job_id, 300)
    assert job.status == "done" and job.result.result.games == 200_000
