"""The Pig player registry: the specs ``random``, ``hold:N``, ``optimal``, ``mc:...``, ``uct:...``.

The search players judge states with the seed's score-difference heuristic after ``horizon``
moves. Three defaults differ from a plain reading of the seed, each because it measurably plays
better (figures in docs/pig.md):

* ``value=win``: a finished game counts as a win or a loss, not as its score difference. A
  search that maximises the margin is nearly indifferent in the endgame (winning by 2 or losing
  by 3 differ little in points), where the win is decided.
* ``cut=turn``: the heuristic judges the first turn start after the horizon, never a turn in
  progress, whose points it cannot see (so where the horizon happens to fall does not decide
  between rolling and holding).
* ``paired=yes``: the moves are compared on the same dice (common random numbers).

And flat Monte Carlo plays out with hold-at-20 (``rollout=hold:20``), not at random: it values a
move as if everybody then played like the rollout policy, and random playouts make it behave
like hold-at-17, which loses to hold-at-20 (46%). UCT keeps random playouts: its tree decides
the rest of the turn. UCT looks 5 moves ahead (then to the next turn start) and judges with the
race heuristic (``heuristic=race``: the probability of winning if both held at 20 from there,
:mod:`ludolab.games.pig.race`), 1000 simulations a decision: it then plays hold-at-20 as well
as the optimal policy does (54%), where the score heuristic stalls near 52.5% even at 4000
simulations.

``value=score``, ``cut=move``, ``paired=no`` and ``rollout=random`` give the seed's plain
behaviour back.

Both search in Pig's compiled interface (:mod:`ludolab.games.pig.compiled`, through the one
compiled search of :mod:`ludolab.players.compiled`), 80 to 140 times faster than through the
generic API (``bench/search.py``); ``engine=python`` runs the pure-Python players instead
(same settings, same algorithm, other random draws).

>>> make_player("hold:25")
HoldAtPlayer(25)
>>> make_player("uct:simulations=200,c=0.5").c
0.5
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ludolab.core.player import Player
from ludolab.games.pig.bots import HoldAtPlayer
from ludolab.games.pig.game import held_difference, score_difference, turn_start
from ludolab.games.pig.optimal import OptimalPlayer
from ludolab.games.pig.race import race_value
from ludolab.players import MonteCarloPlayer, RandomPlayer, UCTPlayer
from ludolab.players.spec import (
    MAX_SIMULATIONS,
    Param,
    PlayerRegistry,
    choice,
    integer,
    number,
    time_cap,
)

if TYPE_CHECKING:
    from ludolab.players.compiled import CompiledGame

#: The largest hold-at target of a spec (far above any goal; int64-safe in compiled code).
MAX_HOLD = 1_000_000
#: The longest search horizon of a spec, in moves (beyond a game's end it means "to the end").
MAX_HORIZON = 1_000_000


def rollout_policy(text: str) -> Player:
    """The rollout policy of a spec: ``random`` or ``hold:N`` (``hold`` alone is hold-at-20)."""
    if text == "random":
        return RandomPlayer()
    name, _, n = text.partition(":")
    if name == "hold":
        try:
            value = 20 if not n else int(n) if len(n) <= 20 else 0  # int() of huge text: slow
        except ValueError:
            value = 0
        if 1 <= value <= MAX_HOLD:
            return HoldAtPlayer(value)
    raise ValueError(f"random or hold:N (N from 1 to {MAX_HOLD:,})")


HEURISTICS = {"score": score_difference, "held": held_difference, "race": race_value}
CUTS = {"turn": turn_start, "move": None}
YES_NO = {"yes": True, "no": False}
VALUES = {"win": True, "score": False}
ENGINES = {"compiled": True, "python": False}

ROLLOUT_RANDOM = Param("rollout", rollout_policy, "random", "playout policy: random or hold:N")
ROLLOUT_HOLD = Param("rollout", rollout_policy, "hold:20", "playout policy: hold:N or random")

_SEARCH_PARAMS = (
    Param("simulations", integer(1, MAX_SIMULATIONS), "500",
          f"simulations per decision (at most {MAX_SIMULATIONS:,})"),
    Param(
        "horizon",
        integer(1, MAX_HORIZON, none=True),
        "20",
        "moves before the heuristic judges (none: to the end)",
    ),
    Param(
        "cut",
        choice(CUTS),
        "turn",
        "judge at the next turn's start, or right at the horizon (move)",
    ),
    Param(
        "heuristic",
        choice(HEURISTICS),
        "score",
        "banked score difference, with the turn's points (held), or the win probability "
        "if both held at 20 from here (race)",
    ),
    Param("value", choice(VALUES), "win", "a finished game counts as win/loss, or its score"),
    ROLLOUT_RANDOM,
    Param("time", time_cap(), "none",
          "seconds per decision, above 0 and at most an hour (none: no cap)"),
)


_EXTRA_PARAMS = (
    Param("c", number(0.0), "1", "UCB1 exploration constant (values lie in [-1, 1])"),
    Param(
        "paired", choice(YES_NO), "yes", "compare moves on the same dice (common random numbers)"
    ),
    Param("engine", choice(ENGINES), "compiled",
          "search in Pig's compiled interface, or through the generic Python API"),
)


def _compiled_game(heuristic: Any, cut: Any, rollout: Player) -> CompiledGame:
    """Pig's compiled interface set to the spec's heuristic, cut and rollout policy."""
    from ludolab.games.pig import compiled  # lazy: numba compiles Pig's rules on import

    hold_at = rollout.n if isinstance(rollout, HoldAtPlayer) else None
    return compiled.configured(rollout_hold_at=hold_at, held=heuristic is held_difference,
                               race=heuristic is race_value,
                               cut_at_turn=cut is turn_start)


def _mc(
    simulations: int,
    horizon: int | None,
    cut: Any,
    heuristic: Any,
    value: bool,
    rollout: Player,
    time: float | None,
    paired: bool,
    engine: bool,
) -> Player:
    if engine:
        from ludolab.players.compiled import CompiledMonteCarloPlayer  # lazy: numba

        return CompiledMonteCarloPlayer(_compiled_game(heuristic, cut, rollout), simulations,
                                        time_cap=time, horizon=horizon, paired=paired,
                                        win_values=value)
    return MonteCarloPlayer(
        simulations,
        time_cap=time,
        horizon=horizon,
        heuristic=heuristic,
        rollout=rollout,
        paired=paired,
        win_values=value,
        quiet=cut,
    )


def _uct(
    simulations: int,
    c: float,
    horizon: int | None,
    cut: Any,
    heuristic: Any,
    value: bool,
    rollout: Player,
    time: float | None,
    paired: bool,
    engine: bool,
) -> Player:
    if engine:
        from ludolab.players.compiled import CompiledUCTPlayer  # lazy: numba

        return CompiledUCTPlayer(_compiled_game(heuristic, cut, rollout), simulations, c=c,
                                 time_cap=time, horizon=horizon, paired=paired,
                                 win_values=value)
    return UCTPlayer(
        simulations,
        c=c,
        paired=paired,
        time_cap=time,
        horizon=horizon,
        heuristic=heuristic,
        rollout=rollout,
        win_values=value,
        quiet=cut,
    )


PIG_PLAYERS = PlayerRegistry("pig")
PIG_PLAYERS.add("random", RandomPlayer, help="a uniformly random legal move")
PIG_PLAYERS.add(
    "hold",
    HoldAtPlayer,
    [Param("n", integer(1, MAX_HOLD), "20", "hold once the turn's points reach n")],
    help="roll until the turn's points reach n, then hold",
    positional="n",
)
PIG_PLAYERS.add("optimal", OptimalPlayer, help="the optimal policy (value iteration)")
PIG_PLAYERS.add(
    "mc",
    _mc,
    (*(ROLLOUT_HOLD if p is ROLLOUT_RANDOM else p for p in _SEARCH_PARAMS), *_EXTRA_PARAMS[1:]),
    help="flat Monte Carlo with the score-difference heuristic",
)
# UCT's own defaults: 1000 simulations, 5 moves, the race heuristic (docs/search.md: with them it
# beats hold-at-20 to 100, 54.1% against the best response's 55.5%, at some 50 games/s).
_UCT_DEFAULTS = {"simulations": "1000", "horizon": "5", "heuristic": "race"}
_UCT_SEARCH = tuple(replace(p, default=_UCT_DEFAULTS.get(p.name, p.default))
                    for p in _SEARCH_PARAMS)
PIG_PLAYERS.add(
    "uct",
    _uct,
    (_UCT_SEARCH[0], _EXTRA_PARAMS[0], *_UCT_SEARCH[1:], *_EXTRA_PARAMS[1:]),
    help="UCT tree search, judging with the race heuristic 5 moves ahead",
)


def make_player(spec: str) -> Player:
    """Build a Pig player from a spec (raises :class:`~ludolab.errors.SpecError` if malformed)."""
    return PIG_PLAYERS.parse(spec)
