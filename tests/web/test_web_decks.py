"""Decks and what is left: the engine's deck records (``Engine.play(deck_stats=True)``), their
summary (:mod:`ludolab.games.dominion.deckstats`) and the Simulate page's deck charts."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from playwright.sync_api import expect

from ludolab.games.dominion.bots import compile_bot, load_spec
from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.deckstats import deck_summary
from ludolab.games.dominion.engine import Engine
from ludolab.games.dominion.rules import ruleset
from ludolab.web.games.dominion import adapter as dom


def _witch_games(deck_stats: bool) -> tuple[Engine, Any]:
    bots = [compile_bot(load_spec(n)) for n in ("Witch Big Money", "Smithy Big Money")]
    engine = Engine([card_id("Witch"), card_id("Smithy")], 2, ruleset("official"))
    return engine, engine.play(bots, np.arange(300, dtype=np.uint64), turn_stats=True,
                               deck_stats=deck_stats)


def test_deck_records_keep_the_games_and_every_card_is_somewhere() -> None:
    """The same games with and without the records; at the end of every game each card's
    copies in the supply, the trash and the seats' final decks add up to the same total (the
    pile and the starting decks: nothing is lost or counted twice); a seat's final deck scores
    its recorded VP (Witch and Smithy games: no VP tokens, no Gardens)."""
    engine, plain = _witch_games(False)
    _, rec = _witch_games(True)
    for key in ("vp", "turns", "outcome", "end_reason", "turn_coins", "turn_vp"):
        assert np.array_equal(getattr(plain, key), getattr(rec, key)), key
    ids = list(engine.card_ids)
    final = rec.deck_end
    assert (final >= 0).all()
    total = rec.supply_end + rec.trash_end + final.sum(axis=1)
    assert (total == total[0]).all()
    assert total[0][ids.index(card_id("Copper"))] == 60  # 46 in the pile, 7 in each deck
    assert total[0][ids.index(card_id("Curse"))] == 10
    vp = np.array([CARDS[c].vp for c in ids])
    assert np.array_equal(final @ vp, rec.vp)
    assert rec.trash_end.sum() == 0  # neither bot trashes
    # the first turn's deck is the starting ten and at most a buy (a $2 hand buys nothing);
    # turns not reached are -1; a seat's last turn is its final deck, except the Curses a
    # later turn gave it (the next player's Witch)
    first = rec.deck[:, :, 0]
    assert (first[:, :, ids.index(card_id("Copper"))] == 7).all()
    assert (first[:, :, ids.index(card_id("Estate"))] == 3).all()
    assert set(np.unique(first.sum(axis=2))) == {10, 11}
    g, p = rec.vp.shape
    last = np.minimum(rec.turns, rec.deck.shape[2]) - 1
    at_last = np.stack([rec.deck[np.arange(g), s, last[:, s]] for s in range(p)], axis=1)
    assert (rec.deck[np.arange(g), 0, rec.turns[:, 0]] == -1).all()
    curse = ids.index(card_id("Curse"))
    late = at_last != final
    assert late.any()  # it happens in these 300 games
    assert (late.sum(axis=2) == late[:, :, curse]).all()  # only Curses differ
    assert (final[:, :, curse] >= at_last[:, :, curse]).all()


def test_the_summary_follows_the_records() -> None:
    """The mean final deck and the supply left are the records' means, per bot."""
    engine, rec = _witch_games(True)
    cards = [CARDS[c].name for c in engine.card_ids]
    records = {"deck": rec.deck, "supply_end": rec.supply_end, "trash_end": rec.trash_end,
               "deck_end": rec.deck_end, "seating": np.tile([0, 1], (len(rec.vp), 1))}
    d = deck_summary(records, cards, ["Witch BM", "Smithy BM"])
    witch_final = rec.deck_end[:, 0].mean(axis=0)
    assert d["bots"][0]["final"] == [round(float(v), 3) for v in witch_final]
    assert d["supply"][cards.index("Curse")] == round(float(rec.supply_end[:, cards.index(
        "Curse")].mean()), 3)
    assert 10.0 < d["bots"][0]["size"][0] <= 11.0
    assert 0.7 < d["bots"][0]["density"][0] < 1.0  # 7 Coppers (and a Silver) in 11 cards


def test_the_downloads_carry_the_deck_figures_and_records(tmp_path: Any) -> None:
    """The JSON summary has the charts' figures; the Parquet rows keep the records."""
    from ludolab.arena.results import read_parquet

    bots = [dom.library_bot("Big Money"), dom.library_bot("Smithy Big Money")]
    req = dom.check_simulation(bots, 40, 3, "auto", "official", "rotate", False, 0.02,
                               deck_stats=True)
    out = dom.run_simulation(req, None, 1)
    js = dom.summary_json(out)
    assert js["decks"]["cards"] == out.result.settings["deck_cards"]
    assert len(js["decks"]["bots"]) == 2 and js["decks"]["games"] == 40
    path = tmp_path / "games.parquet"
    path.write_bytes(dom.parquet_bytes(out))
    back = read_parquet(path)
    for key in ("deck", "deck_end", "supply_end", "trash_end"):
        assert np.array_equal(back[key], out.result.records[key]), key


def test_a_run_too_large_or_from_a_start_state_says_why_it_has_no_decks() -> None:
    bots = [dom.library_bot("Big Money"), dom.library_bot("Smithy Big Money")]
    big = dom.check_simulation(bots, dom.MAX_DECK_GAMES + 2, 1, "auto", "official", "rotate",
                               False, 0.02, deck_stats=True)
    assert big.deck_note == ("Decks and what is left are recorded for runs of at most 20,000 "
                             "games (this one has 20,002).")
    assert "deck_stats" not in big.prepared.task.__dict__ or not big.prepared.task.deck_stats
    start = dom.check_simulation(bots, 10, 1, "auto", "official", "rotate", False, 0.02,
                                 dom.check_start("5/2", ""), deck_stats=True)
    assert "start state" in start.deck_note


def test_the_simulate_page_draws_decks_and_what_is_left(tab: Any, shot: Any) -> None:
    """With the box ticked (the default) the result shows a stacked column per turn for each
    bot, each bot's final deck, the deck size and money density charts, and the supply and
    trash tables; the page fits a phone and 200% zoom; unticked, none of it."""
    tab.goto("/dominion/simulate")
    tab.fill("#seat0", "Witch Big Money")
    tab.fill("#games", "200")
    expect(tab.locator("#deck_stats")).to_be_checked()
    tab.click("#run")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    charts = tab.locator(".deckchart")
    expect(charts).to_have_count(2)
    turn1 = charts.first.locator(".stack-col").first
    expect(turn1.locator(".seg[data-card=Copper]")).to_have_count(1)
    expect(turn1.locator(".seg[data-card=Estate]")).to_have_count(1)
    expect(turn1.locator(".seg[data-card=Province]")).to_have_count(0)  # none on turn 1
    expect(turn1).to_have_attribute("title", re.compile(r"^turn 1: 1[01]\.\d cards; Copper 7\.00"))
    assert charts.first.locator(".stack-col").count() > 12
    expect(tab.locator("#deck-legend")).to_contain_text("Witch")
    expect(tab.locator(".final-deck[data-bot='Smithy Big Money'] .final-list")).to_contain_text(
        "Curse")
    expect(tab.locator("#chart-deck-size .uplot")).to_have_count(1)
    expect(tab.locator("#chart-density .uplot")).to_have_count(1)
    # the Provinces run out in nearly every game (a few end on three piles or the turn cap)
    expect(tab.locator("#supply-table tr[data-card='Province'] td").nth(3)).to_have_text(
        re.compile(r"^(9\d|100)\.\d$"))
    expect(tab.locator("#trash-table")).to_contain_text("nothing was trashed")
    for width, height in [(390, 844), (640, 450)]:
        tab.set_viewport_size({"width": width, "height": height})
        tab.reload()  # the page as it is laid out at that width (the charts size to it)
        expect(tab.locator(".deckchart")).to_have_count(2)
        assert tab.evaluate("document.documentElement.scrollWidth") <= width, width
    tab.set_viewport_size({"width": 1280, "height": 900})
    tab.reload()
    tab.locator("#decks").scroll_into_view_if_needed()
    shot(tab, "simulate-decks", full_page=False)
    tab.goto("/dominion/simulate")
    tab.uncheck("#deck_stats")
    tab.fill("#games", "20")
    tab.click("#run")
    expect(tab.locator("#sim-job[data-status=done]")).to_be_visible(timeout=120_000)
    expect(tab.locator(".deckchart")).to_have_count(0)
