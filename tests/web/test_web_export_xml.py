"""DominionSim XML export: every bot the importer could have produced exports to XML that
imports back to the same bot; what XML cannot carry is in the export's notes; the command
line, the editor's download and the Bots page's links."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from webtools import post_htmx

from ludolab.games.dominion.bots import library_specs, parse_bot_text
from ludolab.games.dominion.bots.geronimoo import import_geronimoo
from ludolab.games.dominion.bots.geronimoo_export import (
    export_geronimoo,
    import_equal,
    normal_form,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "DomBots.xml"


def test_every_library_bot_the_importer_could_have_made_comes_back_the_same() -> None:
    """Export the whole library and import it back: every bot imports, and each bot without
    notes (nothing the XML cannot carry: the bots the importer could have produced) is the
    same bot (name, description, buy list with its limits as conditions, options)."""
    specs = library_specs()
    xml, exported = export_geronimoo(specs)
    back = import_geronimoo(xml)
    assert [b.name for b in back] == [s.name for s in specs]
    assert all(b.spec is not None for b in back), [b.problems for b in back if b.spec is None]
    exact = [s for s, e in zip(specs, exported, strict=True) if not e.notes]
    assert len(exact) >= 10  # not a vacuous test: a dozen library bots are plain DominionSim
    for s, e, b in zip(specs, exported, back, strict=True):
        if not e.notes:
            assert import_equal(s, b.spec), s.name


def test_a_bot_the_importer_made_exports_back_to_itself() -> None:
    """Import DominionSim's own example file, export what it gave, import again: the same."""
    first = [b.spec for b in import_geronimoo(EXAMPLE.read_bytes()) if b.spec is not None]
    assert first
    xml, exported = export_geronimoo(first)
    assert not any(e.notes for e in exported)
    again = [b.spec for b in import_geronimoo(xml)]
    for a, b in zip(first, again, strict=True):
        assert b is not None and normal_form(a) == normal_form(b)


def test_what_xml_cannot_carry_is_in_the_notes() -> None:
    spec = parse_bot_text('''name = "Noted"
description = "A bot with what XML lacks"
buy = ["Province if money >= 16", "Gold", "Chapel limit 1 if turn <= 2 or deck_size > 20",
       "Silver if 3 <= coins <= 5"]
trash = ["Curse", "Estate", "Copper"]
play = ["Chapel"]
[options]
never_lose_by_ending = false
''')
    xml, (bot,) = export_geronimoo([spec])
    assert bot.notes == [
        "its play list (1 entry: Chapel) is not exported: DominionSim plays, trashes and "
        "discards by its own rules",
        "its trash list (3 entries: Curse, Estate, Copper) is not exported: DominionSim plays, "
        "trashes and discards by its own rules",
        "option never_lose_by_ending = false is not exported: DominionSim always avoids ending "
        "a game it would lose",
        "buy Province: money (the coins of my Treasures) is written as getTotalMoney, which "
        "also counts the +$ of Action cards",
        "buy Chapel: the condition 'turn <= 2 or deck_size > 20' has no DominionSim equivalent "
        "and is left out (this rule buys more often)",
    ]
    assert "<!-- note: its play list" in xml
    (back,) = import_geronimoo(xml)
    assert back.spec is not None
    chapel = next(e for e in back.spec.buy if e.card == "Chapel")
    assert chapel.condition == "count(Chapel) < 1"  # the limit travels as its condition
    silver = next(e for e in back.spec.buy if e.card == "Silver")
    assert silver.condition == "3 <= coins and coins <= 5"  # a chain as its two parts


def test_the_export_command(tmp_path: Path) -> None:
    env = {"PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    run = [sys.executable, "-m", "ludolab.cli.main", "dominion", "export"]
    out = tmp_path / "bots.xml"
    r = subprocess.run([*run, "Smithy Big Money", "Big Money", "--out", str(out)],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "2 bots written to" in r.stderr and "note: Big Money: option" in r.stderr
    names = [b.name for b in import_geronimoo(out.read_bytes())]
    assert names == ["Smithy Big Money", "Big Money"]
    r = subprocess.run([*run, "Smithy Big Money", "--out", str(out)], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 2 and r.stderr.strip().endswith("exists (--force overwrites)")
    r = subprocess.run([*run, "No Such Bot"], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_the_export_routes(client: Any) -> None:
    r = client.get("/dominion/bot-xml", params={"name": "Smithy Big Money"})
    assert r.status_code == 200
    assert r.headers["content-disposition"] == 'attachment; filename="smithy-big-money.xml"'
    assert import_geronimoo(r.content)[0].spec.name == "Smithy Big Money"
    assert client.get("/dominion/bot-xml", params={"name": "/etc/passwd"}).status_code == 400
    r = post_htmx(client, "/dominion/bot/export", data={"editor": "A", "botA": 'name = "E"\n'
                  'buy = ["Province", "Gold", "Silver"]\n'})
    assert r.status_code == 200 and r.json()["notes"] == [] and r.json()["filename"] == "e.xml"
    r = post_htmx(client, "/dominion/bot/export", data={"editor": "A", "botA": "buy = ["})
    assert r.status_code == 400 and "bot editor A: line 1" in r.text


def test_the_editor_downloads_its_bot_as_xml(tab: Any, tmp_path: Path) -> None:
    tab.goto("/dominion/simulate")
    tab.fill("#botA", 'name = "Exported"\nbuy = ["Province if money >= 16", "Gold", '
             '"Smithy limit 1", "Silver"]\n')
    with tab.expect_download() as info:
        tab.click("#exportA")
    path = tmp_path / "e.xml"
    info.value.save_as(path)
    assert info.value.suggested_filename == "exported.xml"
    (bot,) = import_geronimoo(path.read_bytes())
    assert [e.card for e in bot.spec.buy] == ["Province", "Gold", "Smithy", "Silver"]
    expect(tab.locator("#export-notesA .export-note")).to_have_text([
        "Exported: buy Province: money (the coins of my Treasures) is written as "
        "getTotalMoney, which also counts the +$ of Action cards"])
    tab.fill("#botA", "buy = [")
    tab.click("#exportA")
    expect(tab.locator("#export-notesA .error")).to_contain_text("bot editor A: line 1")
