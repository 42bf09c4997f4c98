"""The Simulate page's card statistics through the test client: the checkbox, the table's data,
every download, the note where they cannot be recorded, a bad value as a one-line 400."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pyarrow.parquet as pq
from webtools import post_form

from ludolab import dominion

SIM = {"seat0": "Chapel/Witch", "seat1": "Big Money", "games": "100", "seed": "3",
       "card_stats_form": "1"}


def _start(client: Any, app: Any, data: dict[str, str]) -> Any:
    r = post_form(client, "/dominion/simulate", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    return app.state.jobs.wait(r.headers["location"].split("job=")[1], 300)


def test_ticked_the_table_and_every_download_have_them(client: Any, app: Any) -> None:
    job = _start(client, app, {**SIM, "card_stats": "on"})
    want = dominion.simulate(["Chapel/Witch", "Big Money"], 100, 3, card_stats=True).card_rows()
    page = client.get(f"/dominion/simulate?job={job.id}").text
    body = page.split('id="card-table"', 1)[1].split("<tbody>", 1)[1].split("</table>", 1)[0]
    cells = [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
             for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
    assert len(cells) == len(want) > 5
    assert [c[:3] for c in cells] == [[r["bot"], r["card"], f"{r['bought']:.2f}"] for r in want]
    assert 'data-card="Witch"' in page  # the per-card chart
    summary = json.loads(client.get(f"/dominion/simulate/jobs/{job.id}/summary.json").text)
    assert summary["card_stats"][0] == {k: v for k, v in want[0].items()}
    assert summary["card_stat_cards"][-2:] == ["Chapel", "Witch"]
    table = pq.read_table(io.BytesIO(
        client.get(f"/dominion/simulate/jobs/{job.id}/games.parquet").content))
    assert {"card_count", "card_first"} <= set(table.column_names) and table.num_rows == 100
    report = client.get(f"/dominion/simulate/jobs/{job.id}/report.html").text
    assert "What each bot bought, gained, played and trashed" in report


def test_unticked_nothing_is_recorded(client: Any, app: Any) -> None:
    job = _start(client, app, SIM)
    assert "card_count" not in job.result.result.records
    page = client.get(f"/dominion/simulate?job={job.id}").text
    assert 'id="card-table"' not in page
    assert 'name="card_stats" id="card_stats" value="on" >' in page  # shown unticked again


def test_a_start_state_says_why_there_are_none(client: Any, app: Any) -> None:
    job = _start(client, app, {**SIM, "games": "4", "card_stats": "on", "opening": "5/2"})
    page = client.get(f"/dominion/simulate?job={job.id}").text
    assert "Card statistics are not recorded for games from a start state" in page


def test_a_bad_value_is_a_one_line_400(client: Any) -> None:
    r = post_form(client, "/dominion/simulate", data={**SIM, "card_stats": "maybe"},
                  headers={"HX-Request": "true"})
    assert r.status_code == 400
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', r.text, re.S)
    assert m and html.unescape(m.group(1)).strip() == (
        "card statistics: expected on or off, got 'maybe'")
