"""Real-browser tests of the page's third round, in the session's one Chromium and live server
(``conftest.py``): a save that would replace a kept bot asks first, Play's "play all Treasures",
results scrolled into sight on a desktop, a phone and at 200% zoom, and the card table's types
from the registry. Game counts are tiny."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_saving_over_a_kept_bot_asks_and_can_keep_both(tab: Any) -> None:
    text = 'name = "Twice saved"\nbuy = ["Province if money >= 8", "Gold", "Silver"]\n'
    tab.goto("/dominion/simulate")
    tab.fill("#botA", text)
    tab.click("#saveA")
    expect(tab.locator("#savedA")).to_contain_text("saved as my:Twice saved")
    tab.fill("#botA", text.replace("Silver", "Smithy"))
    tab.click("#saveA")
    expect(tab.locator("#savedA .error")).to_contain_text(
        "My bots already holds a bot named 'Twice saved'")
    expect(tab.locator("#savedA #save-overwrite")).to_have_text("Overwrite Twice saved")
    tab.click("#savedA #save-rename")
    expect(tab.locator("#savedA")).to_contain_text("saved as my:Twice saved (2)")
    tab.goto("/dominion/bots")
    expect(tab.locator("#my-twice-saved pre.code")).to_contain_text('"Silver"')
    expect(tab.locator("#my-twice-saved-2 pre.code")).to_contain_text('"Smithy"')


def test_play_all_treasures_in_one_click(tab: Any) -> None:
    tab.goto("/dominion/play")
    tab.fill("#play-kingdom", "Bank, Venture, Smithy, Village, Market, Festival, Laboratory, "
             "Moat, Cellar, Chapel")
    tab.fill("#start_hand", "Copper, Copper, Silver, Bank, Estate")
    tab.click("#play-start")
    expect(tab.locator("#play-treasures")).to_have_text("Play all Treasures (3)")
    tab.click("#play-treasures")
    expect(tab.locator("#turn-info")).to_contain_text("$4")
    expect(tab.locator("#hand .card")).to_have_text(["1 × Estate", "1 × Bank"])
    expect(tab.locator("#play-treasures")).to_have_count(0)
    expect(tab.locator(".options button", has_text="Bank")).to_be_visible()
