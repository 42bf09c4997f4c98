"""Real browser: the Simulate page's "What each bot bought" table and per-card chart."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from ludolab import dominion


def test_card_statistics_table_and_chart(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.fill("#seat0", "Chapel/Witch")
    tab.fill("#seat1", "Big Money")
    tab.fill("#games", "200")
    expect(tab.locator("#card_stats")).to_be_checked()  # ticked by default
    tab.click("#run")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    # the same run from Python (same bots, games and seed 0): the table's rows, in order
    want = dominion.simulate(["Chapel/Witch", "Big Money"], 200, 0, card_stats=True).card_rows()
    rows = tab.locator("#card-table tbody tr")
    expect(rows).to_have_count(len(want))
    for i in (0, len(want) - 1):
        cells = rows.nth(i).locator("td")
        expect(cells.nth(0)).to_have_text(want[i]["bot"])
        expect(cells.nth(1)).to_have_text(want[i]["card"])
        expect(cells.nth(2)).to_have_text(f"{want[i]['bought']:.2f}")
    witch = tab.locator('#card-chart .cardchart-row[data-card="Witch"] .cardbar')
    expect(witch).to_have_count(2)  # one bar per bot
    expect(witch.nth(1)).to_contain_text("0.00")  # Big Money never buys a Witch
    tab.locator("#card-stats").evaluate("e => e.scrollIntoView()")
    shot(tab, "simulate-card-stats", full_page=False)  # the section, for docs/web.md
    # unticked: the next run records none
    tab.uncheck("#card_stats")
    tab.fill("#games", "20")
    tab.click("#run")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    expect(tab.locator("#sim-job .progress-text")).to_contain_text("20 games")
    expect(tab.locator("#card-table")).to_have_count(0)
