"""Real-browser test of Play from a start state (issue 21), in the session's one Chromium and
live server (``conftest.py``): the start-state fields sent through htmx, the game page showing
exactly the given hand and draw pile at the given turn, and a bad value shown beside its field."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_play_begins_from_a_given_hand_and_draw_pile(tab: Any) -> None:
    tab.goto("/dominion/play")
    tab.fill("#opp0", "Big Money")
    # a bad turn: the one-line error beside its field, and no game starts
    tab.fill("#start_turn", "0")
    tab.click("#play-start")
    expect(tab.locator(".field-error")).to_have_text(
        "begin at turn: a whole number from 1 to 100, got 0")
    expect(tab.locator("#start_turn")).to_have_attribute("aria-invalid", "true")
    assert tab.url.endswith("/dominion/play")
    # the person's own cards, from turn 3
    tab.fill("#start_turn", "3")
    tab.fill("#start_hand", "Smithy, 2 Copper, 2 Estate")
    tab.fill("#start_draw", "Gold, Gold, 5 Silver")
    tab.fill("#start_discard", "3 Duchy")
    tab.click("#play-start")
    # a first game after an engine change compiles its card homes: more than expect's 5 s
    expect(tab.locator("#question")).to_be_visible(timeout=120_000)
    assert "/dominion/play/" in tab.url
    expect(tab.locator("#turn-info")).to_contain_text("Turn 3 of You · action phase")
    cards = tab.locator("#hand .card").all_inner_texts()
    assert sorted(cards) == ["1 × Smithy", "2 × Copper", "2 × Estate"]
    expect(tab.locator(".board")).to_contain_text("Draw pile 7 cards · discard pile 3 cards")
    expect(tab.locator("#play-start-state")).to_contain_text("from turn 3")
    # playing Smithy draws the top of the given pile: two Golds and a Silver, $10 with the Coppers
    tab.locator("form.options button.option", has_text="Smithy").click()
    expect(tab.locator("#turn-info")).to_contain_text("$10")
    expect(tab.locator(".board")).to_contain_text("Draw pile 4 cards")
