"""Route tests of the page's third round: nothing lost (My bots never overwritten without
asking, champions named after where they came from), honest job states, limits that hold,
archives for every kind of job, and the trust boundary on every new form."""

from __future__ import annotations

import html
import json
import re
import time
from typing import Any

from webtools import post_form, post_htmx

from ludolab.games.dominion.bots import parse_bot_text


def alert(response: Any) -> str:
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(m.group(1)).strip()


def start(client: Any, app: Any, data: dict[str, str], url: str = "/dominion/simulate") -> Any:
    r = post_form(client, url, data=data, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    return app.state.jobs.wait(r.headers["location"].split("job=")[1], 300)


def my_bot(client: Any, name: str) -> str:
    """A kept bot's text, or "" when My bots has none of that name."""
    r = client.get("/dominion/bot-text", params={"name": "my:" + name})
    return r.text if r.status_code == 200 else ""


# -- My bots never loses a bot -----------------------------------------------------------------
COLLIDE = 'name = "Collide Bot"\nbuy = ["Province if money >= 8", "Gold", "Silver"]\n'
COLLIDE2 = '# the other one\nname = "collide bot!"\nbuy = ["Gold", "Silver"]\n'


def test_a_bot_of_the_same_file_name_is_never_replaced_without_asking(client: Any) -> None:
    assert post_htmx(client, "/dominion/mybots", {"text": COLLIDE}).status_code == 200
    r = post_htmx(client, "/dominion/mybots", {"text": COLLIDE2},
                  headers={"HX-Target": "my-bot-box"})
    assert r.status_code == 409
    assert alert(r) == ("My bots already holds the bot 'Collide Bot' named 'collide bot!' (file "
                        "collide-bot.toml): overwrite it, or save this one as 'collide bot! (2)'")
    assert my_bot(client, "Collide Bot") == COLLIDE  # untouched
    # the two choices the page offers, each posting the same text back
    assert 'id="save-overwrite"' in r.text and 'id="save-rename"' in r.text
    assert 'hx-target="#my-bot-box"' in r.text
    assert 'id="my-collide-bot"' in r.text  # the list it replaced on the page is still shown
    # a plain form post (no htmx) gets the same line with a 409
    r = post_form(client, "/dominion/mybots", {"text": COLLIDE2})
    assert r.status_code == 409 and "save this one as 'collide bot! (2)'" in html.unescape(r.text)
    # "Save as ...": both kept, the new one renamed in its own text (its comment kept)
    r = post_htmx(client, "/dominion/mybots", {"text": COLLIDE2, "on_conflict": "rename"})
    assert r.status_code == 200 and 'data-saved="my:collide bot! (2)"' in r.text
    assert my_bot(client, "collide bot! (2)") == COLLIDE2.replace('"collide bot!"',
                                                                 '"collide bot! (2)"')
    assert my_bot(client, "Collide Bot") == COLLIDE
    # "Overwrite": replaced, by the person's choice
    r = post_htmx(client, "/dominion/mybots", {"text": COLLIDE2, "on_conflict": "overwrite"})
    assert r.status_code == 200
    assert my_bot(client, "collide bot!") == COLLIDE2
    r = post_htmx(client, "/dominion/mybots", {"text": COLLIDE2, "on_conflict": "maybe"})
    assert r.status_code == 400
    assert alert(r) == "on_conflict: expected one of ask, overwrite, rename, got 'maybe'"


def test_an_editor_resaving_its_bot_is_asked_and_an_import_keeps_both(client: Any) -> None:
    text = 'name = "Resaved"\nbuy = ["Gold", "Silver"]\n'
    assert post_htmx(client, "/dominion/mybots", {"editor": "A", "botA": text}).status_code == 200
    changed = text.replace("Silver", "Duchy")
    r = post_htmx(client, "/dominion/mybots", {"editor": "A", "botA": changed},
                  headers={"HX-Target": "savedA"})
    assert r.status_code == 409 and 'hx-target="#savedA"' in r.text
    assert my_bot(client, "Resaved") == text
    xml = ('<player name="Resaved" author="x" description="">'
           '<buy name="Gold"/><buy name="Silver"/></player>')
    r = post_htmx(client, "/dominion/mybots", {"text": xml})
    assert r.status_code == 200 and 'data-imported-bot="my:Resaved (2)"' in r.text
    assert my_bot(client, "Resaved") == text


def test_an_evolved_champion_is_named_after_where_it_came_from(client: Any, app: Any) -> None:
    job = start(client, app, {"against": "Big Money", "cards": "first-game", "population": "4",
                              "generations": "1", "games": "4", "validate_games": "10",
                              "seed": "7"}, "/dominion/evolve")
    assert job.status == "done", job.error
    text = client.get(f"/dominion/evolve/jobs/{job.id}/champion.toml").text
    day = time.strftime("%Y-%m-%d")
    name = f"Champion vs Big Money, first-game, seed 7, {day}"
    assert parse_bot_text(text).name == name
    assert (f"Evolved by the genetic algorithm against Big Money over first-game, seed 7, on "
            f"{day}.") in text
    # kept twice: two bots, the second under a free name, never the first one replaced
    for expect in (name, name + " (2)"):
        r = post_htmx(client, "/dominion/mybots", {"text": text, "reply": "saved",
                                                   "on_conflict": "rename"})
        assert r.status_code == 200 and f'data-saved="my:{expect}"' in r.text
    assert parse_bot_text(my_bot(client, name)).name == name
    assert parse_bot_text(my_bot(client, name + " (2)")).name == name + " (2)"


# -- Play: "play all Treasures" ----------------------------------------------------------------
def play_with_hand(client: Any, app: Any, hand: str, kingdom: str) -> tuple[Any, str]:
    r = post_form(client, "/dominion/play",
                  {"bot": "Big Money", "seed": "3", "kingdom": kingdom, "start_hand": hand},
                  follow_redirects=False)
    assert r.status_code == 303, alert(r)
    play_id = r.headers["location"].rsplit("/", 1)[1]
    return app.state.plays[play_id], play_id


def test_play_all_treasures_plays_the_plain_ones_and_leaves_the_special_ones(
        client: Any, app: Any) -> None:
    """The plain Treasures (no choice, no effect of their own) are played in one click; Bank
    (its coins depend on when it is played) stays in hand for the person."""
    kingdom = "Bank, Venture, Smithy, Village, Market, Festival, Laboratory, Moat, Cellar, Chapel"
    session, play_id = play_with_hand(client, app, "Copper, Copper, Silver, Bank, Estate", kingdom)
    page = client.get(f"/dominion/play/{play_id}").text
    assert 'id="play-treasures"' in page and "Play all Treasures (3)" in page
    r = post_htmx(client, f"/dominion/play/{play_id}/treasures", {"move": str(session.moves)})
    assert r.status_code == 200, alert(r)
    zones = session.game.zones(session.human)
    assert zones["hand"] == {"Bank": 1, "Estate": 1}
    assert zones["play"] == {"Copper": 2, "Silver": 1}
    assert session.game.counters()["coins"] == 4
    assert 'id="play-treasures"' not in r.text  # nothing plain is left to play
    # asked again with nothing plain to play: one line, a 400
    r = post_htmx(client, f"/dominion/play/{play_id}/treasures", {})
    assert r.status_code == 400
    assert alert(r) == "no Treasure to play: you are not asked to play Treasures now"


def test_play_all_treasures_from_a_foreign_origin_is_refused(client: Any, app: Any) -> None:
    kingdom = "Bank, Venture, Smithy, Village, Market, Festival, Laboratory, Moat, Cellar, Chapel"
    session, play_id = play_with_hand(client, app, "Copper, Copper, Silver, Bank, Estate", kingdom)
    r = client.post(f"/dominion/play/{play_id}/treasures", data={"csrf_token": "x"},
                    headers={"Origin": "http://evil.example"})
    assert r.status_code == 403
    assert session.game.zones(session.human)["play"] == {}


# -- types from the registry -------------------------------------------------------------------
def test_card_types_come_from_the_registry(client: Any) -> None:
    """Every type of ``CardType`` is a filter choice and is written on its cards: Wharf is an
    "Action - Duration", Sea Witch an "Action - Attack - Duration"."""
    from ludolab.games.dominion.cards import CARDS, CardType

    page = client.get("/dominion/cards").text
    options = re.search(r'id="card-type">(.*?)</select>', page, re.S).group(1)
    assert set(re.findall(r"<option[^>]*>([A-Z][a-z]+)</option>", options)) == {
        t.name.title() for t in CardType}
    rows = dict(re.findall(r"<tr[^>]*><td><b>([^<]+)</b>.*?<td>([^<]*)</td><td>", page, re.S))
    assert rows["Wharf"] == "Action - Duration"
    assert rows["Sea Witch"] == "Action - Attack - Duration"
    assert rows["Nobles"] == "Action - Victory" and rows["Farm"] == "Treasure - Victory"
    durations = client.get("/dominion/cards", params={"type": "Duration"}).text
    names = set(re.findall(r"<td><b>([^<]+)</b>", durations))
    assert names == {c.name for c in CARDS if c.types & CardType.DURATION}
    assert "Wharf" in names and "Smithy" not in names


# -- the Play board shows the state ------------------------------------------------------------
BOARD_KINGDOM = ("Fishing Village, Caravan, Monument, Trade Route, Crystal Ball, Wharf, Smithy, "
                 "Village, Market, Festival")


def answer_card(client: Any, session: Any, play_id: str, label: str) -> str:
    """Answer the pending decision with the option of this label; the board's HTML."""
    d = session.game.pending()
    option = next(o for o in d.options if d.option_name(o) == label)
    r = post_htmx(client, f"/dominion/play/{play_id}/answer",
                  {"option": str(option), "move": str(session.moves)})
    assert r.status_code == 200, alert(r)
    return html.unescape(r.text)


def text_of(page: str, element_id: str) -> str:
    m = re.search(rf'id="{element_id}"[^>]*>(.*?)</(?:p|h3)>', page, re.S)
    assert m, f"no #{element_id}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", m.group(1))).strip()


def test_the_play_board_shows_tokens_waiting_durations_and_questions_in_words(
        client: Any, app: Any) -> None:
    r = post_form(client, "/dominion/play", {
        "bot": "Wharf Big Money", "seed": "3", "kingdom": BOARD_KINGDOM,
        "start_hand": "Fishing Village, Fishing Village, Caravan, Monument, Crystal Ball",
        "start_draw": "Copper, Copper, Estate, Estate, Copper, Copper",
        "start_deck": "5 Wharf, 5 Copper"}, follow_redirects=False)
    assert r.status_code == 303, alert(r)
    play_id = r.headers["location"].rsplit("/", 1)[1]
    session = app.state.plays[play_id]
    page = html.unescape(client.get(f"/dominion/play/{play_id}").text)
    # Trade Route: the mat and the Victory piles still holding their token
    assert text_of(page, "trade-route") == ("Trade Route mat: 0 tokens (+$0 for each Trade Route "
                                            "played) · still on their piles: Estate, Duchy, "
                                            "Province")
    for card in ("Fishing Village", "Fishing Village", "Caravan"):
        page = answer_card(client, session, play_id, card)
    # two waiting Fishing Villages are two, and they wait for the next turn
    assert text_of(page, "waiting") == "2 × Fishing Village 1 × Caravan"
    assert text_of(page, "waiting-when") == "At the start of your next turn"
    page = answer_card(client, session, play_id, "Monument")  # +1 VP token
    assert text_of(page, "vp-tokens") == "Your VP tokens: 1 (counted in your score)"
    assert "You: 3 VP (with 1 VP token)" in re.sub(r"<[^>]+>", "", page)
    page = answer_card(client, session, play_id, "Crystal Ball")
    # the question in words, not "choose (Crystal Ball: Copper)"
    assert text_of(page, "question") == "Crystal Ball: what do you do with Copper?"
    page = answer_card(client, session, play_id, "leave it on the deck")
    while session.game.pending().kind.name == "TREASURE":  # the Copper Caravan drew
        page = answer_card(client, session, play_id, "Copper")
    page = answer_card(client, session, play_id, "Estate")  # the first Estate; the bot's turn
    assert text_of(page, "trade-route").startswith("Trade Route mat: 1 token (+$1")
    assert text_of(page, "trade-route").endswith("still on their piles: Duchy, Province")
    # the bot's Wharf waits for its next turn: shown, not folded away
    waiting = re.findall(r'class="cards-line others-waiting">(.*?)</p>', page, re.S)
    assert [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", w)).strip() for w in waiting] == [
        "Wharf Big Money's Durations waiting for its next turn: 1 × Wharf"]
    assert "Wharf Big Money took turn 1" in page
    # my own waiting effects now resolve: "now", not "next turn"
    assert session.game.pending().kind.name == "ORDER"
    assert text_of(page, "waiting-when") == "Resolving now, at the start of your turn"
    assert text_of(page, "question") == "Which waiting Duration effect resolves next"


# -- honest job states -------------------------------------------------------------------------
def _units(n: int, stop_at: int | None = None) -> Any:
    """A job function of ``n`` units that, as the runners do, stops on a Stop and returns what
    finished; ``stop_at``: the job is stopped right after that many units."""
    from ludolab.web.jobs import Cancelled

    def work(job: Any) -> Any:
        done = 0
        try:
            for i in range(n):
                time.sleep(0.05)
                job.progress(i + 1, n)
                done = i + 1
                if stop_at is not None and done == stop_at:
                    job.cancel()
        except Cancelled:
            pass
        return {"units": done}

    return work


def test_a_job_cut_off_by_the_servers_shutdown_is_not_done(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from ludolab.web.app import create_app
    from ludolab.web.jobs import JobManager

    app = create_app(workers=1, data_dir=tmp_path)
    with TestClient(app, base_url="http://127.0.0.1:8000"):
        jobs = app.state.jobs
        job = jobs.start("test", "long run", _units(10_000))
        waiting = jobs.start("test", "queued run", _units(10))
        while job.done < 3:
            time.sleep(0.02)
    # the app's shutdown stopped it: filed as cut off, on disk too
    assert job.status == "failed", job.status
    assert job.error.startswith("the server stopped before this job finished (")
    assert waiting.status == "failed"
    assert waiting.error == "the server stopped before this job began"
    again = JobManager(None, tmp_path / "web-jobs")
    assert again.get(job.id).status == "failed" and again.get(waiting.id).status == "failed"


def test_a_stop_after_the_last_unit_leaves_a_complete_run_done() -> None:
    from ludolab.web.jobs import JobManager

    jobs = JobManager()
    complete = jobs.wait(jobs.start("test", "stopped after the last", _units(4, stop_at=4)).id)
    assert complete.status == "done"
    cut = jobs.wait(jobs.start("test", "stopped before the last", _units(4, stop_at=2)).id)
    assert cut.status == "cancelled" and cut.result == {"units": 2}


def test_the_jobs_list_shows_the_games_a_tournament_really_played(client: Any, app: Any) -> None:
    text = ('name = "Three for the list"\ngame = "dominion"\n'
            'players = ["Big Money", "Smithy Big Money", "Witch Big Money"]\n'
            'schedule = "round-robin"\ngames = 100\nseed = 1\n')
    job = start(client, app, {"text": text}, "/arena/tournament")
    assert job.status == "done", job.error
    played = job.result.games
    assert played != 100  # whole deals of every seating
    row = re.search(rf"<code>{job.id}</code>.*?</tr>", client.get("/jobs").text, re.S).group(0)
    assert f'data-played="{played}"' in row and f"{played:,} played (100 asked)" in row


def test_an_evolve_title_names_a_my_bot_not_its_file(client: Any, app: Any) -> None:
    text = 'name = "Title bot"\nbuy = ["Province if money >= 8", "Gold", "Silver"]\n'
    assert post_htmx(client, "/dominion/mybots", {"text": text}).status_code in (200, 409)
    r = post_form(client, "/dominion/evolve", {
        "against": "my:Title bot", "cards": "first-game", "population": "4",
        "generations": "1", "games": "2", "validate_games": "2"}, follow_redirects=False)
    assert r.status_code == 303, alert(r)
    job = app.state.jobs.get(r.headers["location"].split("job=")[1])
    assert job.title == "evolve against my:Title bot"
    app.state.jobs.wait(job.id, 300)
    assert str(app.state.data_dir / "bots") not in client.get("/jobs").text


def test_a_tournament_whose_kingdom_is_a_file_is_refused_before_any_job(
        client: Any, app: Any) -> None:
    before = len(app.state.jobs.list())
    for kingdom, message in [
            ("/etc/passwd", "[dominion] kingdom: '/etc/passwd' names a file; the page takes no "
                            "file paths"),
            ("kingdom.txt", "[dominion] kingdom: 'kingdom.txt' names a file; the page takes no "
                            "file paths"),
            ("no such kingdom", None)]:
        text = ('name = "Path kingdom"\ngame = "dominion"\nplayers = ["Big Money", '
                f'"Smithy Big Money"]\ngames = 10\n\n[dominion]\nkingdom = "{kingdom}"\n')
        r = post_form(client, "/arena/tournament", {"text": text})
        assert r.status_code == 400
        if message:
            assert alert(r) == message
        else:
            assert alert(r).startswith("kingdom: unknown kingdom 'no such kingdom'")
    assert len(app.state.jobs.list()) == before


# -- limits that hold --------------------------------------------------------------------------
def test_a_multipart_upload_over_the_limit_is_refused_before_it_is_read(client: Any) -> None:
    """With the token in the header (as htmx sends it) the body used to be read in full."""
    from webtools import origin, token

    head = {"Origin": origin(client), "X-CSRF-Token": token(client), "HX-Request": "true"}
    big = b'name = "Huge"\nbuy = ["Gold"]\n# ' + b"x" * 3_000_000
    r = client.post("/dominion/mybots", headers=head,
                    files={"text": ("huge.toml", big, "application/toml")})
    assert r.status_code == 413
    assert alert(r).startswith("refused: the request body is 3,000,")
    assert alert(r).endswith("bytes; the limit is 2,000,000")

    def chunks() -> Any:  # no Content-Length: counted as it streams
        for _ in range(30):
            yield b"text=" + b"x" * 100_000

    r = client.post("/dominion/mybots", headers={**head, "Content-Type":
                                                 "application/x-www-form-urlencoded"},
                    content=chunks())
    assert r.status_code == 413
    assert alert(r) == "refused: the request body is over the limit of 2,000,000 bytes"
    assert my_bot(client, "Huge") == ""


def test_a_full_queue_is_a_429_with_one_line(tmp_path: Any) -> None:
    import threading

    from fastapi.testclient import TestClient

    from ludolab.web.app import create_app

    app = create_app(workers=1, data_dir=tmp_path, max_queued=1)
    release = threading.Event()
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        app.state.jobs.start("test", "holds the only place", lambda job: release.wait(60))
        app.state.jobs.start("test", "waits", lambda job: None)
        r = post_htmx(c, "/dominion/simulate", {"seat0": "Big Money", "seat1": "Big Money",
                                                "games": "10"})
        assert r.status_code == 429
        assert alert(r) == ("the server's queue is full: 1 jobs wait (ludolab serve "
                            "--max-queued N); try again when one has started")
        assert len(app.state.jobs.list()) == 2
        release.set()


def test_bot_files_are_readable_by_the_user_only(client: Any, app: Any) -> None:
    import stat

    text = 'name = "Private bot"\nbuy = ["Gold", "Silver"]\n'
    assert post_htmx(client, "/dominion/mybots", {"text": text}).status_code in (200, 409)
    path = app.state.data_dir / "bots" / "private-bot.toml"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) & 0o077 == 0


def test_the_poker_showdown_draws_both_hole_cards(client: Any) -> None:
    r = client.get("/poker/hand", params={"seat0": "Always Call", "seat1": "Always Call",
                                          "seed": "0", "deal": "0"})
    assert r.status_code == 200
    shows = [line for line in r.text.splitlines() if " shows " in line]
    assert len(shows) == 2
    for line in shows:  # "seat 0 (Always Call) shows 4h Tc: straight 5"
        assert len(re.findall(r'class="pcard [cdhs]"', line)) == 2, line
        assert re.search(r"</span>: ", line), line  # the colon stays text after the card


# -- archives for every kind of job ------------------------------------------------------------
def test_a_tournament_downloads_its_games_as_parquet_and_an_html_report(
        client: Any, app: Any) -> None:
    import io

    import pyarrow.parquet as pq

    text = ('name = "Archived"\ngame = "dominion"\n'
            'players = ["Big Money", "Smithy Big Money"]\ngames = 40\nseed = 2\n')
    job = start(client, app, {"text": text}, "/arena/tournament")
    assert job.status == "done", job.error
    panel = client.get(f"/arena/tournament/jobs/{job.id}").text
    assert 'id="tournament-parquet"' in panel and 'id="tournament-report"' in panel
    r = client.get(f"/arena/tournament/jobs/{job.id}/games.parquet")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == (f'attachment; filename="tournament-{job.id}'
                                                '.parquet"')
    table = pq.read_table(io.BytesIO(r.content))
    assert table.num_rows == job.result.games == 40
    assert list(table.column("vp").to_pylist()) == [list(v) for v in job.result.records["vp"]]
    meta = json.loads(table.schema.metadata[b"ludolab"])["meta"]
    assert meta["name"] == "Archived"
    assert [p["player"] for p in meta["player_texts"]] == ["Big Money", "Smithy Big Money"]
    r = client.get(f"/arena/tournament/jobs/{job.id}/report.html")
    assert r.status_code == 200 and r.text.startswith("<!DOCTYPE html>")
    assert "Tournament: Archived" in r.text and "Results by player" in r.text
    assert "Smithy Big Money" in r.text


def test_an_evolution_downloads_its_fitness_history_and_validation(client: Any, app: Any) -> None:
    job = start(client, app, {"against": "Big Money", "cards": "first-game", "population": "4",
                              "generations": "2", "games": "2", "validate_games": "10",
                              "seed": "3"}, "/dominion/evolve")
    assert job.status == "done", job.error
    panel = client.get(f"/dominion/evolve/jobs/{job.id}").text
    assert 'id="evolve-history"' in panel
    r = client.get(f"/dominion/evolve/jobs/{job.id}/history.json")
    assert r.status_code == 200
    data = r.json()
    assert [g["generation"] for g in data["generations"]] == [1, 2]
    assert data["config"]["against"] == ["Big Money"] and data["config"]["seed"] == 3
    assert data["validation"]["games"] == 10
    assert parse_bot_text(data["champion"]).name.startswith("Champion vs Big Money")
    champion = client.get(f"/dominion/evolve/jobs/{job.id}/champion.toml").text
    assert champion.startswith("# Validation on 10 fresh games: wins ")
    assert parse_bot_text(champion).name == parse_bot_text(data["champion"]).name


# -- what players read -------------------------------------------------------------------------
def test_seat_pickers_show_each_library_bots_category_and_description(client: Any) -> None:
    """The suggestions of every player field say what a library bot is: its category (money,
    or the sets of its kingdom cards, from the registry) and its description."""
    from ludolab.web.games.dominion import adapter as dom

    catalog = dom.bot_catalog()
    assert catalog["Big Money"][0] == "money"
    assert catalog["Wharf Big Money"][0] == "Seaside"
    for url in ("/dominion/simulate", "/dominion/play", "/dominion/replay"):
        page = html.unescape(client.get(url).text)
        option = re.search(r'<option value="Wharf Big Money">([^<]*)</option>', page)
        assert option, url
        assert option.group(1).startswith("Seaside · " + catalog["Wharf Big Money"][1][:40])
    evolve = html.unescape(client.get("/dominion/evolve").text)
    assert re.search(r'<option\s+title="Seaside · ', evolve)  # the opponents: on hover
    bots = client.get("/dominion/bots").text
    assert re.search(r'<h2>Wharf Big Money</h2>\s*<p class="dim small category">Seaside</p>',
                     bots)


def test_a_long_name_kept_twice_gets_a_free_name_too(client: Any) -> None:
    """File names are cut at 80 characters: " (2)" must still make a new one."""
    name = ("A very long bot name " * 4)[:78]
    text = f'name = "{name.strip()}"\nbuy = ["Gold", "Silver"]\n'
    for _ in range(3):
        r = post_htmx(client, "/dominion/mybots", {"text": text, "on_conflict": "rename"})
        assert r.status_code == 200, alert(r)
    kept = [b for b in re.findall(r'data-saved="my:([^"]+)"', r.text)]
    assert kept == [name.strip()[:60].rstrip() + " (3)"]
