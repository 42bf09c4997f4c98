"""Results that update while a simulation runs (Dominiate's "win-o-meter"): the win bars, their
intervals and the result table are recomputed after finished batches, at most once a second,
and over every batch they are the finished run's own figures."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from ludolab.web.games.dominion import adapter as dom


def _request(games: int, card_stats: bool = False) -> Any:
    bots = [dom.library_bot("Big Money"), dom.library_bot("Smithy Big Money")]
    return dom.check_simulation(bots, games, 11, "auto", "official", "rotate", False, 0.02,
                                card_stats=card_stats)


def test_the_live_figures_of_every_batch_equal_the_finished_result() -> None:
    """Refreshed after every batch (no wait between refreshes), the last live view is the
    finished run's table row for row, and every earlier one counts only whole deals."""
    req = _request(2_000, card_stats=True)
    views: list[dict[str, Any]] = []
    live = dom.LiveResults(req.prepared, views.append, every=0.0)
    out = dom.run_simulation(req, None, 1, live)
    final = dom.result_view(out)["bots"]
    assert len(views) == 10  # 2,000 games in chunks of 200: a view after each
    assert [v["games"] for v in views] == list(range(200, 2_001, 200))
    assert views[-1]["bots"] == final
    assert views[0]["bots"] != final  # the first batch's figures are not yet the run's
    assert all(v["games"] % 2 == 0 for v in views)  # whole deals of the two seatings


def test_the_live_figures_refresh_at_most_once_a_second(monkeypatch: Any) -> None:
    """Batches arriving 0.3 s apart are shown at most once a second: the view is recomputed at
    the first batch and then only when a second has passed (a clock set by the test)."""
    req = _request(1_000)
    kept = dom.LiveResults(req.prepared, every=1e9)  # keeps the batches, one view only
    dom.run_simulation(req, None, 1, kept)
    batches = kept.batches
    assert len(batches) == 5
    now = [100.0]
    monkeypatch.setattr(dom.time, "monotonic", lambda: now[0])
    views: list[dict[str, Any]] = []
    live = dom.LiveResults(req.prepared, views.append)
    for b in batches:
        live.add(b)
        now[0] += 0.3
    # at t = 100.0 (first), 101.2 (the first at least a second later); not at 100.3-100.9, 101.5
    assert [v["games"] for v in views] == [200, 1_000]
    assert len(live.updates) == 2


def test_a_running_simulation_shows_its_win_bars_as_it_goes(tab: Any) -> None:
    """While the job runs, its panel shows the win bars and the table of the games so far, and
    they change as batches finish; on a phone and at 200% zoom nothing runs off the page."""
    tab.goto("/dominion/simulate")
    tab.fill("#games", "200000")
    tab.click("#run")
    live = tab.locator("#sim-job[data-status=running] #live-results")
    expect(live).to_be_visible(timeout=120_000)
    first = int(live.get_attribute("data-games"))
    assert 0 < first < 200_000
    expect(live.locator(".winbar-row")).to_have_count(2)
    expect(live.locator("#duel")).to_be_visible()
    expect(live.locator("#live-table tbody tr")).to_have_count(2)
    tab.wait_for_function(
        "(n) => { const e = document.querySelector('#live-results');"
        " return e && parseInt(e.dataset.games, 10) > n; }", arg=first, timeout=120_000)
    for width, height in [(390, 844), (640, 450)]:
        tab.set_viewport_size({"width": width, "height": height})
        expect(tab.locator("#live-results")).to_be_visible()
        assert tab.evaluate("document.documentElement.scrollWidth") <= width, width
    tab.click("#sim-job button:has-text('Stop')")
    expect(tab.locator("#sim-job[data-status=cancelled] #result-table")).to_be_visible(
        timeout=120_000)
    expect(tab.locator("#live-results")).to_have_count(0)
