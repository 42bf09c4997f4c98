"""Real-browser tests of the bring-your-bots work on the page, in the
session's one Chromium and live server (``conftest.py``): a DominionSim XML file loaded into My
bots, and a start state on Simulate with its error beside the field. Game counts are tiny."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

XML = """<?xml version="1.0" encoding="UTF-8"?>
<playerCollection>
    <player name="Browser XML Witch">
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
    <player name="Browser XML Werewolf">
        <buy name="Werewolf"/>
    </player>
</playerCollection>
"""


def test_a_dominionsim_file_loaded_on_the_bots_page_is_imported(tab: Any) -> None:
    tab.goto("/dominion/bots")
    tab.set_input_files("#mybot-file", files=[
        {"name": "bots.xml", "mimeType": "text/xml", "buffer": XML.encode()}])
    expect(tab.locator("#mybot-text")).to_have_value(XML)
    tab.click("#mybot-save")
    expect(tab.locator("#import-report")).to_contain_text(
        "DominionSim import: 1 bot kept in My bots, 1 not imported.")
    expect(tab.locator('[data-refused-bot="Browser XML Werewolf"]')).to_contain_text(
        "line 16: <buy name=\"Werewolf\">: card 'Werewolf' is not in ludolab yet")
    expect(tab.locator("#my-browser-xml-witch h3")).to_contain_text("my:Browser XML Witch")


def test_a_start_state_on_simulate_with_an_error_beside_its_field(tab: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.fill("#games", "10")
    tab.select_option("#opening", "5/2")
    tab.fill("#start_deck", "7 Coper, 3 Estate")
    tab.click("#run")
    expect(tab.locator(".field-error")).to_have_text(
        "starting deck: unknown card 'Coper'; did you mean 'Copper'?")
    expect(tab.locator("#start_deck")).to_have_attribute("aria-invalid", "true")
    tab.fill("#start_deck", "7 Copper, 3 Estate")
    tab.click("#run")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    expect(tab.locator("#start-used")).to_have_text(
        "Start state: opening 5/2; deck 7 Copper, 3 Estate")
