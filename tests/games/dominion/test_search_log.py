"""The log of a game with search players (ludolab.games.dominion.log.trace_game and render): the
same game ``dominion sim`` plays, rendered like a bot game, with what the search thought."""

from __future__ import annotations

import re

import numpy as np
import pytest

from ludolab.errors import LudolabError
from ludolab.games.dominion import log as dlog
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import (
    Decision,
    DecisionKind,
    Engine,
    EventKind,
    TraceEvent,
)
from ludolab.games.dominion.search import (
    OptionStats,
    SearchReport,
    make_search_player,
    play_records,
)

SPEC = "mcts:simulations=20,rollout=Witch Big Money"
SEEDS = (1, 2)
_OPTION = re.compile(r"^(?P<name>.+?) (?P<visits>\d+)(?: visits)? (?P<value>-?\d+\.\d\d) "
                     r"\((?P<margin>[+-]\d+\.\d) VP\)$")
_OTHERS = re.compile(r"^(?P<n>\d+) others?: (?P<visits>\d+) visits$")
_SEARCH = re.compile(r"^    search \((?:.*, )?(?P<sims>\d+) rollouts\): (?P<opts>.*)$")


@pytest.fixture(scope="module")
def witch() -> Engine:
    return Engine(["Witch"], 2)


@pytest.fixture(scope="module")
def games(witch: Engine) -> dict[int, tuple[list[TraceEvent], list[dlog.SearchNote], str]]:
    """Two seeded logs of the search (seat 0) against Witch Big Money on the kingdom Witch."""
    out = {}
    for seed in SEEDS:
        seats = [make_search_player(SPEC), load_bot("Witch Big Money")]
        events, notes = dlog.trace_game(witch, seats, seed)
        out[seed] = events, notes, dlog.render(events, [SPEC, "Witch Big Money"], notes)
    return out


def _visits(line: str) -> tuple[int, list[int]]:
    """(rollouts, visits per shown part) of one search line."""
    m = _SEARCH.match(line)
    assert m, line
    visits = []
    for part in m["opts"].split("; ")[0].split(" | "):
        o = _OPTION.match(part) or _OTHERS.match(part)
        assert o, part
        visits.append(int(o["visits"]))
    return int(m["sims"]), visits


def test_search_lines_show_the_rollouts_of_each_searched_decision(games) -> None:
    for _, notes, text in games.values():
        searched = [n for n in notes if n.report is not None and n.report.options]
        assert len(searched) >= 10  # every own buy with a choice is searched
        lines = [ln for ln in text.splitlines() if ln.startswith("    search (")]
        assert len(lines) == len(searched)
        for line, note in zip(lines, searched, strict=True):
            sims, visits = _visits(line)
            assert sum(visits) == sims == note.report.simulations  # type: ignore[union-attr]
            assert 0 < sims <= 20
            assert sum(o.visits for o in note.report.options) == sims  # type: ignore[union-attr]
            # the first option shown is the one played
            assert note.report.options[0].option == note.answer  # type: ignore[union-attr]
            # trust: a played answer other than the bot's says so, and so does a kept one
            r = note.report
            if r.bot is not None and r.gain_se > 0:  # type: ignore[union-attr]
                tail = "over the bot's" if r.chosen != r.bot else "kept the bot's answer"
                assert f"; {tail}" in line and line.endswith(" SE)")
            else:
                assert "; " not in line.split(": ", 1)[1]


def test_search_line_sits_under_the_buy_it_chose(games) -> None:
    lines = games[SEEDS[0]][2].splitlines()
    checked = 0
    for i, line in enumerate(lines):
        if line.startswith("    search (") and "buy a card" not in line and "play an" not in line:
            first = _OPTION.match(_SEARCH.match(line)["opts"].split(" | ")[0])  # type: ignore[index]
            assert first
            assert lines[i - 1] in (f"  P1 buys {first['name']}", f"  P1 plays {first['name']}")
            checked += 1
    assert checked > 5


def test_the_log_is_the_game_dominion_sim_plays(witch: Engine, games) -> None:
    for seed, (events, notes, text) in games.items():
        seats = [make_search_player(SPEC), load_bot("Witch Big Money")]
        rec = play_records(witch, seats, np.array([seed], np.uint64))
        vp, outcome = rec.vp, rec.outcome
        final = dict(re.findall(r"^P(\d): (-?\d+) VP", text, re.M))
        assert [int(final[str(q + 1)]) for q in range(2)] == vp[0].tolist()
        assert [e.arg for e in events if e.kind == EventKind.VP] == outcome[0].tolist()
        # every answer of the search seat is a traced decision, in order
        decided = [e.arg for e in events if e.kind == EventKind.DECISION]
        assert decided == [n.answer for n in notes]


def test_bots_only_trace_as_before(witch: Engine) -> None:
    bots = [load_bot("Witch Big Money"), load_bot("Big Money")]
    events, notes = dlog.trace_game(witch, bots, 4)
    assert notes == [] and events == witch.trace(bots, 4)
    assert "search" not in dlog.render(events, ["a", "b"], notes)


def test_a_wrong_tape_is_refused(witch: Engine, games) -> None:
    wbm = load_bot("Witch Big Money")
    _, notes, _ = games[SEEDS[0]]
    tape = [n.answer for n in notes]
    with pytest.raises(RuntimeError, match="does not fit"):
        witch.trace([None, wbm], SEEDS[0], tape=tape[:-3])  # runs out before the end
    with pytest.raises(RuntimeError, match="does not fit"):
        witch.trace([None, wbm], SEEDS[0], tape=[*tape, 1])  # not used up
    with pytest.raises(LudolabError, match="no seat is outside"):
        witch.trace([wbm, wbm], SEEDS[0], tape=tape)


def _note(seat: int, kind: DecisionKind, options: tuple[int, ...], answer: int,
          stats: tuple[tuple[int, int], ...] = (), fallback: bool = False,
          source: int = -1) -> dlog.SearchNote:
    opts = tuple(OptionStats(o, v, 0.5, 0.5, 1.0) for o, v in stats)
    rep = SearchReport(seat, int(kind), answer, sum(v for _, v in stats), fallback, opts)
    return dlog.SearchNote(Decision(seat, kind, options, source=source), answer, rep)


def test_render_keeps_merged_lines_and_places_search_lines() -> None:
    copper, estate, chapel = card_id("Copper"), card_id("Estate"), card_id("Chapel")
    ev = [
        TraceEvent(EventKind.GAME, -1, -1, 2),
        TraceEvent(EventKind.TURN, 0, -1, 1),
        TraceEvent(EventKind.DECISION, 0, int(DecisionKind.PLAY), chapel),
        TraceEvent(EventKind.PLAY, 0, chapel, 0),
        TraceEvent(EventKind.DECISION, 0, int(DecisionKind.TRASH), copper),
        TraceEvent(EventKind.TRASH, 0, copper, 0),
        TraceEvent(EventKind.DECISION, 0, int(DecisionKind.TRASH), estate),
        TraceEvent(EventKind.TRASH, 0, estate, 0),
        TraceEvent(EventKind.DECISION, 0, int(DecisionKind.TRASH), -1),
        TraceEvent(EventKind.COINS, 0, -1, 0),
        TraceEvent(EventKind.DECISION, 0, int(DecisionKind.BUY), -1),
        TraceEvent(EventKind.TURN, 1, -1, 1),
        TraceEvent(EventKind.PLAY, 1, card_id("Militia"), 0),
        TraceEvent(EventKind.DECISION, 0, int(DecisionKind.DISCARD), copper),
        TraceEvent(EventKind.DISCARD, 0, copper, 0),
        TraceEvent(EventKind.DECISION, 0, int(DecisionKind.DISCARD), copper),
        TraceEvent(EventKind.DISCARD, 0, copper, 0),
    ]
    trash = (copper, estate, -1)
    notes = [
        _note(0, DecisionKind.PLAY, (chapel, -1), chapel, ((chapel, 7), (-1, 3))),
        _note(0, DecisionKind.TRASH, trash, copper, ((copper, 6), (estate, 4))),
        _note(0, DecisionKind.TRASH, trash, estate, ((estate, 6), (-1, 4))),
        _note(0, DecisionKind.TRASH, trash, -1, ((-1, 9), (copper, 1)), source=chapel),
        _note(0, DecisionKind.BUY, (copper, -1), -1, fallback=True),
        _note(0, DecisionKind.DISCARD, (copper, estate), copper, fallback=True),
        _note(0, DecisionKind.DISCARD, (copper, estate), copper, fallback=True),
    ]
    text = dlog.render(ev, ["search", "bot"], notes)
    assert text.splitlines()[2:] == [
        "",
        "Turn 1 - P1",
        "  P1 plays Chapel",
        "    search (10 rollouts): Chapel 7 visits 0.50 (+1.0 VP) | no more actions 3 0.50 "
        "(+1.0 VP)",
        "  P1 trashes Copper, Estate",  # the trash decisions do not split the merged line
        "    search (10 rollouts): Copper 6 visits 0.50 (+1.0 VP) | Estate 4 0.50 (+1.0 VP)",
        "    search (10 rollouts): Estate 6 visits 0.50 (+1.0 VP) | none 4 0.50 (+1.0 VP)",
        "    search (trash a card (Chapel), 10 rollouts): none 9 visits 0.50 (+1.0 VP) | "
        "Copper 1 0.50 (+1.0 VP)",
        "  P1 has $0",
        "    (playbook: buy a card)",  # its own turn: the playbook, not the search, answered
        "",
        "Turn 1 - P2",
        "  P2 plays Militia",
        "  P1 discards 2 Copper",  # another's turn: always the playbook, no marker
    ]
    with pytest.raises(ValueError, match="search notes"):
        dlog.render(ev, None, notes[:-1])


def test_a_tree_search_shows_its_line(witch: Engine) -> None:
    # With a tree (depth 2) a search line ends with the most visited line of its own later
    # decisions below the option it played: "then Gold 7 0.71 > end buying 3 0.67".
    seats = [make_search_player(SPEC + ",depth=2"), load_bot("Witch Big Money")]
    events, notes = dlog.trace_game(witch, seats, 1)
    text = dlog.render(events, [SPEC, "Witch Big Money"], notes)
    lines = [ln for ln in text.splitlines() if "; then " in ln]
    with_line = [n for n in notes if n.report is not None and n.report.line]
    assert len(lines) == len(with_line) > 0
    step = re.compile(r"^(?P<name>.+?) (?P<visits>\d+) (?P<value>\d\.\d\d)$")
    for ln, note in zip(lines, with_line, strict=True):
        shown = ln.split("; then ")[1].split(" > ")
        assert len(shown) == len(note.report.line) <= 2
        for text_step, tree_step in zip(shown, note.report.line, strict=True):
            m = step.match(text_step)
            assert m and int(m["visits"]) == tree_step.visits
