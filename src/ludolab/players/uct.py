"""UCT: Monte Carlo tree search with UCB1 selection, explicit chance and per-seat values."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from ludolab.core.game import GameState, Move
from ludolab.core.player import Player
from ludolab.players.base import (
    Budget,
    Heuristic,
    Judge,
    RandomPlayer,
    Worlds,
    check_search_settings,
    keys_its_chance,
    playout,
    value_scale_for,
)

#: At simultaneous-move states, the share of uniform exploration mixed into regret matching.
SIMULTANEOUS_MIX = 0.1


class _Node:
    """A tree node: the state reached by a path of moves and chance outcomes from the root.

    At a decision state each active seat has its own edge statistics ``edges[seat][move] =
    [visits, value sum for that seat, cumulative regret, availability]`` (one seat for
    turn-based games; several for simultaneous moves, where the regret drives the choice; the
    availability counts only under hidden information). ``children`` maps a move
    (or a tuple of the seats' moves, or a chance outcome) to the next node.
    """

    __slots__ = ("children", "edges", "seats", "untried", "visits")

    def __init__(self) -> None:
        self.children: dict = {}
        self.seats: tuple[int, ...] | None = None
        self.edges: dict[int, dict[Move, list[float]]] = {}
        self.untried: dict[int, list[Move]] = {}
        self.visits = 0

    def open(self, state: GameState, rng: np.random.Generator) -> None:
        """Fill in the seats and moves on the first visit as a decision node."""
        self.seats = state.active_seats()
        for seat in self.seats:
            moves = list(state.legal_moves(seat))
            self.edges[seat] = {m: [0, 0.0, 0.0, 0] for m in moves}
            for i in range(len(moves) - 1, 0, -1):  # Fisher-Yates: try them in random order
                j = int(rng.random() * (i + 1))
                moves[i], moves[j] = moves[j], moves[i]
            self.untried[seat] = moves


class UCTPlayer:
    """Upper Confidence bounds applied to Trees (Kocsis and Szepesvari's UCT).

    Each simulation walks down the tree from a copy of the state: at a decision node each active
    seat picks an untried move if it has one, else the move maximising
    ``mean + c * sqrt(ln(node visits) / move visits)`` for *that seat's* value; at a chance node
    the outcome is drawn with its probabilities (never chosen by UCB). The first new node is added
    to the tree, the game is played out from there with ``rollout`` (random by default) to the end
    or to ``horizon`` moves from the root (where ``heuristic`` judges it), and every seat's value
    is backed up along the path, so the search works for any number of players.

    At a simultaneous-move state UCB1 is the wrong tool (seats that explore in lockstep can lock
    into a pair of moves neither would keep alone, e.g. cooperation in a prisoner's dilemma), so
    each seat samples its move by regret matching on its own statistics, mixed with
    :data:`SIMULTANEOUS_MIX` of uniform exploration (Lanctot et al.'s simultaneous-move MCTS).

    Values are divided by ``value_scale`` (default: the game's ``return_bound()``, e.g. the goal
    in Pig), so means lie in [-1, 1] and ``c`` is on that scale. The chosen move is the most
    visited one at the root (ties: the better mean).

    **Hidden information.** In a game that declares it (``perfect_information`` False), each
    simulation starts from a fresh determinization of the root drawn from the searching seat's
    information set (:class:`~ludolab.players.base.Worlds`), never from the true state. The
    tree is one tree over what the searcher can tell apart (nodes are reached by moves and chance
    outcomes, which are public in the games here), so it is single-observer information-set MCTS
    (Cowling, Powley and Whitehouse 2012) rather than one tree per determinization: the
    statistics of a node pool every world that passes through it. A move that is not legal in
    the current world is skipped, and UCB1 counts a move's availability (the simulations in which
    it could have been chosen) in place of the node's visits; where a world puts a different
    seat to move than the node recorded, the simulation leaves the tree and plays out.

    ``last_search`` keeps ``{move: (visits, mean scaled value)}`` of the latest decision.
    """

    def __init__(
        self,
        simulations: int = 1000,
        *,
        c: float = 1.0,
        time_cap: float | None = None,
        horizon: int | None = None,
        heuristic: Heuristic | None = None,
        rollout: Player | None = None,
        win_values: bool = False,
        quiet: Callable[[GameState], bool] | None = None,
        paired: bool = True,
        value_scale: float | None = None,
        name: str | None = None,
    ) -> None:
        check_search_settings(simulations, time_cap, horizon, heuristic, value_scale)
        if c < 0:
            raise ValueError(f"the exploration constant c must be 0 or more, got {c}")
        self.paired = paired
        self.win_values = win_values
        self.quiet = quiet
        self.simulations = int(simulations)
        self.c = float(c)
        self.time_cap = time_cap or None
        self.horizon = horizon
        self.heuristic = heuristic
        self.rollout: Player = rollout if rollout is not None else RandomPlayer()
        self.value_scale = value_scale
        self.name = name or f"uct:simulations={self.simulations},c={self.c:g}" + (
            f",horizon={horizon}" if horizon else ""
        )
        self.last_search: dict[Move, tuple[int, float]] = {}

    def choose(self, state: GameState, seat: int, rng: np.random.Generator) -> Move:
        """The most visited move of ``seat`` at the root after the search."""
        moves = list(state.legal_moves(seat))
        if len(moves) == 1:
            self.last_search = {moves[0]: (0, 0.0)}
            return moves[0]
        judge = Judge(
            self.heuristic, value_scale_for(state, self.value_scale), self.win_values, self.quiet
        )
        root = _Node()
        root.open(state, rng)
        budget = Budget(self.simulations, self.time_cap, minimum=len(moves))
        seeds: list[int] | None = [] if self.paired and keys_its_chance(state) else None
        worlds = Worlds(state, seat, rng)
        k = 0
        while budget.more():
            self._simulate(root, worlds.world(k), rng, judge, seat, seeds, worlds.hidden)
            k += 1
        stats = root.edges[seat]
        self.last_search = {m: (int(n), w / n if n else 0.0) for m, (n, w, *_) in stats.items()}
        return max(moves, key=lambda m: self.last_search[m])

    def _simulate(
        self,
        root: _Node,
        state: GameState,
        rng: np.random.Generator,
        judge: Judge,
        seat: int,
        seeds: list[int] | None,
        hidden: bool = False,
    ) -> None:
        # Turn-based steps record (node, edge) and simultaneous ones (node, joint, probs).
        single: list[tuple[_Node, list[float]]] = []
        joint_steps: list[tuple[_Node, dict[int, Move], dict[int, float]]] = []
        node = root
        depth = 0
        horizon = self.horizon
        c = self.c
        chance_seed = None
        while True:
            if state.is_terminal():
                values = judge.terminal(state)
                break
            if hidden and (node.seats is not None if state.is_chance()
                           else node.seats is None and bool(node.children)):
                # this world is at another kind of state than the node recorded (chance against
                # a decision, or someone else to move): leave the tree and play out
                left = None if horizon is None else horizon - depth
                values = playout(state, left, self.rollout, judge, rng, chance_seed)
                break
            if state.is_chance():
                if chance_seed is None:
                    outcome = state.sample_chance_with(rng)
                else:
                    outcome = state.sample_chance(chance_seed)
                state.apply_chance(outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node()
                node = child
                continue
            if horizon is not None and depth >= horizon and judge.can_cut(state):
                values = judge.cut(state)
                break
            seats = node.seats
            if seats is None:
                node.open(state, rng)
                seats = node.seats
                assert seats is not None
            elif hidden and seats != state.active_seats():
                left = None if horizon is None else horizon - depth  # as above: play out
                values = playout(state, left, self.rollout, judge, rng, chance_seed)
                break
            if len(seats) == 1:
                if hidden:
                    key, edge = _select_available(node, seats[0], c, state.legal_moves(seats[0]))
                else:
                    key, edge = _select(node, seats[0], c)
                single.append((node, edge))
                root_move = key
                state.apply(key)
            else:  # each seat for itself, by regret matching (see the class doc)
                joint: dict[int, Move] = {}
                probs: dict[int, float] = {}
                for s in seats:
                    joint[s], probs[s] = _regret_match(node.edges[s], rng)
                joint_steps.append((node, joint, probs))
                root_move = joint.get(seat)
                key = tuple(sorted(joint.items()))
                state.apply_joint(joint)
            if seeds is not None and node is root:
                # The k-th simulation of every root move gets the k-th luck: paired comparisons.
                k = int(root.edges[seat][root_move][0])
                while len(seeds) <= k:
                    seeds.append(int(rng.integers(1 << 62)))
                chance_seed = seeds[k]
            depth += 1
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                left = None if horizon is None else horizon - depth
                values = playout(state, left, self.rollout, judge, rng, chance_seed)
                break
            node = child
        for n, edge in single:
            n.visits += 1
            edge[0] += 1
            edge[1] += values[n.seats[0]]  # type: ignore[index]
        for n, joint, probs in joint_steps:
            n.visits += 1
            for s, move in joint.items():
                v = values[s]
                edges = n.edges[s]
                edge = edges[move]
                edge[0] += 1
                edge[1] += v
                for other, stats in edges.items():  # regret of each move against the sampled one
                    stats[2] += (v / probs[s] if other == move else 0.0) - v

    def __repr__(self) -> str:
        return (
            f"UCTPlayer(simulations={self.simulations}, c={self.c}, time_cap={self.time_cap}, "
            f"horizon={self.horizon}, rollout={self.rollout!r}, win_values={self.win_values}, "
            f"value_scale={self.value_scale})"
        )


def _select(node: _Node, seat: int, c: float) -> tuple[Move, list[float]]:
    """An untried move of ``seat`` if any (in the node's random order), else the UCB1 maximum;
    returns the move and its edge statistics."""
    edges = node.edges[seat]
    untried = node.untried[seat]
    if untried:
        move = untried.pop()
        return move, edges[move]
    log_n = math.log(node.visits) if node.visits > 0 else 0.0
    best_move = None
    best_edge: list[float] = []
    best = -math.inf
    for move, edge in edges.items():
        n = edge[0]
        score = edge[1] / n + c * math.sqrt(log_n / n)
        if score > best:
            best, best_move, best_edge = score, move, edge
    return best_move, best_edge


def _select_available(
    node: _Node, seat: int, c: float, legal: Sequence[Move]
) -> tuple[Move, list[float]]:
    """:func:`_select` among the moves legal in this world (information-set MCTS): a legal move
    never seen at this node joins it untried; UCB1 uses each move's availability count."""
    edges = node.edges[seat]
    untried = node.untried[seat]
    for m in legal:
        if m not in edges:
            edges[m] = [0, 0.0, 0.0, 0]
            untried.append(m)
    for i in range(len(untried) - 1, -1, -1):
        if untried[i] in legal:
            move = untried.pop(i)
            edge = edges[move]
            for m in legal:
                edges[m][3] += 1
            return move, edge
    best_move = None
    best_edge: list[float] = []
    best = -math.inf
    for move in legal:
        edge = edges[move]
        edge[3] += 1
        n = edge[0]
        score = edge[1] / n + c * math.sqrt(math.log(edge[3]) / n)
        if score > best:
            best, best_move, best_edge = score, move, edge
    return best_move, best_edge


def _regret_match(edges: dict[Move, list[float]], rng: np.random.Generator) -> tuple[Move, float]:
    """Sample a move in proportion to its positive regret (uniform when none), mixed with
    uniform exploration; returns the move and its sampling probability."""
    moves = list(edges)
    positive = [max(edges[m][2], 0.0) for m in moves]
    total = sum(positive)
    k = len(moves)
    mix = SIMULTANEOUS_MIX
    probs = [(1 - mix) * (p / total if total > 0 else 1.0 / k) + mix / k for p in positive]
    u = rng.random()
    acc = 0.0
    for m, p in zip(moves, probs, strict=True):
        acc += p
        if u < acc:
            return m, p
    return moves[-1], probs[-1]
