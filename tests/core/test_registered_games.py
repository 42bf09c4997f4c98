"""Every registered game passes the core conformance check through its spec's ``new_state``,
the hidden-information contract included, and declares whether it hides anything."""

from __future__ import annotations

import pytest

import ludolab.games  # noqa: F401  (registers the games)
from ludolab.core import check_game, registry

#: Seeds per seat count: a short check here (each game's own tests run the long one).
SEEDS = 6


@pytest.mark.parametrize("game", registry.names())
def test_every_registered_game_conforms_through_its_spec(game: str) -> None:
    spec = registry.get(game)
    assert spec.new_state is not None, f"{game}: give new_state(seats, seed) in its GameSpec"
    for seats in sorted({spec.min_seats, min(spec.max_seats, spec.min_seats + 1)}):
        state = spec.new_state(seats, 0)
        assert state.num_players == seats
        # the declaration is the game's own, not the inherited default
        assert "perfect_information" in vars(type(state)), (
            f"{game}: {type(state).__name__} must declare perfect_information"
        )
        figures = check_game(lambda seed, n=seats: spec.new_state(n, seed),
                             range(SEEDS), max_steps=200_000, check_clone_every=5)
        assert figures["games"] == SEEDS


def test_the_declarations() -> None:
    hidden = {g: not type(registry.get(g).new_state(2, 0)).perfect_information
              for g in ("pig", "poker", "dominion")}
    assert hidden == {"pig": False, "poker": True, "dominion": True}
