"""Shared helpers for the card rulebook tests (tests/games/dominion/test_cards_*.py).

Each test sets exact zones through the step-wise API, answers decisions as an outside seat, and
asserts exact zones and counters: these are the few lines every such file needs.
"""

from __future__ import annotations

from ludolab.games.dominion.engine import DominionGame, Engine


def start(kingdom: list[str], players: int = 2, rules: str | None = None,
          bots: list | None = None) -> DominionGame:
    """A game of ``kingdom``; every seat is outside (the test answers its decisions) unless
    ``bots`` gives the seats (a bot, or None for an outside seat)."""
    return Engine(kingdom, players, rules).new_game(1, bots or [None] * players)


def expect(g: DominionGame, seat: int, **zones: object) -> None:
    """Assert ``seat``'s zones (hand, deck, discard, play, ...) equal the given values."""
    z = g.zones(seat)
    for key, value in zones.items():
        assert z[key] == value, f"{key}: {z[key]} != {value}"


def counters(g: DominionGame) -> tuple[int, int, int]:
    """The current turn's actions, buys and coins."""
    c = g.counters()
    return c["actions"], c["buys"], c["coins"]  # type: ignore[return-value]


def bot_turn(kingdom, bot, *, hand, deck, discard=(), other=None, supply=None, trash=None,
             players=2) -> DominionGame:
    """Seat 0 (the bot) plays one turn with the given cards; the other seats are outside."""
    g = Engine(kingdom, players).new_game(1, [bot] + [None] * (players - 1))
    if other is not None:
        g.setup(1, **other)
    g.setup(0, current=0, hand=list(hand), deck=list(deck), discard=list(discard),
            supply=supply, trash=trash)
    assert g.is_over() or g.pending().seat != 0  # the bot's turn is over
    return g


def owned(g: DominionGame, seat: int, name: str) -> int:
    """How many ``name`` cards ``seat`` owns."""
    return g.zones(seat)["owned"].get(name, 0)  # type: ignore[union-attr]
