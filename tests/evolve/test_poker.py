"""The generic GA on poker: seeded runs repeat exactly, and fitness is read on duplicate units."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from clitools import run
from ludolab.arena.schedules import rotation
from ludolab.core import rng as krng
from ludolab.errors import LudolabError
from ludolab.evolve import fitness as fit
from ludolab.evolve.ga import EvolveConfig, EvolveResult, evolve
from ludolab.evolve.operators import Rates, crossover, mutate, seeded_random
from ludolab.evolve.poker.genome import (
    Genome,
    check_genome,
    decode,
    genome_from_bot,
    random_genome,
)
from ludolab.evolve.poker.problem import PokerProblem
from ludolab.games.poker.bots import load_bot, parse_bot_text, read_bot_file
from ludolab.games.poker.spec import PokerTask

LOKI1 = genome_from_bot(load_bot("Loki-1"))
# Tiny but whole: fitness, check, breeding and validation all run (24 deals a fitness).
TINY = EvolveConfig.for_game("poker", population=4, generations=2, games=48, check_games=60,
                             validate_games=80, seed=5)


def summary(result: EvolveResult) -> tuple:
    """Everything a run decides."""
    return (result.champion.genome.key(), result.champion.generation,
            [(h.best, h.mean, h.champion_margin) for h in result.history],
            result.validation.to_dict())


def test_a_seeded_poker_run_repeats_exactly_on_any_split_and_its_champion_is_a_bot_file() -> None:
    one = evolve(TINY, initial=[LOKI1])
    again = evolve(TINY, initial=[LOKI1])
    two = evolve(replace(TINY, workers=2), initial=[LOKI1])  # hands split over two processes
    assert summary(one) == summary(again) == summary(two)
    assert summary(evolve(replace(TINY, seed=6), initial=[LOKI1]))[2] != summary(one)[2]
    assert one.generations_done == 2 and one.validation.games == 80
    # the champion is the bot file it was evaluated as: parsing its text gives the same row
    text = one.problem.render(one.champion_spec)
    assert one.champion_spec.kind == "loki1" and "seed 5" in one.champion_spec.summary
    assert (parse_bot_text(text).row == one.champion_spec.row).all()


def test_fitness_plays_the_registered_poker_task_on_duplicate_deals() -> None:
    problem = PokerProblem(TINY)
    cand = decode(random_genome(random.Random(3))).row
    seeds = fit.deal_seeds(9, fit.PURPOSE_FITNESS, 0, 30)
    task = problem.match_task([cand], problem.base_bots, seeds, 60)
    rec = task.play(np.arange(60))
    # The same hands as the registry's poker task (what `ludolab poker sim` plays) with the
    # candidate as bot 0 on the heads-up duplicate schedule and the generation's master seed:
    word = krng.keyed_u64(9, krng.TABLE, fit.PURPOSE_FITNESS, 0)
    ref = PokerTask(np.stack([cand, problem.base_bots[0]]), "limit", word, rotation(2)).run(
        np.arange(60))
    mine = np.where(ref["seating"][:, 0] == 0, ref["won"][:, 0], ref["won"][:, 1])
    assert np.array_equal(rec["margin"], mine)
    assert np.array_equal(ref["deal"], np.arange(60) // 2)  # a deal's two hands are one unit
    # Loki-1 against itself: every duplicate unit cancels exactly, single hands do not
    mirror = problem.match_task(problem.base_bots, problem.base_bots, seeds, 60).play(
        np.arange(60))["margin"]
    assert np.abs(mirror).max() > 0
    assert np.array_equal(mirror.reshape(-1, 2).sum(axis=1), np.zeros(30))


def test_the_interval_is_over_duplicate_units() -> None:
    problem = PokerProblem(TINY)
    seeds = fit.deal_seeds(2, fit.PURPOSE_VALIDATE, 0, 40)
    cand = decode(random_genome(random.Random(8))).row
    v = fit.validate_task(problem.match_task([cand], problem.base_bots, seeds, 80),
                          problem.base_names)
    rec = problem.match_task([cand], problem.base_bots, seeds, 80).play(np.arange(80))
    units = rec["margin"].reshape(40, 2).mean(axis=1)
    # the arena's paired summary: normal quantile, the variance of the 40 unit means (not of
    # the 80 hands, which share their deals' luck)
    half = stats.norm.ppf(0.975) * units.std() / math.sqrt(40)
    assert v.margin == pytest.approx(units.mean())
    assert v.margin_ci == pytest.approx((units.mean() - half, units.mean() + half))
    # against two opponents on the same deals, the pooled unit is the deal with its four hands
    pair = PokerProblem(replace(TINY, against=("Loki-1", "call")))
    v2 = fit.validate_task(pair.match_task([cand], pair.base_bots, seeds, 80), pair.base_names)
    rec2 = pair.match_task([cand], pair.base_bots, seeds, 80).play(np.arange(160))
    units2 = rec2["margin"].reshape(2, 40, 2).mean(axis=(0, 2))
    half2 = stats.norm.ppf(0.975) * units2.std() / math.sqrt(40)
    assert v2.by_opponent[0]["margin_ci"] == pytest.approx(list(v.margin_ci))
    assert v2.margin_ci == pytest.approx((units2.mean() - half2, units2.mean() + half2))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), gen=st.integers(0, 20), rates=st.builds(
    Rates, crossover=st.floats(0, 1), mutation=st.floats(0, 1), gene=st.floats(0, 1)))
def test_operators_keep_poker_genomes_valid(seed: int, gen: int, rates: Rates) -> None:
    rng = random.Random(seed)
    a, b = random_genome(rng), random_genome(rng)
    with seeded_random(seed, gen):
        crossover(a, b, rates)
        mutate(a, rates, gen, 20)
        mutate(b, rates, gen, 20)
    for g in (a, b):
        check_genome(g)
        bot = decode(g)  # sorted cut points: always a valid loki1 file
        assert bot.kind == "loki1"


def test_bad_poker_genomes_and_settings_are_one_line_errors() -> None:
    with pytest.raises(LudolabError, match=r"^genome row preflop has 2 values, expected 3$"):
        Genome.from_dict({**LOKI1.to_dict(), "preflop": [1.0, 2.0]})
    with pytest.raises(LudolabError, match=r"^genome row postflop holds a value outside \[0, 1\]$"):
        Genome.from_dict({**LOKI1.to_dict(), "postflop": [0.2, 0.5, 1.5]})
    with pytest.raises(LudolabError, match=r"^'Loki-2' is a loki2 bot; the poker genome is "):
        genome_from_bot(load_bot("Loki-2"))
    with pytest.raises(LudolabError, match=r"^poker has no card list to evolve over"):
        PokerProblem(replace(TINY, cards=("Smithy",)))
    with pytest.raises(LudolabError, match=r"^unknown game 'pokr' \(did you mean 'poker'\?\)"):
        evolve(replace(TINY, game="pokr"))
    with pytest.raises(LudolabError, match=r"^game 'pig' has no genome to evolve yet; evolvable "
                                           r"games: dominion, poker$"):
        evolve(replace(TINY, game="pig"))


def test_cli_runs_poker_and_sim_plays_the_champion(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    out_dir = tmp_path / "run"
    code, out, _ = run(capsys, "evolve", "poker", "--population", "4", "--generations", "1",
                       "--deals", "10", "--check-deals", "20", "--validate-deals", "20",
                       "--seed", "2", "--out", str(out_dir))
    assert code == 0 and "gen   1/1  best" in out
    assert "validated on fresh duplicate deals: " in out and "over 20 duplicate deals" in out
    assert read_bot_file(out_dir / "champion.toml").kind == "loki1"
    code, out, _ = run(capsys, "poker", "sim", str(out_dir / "champion.toml"), "Loki-1",
                       "--deals", "20", "--seed", "99")
    assert code == 0 and "Evolved champion" in out
    # a poker checkpoint is not resumed as a Dominion run
    code, _, err = run(capsys, "evolve", "dominion", "--resume", "--out", str(out_dir))
    assert code == 2 and err.strip() == (
        "error: the checkpoint holds a poker run, not a dominion run; resume it with "
        "'ludolab evolve poker --resume'")


@pytest.mark.parametrize(("args", "error"), [
    (["--deals", "0"], "error: --deals must be at least 1, got 0"),
    (["--population", "1"], "error: population must be from 2 to 10,000, got 1"),
    (["--against", "Loki-3"], "error: unknown poker bot 'Loki-3'; did you mean 'Loki-2'?"),
])
def test_cli_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, args: list[str],
                                              error: str) -> None:
    code, out, err = run(capsys, "evolve", "poker", *args, "--out", str(tmp_path / "r"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.strip().startswith(error)
    assert not (tmp_path / "r").exists()


def test_the_worst_opponent_fitness_and_its_figure() -> None:
    # two candidates, two opponents, two games each: candidate 0 averages 2.0 and 0.5 (worst
    # 0.5), candidate 1 averages -1.0 and 5.0 (worst -1.0, though its mean is the higher)
    records = {"margin": np.array([1.0, 3.0, 0.0, 1.0, -2.0, 0.0, 4.0, 6.0])}
    assert fit.worst_margins(records, 2, 2, 2).tolist() == [0.5, -1.0]
    assert fit.mean_margins(records, 2, 2, 2).tolist() == [1.25, 2.0]
    v = fit.summarize({"margin": records["margin"][4:], "outcome": np.zeros(4, np.int8)},
                      ["a", "b"], 2)
    assert (fit.figure(v, "mean"), fit.figure(v, "min")) == (2.0, -1.0)
    with pytest.raises(LudolabError,
                       match=r"^unknown fitness 'max'; choose from mean, min, score$"):
        replace(TINY, fitness="max")
