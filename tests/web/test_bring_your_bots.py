"""Route tests of the bring-your-bots work on the page: DominionSim bot XML
loaded into My bots through the importer, and a start state (forced opening split, custom
starting deck) on Simulate."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pyarrow.parquet as pq
import pytest
from webtools import post_form, post_htmx

from ludolab.games.dominion.bots import parse_bot_text

WITCH = """<?xml version="1.0" encoding="UTF-8"?>
<playerCollection>
    <player name="XML Witch" author="me" description="One Witch, then money.">
        <board contents="Witch"/>
        <buy name="Province"/>
        <buy name="Witch">
            <condition>
                <left type="countCardsInDeck" attribute="Witch"/>
                <operator type="smallerThan"/>
                <right type="constant" attribute="1.0"/>
            </condition>
        </buy>
        <buy name="Gold"/>
        <buy name="Silver"/>
    </player>
</playerCollection>
"""
MIXED = WITCH.replace("XML Witch", "XML Witch two").replace("</playerCollection>", """\
    <player name="XML Werewolf">
        <buy name="Werewolf"/>
    </player>
    <player name="XML Oddity">
        <buy name="Gold">
            <condition>
                <left type="countPirateShipTokens"/>
                <operator type="greaterThan"/>
                <right type="constant" attribute="2"/>
            </condition>
        </buy>
    </player>
</playerCollection>""")


def alert(response: Any) -> str:
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(m.group(1)).strip()


def test_a_dominionsim_file_is_imported_into_my_bots(client: Any, app: Any) -> None:
    r = post_htmx(client, "/dominion/mybots", {"text": WITCH})
    assert r.status_code == 200, r.text[:300]
    assert 'data-imported="1" data-refused="0"' in r.text
    assert 'data-imported-bot="my:XML Witch"' in r.text and "board Witch" in r.text
    text = (app.state.data_dir / "bots" / "xml-witch.toml").read_text()
    assert text.startswith("# Imported from DominionSim bot XML, line 3.\n# Its board: Witch\n")
    spec = parse_bot_text(text)
    assert [(e.card, e.condition) for e in spec.buy] == [
        ("Province", None), ("Witch", "count(Witch) < 1"), ("Gold", None), ("Silver", None)]
    # kept like any saved bot: every page seats it
    assert '<option value="my:XML Witch">' in client.get("/dominion/simulate").text


def test_a_file_declared_latin_1_keeps_its_accents(client: Any, app: Any) -> None:
    # the browser reads the file as text: the name arrives as Unicode, whatever the declaration
    xml = WITCH.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace(
        "XML Witch", "XML Sorcière")
    r = post_htmx(client, "/dominion/mybots", {"text": xml})
    assert r.status_code == 200 and 'data-imported-bot="my:XML Sorcière"' in r.text


def test_a_mixed_file_keeps_the_good_bots_and_lists_the_others_with_their_lines(
        client: Any, app: Any) -> None:
    r = post_htmx(client, "/dominion/mybots", {"text": MIXED})
    assert r.status_code == 200, r.text[:300]
    assert 'data-imported="1" data-refused="2"' in r.text
    assert (app.state.data_dir / "bots" / "xml-witch-two.toml").exists()
    assert not (app.state.data_dir / "bots" / "xml-wharf.toml").exists()
    refused = dict(re.findall(r'data-refused-bot="([^"]+)">(.*?)</li>', r.text, re.S))
    assert set(refused) == {"XML Werewolf", "XML Oddity"}
    assert ("line 17: &lt;buy name=&#34;Werewolf&#34;&gt;: card &#39;Werewolf&#39; is not in "
            "ludolab yet") in refused["XML Werewolf"]
    assert ("line 22: &lt;left type=&#34;countPirateShipTokens&#34;&gt;: function "
            "&#39;countPirateShipTokens&#39; has no equivalent in ludolab") in refused["XML Oddity"]


@pytest.mark.parametrize(("text", "message"), [
    ("<player name='x'>\n<buy name='Gold'>\n</player>",
     "bot file: line 3: malformed XML: mismatched tag (column 3)"),
    ('<!DOCTYPE p [<!ENTITY a "aaaaaaaa">]>\n<player name="&a;"><buy name="Gold"/></player>',
     "bot file: line 1: dtd declarations are not allowed in a bot file (no DTD, no entities)"),
    ('<!DOCTYPE p SYSTEM "http://example.invalid/x.dtd">\n<player name="x"/>',
     "bot file: line 1: dtd declarations are not allowed in a bot file (no DTD, no entities)"),
    ("<html><body>hello</body></html>",
     "bot file: line 1: expected <playerCollection> or <player> (DominionSim bot XML), got <html>"),
])
def test_malformed_or_hostile_xml_is_a_400_with_one_line(client: Any, app: Any, text: str,
                                                         message: str) -> None:
    before = sorted(p.name for p in (app.state.data_dir / "bots").glob("*.toml"))
    r = post_htmx(client, "/dominion/mybots", {"text": text})
    assert r.status_code == 400
    assert alert(r) == message
    assert 'data-field="text"' in r.text  # shown next to the file field
    assert sorted(p.name for p in (app.state.data_dir / "bots").glob("*.toml")) == before


def test_an_import_without_javascript_shows_the_whole_bots_page_with_its_report(
        client: Any) -> None:
    r = post_form(client, "/dominion/mybots", {"text": MIXED.replace("XML Witch two", "XML W3")})
    assert r.status_code == 200
    assert 'data-imported="1" data-refused="2"' in r.text and 'id="bot-filter"' in r.text


# -- a start state on Simulate -------------------------------------------------------------
def start_job(client: Any, app: Any, data: dict[str, str]) -> Any:
    r = post_form(client, "/dominion/simulate", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    job_id = r.headers["location"].split("job=")[1]
    return job_id, app.state.jobs.wait(job_id, 300)


def test_a_forced_opening_and_a_custom_deck_run_from_the_start_state(client: Any,
                                                                       app: Any) -> None:
    from ludolab.arena.simulation import prepare
    from ludolab.games.dominion.start import StartState, parse_cards

    form = {"seat0": "Big Money", "seat1": "Smithy Big Money", "games": "20", "seed": "5",
            "opening": "4/3", "start_deck": "Silver, 5 Copper, 4 Estate"}
    job_id, job = start_job(client, app, form)
    assert job.status == "done", job.error
    res = job.result.result
    assert res.settings["start"] == "opening 4/3; deck 1 Silver, 5 Copper, 4 Estate"
    # the same games as the start-state API plays them (step-wise, keyed by the seed)
    want = prepare("dominion", ["Big Money", "Smithy Big Money"], 20, 5,
                   options={"kingdom": "auto", "rules": "official",
                            "start": StartState("4/3", tuple(parse_cards(form["start_deck"])))},
                   seating="rotate").run(workers=1)
    assert res.records["vp"].tolist() == want.records["vp"].tolist()
    # ... and not the games of the usual start
    usual = prepare("dominion", ["Big Money", "Smithy Big Money"], 20, 5,
                    options={"kingdom": "auto"}, seating="rotate").run(workers=1)
    assert res.records["vp"].tolist() != usual.records["vp"].tolist()
    page = client.get(f"/dominion/simulate?job={job_id}").text
    assert ('id="start-used">Start state: <strong>opening 4/3; deck 1 Silver, 5 Copper, '
            '4 Estate</strong>') in page
    assert '<option value="4/3" selected>' in page  # the form keeps the start
    # the game log would replay the usual deal: it says so instead of showing another game
    assert 'id="no-replay"' in page and 'id="replay-button"' not in page
    r = client.get("/dominion/replay", params={"job": job_id, "game": "0"})
    assert r.status_code == 400
    assert "the game log does not replay games begun from a start state yet" in r.text
    summary = client.get(f"/dominion/simulate/jobs/{job_id}/summary.json").json()
    assert summary["start"] == "opening 4/3; deck 1 Silver, 5 Copper, 4 Estate"
    table = pq.read_table(io.BytesIO(
        client.get(f"/dominion/simulate/jobs/{job_id}/games.parquet").content))
    meta = [json.loads(v) for v in (table.schema.metadata or {}).values() if v.startswith(b"{")]
    assert any(m.get("meta", {}).get("start") == summary["start"] for m in meta)
    report = client.get(f"/dominion/simulate/jobs/{job_id}/report.html").text
    assert "opening 4/3; deck 1 Silver, 5 Copper, 4 Estate" in report


def test_every_game_of_a_forced_5_2_opens_5_2(client: Any, app: Any) -> None:
    from ludolab.games.dominion.cards import CARDS
    from ludolab.games.dominion.start import StartState

    _job_id, job = start_job(client, app, {"seat0": "Big Money", "seat1": "Big Money",
                                           "games": "6", "seed": "2", "opening": "5/2"})
    assert job.status == "done", job.error
    assert job.result.result.settings["start"] == "opening 5/2"
    start = StartState("5/2")
    for seed in job.result.result.records["seed"].tolist():
        for zones in start.deal(int(seed), 2).values():
            order = zones["hand"] + zones["deck"]
            coins = sorted(sum(CARDS[c].coins for c in hand) for hand in (order[:5], order[5:10]))
            assert coins == [2, 5]


BAD_STARTS = [
    ({"start_deck": "7 Coper, 3 Estate"}, "start_deck",
     "starting deck: unknown card 'Coper'; did you mean 'Copper'?"),
    ({"opening": "6/1"}, "opening", "opening must be one of 5/2, 4/3, got '6/1'"),
    ({"opening": "5/2", "start_deck": "7 Copper"}, "start_deck",
     "starting deck: an opening needs a deck of 10 cards or more, got 7"),
    ({"opening": "5/2", "start_deck": "10 Copper"}, "start_deck",
     "starting deck: no deal of this deck gives a 5/2 opening (tried 10,000)"),
    ({"start_deck": "101 Copper"}, "start_deck", "starting deck: at most 100 cards, got 101"),
    ({"start_deck": "x" * 2001}, "start_deck",
     "starting deck: at most 2,000 characters, got 2,001"),
]


@pytest.mark.parametrize(("data", "field", "message"), BAD_STARTS)
def test_a_bad_start_state_is_a_400_with_one_line_next_to_its_field(
        client: Any, data: dict[str, str], field: str, message: str) -> None:
    form = {"seat0": "Big Money", "seat1": "Big Money", "games": "10", **data}
    r = post_htmx(client, "/dominion/simulate", form)
    assert r.status_code == 400
    assert alert(r) == message
    assert f'data-field="{field}"' in r.text


def test_a_start_state_refuses_search_players(client: Any) -> None:
    r = post_htmx(client, "/dominion/simulate", {"seat0": "Big Money",
                                                 "seat1": "mcts:simulations=4",
                                                 "games": "2", "opening": "5/2"})
    assert r.status_code == 400
    assert alert(r) == "a start state takes bots, not search players"


def test_until_the_winner_is_clear_runs_from_the_start_state_too(client: Any, app: Any) -> None:
    _job_id, job = start_job(client, app, {"seat0": "Big Money", "seat1": "Smithy Big Money",
                                           "games": "40", "seed": "1", "mode": "clear",
                                           "opening": "4/3"})
    assert job.status == "done", job.error
    res = job.result.result
    assert res.settings["start"] == "opening 4/3"
    assert job.result.sprt is not None and 0 < res.games <= 40 and res.games % 2 == 0
