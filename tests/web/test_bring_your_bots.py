"""Route tests of the bring-your-bots work on the page (issues 20 and 21): DominionSim bot XML
loaded into My bots through the importer, and a start state (forced opening split, custom
starting deck) on Simulate."""

from __future__ import annotations

import html
import re
from typing import Any

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
    <player name="XML Wharf">
        <buy name="Wharf"/>
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


def test_a_mixed_file_keeps_the_good_bots_and_lists_the_others_with_their_lines(
        client: Any, app: Any) -> None:
    r = post_htmx(client, "/dominion/mybots", {"text": MIXED})
    assert r.status_code == 200, r.text[:300]
    assert 'data-imported="1" data-refused="2"' in r.text
    assert (app.state.data_dir / "bots" / "xml-witch-two.toml").exists()
    assert not (app.state.data_dir / "bots" / "xml-wharf.toml").exists()
    refused = dict(re.findall(r'data-refused-bot="([^"]+)">(.*?)</li>', r.text, re.S))
    assert set(refused) == {"XML Wharf", "XML Oddity"}
    assert ("line 17: &lt;buy name=&#34;Wharf&#34;&gt;: card &#39;Wharf&#39; is not in ludolab "
            "yet") in refused["XML Wharf"]
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
