"""Every registered game's spec: one source of truth the arena reads, with the drift tests."""

from __future__ import annotations

import numpy as np
import pytest

import ludolab.games  # noqa: F401  (registers the games)
from ludolab.core import registry
from ludolab.core.scoring import lead_over_others, shared_win_points, unique_names
from ludolab.errors import LudolabError


def test_dominion_and_pig_are_registered_lazily() -> None:
    assert {"dominion", "pig"} <= set(registry.names())
    assert registry.get("dominion").title == "Dominion"
    with pytest.raises(LudolabError, match=r"^unknown game 'dominon' \(did you mean 'dom"):
        registry.get("dominon")


def test_every_dominion_end_reason_has_its_label() -> None:
    from ludolab.games.dominion.engine import EndReason
    from ludolab.games.dominion.spec import END_REASON_LABELS, SPEC

    assert set(END_REASON_LABELS) == set(EndReason)
    labels = SPEC.categories["end_reason"]
    assert len(labels) == len(EndReason)
    for reason in EndReason:
        assert labels[int(reason)] == END_REASON_LABELS[reason]
    assert len(set(labels)) == len(labels)


def test_the_victory_pile_ending_is_counted_and_shares_sum_to_one() -> None:
    # under doc004 a Workshop/Gardens rush empties a Victory pile; before, the
    # "Games ended by" shares left those games out and summed to 96%
    from ludolab.dominion import simulate

    r = simulate(["Workshop/Gardens Rush", "Big Money"], games=200, seed=3, rules="doc004")
    shares = r.end_shares()
    assert sum(shares.values()) == pytest.approx(1.0)
    assert shares["victory pile"] > 0
    assert "victory pile" in r.summary()


@pytest.mark.parametrize("game", registry.names())
def test_every_registered_game_runs_through_the_arena_as_its_spec_says(game: str) -> None:
    """The conformance test of the seam: a new game passes it by registering a full spec."""
    from ludolab.arena.simulation import simulate

    spec = registry.get(game)
    assert spec.examples, f"{game}: give examples (players for a quick match)"
    assert len(spec.examples) >= spec.min_seats
    bots = list(spec.examples[: max(spec.min_seats, 2)])
    a = simulate(game, bots, games=8, seed=1)
    b = simulate(game, bots, games=8, seed=1)
    assert a.games == 8 and a.set_aside == 0
    for name, values in a.records.items():
        assert spec.column(name).meaning  # every recorded column is described
        assert np.array_equal(values, b.records[name])  # same seed, same records
    for c in spec.columns:
        if c.name in a.records:
            want = {"game": 1, "seat": 2, "seat-turn": 3, "seat-kind-card": 4}[c.shape]
            assert a.records[c.name].ndim == want, c.name
    for fn in (spec.score, spec.margin):
        if fn is not None:
            assert fn(a.records).shape == a.records["seating"].shape
    if spec.score is not None:  # the shares of a win add up to one per game
        assert np.allclose(spec.score(a.records).sum(axis=1), 1.0)
    for column, labels in spec.categories.items():
        assert set(np.unique(a.records[column])) <= set(range(len(labels)))


def test_scores_margins_and_names_have_one_home() -> None:
    won = np.array([[True, False, False], [True, True, False]])
    assert shared_win_points(won).tolist() == [[1, 0, 0], [0.5, 0.5, 0]]
    assert lead_over_others(np.array([[10, 4]])).tolist() == [[6, -6]]
    assert lead_over_others(np.array([[7]])).tolist() == [[7]]  # a solo game: its own VP
    assert unique_names(["A", "B", "A", "A"]) == ["A", "B", "A #2", "A #3"]


def test_options_are_checked_by_the_game() -> None:
    pig = registry.get("pig")
    with pytest.raises(LudolabError, match=r"^goal must be a whole number of at least 1, got 0$"):
        pig.check_options({"goal": 0})
    with pytest.raises(LudolabError, match=r"^unknown key 'goals' in \[pig\]; valid: goal$"):
        pig.check_options({"goals": 5})


def test_the_test_oracle_is_not_public_bot_api() -> None:
    import ludolab.games.dominion.bots as bots

    assert "run_code" not in bots.__all__ and not hasattr(bots, "run_code")
