"""The ``start`` option of Dominion simulations (what the page's start state runs through):
a :class:`StartState` or a start file's text, played step-wise by :class:`DominionTask`."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.arena.simulation import prepare
from ludolab.errors import LudolabError
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import Engine
from ludolab.games.dominion.start import StartState, parse_start_text, play_from

BOTS = ["Big Money", "Smithy Big Money"]


def test_the_start_option_plays_the_games_of_play_from_in_each_seating() -> None:
    text = 'opening = "5/2"\ndeck = ["Silver", "5 Copper", "4 Estate"]\n'
    res = prepare("dominion", BOTS, 8, 3, options={"kingdom": "auto", "start": text},
                  seating="rotate").run(workers=1)
    assert res.settings["start"] == "opening 5/2; deck 1 Silver, 5 Copper, 4 Estate"
    rec = res.records
    assert "turn_vp" not in rec  # step-wise games: no per-turn statistics
    # the same games as the start-state API: each deal's seed, each seating
    start = parse_start_text(text)
    assert res.settings["kingdom"] == ["Smithy"]
    engine = Engine([card_id("Smithy")], 2)
    bots = [load_bot(b) for b in BOTS]
    for g in range(8):
        seated = [bots[b] for b in rec["seating"][g]]
        vp, _t, _o = play_from(engine, seated, np.array([rec["seed"][g]], np.uint64), start)
        assert vp[0].tolist() == rec["vp"][g].tolist(), g


@pytest.mark.parametrize(("start", "players", "message"), [
    (42, BOTS, "start must be a StartState or a start file's TOML text, got int"),
    ('opening = "6/1"\n', BOTS, "start:1: opening must be one of 5/2, 4/3, got '6/1'"),
    (StartState("5/2"), ["Big Money", "mcts:simulations=2"],
     "a start state takes bots, not search players"),
])
def test_a_bad_start_option_is_one_line(start: object, players: list[str],
                                        message: str) -> None:
    with pytest.raises(LudolabError) as err:
        prepare("dominion", players, 2, 0, options={"start": start})
    assert str(err.value) == message
