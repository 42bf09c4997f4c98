"""A forced opening per bot on Simulate: one bot opens 5/2 (or 4/3) in every game, whatever
seat it sits in, while the other opens as the shuffle falls (``StartState.bot_openings``)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from webtools import post_form

from ludolab.games.dominion.cards import CARDS
from ludolab.games.dominion.start import StartState


def _split(zones: dict[str, Any]) -> list[int]:
    order = zones["hand"] + zones["deck"]
    return sorted(sum(CARDS[c].coins for c in hand) for hand in (order[:5], order[5:10]))


def test_an_opening_follows_its_bot_and_the_other_is_dealt() -> None:
    """Bot 1 opens 5/2 in every deal in either seat; bot 2's opening is the shuffle's own (the
    usual start's deal: 5/2 only about once in six)."""
    start = StartState(bot_openings=("5/2", "dealt"))
    usual = StartState()
    other = []
    for seed in range(60):
        for lineup in ([0, 1], [1, 0]):
            dealt = start.deal(seed, 2, lineup)
            me, them = lineup.index(0), lineup.index(1)
            assert _split(dealt[me]) == [2, 5]
            assert dealt[them] == usual.deal(seed, 2)[them]  # nothing redealt for bot 2
            other.append(_split(dealt[them]))
    assert [3, 4] in other and 0.05 < other.count([2, 5]) / len(other) < 0.35
    # the common opening still applies to a bot with none of its own; "dealt" overrides it
    both = StartState(opening="4/3", bot_openings=(None, "dealt"))
    assert _split(both.deal(7, 2, [0, 1])[0]) == [3, 4]
    assert both.deal(7, 2, [0, 1])[1] == usual.deal(7, 2)[1]
    assert start.summary() == "openings by bot: 1 5/2, 2 as dealt"


def test_simulate_takes_an_opening_per_seat(client: Any, app: Any) -> None:
    from ludolab.arena.simulation import prepare

    form = {"seat0": "Big Money", "seat1": "Smithy Big Money", "games": "12", "seed": "4",
            "opening0": "5/2", "opening1": "dealt"}
    r = post_form(client, "/dominion/simulate", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    job_id = r.headers["location"].split("job=")[1]
    job = app.state.jobs.wait(job_id, 300)
    assert job.status == "done", job.error
    res = job.result.result
    assert res.settings["start"] == "openings by bot: 1 5/2, 2 as dealt"
    want = prepare("dominion", ["Big Money", "Smithy Big Money"], 12, 4,
                   options={"kingdom": "auto", "rules": "official",
                            "start": StartState(bot_openings=("5/2", "dealt"))},
                   seating="rotate").run(workers=1)
    assert res.records["vp"].tolist() == want.records["vp"].tolist()
    start = StartState(bot_openings=("5/2", "dealt"))
    for seed, seating in zip(res.records["seed"].tolist(), res.records["seating"].tolist(),
                             strict=True):
        dealt = start.deal(int(seed), 2, seating)
        assert _split(dealt[seating.index(0)]) == [2, 5]
    page = client.get(f"/dominion/simulate?job={job_id}").text
    assert "Start state: <strong>openings by bot: 1 5/2, 2 as dealt</strong>" in page
    assert '<option value="5/2" selected>5/2</option>' in page  # the form keeps it


def test_a_bad_seat_opening_is_one_line(client: Any) -> None:
    r = post_form(client, "/dominion/simulate", data={
        "seat0": "Big Money", "seat1": "Big Money", "games": "2", "opening1": "6/1"})
    assert r.status_code == 400
    assert "opening of seat 2: 5/2, 4/3 or dealt, got &#39;6/1&#39;" in r.text
    r = post_form(client, "/dominion/simulate", data={
        "seat0": "Big Money", "seat1": "Big Money", "games": "2", "opening0": "5/2",
        "start_deck": "10 Copper"})
    assert r.status_code == 400
    assert "starting deck: no deal of this deck gives a 5/2 opening" in r.text


def test_the_seat_opening_in_the_browser(tab: Any) -> None:
    """Chosen beside the seat, it runs and the result names it; the seat rows fit a phone and
    200% zoom."""
    tab.goto("/dominion/simulate")
    tab.select_option("#opening0", "4/3")
    tab.fill("#games", "8")
    tab.click("#run")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    expect(tab.locator("#start-used")).to_have_text("Start state: openings by bot: 1 4/3")
    for width, height in [(390, 844), (640, 450)]:
        tab.set_viewport_size({"width": width, "height": height})
        tab.reload()
        expect(tab.locator("#opening0")).to_have_value("4/3")
        assert tab.evaluate("document.documentElement.scrollWidth") <= width, width


def test_a_start_file_gives_each_bot_its_opening(tmp_path: Any) -> None:
    """``openings`` in a start file: per bot of the command line, following it through the
    rotations (``play_from``'s line-up), a bad value one line naming the key."""
    import numpy as np

    from ludolab.errors import BotFileError
    from ludolab.games.dominion.bots import compile_bot, load_spec
    from ludolab.games.dominion.cards import card_id
    from ludolab.games.dominion.engine import Engine
    from ludolab.games.dominion.rules import ruleset
    from ludolab.games.dominion.start import parse_start_text, play_from

    start = parse_start_text('opening = "4/3"\nopenings = ["5/2", "dealt"]\n')
    assert start == StartState(opening="4/3", bot_openings=("5/2", "dealt"))
    with pytest.raises(BotFileError) as exc:
        parse_start_text('openings = ["6/1"]\n', "s.toml")
    assert str(exc.value) == ("s.toml:1: opening of bot 1 must be one of 5/2, 4/3 or dealt, "
                              "got '6/1'")
    bots = [compile_bot(load_spec(n)) for n in ("Big Money", "Smithy Big Money")]
    engine = Engine([card_id("Smithy")], 2, ruleset("official"))
    seeds = np.arange(4)
    swapped = play_from(engine, bots[::-1], seeds, start, [1, 0])
    by_hand = [engine.new_game(int(s), bots[::-1], start=start.deal(int(s), 2, [1, 0]))
               .records().vp[0].tolist() for s in seeds]
    assert swapped[0].tolist() == by_hand
