"""The kingdom advisor (ludolab.evolve.dominion.advise, dominion.advise): its candidates, the
genome nearest to a bot, a small seeded run end to end (same seed, same bot), fresh final deals,
and Ctrl-C keeping the best bot so far."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ludolab import dominion
from ludolab.errors import LudolabError
from ludolab.evolve.dominion import advise as adv
from ludolab.evolve.dominion import fitness as fit
from ludolab.evolve.dominion.genome import decode, layout_for
from ludolab.evolve.fitness import PURPOSE_CHECK, PURPOSE_FITNESS
from ludolab.games.dominion.bots import compile_bot, load_spec, parse_bot_text
from ludolab.games.dominion.cards import CARDS
from ludolab.games.dominion.kingdom import resolve_kingdom

FIRST_GAME = resolve_kingdom("first-game")
SMALL = adv.AdviseSettings.small()


def _names(ids: list[int] | tuple[int, ...]) -> set[str]:
    return {CARDS[c].name for c in ids}


def test_candidates_fit_the_kingdom_and_include_x_and_pair_bots() -> None:
    cands = adv.candidates_for(FIRST_GAME, "official")
    names = [c.name for c in cands]
    have = set(FIRST_GAME)
    for c in cands:  # every candidate names only cards of this supply
        needed = compile_bot(c.spec).cards_needed
        assert all(not CARDS[k].is_kingdom or k in have for k in needed), c.name
    assert "Smithy Big Money" in names and "Big Money Ultimate" in names
    assert "Double Witch" not in names  # Witch is not in First Game
    assert {"BMU + Smithy", "BMU + Militia", "BMU + Cellar"} <= set(names)
    assert "Village/Smithy" in names  # the village with the draw card
    assert "Remodel + Market" in names  # a trasher with a payload
    assert "Double Militia" in names or any(c.origin == "pair" and "Militia" in c.name
                                           for c in cands)
    assert len(names) == len(set(names))


def test_pair_bots_play_the_village_before_the_draw_card() -> None:
    spec = next(s for s in adv.pair_bots(FIRST_GAME) if s.name == "Village/Smithy")
    assert [e.card for e in spec.play] == ["Village", "Smithy"]
    smithy = next(e for e in spec.buy if e.card == "Smithy")
    assert smithy.limit == 4 and smithy.condition == "count(Smithy) < 1 + count(Village)"


def test_user_bots_that_fit_join_and_unreadable_ones_are_noted(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(
        'name = "My Moat"\nbuy = ["Province", "Gold", "Moat limit 2", "Silver"]\n')
    (tmp_path / "witch.toml").write_text(
        'name = "My Witch"\nbuy = ["Province", "Witch limit 2", "Gold", "Silver"]\n')
    (tmp_path / "broken.toml").write_text('name = "x"\nbuy = ["Provinse"]\n')
    notes: list[str] = []
    cands = adv.candidates_for(FIRST_GAME, "official", bots_dir=tmp_path, notes=notes)
    origin = {c.name: c.origin for c in cands}
    assert origin.get("My Moat") == "user"
    assert "My Witch" not in origin  # Witch is not in the kingdom
    assert len(notes) == 1 and "broken.toml" in notes[0]


def test_an_against_bot_that_does_not_fit_is_an_error() -> None:
    with pytest.raises(LudolabError, match="Double Witch"):
        adv.candidates_for(FIRST_GAME, "official", against=["Double Witch"])


def test_the_genome_nearest_a_bot_keeps_its_cards_limits_and_endgame() -> None:
    layout = layout_for([CARDS[c].name for c in FIRST_GAME])
    spec = load_spec("Smithy Big Money")
    g = adv.genome_from_spec(spec, layout)
    bot = decode(g, layout)
    buy = {e.card: e for e in bot.buy}
    assert [e.card for e in bot.buy] == ["Province", "Duchy", "Estate", "Gold", "Smithy",
                                         "Silver"]  # first entry of each card, in order
    assert buy["Duchy"].condition == "low_victory_pile <= 4 or third_low_pile <= 4"
    assert buy["Smithy"].limit == 3
    assert buy["Gold"].condition == "share(Gold) < 1.00"  # unconditional: share below 1


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"kingdom": "Smithy, Village"}, "ten kingdom piles"),
    ({"kingdom": "first-game", "players": 7}, "players must be 2 to 6"),
    ({"kingdom": "first-game", "players": 1}, "players must be 2 to 6"),
    ({"kingdom": "first-game", "minutes": 0}, "minutes must be more than 0"),
    ({"kingdom": "first-game", "evaluations": 0}, "evaluations must be"),
    ({"kingdom": "Smithy, Village, Markett, Cellar, Mine, Moat, Remodel, Militia, Workshop, "
                 "Merchant"}, "Market"),
])
def test_bad_requests_are_one_line_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(LudolabError, match=message):
        adv.check_request(**kwargs)  # type: ignore[arg-type]


def test_a_small_run_is_reproducible_and_its_final_deals_are_fresh() -> None:
    """Same seed and evaluations, same bot and figures; the final's deals are none of the
    screen's, the round robin's, the search's fitness or check deals."""
    a = dominion.advise("first-game", evaluations=24, seed=3, settings=SMALL)
    b = dominion.advise("first-game", evaluations=24, seed=3, settings=SMALL)
    assert not a.interrupted and a.evaluations == 24  # population 8, 3 generations
    assert a.text == b.text and a.rates == b.rates and a.card_stats == b.card_stats
    parse_bot_text(a.text)  # a bot file that reads back
    json.dumps(a.to_dict(), allow_nan=False)  # strict JSON: no NaN first-buy turns
    assert a.rates[-1]["opponent"] == "Big Money Ultimate"
    for r in a.rates:
        assert r["games"] == 2 * r["deals"] and r["score_ci"][0] <= r["score"] <= r["score_ci"][1]
    assert {r["bot"] for r in a.card_stats} >= {a.bot.name}
    final = set(fit.deal_seeds(3, adv.PURPOSE_FINAL, 0, SMALL.final_deals).tolist())
    final |= set(fit.deal_seeds(3, adv.PURPOSE_FINAL, 1, SMALL.final_deals).tolist())
    seen: set[int] = set()
    seen |= set(fit.deal_seeds(3, adv.PURPOSE_RANK, 0, SMALL.screen_games).tolist())
    seen |= set(fit.deal_seeds(3, adv.PURPOSE_ROBIN, 0, SMALL.robin_games).tolist())
    for gen in range(3):
        seen |= set(fit.deal_seeds(3, PURPOSE_FITNESS, gen, SMALL.fitness_games).tolist())
    seen |= set(fit.deal_seeds(3, PURPOSE_CHECK, 0, SMALL.check_games).tolist())
    assert not final & seen


def test_another_seed_plays_other_deals() -> None:
    a = fit.deal_seeds(3, adv.PURPOSE_FINAL, 0, 10)
    b = fit.deal_seeds(4, adv.PURPOSE_FINAL, 0, 10)
    assert not np.intersect1d(a, b).size


@pytest.mark.parametrize("stage", ["rank", "search"])
def test_ctrl_c_keeps_the_best_bot_so_far(stage: str) -> None:
    def progress(at: str, done: int, total: int) -> None:
        if at == stage and done > 0:
            raise KeyboardInterrupt

    advice = dominion.advise("first-game", evaluations=24, seed=3, settings=SMALL,
                             progress=progress)
    assert advice.interrupted and advice.stage == stage
    assert parse_bot_text(advice.text).name == advice.bot.name
    if stage == "search":  # a generation finished: its champion, under the advised name
        assert advice.bot.name == "Advised for first-game"
    assert advice.rates == []


def test_three_players_put_the_bot_in_every_seat() -> None:
    a = dominion.advise("first-game", evaluations=8, seed=1, players=3, settings=SMALL)
    assert a.players == 3
    for r in a.rates:
        assert r["games"] == 3 * r["deals"]


def test_a_timed_run_is_replayed_by_its_evaluations() -> None:
    """Minutes become evaluations before the search; that number with the same seed gives the
    same bot (whatever the machine's speed was)."""
    timed = dominion.advise("first-game", minutes=0.05, seed=2, settings=SMALL)
    assert timed.per_evaluation is not None and timed.per_evaluation > 0
    assert timed.evaluations >= SMALL.population
    again = dominion.advise("first-game", evaluations=timed.evaluations, seed=2, settings=SMALL)
    assert again.per_evaluation is None
    assert again.text == timed.text and again.rates == timed.rates


def test_neighbours_step_each_number_and_limit_once() -> None:
    spec = parse_bot_text('name = "t"\nbuy = ["Province if money >= 16", '
                          '"Smithy limit 1 if share(Smithy) < 0.10", "Silver"]\n')
    near = adv.neighbours(spec)
    got = {(i, v.buy[i].condition, v.buy[i].limit) for i, v in near}
    assert got == {(0, "money >= 15", None), (0, "money >= 17", None),
                   (1, "share(Smithy) < 0.05", 1), (1, "share(Smithy) < 0.15", 1),
                   (1, "share(Smithy) < 0.10", 2)}  # a limit never goes below 1
    assert spec.buy[0].condition == "money >= 16"  # the bot itself is unchanged
    for i, v in near:
        assert [e for j, e in enumerate(v.buy) if j != i] == [
            e for j, e in enumerate(spec.buy) if j != i]
        compile_bot(v)


def test_the_search_tells_apart_bots_that_differ_only_in_a_limit() -> None:
    from ludolab.evolve import ga

    config = ga.EvolveConfig(cards=tuple(CARDS[c].name for c in FIRST_GAME),
                             against=("Big Money Ultimate",), coevolve=False)
    problem = adv.FieldProblem(config, [load_spec("Big Money Ultimate")], 2)
    a = parse_bot_text('name = "a"\nbuy = ["Province", "Smithy limit 1", "Silver"]\n')
    b = parse_bot_text('name = "b"\nbuy = ["Province", "Smithy limit 2", "Silver"]\n')
    assert problem.behaviour(a) != problem.behaviour(b)
