"""Real-browser tests: Chromium (Debian's, through Playwright) drives every page of the live app.

These fail, never skip, when the browser is missing (see ``conftest.py``). Game counts are small
so each test takes seconds. With ``LUDOLAB_SCREENSHOTS=docs/web`` they also take the pictures of
``docs/web.md``.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

BAD_BOT = """name = "Typo bot"
buy = [
    "Province if money >= 8",
    "Gold if count(Gold) <",
    "Silver",
]
"""


def test_home_and_jobs_pages(tab: Any, shot: Any) -> None:
    tab.goto("/")
    expect(tab.locator("h1")).to_have_text("ludolab")
    for title in ("Simulate", "Game log", "Bots", "Cards", "Evolve", "Play", "Tournaments",
                  "Poker", "Hand history", "Poker bots"):
        expect(tab.locator(".tile b", has_text=re.compile(f"^{title}$"))).to_have_count(1)
    shot(tab, "home")


def test_simulation_shows_progress_then_results(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.fill("#seat0", "Big Money")
    tab.fill("#seat1", "Smithy Big Money")
    tab.fill("#games", "30000")
    tab.click("#run")
    # the job panel shows the run's progress while it plays (30,000 games take over a second in
    # one process), then replaces it with the results
    expect(tab.locator("[data-testid=progress]")).to_contain_text("of 30,000 games")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    assert re.search(r"/dominion/simulate\?job=\w+$", tab.url)  # a reload finds the result
    table = tab.locator("#result-table tbody tr")
    expect(table).to_have_count(2)
    expect(table.nth(0).locator("td").first).to_have_text("Big Money")
    expect(table.nth(1).locator("td").first).to_have_text("Smithy Big Money")
    expect(tab.locator("#seat-table tbody tr")).to_have_count(2)
    expect(tab.locator(".winbar")).to_have_count(2)
    expect(tab.locator("#duel .name").first).to_contain_text("Big Money")
    expect(tab.locator(".uplot-host canvas")).to_have_count(5)  # VP, money, P($5/$6/$8)
    expect(tab.locator("#sim-job .progress-text")).to_contain_text("30,000 games (15,000 deals) in")
    shot(tab, "simulate")
    tab.reload()
    expect(tab.locator("#result-table tbody tr")).to_have_count(2)
    tab.fill("input[name=game]", "7")
    tab.click("#replay-button")
    expect(tab.locator("#replay h2")).to_contain_text("game 7 of simulation")


def test_stop_a_simulation_from_the_page(tab: Any) -> None:
    tab.goto("/dominion/simulate")
    tab.fill("#games", "200000")
    tab.click("#run")
    # stop once some games are in (a stop before the first chunk keeps nothing, honestly)
    expect(tab.locator("[data-testid=progress]")).not_to_have_text("0 of 200,000 games")
    tab.locator(".progress-box button", has_text="Stop").click()
    expect(tab.locator("#sim-job[data-status=cancelled]")).to_be_visible(timeout=120_000)
    expect(tab.locator("#sim-job .progress-text")).to_contain_text("of 200,000")
    expect(tab.locator("#result-table tbody tr")).to_have_count(2)  # the finished games


def test_a_long_run_asks_then_goes_on_from_the_page(tab: Any, app: Any) -> None:
    # a limit of half a second: 200,000 games in one process take seconds, so the run pauses to
    # ask once its first games have measured the speed; "Go on" (an htmx post with the token)
    # lets it finish
    jobs = app.state.jobs
    old = jobs.confirm_seconds
    jobs.confirm_seconds = 0.5
    try:
        tab.goto("/dominion/simulate")
        tab.fill("#games", "200000")
        tab.click("#run")
        expect(tab.locator("[data-testid=confirm]")).to_contain_text("This run needs about",
                                                                      timeout=120_000)
    finally:
        jobs.confirm_seconds = old
    tab.click("#confirm-continue")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    expect(tab.locator("#sim-job .progress-text")).to_contain_text("200,000 games")


def test_poker_simulation_then_one_of_its_hands(tab: Any, shot: Any) -> None:
    tab.goto("/poker/simulate")
    tab.fill("#seat0", "Loki-1")
    tab.fill("#seat1", "Always Call")
    tab.fill("#seat2", "Random")
    tab.fill("#deals", "2000")
    tab.click("#run")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    assert re.search(r"/poker/simulate\?job=\w+$", tab.url)  # a reload finds the result
    rows = tab.locator("#result-table tbody tr")
    expect(rows).to_have_count(3)
    for i, name in enumerate(("Loki-1", "Always Call", "Random")):
        expect(rows.nth(i).locator("td").first).to_have_text(name)
    expect(tab.locator("#sim-job .progress-text")).to_contain_text(
        "12,000 hands (2,000 deals x 6)")
    expect(tab.locator("#sb-bars .sbbar")).to_have_count(3)
    expect(tab.locator("#position-table tbody tr")).to_have_count(3)
    expect(tab.locator(".uplot-host canvas")).to_have_count(1)
    shot(tab, "poker-simulate")
    tab.fill("input[name=hand]", "7")
    tab.click("#hand-button")
    expect(tab.locator("#hand h2")).to_contain_text("hand 7 of simulation")
    expect(tab.locator("#hand-text")).to_contain_text("*** PRE-FLOP ***")
    expect(tab.locator("#hand-text")).to_contain_text("Result: seat 0")
    shot(tab, "poker-hand", full_page=False)
    tab.goto("/poker/bots")
    expect(tab.locator("#poker-bots tbody tr")).to_have_count(10)
    shot(tab, "poker-bots", full_page=False)
    tab.click("#bot-loki-1 a")
    expect(tab.locator("h1")).to_have_text("Loki-1")
    expect(tab.locator("#bot-file")).to_contain_text('kind = "loki1"')
    shot(tab, "poker-bot", full_page=False)


def test_bot_editor_shows_the_error_at_its_line(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/simulate")
    expect(tab.locator("#checkA .ok")).to_contain_text("My Smithy bot")  # the default is valid
    tab.fill("#botA", BAD_BOT)
    error = tab.locator("#checkA .bot-error")
    expect(error).to_contain_text("line 4:")
    expect(error).to_have_attribute("data-line", "4")
    expect(tab.locator('.code-editor[data-editor="A"] .gutter .bad')).to_have_text("4")
    shot(tab, "bot-editor", full_page=False)
    tab.fill("#botA", BAD_BOT.replace("count(Gold) <", "count(Gold) < 3"))
    expect(tab.locator("#checkA .ok")).to_contain_text("Typo bot")
    expect(tab.locator('.code-editor[data-editor="A"] .gutter .bad')).to_have_count(0)
    tab.select_option("#loadA", "Witch Big Money")  # start from a library bot
    expect(tab.locator("#botA")).to_have_value(re.compile(r'^name = "Witch Big Money"$', re.M))
    expect(tab.locator("#checkA .ok")).to_contain_text("Witch Big Money")


def test_replay_a_game_turn_by_turn(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/replay?bot0=Witch+Big+Money&bot1=Big+Money&seed=3")
    expect(tab.locator("#replay h2")).to_contain_text("Witch Big Money vs Big Money")
    turns = tab.locator("li.turn")
    n = turns.count()
    assert n > 20  # a two-player money game lasts well over ten turns each
    rounds = (n + 1) // 2  # counted as the log counts them: "Turn 3 - P2" is turn 3
    expect(tab.locator("#turn-label")).to_have_text(f"turn 1 of {rounds} · P1 Witch Big Money")
    expect(turns.nth(0)).to_be_visible()
    expect(turns.nth(1)).to_be_hidden()
    tab.click("#next-turn")
    expect(tab.locator("#turn-label")).to_have_text(f"turn 1 of {rounds} · P2 Big Money")
    expect(turns.nth(1)).to_be_visible()
    expect(turns.nth(1).locator("h3")).to_have_text("Turn 1 - P2 Big Money")
    shot(tab, "replay", full_page=False)
    tab.check("#show-all")
    expect(tab.locator("#game-end")).to_contain_text("The game ended because")


def _pick(labels: list[str]) -> int:
    """A person playing Big Money: Province, Gold, Silver, else stop (or the first option)."""
    for want in ("Province", "Gold", "Silver"):
        for i, text in enumerate(labels):
            if text.startswith(want + " ("):
                return i
    for i, text in enumerate(labels):
        if text in ("end buying", "no more actions", "none", "no"):
            return i
    return 0


def test_play_a_game_against_a_bot_to_the_end(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/play")
    tab.fill("#opp0", "Big Money")
    tab.fill("input[name=seed]", "11")
    tab.click("#play-start")
    # a first game after an engine change compiles its card homes: more than expect's 5 s
    expect(tab.locator("#question")).to_be_visible(timeout=120_000)
    shot(tab, "play")
    for _ in range(400):
        if tab.locator("#game-over").count():
            break
        buttons = tab.locator("form.options button.option")
        labels = buttons.all_inner_texts()
        assert labels, "a pending decision shows its options"
        moves = tab.locator("input[name=move]").get_attribute("value")
        buttons.nth(_pick(labels)).click()
        tab.wait_for_function(
            "m => !document.querySelector('input[name=move]') || "
            "document.querySelector('input[name=move]').value !== m", arg=moves)
    expect(tab.locator("#game-over")).to_contain_text(re.compile(r"You (won|lost|shared)"))
    expect(tab.locator("#game-over")).to_contain_text("the game ended on")
    shot(tab, "play-end")


def test_bots_and_cards_pages(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/bots")
    expect(tab.locator("#bot-smithy-big-money h2")).to_have_text("Smithy Big Money")
    tab.locator("#bot-smithy-big-money summary", has_text="In words").click()
    expect(tab.locator("#bot-smithy-big-money pre.words")).to_contain_text(
        "Player Strategy: Smithy Big Money")
    shot(tab, "bots", full_page=False)
    tab.goto("/dominion/cards")
    total = tab.locator("table.cards tbody tr").count()
    tab.fill("#card-search", "attack")
    expect(tab.locator("#cards p.dim")).not_to_have_text(f"{total} cards")
    rows = tab.locator("table.cards tbody tr").all_inner_texts()
    assert all("attack" in r.lower() for r in rows)  # in the types, or the text (Moat)
    names = tab.locator("table.cards tbody tr td:first-child").all_inner_texts()
    assert {"Militia", "Witch", "Moat"} <= set(names) and "Smithy" not in names
    shot(tab, "cards", full_page=False)


def test_tournament_builder_runs_and_shows_ratings_and_heat_map(tab: Any, shot: Any) -> None:
    tab.goto("/arena/tournament")
    tab.locator("#builder input[name=games]").fill("300")
    tab.click("#builder button[type=submit]")
    expect(tab.locator("#tournament-text")).to_have_value(re.compile(r"^games = 300$", re.M))
    tab.click("#tournament-run")
    expect(tab.locator("#tournament-job[data-status=done]")).to_be_visible(timeout=120_000)
    expect(tab.locator("#ratings tbody tr")).to_have_count(3)
    expect(tab.locator("#heatmap tbody tr")).to_have_count(3)
    shot(tab, "tournament")


def test_evolve_shows_the_fitness_curve_and_the_champion(tab: Any, shot: Any) -> None:
    tab.goto("/dominion/evolve")
    for name, value in (("population", "8"), ("generations", "3"), ("games", "10"),
                        ("validate_games", "200")):
        tab.fill(f"input[name={name}]", value)
    tab.click("#evolve-run")
    expect(tab.locator("#evolve-job[data-status=done]")).to_be_visible(timeout=120_000)
    expect(tab.locator("#evolve-job .uplot-host canvas")).to_have_count(1)
    with tab.expect_download() as dl:
        tab.click("#champion-download")
    assert dl.value.suggested_filename.startswith("champion-")
    shot(tab, "evolve")
    tab.goto("/jobs")
    expect(tab.locator("table.grid tbody tr").first).to_be_visible()
    expect(tab.locator("td", has_text="evolve against Big Money")).to_have_count(1)
    shot(tab, "jobs")
