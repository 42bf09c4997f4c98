"""Five and six players, as the rulebooks allow with two sets' basic cards: pile sizes, the
four-pile ending, outcomes and tie-breaks beyond four seats, random debug-mode games, the CLI.

The rules (Dominion 2nd ed. rulebook, "5 or 6 players"; Intrigue 1st ed. the same): 15 Provinces
for 5 players and 18 for 6, every other Victory pile 12, 40 and 50 Curses (10 per opponent), the
Treasures of two sets (120 Copper less the 7 each player starts with, 80 Silver, 60 Gold), and
the game ends when the Provinces or any four supply piles are empty.
"""

from __future__ import annotations

import numpy as np
import pytest

from clitools import run
from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import EndReason, Engine, simple_bot
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine.hooks import playable
from ludolab.games.dominion.rules import MAX_PLAYERS, ruleset

C = card_id
BM = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])


@pytest.mark.parametrize(("players", "copper", "silver", "gold", "victory", "province", "curse"), [
    (1, 53, 40, 30, 8, 8, 10), (2, 46, 40, 30, 8, 8, 10), (3, 39, 40, 30, 12, 12, 20),
    (4, 32, 40, 30, 12, 12, 30), (5, 85, 80, 60, 12, 15, 40), (6, 78, 80, 60, 12, 18, 50),
])
def test_pile_sizes_by_player_count(players, copper, silver, gold, victory, province, curse):
    sizes = Engine(["Gardens", "Smithy"], players).supply_sizes()
    assert sizes == {
        C("Copper"): copper, C("Silver"): silver, C("Gold"): gold, C("Estate"): victory,
        C("Duchy"): victory, C("Province"): province, C("Curse"): curse,
        C("Gardens"): victory, C("Smithy"): 10,
    }


def test_piles_to_end_and_player_bounds():
    rules = ruleset("official")
    assert [rules.piles_to_end(n) for n in range(1, 7)] == [3, 3, 3, 3, 4, 4]
    assert MAX_PLAYERS == 6
    with pytest.raises(LudolabError, match=r"^Dominion is played by 1 to 6 players here, got 7$"):
        Engine([], 7)
    with pytest.raises(LudolabError, match=r"got 0$"):
        Engine([], 0)
    house = Engine([], 6, "official,province_pile=10").supply_sizes()
    assert house[C("Province")] == 10  # a house rule still wins


def _five_with_empty(piles: int) -> Engine:
    g = Engine(["Smithy", "Village", "Woodcutter", "Moat"], 5).new_game(1, [None] * 5)
    empty = dict.fromkeys(["Smithy", "Village", "Woodcutter", "Moat"][:piles], 0)
    g.setup(0, hand=["Gold", "Copper", "Copper", "Copper", "Copper"], deck=["Copper"] * 5,
            discard=[], supply={**empty, "Silver": 1})
    g.answer(C("Silver"))  # one more empty pile
    return g


def test_four_empty_piles_end_a_five_player_game():
    g = _five_with_empty(3)
    assert g.is_over() and g.end_reason() == EndReason.PILES
    assert g.counters()["turns0"] == 1


def test_three_empty_piles_do_not_end_a_five_player_game():
    g = _five_with_empty(2)
    assert not g.is_over() and g.pending().seat == 1


def test_gains_to_end_counts_four_piles_with_five_players():
    for players, expected in ((4, 3), (5, 4)):
        g = Engine(["Smithy", "Village", "Woodcutter"], players).new_game(1, [None] * players)
        g.setup(0, hand=["Copper"] * 5, deck=["Copper"] * 5, discard=[],
                supply={"Smithy": 1, "Village": 1, "Woodcutter": 1, "Silver": 1})
        assert K.gains_to_end(g._S) == expected


def _ending_tie(players: int, rich: tuple[int, ...], tie_break: str) -> tuple[int, ...]:
    """Seat 0 buys the last Province on its first turn (6 VP: its cards are set without
    Estates); each seat in ``rich`` has only Coppers and a Province and took no turn (6 VP); the
    others keep their starting 3 VP. The VP tie is broken by turns."""
    g = Engine([], players, f"official,tie_break={tie_break}").new_game(1, [None] * players)
    for q in rich:
        g.setup(q, hand=["Copper"] * 5, deck=["Province"], discard=[])
    g.setup(0, hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5, discard=[],
            supply={"Province": 1})
    g.answer(C("Province"))
    assert g.is_over() and g.end_reason() == EndReason.PROVINCES
    assert g.vp() == tuple(6 if q == 0 or q in rich else 3 for q in range(players))
    return g.outcome()


@pytest.mark.parametrize(("players", "rich", "by_turns", "shared"), [
    (5, (2, 4), (0, 0, 1, 0, 1), (1, 0, 1, 0, 1)),
    (6, (3, 5), (0, 0, 0, 1, 0, 1), (1, 0, 0, 1, 0, 1)),
    (6, (5,), (0, 0, 0, 0, 0, 2), (1, 0, 0, 0, 0, 1)),
])
def test_outcomes_and_tie_breaks_beyond_four_seats(players, rich, by_turns, shared):
    assert _ending_tie(players, rich, "turns") == by_turns
    assert _ending_tie(players, rich, "none") == shared


def _expected_outcome(vp: np.ndarray, turns: np.ndarray) -> np.ndarray:
    """Most VP wins; among those tied, fewer turns; whoever is still tied shares (2 sole win,
    1 shared, 0 loss): computed here from the records alone."""
    best = vp == vp.max(axis=1, keepdims=True)
    fewest = np.where(best, turns, np.iinfo(turns.dtype).max).min(axis=1, keepdims=True)
    best &= turns == fewest
    shared = best.sum(axis=1, keepdims=True) > 1
    return np.where(best, np.where(shared, 1, 2), 0)


@pytest.mark.parametrize("players", [5, 6])
def test_random_debug_games_keep_every_invariant(players):
    """Debug mode checks after every step that no card is created or lost and no count goes
    negative; random and bot seats on random kingdoms of every playable card."""
    r = np.random.default_rng(50 + players)
    pool = list(playable())
    for trial in range(4):
        kingdom = sorted(r.choice(pool, 10, replace=False).tolist())
        buys = [c for c in kingdom if c != C("Curse")][:3]
        bots = [simple_bot(f"b{s}", buy=["Province", "Gold", *buys, "Silver"])
                for s in range(players)]
        random_seats = [s for s in range(players) if r.random() < 0.4]
        eng = Engine(kingdom, players)
        seeds = np.arange(trial * 100, trial * 100 + 12, dtype=np.uint64)
        rec = eng.play(bots, seeds, debug=True, random_seats=random_seats)
        assert rec.vp.shape == (12, players) and rec.outcome.shape == (12, players)
        assert set(rec.end_reason.tolist()) <= {EndReason.PROVINCES, EndReason.PILES,
                                                EndReason.TURN_CAP}
        assert (rec.outcome == _expected_outcome(rec.vp, rec.turns)).all()


def test_six_money_bots_end_on_provinces():
    """Six Big Money bots: 18 Provinces, so the game lasts about as long per player as with
    four (each buys its share); every game ends on Provinces and someone wins."""
    rec = Engine([], 6).play([BM] * 6, np.arange(40, dtype=np.uint64))
    assert (rec.end_reason == EndReason.PROVINCES).all()
    assert ((rec.outcome > 0).sum(axis=1) >= 1).all()


def test_sim_seats_six_players(capsys):
    code, out, err = run(capsys, "dominion", "sim", "Big Money", "Smithy Big Money", "-p", "6",
                         "-n", "24", "-w", "1", "--json")
    assert code == 0, err
    import json

    doc = json.loads(out)
    assert len(doc["by_seat"]) == 6 and doc["games"] == 24
    code, out, err = run(capsys, "dominion", "sim", "Big Money", "Smithy Big Money", "-p", "6",
                         "-n", "24", "-w", "1")
    assert code == 0, err
    # one row per bot, its three copies pooled (no "#2"/"#3" rows), every seat in the seat table
    bot_rows = [line.split("│")[1].strip() for line in out.splitlines()
                if line.startswith("│") and "Money" in line.split("│")[1]]
    assert bot_rows == ["Big Money", "Smithy Big Money"] or bot_rows == [
        "Smithy Big Money", "Big Money"], bot_rows
    seat_rows = [line for line in out.splitlines()
                 if line.startswith("│") and line.split("│")[1].strip() in set("123456")]
    assert [line.split("│")[1].strip() for line in seat_rows] == ["1", "2", "3", "4", "5", "6"]


@pytest.mark.parametrize(("argv", "message"), [
    (["dominion", "sim", "Big Money", "-p", "7"], "error: --players must be 1 to 6, got 7"),
    (["dominion", "log", *["Big Money"] * 7], "error: Dominion takes 1 to 6 bots, got 7"),
])
def test_more_than_six_is_one_line(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.strip() == message


def test_python_facade_five_players():
    from ludolab.dominion import simulate

    r = simulate(["Big Money", "Smithy Big Money", "Big Money Ultimate", "Big Money",
                  "Smithy Big Money"], games=10, seed=2)
    assert r.to_dict()["games"] == 10
