"""The compiled engine: scripted hands checked chip by chip, keyed deals, duplicate seating."""

import numpy as np
import pytest

from ludolab.core import rng
from ludolab.errors import LudolabError
from ludolab.games.poker.engine import Engine, baseline_bots
from ludolab.games.poker.engine import kernel as K
from ludolab.games.poker.engine.layout import HOLE_SLOT, PURPOSE_DEAL, PURPOSE_DECIDE, TABLE_SEAT
from ludolab.games.poker.evaluator import eval_cards

SEEDS = rng.game_seeds(2026, 0, 400)


def python_deal(seed: int, ncards: int) -> list[int]:
    """The documented deal, step by step with ludolab.core.rng (the kernel's twin)."""
    deck = list(range(52))
    for i in range(ncards):
        j = i + rng.keyed_below(52 - i, seed, TABLE_SEAT, PURPOSE_DEAL, i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:ncards]


def test_deals_follow_the_keyed_definition_and_do_not_depend_on_table_size():
    for n in (2, 6, 10):
        rec = Engine("limit", n).play(baseline_bots("call"), SEEDS[:50], 0, [0] * n)
        for h, seed in enumerate(SEEDS[:50]):
            deal = python_deal(int(seed), HOLE_SLOT + 2 * n)
            assert rec.board[h].tolist() == deal[:5]
            assert rec.hole[h].reshape(-1).tolist() == deal[HOLE_SLOT:]
    two = Engine("limit", 2).play(baseline_bots("call"), SEEDS, 0, [0, 0])
    ten = Engine("limit", 10).play(baseline_bots("call"), SEEDS, 0, [0] * 10)
    np.testing.assert_array_equal(two.board, ten.board)
    np.testing.assert_array_equal(two.hole, ten.hole[:, :2])


def test_key_functions_are_twins_of_core_rng():
    for seed, seat, purpose, index in [(1, 0, PURPOSE_DECIDE, 0), (2**63 + 5, 9, 17, 12)]:
        want = rng.keyed_u64(seed, seat, purpose, index)
        got = int(K.mix64(K.key_prefix(np.uint64(seed), seat, purpose) ^ np.uint64(index)))
        assert got == want


def test_heads_up_check_down_chip_by_chip():
    e = Engine("limit", 2)
    rec = e.play(baseline_bots("call"), SEEDS, np.arange(400) % 2, [0, 0])
    assert rec.showdown.all() and (rec.n_actions == 8).all()
    assert (rec.invested == 2).all()
    for h in range(400):
        a, b = (eval_cards([*rec.board[h], *rec.hole[h, s]]) for s in (0, 1))
        assert rec.chips[h].tolist() == ([2, -2] if a > b else [-2, 2] if b > a else [0, 0])


def test_heads_up_caller_against_raiser_trace():
    # button (seat 0, small blind) always calls; seat 1 (big blind) always raises
    e = Engine("limit", 2)
    h = e.trace(baseline_bots("call", "raise"), int(SEEDS[3]), 0, [0, 1])
    acts = [(e.street, e.seat, e.action, e.amount, e.pot) for e in h.events if e.kind != "show"]
    assert acts[:5] == [
        (0, 0, "small blind", 1, 1), (0, 1, "big blind", 2, 3),
        (0, 0, "call", 1, 4), (0, 1, "raise", 2, 6), (0, 0, "call", 2, 8),
    ]
    assert acts[5:14] == [
        (1, -1, "deal", 0, 8), (1, 1, "bet", 2, 10), (1, 0, "call", 2, 12),
        (2, -1, "deal", 0, 12), (2, 1, "bet", 4, 16), (2, 0, "call", 4, 20),
        (3, -1, "deal", 0, 20), (3, 1, "bet", 4, 24), (3, 0, "call", 4, 28),
    ]
    assert sorted(abs(c) for c in h.chips) == [14, 14] or h.chips == (0, 0)


def test_three_raisers_hit_the_cap_every_street():
    e = Engine("limit", 3)
    rec = e.play(baseline_bots("raise"), SEEDS, 0, [0, 0, 0])
    # pre-flop: blind + 3 raises = 8 chips; flop 4 bets of 2; turn and river 4 bets of 4
    assert (rec.invested == 8 + 8 + 16 + 16).all()
    # pre-flop 3 raises + 2 calls; after: 4 bets/raises + 2 calls a street
    assert (rec.n_actions == 5 + 3 * 6).all()
    assert (rec.raises.sum(1) == 3 + 3 * 4).all()
    pot = 3 * 48
    for h in range(50):
        vals = [eval_cards([*rec.board[h], *rec.hole[h, s]]) for s in range(3)]
        winners = [s for s in range(3) if vals[s] == max(vals)]
        share = pot // len(winners)
        assert rec.chips[h].sum() == 0
        for s in range(3):
            assert rec.chips[h, s] >= (share - 48 if s in winners else -48)


def test_folds_blinds_and_heads_up_order():
    fold = baseline_bots("random:1:0")  # folds whenever something is owed
    rec = Engine("limit", 2).play(fold, SEEDS[:10], 1, [0, 0])
    # button (seat 1) posts the small blind and folds first: the big blind wins 1 chip
    assert rec.chips.tolist() == [[1, -1]] * 10 and (rec.n_actions == 1).all()
    assert (rec.folded[:, 1] == 0).all() and (rec.folded[:, 0] == -1).all()
    rec = Engine("limit,reverse_heads_up=false", 2).play(fold, SEEDS[:10], 1, [0, 0])
    assert rec.chips.tolist() == [[-1, 1]] * 10  # now seat 0 posts the small blind and folds
    # six seats, everybody folds to the big blind (button 4: blinds at seats 5 and 0)
    rec = Engine("limit", 6).play(fold, SEEDS[:10], 4, [0] * 6)
    assert rec.chips.tolist() == [[1, 0, 0, 0, 0, -1]] * 10
    assert (rec.n_actions == 5).all() and (rec.street == 0).all() and not rec.showdown.any()


def test_records_are_reproducible_and_duplicate_fair():
    bots = baseline_bots("random:0.2:0.5", "random:0.05:0.7", "call")
    e = Engine("limit", 3)
    seating = np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1]])
    a = e.play(bots, np.repeat(SEEDS[:100], 3), 0, np.tile(seating, (100, 1)))
    b = e.play(bots, np.repeat(SEEDS[:100], 3), 0, np.tile(seating, (100, 1)))
    np.testing.assert_array_equal(a.chips, b.chips)
    assert (a.chips.sum(1) == 0).all()
    # the same bot in the same seat of the same deal plays identically whoever else sits there
    same = e.play(bots, SEEDS[:100], 0, [0, 0, 0])
    c = e.play(baseline_bots("random:0.2:0.5", "raise"), SEEDS[:100], 0, [0, 1, 1])
    # seat 0 acts first pre-flop (3 seats, button 0): its first decision sees the same key
    first_fold = same.folded[:, 0] == 0
    np.testing.assert_array_equal(first_fold & (same.decisions[:, 0] == 1),
                                  (c.folded[:, 0] == 0) & (c.decisions[:, 0] == 1))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Engine("limit", 11), "poker needs 2 to 10 seats, got 11"),
        (lambda: Engine("limit", 2).play(baseline_bots("call"), SEEDS[:2], 0, [0, 1]),
         "seating names bots outside 0..0"),
        (lambda: Engine("limit", 2).play(baseline_bots("call"), SEEDS[:2], 2, [0, 0]),
         "buttons must be seats 0..1"),
        (lambda: Engine("limit", 3).play(baseline_bots("call"), SEEDS[:2], 0, [0, 0]),
         "seating must be [2, 3], got [2, 2]"),
        (lambda: baseline_bots("nit"), "unknown baseline poker bot 'nit': call, raise or "
                                       "random:F:C"),
    ],
)
def test_bad_input_is_one_line(call, message):
    with pytest.raises(LudolabError) as err:
        call()
    assert str(err.value) == message


def test_table_8_1_task_keeps_cards_with_seats_and_cancels_luck_between_equal_bots():
    from ludolab.arena.schedules import loki_table
    from ludolab.core.registry import TaskRequest
    from ludolab.games.poker.spec import SPEC

    built = SPEC.build_task(TaskRequest(("call",) * 10, loki_table(), seed=8))
    assert built.identity == (0,) * 10
    rec = built.task.run(np.arange(10 * 30))  # 30 deals x 10 trials
    won = rec["won"].reshape(30, 10, 10)  # deal, trial, seat
    # same cards and button per deal: identical bots give identical seat results in every trial
    assert (won == won[:, :1]).all()
    assert (rec["button"].reshape(30, 10) == np.arange(30)[:, None] % 10).all()
    # every bot takes every seat once per deal, so each bot's total over a deal is exactly zero
    seating = rec["seating"].reshape(30, 10, 10)
    for d in range(30):
        totals = np.zeros(10)
        np.add.at(totals, seating[d].reshape(-1), won[d].reshape(-1))
        assert np.allclose(totals, 0)


def test_spec_options_and_players_are_checked():
    from ludolab.arena.schedules import rotation
    from ludolab.core.registry import TaskRequest
    from ludolab.games.poker.spec import SPEC, check_options

    with pytest.raises(LudolabError, match=r"^unknown key 'cap' in \[poker\]; valid: rules$"):
        check_options({"cap": 3})
    with pytest.raises(LudolabError, match=r"^cap must be 1..20 bets a street, got 0$"):
        check_options({"rules": "limit,cap=0"})
    with pytest.raises(LudolabError, match=r"^rules must be a text such as 'limit', got 3$"):
        check_options({"rules": 3})
    built = SPEC.build_task(TaskRequest(("call", "raise", "call"), rotation(3), seed=1))
    assert built.names == ("call", "raise", "call #2") and built.identity == (0, 1, 0)


def test_deals_helper_matches_play():
    e = Engine("limit", 4)
    board, hole = e.deals(SEEDS[:40])
    rec = e.play(baseline_bots("call"), SEEDS[:40], 0, [0] * 4)
    np.testing.assert_array_equal(board, rec.board)
    np.testing.assert_array_equal(hole, rec.hole)


def test_score_is_the_pot_share():
    from ludolab.arena.schedules import rotation
    from ludolab.core.registry import TaskRequest
    from ludolab.games.poker.spec import SPEC

    built = SPEC.build_task(TaskRequest(("random:0.2:0.5", "call", "raise"), rotation(3), seed=2))
    rec = built.task.run(np.arange(3000))
    score = SPEC.score(rec)
    assert np.allclose(score.sum(axis=1), 1.0)
    sole = score == 1.0
    # a sole winner takes the whole pot: it wins exactly what the others put in
    others = rec["invested"].sum(axis=1, keepdims=True) - rec["invested"]
    assert (rec["chips"][sole] == others[sole]).all()
    split = (score > 0) & (score < 1)
    assert split.any() and (score[split] == 0.5).sum() + (np.isclose(score[split], 1 / 3)).sum() \
        == split.sum()
    assert np.array_equal(SPEC.margin(rec), rec["chips"] / 2)
