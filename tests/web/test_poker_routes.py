"""The poker pages through FastAPI's test client: every page, a simulation equal to the library's
for the same arguments, downloads, Stop, hand histories equal to ``ludolab poker log``, and the
exact one-line message (with its 4xx status) for every kind of bad input."""

from __future__ import annotations

import html
import io
import json
import re
import time
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import pytest
from webtools import BASE_URL, post_form

from clitools import run
from ludolab import poker
from ludolab.games.poker.bots import library

HX = {"HX-Request": "true"}
SIM = {"seat0": "Loki-1", "seat1": "Always Call", "seat2": "Random", "deals": "30",
       "seed": "9", "schedule": "duplicate", "rules": "limit,cap=3"}
ARGS = (["Loki-1", "Always Call", "Random"], 30, 9)
KW = {"schedule": "duplicate", "rules": "limit,cap=3"}


def alert(response: Any) -> str:
    """The one-line message of an error response."""
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(m.group(1)).strip()


def hand_text(response: Any) -> str:
    """The hand history shown on the hand page, as plain text."""
    m = re.search(r'<pre class="hand-history" id="hand-text">(.*?)</pre>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(re.sub(r"<[^>]+>", "", m.group(1))).strip()


def start(client: Any, app: Any, data: dict[str, str]) -> Any:
    r = post_form(client, "/poker/simulate", data=data, follow_redirects=False)
    assert r.status_code == 303, alert(r) if r.status_code == 400 else r.text[:300]
    job_id = r.headers["location"].split("job=")[1]
    return app.state.jobs.wait(job_id, 300)


def _without_time(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "seconds"}


@pytest.mark.parametrize("url", ["/poker/simulate", "/poker/hand", "/poker/bots",
                                 "/poker/bots/loki-1"])
def test_every_poker_page_renders(client: Any, url: str) -> None:
    r = client.get(url)
    assert r.status_code == 200
    assert "<nav>" in r.text and '<a href="/poker/simulate"' in r.text


def test_the_start_page_lists_the_poker_pages(client: Any) -> None:
    page = client.get("/").text
    for title in ("Poker", "Hand history", "Poker bots"):
        assert f"<b>{title}</b>" in page
    assert "Fixed-limit hold'em" in html.unescape(page)


def test_the_bot_pages_show_the_library(client: Any) -> None:
    page = html.unescape(client.get("/poker/bots").text)
    bots = library()
    assert page.count("<tr id=\"bot-") == len(bots)
    for b in bots:
        assert b.name in page and b.summary in page and b.source in page
    loki = next(b for b in bots if b.name == "Loki-2")
    detail = client.get("/poker/bots/loki-2")
    words = re.search(r'<pre class="words" id="bot-words">(.*?)</pre>', detail.text, re.S)
    text = re.search(r'<pre class="code" id="bot-file">(.*?)</pre>', detail.text, re.S)
    assert loki.path is not None and str(loki.path) not in detail.text  # no server paths
    described = loki.describe().replace(str(loki.path), "loki-2.toml (bot library)")
    assert words and html.unescape(words.group(1)) == described
    assert text and html.unescape(text.group(1)) == loki.text
    missing = client.get("/poker/bots/loki-9")
    assert missing.status_code == 404 and alert(missing) == "no poker bot 'loki-9' in the library"


def test_a_simulation_gives_the_library_result(client: Any, app: Any) -> None:
    job = start(client, app, SIM)
    assert job.status == "done", job.error
    want = poker.simulate(*ARGS, **KW)
    got = job.result
    assert (got.hands, got.deals, got.seats) == (180, 30, 3)  # 30 deals x 6 seatings
    np.testing.assert_array_equal(got.records["won"], want.records["won"])
    assert got.bot_rows() == want.bot_rows()
    summary = json.loads(client.get(f"/poker/simulate/jobs/{job.id}/summary.json").text)
    assert _without_time(summary) == _without_time(json.loads(json.dumps(want.to_dict())))
    page = client.get(f"/poker/simulate?job={job.id}").text
    for r in want.bot_rows():
        lo, hi = r["sb_ci"]
        assert (f"<tr><td>{r['bot']}</td><td class=\"num\">180</td><td class=\"num\">"
                f"{r['seat_hands']:,}</td><td class=\"num\">{r['sb_per_hand']:+.4f}</td>"
                f"<td class=\"num\">{lo:+.4f} to {hi:+.4f}</td><td class=\"num\">30</td>") in page
    assert "Intervals are computed over 30 independent units" in page
    assert page.count('class="sbbar-row"') == 3
    assert page.count('class="uplot-host"') == 1
    assert "(30 deals x 6" in page


def test_downloads_parquet_and_report(client: Any, app: Any) -> None:
    job = start(client, app, {**SIM, "deals": "5"})
    r = client.get(f"/poker/simulate/jobs/{job.id}/hands.parquet")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    table = pq.read_table(io.BytesIO(r.content))
    assert table.num_rows == 30
    np.testing.assert_array_equal(np.stack(table.column("won").to_numpy(zero_copy_only=False)),
                                  job.result.records["won"])
    rep = client.get(f"/poker/simulate/jobs/{job.id}/report.html")
    assert rep.status_code == 200 and "Small bets per hand by bot" in rep.text


def test_table_8_1_with_three_bots_and_five_vs_five(client: Any, app: Any) -> None:
    job = start(client, app, {"seat0": "Loki-1", "seat1": "Always Call", "seat2": "Random",
                              "schedule": "table-8.1", "deals": "3", "seed": "1"})
    assert job.status == "done" and (job.result.seats, job.result.hands) == (10, 30)
    want = poker.simulate(["Loki-1", "Always Call", "Random"], 3, 1, schedule="table-8.1")
    np.testing.assert_array_equal(job.result.records["won"], want.records["won"])
    five = start(client, app, {"seat0": "Loki-2", "seat1": "Always Raise",
                               "schedule": "five-vs-five", "deals": "2", "seed": "2"})
    assert five.status == "done" and five.result.seats == 10
    assert "five-vs-five" in client.get(f"/poker/simulate?job={five.id}").text


def test_htmx_start_returns_the_job_panel(client: Any, app: Any) -> None:
    r = post_form(client, "/poker/simulate", data={**SIM, "deals": "2"}, headers=HX)
    assert r.status_code == 200 and 'id="sim-job"' in r.text
    job_id = re.search(r'data-job="(\w+)"', r.text).group(1)  # type: ignore[union-attr]
    assert r.headers["HX-Push-Url"] == f"/poker/simulate?job={job_id}"
    assert app.state.jobs.wait(job_id, 300).status == "done"
    panel = client.get(f"/poker/simulate/jobs/{job_id}")
    assert 'data-status="done"' in panel.text and 'id="result-table"' in panel.text


def test_stop_keeps_the_finished_units(client: Any, app: Any) -> None:
    r = post_form(client, "/poker/simulate", data={"seat0": "Always Raise", "seat1": "Always Call",
                                             "deals": "200000", "seed": "3"},
                    follow_redirects=False)
    job_id = r.headers["location"].split("job=")[1]
    job = app.state.jobs.get(job_id)
    deadline = time.time() + 120
    while job.done == 0 and job.running and time.time() < deadline:
        time.sleep(0.01)
    assert post_form(client, f"/jobs/{job_id}/cancel").status_code == 204
    job = app.state.jobs.wait(job_id, 300)
    assert job.status == "cancelled"
    res = job.result
    assert res.interrupted and 0 < res.hands < 400_000 and res.hands == 2 * res.deals
    page = client.get(f"/poker/simulate?job={job_id}").text
    assert 'data-status="cancelled"' in page and f"{res.hands:,} hands of 400,000" in page


def test_the_hand_page_is_the_cli_log(client: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "poker", "log", "Loki-1", "Always Call", "Random", "--seed",
                         "3", "--deal", "2", "--trial", "4", "--rules", "loki")
    assert code == 0, err
    r = client.get("/poker/hand", params={"seat0": "Loki-1", "seat1": "Always Call",
                                          "seat2": "Random", "seed": "3", "deal": "2",
                                          "trial": "4", "rules": "loki"})
    assert r.status_code == 200
    assert hand_text(r) == out.strip()
    code, out, err = run(capsys, "poker", "log", "Loki-2", "Random", "--seats", "10", "--seed",
                         "7", "--deal", "1", "--trial", "9")
    assert code == 0, err
    r = client.get("/poker/hand", params={"seat0": "Loki-2", "seat1": "Random", "seats": "10",
                                          "schedule": "table-8.1", "seed": "7", "deal": "1",
                                          "trial": "9"})
    assert hand_text(r) == out.strip()


def test_the_button_can_move(client: Any) -> None:
    q = {"seat0": "Loki-1", "seat1": "Random", "seat2": "Always Call", "seed": "4", "deal": "0"}
    moved = hand_text(client.get("/poker/hand", params={**q, "button": "2"}))
    assert moved.splitlines()[0].endswith("3 seats, button seat 2")
    assert "  seat 0 (Loki-1) posts the small blind 1  [pot 1]" in moved.splitlines()


def test_a_simulated_hand_is_that_hand(client: Any, app: Any,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    job = start(client, app, SIM)
    rec = job.result.records
    n = 41
    p = int(np.nonzero(rec["index"] == n)[0][0])
    deal, trial = int(rec["deal"][p]), int(rec["trial"][p])
    r = client.get(f"/poker/hand?job={job.id}&hand={n}")
    assert r.status_code == 200
    text = hand_text(r)
    code, out, err = run(capsys, "poker", "log", "Loki-1", "Always Call", "Random", "-s", "9",
                         "--rules", "limit,cap=3", "--deal", str(deal), "--trial", str(trial))
    assert code == 0, err
    assert text == out.strip()
    # the chips of the history are the chips the run recorded (in small bets)
    result = text.splitlines()[-1]
    sbs = [float(x) for x in re.findall(r"\(([+-][\d.]+) sb\)", result)]
    np.testing.assert_allclose(sbs, rec["won"][p])
    bad = client.get(f"/poker/hand?job={job.id}&hand=180")
    assert bad.status_code == 400
    assert alert(bad) == "hand 180 is not among the 180 hands kept (0 to 179)"


BAD_SIM = [
    ({"seat1": "Loki-3"}, "unknown poker bot 'Loki-3'; did you mean 'Loki-2'?"),
    ({"seat1": "../bots/x.toml"},
     "player '../bots/x.toml' names a file; the page takes no file paths"),
    ({"seats": "11"}, "poker seats 2 to 10 players, got 11"),
    ({"seats": "1"}, "poker seats 2 to 10 players, got 1"),
    ({"seats": "2"}, "3 bots do not fit 2 seats"),
    ({"seats": "3", "schedule": "table-8.1"},
     "schedule table-8.1 needs 10 seats (document 002's table), got 3"),
    ({"schedule": "five-vs-five"},
     "schedule five-vs-five seats five copies of each of 2 bots, got 3"),
    ({"schedule": "tabel-8.1"}, "unknown schedule 'tabel-8.1' (did you mean 'table-8.1'?); "
     "choose from " + ", ".join(poker.SCHEDULES)),
    ({"rules": "limit,cap=x"}, "rule setting cap must be a whole number, got 'x'"),
    ({"deals": "0"}, "deals must be at least 1, got 0"),
    ({"deals": "many"}, "deals must be a whole number, got 'many'"),
    ({"seed": "-1"}, "seed must be at least 0, got -1"),
    ({"seat0": "", "seat1": "", "seat2": ""}, "choose at least one bot"),
]


@pytest.mark.parametrize(("change", "message"), BAD_SIM)
def test_bad_simulation_input(client: Any, change: dict[str, str], message: str) -> None:
    r = post_form(client, "/poker/simulate", data={**SIM, **change}, headers=HX)
    assert r.status_code == 400
    assert alert(r) == message
    full = post_form(client, "/poker/simulate", data={**SIM, **change}, follow_redirects=False)
    assert full.status_code == 400 and alert(full) == message and "<html" in full.text


BAD_HAND = [
    ({"seat0": "Nobody"}, "unknown poker bot 'Nobody'"),
    ({"seats": "12"}, "poker seats 2 to 10 players, got 12"),
    ({"seats": "3", "schedule": "table-8.1"},
     "schedule table-8.1 needs 10 seats (document 002's table), got 3"),
    ({"trial": "6"}, "the trial must be 0 to 5 for this schedule, got 6"),
    ({"button": "3"}, "the button must be seat 0 to 2, got 3"),
    ({"deal": "x"}, "deal must be a whole number, got 'x'"),
    ({"rules": "nolimit"}, "unknown poker rule preset 'nolimit'; did you mean 'limit'? valid "
     "presets: limit, loki, acpc-heads-up, acpc"),
]


@pytest.mark.parametrize(("change", "message"), BAD_HAND)
def test_bad_hand_input(client: Any, change: dict[str, str], message: str) -> None:
    q = {"seat0": "Loki-1", "seat1": "Always Call", "seat2": "Random", "seed": "1", "deal": "0",
         **change}
    r = client.get("/poker/hand", params=q)
    assert r.status_code == 400 and alert(r) == message


def test_unknown_jobs_are_404(client: Any) -> None:
    r = client.get("/poker/simulate?job=nope")
    assert r.status_code == 404
    assert alert(r) == "no poker-simulate job 'nope'"
    assert client.get("/poker/hand?job=nope&hand=0").status_code == 404


def test_a_poker_tournament_takes_library_bots_and_baselines_but_no_files(client: Any,
                                                                         app: Any) -> None:
    text = ('name = "p"\ngame = "poker"\nplayers = ["Loki-1", "call", "random:0.2:0.3"]\n'
            'schedule = "round-robin"\ngames = 60\nseed = 1\n')
    r = post_form(client, "/arena/tournament", data={"text": text}, follow_redirects=False)
    assert r.status_code == 303, alert(r) if r.status_code == 400 else r.text[:300]
    job = app.state.jobs.wait(r.headers["location"].split("job=")[1], 300)
    assert job.status == "done", job.error
    bad = post_form(client, "/arena/tournament", data={"text": text.replace('"call"', '"x.toml"')},
                      headers=HX)
    assert bad.status_code == 400
    assert alert(bad) == "player 'x.toml' names a file; the page takes no file paths"


def test_a_simulated_hand_fills_the_form_with_its_run(client: Any, app: Any) -> None:
    job = start(client, app, {**SIM, "deals": "4"})
    page = client.get(f"/poker/hand?job={job.id}&hand=13").text  # deal 2, seating 1
    picks = [(i, n) for i, n in re.findall(r'<input name="seat(\d)"[^>]*value="([^"]*)"', page)
             if n]
    assert [(int(i), html.unescape(n)) for i, n in picks] == [
        (0, "Loki-1"), (1, "Always Call"), (2, "Random")]
    for name, value in (("rules", "limit,cap=3"), ("seed", "9"), ("deal", "2"), ("trial", "1")):
        assert re.search(rf'name="{name}"[^>]*value="{re.escape(value)}"', page), name
    again = client.get("/poker/hand", params={"seat0": "Loki-1", "seat1": "Always Call",
                                              "seat2": "Random", "rules": "limit,cap=3",
                                              "seed": "9", "deal": "2", "trial": "1"})
    assert hand_text(again) == hand_text(client.get(f"/poker/hand?job={job.id}&hand=13"))


def test_the_results_folder_gets_each_finished_poker_job(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from ludolab.web.app import create_app

    app = create_app(results_dir=tmp_path, workers=1)
    job = start(TestClient(app, base_url=BASE_URL), app, {**SIM, "deals": "3"})
    assert job.status == "done"
    js = tmp_path / f"poker-simulation-{job.id}.json"
    assert job.saved == [str(js), str(tmp_path / f"poker-simulation-{job.id}.parquet")]
    assert json.loads(js.read_text())["hands"] == 18
    assert pq.read_table(job.saved[1]).num_rows == 18


def test_a_sequential_test_stops_when_it_decides(client: Any, app: Any) -> None:
    form = {"seat0": "Loki-1", "seat1": "Always Call", "deals": "5000", "seed": "2",
            "mode": "sprt", "d0": "0", "d1": "0.5", "look": "100", "sprt_min": "200"}
    job = start(client, app, form)
    assert job.status == "done", job.error
    want = poker.simulate(["Loki-1", "Always Call"], 5000, 2, sprt=(0.0, 0.5), look=100,
                          sprt_min=200)
    got = job.result
    assert got.sprt is not None and want.sprt is not None
    assert (got.sprt.status, got.sprt.decided_at) == (want.sprt.status, want.sprt.decided_at)
    assert got.sprt.status == "H1" and got.deals < 5000
    np.testing.assert_array_equal(got.records["won"], want.records["won"])
    page = html.unescape(client.get(f"/poker/simulate?job={job.id}").text)
    assert ("Sequential test: <b>H1 accepted: Loki-1 minus Always Call is 0.5 rather than 0 "
            f"sb/hand</b> after {want.sprt.decided_at:,} deals") in page
    assert want.sprt.summary() in page


@pytest.mark.parametrize(("change", "message"), [
    ({"seat2": "Random"}, "a sequential test compares 2 bots, got 3"),
    ({"d1": "-1"}, "d0 must be below d1 (H0: mean d0, H1: mean d1), got 0.0 and -1.0"),
    ({"d1": "x"}, "H1 difference must be a number, got 'x'"),
    ({"look": "0"}, "deals between looks must be at least 1, got 0"),
])
def test_bad_sequential_test_input(client: Any, change: dict[str, str], message: str) -> None:
    form = {"seat0": "Loki-1", "seat1": "Always Call", "mode": "sprt", **change}
    r = post_form(client, "/poker/simulate", data=form, headers=HX)
    assert r.status_code == 400 and alert(r) == message


def test_a_search_seat_plays_a_few_hands(client: Any, app: Any) -> None:
    """A seat takes the generic search spec of ``ludolab poker sim``: the run finishes, its
    summary names the search and counts every hand, as ``poker.simulate`` would."""
    data = {"seat0": "mc:simulations=5", "seat1": "Always Call", "deals": "3", "seed": "4",
            "schedule": "duplicate", "rules": "limit"}
    job = start(client, app, data)
    assert job.status == "done", job.error
    summary = json.loads(client.get(f"/poker/simulate/jobs/{job.id}/summary.json").text)
    assert summary["bots"] == ["mc:simulations=5", "Always Call"]
    assert summary["hands"] == 6 and [r["hands"] for r in summary["by_bot"]] == [6, 6]
    lib = poker.simulate(["mc:simulations=5", "Always Call"], 3, 4, schedule="duplicate",
                         rules="limit").to_dict()
    assert _without_time(summary) == _without_time(lib)  # the CLI's library, hand for hand
    page = client.get(f"/poker/simulate?job={job.id}").text
    assert "mc:simulations=5" in html.unescape(page)


BAD_SEARCH = [
    ({"seat1": "mc:simulations=0"}, None),
    ({"seat1": "uct:depth=3"}, None),
    ({"seat1": "mc:simulations=5", "deals": "600"},
     "600 deals x 6 hands is 3,600 hands; with a search seat (about 14 hands a second) the page "
     "plays at most 1,000"),
]


@pytest.mark.parametrize(("change", "message"), BAD_SEARCH)
def test_a_bad_search_seat_is_a_one_line_400(client: Any, change: dict[str, str],
                                             message: str | None) -> None:
    """A bad ``mc:``/``uct:`` parameter is the CLI parser's own line (the same text
    ``make_generic_player`` raises), and a search run longer than the page allows is refused."""
    from ludolab.errors import LudolabError
    from ludolab.players.generic import make_generic_player

    if message is None:
        with pytest.raises(LudolabError) as err:
            make_generic_player(change["seat1"])
        message = str(err.value)
    r = post_form(client, "/poker/simulate", data={**SIM, **change}, headers=HX)
    assert r.status_code == 400
    assert alert(r) == message and "\n" not in message


def test_the_hand_page_refuses_a_search_seat(client: Any) -> None:
    r = client.get("/poker/hand", params={"seat0": "mc:simulations=5", "seat1": "Always Call",
                                          "seed": "1", "deal": "0"})
    assert r.status_code == 400
    assert alert(r).startswith("'mc:simulations=5' is a search player")


def test_tournament_players_take_the_searches_by_the_same_parser() -> None:
    """The Tournaments page checks poker players here: a search spec passes, a bad parameter
    is the parser's one line, a file path is still refused."""
    from ludolab.errors import LudolabError
    from ludolab.web.games.poker import check_players

    check_players(["Loki-1", "call", "mc:simulations=5", "uct:simulations=5,c=2"])
    with pytest.raises(LudolabError, match="simulations"):
        check_players(["mc:simulations=0"])
    with pytest.raises(LudolabError, match="names a file"):
        check_players(["bots/mc:x.toml"])
