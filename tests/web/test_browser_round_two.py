"""Real-browser tests of the page's second round (issue 21), in the session's one Chromium and
live server (``conftest.py``): a search player chosen with the settings picker, an editor bot
kept in My bots and played against, the quick game buttons, an error beside its field, the
390-pixel phone layout, a result's game log with its neighbours, the kingdom picker, the card
filters and the poker hand's cards. Game counts are tiny: the whole module takes seconds."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

BROWSER_BOT = 'name = "Browser bot"\nbuy = ["Province if money >= 8", "Gold", "Silver"]\n'


def test_a_search_player_from_the_settings_picker_plays_on_the_game_log(tab: Any) -> None:
    tab.goto("/dominion/replay")
    tab.click("#search-picker summary")
    picker = tab.locator('.spec-picker[data-player="mcts"]')
    picker.locator('input[data-param="simulations"]').fill("3")
    expect(picker.locator(".spec-out")).to_have_text("mcts:simulations=3")
    picker.locator(".spec-target").select_option("rbot1")
    picker.locator(".spec-use").click()
    expect(tab.locator("#rbot1")).to_have_value("mcts:simulations=3")
    tab.fill("input[name=seed]", "5")
    tab.click("#replay-form button[type=submit]")
    expect(tab.locator("#replay h2")).to_contain_text("Big Money vs mcts:simulations=3")
    expect(tab.locator("#turn-label")).to_contain_text("turn 1 of")
    assert tab.request.get("/favicon.ico").status == 200


def test_an_editor_bot_kept_in_my_bots_is_played_against(tab: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.fill("#botA", BROWSER_BOT)
    expect(tab.locator("#checkA .ok")).to_contain_text("Browser bot")
    tab.reload()  # the draft is kept in the browser
    expect(tab.locator("#botA")).to_have_value(BROWSER_BOT)
    with tab.expect_download() as dl:
        tab.click("#downloadA")
    assert dl.value.suggested_filename == "browser-bot.toml"
    tab.click("#saveA")
    expect(tab.locator("#savedA")).to_contain_text("saved as my:Browser bot")
    tab.click("#savedA #send-play")
    expect(tab.locator("#opp0")).to_have_value("my:Browser bot")
    tab.click("#play-start")
    # a first game after an engine change compiles its card homes: more than expect's 5 s
    expect(tab.locator("h1")).to_have_text("You vs Browser bot", timeout=120_000)
    expect(tab.locator("#turn-info")).to_contain_text("Turn 1 of You")
    tab.goto("/dominion/bots")
    expect(tab.locator("#my-browser-bot h3")).to_contain_text("my:Browser bot")


def test_quick_buttons_field_errors_phone_layout_and_a_results_game_log(tab: Any) -> None:
    tab.set_viewport_size({"width": 390, "height": 844})
    tab.goto("/dominion/simulate")
    # nothing runs off the right edge of a 390-pixel phone
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    tab.fill("#games", "")
    tab.evaluate("document.getElementById('games').removeAttribute('required')")
    tab.click("#run")
    expect(tab.locator(".field-error")).to_have_text("games is required")
    expect(tab.locator("#games")).to_have_attribute("aria-invalid", "true")
    tab.click("#run-100")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    expect(tab.locator("#sim-job .progress-text")).to_contain_text("100 games (50 deals)")
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    tab.fill("input[name=game]", "7")
    tab.click("#replay-button")
    expect(tab.locator("#replay h2")).to_contain_text("game 7 of simulation")
    tab.click("#next-game")
    expect(tab.locator("#replay h2")).to_contain_text("game 8 of simulation")
    expect(tab.locator("#prev-game")).to_have_text("◀ game 7")


def test_kingdom_picker_and_card_filters(tab: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.click("#kingdom-picker summary")
    tab.click('.kp-preset[data-value="first-game"]')
    expect(tab.locator("#kingdom")).to_have_value("first-game")
    tab.click("#kp-random")
    expect(tab.locator("#kingdom")).to_have_value("random:sets=base2")
    tab.locator(".kp-card input[value=Smithy]").first.check()  # in both editions: one choice
    expect(tab.locator(".kp-card input[value=Smithy]").last).to_be_checked()
    tab.locator(".kp-card input[value=Village]").first.check()
    tab.click("#kp-cards")
    expect(tab.locator("#kingdom")).to_have_value(re.compile(r"^(Smithy, Village|Village, "
                                                             r"Smithy)$"))
    tab.goto("/dominion/cards")
    names = "table.cards tbody tr td:first-child b"
    tab.select_option("#card-type", "Attack")
    # each filter is a request: wait for one's table before the next (Smithy is no Attack)
    expect(tab.locator(names, has_text=re.compile(r"^Smithy$"))).to_have_count(0)
    tab.select_option("#card-cost", "5")
    # exactly "Witch" (Seaside's Sea Witch is a $5 Attack too); first wait until the cost filter
    # has hidden the $4 Attacks (Militia), since Witch is listed before and after it applies
    expect(tab.locator(names, has_text=re.compile(r"^Militia$"))).to_have_count(0)
    witch = tab.locator(names, has_text=re.compile(r"^Witch$"))
    expect(witch).to_have_count(1)
    expect(tab.locator(names, has_text=re.compile(r"^Sea Witch$"))).to_have_count(1)
    for row in tab.locator("table.cards tbody tr").all_inner_texts():
        assert "$5" in row and "Attack" in row


def test_a_poker_hand_draws_its_cards_and_steps_to_the_next(tab: Any) -> None:
    tab.goto("/poker/hand?seat0=Loki-1&seat1=Always+Call&seed=0&deal=3")
    card = tab.locator("#hand-text .pcard.d").first
    expect(card).to_be_visible()
    assert tab.evaluate("getComputedStyle(document.querySelector('#hand-text .pcard.d'))"
                        ".color") == "rgb(198, 40, 40)"  # red diamonds
    tab.click("#next-hand")
    expect(tab.locator("#hand h2")).to_contain_text("deal 4")
