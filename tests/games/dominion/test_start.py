"""Start states: forced opening splits, a custom starting deck, a game begun at turn N from given
decks (Python API and file), and the ``ludolab dominion start`` command."""

from __future__ import annotations

import numpy as np
import pytest

from clitools import run
from ludolab.errors import BotFileError, LudolabError
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.engine import Engine, simple_bot
from ludolab.games.dominion.start import SeatStart, StartState, parse_start_text, play_from

C = card_id


def coins(ids) -> int:
    return sum(CARDS[c].coins for c in ids if CARDS[c].is_treasure)


@pytest.mark.parametrize(("opening", "split"), [("5/2", (2, 5)), ("4/3", (3, 4))])
def test_an_opening_fixes_the_first_two_hands(opening, split):
    start = StartState(opening=opening)
    firsts = set()
    for seed in range(200):
        for seat, zones in start.deal(seed, 3).items():
            hand, deck = zones["hand"], zones["deck"]
            assert sorted(hand + deck) == sorted([C("Copper")] * 7 + [C("Estate")] * 3)
            assert tuple(sorted((coins(hand), coins(deck[:5])))) == split, (seed, seat)
            firsts.add(coins(hand))
    assert firsts == set(split)  # the larger hand comes first in some games, second in others


def test_deals_are_keyed_by_seed_and_seat():
    start = StartState()
    assert start.deal(7, 2) == start.deal(7, 2)
    a = [start.deal(s, 2) for s in range(50)]
    assert any(d[0]["hand"] != d[1]["hand"] for d in a)  # seats are dealt apart
    assert len({tuple(d[0]["hand"] + d[0]["deck"]) for d in a}) > 20  # seeds too


def test_a_custom_starting_deck_is_what_each_seat_owns():
    start = StartState(deck=tuple([C("Silver")] * 4 + [C("Copper")] * 4 + [C("Estate")] * 2))
    g = Engine([], 2).new_game(3, [None, None], start=start.deal(3, 2))
    for seat in (0, 1):
        assert g.zones(seat)["owned"] == {"Silver": 4, "Copper": 4, "Estate": 2}
    z = g.zones(0)  # at seat 0's first decision: its hand of 5, some of it played
    assert sum(z["hand"].values()) + sum(z["play"].values()) == 5


def test_a_game_begun_at_turn_n_from_given_decks():
    """Seat 0 starts at its 11th turn with $8 in hand and one Province left: it buys it and the
    game ends there, 11 turns to 10, seat 0 ahead."""
    start = StartState(
        seats=(SeatStart(hand=(C("Gold"),) * 2 + (C("Silver"),) + (C("Estate"),) * 2,
                         draw=(C("Copper"),) * 5),
               SeatStart(hand=(C("Copper"),) * 5, draw=(C("Estate"),) * 5)),
        turn=10, supply={C("Province"): 1})
    bot = simple_bot("bm", buy=["Province", "Gold", "Silver"])
    vp, turns, out = play_from(Engine([], 2), [bot, bot], [1, 2], start)
    assert vp.tolist() == [[8, 5], [8, 5]]
    assert turns.tolist() == [[11, 10], [11, 10]]
    assert out.tolist() == [[2, 0], [2, 0]]


def test_an_opening_moves_the_result():
    """The start is what is played: a run from a 5/2 start and one from the usual deal give
    different games on the same seeds."""
    eng = Engine(["Smithy"], 2)
    bots = [load_bot("Smithy Big Money"), load_bot("Big Money Ultimate")]
    seeds = np.arange(100)
    a = play_from(eng, bots, seeds, StartState(opening="5/2"))
    b = play_from(eng, bots, seeds, StartState())
    assert not np.array_equal(a[0], b[0])


def test_the_usual_start_plays_like_batch_games_on_average():
    """The default start (7 Copper, 3 Estate, keyed shuffle of its own) is the usual game: a Big
    Money Ultimate mirror lasts the same number of turns as in batch play. 1,000 games each:
    the mean turn count has sd about 2.5 / sqrt(1000) = 0.08 per run, so two runs differ by
    less than 0.5 turns (over 4 sd of their difference) unless the start is wrong."""
    eng = Engine([], 2)
    bm = load_bot("Big Money Ultimate")
    _vp, turns, _out = play_from(eng, [bm, bm], np.arange(1000), StartState())
    batch = eng.play([bm, bm], np.arange(10_000, 11_000, dtype=np.uint64))
    assert abs(turns.mean() - batch.turns.mean()) < 0.5


def test_play_from_needs_the_cards_in_the_kingdom():
    with pytest.raises(LudolabError, match="the kingdom lacks Smithy, which the start uses"):
        play_from(Engine([], 2), [simple_bot("bm", buy=["Gold"])] * 2, [1],
                  StartState(deck=(C("Smithy"),) * 10))


def test_a_start_file():
    text = ('opening = "4/3"\ndeck = "6 Copper, Silver, 3 Estate"\nturn = 2\n\n'
            '[[seats]]\nhand = ["5 Copper"]\ndraw = ["Silver", "Estate"]\n\n'
            '[supply]\nProvince = 6\n')
    start = parse_start_text(text)
    assert start.opening == "4/3" and start.turn == 2 and start.supply == {C("Province"): 6}
    assert sorted(start.deck) == sorted([C("Copper")] * 6 + [C("Silver")] + [C("Estate")] * 3)
    assert start.seats == (SeatStart(hand=(C("Copper"),) * 5, draw=(C("Silver"), C("Estate"))),)


@pytest.mark.parametrize(("text", "message"), [
    ('openning = "5/2"\n',
     "s.toml:1: unknown key 'openning' (valid: opening, openings, deck, seats, turn, supply)"),
    ('opening = "6/1"\n', "s.toml:1: opening must be one of 5/2, 4/3, got '6/1'"),
    ('turn = 3\ndeck = ["7 Coper"]\n', "s.toml:2: deck: unknown card 'Coper'; did you mean "
     "'Copper'?"),
    ('opening = "5/2"\ndeck = ["5 Copper"]\n',
     "s.toml:2: an opening needs a deck of 10 cards or more, got 5"),
    ('[[seats]]\nhand = ["Copper"]\nhnd = ["Gold"]\n',
     "s.toml:3: unknown key 'hnd' in [[seats]] (valid: hand, draw, discard)"),
    ('[supply]\nProvince = "six"\n', "s.toml:2: supply of Province: a whole number, got 'six'"),
    ('turn = -1\n', "s.toml:1: turn must be 0 to 1000, got -1"),
])
def test_start_file_errors_name_the_line(text, message):
    with pytest.raises(BotFileError) as err:
        parse_start_text(text, "s.toml")
    assert str(err.value) == message


def test_start_command(capsys, tmp_path):
    f = tmp_path / "s.toml"
    f.write_text('opening = "5/2"\n')
    code, out, err = run(capsys, "dominion", "start", str(f), "Big Money", "Big Money",
                         "--games", "50")
    assert (code, err) == (0, "")
    assert out.startswith(f"50 seeds x 2 rotations from {f} (opening 5/2); kingdom: none\n")
    assert "  Big Money: score 0.500 [" in out  # a mirror in both rotations: exactly even
    f.write_text('opening = "5/3"\n')
    code, out, err = run(capsys, "dominion", "start", str(f), "--games", "5")
    assert code == 2 and err == f"error: {f}:1: opening must be one of 5/2, 4/3, got '5/3'\n"
