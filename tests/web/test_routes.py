"""Route tests through FastAPI's test client: every page, real runs, downloads, and the exact
one-line message (with a 4xx status, never a traceback) for every kind of bad input."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from webtools import BASE_URL, post_form

from ludolab.dominion import prepare
from ludolab.games.dominion import log as dlog
from ludolab.games.dominion.bots import load_bot, parse_bot_text
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import Engine

HX = {"HX-Request": "true"}
SIM = {"seat0": "Big Money", "seat1": "Smithy Big Money", "games": "600", "seed": "5"}
SRC = Path(__file__).resolve().parents[2] / "src"


def alert(response: Any) -> str:
    """The one-line message of an error response."""
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(m.group(1)).strip()


def start(client: Any, app: Any, data: dict[str, str], url: str = "/dominion/simulate") -> Any:
    r = post_form(client, url, data=data, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    job_id = r.headers["location"].split("job=")[1]
    return app.state.jobs.wait(job_id, 300)


@pytest.mark.parametrize("url", ["/", "/jobs", "/dominion/simulate", "/dominion/replay",
                                 "/dominion/bots", "/dominion/cards", "/dominion/evolve",
                                 "/dominion/advise",
                                 "/dominion/play", "/arena/tournament"])
def test_every_page_renders(client: Any, url: str) -> None:
    r = client.get(url)
    assert r.status_code == 200
    assert "<nav>" in r.text and "/static/vendor/htmx.min.js" in r.text


def test_static_files_are_served_from_the_package(client: Any) -> None:
    for path in ("/static/vendor/htmx.min.js", "/static/vendor/uPlot.iife.min.js",
                 "/static/vendor/uPlot.min.css", "/static/app.js", "/static/app.css"):
        r = client.get(path)
        assert r.status_code == 200 and len(r.content) > 500, path


def test_a_simulation_gives_the_library_result(client: Any, app: Any) -> None:
    job = start(client, app, SIM)
    assert job.status == "done"
    want = prepare(["Big Money", "Smithy Big Money"], 600, 5).run(workers=1)
    got = job.result.result
    assert got.games == 600
    np.testing.assert_array_equal(got.records["vp"], want.records["vp"])
    assert [r["wins"] for r in got.bot_rows()] == [r["wins"] for r in want.bot_rows()]
    page = client.get(f"/dominion/simulate?job={job.id}").text
    wins = want.bot_rows()[1]["win_rate"]
    assert f"<td>Smithy Big Money</td><td class=\"num\">{100 * wins:.2f}</td>" in page
    assert page.count('class="uplot-host"') == 5


def test_three_bots_with_an_editor_bot(client: Any, app: Any) -> None:
    text = 'name = "Gold rush"\nbuy = ["Province if money >= 8", "Gold", "Silver"]\n'
    job = start(client, app, {"seat0": "editor:B", "botB": text, "seat1": "Big Money",
                              "seat2": "Smithy Big Money", "games": "60", "seed": "3"})
    assert job.status == "done"
    assert job.result.result.bots == ["Gold rush", "Big Money", "Smithy Big Money"]
    assert job.result.result.games == 60  # 10 deals in each of the 6 seatings
    page = client.get(f"/dominion/simulate?job={job.id}").text
    assert page.count("<tr><td>Gold rush</td>") == 1
    r = client.get(f"/dominion/replay?job={job.id}&game=5")
    assert r.status_code == 200 and "Dominion, 3 players:" in r.text


def test_two_jobs_at_once_each_get_their_own_result(client: Any, app: Any) -> None:
    ids = []
    for seed in ("21", "22"):
        r = post_form(client, "/dominion/simulate", data={**SIM, "games": "3000", "seed": seed},
                        follow_redirects=False)
        ids.append(r.headers["location"].split("job=")[1])
    for job_id, seed in zip(ids, (21, 22), strict=True):
        job = app.state.jobs.wait(job_id, 300)
        want = prepare(["Big Money", "Smithy Big Money"], 3000, seed).run(workers=1)
        np.testing.assert_array_equal(job.result.result.records["outcome"],
                                      want.records["outcome"])


def test_downloads(client: Any, app: Any, tmp_path: Path) -> None:
    from ludolab.arena.results import read_parquet

    job = start(client, app, {**SIM, "games": "200"})
    r = client.get(f"/dominion/simulate/jobs/{job.id}/summary.json")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    summary = json.loads(r.text)
    assert summary["games"] == 200 and summary["bots"] == ["Big Money", "Smithy Big Money"]
    r = client.get(f"/dominion/simulate/jobs/{job.id}/games.parquet")
    (tmp_path / "g.parquet").write_bytes(r.content)
    batch = read_parquet(tmp_path / "g.parquet")
    np.testing.assert_array_equal(batch["vp"], job.result.result.records["vp"])
    r = client.get(f"/dominion/simulate/jobs/{job.id}/report.html")
    assert r.text.startswith("<!DOCTYPE html>") and "Big Money vs Smithy Big Money" in r.text


def test_until_the_winner_is_clear(client: Any, app: Any) -> None:
    # Smithy Big Money scores about 0.93 against Big Money: H0 "Big Money scores 0.48" is
    # accepted within a few dozen game pairs, long before the 20,000-game limit
    job = start(client, app, {**SIM, "games": "20000", "mode": "clear"})
    sprt = job.result.sprt
    assert sprt.status == "H0" and sprt.decided_at is not None and sprt.decided_at < 200
    assert job.result.result.games < 20000
    page = client.get(f"/dominion/simulate?job={job.id}").text
    assert "Sequential test: <b>Smithy Big Money is the winner</b>" in page


def test_cancel_keeps_the_finished_games(client: Any, app: Any) -> None:
    r = post_form(client, "/dominion/simulate", data={**SIM, "games": "200000"},
                    follow_redirects=False)
    job_id = r.headers["location"].split("job=")[1]
    assert post_form(client, f"/jobs/{job_id}/cancel").status_code == 204
    job = app.state.jobs.wait(job_id, 300)
    assert job.status == "cancelled"
    res = job.result.result
    assert res.interrupted and res.games < 200_000
    assert client.get(f"/dominion/simulate?job={job_id}").status_code == 200
    assert job_id in client.get("/jobs").text


def test_replay_of_a_simulated_game_is_that_game(client: Any, app: Any) -> None:
    job = start(client, app, {**SIM, "games": "20"})
    rec = job.result.result.records
    g = 7
    r = client.get(f"/dominion/replay?job={job.id}&game={g}")
    assert r.status_code == 200
    names = ["Big Money", "Smithy Big Money"]
    seats = [names[b] for b in rec["seating"][g]]
    bots = [load_bot(n) for n in seats]
    engine = Engine(job.context["prepared"].task.kingdom, 2)
    text = dlog.render(engine.trace(bots, int(rec["seed"][g])), seats)
    turns = [line for line in text.splitlines() if line.startswith("Turn ")]
    assert r.text.count('<li class="turn seat') == len(turns)
    assert f"<p class=\"log-head\">Dominion, 2 players: P1 {seats[0]}, P2 {seats[1]}</p>" in r.text
    last = next(line for line in text.splitlines() if line.startswith("The game ended"))
    assert last in r.text
    r = client.get(f"/dominion/replay?job={job.id}&game=20")
    assert r.status_code == 400 and alert(r) == "game 20 is not among the 20 games played (0 to 19)"


def test_play_a_game_to_the_end(client: Any, app: Any) -> None:
    r = post_form(client, "/dominion/play", data={"bot": "Big Money", "seat": "2", "seed": "4"},
                    follow_redirects=False)
    assert r.status_code == 303
    play_id = r.headers["location"].rsplit("/", 1)[1]
    session = app.state.plays[play_id]
    assert session.names == ["Big Money", "You"]
    for _ in range(500):
        d = session.game.pending()
        if d is None:
            break
        assert d.seat == 1  # only the person's decisions reach the page
        by_name = {d.option_name(o): o for o in d.options}
        pick = next((by_name[k] for k in ("Province", "Gold", "Silver") if k in by_name),
                    -1 if -1 in d.options else d.options[0])
        r = post_form(client, f"/dominion/play/{play_id}/answer",
                        data={"option": str(pick), "move": str(session.moves)}, headers=HX)
        assert r.status_code == 200
    assert session.game.is_over()
    assert re.search(r'id="game-over"><b>You (won|lost|shared the win)</b>', r.text)


def test_play_a_prosperity_game_lists_the_treasure_decisions(client: Any, app: Any) -> None:
    """A kingdom with a Treasure that does things (Quarry): the person plays Treasures one at a
    time from the same generic form; the Colony bot brings Platinum and Colony (colony=auto)."""
    r = post_form(client, "/dominion/play", data={"bot": "Colony Big Money", "seat": "1",
                                                  "seed": "3", "kingdom": "Quarry, Smithy"},
                  follow_redirects=False)
    assert r.status_code == 303
    play_id = r.headers["location"].rsplit("/", 1)[1]
    session = app.state.plays[play_id]
    assert "Colony" in session.game.supply()
    seen = False
    for _ in range(300):
        d = session.game.pending()
        if d is None or seen:
            break
        if d.kind.name == "TREASURE":
            r = client.get(f"/dominion/play/{play_id}")
            assert "Play a Treasure" in r.text and "stop playing Treasures" in r.text
            seen = True
        r = post_form(client, f"/dominion/play/{play_id}/answer",
                      data={"option": str(d.options[0]), "move": str(session.moves)}, headers=HX)
        assert r.status_code == 200
    assert seen


def test_play_shows_peddlers_cost_now_not_its_printed_cost(client: Any, app: Any) -> None:
    """Peddler costs $2 less per Action card in play during the buy phase: the supply table and
    the buy options show what it costs now (the kernel's cost), the printed $8 struck beside."""
    r = post_form(client, "/dominion/play", data={
        "bot": "Big Money", "seat": "1", "seed": "1", "kingdom": "Peddler, Village",
        "start_hand": "Village, 2 Peddler, 2 Gold", "start_draw": "10 Copper"},
        follow_redirects=False)
    assert r.status_code == 303
    play_id = r.headers["location"].rsplit("/", 1)[1]
    session = app.state.plays[play_id]
    row = re.compile(r"<td>Peddler</td><td class=\"num\">([^<]*)(<s[^>]*>([^<]*)</s>)?</td>")
    page = client.get(f"/dominion/play/{play_id}").text
    assert row.search(page).groups() == ("$8", None, None)  # the action phase: printed cost
    for name in ("Village", "Peddler", "Peddler"):
        d = session.game.pending()
        assert (d.seat, d.kind.name) == (0, "PLAY"), d
        r = post_form(client, f"/dominion/play/{play_id}/answer", data={
            "option": str(card_id(name)), "move": str(session.moves)}, headers=HX)
        assert r.status_code == 200
    d = session.game.pending()
    assert (d.seat, d.kind.name) == (0, "BUY")
    page = client.get(f"/dominion/play/{play_id}").text
    # three Action cards in play: $8 - 3 x $2
    assert row.search(page).groups() == ("$2 ", '<s class="small" title="printed cost">$8</s>',
                                         "$8")
    assert f'value="{card_id("Peddler")}" class="option ">Peddler ($2)</button>' in page
    assert ">Village ($3)</button>" in page


def test_evolve_runs_and_gives_a_champion_file(client: Any, app: Any) -> None:
    job = start(client, app, {"against": "Big Money", "population": "4", "generations": "2",
                              "games": "4", "validate_games": "20"}, "/dominion/evolve")
    assert job.status == "done" and len(job.series) == 2
    r = client.get(f"/dominion/evolve/jobs/{job.id}/champion.toml")
    assert r.status_code == 200
    assert parse_bot_text(r.text).name.startswith("Champion vs Big Money, document 004")


def test_evolve_stop_keeps_and_validates_the_champion(client: Any, app: Any) -> None:
    r = post_form(client, "/dominion/evolve", data={"against": "Big Money", "population": "4",
                                              "generations": "10000", "games": "4",
                                              "validate_games": "20"}, follow_redirects=False)
    job_id = r.headers["location"].split("job=")[1]
    job = app.state.jobs.get(job_id)
    deadline = time.time() + 120
    while not job.series and time.time() < deadline:
        time.sleep(0.02)
    assert post_form(client, f"/jobs/{job_id}/cancel").status_code == 204
    job = app.state.jobs.wait(job_id, 120)
    assert job.status == "cancelled" and 1 <= len(job.series) < 10000
    assert job.result.interrupted and job.result.validation.games == 20
    r = client.get(f"/dominion/evolve/jobs/{job_id}/champion.toml")
    assert parse_bot_text(r.text).name.startswith("Champion vs Big Money, document 004")


def test_tournament_runs_with_ratings_and_heat_map(client: Any, app: Any) -> None:
    text = ('name = "t"\ngame = "dominion"\nplayers = ["Big Money", "Smithy Big Money", '
            '"Witch Big Money"]\nschedule = "round-robin"\ngames = 120\nseed = 1\n')
    job = start(client, app, {"text": text}, "/arena/tournament")
    assert job.status == "done" and job.result.games == 120
    page = client.get(f"/arena/tournament?job={job.id}").text
    assert 'id="ratings"' in page and 'id="heatmap"' in page
    summary = json.loads(client.get(f"/arena/tournament/jobs/{job.id}/summary.json").text)
    assert [r["bot"] for r in summary["by_bot"]] == ["Big Money", "Smithy Big Money",
                                                     "Witch Big Money"]


def test_tournament_builder_writes_a_file_the_parser_accepts(client: Any) -> None:
    r = post_form(client, "/arena/tournament/build", data={"players": ["Big Money", "Chapel/Witch"],
                                                      "schedule": "rotation", "games": "50",
                                                      "seed": "2", "sprt": "on"}, headers=HX)
    assert r.status_code == 200
    assert 'players = [&#34;Big Money&#34;, &#34;Chapel/Witch&#34;]' in r.text
    assert "[stop]" in r.text


def test_results_folder_keeps_finished_jobs(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from ludolab.web.app import create_app

    app = create_app(results_dir=tmp_path, workers=1)
    job = start(TestClient(app, base_url=BASE_URL), app, {**SIM, "games": "40"})
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"simulation-{job.id}.json",
                                                          f"simulation-{job.id}.parquet"]
    assert json.loads((tmp_path / f"simulation-{job.id}.json").read_text())["games"] == 40


def test_bot_text_of_a_library_bot(client: Any) -> None:
    r = client.get("/dominion/bot-text", params={"name": "Smithy Big Money"})
    assert r.status_code == 200 and parse_bot_text(r.text).name == "Smithy Big Money"
    assert r.text.startswith("# ")  # the file as written, comments kept
    r = client.get("/dominion/bot-text", params={"name": "/etc/passwd"})
    assert r.status_code == 400 and alert(r) == "unknown library bot '/etc/passwd'"


def test_bot_text_of_a_generated_x_bot(client: Any) -> None:
    r = client.get("/dominion/bot-text", params={"name": "bmu + smithy"})
    assert r.status_code == 200 and parse_bot_text(r.text).name == "BMU + Smithy"
    assert '"Smithy limit 1",' in r.text
    r = client.get("/dominion/bot-text", params={"name": "BMU + Smithyy"})
    assert r.status_code == 400 and alert(r) == "unknown card 'Smithyy'; did you mean 'Smithy'?"


def test_bot_check_as_you_type(client: Any) -> None:
    ok = post_form(client, "/dominion/bot/check", data={"editor": "A", "botA": 'name = "x"\n'
                                                  'buy = ["Gold", "Silver"]\n'}, headers=HX)
    assert ok.status_code == 200 and "<b>x</b> is a valid bot" in ok.text
    bad = post_form(client, "/dominion/bot/check",
                      data={"editor": "B", "botB": 'name = "x"\nbuy = ["Gold",\n "Smithyy"]\n'},
                      headers=HX)
    assert bad.status_code == 400 and 'data-line="3"' in bad.text
    assert alert(bad) == "line 3: buy list: unknown card 'Smithyy'; did you mean 'Smithy'?"
    big = post_form(client, "/dominion/bot/check", data={"editor": "A", "botA": "x" * 20_001},
                      headers=HX)
    assert big.status_code == 400
    assert alert(big) == "the bot text is 20,001 characters; the limit is 20,000"


BAD_SIMULATIONS = [
    ({"games": "abc"}, "games must be a whole number, got 'abc'"),
    ({"games": "0"}, "games must be at least 1, got 0"),
    ({"games": "200001"}, "games must be at most 200,000, got 200,001"),
    ({"seat0": "Big Mony"}, "seat 1: unknown library bot 'Big Mony'; did you mean 'Big Money'?"),
    ({"seat0": "/etc/passwd"}, "player '/etc/passwd' names a file; the page takes no file paths "
                               "(load the file into My bots and use my:NAME)"),
    ({"seat0": "src/ludolab/games/dominion/bots/library/big-money.toml"},
     "player 'src/ludolab/games/dominion/bots/library/big-money.toml' names a file; the page "
     "takes no file paths (load the file into My bots and use my:NAME)"),
    ({"seat0": "mcts:rollout=/etc/bot.toml"}, "player '/etc/bot.toml' names a file; the page "
     "takes no file paths (load the file into My bots and use my:NAME)"),
    ({"seat0": "mcts:simulations=0"}, "dominion player 'mcts': parameter 'simulations' must be an "
     "integer from 1 to 1,000,000, got '0'"),
    ({"seat0": "mcts:rollout=Big Mony"},
     "unknown library bot 'Big Mony'; did you mean 'Big Money'?"),
    ({"seat0": "my:Nobody"}, "no bot 'Nobody' in My bots"),
    ({"games": ""}, "games is required"),
    ({"mode": "clear", "seat2": "Big Money"}, "'until the winner is clear' compares 2 bots, got 3"),
    ({"mode": "clear", "seat1": "Big Money"},  # a mirror is seated once: it has no game pairs
     "'until the winner is clear' compares 2 different bots; these two play the same strategy"),
    ({"kingdom": "Smithy, Vilage"}, "unknown card 'Vilage'; did you mean 'Village'?"),
    ({"rules": "officia"}, "unknown rule preset 'officia'; did you mean 'official'? valid "
                           "presets: official, first-edition, doc000, doc003, doc004"),
    ({"seat0": "editor:A", "botA": 'name = "x"\nbuy = ["Gold", "Smithyy"]'},
     "bot editor A: line 2: buy list: unknown card 'Smithyy'; did you mean 'Smithy'?"),
    ({"seat0": "editor:C"}, "seat 1: unknown editor 'C'"),
    ({"seating": "sideways"}, "unknown seating 'sideways'; choose from rotate, fixed"),
    ({"seat0": "", "seat1": ""}, "choose at least one bot"),
]


@pytest.mark.parametrize(("change", "message"), BAD_SIMULATIONS)
def test_bad_simulation_input(client: Any, change: dict[str, str], message: str) -> None:
    r = post_form(client, "/dominion/simulate", data={**SIM, **change}, headers=HX)
    assert r.status_code == 400
    assert alert(r) == message
    assert "<html" not in r.text  # htmx gets a fragment
    full = post_form(client, "/dominion/simulate", data={**SIM, **change})
    assert full.status_code == 400 and alert(full) == message and "<html" in full.text


BAD_TOURNAMENTS = [
    ('name="t"\ngame="dominion"\nplayers=["Big Money","Smithy Big Money"]\n[output]\n'
     'json="x.json"\n',
     "tournament: the page writes no files: remove [output] and use the download links instead"),
    ('name="t"\ngame=', "tournament: not valid TOML: Invalid value (at end of document)"),
    ('name="t"\ngame="dominion"\nplayers=["Big Money","bots/x.toml"]\n',
     "player 'bots/x.toml' names a file; the page takes no file paths (load the file into My "
     "bots and use my:NAME)"),
    ('name="t"\ngame="pig"\nplayers=["hold:20","../x"]\n',
     "player '../x' names a file; the page takes no file paths"),
    ('name="t"\ngame="chess"\nplayers=["a","b"]\n',
     "tournament:2: unknown game 'chess'; choose from dominion, pig, poker"),
    # a search player sized out of its bounds is refused before any job starts
    ('name="t"\ngame="pig"\nplayers=["hold:20","uct:simulations=1000000000000"]\n',
     "pig player 'uct': parameter 'simulations' must be an integer from 1 to 1,000,000, got "
     "'1000000000000'"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TOURNAMENTS)
def test_bad_tournament_input(client: Any, text: str, message: str) -> None:
    r = post_form(client, "/arena/tournament", data={"text": text}, headers=HX)
    assert r.status_code == 400 and alert(r) == message


def test_bad_play_input(client: Any) -> None:
    r = post_form(client, "/dominion/play", data={"bot": "Big Money", "seat": "3"}, headers=HX)
    assert r.status_code == 400 and alert(r) == "seat must be at most 2, got 3"
    r = post_form(client, "/dominion/play", data={"bot": "Big Money", "seed": "1"},
                    follow_redirects=False)
    play_id = r.headers["location"].rsplit("/", 1)[1]
    r = post_form(client, f"/dominion/play/{play_id}/answer", data={"option": "99"}, headers=HX)
    assert r.status_code == 400 and alert(r).startswith("99 is not an option of this decision")
    r = post_form(client, f"/dominion/play/{play_id}/answer", data={"option": "-1", "move": "5"},
                    headers=HX)
    assert r.status_code == 400
    assert alert(r) == "this page is out of date (the game moved on in another tab): reload it"
    r = client.get("/dominion/play/zzz")
    assert r.status_code == 404 and alert(r) == "no game 'zzz' (games live as long as the server)"


def test_unknown_jobs_and_pages_are_404(client: Any) -> None:
    r = client.get("/dominion/simulate?job=nope")
    assert r.status_code == 404
    assert alert(r) == "no dominion-simulate job 'nope'"
    assert post_form(client, "/jobs/nope/cancel").status_code == 404
    r = client.get("/dominion/nothing-here")
    assert r.status_code == 404 and alert(r) == "no page at /dominion/nothing-here"


def test_other_bad_input(client: Any) -> None:
    r = client.get("/dominion/replay?bot0=Big+Money&seed=x")
    assert r.status_code == 400 and alert(r) == "seed must be a whole number, got 'x'"
    r = post_form(client, "/dominion/evolve", data={"against": "Big Money", "population": "2"},
                    headers=HX)
    assert r.status_code == 400 and alert(r) == "population must be at least 4, got 2"
    r = post_form(client, "/dominion/evolve", data={"population": "8"}, headers=HX)
    assert r.status_code == 400
    assert alert(r) == "against: pick at least one opponent to evolve against"


def _serve(*args: str) -> subprocess.Popen:
    """``ludolab serve`` in a process, its jobs in the tests' data folder (never the user's)."""
    return subprocess.Popen([sys.executable, "-m", "ludolab", "serve", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin",
                                 "LUDOLAB_DATA_DIR": os.environ["LUDOLAB_DATA_DIR"]})


def test_serve_command_prints_its_address_and_serves(tmp_path: Path) -> None:
    import httpx

    proc = _serve("--port", "0", "--results", str(tmp_path / "out"))
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.match(r"ludolab web app at (http://127\.0\.0\.1:(\d+)/)  \(Ctrl-C to stop\)", line)
        assert m, line
        for _ in range(100):
            try:
                r = httpx.get(m.group(1))
                break
            except httpx.ConnectError:
                time.sleep(0.1)
        assert r.status_code == 200 and "ludolab" in r.text
        assert (tmp_path / "out").is_dir()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_serve_command_rejects_a_bad_port() -> None:
    proc = _serve("--port", "70000")
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert err.strip() == "error: --port must be 0 to 65535, got 70000"


def test_app_lists_the_registered_games_pages() -> None:
    from ludolab.web.games import game_pages

    # pages come from the registry's games; Pig has none, so Dominion's are the ones today
    assert "dominion" in [p.GAME["name"] for p in game_pages()]




@pytest.mark.parametrize(("args", "message"), [
    (("--keep", "-1"), "--keep must be 0 (keep all) or more, got -1"),
    (("--jobs", "0"), "--jobs must be 1 to 64, got 0"),
    (("--confirm-minutes", "nan"), "--confirm-minutes must be a number of minutes, 0 or more, "
                                   "got nan"),
    (("--allow-host", "evil.example/x"), "--allow-host takes a host name such as mybox.local, "
                                          "got 'evil.example/x'"),
    (("--data-dir", "/proc/x"), "cannot use the data folder /proc/x: No such file or directory"),
])
def test_serve_command_rejects_bad_options(capsys: Any, args: tuple[str, ...],
                                           message: str) -> None:
    from clitools import run

    code, _out, err = run(capsys, "serve", "--port", "0", *args)
    assert (code, err.strip()) == (2, f"error: {message}")
