"""The Dominion search's compiled part: determinised rollouts, its tree, the fallback answer.

Kept apart from the rules kernel (:mod:`.kernel`): the rules reach the search through one hook,
``I[I_FN_TREE]`` (the tree's pick while a rollout is inside the tree); everything else here calls
the rules. :mod:`ludolab.games.dominion.search` drives it. Numba's cache of this file is dropped
whenever the kernel changes (:func:`ludolab.core.jitcache.guard`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from ludolab.core import jitcache as _jitcache
from ludolab.core import rng as _rng
from ludolab.games.dominion.engine import kernel as _kernel
from ludolab.games.dominion.engine.kernel import (
    ERR_TAPE,
    H_CAP,
    H_DUR,
    H_NC,
    H_NP,
    H_NTURNS,
    H_SEED2_HI,
    H_SEED2_LO,
    I64,
    I_BOT_AFTER_TAPE,
    I_ERROR,
    I_O_FTREE,
    I_O_OPT,
    I_O_TAPE,
    I_O_TPATH,
    I_O_TREE,
    I_O_VIEW,
    I_OUTSIDE,
    I_PENDING,
    I_TAPE_DONE,
    I_TAPE_LEN,
    I_TPATH_N,
    I_TRACE_ON,
    I_TREE_CAP,
    I_TREE_DEPTH,
    I_TREE_ME,
    I_TREE_N,
    I_TREE_NODE,
    MASK32,
    NONE,
    PS_DECKN,
    PS_EPOCH,
    PS_RECV,
    PS_RNDK,
    PS_SHUF,
    PSZ,
    TN_AVAIL,
    TN_DEPTH,
    TN_FIRST,
    TN_KIND,
    TN_NEXT,
    TN_OPT,
    TN_SZ,
    TN_VISITS,
    TPATH_CAP,
    Z_HAND,
    Z_MAT,
    decide,
    finish,
    keyed_u64,
    known_deep,
    known_top,
    run,
    shuffle_range,
    so,
    zo,
)

_jitcache.guard(Path(__file__), [_kernel.__file__])


RNG_SEARCH = I64(_rng.RESAMPLE)  # the search's re-deals (determinisations) and rollout keys


@njit(cache=True, _nrt=False)
def sort_range(S, start, n, nc):
    """Sort ``S[start:start+n]`` by card id in place (selection by id: no allocation).

    Hidden cards are put in this canonical order before they are shuffled, so that a
    determinisation depends on which cards are hidden, never on their real order.
    """
    out = start
    end = start + n
    for c in range(nc):
        for i in range(out, end):
            if S[i] == c:
                S[i] = S[out]
                S[out] = c
                out += 1


@njit(cache=True, _nrt=False)
def rotate_left(S, a, b):
    """Move ``S[a]`` to ``S[b - 1]``, shifting ``S[a + 1:b]`` down by one."""
    if b - a < 2:
        return
    t = S[a]
    for i in range(a, b - 1):
        S[i] = S[i + 1]
    S[b - 1] = t


@njit(cache=True, _nrt=False)
def rotate_right(S, a, b):
    """Move ``S[b - 1]`` to ``S[a]``, shifting ``S[a:b - 1]`` up by one."""
    if b - a < 2:
        return
    t = S[b - 1]
    for i in range(b - 1, a, -1):
        S[i] = S[i - 1]
    S[a] = t


@njit(cache=True, _nrt=False)
def determinise(S, V, me, hidden_own, key):
    """Re-deal, in the start-of-turn state ``S`` of seat ``me``'s turn, what ``me`` cannot see.

    * ``me``'s draw pile below the cards it has seen or knows (the bottom ``hidden_own``
      positions but the one of a card it put there itself and still knows, ``known_deep``:
      see ``DominionSearchPlayer.hidden_own``): sorted, then shuffled with ``key``;
    * every other seat's hand, draw pile and Native Village mat, pooled, but for
      the top cards of the pile that everyone knows (``known_top(..., True)``: a Bureaucrat's
      victim's Victory card, a gain onto the pile), which stay: sorted, shuffled, and the hand
      then the mat dealt again from the top (hand, mat and pile keep their sizes);
    * every shuffle from now on (numbered from the view ``V``'s counts, as
      ``DominionGame.reseeded``) is keyed by a fresh seed from ``key``, and so is every pick
      of a random seat (a random rollout policy).
    """
    nc = S[H_NC]
    np_ = S[H_NP]
    s = so(S, me)
    base = s + PSZ
    deep = known_deep(S, s)  # a card it put below its known run (Secret Passage) stays too
    end = hidden_own + 1 if 0 <= deep < hidden_own else hidden_own
    if end > hidden_own:
        rotate_left(S, base + deep, base + end)  # out of the way, above the hidden cards
    sort_range(S, base, hidden_own, nc)
    shuffle_range(S, base, hidden_own, keyed_u64(key, me, RNG_SEARCH, I64(0)))
    if end > hidden_own:
        rotate_right(S, base + deep, base + end)
    for q in range(np_):
        sq = so(S, q)
        S[sq + PS_EPOCH] = V[so(V, q) + PS_SHUF]
        # random rollout seats draw fresh picks in every re-deal (their counter is keyed anew)
        S[sq + PS_RNDK] = I64(keyed_u64(key, q, RNG_SEARCH, I64(2)) >> np.uint64(34))
        if q == me:
            continue
        base = sq + PSZ
        n = S[sq + PS_DECKN]
        known = known_top(S, sq, True)  # the top cards everyone knows stay where they are
        h = zo(S, q, Z_HAND)
        m = n
        for c in range(nc):
            for _ in range(S[h + c]):
                S[base + m] = c
                m += 1
            S[h + c] = 0
        # another seat's Native Village mat is face down: pooled with its hand and
        # dealt back above it (same size). Public and kept: its Island mat, its Durations in
        # play; kept too, though Haven's is face down: the Z_HAVEN cards, since a waiting
        # effect's arg may name the card it set aside (Haven, Blockade)
        nmat = I64(0)
        if S[H_DUR] != 0:
            zm = zo(S, q, Z_MAT)
            for c in range(nc):
                nmat += S[zm + c]
            if m + nmat <= S[H_CAP]:
                for c in range(nc):
                    for _ in range(S[zm + c]):
                        S[base + m] = c
                        m += 1
                    S[zm + c] = 0
            else:
                nmat = I64(0)
        for _ in range(known):  # the known cards to the end, above the hand: [0, m - known) is
            rotate_left(S, base + n - known, base + m)  # the pool of hidden cards
        sort_range(S, base, m - known, nc)
        shuffle_range(S, base, m - known, keyed_u64(key, q, RNG_SEARCH, I64(0)))
        for _ in range(known):  # the known cards back on top of the pile, the hand above
            rotate_right(S, base + n - known, base + m)
        for i in range(n, m - nmat):  # the top m - n cards are the hand (then the mat)
            S[h + S[base + i]] += 1
        for i in range(m - nmat, m):
            S[zo(S, q, Z_MAT) + S[base + i]] += 1
        S[sq + PS_DECKN] = n
    seed = keyed_u64(key, I64(255), RNG_SEARCH, I64(1))
    S[H_SEED2_LO] = I64(seed & np.uint64(MASK32))
    S[H_SEED2_HI] = I64(seed >> np.uint64(32))


@njit(cache=True, _nrt=False)
def tree_init(I, F, nroot, depth, c, me):
    """A fresh tree for one decision of seat ``me``: the root (node 0) and a child per root
    option (nodes 1..nroot, chosen by the root's own rule), own decisions ``depth`` deep below
    them; ``depth`` 0 turns the tree off (the bot answers every later decision)."""
    T = I[I_O_TREE]
    I[I_TREE_NODE] = -1
    I[I_TREE_ME] = 0
    if depth <= 0 or I[I_TREE_CAP] <= nroot + 1:  # no tree (or no room for one)
        return
    I[I_TREE_ME] = me + 1
    I[I_TREE_DEPTH] = depth
    for node in range(nroot + 1):
        b = T + node * TN_SZ
        I[b + TN_KIND] = -1
        I[b + TN_OPT] = node - 1
        I[b + TN_FIRST] = -1
        I[b + TN_NEXT] = -1
        I[b + TN_VISITS] = 0
        I[b + TN_AVAIL] = 0
        I[b + TN_DEPTH] = 0
        F[I[I_O_FTREE] + 1 + node] = 0.0
    I[I_TREE_N] = nroot + 1
    F[I[I_O_FTREE]] = c


@njit(cache=True, _nrt=False)
def tree_child(I, node, kind, a):
    """The child of ``node`` for option ``a`` of a decision of ``kind``, or -1."""
    T = I[I_O_TREE]
    ch = I[T + node * TN_SZ + TN_FIRST]
    while ch >= 0:
        b = T + ch * TN_SZ
        if I[b + TN_OPT] == a and I[b + TN_KIND] == kind:
            return ch
        ch = I[b + TN_NEXT]
    return I64(-1)


@njit(cache=True, _nrt=False)
def tree_pick(I, F, kind, n):
    """Information-set MCTS at one of the searching seat's decisions below the root: every
    child legal now counts one availability; an option without a child is expanded (the first,
    in option order) and the rollout leaves the tree; otherwise the child with the best
    ``mean + c * sqrt(ln(availability) / visits)`` is taken. Returns the option, or ``NONE``
    (the bot answers) once the tree's depth or capacity is reached."""
    o = I[I_O_OPT]
    T = I[I_O_TREE]
    node = I[I_TREE_NODE]
    nb = T + node * TN_SZ
    if I[nb + TN_DEPTH] >= I[I_TREE_DEPTH] or I[I_TPATH_N] >= TPATH_CAP:
        I[I_TREE_NODE] = -1
        return NONE
    untried = NONE
    for i in range(n):
        a = I[o + i]
        ch = tree_child(I, node, kind, a)
        if ch < 0:
            if untried == NONE:
                untried = a
        else:
            I[T + ch * TN_SZ + TN_AVAIL] += 1
    path = I[I_O_TPATH]
    if untried != NONE:
        new = I[I_TREE_N]
        I[I_TREE_NODE] = -1  # expanded: the bot plays on from here
        if new >= I[I_TREE_CAP]:
            return NONE
        b = T + new * TN_SZ
        I[b + TN_KIND] = kind
        I[b + TN_OPT] = untried
        I[b + TN_FIRST] = -1
        I[b + TN_NEXT] = I[nb + TN_FIRST]
        I[b + TN_VISITS] = 0
        I[b + TN_AVAIL] = 1
        I[b + TN_DEPTH] = I[nb + TN_DEPTH] + 1
        F[I[I_O_FTREE] + 1 + new] = 0.0
        I[nb + TN_FIRST] = new
        I[I_TREE_N] = new + 1
        I[path + I[I_TPATH_N]] = new
        I[I_TPATH_N] += 1
        return untried
    c = F[I[I_O_FTREE]]
    best = I64(-1)
    best_score = -1e300
    for i in range(n):
        ch = tree_child(I, node, kind, I[o + i])
        b = T + ch * TN_SZ
        v = I[b + TN_VISITS]
        score = F[I[I_O_FTREE] + 1 + ch] / v + c * np.sqrt(np.log(np.float64(I[b + TN_AVAIL]))
                                                            / v)
        if score > best_score:
            best_score = score
            best = ch
    I[path + I[I_TPATH_N]] = best
    I[I_TPATH_N] += 1
    I[I_TREE_NODE] = best
    return I[T + best * TN_SZ + TN_OPT]


@njit(cache=True, _nrt=False)
def tree_enter(I, j):
    """Start a rollout of root option index ``j`` in the tree (if there is one)."""
    if I[I_TREE_ME] != 0:
        I[I_TREE_NODE] = j + 1
        I[I_TPATH_N] = 0


@njit(cache=True, _nrt=False)
def tree_backup(I, F, value):
    """Add a finished rollout's value to every tree node it went through below the root."""
    if I[I_TREE_ME] == 0:
        return
    T = I[I_O_TREE]
    f0 = I[I_O_FTREE] + 1
    path = I[I_O_TPATH]
    for i in range(I[I_TPATH_N]):
        node = I[path + i]
        I[T + node * TN_SZ + TN_VISITS] += 1
        F[f0 + node] += value
    I[I_TREE_NODE] = -1


#: Re-deals tried at most for one that gives the searching seat, replayed, the hand it holds
#: (after another seat passed it a card); none in so many: the decision falls back.
MAX_REDEALS = 64


@njit(cache=True, _nrt=False)
def replay_fits(S, V, W, I, F, me, tape, ntape, dummy_seeds, vp, turns, outcome, dummy_reason,
                dummy_stats):
    """Does the re-dealt start-of-turn state ``S``, replayed with ``me``'s answers so far, reach
    the pending decision with ``me`` holding the hand it holds in the view ``V``? (Other seats
    answer with the environment's bots: a card another seat passed it comes from a re-dealt
    hand, and only some re-deals pass it the card it got.) ``S`` is left as it was."""
    o_tape = I[I_O_TAPE]
    for i in range(ntape):
        I[o_tape + i] = tape[i]
    I[I_TAPE_LEN] = ntape
    I[I_OUTSIDE] = I64(1) << me
    I[I_BOT_AFTER_TAPE] = 0
    I[I_ERROR] = 0
    I[I_TRACE_ON] = 0
    status = run(I64(1), S, W, I, F, dummy_seeds, vp, turns, outcome, dummy_reason,
                 dummy_stats, dummy_stats, False)
    if status != 0 or I[I_PENDING] == 0 or I[I_ERROR] != 0 or I[I_TAPE_DONE] != 0:
        I[I_ERROR] = 0
        return False
    h = zo(V, me, Z_HAND)
    vo = I[I_O_VIEW]
    for c in range(V[H_NC]):  # noqa: SIM110 (numba: an explicit loop)
        if I[vo + h + c] != V[h + c]:
            return False
    return True


@njit(cache=True, _nrt=False)
def search_rollout(S0, V, S, W, I, F, me, hidden_own, tape, ntape, option, key, vp, turns,
                   outcome, dummy_seeds, dummy_reason, dummy_stats):
    """One determinised rollout of seat ``me``'s pending decision answered with ``option``.

    Determinises the start-of-turn state ``S0`` with ``key`` (:func:`determinise`; after
    another seat passed ``me`` a card this turn, the first of up to :data:`MAX_REDEALS` re-deals
    keyed from ``key`` whose replay gives ``me`` the hand it holds: :func:`replay_fits`, which
    conditions the re-deal on what ``me`` saw; none: an engine error ``ERR_TAPE``), replays the
    turn with the answers given so far (``tape``) plus ``option``, and plays the game out with
    the bots of the environment in every seat (``I_BOT_AFTER_TAPE``): ``tape`` holds ``me``'s
    answers only (other seats' hands are re-dealt, so their bots answer again). Returns ``me``'s
    win share
    (1 for a sole win, 1/k for a k-way shared win, 0 for a loss); ``vp[0]`` holds the final VP.
    Returns -1.0 on an engine error.
    """
    o_tape = I[I_O_TAPE]
    np_ = S0[H_NP]
    check = V[so(V, me) + PS_RECV] == V[H_NTURNS]  # another seat passed it a card this turn
    fits = False
    for attempt in range(MAX_REDEALS):
        k = key if attempt == 0 else keyed_u64(key, me, RNG_SEARCH, I64(3) + attempt)
        for i in range(S0.shape[0]):
            S[i] = S0[i]
        determinise(S, V, me, hidden_own, k)
        if not check or replay_fits(S, V, W, I, F, me, tape, ntape, dummy_seeds, vp, turns,
                                    outcome, dummy_reason, dummy_stats):
            fits = True
            break
    if not fits:
        I[I_ERROR] = ERR_TAPE  # no re-deal gives it its hand: the caller falls back
        return -1.0
    for i in range(ntape):
        I[o_tape + i] = tape[i]
    I[o_tape + ntape] = option
    I[I_TAPE_LEN] = ntape + 1
    I[I_OUTSIDE] = I64(1) << me
    I[I_BOT_AFTER_TAPE] = 1
    I[I_ERROR] = 0
    I[I_TRACE_ON] = 0
    status = run(I64(1), S, W, I, F, dummy_seeds, vp, turns, outcome, dummy_reason,
                 dummy_stats, dummy_stats, False)
    I[I_BOT_AFTER_TAPE] = 0
    if status != 1:
        return -1.0
    finish(S, I, vp[0], turns[0], outcome[0])
    won = I64(0)
    for q in range(np_):
        if outcome[0, q] > 0:
            won += 1
    if outcome[0, me] > 0:
        return 1.0 / won
    return 0.0


@njit(cache=True, _nrt=False)
def rollout_value(vp, me, np_, win, weight, scale, margin_out):
    """The search's value of a finished rollout for ``me``: ``(1 - weight) * win + weight *
    (1 + clip(margin / scale, -1, 1)) / 2``, where the margin is ``me``'s VP less the best
    other seat's; the margin is written to ``margin_out[0]``. Both parts lie in [0, 1]."""
    best = I64(-(1 << 40))
    for q in range(np_):
        if q != me and vp[0, q] > best:
            best = vp[0, q]
    m = np.float64(vp[0, me] - best)
    margin_out[0] = m
    x = m / scale
    if x > 1.0:
        x = 1.0
    elif x < -1.0:
        x = -1.0
    return (1.0 - weight) * win + weight * 0.5 * (1.0 + x)


@njit(cache=True, _nrt=False)
def search_rollouts(S0, V, S, W, I, F, me, hidden_own, tape, ntape, options, first, count, c,
                    search_seed, weight, scale, visits, sums, wins, margins, values, vp, turns,
                    outcome, dummy_seeds, dummy_reason, dummy_stats, scratch):
    """UCB1 over ``options`` at seat ``me``'s pending decision: iterations ``first ..
    first+count-1``.

    Each iteration takes the option with the best upper bound ``sums/visits + c *
    sqrt(ln(total) / visits)`` (every option once first, in order) and runs one
    :func:`search_rollout`. Common random numbers: the k-th visit of every option uses the k-th
    re-deal (key k of ``search_seed``), so options are compared on the same deals. Accumulates
    the value (:func:`rollout_value`), win share and margin per option, and keeps each value in
    ``values[option, k]`` while k fits (for paired comparisons). Returns -1 on an engine error,
    else 0.
    """
    nopt = options.shape[0]
    np_ = S0[H_NP]
    for it in range(first, first + count):
        j = I64(-1)
        if it < nopt:
            j = it
        else:
            total = I64(0)
            for i in range(nopt):
                total += visits[i]
            log_n = np.log(np.float64(total))
            best = -1.0
            for i in range(nopt):
                score = sums[i] / visits[i] + c * np.sqrt(log_n / visits[i])
                if score > best:
                    best = score
                    j = i
        key = keyed_u64(search_seed, me, RNG_SEARCH, visits[j] + 2)
        tree_enter(I, j)
        w = search_rollout(S0, V, S, W, I, F, me, hidden_own, tape, ntape, options[j],
                           key, vp, turns, outcome, dummy_seeds, dummy_reason, dummy_stats)
        if w < 0.0:
            return -1
        v = rollout_value(vp, me, np_, w, weight, scale, scratch)
        tree_backup(I, F, v)
        if visits[j] < values.shape[1]:
            values[j, visits[j]] = v
        sums[j] += v
        visits[j] += 1
        wins[j] += w
        margins[j] += scratch[0]
    return 0


@njit(cache=True, _nrt=False)
def search_batch(S0, V, S, W, I, F, me, hidden_own, tape, ntape, options, jobs, first_key,
                 nkeys, search_seed, weight, scale, visits, sums, wins, margins, values, vp,
                 turns, outcome, dummy_seeds, dummy_reason, dummy_stats, scratch):
    """Rollouts of the option indices ``jobs`` each on re-deals ``first_key .. first_key +
    nkeys - 1`` (common random numbers: every job sees the same deals), accumulated as in
    :func:`search_rollouts` (``values[option, k]`` for re-deal k). Sequential halving's rounds.
    Returns -1 on an engine error."""
    np_ = S0[H_NP]
    for k in range(first_key, first_key + nkeys):
        key = keyed_u64(search_seed, me, RNG_SEARCH, k + 2)
        for t in range(jobs.shape[0]):
            j = jobs[t]
            tree_enter(I, j)
            w = search_rollout(S0, V, S, W, I, F, me, hidden_own, tape, ntape, options[j], key,
                               vp, turns, outcome, dummy_seeds, dummy_reason, dummy_stats)
            if w < 0.0:
                return -1
            v = rollout_value(vp, me, np_, w, weight, scale, scratch)
            tree_backup(I, F, v)
            if k < values.shape[1]:
                values[j, k] = v
            sums[j] += v
            visits[j] += 1
            wins[j] += w
            margins[j] += scratch[0]
    return 0


@njit(cache=True, _nrt=False)
def bot_answer(V, I, F, p, kind, source, subject, arg, options):
    """What seat ``p``'s bot in this environment answers to a decision with ``options``, asked
    in the view state ``V`` (a copy: the bot's reasoning may not change the game)."""
    o = I[I_O_OPT]
    n = options.shape[0]
    for i in range(n):
        I[o + i] = options[i]
    outside = I[I_OUTSIDE]
    I[I_OUTSIDE] = outside & ~(I64(1) << p)
    a = decide(V, I, F, p, kind, source, subject, arg, I64(n))
    I[I_OUTSIDE] = outside
    return a
