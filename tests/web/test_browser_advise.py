"""Real-browser test of the Advise page: a tiny seeded advise on a preset chosen with the
kingdom picker shows the recommended bot, its tables, and keeps it in My bots."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_advise_on_a_preset_recommends_a_bot_and_keeps_it(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/advise")
    tab.click("#kingdom-picker summary")
    tab.click('.kp-preset[data-value="size-distortion"]')
    expect(tab.locator("#advise-kingdom")).to_have_value("size-distortion")
    tab.fill("#advise-evaluations", "8")
    tab.fill("#advise-seed", "5")
    tab.click("#advise-run")
    expect(tab.locator("#advise-job[data-status=done]")).to_be_visible(timeout=300_000)
    expect(tab.locator("#advised-name")).to_contain_text("Recommended")
    expect(tab.locator("#advised-text")).to_contain_text(
        'name = "Advised for size-distortion, seed 5, ')
    expect(tab.locator("#advised-plan")).to_contain_text("In its final games it buys per game")
    expect(tab.locator("#advise-rates tbody tr").first).to_be_visible()
    expect(tab.locator("#advise-cards tbody tr").first).to_be_visible()
    tab.click("#advised-keep")
    saved = tab.locator("#advised-saved [data-saved]")
    expect(saved).to_contain_text("saved as my:Advised for size-distortion, seed 5, ")
    shot(tab, "advise")
    tab.goto("/dominion/bots")
    expect(tab.locator("#my-bots")).to_contain_text("Advised for size-distortion, seed 5, ")
