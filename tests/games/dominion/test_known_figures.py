"""Known figures: the Big Money mirror and the tables of document 000, within justified bands.

All runs use fixed keyed seeds, so they are deterministic; the bands say how far a correct
engine could be from the published figure by sampling alone (4 standard errors: a correct
engine fails with probability about 6e-5 per figure for a fresh seed set).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from ludolab.core import rng
from ludolab.games.dominion.engine import Engine, GameRecords, simple_bot

N = 20_000


def big_money(never_lose: int) -> object:
    return simple_bot("Big Money", buy=["Province", "Gold", "Silver"],
                      options={"never_lose_by_ending": never_lose})


def band(p: float, n: int, n_ref: float = math.inf) -> float:
    """4 standard errors of the difference between a rate over n games and the reference rate
    (itself measured over n_ref games, or exact)."""
    return 4 * math.sqrt(p * (1 - p) * (1 / n + (0 if math.isinf(n_ref) else 1 / n_ref)))


@pytest.fixture(scope="module")
def mirror() -> GameRecords:
    return Engine([], 2).play([big_money(0), big_money(0)], rng.game_seeds(2026, 0, N))


def test_big_money_mirror_ties_a_third_of_the_time(mirror):
    # Official rules, tie-break by turns: a tie needs equal VP when the second player ends the
    # game. Reference 1/3; with N = 20,000 the standard error is sqrt(1/3 * 2/3 / N) = 0.0033,
    # so the band is +-0.0133. (We measure 0.3335 over 200,000 games.)
    tie = float((mirror.outcome[:, 0] == 1).mean())
    assert abs(tie - 1 / 3) < band(1 / 3, N)


def test_big_money_mirror_lasts_17_1_turns_per_player(mirror):
    # Per-game turns per player have a standard deviation of 1.35 (measured), so the mean over
    # N games has a standard error of 1.35 / sqrt(N) = 0.0096; band 4 SE = +-0.038 around 17.1.
    # This is with never_lose_by_ending off (as the known figure's simulators play).
    per_game = mirror.turns.mean(axis=1)
    se = float(per_game.std()) / math.sqrt(N)
    assert se < 0.011
    assert abs(float(per_game.mean()) - 17.1) < 4 * se


def test_never_lose_by_ending_lengthens_the_mirror_but_keeps_its_outcomes(mirror):
    # Big Money buys no Duchies: with one Province left nothing else changes the score, so a
    # player who would lose by taking it declines and the opponent takes it later instead. The
    # winner is the same game by game; the scores and lengths are not (17.75 turns per player
    # over 200,000 games instead of 17.1).
    careful = Engine([], 2).play([big_money(1), big_money(1)], rng.game_seeds(2026, 0, N))
    assert np.array_equal(careful.outcome, mirror.outcome)
    changed = (careful.vp != mirror.vp).any(axis=1)
    assert changed.any()
    assert (careful.turns[changed].sum(axis=1) > mirror.turns[changed].sum(axis=1)).all()
    assert careful.turns.mean() > mirror.turns.mean() + 0.5


def test_first_player_disadvantage_under_the_turn_tie_break(mirror):
    # With the tie-break by turns the second player wins more often (42.3% against 24.3% over
    # 200,000 games): it takes the tie whenever the first player ends the game level.
    p1 = float((mirror.outcome[:, 0] == 2).mean())
    p2 = float((mirror.outcome[:, 1] == 2).mean())
    assert abs(p1 - 0.2430) < band(0.243, N) and abs(p2 - 0.4234) < band(0.4234, N)


# Document 000 (MATLAB, 10,000 games each): draws, player 1 wins, player 2 wins.
DOC000 = {
    ("justBuyMoney", "justBuyMoney"): (0.6054, 0.2658, 0.1288),
    ("justBuyMoney", "buyMoneyandDuchy"): (0.0491, 0.7830, 0.1679),
    ("buyMoneyandDuchy", "justBuyMoney"): (0.0705, 0.2880, 0.6515),
}


@pytest.mark.parametrize(("pair", "figures"), list(DOC000.items()))
def test_document_000_tables(pair, figures):
    # The doc000 rule set (unshuffled start, its coin values, 10 Provinces, end on Provinces
    # only, plain VP with draws). Each cell differs from the document's by sampling in both
    # runs: band = 4 SE of the difference of a 20,000-game rate and a 10,000-game rate.
    bots = {
        "justBuyMoney": simple_bot("justBuyMoney", buy=["Province", "Gold", "Silver"],
                                   options={"never_lose_by_ending": 0}),
        "buyMoneyandDuchy": simple_bot("buyMoneyandDuchy",
                                       buy=["Province", "Gold", "Duchy", "Silver"],
                                       options={"never_lose_by_ending": 0}),
    }
    rec = Engine([], 2, "doc000").play([bots[pair[0]], bots[pair[1]]], rng.game_seeds(0, 0, N))
    o = rec.outcome
    measured = ((o[:, 0] == 1).mean(), (o[:, 0] == 2).mean(), (o[:, 1] == 2).mean())
    for m, ref in zip(measured, figures, strict=True):
        assert abs(float(m) - ref) < band(ref, N, 10_000), (measured, figures)


def test_seeds_0_to_999_in_one_call_or_in_chunks_of_137():
    eng = Engine(["Smithy", "Witch"], 2)
    bots = [simple_bot("Witch BM", buy=["Province", "Witch", "Gold", "Silver"],
                       limits={"Witch": 1}),
            simple_bot("Smithy BM", buy=["Province", "Gold", "Smithy", "Silver"],
                       limits={"Smithy": 1})]
    seeds = np.arange(1000, dtype=np.uint64)
    whole = eng.play(bots, seeds, turn_stats=True)
    chunks = GameRecords.concat([eng.play(bots, seeds[i:i + 137], turn_stats=True)
                                 for i in range(0, 1000, 137)])
    for name in ("seeds", "vp", "turns", "outcome", "end_reason", "turn_coins", "turn_vp"):
        assert np.array_equal(getattr(whole, name), getattr(chunks, name)), name
