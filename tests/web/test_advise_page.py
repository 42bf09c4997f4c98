"""The Advise page through FastAPI's test client: a tiny seeded advise on a preset gives the
recommended bot, its rates and per-card tables and a file that keeps in My bots under a name
saying where it came from; every bad form field is a 4xx with one line; another site's POST
is refused."""

from __future__ import annotations

import html
import re
import time
from typing import Any

import pytest
from webtools import post_form, post_htmx, token

from ludolab.games.dominion.bots import parse_bot_text

TINY = {"kingdom": "first-game", "evaluations": "8", "size": "quick", "players": "2",
        "seed": "3"}


def alert(response: Any) -> str:
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(m.group(1)).strip()


def test_the_page_renders_with_the_kingdom_picker(client: Any) -> None:
    r = client.get("/dominion/advise")
    assert r.status_code == 200
    assert 'id="kingdom-picker" data-target="advise-kingdom"' in r.text
    assert 'href="/dominion/advise"' in client.get("/").text  # a tile on the start page


def test_a_tiny_advise_recommends_a_bot_and_keeps_it(client: Any, app: Any) -> None:
    r = post_form(client, "/dominion/advise", data=TINY, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    job_id = r.headers["location"].split("job=")[1]
    job = app.state.jobs.wait(job_id, 600)
    assert job.status == "done", job.error
    advice = job.result
    assert not advice.interrupted and advice.evaluations == 8 and advice.rates
    page = client.get(f"/dominion/advise?job={job_id}").text
    assert 'id="advise-rates"' in page and 'id="advise-cards"' in page
    assert "In its final games it buys per game:" in page
    for row in advice.rates:
        assert f"<td>{html.escape(row['opponent'])}</td>" in page
    text = client.get(f"/dominion/advise/jobs/{job_id}/bot.toml").text
    spec = parse_bot_text(text)
    assert spec.name.startswith("Advised for first-game, seed 3, ")
    assert spec.buy == advice.bot.buy  # the recommended bot, renamed only
    assert spec.description.startswith("Recommended by the kingdom advisor for first-game, "
                                       "seed 3, on ")
    if advice.source != "search":  # a candidate beat the search's champion: it says which
        assert f"It is the {advice.source} bot {advice.bot.name}" in spec.description
    # kept twice: the second copy gets a new name, the first is never overwritten
    names = []
    for _ in range(2):
        r = post_htmx(client, "/dominion/mybots",
                      data={"text": text, "reply": "saved", "on_conflict": "rename"})
        assert r.status_code == 200, r.text[:300]
        names.append(parse_bot_text(client.get(
            "/dominion/bot-text", params={"name": _saved_name(r.text)}).text).name)
    assert names[0] == spec.name and names[1] != spec.name


def test_stop_keeps_the_best_bot_so_far(client: Any, app: Any) -> None:
    """Stop in the search: the job is cancelled (not done) and shows the best bot found so
    far, named after where it came from, with no final rates."""
    r = post_form(client, "/dominion/advise", data={**TINY, "evaluations": "100000"},
                  follow_redirects=False)
    job_id = r.headers["location"].split("job=")[1]
    job = app.state.jobs.get(job_id)
    deadline = time.time() + 300
    while job.note != "stage: search" and job.active and time.time() < deadline:
        time.sleep(0.05)
    assert job.note == "stage: search"
    assert post_form(client, f"/jobs/{job_id}/cancel").status_code == 204
    job = app.state.jobs.wait(job_id, 120)
    assert job.status == "cancelled"
    assert job.result.interrupted and job.result.stage == "search" and not job.result.rates
    page = client.get(f"/dominion/advise?job={job_id}").text
    assert "stopped in the stage “search”" in page and 'id="advised-keep"' in page
    assert "The run stopped before its final" in page
    text = client.get(f"/dominion/advise/jobs/{job_id}/bot.toml").text
    spec = parse_bot_text(text)
    assert spec.name.startswith("Advised for first-game, seed 3, ")
    assert spec.description.endswith("The run was stopped in its search stage: the best bot "
                                      "found so far.")


def _saved_name(fragment: str) -> str:
    """The ``my:NAME`` spec of a "saved" reply."""
    m = re.search(r'data-saved="([^"]+)"', fragment)
    assert m, fragment[:300]
    return html.unescape(m.group(1))


@pytest.mark.parametrize(("field", "value", "message"), [
    ("kingdom", "Smithy, Vilage, Market, Moat, Cellar, Mine, Remodel, Workshop, Witch, Moneylender",
     "Vilage"),
    ("kingdom", "Smithy, Village, Market, Moat, Cellar, Mine, Remodel, Workshop, Witch, "
     "Moneylender, Chapel", "the kingdom lists 11 cards; a game has at most 10 kingdom piles"),
    ("kingdom", "Smithy, Village, Market", "a kingdom is ten kingdom piles"),
    ("evaluations", "0", "evaluations must be a whole number from 1"),
    ("players", "7", "players must be 2 to 6, got 7"),
    ("players", "1", "players must be 2 to 6, got 1"),
    ("size", "huge", "stage sizes: expected quick or full"),
])
def test_bad_input_is_a_4xx_with_one_line(client: Any, app: Any, field: str, value: str,
                                          message: str) -> None:
    before = len(app.state.jobs.list())
    r = post_form(client, "/dominion/advise", data={**TINY, field: value},
                  follow_redirects=False)
    assert 400 <= r.status_code < 500
    line = alert(r)
    assert message in line and "\n" not in line
    assert len(app.state.jobs.list()) == before


def test_another_sites_post_is_refused(client: Any, app: Any) -> None:
    before = len(app.state.jobs.list())
    r = client.post("/dominion/advise", data={**TINY, "csrf_token": token(client)},
                    headers={"Origin": "http://evil.example"}, follow_redirects=False)
    assert r.status_code == 403
    assert alert(r).startswith("refused: Origin 'http://evil.example'")
    assert len(app.state.jobs.list()) == before
