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
    # a first game after an engine change compiles its card homes: more than expect's 5 s
    expect(tab.locator("#play-treasures")).to_have_text("Play all Treasures (3)",
                                                        timeout=120_000)
    tab.click("#play-treasures")
    expect(tab.locator("#turn-info")).to_contain_text("$4")
    expect(tab.locator("#hand .card")).to_have_text(["1 × Estate", "1 × Bank"])
    expect(tab.locator("#play-treasures")).to_have_count(0)
    expect(tab.locator(".options button", has_text="Bank")).to_be_visible()


def _in_view(tab: Any, selector: str) -> bool:
    """The element's top is inside the window (it was scrolled into sight)."""
    return bool(tab.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return r.top >= 0 && r.top < window.innerHeight; }", selector))


# desktop, a 390-pixel phone, and 200% zoom of a 1280 x 900 window (the page then lays out in
# 640 x 450 CSS pixels, which is what the zoom does to it)
SIZES = [(1280, 900), (390, 844), (640, 450)]


def test_a_run_scrolls_its_job_panel_into_sight_and_says_it_began(tab: Any) -> None:
    for width, height in SIZES:
        tab.set_viewport_size({"width": width, "height": height})
        tab.goto("/dominion/simulate")
        tab.click("#kingdom-picker summary")  # open: the page is thousands of pixels tall
        expect(tab.locator("#kp-cards")).to_be_visible()
        tab.click("#run-100")
        expect(tab.locator("#job-begun")).to_contain_text("Job started at")
        expect(tab.locator("#job-begun")).to_contain_text("100 games")
        expect(tab.locator("#sim-job")).to_be_visible()
        tab.wait_for_function("() => { const r = document.querySelector('#job-begun')"
                              ".getBoundingClientRect(); return r.top >= 0 && "
                              "r.top < window.innerHeight; }")
        assert _in_view(tab, "#sim-job"), (width, height)
        expect(tab.locator("#kingdom-picker")).not_to_have_attribute("open", "")
        expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
        expect(tab.locator("#job-begun")).to_be_visible()  # still there once the panel is done


def test_the_kingdom_picker_closes_on_the_tenth_card(tab: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.click("#kingdom-picker summary")
    cards = ["Cellar", "Chapel", "Moat", "Harbinger", "Merchant", "Vassal", "Village",
             "Workshop", "Bureaucrat", "Gardens"]
    for name in cards[:9]:
        tab.locator(f".kp-card input[value='{name}']").first.check()
    expect(tab.locator("#kingdom-picker")).to_have_attribute("open", "")
    tab.locator(f".kp-card input[value='{cards[9]}']").first.check()
    expect(tab.locator("#kingdom-picker")).not_to_have_attribute("open", "")
    expect(tab.locator("#kingdom")).to_have_value(", ".join(sorted(cards)))  # page order


def test_the_card_table_has_the_duration_type(tab: Any) -> None:
    tab.goto("/dominion/cards")
    tab.select_option("#card-type", "Duration")
    names = "table.cards tbody tr td:first-child b"
    expect(tab.locator(names, has_text="Smithy")).to_have_count(0)
    wharf = tab.locator("table.cards tbody tr", has=tab.locator("b", has_text="Wharf"))
    expect(wharf.locator("td").nth(2)).to_have_text("Action - Duration")


def test_one_game_with_its_log_next_to_the_run_buttons(tab: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.fill("#seat1", "Witch Big Money")
    tab.fill("input[name=seed]", "9")
    tab.click("#one-game")
    expect(tab.locator("#replay h2")).to_contain_text("Big Money vs Witch Big Money")
    expect(tab.locator("#turn-label")).to_contain_text("turn 1 of")
    assert "seed=9" in tab.url
    tab.goto("/dominion/simulate")
    tab.fill("#seat1", "editor:A")
    tab.click("#one-game")
    expect(tab.locator("#one-game-note")).to_have_text(
        "editor:A cannot go to the game log: save it to My bots and seat it as my:NAME")


def test_the_new_pieces_fit_a_phone_and_200_percent_zoom(tab: Any) -> None:
    """Nothing of the board (the treasure button, tokens, waiting Durations) or of the job
    line runs off the right edge of a 390-pixel phone or of 200% zoom (640 CSS pixels)."""
    tab.goto("/dominion/play")
    tab.fill("#play-kingdom", "Bank, Trade Route, Monument, Fishing Village, Wharf, Village, "
             "Market, Festival, Laboratory, Smithy")
    tab.fill("#start_hand", "Copper, Copper, Silver, Bank, Estate")
    tab.click("#play-start")
    expect(tab.locator("#play-treasures")).to_be_visible(timeout=120_000)  # a cold compile
    expect(tab.locator("#trade-route")).to_contain_text("Trade Route mat: 0 tokens")
    for width, height in [(390, 844), (640, 450)]:
        tab.set_viewport_size({"width": width, "height": height})
        assert tab.evaluate("document.documentElement.scrollWidth") <= width, width


def test_the_bot_editor_completes_cards_and_condition_words(tab: Any) -> None:
    tab.goto("/dominion/simulate")
    editor = tab.locator("#botA")
    editor.fill('name = "Completed"\nbuy = [\n    "Province if tot')
    editor.press("End")
    editor.type("a")  # an input event at the end: "tota" -> total_money
    expect(tab.locator("#completeA .completion").first).to_have_text("total_money")
    editor.press("Tab")
    expect(editor).to_have_value('name = "Completed"\nbuy = [\n    "Province if total_money')
    editor.type(' >= 18",\n    "Fishing V')
    expect(tab.locator("#completeA .completion")).to_have_text(["Fishing Village"])
    tab.click("#completeA .completion")
    editor.type('",\n    "Silver",\n]\n')
    expect(tab.locator("#checkA .ok")).to_contain_text("Completed")
    assert "Fishing Village" in editor.input_value()
