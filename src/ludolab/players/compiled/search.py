"""The compiled search: flat Monte Carlo and UCT over any game's compiled interface.

One implementation for every game: the game's eight kernel functions (see
:mod:`ludolab.players.compiled.interface`) arrive as a tuple of first-class function types, so
numba compiles (and caches on disk) each routine here once and calls the game through pointers.

The routines mirror the pure-Python :class:`~ludolab.players.MonteCarloPlayer` and
:class:`~ludolab.players.UCTPlayer` step for step (the same round robin, UCB1 rule, untried moves
in random order, horizon with a quiet cut, win/tie/loss or scaled returns, common random numbers),
restricted to turn-based games with chance. They run a given number of simulations and keep all
their statistics in arrays owned by the caller, so that a Python loop can run them in chunks and
check a clock in between (numba has no clock): that is how a time budget works.

The tree lives in flat arrays with one row per node and one column per slot (action or chance
outcome id): ``child`` (the node reached, or -1), ``edge_n`` / ``edge_w`` (visits and value sum
of the seat to move at a decision node), and ``info`` per node (opened, seat, visits, untried
count, legal count). A node is added per new move and per new chance outcome, as in the Python
UCT; once the arrays are full the search keeps simulating without growing the tree.

The routines that take the game are inlined into their callers (``inline="always"``): a game's
bound wrappers then hold the whole search with the game's functions called directly, and no
function object is left to pass at run time (which would keep numba from caching them).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ludolab.core.jitcache import guard
from ludolab.core.rngjit import mix64, next_below, next_u64
from ludolab.players.compiled.interface import CHANCE, TERMINAL

guard(__file__, [__file__.replace("players/compiled/search.py", "core/rngjit.py")])

# Columns of ``info``.
OPENED = 0
SEAT = 1
VISITS = 2
UNTRIED = 3
LEGAL = 4
INFO_COLUMNS = 5

# Entries of ``meta``.
SIZE = 0  # nodes in use
SEEDS = 1  # common-luck seeds drawn so far
ROUND_SEED = 2  # flat Monte Carlo: the current round's seed (as int64 bits)
META_LEN = 3


@njit(cache=True, inline="always")
def judge_terminal(game, s, win_values, scale, raw, values):
    """Values of a finished game: win/tie/loss (1 sole best, 0 tied best, -1 others) or
    returns divided by ``scale`` (twin of :class:`ludolab.players.base.Judge`)."""
    game[5][0](s, raw)
    n = values.shape[0]
    if win_values:
        best = raw[0]
        for i in range(1, n):
            if raw[i] > best:
                best = raw[i]
        tied = 0
        for i in range(n):
            if raw[i] == best:
                tied += 1
        for i in range(n):
            if raw[i] == best:
                values[i] = 0.0 if tied > 1 else 1.0
            else:
                values[i] = -1.0
    else:
        for i in range(n):
            values[i] = raw[i] / scale


@njit(cache=True, inline="always")
def judge_cut(game, s, cfg, scale, values):
    """Values of a state cut by the heuristic, divided by ``scale``."""
    game[6][0](s, cfg, values)
    for i in range(values.shape[0]):
        values[i] = values[i] / scale


@njit(cache=True, inline="always")
def playout(game, s, cfg, has_horizon, moves_left, paired, chance_seed, win_values, scale,
            rng, raw, values):
    """Play ``s`` out in place with the rollout policy and write every seat's value.

    Chance comes from ``chance_seed`` when ``paired`` (the keyed luck of this simulation), else
    from a fresh seed of ``rng``. With a horizon the playout stops once ``moves_left`` more
    moves have been played and ``quiet`` accepts the state (twin of
    :func:`ludolab.players.base.playout`).
    """

    while True:
        st = game[0][0](s)
        if st == TERMINAL:
            judge_terminal(game, s, win_values, scale, raw, values)
            return
        if st == CHANCE:
            game[3][0](s, chance_seed if paired else next_u64(rng))
            continue
        if has_horizon:
            if moves_left <= 0 and game[7][0](s, cfg):
                judge_cut(game, s, cfg, scale, values)
                return
            moves_left -= 1
        game[2][0](s, game[4][0](s, cfg, rng))


@njit(cache=True, inline="always")
def flat_run(game, root, cfg, seat, actions, first, count, horizon, win_values, scale, paired,
             counts, totals, meta, rng, s, raw, values, sim_rng):
    """Simulations ``first .. first+count-1`` of flat Monte Carlo over ``actions``.

    Simulation ``i`` tries action ``i % len(actions)`` (round robin). With ``paired`` each round
    draws one seed from ``rng``; every action of the round plays out on that seed's luck and
    with a rollout stream rewound to it (common random numbers).
    """
    n = actions.shape[0]
    for i in range(first, first + count):
        m = i % n
        seed = np.uint64(0)
        if paired:
            if m == 0:
                meta[ROUND_SEED] = np.int64(next_u64(rng))
            seed = np.uint64(meta[ROUND_SEED])
            sim_rng[0] = mix64(seed)
            stream = sim_rng
        else:
            stream = rng
        s[:] = root
        game[2][0](s, actions[m])
        playout(game, s, cfg, horizon >= 0, horizon - 1, paired, seed, win_values, scale,
                stream, raw, values)
        totals[m] += values[seat]
        counts[m] += 1


@njit(cache=True, inline="always")
def _open(game, info, acts, untried, node, s, seat, rng):
    """First visit of a decision node: its seat, legal actions, untried ones in random order."""
    row = acts[node]
    n = game[1][0](s, row)
    info[node, OPENED] = 1
    info[node, SEAT] = seat
    info[node, LEGAL] = n
    info[node, UNTRIED] = n
    order = untried[node]
    for i in range(n):
        order[i] = row[i]
    for i in range(n - 1, 0, -1):  # Fisher-Yates
        j = next_below(rng, i + 1)
        t = order[i]
        order[i] = order[j]
        order[j] = t


@njit(cache=True)
def _select(info, acts, untried, edge_n, edge_w, node, c):
    """An untried action if any (the node's random order), else the UCB1 maximum (first wins
    ties, in legal order)."""
    k = info[node, UNTRIED]
    if k > 0:
        info[node, UNTRIED] = k - 1
        return untried[node, k - 1]
    visits = info[node, VISITS]
    log_n = math.log(visits) if visits > 0 else 0.0
    best = -np.inf
    best_a = acts[node, 0]
    for i in range(info[node, LEGAL]):
        a = acts[node, i]
        n = edge_n[node, a]
        score = edge_w[node, a] / n + c * math.sqrt(log_n / n)
        if score > best:
            best = score
            best_a = a
    return best_a


@njit(cache=True)
def _new_node(info, child, meta, parent, slot):
    """Append a node as ``child[parent, slot]``; -1 when the arrays are full."""
    size = meta[SIZE]
    if size >= info.shape[0]:
        return -1
    meta[SIZE] = size + 1
    child[parent, slot] = size
    return size


@njit(cache=True, inline="always")
def uct_run(game, root, cfg, count, c, horizon, win_values, scale, paired,
            info, acts, untried, child, edge_n, edge_w, meta, seeds, rng,
            s, raw, values, path_node, path_act):
    """``count`` UCT simulations from ``root`` (node 0 of the tree arrays, created by the caller).

    Each walks down from a copy of ``root``: at a decision node the seat to move takes an
    untried action or the UCB1 maximum of its own values; at a chance node the outcome is drawn
    (keyed by the simulation's common seed once the root action is known, when ``paired``: the
    k-th simulation of every root action gets the k-th seed). The first new node ends the walk
    with a playout (to the end, or cut after ``horizon`` moves from the root); every decision
    on the path is credited with the value of its seat.
    """

    cap_path = path_node.shape[0]
    for _ in range(count):
        s[:] = root
        node = 0
        depth = 0
        steps = 0
        have_seed = False
        seed = np.uint64(0)
        while True:
            st = game[0][0](s)
            if st == TERMINAL:
                judge_terminal(game, s, win_values, scale, raw, values)
                break
            if st == CHANCE:
                outcome = game[3][0](s, seed if have_seed else next_u64(rng))
                nxt = child[node, outcome]
                if nxt < 0:
                    nxt = _new_node(info, child, meta, node, outcome)
                    if nxt < 0:  # the tree is full: finish with a playout from here
                        left = horizon - depth
                        playout(game, s, cfg, horizon >= 0, left, have_seed, seed, win_values,
                                scale, rng, raw, values)
                        break
                node = nxt
                continue
            if horizon >= 0 and depth >= horizon and game[7][0](s, cfg):
                judge_cut(game, s, cfg, scale, values)
                break
            if info[node, OPENED] == 0:
                _open(game, info, acts, untried, node, s, st, rng)
            a = _select(info, acts, untried, edge_n, edge_w, node, c)
            if steps >= cap_path:  # deeper than any tree this size: play the rest out
                playout(game, s, cfg, horizon >= 0, horizon - depth, have_seed, seed,
                        win_values, scale, rng, raw, values)
                break
            path_node[steps] = node
            path_act[steps] = a
            steps += 1
            game[2][0](s, a)
            if paired and node == 0:
                k = edge_n[0, a]
                while meta[SEEDS] <= k:
                    seeds[meta[SEEDS]] = next_u64(rng)
                    meta[SEEDS] += 1
                seed = seeds[k]
                have_seed = True
            depth += 1
            nxt = child[node, a]
            if nxt < 0:
                _new_node(info, child, meta, node, a)
                left = horizon - depth
                playout(game, s, cfg, horizon >= 0, left, have_seed, seed, win_values, scale,
                        rng, raw, values)
                break
            node = nxt
        for i in range(steps):
            n = path_node[i]
            a = path_act[i]
            info[n, VISITS] += 1
            edge_n[n, a] += 1
            edge_w[n, a] += values[info[n, SEAT]]
