"""Attacks against Moat: revealing is a decision of the Moat's owner, asked in turn order."""

from __future__ import annotations

import pytest

from cardtools import DK, C, expect, start
from ludolab.games.dominion.engine import DominionGame, Engine, EventKind, simple_bot


def moat_prompt(g: DominionGame, seat: int, attack: str) -> None:
    d = g.pending()
    assert (d.seat, d.kind, d.source, d.subject, d.options) == (
        seat, DK.YESNO, C("Moat"), C(attack), (1, 0))


def test_moat_revealed_against_militia_keeps_the_hand():
    g = start(["Militia", "Moat"])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Estate", "Gold"], deck=[], discard=[])
    g.setup(0, hand=["Militia"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Militia"))
    moat_prompt(g, 1, "Militia")
    g.answer(1)
    assert g.pending().seat == 0  # no discard asked
    expect(g, 1, hand={"Moat": 1, "Copper": 2, "Estate": 1, "Gold": 1}, discard={})


def test_moat_not_revealed_against_militia():
    g = start(["Militia", "Moat"])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Estate", "Gold"], deck=[], discard=[])
    g.setup(0, hand=["Militia"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Militia"))
    g.answer(0)
    assert (g.pending().seat, g.pending().kind) == (1, DK.DISCARD)
    g.answer(C("Moat"))
    g.answer(C("Estate"))
    expect(g, 1, hand={"Copper": 2, "Gold": 1}, discard={"Moat": 1, "Estate": 1})


def test_witch_three_players_moat_protects_only_its_owner():
    g = start(["Witch", "Moat"], players=3)
    g.setup(1, hand=["Copper"] * 5, deck=[], discard=[])
    g.setup(2, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Witch"], deck=["Estate", "Estate"], discard=[])
    g.answer(C("Witch"))
    moat_prompt(g, 2, "Witch")
    g.answer(1)
    assert g.zones(1)["discard"] == {"Curse": 1}
    assert "Curse" not in g.zones(2)["owned"]
    assert g.supply()["Curse"] == 19


def test_bandit_blocked_by_moat_leaves_the_deck_alone():
    g = start(["Bandit", "Moat"])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=["Gold", "Silver"],
            discard=[])
    g.setup(0, hand=["Bandit"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Bandit"))
    moat_prompt(g, 1, "Bandit")
    g.answer(1)
    expect(g, 1, deck=["Gold", "Silver"], discard={})
    expect(g, 0, discard={"Gold": 1})  # the attacker still gains its Gold
    assert g.trash() == {}


def test_bureaucrat_blocked_by_moat():
    g = start(["Bureaucrat", "Moat"])
    g.setup(1, hand=["Moat", "Estate", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Bureaucrat"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Bureaucrat"))
    g.answer(1)
    expect(g, 1, deck=[], hand={"Moat": 1, "Estate": 1, "Copper": 3})
    expect(g, 0, deck=["Silver"] + ["Copper"] * 5)


def test_spy_blocked_by_moat_reveals_only_the_attackers_card():
    g = start(["Spy", "Moat"])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=["Gold"], discard=[])
    g.setup(0, hand=["Spy"], deck=["Copper", "Estate"], discard=[])
    g.answer(C("Spy"))
    g.answer(1)  # reveal Moat
    d = g.pending()
    assert (d.seat, d.source, d.subject, d.arg) == (0, C("Spy"), C("Estate"), 0)
    g.answer(1)
    assert g.pending().kind == DK.BUY
    expect(g, 1, deck=["Gold"], discard={})


def test_thief_blocked_by_moat():
    g = start(["Thief", "Moat"])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=["Gold", "Gold"],
            discard=[])
    g.setup(0, hand=["Thief"], deck=["Copper"] * 5, discard=[])
    g.answer(C("Thief"))
    g.answer(1)
    assert g.pending().kind == DK.BUY
    expect(g, 1, deck=["Gold", "Gold"])
    assert g.trash() == {}


def test_no_moat_prompt_for_the_attacker_or_without_moat_in_hand():
    g = start(["Militia", "Moat"])
    g.setup(1, hand=["Copper", "Copper", "Copper", "Estate"], deck=[], discard=["Moat"])
    g.setup(0, hand=["Militia", "Moat"], deck=["Estate"] * 5, discard=[])
    g.answer(C("Militia"))
    d = g.pending()
    assert (d.seat, d.kind) == (1, DK.DISCARD)  # Moat in the discard pile does not react


@pytest.mark.parametrize(("reveal", "curses"), [(1, 0), (0, 1)])
def test_bot_reveal_moat_option(reveal, curses):
    """A bot seat answers the Moat question from its option (default: reveal)."""
    bot = simple_bot("Moat bot", buy=["Province"], options={"reveal_moat": reveal})
    eng = Engine(["Witch", "Moat"], 2)
    g = eng.new_game(1, [None, bot])
    g.setup(1, hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=[], discard=[])
    g.setup(0, hand=["Witch"], deck=["Estate", "Estate"], discard=[])
    g.answer(C("Witch"))
    assert g.zones(1)["owned"].get("Curse", 0) == curses


def test_moat_block_is_traced():
    """In a traced bot game, every Moat reveal names the blocked attack."""
    witch = simple_bot("Witch", buy=["Province", "Witch", "Gold", "Silver"], limits={"Witch": 2})
    moat = simple_bot("Moat", buy=["Province", "Gold", "Moat", "Silver"], limits={"Moat": 3})
    eng = Engine(["Witch", "Moat"], 2)
    blocked = 0
    for seed in range(20):
        events = eng.trace([witch, moat], seed)
        for i, ev in enumerate(events):
            if ev.kind == EventKind.MOAT:
                blocked += 1
                assert ev.seat == 1 and ev.card == C("Witch")
                # the attack being blocked was just played by the other seat
                plays = [e for e in events[:i] if e.kind == EventKind.PLAY]
                assert plays[-1].card == C("Witch") and plays[-1].seat == 0
    assert blocked > 0
