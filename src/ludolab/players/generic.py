"""The generic search players every game seats by the same spec: ``mc:simulations=200`` (flat
Monte Carlo) and ``uct:simulations=200,c=1`` (UCT), played through the generic game API
(:class:`~ludolab.core.GameState`): random playouts to the end of the game, hidden information
resampled from the seat's information state at every decision.

A game with its own players (Pig's ``mc``/``uct`` with its heuristics, Dominion's ``mcts``) keeps
them under its own names; this registry is what a game without its own ``mc``/``uct`` offers.
``ismcts`` is not a player name anywhere: :func:`search_hint` says which search to use instead.

>>> GENERIC_PLAYERS.parse("uct:simulations=50").name
'uct:simulations=50'
>>> is_generic_spec("mc"), is_generic_spec("mcts:simulations=10"), is_generic_spec("Big Money")
(True, False, False)
"""

from __future__ import annotations

from typing import Any

from ludolab.players.montecarlo import MonteCarloPlayer
from ludolab.players.spec import (
    MAX_SIMULATIONS,
    Param,
    PlayerRegistry,
    integer,
    number,
    time_cap,
)
from ludolab.players.uct import UCTPlayer

__all__ = ["GENERIC_PLAYERS", "is_generic_spec", "make_generic_player", "search_hint"]

_SIMULATIONS = Param("simulations", integer(1, MAX_SIMULATIONS), "200",
                     f"random playouts per decision (at most {MAX_SIMULATIONS:,})")
_TIME = Param("time", time_cap(), "none",
              "seconds per decision, above 0 and at most an hour (none: no cap; with a cap "
              "results depend on the machine)")


def _mc(simulations: int, time: float | None) -> Any:
    return MonteCarloPlayer(simulations, time_cap=time)


def _uct(simulations: int, c: float, time: float | None) -> Any:
    return UCTPlayer(simulations, c=c, time_cap=time)


GENERIC_PLAYERS = PlayerRegistry("generic")
GENERIC_PLAYERS.add("mc", _mc, [_SIMULATIONS, _TIME],
                    help="flat Monte Carlo through the generic game API: random playouts, hidden "
                         "cards resampled")
GENERIC_PLAYERS.add("uct", _uct, [_SIMULATIONS, Param("c", number(0.0), "1",
                                                     "UCB1 exploration constant"), _TIME],
                    help="UCT tree search through the generic game API: random playouts, "
                         "hidden cards resampled")


def _head(text: object) -> str:
    return str(text).strip().partition(":")[0].strip().lower() if isinstance(text, str) else ""


def is_generic_spec(text: object) -> bool:
    """Does a player text name a generic search player (``mc``, ``uct``, with or without
    parameters)?"""
    return _head(text) in GENERIC_PLAYERS.factories


def make_generic_player(spec: str) -> Any:
    """The generic search player a spec describes (a one-line SpecError if malformed)."""
    return GENERIC_PLAYERS.parse(spec)


def search_hint(text: object, game: str) -> str | None:
    """A hint for a search name this game does not take (``ismcts``, another game's search),
    or None: what to write instead."""
    head = _head(text)
    if head == "ismcts":
        if game == "dominion":
            return ("ismcts: is an alias of Dominion's own search mcts: (mcts:depth=2 grows "
                    "its information-set tree); mc: and uct: are the generic ones")
        return (f"ismcts is not a {game} player: {game} takes mc: and uct:, which resample "
                "what a seat cannot see at every decision where the game hides anything")
    if head == "my" and game == "pig":
        return ("my: seats a bot file of My bots (Dominion, poker); pig players are specs such "
                "as hold:20 or uct")
    if head == "mcts" and game != "dominion":
        return f"mcts: is Dominion's search; {game} takes mc: and uct:"
    return None
