"""A series of Pig games between two players, seats alternated with the same dice.

Game pair ``p`` of a series uses the game seed ``game_seeds(seed, p, 1)[0]``: in game ``2p`` the
first player sits in seat 0, in game ``2p + 1`` the seats are swapped and the seed is the same.
Dice are keyed by seat (see :class:`~ludolab.games.pig.PigState`), so both players get the
same dice when sitting first, which cuts the luck out of the comparison. Results are reported
from the first player's side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludolab.core import rng as _rng
from ludolab.core.match import Match
from ludolab.core.player import Player
from ludolab.games.pig.game import PigState


@dataclass
class SeriesResult:
    """Wins, ties and losses of the first player, and its summed returns (score difference)."""

    games_planned: int
    wins: int = 0
    ties: int = 0
    losses: int = 0
    total_return: float = 0.0
    total_return_sq: float = 0.0
    interrupted: bool = False

    @property
    def games(self) -> int:
        """Games finished."""
        return self.wins + self.ties + self.losses

    def add(self, first_player_return: float) -> None:
        """Record one finished game by the first player's return."""
        if first_player_return > 0:
            self.wins += 1
        elif first_player_return < 0:
            self.losses += 1
        else:
            self.ties += 1
        self.total_return += first_player_return
        self.total_return_sq += first_player_return * first_player_return


def game_plan(games: int, seed: int) -> list[tuple[int, int]]:
    """``(game seed, seat of the first player)`` for each game of a series."""
    pairs = (games + 1) // 2
    seeds = [int(s) for s in _rng.game_seeds(seed, 0, pairs)]
    return [(seeds[g // 2], g % 2) for g in range(games)]


def play_game(
    first: Player, second: Player, game_seed: int, first_seat: int, goal: int = 100
) -> float:
    """Play one game and return the first player's return."""
    players = [first, second] if first_seat == 0 else [second, first]
    result = Match(PigState(goal=goal), players, seed=game_seed).run()
    return result.returns[first_seat]


def play_series(
    first: Player,
    second: Player,
    games: int,
    seed: int = 0,
    goal: int = 100,
    on_game: Callable[[int, float], None] | None = None,
) -> SeriesResult:
    """Play ``games`` games, seats alternated in pairs with the same dice (see the module doc).

    ``on_game(index, first_player_return)`` is called after each game (for progress bars). A
    ``KeyboardInterrupt`` stops the series: the result holds the games that finished and
    ``interrupted`` is set.
    """
    if games < 1:
        raise ValueError(f"a series needs at least 1 game, got {games}")
    result = SeriesResult(games_planned=games)
    try:
        for index, (game_seed, seat) in enumerate(game_plan(games, seed)):
            r = play_game(first, second, game_seed, seat, goal)
            result.add(r)
            if on_game is not None:
                on_game(index, r)
    except KeyboardInterrupt:
        result.interrupted = True
    return result
